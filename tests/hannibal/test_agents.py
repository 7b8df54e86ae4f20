"""The opponent (issue 13, "An opponent"): IS-MCTS guided by the heuristic plays either side and
gives the hints; the heuristic reads only what its seat may know (benchmarks/hannibal_agents.py
hands it the true state on that ground); its value backs up a search's short rollouts."""

from __future__ import annotations

import random

import legatus
from legatus.core.agents import make_agent
from legatus.core.ismcts import ISMCTSAgent
from legatus.core.session import sample_outcome
from legatus.games.hannibal.bots import HeuristicAgent
from legatus.games.hannibal.game import HannibalGame
from tests.hannibal.helpers import game, random_game, ready


def test_the_heuristic_chooses_the_same_on_the_true_state_and_on_a_state_drawn_from_its_seat_s_information() -> None:
    g = game()
    rng = random.Random(2)
    players = [HeuristicAgent(g, s) for s in (0, 1)]
    state = g.new_initial_state()
    compared = choices = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_outcome(state, rng))
            continue
        seat = state.current_player()
        if len(state.legal_actions()) > 1:
            choices += 1
            if choices % 4 == 0:
                drawn = state.resample(seat, random.Random(choices))
                on_truth, on_drawn = HeuristicAgent(g, choices).choose(state), HeuristicAgent(g, choices).choose(drawn)
                assert on_truth == on_drawn, (state.prompt(), str(on_truth), str(on_drawn))
                compared += 1
        state.apply_action(players[seat].choose(state))
    assert compared > 40


def test_the_value_is_each_seat_s_expected_return() -> None:
    agent = HeuristicAgent(game(), 1)
    state = ready([1, 2, 3, 4, 5, 6, 7], [8, 9, 10, 11, 12, 13, 14])
    rome, carthage = agent.evaluate(state)
    assert -1 < carthage < 0 < rome < 1 and rome == -carthage  # Rome ahead on points
    over = random_game(4)[0]
    assert agent.evaluate(over) == over.returns()


def test_ismcts_guided_by_the_heuristic_plays_either_side() -> None:
    g = game()
    agent = make_agent(g, "ismcts+heuristic:3", seed=1)
    assert isinstance(agent, ISMCTSAgent) and isinstance(agent.rollout, HeuristicAgent)
    assert agent.evaluator is agent.rollout  # rollouts stop after a horizon and back up the value
    rome = ready([33, 1, 2, 3, 4, 5, 6], [8, 9, 10, 11, 12, 13, 14], first="rome")
    carthage = ready([33, 1, 2, 3, 4, 5, 6], [8, 9, 10, 11, 12, 13, 14], first="carthage")
    for state in (rome, carthage):
        action = agent.choose(state)
        assert action in state.legal_actions() and "win chance" in agent.reason


def test_the_hint_agent_is_ismcts_guided_by_the_heuristic() -> None:
    assert HannibalGame.HINT_AGENT.startswith("ismcts+heuristic:")
    assert isinstance(make_agent(legatus.load("hannibal"), HannibalGame.HINT_AGENT), ISMCTSAgent)
