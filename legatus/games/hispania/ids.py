"""The ids of Hispania's procedures: every place the game waits, every roll and every step,
named once (a leaf: it imports nothing of the game, so that each chapter of :mod:`.rules`
imports the ids of the others, not the chapters).

The ids are stored in positions (a state's ``stack``): an id never changes its number, and a
new procedure takes the next one.
"""

from __future__ import annotations

from collections.abc import Iterator
from enum import IntEnum
from types import SimpleNamespace
from typing import TYPE_CHECKING

__all__ = ["Id"]


class Id(IntEnum):
    """A procedure of Hispania's table (:mod:`.procedures`), by the chapter that declares it."""

    # Decisions of the Roman players
    SETUP_ROADS = 0  # a road (R7), or keep it back (Ingenivm)
    SETUP_START = 1  # a general's starting space (R8)
    ENTER = 2  # an absent general enters the board (R17)
    ROMAN = 3  # the Roman phase (R9–R15 and the variants)
    FREE_MOVE = 4  # Imperivm: the praetor of Ulterior's free move (R23)
    # Rolls, one a purpose
    ROLL_SETUP_REVOLT = 5  # R5
    ROLL_SETUP_ARMY = 6  # R6
    ROLL_SCENARIO_ARMY = 7  # a scenario's army on a revolt of its province
    ROLL_SPECIAL_ARMY = 8  # Terror (R27): is the army from the reserve the special one?
    ROLL_BESIEGE = 9  # R14
    ROLL_ATTACK = 10  # R15
    ROLL_REVOLT = 11  # R16 (and Terror's exceptional revolt roll)
    ROLL_ASSASSINATION = 12  # Terror's traitors
    ROLL_ARMY_WAY = 13  # R18
    ROLL_DEFEND_GENERAL = 14  # R19
    ROLL_DEFEND_CITY = 15  # R19
    ROLL_AGAIN = 16  # one die rolled again, paid by the Hispano (R28): frame (id, die kind, purpose)
    # Questions to the Hispano player (R28)
    ASK_SETUP_REVOLTS = 17  # the city of a province's first revolts
    ASK_SETUP_ARMY = 18  # the revolt city of an initial army
    ASK_REROLL = 19  # pay to roll a die again: frame (id, purpose)
    ASK_CHOOSE = 20  # pay to choose an army's way
    ASK_REINFORCE = 21  # pay to reinforce a besieged revolt or an attacked army
    ASK_ATTACKS = 22  # pay for an attack: frame (id, window: 0 before the armies move, 1 after)
    # Steps that need no decision (they run at once and move on)
    END_TURN = 23  # the acting general's turn is over: the next turn, or the end of the round (R1)
    ROMAN_GOES_ON = 24  # anything left to spend? else the Roman phase ends (P4)
    ARMIES_MOVE = 25  # the armies move in the order of their provinces (R18, P5)
    NEXT_ARMY = 26  # the next army moves, until one needs a die or a decision (R18)
    AFTER_HISPANIC_PHASE = 27  # Imperivm's free move, else the end of the turn (R23)
    END_ROUND = 28  # a revolt on the time track, then the next round (R21)
    BEGIN_TURN = 29  # the next general's turn: entering, his Roman phase or none (R1, R17)


class _Members(SimpleNamespace):
    """An enum's members as plain attributes, the same objects: Python 3.11 reads an enum class's
    attribute through a slow hook (its ``__getattr__``), some 0.13 µs a read, and the rules read
    an id at every step they take (3% of the random playouts' time)."""

    def __init__(self, enum: type[IntEnum]) -> None:
        super().__init__(**enum.__members__)
        self._enum = enum

    def __iter__(self) -> Iterator[IntEnum]:
        return iter(self._enum)


if not TYPE_CHECKING:  # the type checker reads the IntEnum itself
    Id = _Members(Id)
