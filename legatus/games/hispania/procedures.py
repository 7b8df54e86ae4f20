"""Hispania's procedures: every place the game waits, every roll and every step, joined from
the chapters of :mod:`.rules` in rulebook order (each chapter declares its own entries beside
their handlers; the ids are :mod:`.ids`; the stack: :mod:`legatus.core.procedures`).

Most steps hand over to the next with ``goto``. A procedure is called, and its caller
resumes after it, where the rules come back to where they were: the die that picks a new
army (setup or revolt roll, Terror), the assassination and the exceptional revolt roll that
may follow it (the Roman phase), an attack the Hispano buys (his attack window).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from legatus.core.procedures import Procedures

from .ids import Id
from .rules import dice, end_of_round, hispanic_phase, hispano, imperium, roman_phase, setup, terror, turn

if TYPE_CHECKING:
    from .state import HispaniaState

# The chapters in rulebook order; the die rolled again last (any roll the Hispano pays to change, R28).
TABLE: Procedures[HispaniaState] = Procedures.joined(
    Id, setup, turn, roman_phase, hispano, terror, hispanic_phase, end_of_round, imperium, dice)
