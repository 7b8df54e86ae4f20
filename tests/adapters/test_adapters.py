"""The adapters pass their libraries' own checks, and the examples of docs/adapters.md run."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pyspiel
import pytest
from gymnasium.utils.env_checker import check_env
from open_spiel.python.algorithms import mcts
from pettingzoo.test import api_test, seed_test

import legatus.adapters.openspiel  # noqa: F401  (registers the games)
from legatus.adapters.gymnasium import RomanEnv
from legatus.adapters.pettingzoo import env

DOCS = Path(__file__).resolve().parents[2] / "docs" / "adapters.md"
OPEN_SPIEL_GAMES = [
    "legatus_hispania",
    "legatus_hispania(denarii=6,garrisons=3,fleets=2,roads=3,armies=3,variants=terror+hispano+pirates,players=2)",
    "legatus_hispania(scenario=numantia,variants=proconsvl+legio-hispana)",
]


VIAE_GAMES = [f"legatus_viae(players={n})" for n in (2, 3, 4, 5)]


@pytest.mark.parametrize("name", OPEN_SPIEL_GAMES)
def test_openspiel_random_sim_test(name):
    game = pyspiel.load_game(name)
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


@pytest.mark.parametrize("name", VIAE_GAMES)
def test_openspiel_random_sim_test_viae(name):  # imperfect information, 2 to 5 players (C1)
    game = pyspiel.load_game(name)
    assert game.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert game.observation_tensor_size() == 2001  # the same for every player count (docs/viae/observation.md)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_openspiel_viae_information_states_are_the_cores():
    """The adapter keeps each seat's history as actions are applied (no replay a call): the
    strings stay the core's, through clones and a serialization."""
    game = pyspiel.load_game("legatus_viae(players=3)")
    state = game.new_initial_state()
    rng = np.random.RandomState(3)
    for step in range(400):
        if step % 50 == 0:
            copies = [state, state.clone(), game.deserialize_state(state.serialize())]
            for seat in range(3):
                expected = state.inner.information_state_string(seat)
                assert [c.information_state_string(seat) for c in copies] == [expected] * 3
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probabilities)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    assert "seat2 draws a Deceptio card" in state.information_state_string(0)  # another's draw, redacted (V43)


def test_openspiel_choice_with_commas_is_a_parameter():
    """A game string cannot hold a comma: VIAE's die faces (V22) are written with "_"."""
    default = pyspiel.load_game("legatus_viae")
    assert default.get_parameters()["conquest_die"] == "1_1_1_2_2_3"
    game = pyspiel.load_game("legatus_viae(players=2,conquest_die=1_1_2_2_3_3)")
    assert game.legatus.options["conquest_die"] == "1,1,2,2,3,3" and game.legatus.die == (1, 1, 2, 2, 3, 3)


def test_openspiel_game_info_and_observations():
    game = pyspiel.load_game("legatus_hispania(denarii=6,variants=hispano)")
    assert game.num_players() == 2 and game.max_chance_outcomes() == 48
    state = game.new_initial_state()
    assert state.is_chance_node() and sum(p for _, p in state.chance_outcomes()) == pytest.approx(1)
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 3) == "roll 4"
    assert len(state.observation_tensor(0)) == game.observation_tensor_size()
    assert "Hispania" in state.observation_string(1)


def test_openspiel_mcts_bot_plays_a_game():
    game = pyspiel.load_game("legatus_hispania(denarii=5,garrisons=3,fleets=2,roads=3,armies=3)")
    rng = np.random.RandomState(0)
    bot = mcts.MCTSBot(game, 1.4, 10, mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probabilities)))
        else:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
    assert state.returns()[0] in (-1.0, 1.0)


@pytest.mark.parametrize("options", [{"level": "6-4-3-4-2"}, {"level": "6-4-3-4-2", "variants": ["hispano"],
                                                              "players": 3}])
def test_pettingzoo_api_and_seed_tests(options):
    api_test(env("hispania", **options), num_cycles=500)
    seed_test(lambda: env("hispania", **options), num_cycles=300)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_pettingzoo_api_and_seed_tests_viae(players):  # hidden hands: each agent observes its own seat
    api_test(env("viae", players=players), num_cycles=300)
    seed_test(lambda: env("viae", players=players), num_cycles=100)


def test_pettingzoo_viae_observations_are_the_seats_own():
    e = env("viae", players=3)
    e.reset(seed=5)
    for _ in range(60):
        agent = e.agent_selection
        mask = e.observe(agent)["action_mask"]
        e.step(int(np.flatnonzero(mask)[0]))
    seat = e.possible_agents.index(e.agent_selection)
    for other in range(3):
        observed = e.observe(e.possible_agents[other])
        assert observed["observation"].tolist() == pytest.approx(e.game.observation_tensor(e.state, other))
        assert observed["action_mask"].any() == (other == seat)  # only the seat to move has actions


def test_pettingzoo_refuses_an_illegal_action_clearly():
    e = env("hispania")
    e.reset(seed=1)
    with pytest.raises(ValueError, match="not legal for rome"):
        e.step(len(e.game.actions) - 1)


@pytest.mark.parametrize("options", [{"level": "6-4-3-4-2"}, {"level": "6-4-3-4-2", "variants": ["hispano", "terror"]}])
def test_gymnasium_check_env(options):
    check_env(RomanEnv(**options))


def test_gymnasium_illegal_action_ends_the_episode():
    e = RomanEnv()
    _, info = e.reset(seed=2)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[-1])
    _, reward, done, _, info = e.step(illegal)
    assert (reward, done, info["illegal_action"]) == (-1.0, True, True)


def test_gymnasium_needs_one_roman_seat():
    with pytest.raises(legatus.OptionError, match="players=1"):
        RomanEnv(players=2)


@pytest.mark.parametrize("index", range(3))
def test_docs_examples_run(index):
    blocks = re.findall(r"```python\n(.*?)```", DOCS.read_text(), flags=re.S)
    assert len(blocks) == 3
    exec(compile(blocks[index], f"{DOCS.name} example {index + 1}", "exec"), {})


def test_a_seat_s_render_shows_its_own_screen_never_another_seat_s_hand():
    """Secrecy review: SeatEnv's and PettingZoo's ``render()`` gave the referee's text, the other
    seats' Deceptio hands in it. Each renders a seat's own screen: the Gymnasium env its seat's,
    PettingZoo the agent to move's (a hand is drawn as "D09 Name", the other seats' are not)."""
    from legatus.adapters.gymnasium import SeatEnv

    gym_env = SeatEnv("viae", seat=0, opponent="random", render_mode="ansi", players=2)
    gym_env.reset(seed=3)
    zoo = env("viae", players=2, render_mode="ansi")
    zoo.reset(seed=3)
    for state, seat, text in ((gym_env.state, 0, gym_env.render()), (zoo.state, zoo.state.current_player(),
                                                                       zoo.render())):
        hands = {s: state.view(s)["players"][s]["hand"] for s in range(2)}
        assert hands[1 - seat] and all(card not in text for card in set(hands[1 - seat]) - set(hands[seat]))
        assert all(card in text for card in hands[seat])
