"""End of Round (rulebook "End of Round"; R21): a revolt from the reserve covers the next
space of the time track. None left, or the last space (18 BC) covered: Hispanic victory."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..pieces import TIME_TRACK
from . import victory

if TYPE_CHECKING:
    from ..state import HispaniaState


def end_round(st: HispaniaState) -> None:
    year = TIME_TRACK[st.time]
    if not victory.take_revolt(st, f"on the time track at {year} BC"):
        return
    st.time += 1
    st.log(f"End of round {st.round}: a revolt covers {year} BC on the time track "
           f"({st.revolt_reserve} left in the reserve)")
    if st.time == len(TIME_TRACK):
        victory.end_game(st, victory.HISPANIA, "the time track is full: 18 BC is covered")
