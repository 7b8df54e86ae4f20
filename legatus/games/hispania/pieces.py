"""The pieces: generals (in turn order, R1), their colours and seats."""

from __future__ import annotations

from .board import CITERIOR, ULTERIOR

GENERALS = ("ulterior", "citerior", "consul")  # turn I, II, III (R1)
COLOURS = ("red", "yellow", "blue")
TITLES = ("praetor of Ulterior", "praetor of Citerior", "consul")
CAPITALISED = tuple(t[0].upper() + t[1:] for t in TITLES)
TURN_NUMERALS = ("I", "II", "III")
PRAETOR_HOME = (ULTERIOR, CITERIOR)  # each praetor's own Roman province
HOME: tuple[int | None, ...] = (*PRAETOR_HOME, None)  # the consul has none
CONSUL = 2
N_REVOLTS = 22
N_ARMIES = 3
MAX_DISCS = 3
TIME_TRACK = (198, 180, 162, 144, 126, 108, 90, 72, 54, 36, 18)  # years BC; 11 rounds (R21)
