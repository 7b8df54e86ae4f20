"""VIAE's value for a search (bots.win_chances, HeuristicAgent.evaluate; issue 11) and the default
IS-MCTS budget: chances on the utility scale that add up as the returns do (V42: the winners
share), the returns themselves at the end, read only from what every seat sees (V43)."""

from __future__ import annotations

import random

import pytest

import legatus
from legatus.core.agents import Evaluator, decide, make_agent
from legatus.core.ismcts import ISMCTSAgent
from legatus.games.viae.bots import HeuristicAgent, win_chances
from legatus.games.viae.game import ViaeGame
from legatus.games.viae.state import ViaeState
from tests.viae.helpers import first_turn, play_until
from tests.viae.test_secrecy import positions


def evaluator(game: legatus.Game) -> HeuristicAgent:
    agent = make_agent(game, "heuristic", seed=0)
    assert isinstance(agent, HeuristicAgent) and isinstance(agent, Evaluator)
    return agent


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_chances_lie_in_the_utility_range_and_add_up_to_one(players: int) -> None:  # V42
    states = positions(players, players, limit=600)[::40]
    agent = evaluator(states[0].game)
    game = states[0].game
    for state in states:
        chances = agent.evaluate(state)
        assert len(chances) == players
        assert all(game.min_utility <= c <= game.max_utility for c in chances)
        assert sum(chances) == pytest.approx(game.utility_sum)


@pytest.mark.parametrize("players", [2, 4])
def test_a_finished_game_is_valued_at_its_returns(players: int) -> None:  # C50, V42
    final = positions(10 + players, players, limit=100_000)[-1]
    assert final.is_terminal()
    assert evaluator(final.game).evaluate(final) == final.returns()


def test_the_seat_ahead_on_the_board_is_the_favourite() -> None:
    state = first_turn(3)
    even = win_chances(state)
    state.influence[1] += 6  # C50: influence counts towards the score
    ahead = win_chances(state)
    assert ahead[1] > even[1]
    assert ahead[0] < even[0] and ahead[2] < even[2]


def test_a_lead_counts_for_more_late_in_the_game() -> None:
    state = first_turn(2)
    state.influence[0] += 4
    early = win_chances(state)[0]
    state.round = state.game.tracks.rounds
    assert win_chances(state)[0] > early > 0.5


@pytest.mark.parametrize(("seed", "players"), [(21, 2), (22, 3), (23, 4)])
def test_the_value_reads_only_what_every_seat_sees(seed: int, players: int) -> None:  # V43
    # A state drawn for one seat holds other hands and personal Mandatum than the true one: the
    # value must not change, so a search from a drawn state backs up what the true one would.
    rng = random.Random(seed)
    agent = evaluator(legatus.load("viae", players=players))
    for state in positions(seed, players, limit=500)[50::90]:
        for seat in range(players):
            drawn = state.resample(seat, rng)
            assert isinstance(drawn, ViaeState)
            others = [s for s in range(players) if s != seat]
            if all(drawn.hand_of(s) == state.hand_of(s) for s in others) and drawn.personal == state.personal:
                continue
            assert agent.evaluate(drawn) == agent.evaluate(state)


def test_the_default_search_spends_its_budget_and_stops_rollouts_at_the_horizon() -> None:
    game = legatus.load("viae", players=3)
    agent = make_agent(game, "ismcts+heuristic", seed=1)
    assert isinstance(agent, ISMCTSAgent)
    assert agent.simulations == ViaeGame.SEARCH_BUDGET
    assert agent.max_rollout_steps == HeuristicAgent.horizon  # the evaluator's horizon
    state = first_turn(3)
    assert len(state.legal_actions()) > 1
    steps: list[int] = []
    rollout = agent._rollout

    def counted(st: legatus.State) -> list[float]:
        before = len(st.history())
        values = rollout(st)
        steps.append(len(st.history()) - before)
        return values

    agent._rollout = counted  # type: ignore[method-assign]
    assert decide(agent, state, random.Random(2)) in state.legal_actions()
    assert agent.last_simulations == len(steps) == ViaeGame.SEARCH_BUDGET
    assert max(steps) <= HeuristicAgent.horizon


def test_a_forced_move_is_played_without_a_search() -> None:
    state = play_until(first_turn(2), lambda st: not st.is_chance_node() and len(st.legal_actions()) == 1)
    assert not state.is_terminal()
    agent = make_agent(state.game, "ismcts+heuristic:50", seed=1)
    assert isinstance(agent, ISMCTSAgent)
    assert decide(agent, state, random.Random(0)) == state.legal_actions()[0]
    assert agent.last_simulations == 0 and agent.reason == "the only legal action"
