"""The page's static files (issue 34, point 6): each game's drawing module has its styles beside
it, loaded the same way for every game (common.js's loadGameModule), none in the shared style.css."""

from __future__ import annotations

import re
from pathlib import Path

STATIC = Path(__file__).parents[2] / "legatus" / "web" / "static"
MODULES = sorted((STATIC / "games").glob("*.js"))


def test_each_games_drawing_module_has_its_stylesheet_beside_it_and_loads_none_itself() -> None:
    assert MODULES
    for module in MODULES:
        assert module.with_suffix(".css").is_file(), f"{module.name} has no {module.stem}.css beside it"
        assert "rel: \"stylesheet\"" not in module.read_text(), f"{module.name} loads a stylesheet: common.js does"
    assert "games/${game}.css" in (STATIC / "common.js").read_text()


def test_the_shared_stylesheet_styles_no_games_board() -> None:
    shared = (STATIC / "style.css").read_text()
    for css in (STATIC / "games").glob("*.css"):
        prefixes = set(re.findall(r"^\.([a-z]+)-", css.read_text(), re.MULTILINE))
        own = [p for p in prefixes if re.search(rf"\.{p}-", shared)]
        assert not own, f"style.css styles {css.stem}'s classes {own}: they belong in games/{css.name}"
