"""Proconsvl (R24): while a fleet without a general is in Mare Balearicum, 3 denarii place
the proconsul on it. From then on any general's turn may spend denarii on him (move,
besiege, attack); he has no garrisons, and a defeat kills him."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..notation import MAX_SPEND, MOVE_OTHER, OTHER_MOVERS, PROCONSUL_ATTACK, PROCONSUL_BESIEGE, PROCONSUL_IN
from ..pieces import NOT_IN_GAME, PROCONSUL
from . import movement

if TYPE_CHECKING:
    from ..state import HispaniaState

COST = 3
ENTRY_SEA = "Mare Balearicum"


def actions(st: HispaniaState) -> list[int]:
    base = st.notation.base
    where = st.general_at[PROCONSUL]
    if where == NOT_IN_GAME:
        sea = st.board.space(ENTRY_SEA)
        if st.money >= COST and st.fleets[sea] and st.space_general[sea] < 0:
            return [base[PROCONSUL_IN]]
        return []
    if where < 0:  # dead
        return []
    n = st.board.n_spaces
    first = base[MOVE_OTHER] + OTHER_MOVERS.index(PROCONSUL) * n
    found = [first + s for s in movement.general_costs(st, PROCONSUL, where, st.money)]
    top = min(st.money, MAX_SPEND)
    for target in st.board.neighbours[where]:
        if st.space_army[target] >= 0:
            first = base[PROCONSUL_ATTACK] + target * MAX_SPEND
        elif st.revolts[target]:
            first = base[PROCONSUL_BESIEGE] + target * MAX_SPEND
        else:
            continue
        found.extend(range(first, first + top))
    return found


def call(st: HispaniaState) -> None:
    sea = st.board.space(ENTRY_SEA)
    st.money -= COST
    st.put_general(PROCONSUL, sea)
    st.log(f"The proconsul arrives on the fleet of {ENTRY_SEA} ({COST} denarii)")
