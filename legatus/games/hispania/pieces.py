"""The pieces: generals (in turn order, R1), their colours, the discs, the time track."""

from __future__ import annotations

from .board import CITERIOR, ULTERIOR

ULTERIOR_PRAETOR, CITERIOR_PRAETOR, CONSUL, PROCONSUL = 0, 1, 2, 3
GENERALS = ("ulterior", "citerior", "consul", "proconsul")  # turns I, II, III (R1); the proconsul has none
COLOURS = ("red", "yellow", "blue", "purple")  # garrison colours; purple is the Legio Hispana (R25)
PURPLE = 3
TITLES = ("praetor of Ulterior", "praetor of Citerior", "consul", "proconsul")
CAPITALISED = tuple(t[0].upper() + t[1:] for t in TITLES)
TURN_NUMERALS = ("I", "II", "III")
PRAETOR_HOME = (ULTERIOR, CITERIOR)  # each praetor's own Roman province
HOME: tuple[int | None, ...] = (*PRAETOR_HOME, None, None)  # the consul and the proconsul have none

# Where a general is: a space, or one of these.
OFF = -1  # removed after a defeat; enters again at his next turn (R17)
NOT_IN_GAME = -2  # the proconsul before he is called (R24)
DEAD = -3  # the proconsul after a defeat (R24)

N_REVOLTS = 22
N_ARMIES = 3
SPECIAL = 2  # with Terror the third army is the special army (R27)
MAX_DISCS = 3
TIME_TRACK = (198, 180, 162, 144, 126, 108, 90, 72, 54, 36, 18)  # years BC; 11 rounds (R21)
