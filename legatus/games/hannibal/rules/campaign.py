"""H52: on a Campaign card a CU or subordinate one General moved may be moved again by another,
as long as none moves beyond its allowance in all, counted CU by CU (in MP, as H45 counts a move).

CUs carry no identity, so the bookkeeping is by counts: ``st.m_used[u]`` is how many of the
moving army's CUs have spent ``u`` MP on this card, ``st.spent[space * SLOTS + u]`` how many
standing in ``space`` have (``u = USED_UP``: an army that battled, sieged, backed up or failed a
pursuit has used all its movement), ``st.g_used[g]`` the MP General ``g`` has spent. A General
takes or picks up the least worn CUs first and drops the most worn first (the ruling): every
choice keeps its plain notation (``take 5``, ``drop 2``).
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from . import walls

if TYPE_CHECKING:
    from ..state import HannibalState

SLOTS = 8  # MP used 0-6 (Nero moves 6), then USED_UP
USED_UP = SLOTS - 1


@cache
def _none_spent(spaces: int) -> tuple[int, ...]:
    """``spent`` before anything moves: one tuple for every card of every game (it is never changed)."""
    return (0,) * (spaces * SLOTS)


def clear(st: HannibalState) -> None:
    """A new card: nothing has moved on it."""
    st.spent = _none_spent(st.board.n_spaces)
    st.g_used = [0] * len(st.gen_at)
    st.m_used = [0] * SLOTS


def _trim(counts: list[int], total: int) -> list[int]:
    """``counts`` cut down to ``total`` in all, the most worn first."""
    extra = sum(counts) - total
    for u in range(USED_UP, -1, -1):
        if extra <= 0:
            break
        cut = min(extra, counts[u])
        counts[u] -= cut
        extra -= cut
    return counts


def _worn(st: HannibalState, at: int, standing: int) -> list[int]:
    """The ``standing`` CUs at ``at`` moved on this card, by MP used (losses since: the most worn
    are the ones gone)."""
    return _trim(list(st.spent[at * SLOTS:(at + 1) * SLOTS]), standing)


def _set_worn(st: HannibalState, at: int, worn: list[int]) -> None:
    """``spent`` is a tuple, shared by clones (most never move on this card): a write makes a new one."""
    spent = st.spent
    st.spent = (*spent[:at * SLOTS], *worn, *spent[(at + 1) * SLOTS:])


def carried(st: HannibalState) -> list[int]:
    """The moving army's CUs by MP used (losses on the way: the most worn are the ones gone)."""
    return _trim(list(st.m_used), st.m_left)


def free(st: HannibalState, at: int, standing: int, limit: int) -> int:
    """How many of the ``standing`` CUs at ``at`` have MP left under ``limit``."""
    return standing - sum(_worn(st, at, standing)[limit:])


def board(st: HannibalState, at: int, standing: int, n: int) -> None:
    """The mover takes ``n`` of the ``standing`` CUs at ``at``, the least worn first."""
    worn = _worn(st, at, standing)
    worn[0] = standing - sum(worn[1:])
    used = carried(st)
    for u in range(SLOTS):
        k = min(n, worn[u])
        worn[u] -= k
        used[u] += k
        n -= k
    worn[0] = 0
    _set_worn(st, at, worn)
    st.m_used = used


def leave(st: HannibalState, at: int, standing: int, n: int, used_up: bool = False) -> None:
    """The mover leaves ``n`` CUs at ``at`` (among ``standing`` others), the most worn first;
    ``used_up``: they have no movement left on this card."""
    worn = _worn(st, at, standing)
    used = carried(st)
    for u in range(USED_UP, -1, -1):
        k = min(n, used[u])
        used[u] -= k
        n -= k
        worn[USED_UP if used_up else u] += k
    worn[0] = 0  # CUs that have not moved are no one's concern
    _set_worn(st, at, worn)
    st.m_used = used


def spend(st: HannibalState, cost: int) -> None:
    """A step of ``cost`` MP: every CU and General of the army spends it."""
    used = carried(st)
    st.m_used = [0] * SLOTS
    for u, k in enumerate(used):
        st.m_used[min(u + cost, USED_UP - 1)] += k  # room() keeps u + cost within the allowance
    for g in (st.m_gen, *st.m_group):
        st.g_used[g] += cost


def room(st: HannibalState, limit: int) -> int:
    """The MP the army may still spend: none of its CUs or Generals beyond ``limit`` in all."""
    used = carried(st)
    worst = max((u for u in range(SLOTS) if used[u]), default=0)
    return limit - max(worst, *(st.g_used[g] for g in (st.m_gen, *st.m_group)))


def standing(st: HannibalState, at: int) -> int:
    """The side's CUs at ``at`` (inside the walls too) that are not moving."""
    here = st.gen_at[st.m_gen] == at
    return walls.total(st, st.m_side, at) - (st.m_left if here else 0)


def finish(st: HannibalState, used_up: bool) -> None:
    """The move is over: its CUs stand where it ended with what they spent, or all used up (it
    battled, sieged, backed up or failed a pursuit), and so do its Generals."""
    at = st.gen_at[st.m_gen]
    if at >= 0:
        leave(st, at, standing(st, at), st.m_left, used_up)
    if used_up:
        for g in (st.m_gen, *st.m_group):
            st.g_used[g] = USED_UP
