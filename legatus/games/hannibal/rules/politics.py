"""Political control and isolation (H102-H104) and Winter Attrition (H105-H107)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..ids import Id
from ..notation import CARTHAGE, ROME
from .base import NONE, Entries, attrition, die, hostile_tribe, is_plain, other, train_at, train_space

if TYPE_CHECKING:
    from ..state import HannibalState



def winter_forces(st: HannibalState) -> list[int]:
    """H106: every force on a space with an enemy PC (walled city, tribe) or a hostile tribe, as
    (space, side) pairs."""
    out: list[int] = []
    ctrl, tribal, cu = st.ctrl, st.tribal, st.cu
    train = st.gen_at[st.siege_train] if st.siege_train >= 0 else -1
    for s in range(st.board.n_spaces):  # a hot path of rollouts: the cheap tests first
        if ctrl[s] == NONE and not tribal[s]:
            continue
        for side in (ROME, CARTHAGE):
            if (cu[side][s] or s == train and train_at(st, side, s)) \
                    and (ctrl[s] == other(side) or hostile_tribe(st, s, side)):
                out += [s, side]
    return out


def winter_roll(st: HannibalState, die: int, space: int, side: int) -> None:
    attrition(st, side, space, die, st.cu[side][space], train_at(st, side, space))
    st.end()


def connected(st: HannibalState, side: int) -> set[int]:
    """H104: the spaces from which a friendly CU, walled city, tribe or controlled port can be
    reached without crossing a pass; enemy-PC and tribe spaces only with a friendly CU, enemy
    CUs only where a friendly PC stands (straits allowed, the ruling)."""
    board = st.board
    enemy = other(side)
    ctrl, tribal, port, kind = st.ctrl, st.tribal, board.port, board.kind
    ours, theirs = st.cu[side], st.cu[enemy]  # cus() inlined: every space, twice a turn
    our_train, their_train = train_space(st, side), train_space(st, enemy)
    # the anchors: a friendly CU, or a friendly marker that is no plain PC (is_plain inlined) or at
    # a port; the set is the same whatever order the search below takes
    seen = {s for s in range(board.n_spaces) if ours[s] or s == our_train or ctrl[s] == side and (
        port[s] is not None or not (kind[s] == "pc" or kind[s] == "tribe" and not tribal[s]))}
    todo = list(seen)
    while todo:
        s = todo.pop()
        for t in (*board.land[s], *board.straits[s]):
            if t in seen:
                continue
            c = ctrl[t]
            if (c == enemy or tribal[t] and c != side) and not (ours[t] or t == our_train):
                continue  # an enemy PC or a hostile tribe without a friendly CU
            if (theirs[t] or t == their_train) and c != side:
                continue  # enemy CUs without a friendly PC
            seen.add(t)
            todo.append(t)
    return seen


def isolation(st: HannibalState) -> None:
    """H104: Rome, then Carthage, removes every isolated plain PC."""
    for side in (ROME, CARTHAGE):
        ok = connected(st, side)
        for s in range(st.board.n_spaces):
            if st.ctrl[s] == side and is_plain(st, s) and s not in ok:
                st.ctrl[s] = NONE


# --- The table's entries of this chapter ----------------------------------------------------------
PROCEDURES: Entries = {
    Id.R_WINTER: die("winter attrition (H106)", winter_roll),
}
