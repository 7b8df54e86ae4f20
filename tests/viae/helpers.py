"""Positions for the VIAE tests: a game played to a chosen point with seeded chance and simple
choices, and a fresh turn with the resources a test needs."""

from __future__ import annotations

import random
from collections.abc import Callable

import legatus
from legatus.core.session import sample_outcome
from legatus.games.viae.decks import DECEPTIO
from legatus.games.viae.ids import Id
from legatus.games.viae.state import ViaeState


def play_until(state: ViaeState, stop: Callable[[ViaeState], bool], seed: int = 0,
               choose: Callable[[ViaeState, random.Random], int] | None = None, limit: int = 5000) -> ViaeState:
    rng = random.Random(seed)
    for _ in range(limit):
        if stop(state) or state.is_terminal():
            return state
        if state.is_chance_node():
            state.apply_action(sample_outcome(state, rng))
        else:
            state.apply_action(choose(state, rng) if choose else rng.choice(state.legal_actions()))
    raise AssertionError("the position was never reached")


def first_turn(players: int = 3, seed: int = 0, **options: object) -> ViaeState:
    """The first Agere turn of round 1."""
    state = legatus.load("viae", players=players, **options).new_initial_state()
    assert isinstance(state, ViaeState)
    return play_until(state, lambda st: bool(st.stack) and st.frame()[0] == Id.TURN, seed)


def act(state: ViaeState, text: str) -> None:
    state.apply_action(state.parse_action(text))


def texts(state: ViaeState) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def city(state: ViaeState, name: str) -> int:
    return state.game.board.city(name)


def road(state: ViaeState, a: str, b: str) -> int:
    board = state.game.board
    ca, cb = board.city(a), board.city(b)
    return next(i for i, r in enumerate(board.roads) if {r.a, r.b} == {ca, cb})


def give(state: ViaeState, seat: int, card: str, count: int = 1) -> None:
    """Put ``count`` copies of the Deceptio ``card`` from the deck into ``seat``'s hand."""
    k = next(i for i, c in enumerate(state.game.cards.deceptio) if c.id == card)
    kinds = len(state.game.cards.deceptio)
    state.deck[k] -= count
    state.hand[seat * kinds + k] += count
    state.forget_legal()


def refresh(state: ViaeState) -> None:
    state.forget_legal()


def deal_to(state: ViaeState, card: str, seat: int, seed: int = 0) -> ViaeState:
    """Plays on (seeded chance, random choices, ``card`` drawn by nobody else) until ``seat``
    draws a Deceptio card, and makes that draw ``card``: a marker planted in its hand."""
    rng = random.Random(seed)
    wanted = f"deceptio {card}"
    while True:
        if state.is_chance_node():
            outcomes = [a for a, _ in state.chance_outcomes()]
            if state.draws and state.draws[0] == (DECEPTIO, seat) and any(str(a) == wanted for a in outcomes):
                state.apply_action(state.parse_action(wanted))
                return state
            outcome = sample_outcome(state, rng)
            if str(outcome) == wanted:
                outcome = next(a for a in outcomes if str(a) != wanted)
            state.apply_action(outcome)
        else:
            state.apply_action(rng.choice(state.legal_actions()))


def swap_card(state: ViaeState, seat: int) -> ViaeState:
    """A copy of ``state`` where one card of ``seat``'s hand is another from the deck (the same hand size)."""
    other = state.clone()
    kinds = len(state.game.cards.deceptio)
    held = next(k for k, c in enumerate(other.hand_of(seat)) if c)
    spare = next(k for k, c in enumerate(other.deck) if c and k != held)
    other.hand[seat * kinds + held] -= 1
    other.deck[held] += 1
    other.deck[spare] -= 1
    other.hand[seat * kinds + spare] += 1
    other.forget_legal()
    return other
