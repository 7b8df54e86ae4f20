"""The adapters read information, players, utility, chance and options from the game
(issue 10, point 7), and give each seat only what it may see; checked on the test games and
Hispania."""

from __future__ import annotations

import random

import numpy as np
import pyspiel
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

import legatus
from legatus.adapters import gymnasium, openspiel
from legatus.adapters.gymnasium import GameEnv, SeatEnv
from legatus.adapters.pettingzoo import env
from tests.games import TEST_GAMES
from tests.games.blind import MARKER, BlindGame

GameType = pyspiel.GameType


@pytest.fixture(scope="module", autouse=True)
def registered(test_games: None) -> None:
    for name in TEST_GAMES:
        openspiel.register(name)


@pytest.mark.parametrize(("name", "information", "utility", "players", "num", "chance", "utilities"), [
    ("legatus_blind(players=3)", GameType.Information.IMPERFECT_INFORMATION, GameType.Utility.CONSTANT_SUM,
     (2, 4), 3, 7, (0.0, 1.0, 1.0)),
    ("legatus_leduc", GameType.Information.IMPERFECT_INFORMATION, GameType.Utility.ZERO_SUM,
     (2, 2), 2, 6, (-13.0, 13.0, 0.0)),
    ("legatus_hispania(variants=hispano,denarii=6,players=3)", GameType.Information.PERFECT_INFORMATION,
     GameType.Utility.GENERAL_SUM, (1, 4), 4, 48, (-1.0, 1.0, None)),
])
def test_openspiel_reads_the_game(name, information, utility, players, num, chance, utilities):
    game = pyspiel.load_game(name)
    kind = game.get_type()
    assert (kind.information, kind.utility) == (information, utility)
    assert (kind.min_num_players, kind.max_num_players, game.num_players()) == (*players, num)
    assert game.max_chance_outcomes() == chance
    assert (game.min_utility(), game.max_utility(), game.utility_sum()) == utilities


def test_openspiel_parameters_come_from_the_option_table():
    blind = pyspiel.load_game("legatus_blind")
    assert blind.get_parameters() == {"players": 2, "cards": 6, "turns": 2, "marker": True}
    game = pyspiel.load_game("legatus_blind(players=3,cards=8,turns=1,marker=false)").legatus
    assert {k: game.options[k] for k in ("players", "cards", "turns", "marker")} == \
        {"players": 3, "cards": 8, "turns": 1, "marker": False}
    hispania = pyspiel.load_game("legatus_hispania(fleets=2,variants=terror+hispano,scenario=none)").legatus
    assert (hispania.options["level"], hispania.options["variants"], hispania.options["scenario"]) == \
        ("6-4-2-4-2", ("terror", "hispano"), None)  # the parts not given keep their defaults


def test_openspiel_strings_are_the_seats_own():
    game = pyspiel.load_game("legatus_blind")
    state = game.new_initial_state()
    state.apply_action(game.legatus.cards.index(MARKER))  # seat1 is dealt the marker
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 0) == "deal 1"  # OpenSpiel's: the referee's notation
    inner = state.inner
    for seat in range(2):
        assert state.information_state_string(seat) == inner.information_state_string(seat)
        assert state.observation_string(seat) == inner.observation_string(seat)
    assert MARKER in state.information_state_string(0) and MARKER in state.observation_string(0)
    assert MARKER not in state.information_state_string(1) + state.observation_string(1)
    hand = state.observation_tensor(1)[2 * 2:2 * 2 + len(game.legatus.cards)]
    assert hand == [0.0] * len(game.legatus.cards)


def test_openspiel_refuses_an_observer_it_cannot_give():
    game = pyspiel.load_game("legatus_kuhn")
    everyone = pyspiel.IIGObservationType(perfect_recall=False, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS)
    with pytest.raises(ValueError, match="private_info=ALL_PLAYERS"):
        game.make_py_observer(everyone)


@pytest.mark.parametrize("options", [{}, {"players": 3, "turns": 3}])
def test_pettingzoo_api_and_seed_tests_on_a_game_with_secrets(options):
    api_test(env("blind", **options), num_cycles=200)
    seed_test(lambda: env("blind", **options), num_cycles=100)


def test_pettingzoo_observes_each_agent_as_its_seat():
    e = env("blind", players=3)
    e.reset(seed=5)
    assert e.possible_agents == ["seat1", "seat2", "seat3"]
    for seat, agent in enumerate(e.possible_agents):
        expected = np.asarray(e.game.observation_tensor(e.state, seat), np.float32)
        assert np.array_equal(e.observe(agent)["observation"], expected)
    assert not np.array_equal(e.observe("seat1")["observation"], e.observe("seat2")["observation"])


def test_pettingzoo_and_gymnasium_need_an_observation_tensor():
    with pytest.raises(legatus.OptionError, match="kuhn has no observation tensor.*PettingZoo"):
        env("kuhn")
    with pytest.raises(legatus.OptionError, match="kuhn has no observation tensor.*Gymnasium"):
        SeatEnv("kuhn")


@pytest.mark.parametrize(("seat", "options"), [(0, {}), ("seat2", {"players": 3}),
                                               (3, {"players": 4, "cards": 8, "turns": 1})])
def test_gymnasium_check_env_on_a_game_with_secrets(seat, options):
    check_env(SeatEnv("blind", seat, **options))


def test_gymnasium_refuses_a_seat_or_an_agent_not_of_the_game():
    with pytest.raises(legatus.OptionError, match=r"seat 2 is not a seat of blind; seats: 0 \(seat1\), 1 \(seat2\)"):
        SeatEnv("blind", 2)
    with pytest.raises(legatus.OptionError, match="unknown seat 'rome'"):
        SeatEnv("blind", "rome")
    with pytest.raises(legatus.OptionError, match="unknown agent 'heuristic' for blind"):
        SeatEnv("blind", opponent="heuristic")


class Spy:
    """An opponent that notes, for each choice, whether it was given the true state and
    whether what it was given shows its seat the same information."""

    def __init__(self, env: SeatEnv) -> None:
        self.env, self.reason, self.calls = env, "", []

    def choose(self, state):
        true, seat = self.env.state, self.env.state.current_player()
        self.calls.append((state is true, state.information_state_string(seat) == true.information_state_string(seat)))
        return random.Random(len(self.calls)).choice(state.legal_actions())


def test_gymnasium_opponents_get_only_what_their_seat_may_know():
    e = SeatEnv("blind", 0, players=3, turns=4)
    _, info = e.reset(seed=8)
    spies = {seat: Spy(e) for seat in e.others}
    e.others.update(spies)
    done = False
    while not done:
        _, _, done, _, info = e.step(int(np.flatnonzero(info["action_mask"])[0]))
    calls = [c for spy in spies.values() for c in spy.calls]
    assert calls and calls == [(False, True)] * len(calls)


def test_gymnasium_illegal_action_costs_the_lowest_return():
    e = SeatEnv("blind")
    _, info = e.reset(seed=2)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, done, _, info = e.step(illegal)
    assert (reward, done, info["illegal_action"]) == (e.game.min_utility, True, True)


def test_openspiel_needs_the_sum_of_a_constant_sum_game():
    class NoSum(BlindGame):
        utility_sum = None

    spiel = type("OpenSpielNoSum", (openspiel.OpenSpielGame,), {"game_class": NoSum})
    with pytest.raises(ValueError, match="blind is constant-sum but declares no utility_sum"):
        spiel()


def test_gymnasium_plays_the_seat_the_game_names_under_the_name_it_gives() -> None:
    e = GameEnv("blind", turns=3)  # Blind Hand's SINGLE_AGENT: seat2, two seats
    assert (e.seat, e.game.options["players"], e.opponent_spec) == (1, 2, "random")
    check_env(e)
    from legatus.adapters.gymnasium import BlindEnv  # type: ignore[attr-defined]
    named = BlindEnv(turns=3)
    assert isinstance(named, GameEnv) and named.seat == 1 and BlindEnv.__name__ == "BlindEnv"
    assert gymnasium.BlindEnv is BlindEnv  # type: ignore[attr-defined]


def test_gymnasium_refuses_a_game_naming_no_seat_or_options_that_make_it_more_than_one_seats() -> None:
    with pytest.raises(legatus.OptionError, match=r"leduc names no seat .*SeatEnv\('leduc', seat\)"):
        GameEnv("leduc")
    with pytest.raises(legatus.OptionError, match="plays seat2 as one seat: players=2"):
        GameEnv("blind", players=3)
    with pytest.raises(AttributeError, match="has no attribute 'NoSuchEnv'"):
        gymnasium.NoSuchEnv  # type: ignore[attr-defined]  # noqa: B018
