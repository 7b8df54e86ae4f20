"""Where the game waits: the ids of Hispania's procedures (the table is
:mod:`legatus.games.hispania.procedures`), what a pending roll decides and what the Hispano
player is asked.

A state's stack holds frames ``(procedure_id, arg…)``; ``st.phase``, ``st.roll_for`` and
``st.hispano_for`` read the running one in the terms below.
"""

from ..notation import ROLL_H, ROLL_R, ROLL_RH

# Phases: the kind of the running procedure (st.phase)
SETUP_ROADS = 0  # decision: a road (R7), or keep it back (Ingenivm)
SETUP_START = 1  # decision: a general's starting space (R8)
ENTER = 2  # decision: an absent general enters the board (R17)
ROMAN = 3  # decision: the Roman phase (R9–R15 and the variants)
FREE_MOVE = 4  # decision: Imperivm, the praetor of Ulterior's free move
HISPANO = 5  # decision of the Hispano player (st.hispano_for says which)
ROLL = 6  # chance: dice (st.roll_for says what they decide)
OVER = 7  # the stack is empty

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

# Procedure ids. The decisions SETUP_ROADS..FREE_MOVE are the procedures of the same number;
# the roll of purpose r is ROLLS + r, frame (id,), except a die rolled again: frame
# (ROLLS + REROLL, die kind, purpose); Hispano question h is ASKS + h, frame (id,), except
# (ASKS + H_REROLL, purpose) and (ASKS + H_ATTACKS, window: 0 before the armies move, 1 after).
ROLLS = FREE_MOVE + 1
ASKS = ROLLS + REROLL + 1
N_PROCEDURES = ASKS + H_ATTACKS + 1
PHASE_OF = (*range(ROLLS), *(ROLL,) * (ASKS - ROLLS), *(HISPANO,) * (N_PROCEDURES - ASKS))
"""The phase of each procedure."""
