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


def contract(kind: str) -> list[str]:
    """The names common.js's contract says a drawing module exports (``kind``: "exports" or "may export")."""
    text = (STATIC / "common.js").read_text()
    section = text[text.index("// --- A game's drawing module"):text.index("// A module draws only")]
    required, optional = section.split("// and may export:")
    part = required[required.index("It exports:"):] if kind == "exports" else optional
    return re.findall(r"^//   ([A-Za-z]+)\b", part, re.MULTILINE)


def test_the_drawing_contract_is_written_once_in_common_js_and_each_module_keeps_it() -> None:
    assert contract("exports") == ["title", "createBoard", "targets", "renderInfo", "logClass"]
    assert {"renderTray", "label", "groupActions", "ruleLink", "confirm"} <= set(contract("may export"))
    for module in MODULES:
        text = module.read_text()
        assert 'written once, in common.js ("A game\'s drawing module")' in " ".join(
            line.lstrip("/ ") for line in text.splitlines()[:12]), f"{module.name} does not refer to the contract"
        missing = [name for name in contract("exports")
                   if not re.search(rf"^export (const|function|async function) {name}\b", text, re.MULTILINE)]
        assert not missing, f"{module.name} does not export {missing}, which common.js's contract asks for"
    for page in ("play.js", "replay.js"):  # the pages read nothing else of a module
        used = set(re.findall(r"\bmod\.([A-Za-z]+)", (STATIC / page).read_text()))
        assert used <= set(contract("exports")) | set(contract("may export")), f"{page} uses {used}"
