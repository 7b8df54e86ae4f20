"""Hidden hands never leak (issue 12, "Hidden information"): a planted card in one hand is
searched for in every output of the other seat; resample keeps what a seat knows."""

from __future__ import annotations

import json
import random

import pytest

from legatus.core.secrecy import is_consistent, seat_actions
from legatus.core.session import sample_outcome
from legatus.games.hannibal.game import HannibalGame
from tests.games.secrecy import leaks
from tests.hannibal.helpers import deal, game, play, random_game, ready

MARKER = "#37"  # a Minor Campaign, planted in Rome's hand: written "#37" wherever it shows


def test_a_strategy_card_in_rome_hand_never_shows_to_carthage() -> None:
    state = deal(game().new_initial_state(), [37, 1, 2, 3, 4, 5, 6], [14, 15, 16, 17, 18, 19, 20])
    assert "#37 Minor Campaign" in json.dumps(state.view(0))
    assert leaks(state, 1, MARKER) == []
    assert "carthage draws a card" in seat_actions(state, 0)
    assert "rome draws a card" in seat_actions(state, 1)
    play(state, "no campaign opening", "rome first", "ops #37")
    assert "ops #37" in seat_actions(state, 1)  # played face up: public from then on


@pytest.mark.parametrize("seed", range(6))
def test_hands_and_battle_hands_never_leak_in_random_games(seed: int) -> None:
    for state in random_game(seed, every=True)[::9]:
        for seat in (0, 1):
            other = 1 - seat
            log = seat_actions(state, seat)
            since = len(log) - log[::-1].index("reshuffle strategy cards") if "reshuffle strategy cards" in log else 0
            recent = set(log[since:])
            view = json.dumps(state.view(seat))
            for card in set(state.hands[other]) - set(state.known[other]):
                assert f"draw #{card}" not in recent, (seed, card)
                assert f'"#{card} ' not in view, (seed, card)
            battle = state.view(seat)["battle"]
            if battle is not None:
                assert sum(battle["hand"].values()) == sum(state.bhand[seat])
                assert battle["hand_sizes"][other] == sum(state.bhand[other])


@pytest.mark.parametrize("seed", range(4))
def test_resample_keeps_the_view_and_the_information_state(seed: int) -> None:
    rng = random.Random(seed)
    positions = random_game(seed, every=True)
    for state in positions[:: max(1, len(positions) // 6)]:
        for seat in (0, 1):
            other = state.resample(seat, rng)
            assert is_consistent(state, seat, other)
            assert other.information_state_string(seat) == state.information_state_string(seat)


def test_consistent_state_is_a_direct_draw() -> None:
    assert HannibalGame.consistent_state is not game().__class__.__mro__[1].consistent_state


@pytest.mark.parametrize("seed", range(4))
def test_a_planted_card_never_reaches_the_other_seat_while_it_is_held(seed: int) -> None:
    rng = random.Random(seed)
    state = deal(game().new_initial_state(), [37, 1, 2, 3, 4, 5, 6], [14, 15, 16, 17, 18, 19, 20])
    g = state.game
    checked = 0
    while not state.is_terminal() and 37 in state.hands[0] and state.turn == 1:
        assert leaks(state, 1, MARKER) == [], [str(a) for a in state.history()[-5:]]
        checked += 1
        if state.is_chance_node():
            state.apply_action(sample_outcome(state, rng))
        else:
            legal = [a for a in state.legal_actions()  # Rome keeps it
                     if "#37" not in str(a) and str(a) != "open with campaign"]
            state.apply_action(g.fuzz_choice(state, rng) if not legal else rng.choice(legal))
    assert checked > 20


def test_a_refused_action_does_not_list_a_hand() -> None:
    from legatus.core.errors import IllegalActionError

    state = ready([37, 1, 2, 3, 4, 5, 6], [14, 15, 16, 17, 18, 19, 20])
    with pytest.raises(IllegalActionError) as refused:
        play(state, "ops #14")  # Carthage's card, while Rome plays
    assert "#37" not in str(refused.value) and "card play" in str(refused.value)
