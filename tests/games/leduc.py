"""Leduc poker: OpenSpiel's ``leduc_poker`` (its defaults: two seats, two suits) on the legatus
core (a test game).

Six cards, J, Q and K in two suits (s, h). Each seat antes 1 and is dealt one card, a private
draw shown to its seat only. Two betting rounds, the first seat opening each: a seat calls
(matches the stakes, or checks when there is nothing to match), raises (calls, then adds 2 in
the first round, 4 in the second; at most two raises a round) or folds (only when behind). A
round ends when both have called in turn, or when a raise has been called. Between the
rounds one public card is dealt. A fold loses what the seat put in; at the showdown a pair
with the public card beats any other hand, then the higher card wins, and equal ranks split
the pot. Returns are chips won: zero-sum on [−13, 13].
"""

from __future__ import annotations

from typing import Any

from legatus.core.actions import Action, ActionTable
from legatus.core.game import CHANCE, TERMINAL, Game, Information, State, Utility

CARDS = tuple(f"{rank}{suit}" for rank in "JQK" for suit in "sh")  # card // 2 is its rank
FOLD, CALL, RAISE = len(CARDS), len(CARDS) + 1, len(CARDS) + 2  # after the deals: chance outcomes first
RAISES = (2, 4)  # the raise of each round
MAX_RAISES = 2  # a round


class LeducGame(Game):
    """Leduc poker (a test game)."""

    name = "leduc"
    title = "Leduc poker"
    MIN_PLAYERS = 2
    MAX_PLAYERS = 2
    information = Information.IMPERFECT
    utility = Utility.ZERO_SUM
    min_utility = -13.0  # the ante and two raises in each round, all called, then lost
    max_utility = 13.0

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.seats = ("alice", "bob")
        self.actions = ActionTable(self.name, [*(f"deal {c}" for c in CARDS), "fold", "call", "raise"])

    def max_chance_outcomes(self) -> int:
        return len(CARDS)

    def new_initial_state(self) -> LeducState:
        return LeducState(self)


class LeducState(State):
    __slots__ = ("game", "private", "public", "put", "raises", "calls", "folded", "player", "bets", "actions")
    game: LeducGame

    def __init__(self, game: LeducGame) -> None:
        self.game = game
        self.private: list[int] = []  # each seat's card, in seat order
        self.public = -1  # the public card (-1: not dealt)
        self.put = [1, 1]  # each seat's chips in the pot
        self.raises = 0  # raises this round
        self.calls = 0  # calls since the last raise, this round
        self.folded = -1  # the seat that folded (-1: none)
        self.player = CHANCE  # current_player(), kept up to date: search asks for it at every node
        self.bets: list[list[int]] = [[], []]  # each round's decisions
        self.actions: list[int] = []

    def round(self) -> int:
        """The betting round: 0 before the public card, 1 after."""
        return 0 if self.public < 0 else 1

    def current_player(self) -> int:
        return self.player

    def legal_actions(self) -> list[Action]:
        table = self.game.actions
        player = self.player
        if player == CHANCE:
            dealt = {*self.private, self.public}
            return [table[c] for c in range(len(CARDS)) if c not in dealt]
        if player == TERMINAL:
            return []
        legal = [table[FOLD]] if self.put[player] < max(self.put) else []
        legal.append(table[CALL])
        if self.raises < MAX_RAISES:
            legal.append(table[RAISE])
        return legal

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if self.player != CHANCE:
            return []
        left = self.legal_actions()
        return [(a, 1.0 / len(left)) for a in left]

    def apply_action(self, action: int) -> None:
        self.check_legal(action)
        a = int(action)
        self.actions.append(a)
        if self.player == CHANCE:
            if len(self.private) < 2:
                self.private.append(a)
                self.player = CHANCE if len(self.private) < 2 else 0
            else:  # the public card opens the second round, the first seat first
                self.public, self.raises, self.calls, self.player = a, 0, 0, 0
            return
        seat = self.player
        self.bets[self.round()].append(a)
        if a == FOLD:
            self.folded, self.player = seat, TERMINAL
            return
        self.put[seat] = max(self.put)
        if a == CALL:
            self.calls += 1
        else:
            self.put[seat] += RAISES[self.round()]
            self.raises += 1
            self.calls = 0
        if self.calls < (1 if self.raises else 2):
            self.player = 1 - seat
        else:  # the round is over: the public card, or the showdown
            self.player = CHANCE if self.public < 0 else TERMINAL

    def rank(self, seat: int) -> int:
        """The strength of ``seat``'s hand with the public card: a pair beats any high card."""
        mine, board = self.private[seat] // 2, self.public // 2
        return 100 + mine if mine == board else 10 * mine + board

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0, 0.0]
        if self.folded >= 0:
            winner = 1 - self.folded
        else:
            ranks = [self.rank(0), self.rank(1)]
            if ranks[0] == ranks[1]:
                return [0.0, 0.0]  # the pot split: each seat gets back what it put in
            winner = 0 if ranks[0] > ranks[1] else 1
        won = float(self.put[1 - winner])
        return [won, -won] if winner == 0 else [-won, won]

    def clone(self) -> LeducState:
        other = object.__new__(LeducState)
        other.game = self.game
        other.private, other.put, other.actions = self.private[:], self.put[:], self.actions[:]
        other.bets = [b[:] for b in self.bets]
        other.public, other.raises, other.calls = self.public, self.raises, self.calls
        other.folded, other.player = self.folded, self.player
        return other

    def history(self) -> list[Action]:
        table = self.game.actions
        return [table[a] for a in self.actions]

    # --- secrets: the two places they are removed -------------------------------------------
    def action_to_string(self, action: int, seat: int | None = None) -> str:
        dealt = len(self.private)
        if dealt < 2 and seat is not None and seat != dealt:
            return f"{self.game.seats[dealt]} is dealt a card"
        return str(self.game.actions[action])

    def information_state_string(self, seat: int) -> str:
        """The core's (the seat's history, the other seat's card redacted), written directly:
        replaying the history for each call would slow OpenSpiel's CFR tenfold."""
        table, seats = self.game.actions, self.game.seats
        seen = [f"{seats[i]} is dealt a card" if i < 2 and i != seat else str(table[a])
                for i, a in enumerate(self.actions)]
        return f"{seats[seat]}: " + "; ".join(seen)

    def view(self, seat: int | None = None) -> dict[str, Any]:
        table = self.game.actions
        mine = seat is not None and seat < len(self.private)
        return {
            "seat": None if seat is None else self.game.seats[seat],
            "card": CARDS[self.private[seat]] if mine and seat is not None else None,
            "public": CARDS[self.public] if self.public >= 0 else None,
            "bets": [[str(table[b]) for b in bets] for bets in self.bets],
            "pot": self.put[:],
            "to_move": None if self.is_terminal() else self.seat_name(self.current_player()),
            "legal_actions": [str(a) for a in self.legal_actions()] if seat == self.current_player() else [],
            "returns": self.returns() if self.is_terminal() else None,
        }

    def to_text(self, markup: bool = False) -> str:
        table = self.game.actions
        cards = " ".join(f"{s}:{CARDS[c]}" for s, c in zip(self.game.seats, self.private, strict=False))
        public = CARDS[self.public] if self.public >= 0 else "-"
        rounds = " / ".join(" ".join(str(table[b]) for b in bets) for bets in self.bets)
        return f"{cards} public:{public} | {rounds} | pot {self.put}"
