"""Random legal play (issue 12, "Trust"): invariants after every action, every record replays
exactly, every game ends; kept well under a minute."""

from __future__ import annotations

import pytest

from legatus.core.fuzz import fuzz_game
from legatus.core.record import replay, to_record
from tests.hannibal.helpers import random_game


@pytest.mark.parametrize("seed", range(24))
def test_random_games_end_without_failures(seed: int) -> None:
    result = fuzz_game("hannibal", seed)
    assert result["failure"] is None, result["failure"]


def test_a_record_replays_to_the_same_state() -> None:
    (state,) = random_game(3)
    again = replay(to_record(state))
    assert again.view() == state.view() and again.history() == state.history()
    assert state.is_terminal() and state.summary()["winners"]
