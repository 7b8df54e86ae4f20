"""What each seat has seen happen: a log line an action, as each seat saw it.

Built through ``state.action_to_string`` alone (with :meth:`State.view`, the only place a
secret is removed), one action at a time as it is applied, so a shell shows a seat what the
others just did without replaying the whole game for every screen. Each line names the
seat that decided (``rome: ops #38``); a chance outcome (a die, a draw) names nobody.

Besides the seats and the referee (``None``, who sees everything) a log keeps the
:data:`SPECTATOR`'s lines: what every seat sees in common, so a spectator learns no secret of
any seat (a card drawn reads as the seats that did not draw it read it).
"""

from __future__ import annotations

from .game import CHANCE, State
from .secrecy import start_of

SPECTATOR = -2
"""The ``seat`` of :meth:`SeatLog.lines` that sees what every seat sees, and no more."""


def spectator_string(state: State, action: int, seen: list[str] | None = None) -> str:
    """``action``, about to be applied in ``state``, as a spectator may see it: the string every
    seat sees; else the one string the seats that do not see it all (not the referee's
    string) share; else, where those seats see it differently, only who acted.
    ``seen``: each seat's string, if already known."""
    if seen is None:
        seen = [state.action_to_string(action, s) for s in range(state.game.num_players())]
    if len(set(seen)) == 1:
        return seen[0]
    full = state.action_to_string(action, None)
    partial = {line for line in seen if line != full}
    if len(partial) == 1:
        return partial.pop()
    mover = state.current_player()
    return "a hidden chance outcome" if mover == CHANCE else f"{state.seat_name(mover)} acts unseen"


class SeatLog:
    """Each action of a state's history as each seat, the referee and a spectator saw it:
    :meth:`add` each action before it is applied, :meth:`cut` the actions undone, read
    :meth:`lines` (tests/core/test_seatlog.py), or :meth:`seen`, a seat's history as
    :func:`~legatus.core.secrecy.seat_actions` gives it, without replaying the game."""

    def __init__(self, state: State) -> None:
        """The log of ``state``'s history so far (replayed once, from where it starts)."""
        self.seats = state.game.num_players()
        self._names = [state.seat_name(s) for s in range(self.seats)]
        # Who decided before a line it does not name itself ("rome: ops #38"); "seat1: play D03" names it.
        self._said = [(f"{name} ", *(f"{seat}:" for seat in state.game.seats)) for name in self._names]
        # An action: who decided (CHANCE for an outcome), then its strings (referee, spectator,
        # seat 0, seat 1, …), or one string all see.
        self._actions: list[tuple[int, tuple[str, ...]]] = []
        history = state.history()
        if history:
            replayed = start_of(state)
            for action in history:
                self.add(replayed, action)
                replayed.apply_action(action)

    def add(self, state: State, action: int) -> None:
        """Log ``action``, which is about to be applied in ``state``."""
        seen = [state.action_to_string(action, s) for s in range(self.seats)]
        lines = (state.action_to_string(action, None), spectator_string(state, action, seen), *seen)
        self._actions.append((state.current_player(), lines[:1] if len(set(lines)) == 1 else lines))

    def cut(self, length: int) -> None:
        """Forget the lines after the first ``length`` (the actions undone)."""
        del self._actions[length:]

    def __len__(self) -> int:
        return len(self._actions)

    def lines(self, seat: int | None, start: int = 0, stop: int | None = None) -> list[str]:
        """The lines from action ``start`` to ``stop`` as ``seat`` saw them (``None``: the
        referee, :data:`SPECTATOR`: a spectator), each decision with the seat that made it."""
        column = self._column(seat)
        out = []
        for mover, lines in self._actions[start:stop]:
            line = lines[0] if len(lines) == 1 else lines[column]
            named = mover == CHANCE or line.startswith(self._said[mover])
            out.append(line if named else f"{self._names[mover]}: {line}")
        return out

    def seen(self, seat: int) -> list[str]:
        """Every action as ``seat`` saw it (``state.action_to_string``), as a search for a state
        consistent with it reads them (``Game.consistent_state``)."""
        column = self._column(seat)
        return [lines[0] if len(lines) == 1 else lines[column] for _, lines in self._actions]

    def decided_only(self, seat: int, start: int) -> bool:
        """Whether every action from ``start`` on was a decision of ``seat``."""
        return all(mover == seat for mover, _ in self._actions[start:])

    def _column(self, seat: int | None) -> int:
        if seat is not None and seat != SPECTATOR and not 0 <= seat < self.seats:
            raise ValueError(f"no seat {seat} in a game of {self.seats} seats")
        return 0 if seat is None else 1 if seat == SPECTATOR else seat + 2
