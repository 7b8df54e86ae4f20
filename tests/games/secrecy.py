"""Searching every output of a seat for a secret it may not know (issue 10, point 5).

The tests plant a marker card and, at each position where one seat holds it unseen by the
others, search everything the core produces for those others.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable, Iterator

from legatus.core.game import State
from legatus.core.record import to_record
from legatus.core.seatlog import SPECTATOR, SeatLog
from legatus.core.secrecy import is_consistent, seat_actions


def seat_outputs(state: State, seat: int) -> dict[str, str]:
    """Each output of the core for ``seat``, by name, as text."""
    log = SeatLog(state)
    return {
        "view": json.dumps(state.view(seat)),
        "spectator view": json.dumps(state.view(None)),
        "information state": state.information_state_string(seat),
        "observation": state.observation_string(seat),
        "seat record": json.dumps(to_record(state, seat)),
        "seat log": "\n".join(seat_actions(state, seat)),
        "explaining log": "\n".join(log.lines(seat) + log.lines(SPECTATOR)),  # what the terminal and page show
        "legal actions": " ".join(str(a) for a in state.legal_actions()) if state.current_player() == seat else "",
        "screen": "\n".join(state.view_text(seat, full=full) or "" for full in (False, True)),  # the terminal's
    }


def leaks(state: State, seat: int, marker: str) -> list[str]:
    """The outputs for ``seat`` that hold ``marker``."""
    return [name for name, text in seat_outputs(state, seat).items() if marker in text]


def check_resample(state: State, seat: int, rng: random.Random) -> None:
    """``state.resample(seat)`` keeps all the seat knows: its view, its information state, its
    record (core ``is_consistent``), and breaks no invariant of the game."""
    other = state.resample(seat, rng)
    assert other.view(seat) == state.view(seat)
    assert other.information_state_string(seat) == state.information_state_string(seat)
    assert is_consistent(state, seat, other)
    assert not other.game.invariants(other)


def holder(state: State, card: str) -> int | None:
    """The seat whose hand holds ``card`` (a Blind Hand state's), if any."""
    index = state.game.cards.index(card)  # type: ignore[attr-defined]
    return next((s for s, hand in enumerate(state.hands) if index in hand), None)  # type: ignore[attr-defined]


def unseen_twins(states: Iterable[State], card: str) -> Iterator[tuple[State, State]]:
    """Each of ``states`` where a seat other than the one to move holds ``card``, with a twin that
    the seat to move cannot tell from it (the same view), where ``card`` lies elsewhere."""
    for state in states:
        seat = state.current_player()
        where = holder(state, card)
        if where is None or where == seat:
            continue
        twin = next(t for s in range(50) if holder(t := state.resample(seat, random.Random(s)), card) != where)
        assert twin.view(seat) == state.view(seat)
        yield state, twin
