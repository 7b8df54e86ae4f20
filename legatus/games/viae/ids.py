"""VIAE's procedure ids, and the small codes that procedures carry in their frames. A leaf module:
it imports nothing of the game, so that every chapter of :mod:`.rules` names any procedure
(``st.call(Id.TURN)``, ``st.goto(Id.ROUND_ORDO)``) without importing the chapter that declares it.
"""

from __future__ import annotations

from enum import IntEnum


class Id(IntEnum):
    """Every entry of the procedure table (:mod:`.procedures`): the places where a seat or chance
    decides first, in the order of the observation's phases (docs/viae/observation.md), then the
    automatic steps of the round, which never wait."""

    ORDER = 0  # Set Up V: the random first turn order (a roll)
    DRAW = 1  # the next queued card (a roll)
    DISCARD = 2  # the hand limit (C31, V29)
    START = 3  # Set Up XIII: a start city
    MILESTONE = 4  # Set Up XIII: the free milestone
    ORDO = 5  # II. Ordo: a turn spot
    INCOME = 6  # III. Stipendium: Stone or Denar
    TURN = 7  # IV. Agere: a player's turn
    DIE = 8  # a conquest die (a roll)
    KEEP = 9  # a conquest roll's kept result
    SCOUT_MORE = 10  # C33: more cities in the same Scout
    HIRE = 11  # C42: hire after a cycle
    TARGET_SEAT = 12  # a card's other player
    TARGET_CITY = 13  # a card's city
    FREE = 14  # a free action a card grants
    TAKE = 15  # free Legio a card grants
    LOSE = 16  # a Deceptio discarded at random (a roll)
    CLAIM = 17  # Mandatum: a completed personal card placed
    # --- the steps of the game, in the order they run (C27)
    SETUP_ORDER = 18
    SETUP_DEAL = 19
    SETUP_PLACE = 20
    ROUND_FORTUNA = 21
    ROUND_ORDO = 22
    ROUND_STIPENDIUM = 23
    ROUND_AGERE = 24
    GAME_END = 25
    ROUND_EPILOGUS = 26
    # --- steps inside a phase
    REVEAL = 27  # C29: a Fortuna card drawn takes effect
    CONQUER = 28  # V19: a Conquer declared


# The free actions a card or an officer grants (a FREE frame: effects.free_action)
F_MOVE, F_ROAD, F_SCOUT, F_BASILICA = range(4)
FREE_KINDS = {"move": F_MOVE, "build_road": F_ROAD, "scout": F_SCOUT, "build_basilica": F_BASILICA}

# The effect verbs that wait for a seat to be chosen (a TARGET_SEAT frame)
V_TAKE_DENAR, V_LOSE_INFLUENCE, V_DISCARD = range(3)
