"""Hispania's actions and their notation (docs/hispania/notation.md).

Every action of a board is an entry of one table; its id is ``base[kind] + offset``.
Decisions name spaces by their board names; dice are ``roll 3`` (Hispanic die),
``roll IV`` (Roman die) and ``roll IV-3`` (both, Roman first). Actions of a general other than
the acting one start with his name (``proconsul move Toletum``); the Hispano player's
purchases have verbs of their own (``reroll hispanic``, ``reinforce 2``, ``pass``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from legatus.core.actions import Action, ActionTable, normalize
from legatus.core.errors import NotationError

from .board import ROMAN_NUMERALS, Board
from .pieces import GENERALS, PROCONSUL

# Action kinds
(ROLL_H, ROLL_R, ROLL_RH, END, GARRISON, UNGARRISON, MOVE, FLEET, BESIEGE, ATTACK, ROAD, START, ENTER,
 ENTER_MOVE, HOLD_ROAD, MOVE_OTHER, PROCONSUL_IN, PROCONSUL_BESIEGE, PROCONSUL_ATTACK, GARRISON_PURPLE,
 UNGARRISON_PURPLE, ASSASSINATE, HAND_OVER, PASS, SETUP_REVOLTS, SETUP_ARMY, REROLL_ROMAN, REROLL_HISPANIC,
 CHOOSE, REINFORCE, HISPANO_ATTACK) = range(31)
MAX_SPEND = 3  # a Roman combat or an assassination costs 1–3 denarii
MAX_HISPANO_SPEND = 2  # a Hispano reinforcement or attack costs 1–2
OTHER_MOVERS = (0, 1, PROCONSUL)  # generals moved by another's denarii (Imperivm, Proconsvl)


@dataclass(frozen=True, eq=False)
class Notation:
    """The action table of one board, with the decoding of each id."""

    table: ActionTable
    base: tuple[int, ...]  # first id of each kind
    decode: tuple[tuple[int, int, int, int], ...]  # id -> (kind, a, b, c)
    fleet_id: dict[tuple[int, int], int]
    enter_move_id: dict[tuple[int, int], int]
    hispano_attack_id: dict[tuple[int, int], int]  # (target, army's city) -> id of "… from … 1"
    fleet_within: tuple[tuple[tuple[tuple[int, int], ...], ...], ...]
    """Per sea, per budget (the last entry for any larger one), ``(destination, id)`` of each fleet
    move within it in :attr:`.Board.sea_order`: the legal fleet moves without pirates read off
    (:func:`.rules.movement.fleet_move_ids`)."""
    faces: tuple[tuple[int, ...], ...]
    """Per roll kind (ROLL_H, ROLL_R, ROLL_RH), the ids of every face of its dice: a roll's outcomes."""


def build_notation(board: Board) -> Notation:
    texts: list[str] = []
    decode: list[tuple[int, int, int, int]] = []
    base: list[int] = []
    names = board.names
    fleet_id: dict[tuple[int, int], int] = {}
    enter_move_id: dict[tuple[int, int], int] = {}
    hispano_attack_id: dict[tuple[int, int], int] = {}

    def add(kind: int, text: str, a: int = -1, b: int = -1, c: int = -1) -> int:
        texts.append(text)
        decode.append((kind, a, b, c))
        return len(texts) - 1

    def start(kind: int) -> None:
        assert len(base) == kind
        base.append(len(texts))

    def spends(kind: int, verb: str, spaces: range) -> None:
        """``<verb> <space> <denarii>`` for each space and each sum a player may spend."""
        start(kind)
        for s in spaces:
            for n in range(1, MAX_SPEND + 1):
                add(kind, f"{verb} {names[s]} {n}", s, n)

    start(ROLL_H)
    for d in range(1, 7):
        add(ROLL_H, f"roll {d}", d)
    start(ROLL_R)
    for r in range(1, 7):
        add(ROLL_R, f"roll {ROMAN_NUMERALS[r - 1]}", r)
    start(ROLL_RH)
    for r in range(1, 7):
        for d in range(1, 7):
            add(ROLL_RH, f"roll {ROMAN_NUMERALS[r - 1]}-{d}", r, d)
    start(END)
    add(END, "end")
    start(GARRISON)
    add(GARRISON, "garrison")
    start(UNGARRISON)
    add(UNGARRISON, "remove garrison")
    start(MOVE)
    for s in range(board.n_spaces):
        add(MOVE, f"move {names[s]}", s)
    start(FLEET)
    for a in board.seas:
        for b in board.seas:
            if a != b:
                fleet_id[a, b] = add(FLEET, f"fleet {names[a]}>{names[b]}", a, b)
    spends(BESIEGE, "besiege", range(board.n_spaces))
    spends(ATTACK, "attack", range(board.n_cities))
    start(ROAD)
    for li, link in enumerate(board.links):
        add(ROAD, f"road {names[link.a]}-{names[link.b]}", li)
    start(START)
    for s in range(board.n_spaces):
        add(START, f"start {names[s]}", s)
    start(ENTER)
    for s in range(board.n_spaces):
        add(ENTER, f"enter {names[s]}", s)
    start(ENTER_MOVE)
    # A general entering a space that holds another general leaves it at once (R17): one action.
    entries = [s for s in range(board.n_spaces) if board.is_sea(s) or board.province[s] >= 6]
    for a in entries:
        for b in range(board.n_spaces):
            if a != b:
                enter_move_id[a, b] = add(ENTER_MOVE, f"enter {names[a]}>{names[b]}", a, b)
    start(HOLD_ROAD)
    add(HOLD_ROAD, "hold road")
    start(MOVE_OTHER)
    for g in OTHER_MOVERS:
        for s in range(board.n_spaces):
            add(MOVE_OTHER, f"{GENERALS[g]} move {names[s]}", g, s)
    start(PROCONSUL_IN)
    add(PROCONSUL_IN, "proconsul enters")
    spends(PROCONSUL_BESIEGE, "proconsul besiege", range(board.n_spaces))
    spends(PROCONSUL_ATTACK, "proconsul attack", range(board.n_cities))
    start(GARRISON_PURPLE)
    add(GARRISON_PURPLE, "garrison purple")
    start(UNGARRISON_PURPLE)
    add(UNGARRISON_PURPLE, "remove garrison purple")
    start(ASSASSINATE)
    for n in range(1, MAX_SPEND + 1):
        add(ASSASSINATE, f"assassinate {n}", n)
    start(HAND_OVER)
    add(HAND_OVER, "hand over")
    start(PASS)
    add(PASS, "pass")
    start(SETUP_REVOLTS)
    for s in board.cities:
        add(SETUP_REVOLTS, f"revolts {names[s]}", s)
    start(SETUP_ARMY)
    for s in board.cities:
        add(SETUP_ARMY, f"army {names[s]}", s)
    start(REROLL_ROMAN)
    add(REROLL_ROMAN, "reroll roman")
    start(REROLL_HISPANIC)
    add(REROLL_HISPANIC, "reroll hispanic")
    start(CHOOSE)
    for s in board.cities:
        add(CHOOSE, f"choose {names[s]}", s)
    start(REINFORCE)
    for n in range(1, MAX_HISPANO_SPEND + 1):
        add(REINFORCE, f"reinforce {n}", n)
    start(HISPANO_ATTACK)
    for target in board.cities:
        for army_city in board.land[target]:
            hispano_attack_id[target, army_city] = len(texts)
            for n in range(1, MAX_HISPANO_SPEND + 1):
                add(HISPANO_ATTACK, f"attack {names[target]} from {names[army_city]} {n}", target, army_city, n)
    table = ActionTable("hispania", texts)
    # A road reads the same either way round.
    for li, link in enumerate(board.links):
        table.alias(f"road {names[link.b]}-{names[link.a]}", base[ROAD] + li)
    farthest = max((cost for order in board.sea_order for _, cost in order), default=0)
    fleet_within = tuple(tuple(tuple((b, fleet_id[a, b]) for b, cost in order if cost <= budget)
                               for budget in range(farthest + 1)) for a, order in enumerate(board.sea_order))
    faces = tuple(tuple(range(base[kind], base[kind + 1])) for kind in (ROLL_H, ROLL_R, ROLL_RH))
    return Notation(table, tuple(base), tuple(decode), fleet_id, enter_move_id, hispano_attack_id, fleet_within,
                    faces)


def read_roll(text: str, outcomes: Sequence[Action]) -> Action:
    """A roll typed at the table, among ``outcomes``: as the notation writes it ("roll IV-3")
    or bare ("IV-3", "4-3", "4 3"), a Roman die also with digits ("2" for "roll II")."""
    legal = {normalize(str(a)): a for a in outcomes}
    words = normalize(text).removeprefix("roll").strip().replace(" ", "-")
    for candidate in (words, _arabic_to_roman_first(words)):
        action = legal.get(f"roll {candidate}")
        if action is not None:
            return action
    raise NotationError(f"'{text}' is not a roll here; type one of: {', '.join(str(a) for a in outcomes)}")


def _arabic_to_roman_first(words: str) -> str:
    """"4-3" → "iv-3" and "4" → "iv": a Roman die typed with digits."""
    first, sep, rest = words.partition("-")
    if first.isdigit() and 1 <= int(first) <= len(ROMAN_NUMERALS):
        return ROMAN_NUMERALS[int(first) - 1].lower() + sep + rest
    return words
