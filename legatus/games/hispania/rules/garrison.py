"""Where a general may put a garrison (R11): asked by the Roman phase and by Legio Hispana's
purple general, so it lives in neither."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..pieces import MAX_DISCS

if TYPE_CHECKING:
    from ..state import HispaniaState


def can_garrison(st: HispaniaState, g: int, city: int, purple: bool = False) -> bool:
    """R11: a garrison from his reserve into his city, if it has no revolt and fewer than 3
    discs; into a capital only when its whole province is free of revolt."""
    board = st.board
    if city >= board.n_cities or st.revolts[city] or len(st.garrisons[city]) >= MAX_DISCS:
        return False
    if not purple and not st.garrison_reserve[g]:
        return False
    return city not in board.capital_set or not any(map(st.revolts.__getitem__,
                                                        board.province_cities[board.province[city]]))
