"""Hispania's actions and their notation (docs/hispania/notation.md).

Every action of a board is an entry of one table; its id is ``base[kind] + offset``.
Decisions name spaces by their board names; dice are ``roll 3`` (Hispanic die),
``roll IV`` (Roman die) and ``roll IV-3`` (both, Roman first).
"""

from __future__ import annotations

from dataclasses import dataclass

from legatus.core.actions import ActionTable

from .board import ROMAN_NUMERALS, Board

# Action kinds
(ROLL_H, ROLL_R, ROLL_RH, END, GARRISON, UNGARRISON, MOVE, FLEET, BESIEGE, ATTACK, ROAD, START, ENTER,
 ENTER_MOVE) = range(14)
MAX_SPEND = 3  # a combat costs 1–3 denarii


@dataclass(frozen=True, eq=False)
class Notation:
    """The action table of one board, with the decoding of each id."""

    table: ActionTable
    base: tuple[int, ...]  # first id of each kind
    decode: tuple[tuple[int, int, int], ...]  # id -> (kind, a, b)
    fleet_id: dict[tuple[int, int], int]
    enter_move_id: dict[tuple[int, int], int]


def build_notation(board: Board) -> Notation:
    texts: list[str] = []
    decode: list[tuple[int, int, int]] = []
    base: list[int] = []
    names = board.names
    fleet_id: dict[tuple[int, int], int] = {}
    enter_move_id: dict[tuple[int, int], int] = {}

    def add(kind: int, text: str, a: int = -1, b: int = -1) -> int:
        texts.append(text)
        decode.append((kind, a, b))
        return len(texts) - 1

    base.append(len(texts))
    for d in range(1, 7):
        add(ROLL_H, f"roll {d}", d)
    base.append(len(texts))
    for r in range(1, 7):
        add(ROLL_R, f"roll {ROMAN_NUMERALS[r - 1]}", r)
    base.append(len(texts))
    for r in range(1, 7):
        for d in range(1, 7):
            add(ROLL_RH, f"roll {ROMAN_NUMERALS[r - 1]}-{d}", r, d)
    base.append(add(END, "end"))
    base.append(add(GARRISON, "garrison"))
    base.append(add(UNGARRISON, "remove garrison"))
    base.append(len(texts))
    for s in range(board.n_spaces):
        add(MOVE, f"move {names[s]}", s)
    base.append(len(texts))
    for a in board.seas:
        for b in board.seas:
            if a != b:
                fleet_id[a, b] = add(FLEET, f"fleet {names[a]}>{names[b]}", a, b)
    base.append(len(texts))
    for s in range(board.n_spaces):
        for n in range(1, MAX_SPEND + 1):
            add(BESIEGE, f"besiege {names[s]} {n}", s, n)
    base.append(len(texts))
    for s in range(board.n_cities):
        for n in range(1, MAX_SPEND + 1):
            add(ATTACK, f"attack {names[s]} {n}", s, n)
    base.append(len(texts))
    for li, link in enumerate(board.links):
        add(ROAD, f"road {names[link.a]}-{names[link.b]}", li)
    base.append(len(texts))
    for s in range(board.n_spaces):
        add(START, f"start {names[s]}", s)
    base.append(len(texts))
    for s in range(board.n_spaces):
        add(ENTER, f"enter {names[s]}", s)
    base.append(len(texts))
    # A general entering a space that holds another general leaves it at once (R17): one action.
    entries = [s for s in range(board.n_spaces) if board.is_sea(s) or board.province[s] >= 6]
    for a in entries:
        for b in range(board.n_spaces):
            if a != b:
                enter_move_id[a, b] = add(ENTER_MOVE, f"enter {names[a]}>{names[b]}", a, b)
    table = ActionTable("hispania", texts)
    # A road reads the same either way round.
    for li, link in enumerate(board.links):
        table.alias(f"road {names[link.b]}-{names[link.a]}", base[ROAD] + li)
    return Notation(table, tuple(base), tuple(decode), fleet_id, enter_move_id)
