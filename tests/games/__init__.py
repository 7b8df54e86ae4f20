"""Small games made for the tests: they exercise the core without Hispania.

``blind`` (Blind Hand) has every kind of secret; ``kuhn`` and ``leduc`` are OpenSpiel's poker
games, to check legatus against OpenSpiel. Tests register them for as long as they need them
(``registered()``), so ``legatus games`` never lists them. ``tally`` (a package) is laid out as
docs/api.md, "How to add a game", says; tests/test_add_a_game.py registers it itself.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from legatus.core.registry import game_names, register, unregister

TEST_GAMES = {"blind": "tests.games.blind:BlindGame", "kuhn": "tests.games.kuhn:KuhnGame",
              "leduc": "tests.games.leduc:LeducGame"}
ENVIRONMENT = ",".join(f"{name}={target}" for name, target in TEST_GAMES.items())
"""``LEGATUS_GAMES`` for a subprocess that needs the test games (with the repository on PYTHONPATH)."""


@contextmanager
def registered() -> Iterator[None]:
    """The test games registered, then forgotten (those registered before stay)."""
    added = [name for name in TEST_GAMES if name not in game_names()]
    for name in added:
        register(name, TEST_GAMES[name])
    try:
        yield
    finally:
        for name in added:
            unregister(name)
