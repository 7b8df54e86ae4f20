"""What each seat has seen happen: a log line an action, as each seat saw it.

Built through ``state.log_string`` (the action as ``state.action_to_string`` shows it to the
seat, its cards named) and ``state.log_outcome`` (what it did, in public words: a die's purpose
and result, a conquest's power against defence, each change of points with its reason; worked
out once an action, whatever the number of seats), one action at a time as it is applied, so
a shell shows a seat what the others just did without replaying the whole game for every
screen, and the terminal and the page show the same lines. Each line names the seat that
decided (``rome: ops #38 …``); a chance outcome (a die, a draw) names nobody.

Besides the seats and the referee (``None``, who sees everything) a log keeps the
:data:`SPECTATOR`'s lines: what every seat sees in common, so a spectator learns no secret of
any seat (a card drawn reads as the seats that did not draw it read it).
"""

from __future__ import annotations

import copy

from .game import CHANCE, State
from .secrecy import start_of

SPECTATOR = -2
"""The ``seat`` of :meth:`SeatLog.lines` that sees what every seat sees, and no more."""


def spectator_string(state: State, action: int, seen: list[str] | None = None, full: str | None = None) -> str:
    """``action``, about to be applied in ``state``, as a spectator may see it: the string every
    seat sees; else the one string the seats that do not see it all (not the referee's
    string) share; else, where those seats see it differently, only who acted.
    ``seen`` and ``full``: each seat's string and the referee's, if already known (log lines)."""
    if seen is None:
        seen = [state.action_to_string(action, s) for s in range(state.game.num_players())]
    if len(set(seen)) == 1:
        return seen[0]
    if full is None:
        full = state.action_to_string(action, None)
    partial = {line for line in seen if line != full}
    if len(partial) == 1:
        return partial.pop()
    mover = state.current_player()
    return "a hidden chance outcome" if mover == CHANCE else f"{state.seat_name(mover)} acts unseen"


def log_line(state: State, action: int, seat: int | None, after: State, outcome: str | None = None) -> str:
    """``action``, applied to ``state`` (left as it was) to give ``after``, as ``seat`` reads it in
    its log: what it saw, then what it did (``outcome``, if already known)."""
    said = state.log_outcome(action, after) if outcome is None else outcome
    line = state.log_string(action, seat)
    return f"{line} — {said}" if said else line


class SeatLog:
    """Each action of a state's history as each seat, the referee and a spectator saw it:
    :meth:`add` each action once it is applied, :meth:`cut` the actions undone, read
    :meth:`lines` (tests/core/test_seatlog.py)."""

    def __init__(self, state: State) -> None:
        """The log of ``state``'s history so far (replayed once, from where it starts)."""
        self.seats = state.game.num_players()
        # An action's lines: (referee, spectator, seat 0, seat 1, …), or one line all see.
        self._lines: list[tuple[str, ...]] = []
        history = state.history()
        if history:
            replayed = start_of(state)
            for action in history:
                before = replayed.clone()
                replayed.apply_action(action)
                self.add(before, action, replayed)

    def add(self, state: State, action: int, after: State) -> None:
        """Log ``action``, applied to ``state`` (left as it was) to give ``after``."""
        mover = state.current_player()
        name = None if mover == CHANCE else state.seat_name(mover)
        outcome = state.log_outcome(action, after)  # once, whatever the number of seats
        seen = [log_line(state, action, s, after, outcome) for s in range(self.seats)]
        full = log_line(state, action, None, after, outcome)
        lines = (full, spectator_string(state, action, seen, full), *seen)
        if name is not None:  # who decided, unless the game's string already says whose it is ("seat1: play D03")
            said = (f"{name} ", *(f"{seat}:" for seat in state.game.seats))
            lines = tuple(line if line.startswith(said) else f"{name}: {line}" for line in lines)
        self._lines.append(lines[:1] if len(set(lines)) == 1 else lines)

    def copy(self) -> SeatLog:
        """A log that goes on apart from this one (its lines so far are shared, never changed)."""
        other = copy.copy(self)
        other._lines = list(self._lines)
        return other

    def cut(self, length: int) -> None:
        """Forget the lines after the first ``length`` (the actions undone)."""
        del self._lines[length:]

    def __len__(self) -> int:
        return len(self._lines)

    def lines(self, seat: int | None, start: int = 0, stop: int | None = None) -> list[str]:
        """The lines from action ``start`` to ``stop`` as ``seat`` saw them (``None``: the
        referee, :data:`SPECTATOR`: a spectator)."""
        if seat is not None and seat != SPECTATOR and not 0 <= seat < self.seats:
            raise ValueError(f"no seat {seat} in a game of {self.seats} seats")
        column = 0 if seat is None else 1 if seat == SPECTATOR else seat + 2
        return [line[0] if len(line) == 1 else line[column] for line in self._lines[start:stop]]
