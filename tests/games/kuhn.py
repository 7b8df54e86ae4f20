"""Kuhn poker: the smallest poker, OpenSpiel's ``kuhn_poker`` on the legatus core (a test game).

Two seats ante 1 each. Three cards, J < Q < K: each seat is dealt one, a private draw shown
to its seat only. The first seat passes or bets 1, then the second; after a pass and a bet
the first seat may still call (``bet``) or fold (``pass``). A fold loses the antes and bets
put in; otherwise the higher card takes the pot. Returns are chips won: a zero-sum game on
[−2, 2] whose value for the first seat is −1/18 (the conformance tests solve it with
OpenSpiel's CFR through the OpenSpiel adapter).
"""

from __future__ import annotations

from typing import Any

from legatus.core.actions import Action, ActionTable
from legatus.core.game import CHANCE, TERMINAL, Game, Information, State, Utility

CARDS = ("J", "Q", "K")
PASS, BET = len(CARDS), len(CARDS) + 1  # after the deals: chance outcomes come first


class KuhnGame(Game):
    """Kuhn poker (a test game)."""

    name = "kuhn"
    title = "Kuhn poker"
    MIN_PLAYERS = 2
    MAX_PLAYERS = 2
    information = Information.IMPERFECT
    utility = Utility.ZERO_SUM
    min_utility = -2.0
    max_utility = 2.0

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.seats = ("alice", "bob")
        self.actions = ActionTable(self.name, [*(f"deal {c}" for c in CARDS), "pass", "bet"])

    def max_chance_outcomes(self) -> int:
        return len(CARDS)

    def new_initial_state(self) -> KuhnState:
        return KuhnState(self)


class KuhnState(State):
    __slots__ = ("game", "cards", "bets")
    game: KuhnGame

    def __init__(self, game: KuhnGame) -> None:
        self.game = game
        self.cards: list[int] = []  # each seat's card, in seat order
        self.bets: list[int] = []  # PASS or BET, in turn

    def current_player(self) -> int:
        if len(self.cards) < 2:
            return CHANCE
        if self._over():
            return TERMINAL
        return len(self.bets) % 2

    def _over(self) -> bool:
        b = self.bets
        return len(b) == 3 or (len(b) == 2 and (b[1] == PASS or b[0] == BET))

    def legal_actions(self) -> list[Action]:
        table = self.game.actions
        if len(self.cards) < 2:
            return [table[c] for c in range(len(CARDS)) if c not in self.cards]
        return [] if self._over() else [table[PASS], table[BET]]

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if len(self.cards) == 2:
            return []
        left = self.legal_actions()
        return [(a, 1.0 / len(left)) for a in left]

    def apply_action(self, action: int) -> None:
        self.check_legal(action)
        (self.cards if len(self.cards) < 2 else self.bets).append(int(action))

    def stakes(self) -> list[int]:
        """Each seat's chips in the pot: its ante and its bet."""
        put = [1, 1]
        for turn, bet in enumerate(self.bets):
            put[turn % 2] += bet == BET
        return put

    def returns(self) -> list[float]:
        if len(self.cards) < 2 or not self._over():
            return [0.0, 0.0]
        put = self.stakes()
        if put[0] != put[1]:  # a fold: the seat that put more in takes the pot
            winner = 0 if put[0] > put[1] else 1
        else:
            winner = 0 if self.cards[0] > self.cards[1] else 1
        won = float(min(put))
        return [won, -won] if winner == 0 else [-won, won]

    def clone(self) -> KuhnState:
        other = object.__new__(KuhnState)
        other.game, other.cards, other.bets = self.game, self.cards[:], self.bets[:]
        return other

    def history(self) -> list[Action]:
        table = self.game.actions
        return [table[a] for a in (*self.cards, *self.bets)]

    # --- secrets: the two places they are removed -------------------------------------------
    def action_to_string(self, action: int, seat: int | None = None) -> str:
        dealt = len(self.cards)
        if dealt < 2 and seat is not None and seat != dealt:
            return f"{self.game.seats[dealt]} is dealt a card"
        return str(self.game.actions[action])

    def view(self, seat: int | None = None) -> dict[str, Any]:
        mine = seat is not None and seat < len(self.cards)
        return {
            "seat": None if seat is None else self.game.seats[seat],
            "card": CARDS[self.cards[seat]] if mine and seat is not None else None,
            "bets": [str(self.game.actions[b]) for b in self.bets],
            "pot": self.stakes(),
            "to_move": None if self.is_terminal() else self.seat_name(self.current_player()),
            "legal_actions": [str(a) for a in self.legal_actions()] if seat == self.current_player() else [],
            "returns": self.returns() if self.is_terminal() else None,
        }

    def to_text(self, markup: bool = False) -> str:
        cards = " ".join(f"{s}:{CARDS[c]}" for s, c in zip(self.game.seats, self.cards, strict=False))
        return f"{cards} | {' '.join(str(self.game.actions[b]) for b in self.bets)} | pot {self.stakes()}"
