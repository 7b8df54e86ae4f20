"""Tally's notation: ``roll 1`` … ``roll <faces>`` (chance outcomes, numbered first), ``add 1``,
``add 2``."""

from __future__ import annotations

from legatus.core.actions import ActionTable

ADDS = (1, 2)


def build_actions(name: str, faces: int) -> ActionTable:
    return ActionTable(name, [*(f"roll {face}" for face in range(1, faces + 1)), *(f"add {n}" for n in ADDS)])


def roll_id(face: int) -> int:
    return face - 1


def add_id(n: int, faces: int) -> int:
    return faces + ADDS.index(n)
