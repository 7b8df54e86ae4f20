"""VIAE's procedure table (:mod:`legatus.core.procedures`): the entries each chapter of
:mod:`.rules` declares beside its handlers, joined in the order of the rulebook (ids:
:mod:`.ids`). The game runs as Set Up's steps, then round after round of I. Fortuna, II. Ordo,
III. Stipendium, IV. Agere, the end check and V. Epilogus (C27): each step a table entry that
goes to the next, and calls on top of itself what waits for a seat or chance."""

from __future__ import annotations

from types import ModuleType
from typing import TYPE_CHECKING

from legatus.core.procedures import Procedure, ProcedureError, Procedures

from .ids import Id
from .rules import agere, chance, conquer, end, epilogus, fortuna, mandatum, ordo, setup, stipendium

if TYPE_CHECKING:
    from .state import ViaeState

CHAPTERS = (setup, chance, fortuna, ordo, stipendium, agere, conquer, epilogus, mandatum, end)


def join(chapters: tuple[ModuleType, ...]) -> dict[int, Procedure[ViaeState]]:
    """The chapters' entries in one table: every id of :class:`.ids.Id` declared once."""
    entries: dict[int, Procedure[ViaeState]] = {}
    for chapter in chapters:
        declared: dict[int, Procedure[ViaeState]] = chapter.PROCEDURES
        for i, procedure in declared.items():
            if i in entries:
                raise ProcedureError(f"procedure {Id(i).name} is declared twice (again in {chapter.__name__})")
            entries[i] = procedure
    missing = [i.name for i in Id if i not in entries]
    if missing:
        raise ProcedureError(f"no chapter declares the procedures {', '.join(missing)}")
    return entries


TABLE: Procedures[ViaeState] = Procedures(join(CHAPTERS))
