"""VIAE's procedure table (:mod:`legatus.core.procedures`): the entries each chapter of
:mod:`.rules` declares beside its handlers, joined in the order of the rulebook (ids:
:mod:`.ids`). The game runs as Set Up's steps, then round after round of I. Fortuna, II. Ordo,
III. Stipendium, IV. Agere, the end check and V. Epilogus (C27): each step a table entry that
goes to the next, and calls on top of itself what waits for a seat or chance."""

from __future__ import annotations

from typing import TYPE_CHECKING

from legatus.core.procedures import Procedures

from .ids import Id
from .rules import agere, chance, conquer, end, epilogus, fortuna, mandatum, ordo, setup, stipendium

if TYPE_CHECKING:
    from .state import ViaeState

CHAPTERS = (setup, chance, fortuna, ordo, stipendium, agere, conquer, epilogus, mandatum, end)

TABLE: Procedures[ViaeState] = Procedures.joined(Id, *CHAPTERS)
