"""The position as text (legatus/games/hispania/text.py)."""

from __future__ import annotations

import random

import legatus
from legatus.core.session import sample_outcome
from legatus.games.hispania.state import HispaniaState
from legatus.games.hispania.text import count

from .helpers import position


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


def test_the_capitals_line_of_the_status_fits_80_columns_with_every_garrison_shown():
    # A garrison is drawn as two columns (■ and its colour's letter): counted as one, a capitals
    # line with many garrisons passed 80 columns (R11: up to 3 discs a city).
    colours = ["red", "yellow", "blue"]
    capitals = ("Osca", "Numantia", "Toletum", "Olisipo", "Lucus", "Flaviobriga")
    st = position(garrisons={c: colours for c in capitals})
    lines = st.status_text().splitlines()
    capitals_lines = lines[next(i for i, line in enumerate(lines) if line.startswith("Capitals")):]
    assert all(len(line) <= 80 for line in capitals_lines), capitals_lines
    assert sum(line.count("■") for line in capitals_lines) == 18  # none left out
