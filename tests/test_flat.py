"""The flat search (legatus.core.flat): the favourites on as many futures each, the k-th future
of every one on the same dice, the best mean chosen (issue 16)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import legatus
from legatus.core.agents import agent_names, make_agent
from legatus.core.flat import FlatAgent
from legatus.core.session import sample_outcome


def roman_decision(game: legatus.Game) -> legatus.State:
    """The first Roman decision with more than four legal actions."""
    state = game.new_initial_state()
    rng = random.Random(0)
    while state.is_chance_node() or state.current_player() != 0 or len(state.legal_actions()) <= 4:
        state.apply_action(sample_outcome(state, rng) if state.is_chance_node() else state.legal_actions()[0])
    return state


class Judge:
    """A rollout agent that ranks the legal actions in their order and values a position at once
    (horizon 0): ``worth`` says what an action just played is worth; every value also carries a
    draw of the rollout's own generator, which the search reseeds for each future."""

    reason = ""
    horizon = 0

    def __init__(self, worth: dict[int, float]) -> None:
        self.worth = worth
        self.rng = random.Random(0)

    def choose(self, state):
        return state.legal_actions()[0]

    def rank(self, state):
        return state.legal_actions()

    def evaluate(self, state):
        value = self.worth.get(state.history()[-1], 0.0) + self.rng.uniform(-0.5, 0.5)
        return [value] * state.game.num_players()


def test_flat_is_named_for_a_game_without_secrets():
    game = legatus.load("hispania")
    assert "flat" in agent_names(game)
    agent = make_agent(game, "flat+heuristic:40", seed=1)
    assert isinstance(agent, FlatAgent) and agent.width == 4 and agent.simulations == 40


def test_flat_tries_each_favourite_on_as_many_futures():
    game = legatus.load("hispania")
    state = roman_decision(game)
    agent = make_agent(game, "flat+heuristic:40", seed=1)
    assert isinstance(agent, FlatAgent)
    ranked = agent.analyse(state)
    assert [r.visits for r in ranked] == [10] * 4 and agent.last_simulations == 40
    assert {r.action for r in ranked} == set(make_agent(game, "heuristic").rank(state)[:4])
    action = agent.choose(state)
    assert action in state.legal_actions()
    assert agent.reason.startswith("win chance") and "best of 4 moves each tried on the same 10" in agent.reason


def test_flat_chooses_the_best_mean_not_the_favourite():
    game = legatus.load("hispania")
    state = roman_decision(game)
    third = state.legal_actions()[2]
    agent = FlatAgent(game, simulations=8, rollout=Judge({third: 0.3}), seed=1)
    ranked = agent.analyse(state)
    assert ranked[0].action == third and ranked[0].mean[0] > ranked[1].mean[0]
    assert [r.visits for r in ranked] == [2] * 4


def test_flat_draws_the_same_dice_for_every_candidate():
    """Common random numbers: with moves worth the same, every future's draw is the same for all
    four, so the means are equal and the ranking's favourite is kept."""
    game = legatus.load("hispania")
    state = roman_decision(game)
    agent = FlatAgent(game, simulations=20, rollout=Judge({}), seed=4)
    ranked = agent.analyse(state)
    assert len({r.mean for r in ranked}) == 1 and ranked[0].mean[0] != 0.0
    assert [r.action for r in ranked] == state.legal_actions()[:4]


def test_flat_on_own_dice_gives_each_candidate_other_futures():
    """The ablation of the common dice (benchmarks/hispania_choices.py --own-dice): the same
    moves worth the same now differ by their futures' luck alone."""
    game = legatus.load("hispania")
    state = roman_decision(game)
    agent = FlatAgent(game, simulations=20, rollout=Judge({}), seed=4)
    agent.common_dice = False
    assert len({r.mean for r in agent.analyse(state)}) == 4


def test_flat_is_seeded_and_plays_whole_rounds_in_a_time_budget():
    game = legatus.load("hispania")
    state = roman_decision(game)
    first = make_agent(game, "flat+heuristic:12", seed=3).analyse(state)
    again = make_agent(game, "flat+heuristic:12", seed=3).analyse(state)
    assert first == again
    timed = make_agent(game, "flat+heuristic:0.05s", seed=3)
    ranked = timed.analyse(state)
    assert len({r.visits for r in ranked}) == 1 and ranked[0].visits >= 1


def test_hispania_hints_with_the_flat_search_measured_stronger():
    """Issue 16: ``flat+heuristic:400`` won significantly more paired games than
    ``mcts+heuristic:48`` at the easiest and default levels (docs/agents.md), so the hint, the
    web form's strongest agent and ``--seats rome=flat+heuristic:400`` name it."""
    game = legatus.load("hispania")
    assert type(game).HINT_AGENT == "flat+heuristic:400"
    agent = make_agent(game, type(game).HINT_AGENT, seed=1)
    assert isinstance(agent, FlatAgent) and agent.width == 4 and agent.simulations == 400


def test_flat_settles_near_ties_by_the_ranking_where_asked_and_keeps_a_clear_best():
    """Issue 36's measured option ``tie``: candidates within ``tie`` standard errors of the paired
    difference from the best go in the ranking's order; a difference far beyond the noise stands."""
    game = legatus.load("hispania")
    state = roman_decision(game)
    favourites = state.legal_actions()[:4]
    third = favourites[2]
    plain = FlatAgent(game, simulations=40, rollout=Judge({third: 0.05}), seed=4)
    plain.common_dice = False  # each candidate its own noise: the paired differences vary
    assert plain.analyse(state)[0].action != favourites[0]
    tied = FlatAgent(game, simulations=40, rollout=Judge({third: 0.05}), seed=4)
    tied.common_dice, tied.tie = False, 100.0
    assert [r.action for r in tied.analyse(state)] == favourites
    clear = FlatAgent(game, simulations=40, rollout=Judge({third: 3.0}), seed=4)
    clear.common_dice, clear.tie = False, 1.0
    assert clear.analyse(state)[0].action == third


def test_flat_takes_the_evaluator_s_tie_where_it_sets_none():
    """Hannibal's heuristic carries its ``tie`` (issue 36, fifth round): a flat search over it
    settles near ties so unless the agent says otherwise (0: none)."""
    game = legatus.load("hispania")
    state = roman_decision(game)
    favourites = state.legal_actions()[:4]
    judge = Judge({favourites[2]: 3.0})  # far ahead of the noise (0.5 at most)
    judge.tie = 1000.0  # yet within the evaluator's margin
    tied = FlatAgent(game, simulations=40, rollout=judge, seed=4)
    tied.common_dice = False
    assert [r.action for r in tied.analyse(state)] == favourites
    plain = FlatAgent(game, simulations=40, rollout=judge, seed=4)
    plain.common_dice, plain.tie = False, 0.0
    assert plain.analyse(state)[0].action == favourites[2]
    hannibal = legatus.load("hannibal")
    assert make_agent(hannibal, "flat+heuristic:8").near_tie == 3.0
    assert make_agent(hannibal, "flat+heuristic:8@2").parallel.tie == 3.0  # the hint on 2 workers too
    assert make_agent(game, "flat+heuristic:8").near_tie is None  # Hispania's heuristic carries none


def test_flat_with_one_candidate_says_so():
    """Hannibal's ranking may leave one move worth a look among several legal (issue 36, fifth round)."""
    state = legatus.replay(json.loads((Path(__file__).parent / "hannibal" / "records" /
                                       "search-may-fight-outside-outnumbered.json").read_text()))
    agent = make_agent(state.game, "flat+heuristic:8", seed=1)
    assert len(state.legal_actions()) == 3 and str(agent.choose(state)) == "garrison 2"
    # a quarter of the budget: a decision of four candidates gives each 2 futures, and one no more
    assert agent.reason.endswith("on 2 simulated futures, the one move worth trying here"), agent.reason
