"""Tally's turn structure: the chapters' entries joined in rulebook order."""

from __future__ import annotations

from typing import TYPE_CHECKING

from legatus.core.procedures import Procedures

from .ids import Proc
from .rules import turn

if TYPE_CHECKING:
    from .state import TallyState

TABLE: Procedures[TallyState] = Procedures.joined(Proc, turn)
