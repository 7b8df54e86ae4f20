"""Tally's observation tensor, for the adapters: the seat's total and the other's, as shares of
the target, and whether the seat is to move."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .state import TallyState

SIZE = 3


def tensor(st: TallyState, seat: int) -> list[float]:
    target = st.game.target
    return [min(st.totals[seat] / target, 1.0), min(st.totals[1 - seat] / target, 1.0),
            float(st.current_player() == seat)]
