"""The VIAE observation tensor (docs/viae/observation.md): one length for 2 to 5 players, numbers
in [0, 1], and only what the seat may see (V43): another seat's hand or personal Mandatum never
changes it, the seat's own hand does."""

from __future__ import annotations

import random

import pytest

import legatus
from legatus.games.viae.observation import SLOTS
from legatus.games.viae.state import ViaeState
from tests.viae.helpers import first_turn, give, play_until, swap_card


def _mid_game(players: int, seed: int = 1) -> ViaeState:
    state = legatus.load("viae", players=players).new_initial_state()
    assert isinstance(state, ViaeState)
    return play_until(state, lambda st: st.round >= 3 and all(st.hand_size(s) for s in range(players))
                      and not st.is_chance_node(), seed)


def test_one_length_for_every_player_count_and_position() -> None:
    sizes = set()
    for players in (2, 3, 4, 5):
        game = legatus.load("viae", players=players)
        state = game.new_initial_state()
        rng = random.Random(players)
        for step in range(400):
            if state.is_terminal():
                break
            if step % 20 == 0:
                for seat in (None, *range(players)):
                    t = game.observation_tensor(state, seat)
                    assert len(t) == game.observation_size()
                    assert all(0.0 <= x <= 1.0 for x in t)
            state.apply_action(game.fuzz_choice(state, rng) if not state.is_chance_node()
                               else rng.choices(*zip(*state.chance_outcomes(), strict=True))[0])
        sizes.add(game.observation_size())
    assert len(sizes) == 1  # five seat slots whatever the number of players


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_another_seats_hand_does_not_change_it(players: int) -> None:  # V43
    state = _mid_game(players)
    game = state.game
    for seat in range(players):
        other = swap_card(state, (seat + 1) % players)
        assert other.hand != state.hand
        assert game.observation_tensor(other, seat) == game.observation_tensor(state, seat)
        assert game.observation_tensor(other, None) == game.observation_tensor(state, None)


def test_a_state_resampled_for_the_seat_gives_it_the_same_tensor() -> None:  # V43
    state = _mid_game(4)
    seat = state.current_player()
    rng = random.Random(0)
    draws = [state.resample(seat, rng) for _ in range(4)]
    assert any(d.hand != state.hand or d.personal != state.personal for d in draws)  # other worlds indeed
    for d in draws:
        assert state.game.observation_tensor(d, seat) == state.game.observation_tensor(state, seat)


@pytest.mark.parametrize("players", [2, 5])
def test_the_own_hand_changes_it(players: int) -> None:
    state = _mid_game(players)
    for seat in range(players):
        other = swap_card(state, seat)
        assert state.game.observation_tensor(other, seat) != state.game.observation_tensor(state, seat)


def test_the_observer_is_slot_zero() -> None:
    state = first_turn(players=3)
    give(state, 1, "D01", 2)
    game = state.game
    per_seat = game.observation_layout.per_seat()
    hand_size = 2 + SLOTS + 7  # present, to move, turn place, then Denar … milestones, then the hand size
    for seat in range(3):
        t = game.observation_tensor(state, seat)
        slot = (1 - seat) % 3
        sizes = [t[k * per_seat + hand_size] for k in range(SLOTS)]
        assert sizes[slot] == max(sizes) > 0
        assert [t[k * per_seat] for k in range(SLOTS)] == [1.0, 1.0, 1.0, 0.0, 0.0]
