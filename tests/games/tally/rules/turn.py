"""A turn: the seat adds 1 or 2, then rolls the die for as much again; a seat that reaches the
target ends the game. This chapter declares its own entries beside their handlers."""

from __future__ import annotations

from typing import TYPE_CHECKING

from legatus.core.procedures import Procedure, roll

from ..ids import Proc
from ..notation import ADDS, add_id, roll_id

if TYPE_CHECKING:
    from ..state import TallyState


def gen_adds(st: TallyState) -> tuple[int, ...]:
    return tuple(add_id(n, st.game.faces) for n in ADDS)


def resolve_add(st: TallyState, action: int) -> None:
    st.totals[st.mover] += ADDS[action - st.game.faces]
    st.call(Proc.ROLL)


def gen_rolls(st: TallyState) -> tuple[int, ...]:
    return tuple(roll_id(face) for face in range(1, st.game.faces + 1))


def resolve_roll(st: TallyState, action: int) -> None:
    st.totals[st.mover] += action + 1
    st.end()


def resume_turn(st: TallyState) -> None:
    """After the roll: the game ends at the target, else the other seat's turn."""
    if st.totals[st.mover] >= st.game.target:
        st.stop()
    else:
        st.mover = 1 - st.mover


PROCEDURES: dict[int, Procedure[TallyState]] = {
    Proc.TURN: Procedure("turn", lambda st: st.mover, lambda st: f"{st.game.seats[st.mover]}: add 1 or 2.",
                         gen_adds, resolve_add, resume=resume_turn),
    Proc.ROLL: roll("roll", lambda st: f"Roll the die for {st.game.seats[st.mover]}.", gen_rolls, resolve_roll),
}
