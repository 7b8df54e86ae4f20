"""The points of the game where it waits for an action, and who gives it."""

from ..notation import ROLL_H, ROLL_R, ROLL_RH

SETUP_REVOLTS = 0  # chance: Hispanic die, one province after another (R5)
SETUP_ARMIES = 1  # chance: Roman die, one army after another (R6)
SETUP_ROADS = 2  # decision: a road (R7)
SETUP_START = 3  # decision: a general's starting space (R8)
ENTER = 4  # decision: an absent general enters the board (R17)
ROMAN = 5  # decision: the Roman phase (R9–R15)
BESIEGE_ROLL = 6  # chance: Roman die
ATTACK_ROLL = 7  # chance: Roman die and Hispanic die
REVOLT_ROLL = 8  # chance: Roman die and Hispanic die (R16)
ARMY_ROLL = 9  # chance: Hispanic die, an army's destination (R18)
DEFEND_GENERAL_ROLL = 10  # chance: Roman die and Hispanic die (R19)
DEFEND_CITY_ROLL = 11  # chance: Hispanic die (R19)
OVER = 12

NAMES = ("setup: revolts", "setup: armies", "setup: roads", "setup: starting spaces", "Roman phase: entering",
         "Roman phase", "Roman phase: siege", "Roman phase: attack", "Hispanic phase: revolt",
         "Hispanic phase: army move", "Hispanic phase: attack on a general", "Hispanic phase: attack on a city",
         "game over")
# The die (or dice) each chance phase waits for.
DIE_OF_PHASE = {
    SETUP_REVOLTS: ROLL_H, SETUP_ARMIES: ROLL_R, BESIEGE_ROLL: ROLL_R, ATTACK_ROLL: ROLL_RH,
    REVOLT_ROLL: ROLL_RH, ARMY_ROLL: ROLL_H, DEFEND_GENERAL_ROLL: ROLL_RH, DEFEND_CITY_ROLL: ROLL_H,
}
N_OUTCOMES = {ROLL_H: 6, ROLL_R: 6, ROLL_RH: 36}
CHANCE_PHASES = frozenset(DIE_OF_PHASE)
