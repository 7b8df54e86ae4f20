"""The inside of walled cities (H51, H57, H62 step 1, H67, H72, H89, H97, H100).

A walled-city space has an inside (capacity: Rome and Carthage 5 CUs, the others 2; Generals
do not count) that only the city's owner uses. Units inside take no part in what happens
outside: they do not stop movement, are never battled, overrun or displaced by a moving army,
and cannot Avoid Battle (H47, H48, H51). ``cu``/``eleph`` count the CUs outside, ``inner``/``ein``
those inside; a General is inside while ``g_in`` names the space he stands in.

Rulings: a side's Generals in one city go in or out together (one choice, "with generals"); a
consul keeps 5 CUs with him when he can (H39). Carthage says how many of the CUs inside are
elephants (H51: each unit is declared inside or outside; H4); the plain ``garrison N`` keeps the
engine's order of before, elephants the last to go inside and the first to come out
(:mod:`.splits`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from legatus.core.procedures import Procedure
from legatus.core.tuples import put

from ..ids import Id
from ..notation import CARTHAGE
from . import base, splits
from .base import generals_at, is_inside, other
from .splits import Choices, span

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


def shift_inside(st: HannibalState, side: int, space: int, k: int, elephants: int | None = None) -> None:
    """Moves ``k`` CUs of ``side`` inside (``k`` < 0: outside), ``elephants`` of them (with the
    same sign); None: the engine's order, elephants go in last and come out first."""
    if elephants is None:
        if side != CARTHAGE:
            elephants = 0
        elif k >= 0:
            elephants = max(0, k - (st.cu[side][space] - st.eleph[space]))
        else:
            elephants = -min(st.ein[space], -k)
    st.cu[side][space] -= k
    st.inner[space] += k
    if elephants:
        st.eleph[space] -= elephants
        st.ein = put(st.ein, space, st.ein[space] + elephants)


def coming_out(st: HannibalState, side: int, space: int, n: int, elephants: int, inside_first: bool) -> tuple[int, int]:
    """The CUs, and the elephants among them, that come out of the walls of ``space`` for ``n`` of
    the side's CUs, ``elephants`` of them (-1: the engine's order, elephants first), to leave it
    (H51 (a)): a General inside brings out those inside first, as many as go; else those outside
    go first and the rest come out."""
    if st.ctrl[space] != side or not st.inner[space]:
        return 0, 0
    cu, inner, e_in = st.cu[side][space], st.inner[space], st.ein[space]
    e_out = st.eleph[space] if side == CARTHAGE else 0
    out = min(n, inner) if inside_first else max(0, n - cu)
    if elephants < 0:
        return out, min(e_in, out)
    if inside_first:  # as many elephants come out as the army may take and leave the rest outside
        return out, min(e_in, out, cu - e_out + out - (n - elephants))
    e = max(0, elephants - e_out)
    return e + max(0, n - elephants - (cu - e_out)), e


def leaving(st: HannibalState, side: int, space: int, n: int, inside: bool, inside_first: bool = False) -> Choices:
    """H4, H46: the numbers of elephants ``n`` of the side's CUs leaving ``space`` may hold (those
    inside the walls among them if ``inside``), and how many the engine's order takes: after
    those that come out (:func:`coming_out`), elephants first."""
    e_out = st.eleph[space] if side == CARTHAGE else 0
    e_in = st.ein[space] if inside and st.ctrl[space] == side else 0
    if not e_out and not e_in:
        return splits.NONE
    regular = st.cu[side][space] - e_out + (st.inner[space] - e_in if inside and st.ctrl[space] == side else 0)
    out = coming_out(st, side, space, n, -1, inside_first)[1] if inside else 0
    return span(n, regular, e_out + e_in), min(n, e_out + out)


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
    """``garrison k``: k CUs inside in all (Generals outside); ``with generals``: they go in too;
    ``with j elephants``: j of them elephants (H4). H39: a consul keeps 5 CUs (or all there are)
    on his side of the walls."""
    gens, lo, hi, units = _options(st)
    consul = any(st.consul[g] for g in gens)
    need = min(5, units)
    out, more = [], []
    for k in range(lo, hi + 1):
        kinds = ["garrison"] if not consul or units - k >= need else []
        kinds += ["garrison with generals"] if gens and (not consul or k >= need) else []
        for kind in kinds:
            first, *others = splits.actions(st, kind, k, garrison_choices(st, kind, k))
            out.append(first)
            more += others  # after the plain ones, which keep their order
    return tuple(out + more) or (st.notation.GARRISON + lo,)


def garrison_choices(st: HannibalState, kind: str, k: int) -> Choices:
    """H4, H51: the numbers of elephants among ``k`` CUs inside in all, and the engine's order's:
    the owner's units as an enemy army enters, any of them; the mover's, the CUs inside stay
    and those of the army go in, elephants last."""
    _, side, mode, space = st.stack[-1]
    e_in, inner = st.ein[space], st.inner[space]
    if mode == MOVER:
        more, regular = k - inner, st.m_left - st.m_eleph
        allowed = span(more, regular, st.m_eleph)
        return range(e_in + allowed.start, e_in + allowed.stop), e_in + max(0, more - regular)
    e_out = st.eleph[space] if side == CARTHAGE else 0
    if not e_out and not e_in:
        return splits.NONE
    regular_out, more = st.cu[side][space] - e_out, k - inner
    default = e_in + max(0, more - regular_out) if more >= 0 else max(0, e_in + more)
    return span(k, regular_out + inner - e_in, e_out + e_in), default


def garrison(st: HannibalState, action: int) -> None:
    _, side, mode, space = st.stack[-1]
    gens = _options(st)[0]
    kind, k, j = splits.split(st, action, garrison_choices)
    elephants, more = j - st.ein[space], k - st.inner[space]
    shift_inside(st, side, space, elephants, elephants)
    shift_inside(st, side, space, more - elephants, 0)
    if mode == MOVER:
        st.m_left -= more
        st.m_eleph -= elephants
    for g in gens:
        st.g_in[g] = space if kind == "garrison with generals" else -1
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


def retreat_inside(st: HannibalState, side: int, space: int, n: int, elephants: int | None = None) -> int:
    """H87, H89, H100: up to ``n`` CUs of the loser go inside, ``elephants`` of them (None: the
    engine's order), with its Generals; the CUs that fit."""
    k = min(n, room(st, space))
    shift_inside(st, side, space, k, elephants)
    for g in generals_at(st, space, side):
        st.g_in[g] = space
    return k


# --- The table's entries of this chapter ----------------------------------------------------------
PROCEDURES: base.Entries = {
    Id.GARRISON: Procedure("walls", base.seat, lambda st: f"{base.side_word(st)} puts units inside the walls of "
                           f"{st.board.names[st.stack[-1][3]]} (H51).", garrison_legal, garrison),
}
SPLITS: dict[int, splits.Chooser] = {Id.GARRISON: garrison_choices}
"""The decisions of this chapter that split a stack (:mod:`.splits`)."""
