"""Call the Coin: a one-seat game of pure luck, to test a search that sees the dice.

The seat calls heads or tails, then a coin falls heads with probability 0.7; ``calls`` times.
Every call right wins (+1), any wrong loses (−1). A player who cannot see the coin wins at best
0.7 ** calls of the games (calling heads each time); one who sees it wins them all.
"""

from __future__ import annotations

from typing import Any

from legatus.core.actions import Action, ActionTable
from legatus.core.game import CHANCE, TERMINAL, Game, Information, State, Utility

HEADS, TAILS, FALLS_HEADS, FALLS_TAILS = range(4)
P_HEADS = 0.7


class CoinGame(Game):
    """Call the Coin (a test game, not registered: the tests build it directly)."""

    name = "coins"
    title = "Call the Coin"
    information = Information.PERFECT
    utility = Utility.GENERAL_SUM

    def __init__(self, calls: int = 5) -> None:
        super().__init__()
        self.calls = calls
        self.seats = ("caller",)
        self.actions = ActionTable(self.name, ["call heads", "call tails", "heads", "tails"])

    def new_initial_state(self) -> CoinState:
        return CoinState(self)


class CoinState(State):
    __slots__ = ("game", "moves")
    game: CoinGame

    def __init__(self, game: CoinGame) -> None:
        self.game = game
        self.moves: list[int] = []  # call, fall, call, fall…

    def _over(self) -> bool:
        return len(self.moves) == 2 * self.game.calls or self._missed()

    def _missed(self) -> bool:
        m = self.moves
        return any(m[i] + 2 != m[i + 1] for i in range(0, len(m) - 1, 2))

    def current_player(self) -> int:
        if self._over():
            return TERMINAL
        return CHANCE if len(self.moves) % 2 else 0

    def legal_actions(self) -> list[Action]:
        if self._over():
            return []
        table = self.game.actions
        return [table[FALLS_HEADS], table[FALLS_TAILS]] if len(self.moves) % 2 else [table[HEADS], table[TAILS]]

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if self.current_player() != CHANCE:
            return []
        table = self.game.actions
        return [(table[FALLS_HEADS], P_HEADS), (table[FALLS_TAILS], 1 - P_HEADS)]

    def apply_action(self, action: int) -> None:
        self.check_legal(action)
        self.moves.append(int(action))

    def returns(self) -> list[float]:
        if not self._over():
            return [0.0]
        return [-1.0 if self._missed() else 1.0]

    def clone(self) -> CoinState:
        other = object.__new__(CoinState)
        other.game, other.moves = self.game, self.moves[:]
        return other

    def history(self) -> list[Action]:
        return [self.game.actions[a] for a in self.moves]

    def view(self, seat: int | None = None) -> dict[str, Any]:
        return {"moves": [str(a) for a in self.history()], "returns": self.returns()}
