"""Pirates (R26): at setup a revolt goes on every sea without a fleet. Pirates block fleets
(:mod:`.movement`), count in revolt groups (:mod:`.combat`) and are besieged like a city,
the sea's number being their shield; they belong to no province."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..state import HispaniaState


def place(st: HispaniaState) -> None:
    seas = [s for s in st.board.seas if not st.fleets[s]]
    for sea in seas:
        st.revolts[sea] = 1
        st.revolt_reserve -= 1
    if seas:
        st.log(f"Pirates: a revolt in {', '.join(st.board.names[s] for s in seas)}")
