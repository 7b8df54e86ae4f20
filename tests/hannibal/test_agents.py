"""The opponent (issue 13, "An opponent"): IS-MCTS guided by the heuristic plays either side and
gives the hints; the heuristic reads only what its seat may know (benchmarks/hannibal_agents.py
hands it the true state on that ground); its value backs up a search's short rollouts."""

from __future__ import annotations

import random

import legatus
from legatus.core.agents import make_agent
from legatus.core.flat import FlatAgent
from legatus.core.ismcts import ISMCTSAgent
from legatus.core.session import sample_outcome
from legatus.games.hannibal.bots import HeuristicAgent
from legatus.games.hannibal.game import HannibalGame
from legatus.games.hannibal.notation import CARTHAGE, ROME
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


def test_the_hint_agent_is_the_flat_search_over_the_heuristic_s_favourites() -> None:
    """Issue 36: ``flat+heuristic:256`` won 23 of 25 games as Carthage against the heuristic Rome
    at the first look of the fifth round's plan (docs/hannibal/agents.md)."""
    assert HannibalGame.HINT_AGENT == "flat+heuristic:256"
    assert isinstance(make_agent(legatus.load("hannibal"), HannibalGame.HINT_AGENT), FlatAgent)


def test_the_flat_search_plays_its_futures_from_states_drawn_from_the_seat_s_information(monkeypatch) -> None:
    """Issue 36: ``flat+heuristic`` compares Carthage's favourites on futures that start from
    ``state.resample(seat)``, never from the true state: given a true state and another that
    Carthage cannot tell from it (Rome's hand drawn again), the search weighs the same futures."""
    g = game()
    state = g.new_initial_state()
    rng, heuristic, choices = random.Random(3), HeuristicAgent(g), 0
    while True:  # the third Carthaginian choice among three moves or more
        if state.is_chance_node():
            state.apply_action(sample_outcome(state, rng))
            continue
        if state.current_player() == CARTHAGE and len(state.legal_actions()) >= 3:
            choices += 1
            if choices == 3:
                break
        state.apply_action(heuristic.choose(state))
    other = state.resample(CARTHAGE, random.Random(9))
    assert other.view(CARTHAGE) == state.view(CARTHAGE) and other.view(ROME) != state.view(ROME)
    draws: list[int] = []

    def drawn(self: object, seat: int, rng: random.Random) -> object:
        draws.append(seat)
        return other.clone()

    monkeypatch.setattr(type(state), "resample", drawn)
    on_truth = make_agent(g, "flat+heuristic:16", seed=1).analyse(state)
    on_other = make_agent(g, "flat+heuristic:16", seed=1).analyse(other)
    assert on_truth == on_other
    # one draw a round, copied for the four candidates (where Hannibal replays its history to
    # draw, 256 draws took up to 8 CPU s of a decision)
    assert draws == [CARTHAGE] * 8
