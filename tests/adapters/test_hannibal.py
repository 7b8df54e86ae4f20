"""Hannibal through the adapters (issue 13, "Research"): OpenSpiel as a game of imperfect
information passes ``random_sim_test`` (one whole random game, about 750 actions: the test
cannot be bounded, and one game takes some seconds), PettingZoo's AEC ``api_test`` and
``seed_test`` over a bounded number of cycles (their own ``num_cycles``: 300 of a game's ~550
decisions), Gymnasium's ``check_env``; each seat observes only what it may see."""

from __future__ import annotations

import numpy as np
import pyspiel
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

import legatus.adapters.openspiel  # noqa: F401  (registers the games)
from legatus.adapters.gymnasium import SeatEnv
from legatus.adapters.pettingzoo import env


def test_openspiel_sees_a_two_seat_zero_sum_game_of_imperfect_information() -> None:
    game = pyspiel.load_game("legatus_hannibal")
    kind = game.get_type()
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert (game.num_players(), game.min_utility(), game.max_utility()) == (2, -1.0, 1.0)
    assert game.get_parameters() == {"flaminius_cancels": True, "carthage_subjugation_penalty": False}
    assert game.observation_tensor_size() == game.legatus.observation_size()


def test_openspiel_random_sim_test() -> None:
    game = pyspiel.load_game("legatus_hannibal(carthage_subjugation_penalty=true)")
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_openspiel_observes_each_seat_as_it_sees_the_game() -> None:
    game = pyspiel.load_game("legatus_hannibal")
    state = game.new_initial_state()
    while state.is_chance_node():  # the deals of turn 1
        state.apply_action(state.chance_outcomes()[0][0])
    inner = state.inner
    for seat in range(2):
        expected = np.asarray(game.legatus.observation_tensor(inner, seat), np.float32)
        assert np.array_equal(np.asarray(state.observation_tensor(seat), np.float32), expected)
        assert state.information_state_string(seat) == inner.information_state_string(seat)
    rome_cards = [f"#{c} " for c in inner.hands[0]]
    assert all(c in state.observation_string(0) for c in rome_cards)
    assert not any(c in state.observation_string(1) for c in rome_cards)


def test_pettingzoo_api_and_seed_tests() -> None:
    api_test(env("hannibal"), num_cycles=300)
    seed_test(lambda: env("hannibal"), num_cycles=100)


def test_pettingzoo_action_masks_are_the_legal_actions_of_the_agent_to_move() -> None:
    e = env("hannibal")
    e.reset(seed=3)
    for _ in range(40):
        agent = e.agent_selection
        seat = e.possible_agents.index(agent)
        mask = e.observe(agent)["action_mask"]
        assert sorted(np.flatnonzero(mask)) == sorted(int(a) for a in e.state.legal_actions())
        other = e.possible_agents[1 - seat]
        assert not e.observe(other)["action_mask"].any()
        e.step(int(np.flatnonzero(mask)[0]))


def test_gymnasium_check_env_for_either_side() -> None:
    for seat in ("rome", "carthage"):
        check_env(SeatEnv("hannibal", seat))
