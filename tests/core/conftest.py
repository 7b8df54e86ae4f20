from collections.abc import Iterator

import pytest

from tests.games import registered


@pytest.fixture(scope="package", autouse=True)
def test_games() -> Iterator[None]:
    with registered():
        yield
