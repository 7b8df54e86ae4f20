"""VIAE's seat logs (legatus/core/seatlog.py): each seat's lines read as its seat history
(``secrecy.seat_actions``, its cards named, then what it did) with the seat that decided said once;
the marker Aedilis (D20) planted in seat1's hand (V43), by id or by name, is in seat1's lines only
while it stays there, never a spectator's."""

from __future__ import annotations

import random

import legatus
from legatus.core.seatlog import SPECTATOR
from legatus.core.secrecy import seat_actions
from legatus.core.session import Session, sample_outcome
from legatus.games.viae.log import named
from legatus.games.viae.state import ViaeState
from tests.viae.helpers import deal_to

MARKER = "D20"


def played(seed: int, actions: int) -> Session:
    """A 3-player game with the marker dealt to seat1, played on at random for at most
    ``actions`` more actions, until one would show the marker (seat1 plays or loses it)."""
    state = legatus.load("viae", players=3).new_initial_state()
    assert isinstance(state, ViaeState)
    session = Session(deal_to(state, MARKER, 0, seed))
    rng = random.Random(seed)
    for _ in range(actions):
        state = session.state
        if state.is_terminal():
            break
        if state.is_chance_node():
            action = sample_outcome(state, rng)
        else:
            keep = [a for a in state.legal_actions() if MARKER not in str(a)]
            if not keep:
                break
            action = rng.choice(keep)
        if MARKER in str(action):  # the marker leaves the hand, face up ("loses D20")
            break
        session.apply(action)
    return session


def test_the_marker_is_in_its_holder_s_lines_only() -> None:
    for seed in range(3):
        session = played(seed, 150)
        seen = session.seen
        assert seen is not None
        name = next(card.name for card in session.state.game.cards.deceptio if card.id == MARKER)
        assert any(f"{MARKER} {name}" in line for line in seen.lines(0))
        for seat in (1, 2, SPECTATOR):
            assert not any(MARKER in line or name in line for line in seen.lines(seat)), (seed, seat)


def test_lines_are_the_seat_history_with_whose_move_said_once() -> None:
    session = played(4, 250)
    seen = session.seen
    assert seen is not None
    names = session.state.game.seats
    for seat in (0, 1, 2, None):
        for line, action in zip(seen.lines(seat), seat_actions(session.state, seat), strict=True):
            said, head = named(session.state, action), line.split(" — ")[0]  # then what it did, after " — "
            if action.split()[0] in ("deceptio", "castra", "mandatum", "fortuna"):  # a card drawn, named
                said = f"{action.split()[1]} {named(session.state, action).split(' ', 2)[2]}"
                assert said in head, (seat, line, action)
            else:
                assert head in (said, *(f"{name}: {said}" for name in names)), (seat, line, action)
            assert sum(line.startswith(f"{name}: ") for name in names) <= 1 and \
                not any(f"{a}: {b}:" in line for a in names for b in names), line
