"""The observation tensor (issue 13, "Research"; docs/hannibal/observation.md): a fixed size, numbers
in [0, 1], and a seat's vector made of what that seat may see: the other seat's strategy hand and
battle hand never change it, its own do."""

from __future__ import annotations

import random

from legatus.games.hannibal import observation
from tests.hannibal.helpers import deal, game, random_game, ready

ROME_HAND = [33, 1, 2, 3, 4, 5, 6]
CARTHAGE_HAND = [8, 9, 10, 11, 12, 13, 14]
OTHER_CARTHAGE_HAND = [15, 16, 17, 18, 19, 20, 21]


def test_every_position_of_a_game_has_the_same_size_in_0_1() -> None:
    g = game()
    assert g.observation_size() == observation.size(g)
    for state in random_game(3, every=True)[::7]:
        for seat in (0, 1, None):
            vector = g.observation_tensor(state, seat)
            assert len(vector) == g.observation_size()
            assert all(0.0 <= x <= 1.0 for x in vector)


def test_the_other_seat_s_strategy_hand_does_not_change_a_seat_s_tensor() -> None:
    g = game()
    one, two = ready(ROME_HAND, CARTHAGE_HAND), ready(ROME_HAND, OTHER_CARTHAGE_HAND)
    assert g.observation_tensor(one, 0) == g.observation_tensor(two, 0)  # Rome sees no Carthaginian card
    assert g.observation_tensor(one, 1) != g.observation_tensor(two, 1)  # Carthage sees its own hand
    assert g.observation_tensor(one, None) == g.observation_tensor(two, None)  # nor does a spectator


def test_the_other_seat_s_battle_hand_does_not_change_a_seat_s_tensor() -> None:
    g = game()
    one = ready(ROME_HAND, CARTHAGE_HAND)
    two = one.clone()
    one.bhand[1], two.bhand[1] = [2, 1, 1, 1, 0, 0], [0, 0, 1, 1, 1, 2]  # same size, other kinds
    one.bdeck, two.bdeck = [10, 8, 8, 7, 6, 4], [12, 9, 8, 7, 5, 2]  # the deck's make-up follows the hand
    assert g.observation_tensor(one, 0) == g.observation_tensor(two, 0)
    assert g.observation_tensor(one, 1) != g.observation_tensor(two, 1)
    three = one.clone()
    three.bhand[1] = [2, 1, 1, 1, 1, 0]  # one card more: the size is public
    assert g.observation_tensor(one, 0) != g.observation_tensor(three, 0)


def test_a_seat_s_own_hand_is_in_its_tensor_at_its_cards() -> None:
    g = game()
    state = deal(g.new_initial_state(), ROME_HAND, CARTHAGE_HAND)
    vector = g.observation_tensor(state, 0)
    start = (g.board.n_spaces * observation.PER_SPACE
             + len(g.generals) * (g.board.n_spaces + observation.PER_GENERAL_EXTRA))
    in_hand = [c + 1 for c in range(len(g.cards.strategy)) if vector[start + c * observation.PER_CARD]]
    assert in_hand == sorted(ROME_HAND)


def test_a_card_taken_from_a_hand_is_seen_by_the_taker_only_as_the_view_says() -> None:
    """#55: a strategy card the seat has seen in the other's hand is in its tensor (``known``)."""
    g = game()
    state = ready(ROME_HAND, CARTHAGE_HAND)
    before = g.observation_tensor(state, 0)
    state.known[1] = [9]  # Rome has seen #9 in Carthage's hand
    assert g.observation_tensor(state, 0) != before
    assert state.view(0)["known_in_other_hand"] == ["#9 " + g.cards.strategy[8].name]


def test_a_state_drawn_from_a_seat_s_information_gives_that_seat_the_same_tensor() -> None:
    """Whatever the hidden cards are, among those the seat's information allows, its vector is the same."""
    g = game()
    rng = random.Random(5)
    for state in random_game(8, every=True)[40::90]:
        for seat in (0, 1):
            other = state.resample(seat, rng)
            assert g.observation_tensor(other, seat) == g.observation_tensor(state, seat), state.prompt()
