"""II. Ordo (C20, C30, V7–V9): each player, in the current order, takes a spot on the turn track;
cost spots are paid on placing; "free" takes the rightmost empty free spot."""

from __future__ import annotations

from typing import TYPE_CHECKING

from legatus.core.procedures import Procedure, step
from legatus.core.tuples import put

from ..effects import number, param
from ..ids import Id

if TYPE_CHECKING:
    from ..state import ViaeState


def begin(st: ViaeState) -> None:
    """The phase's step: each player chooses a spot, then III. Stipendium."""
    st.goto(Id.ROUND_STIPENDIUM)
    if st.round == 1:  # C30, V9: no Ordo in round 1
        return
    st.spot = (-1,) * st.game.num_players()
    st.ordo_i = 0
    st.call(Id.ORDO)


def chooser(st: ViaeState) -> int:
    return st.order[st.ordo_i]


def spot_cost(st: ViaeState, seat: int, spot: int) -> int:
    return number(st, seat, "ordo_cost", st.game.ordo_costs[spot])


def legal(st: ViaeState) -> tuple[int, ...]:
    seat = chooser(st)
    g = st.game
    taken = set(st.spot)
    anywhere = param(st, seat, "ordo_free_spot", "last") == "any"
    spots = tuple(g.notation.base["spot"] + s for s, cost in enumerate(g.ordo_costs)
                  if s not in taken and (cost > 0 or anywhere) and spot_cost(st, seat, s) <= st.denar[seat])
    return (g.notation.base["ordo"], *spots)


def apply(st: ViaeState, action: int) -> None:
    seat = chooser(st)
    g = st.game
    taken = set(st.spot)
    if action == g.notation.base["ordo"]:
        free = [s for s, cost in enumerate(g.ordo_costs) if cost == 0 and s not in taken]
        # V8: the rightmost empty free spot; with none left (5 players), the rightmost empty spot, unpaid
        st.spot = put(st.spot, seat, free[-1] if free else max(s for s in range(len(g.ordo_costs)) if s not in taken))
    else:
        s = action - g.notation.base["spot"]
        st.denar[seat] -= spot_cost(st, seat, s)  # C30: paid on placing
        st.spot = put(st.spot, seat, s)
    st.ordo_i += 1
    if st.ordo_i == len(st.order):
        st.order = tuple(sorted(range(g.num_players()), key=lambda p: st.spot[p]))
        st.end()


PROCEDURES: dict[int, Procedure[ViaeState]] = {
    Id.ROUND_ORDO: step("II. Ordo begins", begin),
    Id.ORDO: Procedure("II. Ordo", chooser, lambda st: f"{st.game.seats[chooser(st)]}: choose a turn spot.", legal,
                       apply),
}
