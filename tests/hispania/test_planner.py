"""Hispania's planner (legatus/games/hispania/planner.py): the core's MCTS set up for the game,
named by a spec with or without a budget, legal and deterministic for a seed."""

from __future__ import annotations

import random

import pytest

import legatus
from legatus.core.agents import make_agent
from legatus.core.session import sample_outcome
from legatus.games.hispania import planner
from legatus.games.hispania.planner import PlannerAgent

from .helpers import agent_game


def test_planner_is_legal_and_the_same_for_a_seed():
    first = agent_game("planner:6", 3, max_steps=80)
    assert first == agent_game("planner:6", 3, max_steps=80)
    assert any(a.startswith(("besiege", "attack", "garrison", "move")) for a in first)  # it got to play Rome


def test_planner_spec_with_and_without_a_budget():
    game = legatus.load("hispania")
    agent = make_agent(game, "planner", seed=1)
    assert isinstance(agent, PlannerAgent)
    assert agent.simulations == planner.SIMULATIONS and agent.seconds is None
    assert agent.max_rollout_steps == planner.HORIZON and agent.width == 4
    counted = make_agent(game, "planner:40", seed=1)
    assert isinstance(counted, PlannerAgent) and counted.simulations == 40
    timed = make_agent(game, "planner:0.05s", seed=1, max_seconds=0.02)
    assert isinstance(timed, PlannerAgent) and timed.seconds == 0.05 and timed.simulations is None
    assert timed.max_seconds == 0.02  # a server's bound holds for the game's own search too


def test_planner_within_a_time_budget_still_chooses_a_legal_action():
    game = legatus.load("hispania", level="easiest")
    state = game.new_initial_state()
    rng = random.Random(0)
    while state.is_chance_node() or state.phase_name() != "Roman phase":
        state.apply_action(sample_outcome(state, rng) if state.is_chance_node() else state.legal_actions()[0])
    agent = make_agent(game, "planner:0.01s", seed=2)
    assert agent.choose(state) in state.legal_actions()
    assert isinstance(agent, PlannerAgent) and agent.last_simulations >= 1
    assert "win chance" in agent.reason


@pytest.mark.parametrize("spec, words", [
    ("mcts+planner", "'planner' searches and cannot play a search's rollouts"),
    ("planner+heuristic", "unknown agent"), ("planner:0", "budget"), ("heuristic:5", "unknown agent"),
])
def test_planner_bad_specs(spec, words):
    with pytest.raises(legatus.OptionError, match=words):
        make_agent(legatus.load("hispania"), spec)
