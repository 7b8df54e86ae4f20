"""The position as text (legatus/games/hispania/text.py)."""

from __future__ import annotations

import random

import legatus
from legatus.core.session import sample_outcome
from legatus.games.hispania.state import HispaniaState
from legatus.games.hispania.text import count


def test_count_says_one_in_the_singular() -> None:
    assert count(1, "army", "armies") == "1 army"
    assert count(0, "army", "armies") == "0 armies"
    assert count(2, "denarius", "denarii") == "2 denarii"


def test_a_reserve_of_one_army_reads_in_the_singular() -> None:
    """Issue 15, point 6: "1 armies"."""
    rng = random.Random(3)
    for _ in range(20):
        state = legatus.load("hispania", level="7-5-4-5-3").new_initial_state()
        assert isinstance(state, HispaniaState)
        while not state.is_terminal() and state.armies_in_reserve() != 1:
            state.apply_action(sample_outcome(state, rng) if state.is_chance_node()
                               else rng.choice(state.legal_actions()))
        if state.armies_in_reserve() == 1:
            assert "revolt, 1 army;" in state.to_text() or "revolts, 1 army;" in state.to_text()
            assert "1 armies" not in state.to_text()
            return
    raise AssertionError("no random game had one army in reserve")
