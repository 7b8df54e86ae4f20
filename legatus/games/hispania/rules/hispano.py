"""Hispano (R28): a player leads the Hispanic side with 2 denarii a turn (the Romans always
have 6), and chooses the cities of the initial revolts and armies. He is asked exactly when
one of his five purchases can be made, and only if he has a denarius left:

1. after the revolt roll, to roll one of its dice again (1 denarius): ``reroll roman``,
   ``reroll hispanic``;
2. after any attack's dice, to roll the Hispanic die again (1): ``reroll hispanic``;
3. before the die that decides an army's way, to choose it (1): ``choose Lancia``;
4. when a Roman declares a siege or an attack, to add 1–2 to the shield of the revolt or to
   the army's die: ``reinforce 2``;
5. in the Hispanic phase, before and after the armies move, to attack with an army a
   garrison or a general in a city linked to it (1–2 added to the die; not a fleet):
   ``attack Corduba from Castulo 2``.

``pass`` declines. Unspent denarii are lost at the end of the turn.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from legatus.core.procedures import Procedure

from .. import explain
from ..ids import Id
from ..notation import (
    MAX_HISPANO_SPEND,
    PASS,
    REINFORCE,
)
from ..pieces import TITLES
from ..variants import HISPANO

if TYPE_CHECKING:
    from ..state import HispaniaState

DENARII = 2


def playing(st: HispaniaState) -> bool:
    return HISPANO in st.game.variants


def new_turn(st: HispaniaState) -> None:
    if playing(st):
        st.hispano_money = DENARII


def spend(st: HispaniaState, n: int, what: str) -> None:
    st.hispano_money -= n
    st.log(f"The Hispano pays {n} denari{'us' if n == 1 else 'i'} {what}")


def hispano_seat(st: HispaniaState) -> int:
    return st.game.hispano_seat


def ask(name: str, prompt: Callable[[HispaniaState], str], legal: Callable[[HispaniaState], tuple[int, ...]],
        apply: Callable[[HispaniaState, int], None], resume: Callable[[HispaniaState], None] | None = None,
        ) -> Procedure[HispaniaState]:
    """A purchase the Hispano player is offered (or one of his choices at setup)."""
    return Procedure(name, hispano_seat, prompt, legal, apply, resume, explain.refusal(explain.hispano))


# --- Offers: the rules call these at the purchase moments; True when the Hispano is asked --
def offer_choice(st: HispaniaState) -> bool:
    if st.hispano_money and playing(st):
        st.goto(Id.ASK_CHOOSE)
        return True
    return False


def offer_reinforcement(st: HispaniaState) -> bool:
    if st.hispano_money and playing(st):
        st.goto(Id.ASK_REINFORCE)
        return True
    return False


def offer_attacks(st: HispaniaState, window: int) -> bool:
    """Window 0: after the revolt roll; 1: after the armies' moves."""
    if st.hispano_money and playing(st) and attack_actions(st):
        st.goto(Id.ASK_ATTACKS, window)
        return True
    return False


# --- The questions: each one's prompt, legal actions and effect -------------------------
def purse(st: HispaniaState) -> str:
    return f"({st.hispano_money} denari{'us' if st.hispano_money == 1 else 'i'})"


def pass_only(st: HispaniaState) -> tuple[int, ...]:
    return (st.notation.base[PASS],)


def reinforce_prompt(st: HispaniaState) -> str:
    return (f"The {TITLES[st.fighter]} fights {st.board.names[st.target]}: the Hispano may add 1-2 denarii to its "
            f"defence, or pass {purse(st)}.")


def reinforce_actions(st: HispaniaState) -> tuple[int, ...]:
    first = st.notation.base[REINFORCE]
    return tuple(first + n - 1 for n in range(1, min(st.hispano_money, MAX_HISPANO_SPEND) + 1)) + pass_only(st)


def apply_reinforce(st: HispaniaState, action: int) -> None:
    kind, n, _, _ = st.notation.decode[action]
    if kind == REINFORCE:
        st.bonus = n
        what = "army" if st.space_army[st.target] >= 0 else "revolt"
        spend(st, n, f"to reinforce the {what} in {st.board.names[st.target]}")
    st.goto(Id.ROLL_BESIEGE if st.space_army[st.target] < 0 else Id.ROLL_ATTACK)


def attack_actions(st: HispaniaState) -> list[int]:
    """Purchase 5: an army attacks a garrison or a general in a linked city."""
    found: list[int] = []
    top = min(st.hispano_money, MAX_HISPANO_SPEND)
    ids = st.notation.hispano_attack_id
    for where in st.army_at:
        if where < 0:
            continue
        for target in st.board.land[where]:
            if st.space_general[target] >= 0 or st.garrisons[target]:
                first = ids[target, where]
                found.extend(range(first, first + top))
    return found


PROCEDURES = {
    Id.ASK_REINFORCE: ask("the Hispano: reinforce?", reinforce_prompt, reinforce_actions, apply_reinforce),
}
