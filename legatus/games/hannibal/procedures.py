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

from legatus.core.procedures import Procedures

from .ids import Id
from .rules import base, battle, events, movement, politics, reactions, sieges, strategy, turn, walls
from .rules.splits import Chooser

if TYPE_CHECKING:
    from .state import HannibalState

TABLE: Procedures[HannibalState] = Procedures.joined(
    Id, turn, strategy, movement, walls, reactions, battle, base, sieges, politics, events)
"""The entries each chapter of the rules declares, joined in the rulebook's order."""
SPLITS: dict[int, Chooser] = {**movement.SPLITS, **walls.SPLITS, **reactions.SPLITS, **battle.SPLITS}
"""The decisions where Carthage says how many elephants go, each with its choices (:mod:`.rules.splits`)."""
