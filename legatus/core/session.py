"""A game in progress as a person plays it: the state, its undo stack, dice from a seeded
generator, and (in a game with secrets) what each seat has seen happen. The terminal and the
web server both drive games through a Session."""

from __future__ import annotations

import copy
import random
from collections.abc import Sequence
from typing import TypeVar

from .actions import Action
from .errors import IllegalActionError, UndoError
from .game import CHANCE, TERMINAL, Information, State
from .seatlog import SeatLog

T = TypeVar("T")


def sample_outcome(state: State, rng: random.Random) -> Action:
    """A chance outcome of ``state`` drawn with ``rng`` by the outcomes' probabilities."""
    return draw(state.chance_outcomes(), rng)


def draw(outcomes: Sequence[tuple[T, float]], rng: random.Random) -> T:
    """One of ``outcomes`` (each with its probability) drawn with ``rng``."""
    return pick(outcomes, rng.random())


def pick(outcomes: Sequence[tuple[T, float]], x: float) -> T:
    """The outcome that a uniform number ``x`` in [0, 1) falls on, the outcomes laid end to end by
    their probabilities (one draw of the generator a chance node: :func:`draw`)."""
    for action, p in outcomes:
        x -= p
        if x < 0:
            return action
    return outcomes[-1][0]


class Session:
    """A state with undo. Undo never crosses a chance outcome, a revealed secret or a
    change of seat: the stack is cleared by each of them."""

    def __init__(self, state: State, seed: int | None = None) -> None:
        self.state = state
        self.rng = random.Random(state.game.seed if seed is None else seed)
        self._undo: list[tuple[State, int]] = []
        # The position before the last roll typed at a real table, until the next decision: a
        # typed die is no secret, so a typo in it may be corrected (issue 15, point 3).
        self._typed: State | None = None
        self.seen: SeatLog | None = None if state.game.information is Information.PERFECT else SeatLog(state)
        """Each action as each seat saw it, kept as they are applied and undone (games with secrets)."""

    def copy(self) -> Session:
        """A session that goes on apart from this one, to try a move on before it is shown."""
        other = copy.copy(self)
        other.state = self.state.clone()
        other._undo = list(self._undo)
        other.seen = None if self.seen is None else self.seen.copy()
        return other

    def apply(self, action: int, typed: bool = False) -> None:
        """Apply a legal action (a decision or a chance outcome). ``typed``: a chance outcome
        typed by a person that every seat sees, which :meth:`undo` may take back until the
        next decision."""
        state = self.state
        actor = state.current_player()
        if actor == TERMINAL:
            raise IllegalActionError(str(state.game.actions[action]), "the game is over")
        state.check_legal(action)
        before = state.clone() if actor != CHANCE else None
        reveals = before is not None and state.reveals_information(action)
        typed_from = state.clone() if typed and actor == CHANCE else None
        # the position the seat log reads the action's outcome from (it never changes it)
        logged = None if self.seen is None else before if before is not None else state.clone()
        state.apply_action(action)
        if self.seen is not None and logged is not None:
            self.seen.add(logged, action, state)
        now = state.current_player()
        self._typed = typed_from  # any decision, or a roll not typed, makes the last typed roll stand
        if before is None or reveals or now not in (actor, CHANCE):
            self._undo.clear()
        else:
            self._undo.append((before, actor))

    def roll(self) -> Action:
        """Draw the pending chance outcome with the session's generator and apply it."""
        action = sample_outcome(self.state, self.rng)
        self.apply(action)
        return action

    def can_undo(self, seat: int | None = None) -> bool:
        return bool(self._undo) and (seat is None or self._undo[-1][1] == seat)

    def undo(self, seat: int | None = None) -> Action:
        """Take back the last decision (of ``seat``, if given), or else the last typed roll
        when no decision followed it; returns it."""
        if not self._undo and self._typed is not None and seat is None:
            before, self._typed = self._typed, None
            return self._back_to(before)
        if not self._undo:
            raise UndoError("nothing to undo: undo stops at dice, secrets and a change of player")
        before, actor = self._undo[-1]
        if seat is not None and actor != seat:
            raise UndoError(f"the last decision was {before.seat_name(actor)}'s, not {before.seat_name(seat)}'s")
        self._undo.pop()
        return self._back_to(before)

    def _back_to(self, before: State) -> Action:
        """Return to ``before``, a position of this game's past; the first action undone."""
        length = len(before.history())
        undone = self.state.history()[length]
        self.state = before
        if self.seen is not None:
            self.seen.cut(length)
        return undone
