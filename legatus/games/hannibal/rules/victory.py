"""Victory (H108-H112): political points, the Italy sudden death, year-end removals, the end
of the game after turn 9 (a tie goes to Carthage)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..notation import CARTHAGE, ROME
from . import base
from .base import ITALY6, finish, points, province_controller

if TYPE_CHECKING:
    from ..state import HannibalState


def italy_held(st: HannibalState) -> bool:
    names = st.board.province_names
    return all(province_controller(st, names.index(p)) == CARTHAGE for p in ITALY6)


def check(st: HannibalState) -> None:
    """The Victory Check Phase. H110's ruling: the Italy condition is checked right after the
    points are counted, before any removal."""
    rome, carthage = points(st, ROME), points(st, CARTHAGE)
    if italy_held(st):
        finish(st, CARTHAGE, "sudden death: Carthage holds Italy")
        return
    if st.turn == len(st.game.tables.turn_cards):
        if rome > carthage:
            finish(st, ROME, "end of game: Rome has more political points")
        else:
            finish(st, CARTHAGE, "end of game: Carthage has as many political points or more")
        return
    if rome != carthage:  # H109
        base.demand_pcs(st, CARTHAGE if rome > carthage else ROME, abs(rome - carthage))
