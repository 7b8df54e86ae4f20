"""Imperivm (R23): each general has a power.

- The praetor of Ulterior moves one link for free once his Hispanic phase is over.
- The praetor of Citerior adds 1 to the Roman die in his sieges (:mod:`.roman_phase`).
- The consul may spend his denarii to move the praetors (``ulterior move X``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from legatus.core.procedures import Procedure

from .. import explain
from ..ids import Id
from ..notation import END, MOVE, MOVE_OTHER
from ..pieces import CAPITALISED, CITERIOR_PRAETOR, ULTERIOR_PRAETOR
from . import movement
from .seats import roman_seat

if TYPE_CHECKING:
    from ..state import HispaniaState

SIEGE_BONUS = 1


def begin_free_move(st: HispaniaState) -> bool:
    """Offers the praetor of Ulterior his free move; False if he has none to make."""
    if st.general_at[ULTERIOR_PRAETOR] < 0 or not movement.one_link_moves(st, ULTERIOR_PRAETOR):
        return False
    st.goto(Id.FREE_MOVE)
    st.actor = ULTERIOR_PRAETOR
    return True


def free_move_prompt(st: HispaniaState) -> str:
    return "Imperivm: the praetor of Ulterior may move one link for free, or end."


def free_move_actions(st: HispaniaState) -> tuple[int, ...]:
    base = st.notation.base
    return tuple(base[MOVE] + s for s in movement.one_link_moves(st, ULTERIOR_PRAETOR)) + (base[END],)


def apply_free_move(st: HispaniaState, action: int) -> None:
    kind, dest, _, _ = st.notation.decode[action]
    if kind == MOVE:
        here = st.general_at[ULTERIOR_PRAETOR]
        crossing = movement.crosses_lethe(st, ULTERIOR_PRAETOR, here, dest, 0, one_link=True)
        st.put_general(ULTERIOR_PRAETOR, dest)
        st.log(f"{CAPITALISED[ULTERIOR_PRAETOR]} moves {st.board.names[here]} → {st.board.names[dest]} for free "
               "(Imperivm)")
        if crossing:
            st.end_lethe()
    st.goto(Id.END_TURN)  # R23: the free move (or its refusal) ends the turn


def praetor_move_actions(st: HispaniaState) -> list[int]:
    """The consul's moves of the praetors, each paid from his denarii."""
    actions: list[int] = []
    first = st.notation.base[MOVE_OTHER]
    n = st.board.n_spaces
    for slot, g in enumerate((ULTERIOR_PRAETOR, CITERIOR_PRAETOR)):
        here = st.general_at[g]
        if here >= 0:
            actions.extend(first + slot * n + s for s in movement.general_costs(st, g, here, st.money))
    return actions


def explain_free_move(st: HispaniaState, a: int) -> str:
    kind, x, _, _ = st.notation.decode[a]
    if wrong := explain.roman_decision(st, kind):
        return wrong
    if kind == MOVE:
        return ("the free move of Imperivm goes one link, to a space without revolt or general; "
                f"not {explain.name(st, x)} (R23)")
    return "the praetor of Ulterior may move one link for free (Imperivm), or end (R23)"


PROCEDURES = {
    Id.FREE_MOVE: Procedure("Imperivm: free move", roman_seat, free_move_prompt, free_move_actions, apply_free_move,
                            explain=explain.refusal(explain_free_move)),
}
