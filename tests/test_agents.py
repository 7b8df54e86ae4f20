"""Agents (legatus.core.agents, legatus.core.mcts, Hispania's heuristic): legal, seeded, and
usable on any seat."""

from __future__ import annotations

import random

import pytest

import legatus
from legatus.core.agents import HORIZON, RandomAgent, agent_names, make_agent, own_searches, search_setting
from legatus.core.errors import NoDecisionError
from legatus.core.ismcts import EXPLORATION, ISMCTSAgent
from legatus.core.mcts import MCTSAgent
from legatus.core.session import sample_outcome


def play(game: legatus.Game, specs: dict[int, str], seed: int, max_steps: int = 100_000) -> legatus.State:
    """A game where each seat is played by its agent (checked legal at every step)."""
    rng = random.Random(seed)
    agents = {seat: make_agent(game, spec, seed + seat) for seat, spec in specs.items()}
    state = game.new_initial_state()
    steps = 0
    while not state.is_terminal() and steps < max_steps:
        if state.is_chance_node():
            action = sample_outcome(state, rng)
        else:
            action = agents[state.current_player()].choose(state)
            assert action in state.legal_actions()
        state.apply_action(action)
        steps += 1
    return state


@pytest.mark.parametrize("spec", ["random", "heuristic"])
@pytest.mark.parametrize("options", [
    {}, {"variants": ["hispano", "terror", "proconsvl", "legio-hispana", "imperivm", "ingenivm", "pirates"],
         "traitors": True, "players": 2}, {"scenario": "river-of-oblivion", "variants": ["hispano"]},
])
def test_agents_choose_only_legal_actions(spec, options):
    game = legatus.load("hispania", **options)
    for seed in range(6):
        state = play(game, {seat: spec for seat in range(game.num_players())}, seed)
        assert state.is_terminal()


def test_same_seed_same_game():
    game = legatus.load("hispania", level="7-5-4-5-1")
    first = play(game, {0: "heuristic"}, 3)
    again = play(game, {0: "heuristic"}, 3)
    assert first.history() == again.history()
    other = play(game, {0: "random"}, 3)
    assert other.history() != first.history()


def test_mcts_is_legal_seeded_and_handles_chance_and_two_sides():
    game = legatus.load("hispania", variants=["hispano"], level="6-5-4-5-1")
    first = play(game, {0: "mcts:12", 1: "mcts+heuristic:6"}, 1, max_steps=220)
    again = play(game, {0: "mcts:12", 1: "mcts+heuristic:6"}, 1, max_steps=220)
    assert first.history() == again.history()


def test_mcts_reports_its_search():
    game = legatus.load("hispania")
    state = game.new_initial_state()
    rng = random.Random(0)
    while state.is_chance_node() or state.phase != 3:  # to the first Roman phase
        state.apply_action(sample_outcome(state, rng) if state.is_chance_node() else state.legal_actions()[0])
    agent = make_agent(game, "mcts+heuristic:30", seed=2)
    assert isinstance(agent, MCTSAgent) and agent.width == 4
    ranked = agent.analyse(state)
    assert sum(r.visits for r in ranked) == 30 and len(ranked) <= 4
    assert ranked[0].action in state.legal_actions()
    assert all(-1.0 <= r.mean[0] <= 1.0 for r in ranked)
    agent.choose(state)
    assert "win chance" in agent.reason


def test_mcts_with_a_time_budget():
    game = legatus.load("hispania")
    agent = make_agent(game, "mcts:0.05s", seed=1)
    assert isinstance(agent, MCTSAgent) and agent.seconds == 0.05 and agent.simulations is None


def test_heuristic_explains_its_moves():
    game = legatus.load("hispania")
    agent = make_agent(game, "heuristic", seed=1)
    state = game.new_initial_state()
    rng = random.Random(1)
    reasons = set()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_outcome(state, rng))
        else:
            state.apply_action(agent.choose(state))
            reasons.add(agent.reason.split(":")[0].split(" ")[0])
    assert {"siege", "to"} <= reasons or {"attack", "to"} <= reasons


def test_heuristic_ranks_every_legal_action():
    game = legatus.load("hispania")
    state = play(game, {0: "heuristic"}, 5, max_steps=40)
    agent = make_agent(game, "heuristic", seed=1)
    if state.current_player() >= 0:
        assert sorted(agent.rank(state)) == sorted(state.legal_actions())


@pytest.mark.parametrize("spec, words", [
    ("chess", "unknown agent 'chess'"), ("mcts:0", "budget"), ("mcts:abc", "budget"), ("random:5", "unknown agent"),
    ("mcts:infs", "budget"), ("mcts:nans", "budget"),  # issue 9, point 3: a budget is a finite number
])
def test_bad_agent_specs(spec, words):
    with pytest.raises(legatus.OptionError, match=words):
        make_agent(legatus.load("hispania"), spec)


def test_random_agent_is_generic():
    game = legatus.load("hispania")
    assert isinstance(make_agent(game, "random", 1), RandomAgent)


def test_a_search_named_without_a_budget_takes_the_games_default():
    hispania, viae = legatus.load("hispania"), legatus.load("viae")
    assert make_agent(hispania, "mcts").simulations == type(hispania).SEARCH_BUDGET == 200
    assert make_agent(viae, "ismcts+heuristic").simulations == type(viae).SEARCH_BUDGET
    assert make_agent(viae, "ismcts+heuristic:7").simulations == 7


def test_a_search_setting_is_the_searchs_else_the_evaluators_else_the_default():
    class Valuer:
        reason = ""
        horizon = 6
        exploration = 0.2

        def choose(self, state):
            return state.legal_actions()[0]

        def evaluate(self, state):
            return [0.0] * state.game.num_players()

    class Plain(Valuer):
        horizon = None
        exploration = None

    assert search_setting(Valuer(), "horizon", 3, HORIZON) == 3
    assert search_setting(Valuer(), "horizon", None, HORIZON) == 6
    assert search_setting(Plain(), "horizon", None, HORIZON) == HORIZON
    game = legatus.load("hispania")
    assert MCTSAgent(game, rollout=Valuer()).max_rollout_steps == 6
    assert MCTSAgent(game, rollout=Plain(), horizon=9).max_rollout_steps == 9
    assert MCTSAgent(game, rollout=RandomAgent(game)).max_rollout_steps == 100_000  # no value: to the end
    viae = legatus.load("viae", players=2)
    assert ISMCTSAgent(viae, rollout=Valuer()).exploration == 0.2
    assert ISMCTSAgent(viae, rollout=Plain()).exploration == EXPLORATION
    assert ISMCTSAgent(viae, rollout=Valuer(), exploration=1.0).exploration == 1.0


def _at_chance_and_at_the_end(name: str) -> tuple[legatus.State, legatus.State]:
    game = legatus.load(name)
    rng, agent = random.Random(1), RandomAgent(game, 1)
    state = game.new_initial_state()
    chance = None
    while not state.is_terminal():
        if state.is_chance_node():
            chance = chance or state.clone()
            state.apply_action(sample_outcome(state, rng))
        else:
            state.apply_action(agent.choose(state))
    assert chance is not None
    return chance, state


@pytest.mark.parametrize("name", ["hispania", "viae", "hannibal"])
def test_no_agent_chooses_the_dice_or_after_the_end(name):
    """An agent asked to choose at a chance node (the dice, a shuffle) or in a finished game says
    why it cannot, instead of picking an outcome or failing on an empty list."""
    chance, end = _at_chance_and_at_the_end(name)
    game = chance.game
    specs = [*agent_names(game), *(f"{search}:4" for search in own_searches(game))]
    for spec in specs:
        agent = make_agent(game, spec, seed=1)
        for state, words in ((chance, "chance moves next"), (end, "finished game")):
            with pytest.raises(NoDecisionError, match=words):
                agent.choose(state.clone())
            for method in ("rank", "analyse"):
                if hasattr(agent, method):
                    with pytest.raises(NoDecisionError, match=words):
                        getattr(agent, method)(state.clone())
