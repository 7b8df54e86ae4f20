"""A position of Tally: the stack of procedures, each seat's total, who moves, the history."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from legatus.core.procedure_state import ProcedureState

from . import text, view
from .ids import Proc
from .procedures import TABLE

if TYPE_CHECKING:
    from .game import TallyGame


class TallyState(ProcedureState):
    """The contract comes from the core's base (who moves, legal actions, dice, history)."""

    __slots__ = ("totals", "mover")
    procedures = TABLE
    game: TallyGame

    def __init__(self, game: TallyGame) -> None:
        self.start(game)
        self.stack = ((Proc.TURN,),)
        self.totals: list[int] = [0, 0]
        self.mover: int = 0

    def prompt(self) -> str:
        return "The game is over." if not self.stack else TABLE.prompt(self)

    def returns(self) -> list[float]:
        if self.stack:
            return [0.0, 0.0]
        return [1.0, -1.0] if self.mover == 0 else [-1.0, 1.0]

    def clone(self) -> TallyState:
        other = object.__new__(TallyState)
        other.mover, other.totals = self.mover, self.totals[:]
        self.copy_contract(other)
        return other

    def view(self, seat: int | None = None) -> dict[str, Any]:
        return view.view(self, seat)

    def to_text(self, markup: bool = False) -> str:
        return text.screen(self)
