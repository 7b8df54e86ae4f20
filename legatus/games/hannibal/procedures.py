"""Hannibal's procedures: every place the game waits, with who decides, its prompt, its legal
actions and its handler, and the steps that need no decision (the table of
:mod:`legatus.core.procedures`). Each chapter of :mod:`.rules` declares its own entries beside
their handlers; this module only joins them in the rulebook's order.

The stack nests as the rules do: the turn's step → PLAY → OPS → TAKE → MOVE → REACT (the
non-active player) → a die, or MOVE → the battle's steps → ATTACK / MATCH / COUNTER → RETREAT →
REMOVE_PC.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from legatus.core.procedures import ProcedureError, Procedures

from .ids import Id
from .rules import base, battle, events, movement, politics, reactions, sieges, strategy, turn, walls

if TYPE_CHECKING:
    from .state import HannibalState

CHAPTERS: tuple[base.Entries, ...] = (
    turn.PROCEDURES, strategy.PROCEDURES, movement.PROCEDURES, walls.PROCEDURES, reactions.PROCEDURES,
    battle.PROCEDURES, base.PROCEDURES, sieges.PROCEDURES, politics.PROCEDURES, events.PROCEDURES,
)
"""The entries each chapter of the rules declares, in the rulebook's order."""


def join(chapters: tuple[base.Entries, ...]) -> Procedures[HannibalState]:
    """The chapters' entries in one table; every id of :class:`.ids.Id` has exactly one."""
    table: base.Entries = {}
    for entries in chapters:
        for procedure_id, entry in entries.items():
            if procedure_id in table:
                raise ProcedureError(f"{Id(procedure_id).name} is declared by two chapters")
            table[procedure_id] = entry
    missing = [p.name for p in Id if p not in table]
    if missing:
        raise ProcedureError(f"no chapter declares {', '.join(missing)}")
    return Procedures(table)


TABLE = join(CHAPTERS)
