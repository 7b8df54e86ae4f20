"""The shells know no single game (DESIGN.md, "Shells know no single game"; issue 34, point 6):
no game's name appears in the command line, the terminal, the web server and its shared static
files, the adapters or the simulator, comments and docstrings included. What a game needs of
them it says through its ``Game`` (options, seats, hooks) or its own files (static/games/<game>.*).

The exceptions are examples a user reads in a module's help, each run as a doctest; they are
listed here, line by line, and kept few."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "legatus"
GAMES = sorted(p.name for p in (PACKAGE / "games").iterdir() if (p / "__init__.py").is_file())
STATIC = PACKAGE / "web" / "static"
SHELLS = [PACKAGE / "cli.py", PACKAGE / "terminal.py", *(PACKAGE / "web").glob("*.py"),
          *(p for p in STATIC.iterdir() if p.is_file()),  # the shared static files; games/ is the games' own
          *(PACKAGE / "adapters").glob("*.py"), *(PACKAGE / "sim").glob("*.py")]
EXAMPLES = {  # (file, the line, stripped): a doctest in the module's help, which the user reads
    ("legatus/adapters/openspiel.py",
     '>>> game = pyspiel.load_game("legatus_hispania(denarii=6,armies=1,variants=hispano)")'),
    ("legatus/adapters/pettingzoo.py", '>>> e = env("hispania", level="6-4-3-4-2", variants=["hispano"])'),
}


def named_games(path: Path) -> list[tuple[str, str]]:
    """Each line of ``path`` that names a game: (its place, the line)."""
    pattern = re.compile("|".join(GAMES), re.IGNORECASE)
    where = path.relative_to(ROOT).as_posix()
    return [(f"{where}:{n}", line.strip()) for n, line in enumerate(path.read_text().splitlines(), start=1)
            if pattern.search(line) and (where, line.strip()) not in EXAMPLES]


def test_no_games_name_appears_in_the_shells_code() -> None:
    assert len(GAMES) >= 3 and len(SHELLS) > 20
    found = [hit for path in SHELLS for hit in named_games(path)]
    assert not found, "the shells name a game (move it into the game, or its data):\n" + "\n".join(
        f"{place}: {line}" for place, line in found)


def test_each_listed_example_is_still_there() -> None:
    """An exception no longer needed is taken off the list, so that the list stays the few there are."""
    for where, line in EXAMPLES:
        assert line in {text.strip() for text in (ROOT / where).read_text().splitlines()}, f"{where}: {line}"
