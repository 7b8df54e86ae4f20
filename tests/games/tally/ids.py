"""The procedures' ids, a leaf module: the chapters import ids, never each other."""

from __future__ import annotations

import enum


class Proc(enum.IntEnum):
    TURN = 0  # the seat to move adds 1 or 2
    ROLL = 1  # the die adds its face to the same seat
