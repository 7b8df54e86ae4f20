"""The test games (tests/games) registered for the adapters' tests and unregistered after, so
that no other test finds them in ``legatus games``."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from legatus.core import registry

TEST_GAMES = {"blind": "tests.games.blind:BlindGame", "kuhn": "tests.games.kuhn:KuhnGame",
              "leduc": "tests.games.leduc:LeducGame"}


@pytest.fixture(scope="module")
def test_games() -> Iterator[None]:
    with pytest.MonkeyPatch.context() as patch:
        for name, target in TEST_GAMES.items():
            patch.setitem(registry._GAMES, name, target)
        yield
