"""The heuristic agent and IS-MCTS with it, through the core (decide: a resampled state)."""

from __future__ import annotations

import random

import legatus
from legatus.core.agents import decide, make_agent
from tests.viae.helpers import first_turn


def test_heuristic_keeps_the_lowest_die_and_picks_legal_actions() -> None:
    st = first_turn(3)
    agent = make_agent(st.game, "heuristic", seed=1)
    for _ in range(30):
        if st.is_terminal():
            break
        if st.is_chance_node():
            st.apply_action(st.chance_outcomes()[0][0])
            continue
        action = decide(agent, st, random.Random(0))
        assert action in st.legal_actions()
        if str(action).startswith("keep"):
            assert action == min(a for a in st.legal_actions() if str(a).startswith("keep"))
        st.apply_action(action)


def test_ismcts_with_the_heuristic_decides_from_the_information_set() -> None:
    st = first_turn(2)
    game = legatus.load("viae", players=2)
    agent = make_agent(game, "ismcts+heuristic:8", seed=3)
    assert decide(agent, st, random.Random(1)) in st.legal_actions()
