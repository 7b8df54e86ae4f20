"""Fixtures shared by the tests of every folder."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from legatus.core.agents import close


@pytest.fixture
def agents() -> Iterator[list[object]]:
    """The agents a test makes, their worker processes ended after it."""
    made: list[object] = []
    yield made
    for agent in made:
        close(agent)
