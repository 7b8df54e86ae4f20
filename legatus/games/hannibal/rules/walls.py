"""The inside of walled cities (H51, H57, H62 step 1, H67, H72, H89, H97, H100).

A walled-city space has an inside (capacity: Rome and Carthage 5 CUs, the others 2; Generals
do not count) that only the city's owner uses. Units inside take no part in what happens
outside: they do not stop movement, are never battled, overrun or displaced by a moving army,
and cannot Avoid Battle (H47, H48, H51). ``cu``/``eleph`` count the CUs outside, ``inner``/``ein``
those inside; a General is inside while ``g_in`` names the space he stands in.

Rulings: a side's Generals in one city go in or out together (one choice, "with generals"); a
consul keeps 5 CUs with him when he can (H39); elephants are the last CUs to go inside and the
first to come out.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from legatus.core.procedures import Procedure
from legatus.core.tuples import put

from ..ids import Id
from ..notation import CARTHAGE
from . import base
from .base import generals_at, is_inside, other

if TYPE_CHECKING:
    from ..state import HannibalState

DECLARE, MOVER = 0, 1  # who garrisons: the non-active player as an army enters (H62), the mover at the end (H51)
MAX_INSIDE = 5  # the largest capacity (Rome, Carthage)


def room(st: HannibalState, space: int) -> int:
    return st.board.capacity[space] - st.inner[space]


def is_besieged(st: HannibalState, space: int) -> bool:
    """H97: a city is besieged while it carries a siege point."""
    return st.spts[space] > 0


def total(st: HannibalState, side: int, space: int) -> int:
    """The side's CUs in the space, outside and inside."""
    return st.cu[side][space] + (st.inner[space] if st.ctrl[space] == side else 0)


def shift_inside(st: HannibalState, side: int, space: int, k: int) -> None:
    """Moves ``k`` CUs of ``side`` inside (``k`` < 0: outside); elephants go in last, out first."""
    carthage = side == CARTHAGE
    if k >= 0:
        e = max(0, k - (st.cu[side][space] - st.eleph[space])) if carthage else 0
        st.cu[side][space] -= k
        st.inner[space] += k
        st.eleph[space] -= e
        if e:
            st.ein = put(st.ein, space, st.ein[space] + e)
    else:
        k = -k
        e = min(st.ein[space], k)
        st.inner[space] -= k
        if e:
            st.ein = put(st.ein, space, st.ein[space] - e)
        st.cu[side][space] += k
        st.eleph[space] += e


def may_shelter(st: HannibalState, side: int, space: int) -> bool:
    """H51, H97: a side may use the inside of its own walled city while it is not besieged."""
    return base.is_walled(st, space) and st.ctrl[space] == side and not is_besieged(st, space)


def must_declare(st: HannibalState) -> bool:
    """H62 step 1: an enemy army enters a non-besieged walled city where the non-active player
    has units: he declares them inside or outside."""
    here = st.gen_at[st.m_gen]
    side = other(st.m_side)
    return may_shelter(st, side, here) and bool(total(st, side, here) or generals_at(st, here, side, everywhere=True))


def _options(st: HannibalState) -> tuple[list[int], int, int, int]:
    """The Generals that go in or out, the CUs inside they may leave (from, to) and the CUs in play."""
    _, side, mode, space = st.stack[-1]
    if mode == MOVER:
        gens = [st.m_gen, *st.m_group]
        units = st.inner[space] + st.m_left
        lo, hi = st.inner[space], st.inner[space] + min(room(st, space), st.m_left)
    else:
        gens = generals_at(st, space, side, everywhere=True)
        units = total(st, side, space)
        lo, hi = 0, min(st.board.capacity[space], units)
    return gens, lo, hi, units


def garrison_legal(st: HannibalState) -> tuple[int, ...]:
    """``garrison k``: k CUs inside in all (Generals outside); ``with generals``: they go in too.
    H39: a consul keeps 5 CUs (or all there are) on his side of the walls."""
    gens, lo, hi, units = _options(st)
    consul = any(st.consul[g] for g in gens)
    need = min(5, units)
    out = []
    for k in range(lo, hi + 1):
        if not consul or units - k >= need:
            out.append(st.notation.GARRISON + k)
        if gens and (not consul or k >= need):
            out.append(st.notation.GARRISON + MAX_INSIDE + 1 + k)
    return tuple(out) or (st.notation.GARRISON + lo,)


def garrison(st: HannibalState, action: int) -> None:
    _, side, mode, space = st.stack[-1]
    gens = _options(st)[0]
    k = (action - st.notation.GARRISON) % (MAX_INSIDE + 1)
    more = k - st.inner[space]
    shift_inside(st, side, space, more)
    if mode == MOVER:
        st.m_left -= more
    inside = action - st.notation.GARRISON > MAX_INSIDE
    for g in gens:
        st.g_in[g] = space if inside else -1
    st.end()


def sortie_force(st: HannibalState, side: int, space: int) -> int:
    """H100: CUs inside a besieged friendly city that may join a battle against the besiegers."""
    if st.ctrl[space] != side or not is_besieged(st, space) or st.sby[space] != other(side):
        return 0
    return st.inner[space]


def sortie(st: HannibalState, side: int, space: int) -> None:
    """H100: the units inside come out and fight; a General inside who outranks the relief
    commander commands (the last to arrive commands among equals, H42)."""
    st.b_sortie += st.inner[space]
    shift_inside(st, side, space, -st.inner[space])
    for g in generals_at(st, space, side, everywhere=True):
        if is_inside(st, g):
            st.g_in[g] = -1
            st.stamp[g] = 0  # he commands only if he outranks the relief commander


def retreat_inside(st: HannibalState, side: int, space: int, n: int) -> int:
    """H87, H89, H100: up to ``n`` CUs of the loser go inside, with its Generals; the CUs that fit."""
    k = min(n, room(st, space))
    shift_inside(st, side, space, k)
    for g in generals_at(st, space, side):
        st.g_in[g] = space
    return k


# --- The table's entries of this chapter ----------------------------------------------------------
PROCEDURES: base.Entries = {
    Id.GARRISON: Procedure("walls", base.seat, lambda st: f"{base.side_word(st)} puts units inside the walls of "
                           f"{st.board.names[st.stack[-1][3]]} (H51).", garrison_legal, garrison),
}
