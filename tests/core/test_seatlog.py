"""What each seat has seen happen (legatus/core/seatlog.py), on Blind Hand: built through
``action_to_string`` alone as the session applies actions, cut back on undo, the same when
rebuilt from a history; the marker card ``aquila`` only in its holder's lines (and the
referee's), never in another seat's or a spectator's."""

from __future__ import annotations

import random

import pytest

import legatus
from legatus.core.seatlog import SPECTATOR, spectator_string
from legatus.core.secrecy import seat_actions
from legatus.core.session import Session, sample_outcome
from tests.games.blind import MARKER, BlindState


def planted(players: int = 2, to: int = 1, **options: object) -> Session:
    """A session of a game just dealt, ``aquila`` dealt to seat index ``to``."""
    session = Session(legatus.load("blind", players=players, **options).new_initial_state(), seed=1)
    cards = [MARKER if s == to and r == 0 else str(1 + r * players + s) for r in range(2) for s in range(players)]
    for card in cards:
        session.apply(session.state.parse_action(f"deal {card}"))
    return session


def test_each_seat_sees_its_own_deal_and_only_that_others_drew() -> None:
    session = planted(players=3, to=1)
    seen = session.seen
    assert seen is not None and len(seen) == 6
    assert seen.lines(1)[1] == f"deal {MARKER}" and seen.lines(0)[1] == seen.lines(2)[1] == "seat2 draws a card"
    # a spectator sees what every seat sees in common: each deal as a draw, no card named
    assert seen.lines(SPECTATOR) == [f"seat{s + 1} draws a card" for s in (0, 1, 2, 0, 1, 2)]
    assert seen.lines(None)[1] == f"deal {MARKER}"  # the referee sees it all
    assert seen.lines(0, start=4) == seen.lines(0)[4:] and seen.lines(0, 1, 2) == ["seat2 draws a card"]


def test_a_decision_names_its_seat_and_a_face_down_discard_hides_its_card() -> None:
    session = planted(players=2, to=1)
    state = session.state
    session.apply(state.parse_action("play 1"))  # seat1: public
    session.apply(session.state.parse_action(f"discard {MARKER}"))  # seat2: face down
    seen = session.seen
    assert seen is not None
    assert seen.lines(1)[-2:] == ["seat1: play 1", f"seat2: discard {MARKER}"]
    assert seen.lines(0)[-2:] == seen.lines(SPECTATOR)[-2:] == ["seat1: play 1", "seat2 discards a card face down"]


def test_lines_read_as_the_core_s_seat_history() -> None:
    """The same strings as secrecy.seat_actions (the seat's record), with the seat that decided."""
    rng = random.Random(3)
    session = Session(legatus.load("blind", players=3, cards=8).new_initial_state())
    while not session.state.is_terminal():
        state = session.state
        session.apply(sample_outcome(state, rng) if state.is_chance_node() else rng.choice(state.legal_actions()))
    seen = session.seen
    assert seen is not None
    for seat in (0, 1, 2, None):
        for line, action in zip(seen.lines(seat), seat_actions(session.state, seat), strict=True):
            assert line == action or line.endswith(f": {action}"), (seat, line, action)


@pytest.mark.parametrize("seed", range(8))
def test_the_marker_is_only_in_its_holder_s_lines(seed: int) -> None:
    rng = random.Random(seed)
    session = Session(legatus.load("blind", players=3, cards=6, turns=3).new_initial_state())
    while not session.state.is_terminal():
        state = session.state
        session.apply(sample_outcome(state, rng) if state.is_chance_node() else rng.choice(state.legal_actions()))
    assert isinstance(session.state, BlindState)
    game = session.state.game
    marker = game.cards.index(MARKER)
    holders = [s for s in range(3) if marker in session.state.hands[s] or marker in session.state.discards[s]]
    seen = session.seen
    assert seen is not None
    for seat in range(3):
        assert (MARKER in "\n".join(seen.lines(seat))) == (seat in holders), (seed, seat)
    assert MARKER not in "\n".join(seen.lines(SPECTATOR))


def test_undo_cuts_the_lines_back() -> None:
    session = planted(players=2, to=0, cards=8)
    seen = session.seen
    assert seen is not None
    before = seen.lines(1)
    session.apply(session.state.parse_action("draw"))
    assert seen.lines(1) == [*before, "seat1: draw"]
    session.undo()
    assert seen.lines(1) == before and len(seen) == len(session.state.history())


def test_a_typed_die_undone_goes_from_the_lines() -> None:
    session = planted(players=2, to=0, cards=8)
    session.apply(session.state.parse_action("draw"))
    session.apply(session.state.parse_outcome("deal 5"), typed=True)
    seen = session.seen
    assert seen is not None and seen.lines(0)[-1] == "deal 5"
    session.undo()
    assert seen.lines(0)[-1] == "seat1: draw" and len(seen) == len(session.state.history())


def test_a_session_of_a_game_under_way_builds_the_same_lines() -> None:
    session = planted(players=3, to=2)
    session.apply(session.state.parse_action("play 1"))
    again = Session(session.state.clone())
    assert again.seen is not None and session.seen is not None
    for seat in (0, 1, 2, None, SPECTATOR):
        assert again.seen.lines(seat) == session.seen.lines(seat)
    with pytest.raises(ValueError, match="no seat 3 in a game of 3 seats"):
        again.seen.lines(3)


def test_a_spectator_told_apart_from_nothing_learns_only_who_acted(monkeypatch: pytest.MonkeyPatch) -> None:
    """Where the seats that do not see an action all read it differently, none of their
    strings is common to them: a spectator is told who acted, nothing else."""
    state = planted(players=3).state
    original = BlindState.action_to_string

    def whispers(self: BlindState, action: int, seat: int | None = None) -> str:
        return original(self, action, seat) if seat in (None, 0) else f"seen by seat{seat + 1}"

    monkeypatch.setattr(BlindState, "action_to_string", whispers)
    assert spectator_string(state, state.parse_action("play 1")) == "seat1 acts unseen"
    state.apply_action(state.parse_action("draw"))
    assert spectator_string(state, state.legal_actions()[0]) == "a hidden chance outcome"
