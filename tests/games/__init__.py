"""Small games made for the tests: they exercise the core without Hispania.

``blind`` (Blind Hand) has every kind of secret; the tests register it themselves
(``register_test_games``), so ``legatus games`` never lists it.
"""

from __future__ import annotations

from legatus.core.registry import register

TEST_GAMES = {"blind": "tests.games.blind:BlindGame"}
ENVIRONMENT = ",".join(f"{name}={target}" for name, target in TEST_GAMES.items())
"""``LEGATUS_GAMES`` for a subprocess that needs the test games (with the repository on PYTHONPATH)."""


def register_test_games() -> None:
    for name, target in TEST_GAMES.items():
        register(name, target)
