"""Hannibal's rules in the order of play (RULES-BRIEF H1-H136): one module a part.

:mod:`.base` holds the procedure ids and the queries every part shares (control, commanders,
losses); :mod:`.setup`, :mod:`.turn` (sequence, reinforcements, consuls, end of turn),
:mod:`.strategy` (hands and card play), :mod:`.movement` (command, land and naval movement),
:mod:`.campaign` (what each unit spent on a Campaign card),
:mod:`.reactions` (interception, avoid battle, pursuit), :mod:`.battle` (battle and retreat),
:mod:`.sieges`, :mod:`.politics` (control, isolation, attrition), :mod:`.events` (the cards)
and :mod:`.victory` follow.
"""
