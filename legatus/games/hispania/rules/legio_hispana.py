"""Legio Hispana (R25): the purple disc starts in the consul's reserve. Once placed it
counts as every general's own garrison (:mod:`.combat`), and any general may remove it into
his own reserve; an army that removes it sends it to the consul's reserve."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..notation import GARRISON_PURPLE, UNGARRISON_PURPLE
from ..pieces import CAPITALISED, CONSUL, PURPLE
from .garrison import can_garrison

if TYPE_CHECKING:
    from ..state import HispaniaState

ON_BOARD = -1


def actions(st: HispaniaState, g: int, here: int) -> list[int]:
    base = st.notation.base
    found = []
    if st.purple == g and can_garrison(st, g, here, purple=True):
        found.append(base[GARRISON_PURPLE])
    if PURPLE in st.garrisons[here]:
        found.append(base[UNGARRISON_PURPLE])
    return found


def place(st: HispaniaState, g: int, here: int) -> None:
    st.garrisons[here] += (PURPLE,)
    st.purple = ON_BOARD
    st.log(f"{CAPITALISED[g]} places the Legio Hispana in {st.board.names[here]}")


def remove(st: HispaniaState, g: int, here: int) -> None:
    stack = st.garrisons[here]
    i = stack.index(PURPLE)
    st.garrisons[here] = stack[:i] + stack[i + 1:]
    st.purple = g
    st.log(f"{CAPITALISED[g]} takes the Legio Hispana from {st.board.names[here]} into his reserve")


def lost(st: HispaniaState) -> None:
    """An army removed it: it goes to the consul's reserve."""
    st.purple = CONSUL
