"""Procedure ids (:mod:`legatus.core.procedures`) and the steps of the round driver."""

# procedures
FLOW, ORDER, DRAW, DISCARD, START, MILESTONE, ORDO, INCOME, TURN, DIE, KEEP, SCOUT_MORE, HIRE, TARGET_SEAT, \
    TARGET_CITY, FREE, TAKE, LOSE, CLAIM = range(19)

# steps of the round driver (rules.flow)
S_ORDER, S_DEAL, S_PLACE, S_FORTUNA, S_ORDO, S_STIPENDIUM, S_AGERE, S_EPILOGUS = range(8)

# free actions a card or an officer grants (effects: free_action)
F_MOVE, F_ROAD, F_SCOUT, F_BASILICA = range(4)
FREE_KINDS = {"move": F_MOVE, "build_road": F_ROAD, "scout": F_SCOUT, "build_basilica": F_BASILICA}

# effect verbs that wait for a seat to be chosen
V_TAKE_DENAR, V_LOSE_INFLUENCE, V_DISCARD = range(3)
