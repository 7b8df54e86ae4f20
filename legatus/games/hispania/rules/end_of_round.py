"""End of Round (rulebook "End of Round"; R21): a revolt from the reserve covers the next
space of the time track. None left, or the last space (18 BC) covered: Hispanic victory.
The New Empire's track fills three times slower: three revolts a space, one a round."""

from __future__ import annotations

from typing import TYPE_CHECKING

from legatus.core.procedures import step

from ..ids import Id
from ..pieces import TIME_TRACK
from . import victory

if TYPE_CHECKING:
    from ..state import HispaniaState


def track(st: HispaniaState) -> tuple[tuple[int, ...], int]:
    """The time track's years and how many revolts fill a space."""
    scenario = st.game.scenario
    return (scenario.track, scenario.capacity) if scenario else (TIME_TRACK, 1)


def end_round(st: HispaniaState) -> None:
    years, capacity = track(st)
    year = years[st.time // capacity]
    if not victory.take_revolt(st, f"on the time track at {year} BC"):
        return
    st.time += 1
    st.log(f"End of round {st.round}: a revolt goes on {year} BC on the time track "
           f"({st.revolt_reserve} left in the reserve)")
    if st.time == len(years) * capacity:
        victory.end_game(st, victory.HISPANIA, f"the time track is full: {years[-1]} BC is covered",
                         victory.OUTCOMES["time"])
        return
    st.round += 1
    st.turn = 0
    st.goto(Id.BEGIN_TURN)


PROCEDURES = {
    Id.END_ROUND: step("end of the round", end_round),
}
