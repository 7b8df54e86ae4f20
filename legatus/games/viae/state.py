"""A VIAE position: a few flat lists of small integers, the procedure stack on top
(:mod:`.procedures`). Seats are 0..n-1; cities, roads and regions are board indices; cards are
indices into their deck's table (Deceptio by kind, with counts).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from legatus.core.chain import Chain, unchain
from legatus.core.game import State, TextCommand
from legatus.core.procedure_state import ProcedureState
from legatus.core.procedures import Frame

from . import choices, resample
from . import text as screen
from .decks import CASTRA, CYCLE_BACK, DECEPTIO, FORTUNA, MANDATUM
from .effects import ModsMemo
from .ids import Id
from .log import line, outcome
from .procedures import TABLE
from .rules import chance, end, setup
from .rules.agere import PathMemo
from .secret_log import log_entry
from .view import text, view

if TYPE_CHECKING:
    from .game import ViaeGame

__all__ = ["CASTRA", "CYCLE_BACK", "DECEPTIO", "FORTUNA", "MANDATUM", "ViaeState", "log_entry"]


_LISTS = ("denar", "stone", "influence", "legio", "assigned", "scouts", "used",
          "marker", "prev", "control", "hostility", "road_owner", "hand", "deck", "discard", "draws")
_TUPLES = ("order", "spot", "basilicas_left", "completed", "played", "dmods", "cycle_out", "dice", "kept",
           "started", "basilica", "castra_pile", "fortuna_pile", "fortuna_active", "fortuna_discard",
           "mandatum_pool", "public", "personal", "forts", "milestones", "officers", "castra")
# _TUPLES: fields that change seldom (a few times a turn at most), replaced whole when they do, shared by clones
_SCALARS = ("round", "turn_i", "actions_used", "in_roma", "bought", "must_conquer", "target",
            "rolls_left", "adjust", "rerolled", "last_round", "ordo_i", "stip_i", "free_n",
            "secret_chain", "path_memo", "plan_memo", "mods_memo")  # the memos: replaced whole, never changed in place


class ViaeState(ProcedureState):
    """The contract is the core's :class:`ProcedureState` on VIAE's table; this class adds the
    fields, the secret log (kept by :meth:`before_action`) and what a seat reads of a position."""

    __slots__ = (*_LISTS, *_TUPLES, *_SCALARS)  # noqa: PLE0605
    game: ViaeGame
    procedures = TABLE
    order: tuple[int, ...]
    spot: tuple[int, ...]
    denar: list[int]
    stone: list[int]
    influence: list[int]
    legio: list[int]
    assigned: list[int]
    scouts: list[int]
    officers: tuple[int, ...]
    used: list[int]
    marker: list[int]
    prev: list[int]
    control: list[int]
    hostility: list[int]
    road_owner: list[int]
    basilica: tuple[int, ...]
    hand: list[int]
    deck: list[int]
    discard: list[int]
    castra: tuple[int, ...]
    castra_pile: tuple[int, ...]
    cycle_out: tuple[int, ...]
    fortuna_pile: tuple[int, ...]
    fortuna_active: tuple[int, ...]
    fortuna_discard: tuple[int, ...]
    mandatum_pool: tuple[int, ...]
    public: tuple[int, ...]
    personal: tuple[int, ...]
    completed: tuple[int, ...]
    played: tuple[int, ...]
    dice: tuple[int, ...]
    kept: tuple[int, ...]
    forts: tuple[int, ...]
    milestones: tuple[int, ...]
    basilicas_left: tuple[int, ...]
    started: tuple[int, ...]
    path_memo: PathMemo | None  # the last Move search and what it read (agere.paths), shared by clones
    mods_memo: ModsMemo | None  # the modifiers in force for a seat (effects.mods_of), shared by clones
    plan_memo: resample.PlanMemo | None  # this state's last redraw plan (resample.redraw), never cloned
    secret_chain: Chain  # the actions that move a Deceptio or personal Mandatum card (log_entry)
    dmods: tuple[tuple[int, int], ...]  # (owner, Deceptio kind) of the modifiers played
    draws: list[tuple[int, int]]  # (deck, seat or slot) queued
    round: int
    turn_i: int
    actions_used: int
    in_roma: int
    bought: int
    must_conquer: int
    target: int
    rolls_left: int
    adjust: int
    rerolled: int
    last_round: int
    ordo_i: int
    stip_i: int
    free_n: int

    def __init__(self, game: ViaeGame) -> None:
        self.start(game)
        self.path_memo = self.plan_memo = self.mods_memo = None
        setup.initial(self)
        self.settle()

    def before_action(self, action: int) -> None:
        if action in self.game.secret_actions:
            self._log_secret(action)

    def _log_secret(self, a: int) -> None:
        """Notes who moves the card and in which round, so that :meth:`redraw` can draw the
        hidden cards anew without replaying the game (an entry packs history index, round, seat)."""
        proc = self.frame()[0]
        if proc == Id.DRAW:
            seat = max(self.draws[0][1], -1)  # -1: a public Mandatum
        elif proc == Id.LOSE:
            seat = self.frame()[1]
        else:
            seat = self.current_player()
        self.secret_chain = (self.secret_chain, log_entry(self.moves, self.round, seat))

    def redraw(self, seat: int, rng: random.Random) -> ViaeState | None:
        """The other seats' unseen cards drawn again (see :mod:`.resample`): no replay."""
        return resample.redraw(self, seat, rng)

    def returns(self) -> list[float]:
        return end.returns(self)

    @property
    def secret_log(self) -> list[int]:
        """The moves of the secret cards, oldest first (:func:`log_entry`)."""
        return unchain(self.secret_chain)

    def clone(self) -> ViaeState:
        # Field by field (a loop of getattr/setattr costs twice as much): the lists of _LISTS
        # copied, the tuples of _TUPLES and the immutable values of _SCALARS (the secret log's
        # chain among them) shared, except plan_memo, which is never cloned.
        # One statement a field, list.copy called as a local: a third faster in CPython 3.11 than
        # slices (a slice object each) and than assignments of several fields (a tuple each).
        o = object.__new__(ViaeState)
        c = list.copy
        self.copy_contract(o)
        o.denar = c(self.denar)
        o.stone = c(self.stone)
        o.influence = c(self.influence)
        o.legio = c(self.legio)
        o.assigned = c(self.assigned)
        o.scouts = c(self.scouts)
        o.used = c(self.used)
        o.marker = c(self.marker)
        o.prev = c(self.prev)
        o.control = c(self.control)
        o.hostility = c(self.hostility)
        o.road_owner = c(self.road_owner)
        o.hand = c(self.hand)
        o.deck = c(self.deck)
        o.discard = c(self.discard)
        o.draws = c(self.draws)
        o.order = self.order
        o.spot = self.spot
        o.basilicas_left = self.basilicas_left
        o.completed = self.completed
        o.played = self.played
        o.dmods = self.dmods
        o.cycle_out = self.cycle_out
        o.dice = self.dice
        o.kept = self.kept
        o.started = self.started
        o.castra = self.castra
        o.officers = self.officers
        o.basilica = self.basilica
        o.milestones = self.milestones
        o.forts = self.forts
        o.castra_pile = self.castra_pile
        o.personal = self.personal
        o.public = self.public
        o.mandatum_pool = self.mandatum_pool
        o.fortuna_discard = self.fortuna_discard
        o.fortuna_active = self.fortuna_active
        o.fortuna_pile = self.fortuna_pile
        o.round = self.round
        o.turn_i = self.turn_i
        o.actions_used = self.actions_used
        o.in_roma = self.in_roma
        o.bought = self.bought
        o.must_conquer = self.must_conquer
        o.target = self.target
        o.rolls_left = self.rolls_left
        o.adjust = self.adjust
        o.rerolled = self.rerolled
        o.last_round = self.last_round
        o.ordo_i = self.ordo_i
        o.stip_i = self.stip_i
        o.free_n = self.free_n
        o.secret_chain = self.secret_chain
        o.path_memo = self.path_memo
        o.mods_memo = self.mods_memo
        o.plan_memo = None
        return o

    def view(self, seat: int | None = None) -> dict[str, Any]:
        return view(self, seat)

    def action_to_string(self, action: int, seat: int | None = None) -> str:
        return chance.redact(self, int(action), seat)

    def log_string(self, action: int, seat: int | None) -> str:
        return line(self, int(action), seat)

    def log_outcome(self, action: int, after: State) -> str:
        assert isinstance(after, ViaeState)
        return outcome(self, int(action), after)

    def reveals_information(self, action: int) -> bool:
        """A Deceptio played or discarded face up; the decision that ends a conquest, after
        which every seat sees whether a personal Mandatum came true (a claim follows, or none:
        C48); and the claim itself. An undo past one would hide again what the others saw."""
        g = self.game
        a = int(action)
        n = g.notation
        if n["play"] <= a < n["play"] + len(g.cards.deceptio) or \
                n["discard"] <= a < n["discard"] + len(g.cards.deceptio):
            return True
        proc = self.frame()[0] if self.stack else -1
        return proc == Id.CLAIM or proc == Id.KEEP and self.rolls_left == 1 and \
            n["keep"] <= a < n["basilica"]  # a die kept, not a card played after the roll

    def summary(self) -> dict[str, Any]:
        out = super().summary()
        if self.is_terminal():
            out["outcome"] = "mandatum" if self.last_round else "round 12"
            out["rounds"] = self.round
            out["scores"] = end.scores(self)
        return out

    def to_text(self, markup: bool = False) -> str:
        return text(self)

    def view_text(self, seat: int, markup: bool = False, full: bool = True) -> str:
        return screen.render(self.game, self.view(seat), markup, full)

    def describe(self, action: int) -> str:
        """The notation, its cards named, with what the choice costs and does (:mod:`.choices`)."""
        return choices.describe(self, int(action))

    def menu_text(self, action: int) -> str:
        """A card chosen by its id and cost alone: the hand above shows its name and text."""
        return choices.menu_text(self, int(action))

    def text_commands(self) -> dict[str, TextCommand]:
        """Public facts only (a spectator's view): whoever types them may be any seat."""
        return {
            "map": TextCommand("map", "the cities by region, owners and values; every road",
                               lambda _: screen.map_text(self.game, self.view(None))),
            "near": TextCommand("near CITY", "its roads and harbour, and what a move or a sail costs",
                                lambda name: screen.near_text(self.game, self.view(None), name)),
            "card": TextCommand("card ID", "a card of any deck, e.g. card D02, card M01",
                                lambda name: screen.card_text(self.game, name)),
        }

    # --- small shared helpers ------------------------------------------------------------
    def hand_of(self, seat: int) -> list[int]:
        k = len(self.game.cards.deceptio)
        return self.hand[seat * k:(seat + 1) * k]

    def hand_size(self, seat: int) -> int:
        return sum(self.hand_of(seat))

    def scouts_at(self, city: int) -> int:
        # seat p's scouts on a city are at p * cities + city: a stride-cities slice holds each seat's
        return sum(self.scouts[city::len(self.game.board.city_ids)])

    def scouts_of(self, seat: int) -> int:
        c = len(self.game.board.city_ids)
        return sum(self.scouts[seat * c:(seat + 1) * c])

    def free_legio(self, seat: int) -> int:
        """Legio in the Cohorte, neither assigned nor scouting (V14, C33)."""
        return self.legio[seat] - self.assigned[seat] - self.scouts_of(seat)

    def cities_of(self, seat: int) -> list[int]:
        # found by list.index, in board order: a seat holds a few of the cities, so scanning them
        # at C speed beats testing each in Python (the heuristic's valuation calls this most)
        control, out, c = self.control, [], -1
        for _ in range(control.count(seat)):
            c = control.index(seat, c + 1)
            out.append(c)
        return out

    def roads_of(self, seat: int) -> int:
        return self.road_owner.count(seat)

    def turn_seat(self) -> int:
        return self.order[self.turn_i]

    def frame(self) -> Frame:
        return self.stack[-1]
