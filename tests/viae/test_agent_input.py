"""What an agent of a VIAE seat is given through a session (legatus/core/session.py,
``Session.seat_input``; the web server and the terminal use it): a state consistent with what
its seat has seen (V43), drawn from the seat's kept log, and pushed on by the seat's own
decisions while it alone decides — a VIAE turn is several — instead of drawn anew each time."""

from __future__ import annotations

import random

import legatus
from legatus.core.secrecy import is_consistent
from legatus.core.session import Session
from legatus.games.viae.state import ViaeState


def hands(state: ViaeState) -> list[list[str]]:
    return [state.view(s)["players"][s]["hand"] for s in range(state.game.num_players())]


def test_a_seat_s_input_is_consistent_and_pushed_on_while_it_alone_decides() -> None:
    session = Session(legatus.load("viae", players=4).new_initial_state(), seed=5)
    rng = random.Random(5)
    last: dict[int, tuple[int, ViaeState]] = {}  # by seat: the history's length and the state it was given
    pushed = drawn = 0
    while len(session.state.history()) < 260:
        state = session.state
        if state.is_chance_node():
            session.roll()
            continue
        seat = state.current_player()
        given = session.seat_input(rng)
        assert isinstance(given, ViaeState) and given is not state
        assert given.view(seat) == state.view(seat)
        before = last.get(seat)
        if before is not None and session.seen is not None and session.seen.decided_only(seat, before[0]):
            pushed += 1  # the other seats hold in it what they held in the state given before
            assert [h for s, h in enumerate(hands(given)) if s != seat] == \
                [h for s, h in enumerate(hands(before[1])) if s != seat]
        else:
            drawn += 1
        if len(state.history()) % 40 < 4:
            assert is_consistent(state, seat, given)  # its whole history, as the seat saw it (costly: now and then)
        last[seat] = (len(state.history()), given)
        session.apply(rng.choice(state.legal_actions()))
    assert pushed >= 20 and drawn >= 20, (pushed, drawn)


def test_a_state_kept_that_the_seat_would_not_see_as_the_game_is_drawn_anew() -> None:
    session = Session(legatus.load("viae", players=3).new_initial_state(), seed=2)
    rng = random.Random(2)
    while session.state.is_chance_node() or len(session.state.history()) < 30:
        state = session.state
        session.roll() if state.is_chance_node() else session.apply(rng.choice(state.legal_actions()))
    seat = session.state.current_player()
    session.seat_input(rng)
    kept = session._worlds[seat][1]  # noqa: SLF001 (planted: a kept state gone wrong)
    assert isinstance(kept, ViaeState)
    kept.denar[(seat + 1) % 3] += 7  # public: the seat would see it
    given = session.seat_input(rng)
    assert given.view(seat) == session.state.view(seat)
    assert is_consistent(session.state, seat, given)


def test_undo_forgets_a_state_pushed_past_the_position_it_returns_to() -> None:
    session = Session(legatus.load("viae", players=2).new_initial_state(), seed=3)
    rng = random.Random(3)
    while True:  # a decision after which the same seat decides again, which undo can take back
        state = session.state
        if state.is_chance_node():
            session.roll()
            continue
        seat = state.current_player()
        session.seat_input(rng)
        session.apply(rng.choice(state.legal_actions()))
        if session.can_undo(seat) and session.state.current_player() == seat and len(state.history()) > 20:
            break
    session.seat_input(rng)  # pushed on by the decision
    session.undo(seat)
    given = session.seat_input(rng)
    assert given.history() == session.state.history() or is_consistent(session.state, seat, given)
    assert given.view(seat) == session.state.view(seat) and len(given.history()) == len(session.state.history())
