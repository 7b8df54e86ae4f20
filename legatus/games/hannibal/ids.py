"""Hannibal's procedure ids: every entry of the table (:mod:`.procedures`), where the game waits
(a decision, a die, a draw) or a step that needs no decision. A leaf module: the rules' chapters
import these ids, not each other's tables; each chapter declares its own entries.

Steps are prefixed ``S_`` (the turn) and ``B_`` (the battle) and numbered in the order they run;
the die rolls ``R_``, one a purpose (:data:`DICE`).
"""

from __future__ import annotations

from enum import IntEnum

__all__ = ["BATTLE_STEPS", "DICE", "TURN_STEPS", "Id"]


class Id(IntEnum):
    """A procedure of Hannibal's table, by the chapter of the rules that declares it."""

    # The turn's steps (H14-H26), in order: rules.turn
    S_START = 0
    S_CARTHAGE = 1
    S_RETURN = 2
    S_ROME = 3
    S_AFRICANUS = 4
    S_PROCONSUL = 5
    S_REMOVE = 6
    S_CONSULS = 7
    S_DEAL = 8
    S_OPENING = 9
    S_PLAY = 10
    S_WINTER = 11
    S_ISOLATION = 12
    S_VICTORY = 13
    S_END = 14

    # The Reinforcement Phase (H15-H23): rules.turn
    REINFORCE = 15
    RETURN = 16
    AFRICANUS = 17
    PROCONSUL = 18
    ELECT = 19
    CONSUL = 20

    # Strategy cards (H25-H34): rules.strategy
    DEAL = 21
    RESHUFFLE = 22
    OPENING = 23
    FIRST = 24
    PLAY = 25
    OPS = 26
    PLACE_PC = 27

    # Movement (H44-H61): rules.movement and rules.walls
    TAKE = 28
    MOVE = 29
    GARRISON = 30
    INTERCEPTED = 31
    PURSUE = 32
    R_PASS = 33
    R_NAVAL = 34
    R_BACK_NAVAL = 35

    # Reactions (H62-H72): rules.reactions
    REACT = 36
    REACT_SIZE = 37
    REACT_LEADER = 38
    R_INTERCEPT = 39
    R_AVOID = 40
    R_PURSUIT = 41
    R_HOSTILE = 42

    # The battle's steps (H74, H85), in order: rules.battle
    B_SORTIE = 43
    B_COMMAND = 44
    B_DECLARE_ATTACKER = 45
    B_DECLARE_DEFENDER = 46
    B_CHARGE = 47
    B_DEAL_ATTACKER = 48
    B_DEAL_DEFENDER = 49
    B_ROUNDS = 50
    B_CASUALTIES = 51
    B_RETREAT_TABLE = 52
    B_RETREAT = 53
    B_POLITICS = 54
    B_DONE = 55

    # Battle (H73-H92): rules.battle
    SORTIE = 56
    COMMAND = 57
    COUNTER_EVENT = 58
    CHARGE = 59
    BDEAL = 60
    SPY = 61
    STEAL = 62
    ATTACK = 63
    MATCH = 64
    COUNTER = 65
    CANCEL = 66
    RETREAT = 67
    R_COMMAND = 68
    R_STORMS = 69
    R_CHARGE = 70
    R_COUNTER = 71
    R_WITHDRAW = 72
    R_CANCEL = 73
    R_CASUALTIES = 74
    R_RETREAT = 75

    # PCs lost (H91, H109): rules.base
    REMOVE_PC = 76

    # Sieges (H93-H100): rules.sieges
    SIEGE = 77
    R_SIEGE = 78

    # Winter attrition (H105-H107): rules.politics
    R_WINTER = 79

    # The cards' events (H125-H136): rules.events
    EVENT = 80
    RANDOM_CARD = 81
    CAMPAIGN = 82
    R_EVENT_ATTRITION = 83
    R_MERCENARIES = 84

    # Battle, added in version 5 (numbered last: the ids above keep theirs): rules.battle
    DESERT = 85


TURN_STEPS = range(Id.S_START, Id.S_END + 1)
"""The turn's steps, in order (the bottom frame of the stack is always one of them)."""
BATTLE_STEPS = range(Id.B_SORTIE, Id.B_DONE + 1)
"""The battle's steps, in order."""
DICE = frozenset(p for p in Id if p.name.startswith("R_"))
"""The die rolls: each purpose of a roll is its own procedure (``roll 1`` to ``roll 6``)."""
