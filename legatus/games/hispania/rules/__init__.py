"""The rules of Hispania, one module a chapter of the rulebook, read in this order:

1. :mod:`.setup` — Setup: revolts, armies, roads, starting spaces (R5–R8).
2. :mod:`.victory` — A Game of Hispania: the two ways the game ends (R20).
3. :mod:`.turn` — Game Sequence: rounds, turns, money, absent generals (R1, R9, R17).
4. :mod:`.movement` — Roman Phase, Move (R10).
5. :mod:`.roman_phase` — Roman Phase: Garrison, Besiege, Attack (R11, R14, R15).
6. :mod:`.combat` — combat values, groups and reinforcements (R4, R12, R13).
7. :mod:`.hispanic_phase` — Hispanic Phase: revolt roll, army moves, Hispanic attacks (R16, R18, R19).
8. :mod:`.end_of_round` — End of Round: the time track (R21).

Each function takes the state (``st``) first and changes it in place. Rules never roll dice:
a die is a chance action the state waits for (a ``*_ROLL`` phase).
"""
