"""Where the game waits for an action, what a pending roll decides, and what the Hispano
player is asked."""

from ..notation import ROLL_H, ROLL_R, ROLL_RH

# Where the game waits (st.phase)
SETUP_ROADS = 0  # decision: a road (R7), or keep it back (Ingenivm)
SETUP_START = 1  # decision: a general's starting space (R8)
ENTER = 2  # decision: an absent general enters the board (R17)
ROMAN = 3  # decision: the Roman phase (R9–R15 and the variants)
FREE_MOVE = 4  # decision: Imperivm, the praetor of Ulterior's free move
HISPANO = 5  # decision of the Hispano player (st.hispano_for says which)
ROLL = 6  # chance: dice (st.roll_for says what they decide)
OVER = 7

# What a roll decides (st.roll_for)
(SETUP_REVOLT, SETUP_ARMY, SCENARIO_ARMY, SPECIAL_ARMY, BESIEGE, ATTACK, REVOLT, ASSASSINATION, ARMY_WAY,
 DEFEND_GENERAL, DEFEND_CITY, REROLL) = range(12)
DICE = {
    SETUP_REVOLT: ROLL_H, SETUP_ARMY: ROLL_R, SCENARIO_ARMY: ROLL_H, SPECIAL_ARMY: ROLL_H, BESIEGE: ROLL_R,
    ATTACK: ROLL_RH, REVOLT: ROLL_RH, ASSASSINATION: ROLL_H, ARMY_WAY: ROLL_H, DEFEND_GENERAL: ROLL_RH,
    DEFEND_CITY: ROLL_H,
}
N_OUTCOMES = {ROLL_H: 6, ROLL_R: 6, ROLL_RH: 36}

# What the Hispano player decides (st.hispano_for)
H_SETUP_REVOLTS, H_SETUP_ARMY, H_REROLL, H_CHOOSE, H_REINFORCE, H_ATTACKS = range(6)

ROLL_NAMES = ("setup: revolts", "setup: armies", "setup: armies", "an army from the reserve", "Roman phase: siege",
              "Roman phase: attack", "Hispanic phase: revolt", "Roman phase: assassination",
              "Hispanic phase: army move", "Hispanic phase: attack on a general", "Hispanic phase: attack on a city",
              "a roll again")
HISPANO_NAMES = ("setup: the Hispano places revolts", "setup: the Hispano places an army", "the Hispano: roll again?",
                 "the Hispano: an army's way", "the Hispano: reinforce?", "the Hispano: attacks")
PHASE_NAMES = ("setup: roads", "setup: starting spaces", "Roman phase: entering", "Roman phase",
               "Imperivm: free move", "", "", "game over")


def name(st_phase: int, roll_for: int, hispano_for: int) -> str:
    if st_phase == ROLL:
        return ROLL_NAMES[roll_for]
    if st_phase == HISPANO:
        return HISPANO_NAMES[hispano_for]
    return PHASE_NAMES[st_phase]
