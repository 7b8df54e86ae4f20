"""Random legal play (issue 12, "Trust"): invariants after every action, every record replays
exactly, every game ends; kept well under a minute."""

from __future__ import annotations

import pytest

from legatus.core.fuzz import fuzz_game
from legatus.core.record import replay, to_record
from tests.hannibal.helpers import random_game

# every way a game can end (H110-H112); `legatus fuzz hannibal` prints their tally
ENDINGS = ("end of game: Rome has more political points", "end of game: Carthage has as many political points or more",
           "rome sues for peace", "carthage sues for peace", "sudden death: Rome controls Carthage",
           "sudden death: Carthage controls Rome", "sudden death: Carthage holds Italy")


@pytest.mark.parametrize("seed", range(24))
def test_random_games_end_without_failures(seed: int) -> None:
    result = fuzz_game("hannibal", seed)
    assert result["failure"] is None, result["failure"]
    assert result["outcome"] in ENDINGS


def test_a_record_replays_to_the_same_state() -> None:
    (state,) = random_game(3)
    again = replay(to_record(state))
    assert again.view() == state.view() and again.history() == state.history()
    assert state.is_terminal() and state.summary()["winners"]
