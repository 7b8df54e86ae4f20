"""The test games (tests/games) registered for the adapters' tests and forgotten after, so
that no other test finds them in ``legatus games``."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.games import registered


@pytest.fixture(scope="module")
def test_games() -> Iterator[None]:
    with registered():
        yield
