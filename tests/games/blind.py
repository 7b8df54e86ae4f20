"""Blind Hand: a small card game with every kind of secret, to test the core without Hispania.

2–4 seats. The deck holds the cards 1…``cards`` and, with ``marker``, one card named
``aquila`` that no one but its holder may ever see: it cannot be played face up, only
discarded face down. Each seat is dealt two cards, one private draw at a time. Then, for
``turns`` turns each, the seat to move plays a card face up (its value scores), discards one
face down (others see only that a card went), or draws a private card. The highest score
wins (a tie shares the win): a constant-sum game on [0, 1].

Secrets: the deal and every draw are shown to the drawing seat only; a face-down discard to
the discarding seat only. The secrecy tests plant ``aquila`` and search every output of the
other seats for it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from legatus.core.actions import Action, ActionTable
from legatus.core.errors import OptionError
from legatus.core.game import CHANCE, TERMINAL, Game, Information, Option, State, Utility, parse_flag
from legatus.core.secrecy import Fits, earlier_unseen_draw
from legatus.core.solo import SingleAgent

MARKER = "aquila"
HAND = 2  # cards dealt to each seat
TRIES = 20  # worlds drawn directly before the core's search decides


def _int_in(name: str, low: int, high: int) -> Any:
    def parse(value: Any) -> int:
        try:
            number = int(value)
        except (TypeError, ValueError):
            number = low - 1
        if isinstance(value, bool) or not low <= number <= high:
            raise OptionError(f"{name} {value!r} must be a whole number from {low} to {high}")
        return number

    return parse



class BlindGame(Game):
    """Blind Hand (a test game)."""

    name = "blind"
    title = "Blind Hand"
    MIN_PLAYERS = 2
    MAX_PLAYERS = 4
    information = Information.IMPERFECT
    utility = Utility.CONSTANT_SUM
    min_utility = 0.0
    max_utility = 1.0
    utility_sum = 1.0  # the winners share the win
    OPTIONS = {
        **Game.OPTIONS,
        "players": Option(2, _int_in("players", 2, 4), "seats: 2 to 4", {"kind": "choice", "choices": [2, 3, 4]}),
        "cards": Option(6, _int_in("cards", 4, 12), "cards in the deck besides the marker: 4 to 12",
                        {"kind": "int"}),
        "turns": Option(2, _int_in("turns", 1, 5), "turns each seat takes after the deal: 1 to 5", {"kind": "int"}),
        "marker": Option(True, parse_flag("marker"), f"whether the deck holds the secret card '{MARKER}'",
                         {"kind": "bool"}),
    }
    SWEEP = {"players": [2, 3], "turns": [1, 2]}
    SINGLE_AGENT = SingleAgent(1, "random", {"players": 2}, "BlindEnv")  # Gymnasium's GameEnv: the second seat

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.seats = tuple(f"seat{i + 1}" for i in range(self.options["players"]))
        self.cards = tuple(str(c) for c in range(1, self.options["cards"] + 1)) + \
            ((MARKER,) if self.options["marker"] else ())
        n = len(self.cards)
        # ids: deal <card> (chance), play <card>, discard <card>, draw
        if n < HAND * len(self.seats):
            raise OptionError(f"cards {self.options['cards']} are too few to deal {HAND} to each of "
                              f"{len(self.seats)} seats")
        texts = [f"deal {c}" for c in self.cards] + [f"play {c}" for c in self.cards] + \
                [f"discard {c}" for c in self.cards] + ["draw", "pass"]
        self.actions = ActionTable(self.name, texts)
        self.DEAL, self.PLAY, self.DISCARD, self.DRAW, self.PASS = 0, n, 2 * n, 3 * n, 3 * n + 1

    def max_chance_outcomes(self) -> int:
        return len(self.cards)

    @classmethod
    def fuzz_options(cls, rng: random.Random) -> dict[str, Any]:
        players = rng.randint(2, 4)
        return {"players": players, "cards": rng.randint(HAND * players, 12), "turns": rng.randint(1, 5)}

    def consistent_state(self, seat: int, seen: Sequence[str], rng: random.Random | None = None,
                         start: State | None = None, fits: Fits | None = None) -> State:
        """A direct draw of the cards ``seat`` has not seen: the core's search would guess each
        unseen draw blindly and learn only when the card is played, turns later. Each card
        another seat plays goes to one of its unseen draws before the play; the other unseen
        draws take cards no one has seen; a face-down discard, a card the seat will not play. A
        world that fails is drawn anew; after :data:`TRIES` the core's search decides."""
        if start is not None:
            return super().consistent_state(seat, seen, rng, start, fits)
        rng = rng or random.Random(0)
        n, names = self.num_players(), self.seats
        drawer = {f"{name} draws a card": s for s, name in enumerate(names)}
        discarder = {f"{name} discards a card face down": s for s, name in enumerate(names)}
        unseen_draws: list[list[int]] = [[] for _ in range(n)]  # each seat's unseen draws, by index
        plays: list[list[tuple[int, int]]] = [[] for _ in range(n)]  # (index, card) of others' plays
        known: set[int] = set()  # cards seat has seen (its own, and every card played)
        mover, dealt = 0, HAND * n
        for i, text in enumerate(seen):
            if text in drawer:
                unseen_draws[drawer[text]].append(i)
            else:
                word, _, card = text.partition(" ")
                if card in self.cards:
                    known.add(self.cards.index(card))
                if word == "play":
                    plays[mover].append((i, self.cards.index(card)))
            if i >= dealt and text != "draw":  # whose turn follows from the turn order alone
                mover = (mover + 1) % n
        for _ in range(TRIES):
            state = self._draw_world(seat, seen, unseen_draws, plays, known, discarder, rng)
            if state is not None:
                return state
        return super().consistent_state(seat, seen, rng)

    def _draw_world(self, seat: int, seen: Sequence[str], unseen_draws: list[list[int]],
                    plays: list[list[tuple[int, int]]], known: set[int], discarder: dict[str, int],
                    rng: random.Random) -> BlindState | None:
        """One drawn world replayed; None where a face-down discard finds only cards played later
        (a card played later was given to a draw after all)."""
        choice: dict[int, int] = {}
        for s in range(self.num_players()):
            if s == seat:
                continue
            free = list(unseen_draws[s])
            for i, card in plays[s]:  # a later card played: drawn by one of the earlier unseen draws
                choice[earlier_unseen_draw(free, i, seen, self.seats[s], rng)] = card
        pool = [c for c in range(len(self.cards)) if c not in known]
        rng.shuffle(pool)
        for d in sorted(i for draws in unseen_draws for i in draws if i not in choice):
            choice[d] = pool.pop()
        state = self.new_initial_state()
        for i, text in enumerate(seen):
            if i in choice:
                action = self.DEAL + choice[i]
            elif text in discarder:
                s = discarder[text]
                keep = {card for j, card in plays[s] if j > i}
                spare = [c for c in state.hands[s] if c not in keep]
                if not spare:
                    return None
                action = self.DISCARD + rng.choice(spare)
            else:
                action = int(state.parse_action(text))
            state.apply_action(action)
        return state

    def invariants(self, state: State) -> list[str]:
        assert isinstance(state, BlindState)
        held = sorted([*state.deck, *(c for h in state.hands for c in h), *(c for p in state.played for c in p),
                       *(c for d in state.discards for c in d)])
        return [] if held == list(range(len(self.cards))) else [f"the cards are not all in one place: {held}"]

    def new_initial_state(self) -> BlindState:
        return BlindState(self)

    def observation_size(self) -> int:
        n, c = self.num_players(), len(self.cards)
        return 4 * n + 2 * c + n * c + 2

    def observation_tensor(self, state: State, seat: int | None) -> list[float]:
        """What ``seat`` sees, in [0, 1]: who it is, whose turn, its hand and its face-down
        discards, the cards each seat played, every seat's hand size and discards, the deck
        and the turns left (``None``: the public part only)."""
        assert isinstance(state, BlindState)
        n, c = self.num_players(), len(self.cards)

        def one_hot(index: int | None, size: int) -> list[float]:
            return [1.0 if i == index else 0.0 for i in range(size)]

        def cards(held: list[int]) -> list[float]:
            return [1.0 if i in held else 0.0 for i in range(c)]

        player = state.current_player()
        out = one_hot(seat, n) + one_hot(player if player >= 0 else None, n)
        out += cards(state.hands[seat] if seat is not None else []) + \
            cards(state.discards[seat] if seat is not None else [])
        for played in state.played:
            out += cards(played)
        out += [len(h) / c for h in state.hands] + [len(d) / c for d in state.discards] + \
            [len(state.deck) / c, state.turns_left / (self.options["turns"] * n)]
        return out


class BlindState(State):
    __slots__ = ("game", "deck", "hands", "played", "discards", "to_move", "drawing", "turns_left", "actions")
    game: BlindGame

    def __init__(self, game: BlindGame) -> None:
        self.game = game
        n = game.num_players()
        self.deck = list(range(len(game.cards)))
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.played: list[list[int]] = [[] for _ in range(n)]
        self.discards: list[list[int]] = [[] for _ in range(n)]
        self.to_move = 0
        self.drawing = 0  # the seat a pending draw goes to (-1: none pending)
        self.turns_left = game.options["turns"] * n
        self.actions: list[int] = []

    # --- contract -------------------------------------------------------------------------
    def current_player(self) -> int:
        if self.drawing >= 0:
            return CHANCE
        return TERMINAL if self.turns_left == 0 else self.to_move

    def legal_actions(self) -> list[Action]:
        table, g = self.game.actions, self.game
        if self.drawing >= 0:
            return [table[g.DEAL + c] for c in sorted(self.deck)]
        if self.turns_left == 0:
            return []
        hand = sorted(self.hands[self.to_move])
        legal = [table[g.PLAY + c] for c in hand if g.cards[c] != MARKER]
        legal += [table[g.DISCARD + c] for c in hand]
        if self.deck:
            legal.append(table[g.DRAW])
        return legal or [table[g.PASS]]

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if self.drawing < 0:
            return []
        p = 1.0 / len(self.deck)
        return [(a, p) for a in self.legal_actions()]

    def apply_action(self, action: int) -> None:
        a, g = int(action), self.game
        self.check_legal(a)
        self.actions.append(a)
        n = g.num_players()
        if self.drawing >= 0:
            card = a - g.DEAL
            self.deck.remove(card)
            self.hands[self.drawing].append(card)
            dealt = len(self.actions)
            if dealt <= HAND * n:  # the deal, seat after seat
                self.drawing = dealt % n if dealt < HAND * n else -1
            else:  # a draw ends the turn
                self.drawing = -1
                self._next_turn()
            return
        seat = self.to_move
        if a == g.DRAW:
            self.drawing = seat
            return
        if a == g.PASS:
            self._next_turn()
            return
        if a >= g.DISCARD:
            card = a - g.DISCARD
            self.discards[seat].append(card)
        else:
            card = a - g.PLAY
            self.played[seat].append(card)
        self.hands[seat].remove(card)
        self._next_turn()

    def _next_turn(self) -> None:
        self.turns_left -= 1
        self.to_move = (self.to_move + 1) % self.game.num_players()

    def returns(self) -> list[float]:
        if self.turns_left or self.drawing >= 0:
            return [0.0] * self.game.num_players()
        scores = self.scores()
        best = max(scores)
        winners = [s for s, v in enumerate(scores) if v == best]
        return [1.0 / len(winners) if s in winners else 0.0 for s in range(len(scores))]

    def scores(self) -> list[int]:
        cards = self.game.cards
        return [sum(int(cards[c]) for c in p) for p in self.played]

    def clone(self) -> BlindState:
        other = object.__new__(BlindState)
        other.game = self.game
        other.deck = self.deck[:]
        other.hands = [h[:] for h in self.hands]
        other.played = [p[:] for p in self.played]
        other.discards = [d[:] for d in self.discards]
        other.to_move, other.drawing, other.turns_left = self.to_move, self.drawing, self.turns_left
        other.actions = self.actions[:]
        return other

    def history(self) -> list[Action]:
        table = self.game.actions
        return [table[a] for a in self.actions]

    # --- secrets: the two places they are removed -------------------------------------------
    def action_to_string(self, action: int, seat: int | None = None) -> str:
        a, g = int(action), self.game
        if self.drawing >= 0 and seat is not None and seat != self.drawing:
            return f"{g.seats[self.drawing]} draws a card"
        if g.DISCARD <= a < g.DRAW and self.drawing < 0 and seat is not None and seat != self.to_move:
            return f"{g.seats[self.to_move]} discards a card face down"
        return str(g.actions[a])

    def view(self, seat: int | None = None) -> dict[str, Any]:
        g = self.game
        names = g.cards
        return {
            "seat": None if seat is None else g.seats[seat],
            "hand": None if seat is None else sorted(names[c] for c in self.hands[seat]),
            "hand_sizes": [len(h) for h in self.hands],
            "played": [[names[c] for c in p] for p in self.played],
            "discarded": [len(d) for d in self.discards],
            "my_discards": None if seat is None else [names[c] for c in self.discards[seat]],
            "deck": len(self.deck),
            "scores": self.scores(),
            "to_move": None if self.is_terminal() else self.seat_name(self.current_player()),
            "turns_left": self.turns_left,
            "legal_actions": [] if self.is_chance_node() or seat != self.current_player()
            else [str(a) for a in self.legal_actions()],
            "returns": self.returns() if self.is_terminal() else None,
        }

    def reveals_information(self, action: int) -> bool:
        return self.game.PLAY <= int(action) < self.game.DISCARD  # a card from a hidden hand, face up

    def to_text(self, markup: bool = False) -> str:
        g = self.game
        lines = [f"deck: {len(self.deck)} cards; turns left: {self.turns_left}"]
        for s, name in enumerate(g.seats):
            hand = " ".join(g.cards[c] for c in sorted(self.hands[s]))
            lines.append(f"{name}: hand [{hand}] played {[g.cards[c] for c in self.played[s]]} "
                         f"discarded {len(self.discards[s])}")
        return "\n".join(lines)

    def summary(self) -> dict[str, Any]:
        out = super().summary()
        out["outcome"] = "highest score" if self.is_terminal() else "unfinished"
        return out
