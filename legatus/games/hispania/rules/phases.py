"""Where the game waits, in the terms that bots, views and the screen read: the kind of the
running procedure (``st.phase``), what a pending roll decides (``st.roll_for``) and what the
Hispano player is asked (``st.hispano_for``), each read from the procedure ids of
:mod:`..ids`.
"""

from ..ids import Id
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
STEP = 8  # an automatic step: it runs at once, so no one ever sees the game wait there

# What a roll decides (st.roll_for)
(SETUP_REVOLT, SETUP_ARMY, SCENARIO_ARMY, SPECIAL_ARMY, BESIEGE, ATTACK, REVOLT, ASSASSINATION, ARMY_WAY,
 DEFEND_GENERAL, DEFEND_CITY, REROLL) = range(12)
DICE = {
    SETUP_REVOLT: ROLL_H, SETUP_ARMY: ROLL_R, SCENARIO_ARMY: ROLL_H, SPECIAL_ARMY: ROLL_H, BESIEGE: ROLL_R,
    ATTACK: ROLL_RH, REVOLT: ROLL_RH, ASSASSINATION: ROLL_H, ARMY_WAY: ROLL_H, DEFEND_GENERAL: ROLL_RH,
    DEFEND_CITY: ROLL_H,
}

# What the Hispano player decides (st.hispano_for)
H_SETUP_REVOLTS, H_SETUP_ARMY, H_REROLL, H_CHOOSE, H_REINFORCE, H_ATTACKS = range(6)

ROLL_ID = {
    SETUP_REVOLT: Id.ROLL_SETUP_REVOLT, SETUP_ARMY: Id.ROLL_SETUP_ARMY, SCENARIO_ARMY: Id.ROLL_SCENARIO_ARMY,
    SPECIAL_ARMY: Id.ROLL_SPECIAL_ARMY, BESIEGE: Id.ROLL_BESIEGE, ATTACK: Id.ROLL_ATTACK, REVOLT: Id.ROLL_REVOLT,
    ASSASSINATION: Id.ROLL_ASSASSINATION, ARMY_WAY: Id.ROLL_ARMY_WAY, DEFEND_GENERAL: Id.ROLL_DEFEND_GENERAL,
    DEFEND_CITY: Id.ROLL_DEFEND_CITY, REROLL: Id.ROLL_AGAIN,
}
"""The roll procedure of each purpose."""
ASK_ID = {
    H_SETUP_REVOLTS: Id.ASK_SETUP_REVOLTS, H_SETUP_ARMY: Id.ASK_SETUP_ARMY, H_REROLL: Id.ASK_REROLL,
    H_CHOOSE: Id.ASK_CHOOSE, H_REINFORCE: Id.ASK_REINFORCE, H_ATTACKS: Id.ASK_ATTACKS,
}
"""The procedure of each question to the Hispano."""
_DECISIONS = {Id.SETUP_ROADS: SETUP_ROADS, Id.SETUP_START: SETUP_START, Id.ENTER: ENTER, Id.ROMAN: ROMAN,
              Id.FREE_MOVE: FREE_MOVE}
ROLL_FOR = {int(i): purpose for purpose, i in ROLL_ID.items()}
"""What each roll procedure decides (the die rolled again: REROLL; its frame names the purpose)."""
HISPANO_FOR = {int(i): h for h, i in ASK_ID.items()}
"""What each question procedure asks the Hispano."""
PHASE_OF = tuple(_DECISIONS.get(i, ROLL if i in ROLL_FOR else HISPANO if i in HISPANO_FOR else STEP) for i in Id)
"""The phase of each procedure, by id."""
