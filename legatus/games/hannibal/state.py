"""A Hannibal position: flat lists of small integers on the core's :class:`ProcedureState`, which
answers the contract from the running procedure (who decides, the legal actions, chance, the
one history).

The rules are in :mod:`.rules`, one module a part of the order of play; where the game waits
is a stack of procedures (:mod:`.procedures`, ids in :mod:`.ids`). Secrets (the strategy hands, the battle hands)
are removed in two places only: :meth:`HannibalState.action_to_string` and :mod:`.view`.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, ClassVar

from legatus.core.actions import Action
from legatus.core.game import State, TextCommand
from legatus.core.procedure_state import ProcedureState
from legatus.core.procedures import Procedures

from . import log, position, resample, text
from . import view as view_module
from .ids import Id
from .notation import SIDES, VERBS
from .procedures import SPLITS, TABLE
from .rules import base, movement, setup, splits

if TYPE_CHECKING:
    from .game import HannibalGame
    from .map import HannibalMap
    from .notation import Notation

# ``tribal``, ``ein`` and ``spent`` are tuples (they change seldom: shared by clones, written anew,
# position.TUPLES), kept here for the position's order of fields
_LISTS = ("ctrl", "tribal", "eleph", "inner", "ein", "spts", "sby", "gen_at", "g_in", "consul", "stamp", "deck",
          "discard", "removed", "bdeck", "path", "tried", "sieged", "moved_gens", "spent", "g_used", "m_used",
          "m_group", "failed", "bbegan", "blost", "bcut", "bplayed", "bdesert", "bdealt")
_NESTED = ("cu", "hands", "bhand", "known", "bshown", "bknown")
_SCALARS = (
    "turn", "to_play", "proconsul", "stamp_next", "truce", "truce_played", "naval_victory", "macedonia",
    "hanno_counsel", "cato_counsel", "siege_train", "winner", "reason",
    # the move in progress (H44-H61)
    "m_side", "m_gen", "m_card", "m_mode", "m_mp", "m_from", "m_phase", "m_intercepted", "m_avoided",
    "m_sailed", "m_fought", "m_all", "m_limit", "m_sea_used", "m_left", "m_eleph", "m_bonus", "m_weather", "m_pending",
    # the battle in progress (H73-H92)
    "b_space", "b_att", "b_orig", "b_from", "b_rounds", "b_card", "b_win", "b_win_card",
    "b_penalty", "b_sortie", "c_sea", "debt", "b_probe", "b_marharbal", "b_spy", "b_bonus", "b_withdrew", "b_sea",
    "queue",
)


class HannibalState(ProcedureState):
    """A position of Hannibal. Build it with ``game.new_initial_state()``.

    >>> import legatus
    >>> from legatus.games.hannibal.game import HannibalGame
    >>> state = HannibalGame().new_initial_state()
    >>> state.current_player() == legatus.CHANCE, state.prompt()
    (True, 'Deal rome card 1 of 7.')
    """

    __slots__ = ("board", "notation", *_LISTS, *_NESTED, *_SCALARS)
    FIELDS: ClassVar[tuple[str, ...]] = (*_LISTS, *_NESTED, *_SCALARS, "stack")
    """What a position holds: every field (the history and the cache are not in it)."""
    game: HannibalGame
    board: HannibalMap
    notation: Notation
    """The game's notation (``game.notation``; its ``table`` is ``game.actions``), read on the hot path
    from a slot: set once, never reassigned."""
    procedures: ClassVar[Procedures[HannibalState]] = TABLE
    # the map: per space
    ctrl: list[int]  # ROME, CARTHAGE, base.NEUTRAL (a standing neutral tribe) or base.NONE
    tribal: tuple[bool, ...]  # a tribe marker still stands (H96: gone once subjugated)
    cu: list[list[int]]  # per side, per space: CUs outside the walls (H51)
    eleph: list[int]  # Carthaginian elephant CUs among them (H4)
    inner: list[int]  # CUs inside a walled city, always its owner's (H51)
    ein: tuple[int, ...]  # elephant CUs among them
    spts: list[int]  # siege or subjugation points (H95)
    sby: list[int]  # the besieging side
    # Generals: per General
    gen_at: list[int]  # a space, or base.OFF / DEAD / LATER / AWAY
    g_in: list[int]  # the walled city he is inside (inside only while it is gen_at), or -1
    consul: list[bool]
    stamp: list[int]  # when he last arrived: among equals the latest commands (H42)
    # cards
    deck: list[int]
    discard: list[int]
    removed: list[int]
    hands: list[list[int]]
    known: list[list[int]]  # cards of a hand the other seat has seen (#55)
    bdeck: list[int]  # battle cards left, by kind
    bhand: list[list[int]]  # per side, by kind
    bplayed: list[int]
    # the turn
    turn: int
    to_play: int
    proconsul: int
    stamp_next: int
    truce: bool
    truce_played: bool
    naval_victory: bool
    macedonia: int  # #9: 0 never, 1 allied with Carthage, 2 over
    hanno_counsel: int  # #57/#58: 0 off, 1 on, 2 on until the next turn starts
    cato_counsel: int
    siege_train: int  # the General it is with, or -1
    winner: int
    reason: str
    debt: int  # PCs Carthage owes for Hannibal (H43)
    queue: tuple[int, ...]
    # the move in progress
    m_side: int
    m_gen: int
    m_card: int
    m_mode: int
    m_mp: int
    m_from: int
    m_phase: int
    m_intercepted: bool
    m_avoided: bool
    m_sailed: int
    m_fought: bool
    m_all: bool  # the army backed up or failed a pursuit: it has used all its movement (H52)
    m_limit: int
    m_sea_used: int
    m_left: int
    m_eleph: int  # the elephant CUs among them (H4: Carthage chooses how many go, rules.splits)
    m_bonus: int
    m_weather: int  # #41 Bad Weather this activation: 0 not asked yet, 1 not played, 2 played
    m_pending: int  # the step waiting for the answer about #41
    c_sea: int
    path: list[int]
    tried: list[int]
    sieged: list[int]
    moved_gens: list[int]
    m_group: list[int]  # subordinates moving with the activated General (H42)
    spent: tuple[int, ...]  # per space, by MP used: CUs moved there on this card's Campaign (H52, rules.campaign)
    g_used: list[int]  # per General: MP spent on this card's Campaign
    m_used: list[int]  # the moving army's CUs by MP spent on this card's Campaign
    failed: list[int]
    # the battle in progress
    b_space: int
    b_att: int
    b_orig: int
    b_from: int
    b_rounds: int
    b_card: int
    b_win: int
    b_win_card: int
    b_penalty: int
    b_sortie: int  # CUs of the city that sortied into this battle (H100: only they go back in)
    b_bonus: int
    b_withdrew: bool
    b_probe: bool  # Hannibal's Probe used as another card this battle (H114)
    b_marharbal: bool  # the attacker's card is #6 Marharbal's Cavalry (no initiative when matched)
    b_sea: bool
    bbegan: list[int]
    blost: list[int]
    bcut: list[int]
    bdesert: list[int]  # per side: allies lost to #31 (1: Spanish) and #32 (2: Numidian)
    bshown: list[list[int]]  # per side, by kind: battle cards face up (#20)
    bknown: list[list[int]]  # per side, by kind: battle cards of the hand the other seat knows (taken by #59)
    bdealt: list[int]  # per side: battle cards dealt to it this battle (the original attacker's first)
    b_spy: int  # the side whose hand #20 reveals, or -1

    def __init__(self, game: HannibalGame) -> None:
        self.start(game)
        self.board = game.board
        self.notation = game.notation
        setup.begin(self)

    def after_action(self, action: int) -> None:
        base.tidy(self)  # what the rules settle after every action (H98, H51)

    def returns(self) -> list[float]:
        if self.stack or self.winner < 0:
            return [0.0, 0.0]
        return [1.0 if s == self.winner else -1.0 for s in range(2)]

    def clone(self) -> HannibalState:
        # Field by field (a loop of getattr/setattr costs a third more): the lists of _LISTS and
        # _NESTED copied, the immutable values of _SCALARS shared.
        o = object.__new__(HannibalState)
        self.copy_contract(o)
        o.board, o.notation = self.board, self.notation
        o.ctrl, o.tribal, o.eleph, o.inner = self.ctrl[:], self.tribal, self.eleph[:], self.inner[:]
        o.ein, o.spts, o.sby, o.gen_at = self.ein, self.spts[:], self.sby[:], self.gen_at[:]
        o.g_in, o.consul, o.stamp, o.deck = self.g_in[:], self.consul[:], self.stamp[:], self.deck[:]
        o.discard, o.removed, o.bdeck, o.path = self.discard[:], self.removed[:], self.bdeck[:], self.path[:]
        o.tried, o.sieged, o.moved_gens = self.tried[:], self.sieged[:], self.moved_gens[:]
        o.spent, o.g_used, o.m_used, o.m_group = self.spent, self.g_used[:], self.m_used[:], self.m_group[:]
        o.failed, o.bbegan, o.blost, o.bcut = self.failed[:], self.bbegan[:], self.blost[:], self.bcut[:]
        o.bplayed, o.bdesert, o.bdealt = self.bplayed[:], self.bdesert[:], self.bdealt[:]
        # the nested lists hold one list a side: unpacked, no comprehension (a call each)
        (r, c), (rh, ch), (rb, cb) = self.cu, self.hands, self.bhand
        o.cu, o.hands, o.bhand = [r[:], c[:]], [rh[:], ch[:]], [rb[:], cb[:]]
        (r, c), (rh, ch), (rb, cb) = self.known, self.bshown, self.bknown
        o.known, o.bshown, o.bknown = [r[:], c[:]], [rh[:], ch[:]], [rb[:], cb[:]]
        o.turn, o.to_play, o.proconsul, o.stamp_next = self.turn, self.to_play, self.proconsul, self.stamp_next
        o.truce, o.truce_played, o.naval_victory = self.truce, self.truce_played, self.naval_victory
        o.macedonia, o.hanno_counsel, o.cato_counsel = self.macedonia, self.hanno_counsel, self.cato_counsel
        o.siege_train, o.winner, o.reason, o.m_side = self.siege_train, self.winner, self.reason, self.m_side
        o.m_gen, o.m_card, o.m_mode, o.m_mp = self.m_gen, self.m_card, self.m_mode, self.m_mp
        o.m_from, o.m_phase, o.m_intercepted = self.m_from, self.m_phase, self.m_intercepted
        o.m_avoided, o.m_sailed, o.m_fought, o.m_all = self.m_avoided, self.m_sailed, self.m_fought, self.m_all
        o.m_limit, o.m_sea_used, o.m_left, o.m_bonus = self.m_limit, self.m_sea_used, self.m_left, self.m_bonus
        o.m_eleph = self.m_eleph
        o.m_weather, o.m_pending, o.b_space, o.b_att = self.m_weather, self.m_pending, self.b_space, self.b_att
        o.b_orig, o.b_from, o.b_rounds = self.b_orig, self.b_from, self.b_rounds
        o.b_card, o.b_win, o.b_win_card, o.b_penalty = self.b_card, self.b_win, self.b_win_card, self.b_penalty
        o.b_sortie, o.c_sea, o.debt, o.b_probe = self.b_sortie, self.c_sea, self.debt, self.b_probe
        o.b_marharbal, o.b_spy, o.b_bonus = self.b_marharbal, self.b_spy, self.b_bonus
        o.b_withdrew, o.b_sea, o.queue = self.b_withdrew, self.b_sea, self.queue
        return o

    def __deepcopy__(self, memo: dict[int, Any]) -> HannibalState:
        return self.clone()

    def position(self) -> str:
        """The whole position (secrets included) in one line (see :mod:`legatus.core.position`)."""
        return position.write(self)

    # --- Secrets: the two places they are removed -------------------------------------
    def action_to_string(self, action: int, seat: int | None = None) -> str:
        """A deal of a strategy or battle card reads, to the other seat, "carthage draws a card"."""
        a = int(action)
        if seat is not None and self.stack:
            frame = self.stack[-1]
            if frame[0] in (Id.DEAL, Id.BDEAL) and frame[1] != seat:
                what = "a card" if frame[0] == Id.DEAL else "a battle card"
                return f"{SIDES[frame[1]]} draws {what}"
        return str(self.notation.table[a])

    def log_string(self, action: int, seat: int | None) -> str:
        return log.line(self, int(action), seat)

    def log_outcome(self, action: int, after: State) -> str:
        assert isinstance(after, HannibalState)
        return log.outcome(self, int(action), after)

    def reveals_information(self, action: int) -> bool:
        """A strategy or battle card played face up shows a card from a hidden hand."""
        a, n = int(action), self.notation
        return n.PLAY_OPS <= a < n.PLAY_DISCARD + 64 or n.ATTACK <= a < n.PROVINCE or n.PROBE <= a < n.PROBE + 4 or \
            a == n.SIMPLE["open with campaign"]

    def view(self, seat: int | None = None) -> dict[str, Any]:
        return view_module.view(self, seat)

    def redraw(self, seat: int, rng: random.Random) -> HannibalState | None:
        """The other seat's hidden cards drawn again (see :mod:`.resample`): no replay."""
        return resample.redraw(self, seat, rng)

    def to_text(self, markup: bool = False) -> str:
        return view_module.text(self)

    def view_text(self, seat: int, markup: bool = False, full: bool = True) -> str:
        return text.render(self.game, self.view(seat), markup, full)

    def prompt(self) -> str:
        """The running procedure's sentence; at the walls, what ``garrison N`` does (H51, H62)."""
        said = super().prompt()
        if self.stack and self.stack[-1][0] == Id.GARRISON:
            return text.walls_prompt(self, said)
        return said

    def describe(self, action: int) -> str:
        """A card reads with its name and OPs: "ops #16 Gallic Recruits (2 OPs)", "draw #29 …";
        CUs that go from a stack with elephants, how many of them are: "take 8 (2 elephants)" (H4)."""
        notation = str(self.notation.table[int(action)])
        verb, _, rest = notation.partition(" #")
        if rest.isdigit():
            return f"{verb} {text.card_label(self.game.cards.strategy[int(rest) - 1])}"
        if movement.leaves_the_train(self, int(action)):
            return f"{notation} (the siege train is left behind, and lost: H133)"
        choose = self._splits()
        return (choose and splits.shown(self, int(action), choose)) or notation

    def menu_text(self, action: int) -> str:
        """A card by its number alone ("ops #16"): the status above lists the hand's cards to
        choose, each with its name, OPs and text; the elephants among CUs that go, as
        :meth:`describe` says them (the menu groups them: "take (2 elephants): 8 9 10")."""
        choose = self._splits()
        return (choose and splits.shown(self, int(action), choose)) or str(self.notation.table[int(action)])

    def _splits(self) -> splits.Chooser | None:
        """The decision's numbers of elephants, where it splits a stack (:mod:`.rules.splits`)."""
        return SPLITS.get(self.stack[-1][0]) if self.stack else None

    def parse_action(self, text: str) -> Action:
        """The notation, where an action naming its elephants is the plain one here ("take 8
        with 2 elephants" where "take 8" takes 2) read as that one (H4)."""
        action = super().parse_action(text)
        choose = self._splits()
        plain = choose and splits.same_as_plain(self, action, choose, self.legal_ids())
        return self.notation.table[plain] if plain else action

    def explain_illegal(self, action: int) -> str:
        """An action naming its elephants: the numbers of elephants valid here (H4)."""
        choose = self._splits()
        said = choose and 0 <= action < len(self.notation.table) and splits.refusal(
            self, action, choose, self.legal_ids())
        return said or super().explain_illegal(action)

    def action_kind(self, notation: str) -> str:
        """The verb, of several words where the notation has them ("pick up Mago": "pick up")."""
        return next((verb for verb in VERBS if notation.startswith(f"{verb} ")), notation.split(" ", 1)[0])

    def text_commands(self) -> dict[str, TextCommand]:
        """Public facts only: whoever types them may be either seat."""
        return {
            "map": TextCommand("map", "the spaces by province: control, walls, ports, CUs",
                               lambda _: text.map_text(self)),
            "near": TextCommand("near SPACE", "its land, pass, strait and sea links, and what a move costs",
                                lambda name: text.near_text(self, name)),
            "card": TextCommand("card N", "a strategy card: OPs, who may play its event, what it does",
                                lambda n: text.card_text(self.game, n)),
            "cards": TextCommand("cards", "the discard pile and the cards removed from the game",
                                 lambda _: text.cards_text(self)),
            "forces": TextCommand("forces", "both sides' armies, the sieges, the Generals off the map",
                                  lambda _: text.forces_text(self)),
        }

    def summary(self) -> dict[str, Any]:
        out = super().summary()
        out["outcome"] = self.reason if self.is_terminal() else "unfinished"
        out["turn"] = self.turn
        return out
