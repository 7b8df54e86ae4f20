"""Random games over 2–5 players and the options: invariants after every action, every record
replays exactly (legatus.core.fuzz)."""

from __future__ import annotations

import pytest

from legatus.core.fuzz import fuzz_game


@pytest.mark.parametrize("batch", range(4))
def test_fuzzed_games_keep_the_invariants_and_replay(batch: int) -> None:
    for seed in range(batch * 30, batch * 30 + 30):
        result = fuzz_game("viae", seed)
        assert result["failure"] is None, result["failure"]
