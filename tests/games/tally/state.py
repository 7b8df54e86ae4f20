"""A position of Tally: the stack of procedures, each seat's total, who moves, the history."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from legatus.core.actions import Action
from legatus.core.game import CHANCE, TERMINAL, State
from legatus.core.procedures import ProcedureStack

from . import text, view
from .ids import Proc
from .procedures import TABLE

if TYPE_CHECKING:
    from .game import TallyGame


class TallyState(ProcedureStack, State):
    __slots__ = ("game", "stack", "totals", "mover", "moves")
    procedures = TABLE
    game: TallyGame

    def __init__(self, game: TallyGame) -> None:
        self.game = game
        self.stack: tuple[tuple[int, ...], ...] = ((Proc.TURN,),)
        self.totals: list[int] = [0, 0]
        self.mover: int = 0
        self.moves: list[int] = []

    def current_player(self) -> int:
        return TERMINAL if not self.stack else TABLE.player(self)

    def legal_actions(self) -> list[Action]:
        return [] if not self.stack else [self.game.actions[a] for a in TABLE.legal(self)]

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if self.current_player() != CHANCE:
            return []
        return [(a, 1.0 / self.game.faces) for a in self.legal_actions()]

    def apply_action(self, action: int) -> None:
        self.check_legal(action)
        self.moves.append(int(action))
        TABLE.apply(self, int(action))

    def prompt(self) -> str:
        return "The game is over." if not self.stack else TABLE.prompt(self)

    def returns(self) -> list[float]:
        if self.stack:
            return [0.0, 0.0]
        return [1.0, -1.0] if self.mover == 0 else [-1.0, 1.0]

    def clone(self) -> TallyState:
        other = object.__new__(TallyState)
        other.game, other.stack, other.mover = self.game, self.stack, self.mover
        other.totals, other.moves = self.totals[:], self.moves[:]
        return other

    def history(self) -> list[Action]:
        return [self.game.actions[a] for a in self.moves]

    def view(self, seat: int | None = None) -> dict[str, Any]:
        return view.view(self, seat)

    def to_text(self, markup: bool = False) -> str:
        return text.screen(self)
