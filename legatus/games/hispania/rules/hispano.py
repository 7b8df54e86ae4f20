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

from typing import TYPE_CHECKING

from ..board import ROMAN_NUMERALS
from ..notation import (
    MAX_HISPANO_SPEND,
    PASS,
    REINFORCE,
    REROLL_HISPANIC,
    REROLL_ROMAN,
    ROLL_H,
    ROLL_R,
)
from ..pieces import TITLES
from ..variants import HISPANO
from . import dice, phases

if TYPE_CHECKING:
    from ..state import HispaniaState

DENARII = 2
REROLL_BOTH = (phases.REVOLT,)  # rolls where either die may be rolled again
REROLL_HISPANIC_DIE = (phases.ATTACK, phases.DEFEND_GENERAL, phases.DEFEND_CITY)  # "any attack"


def playing(st: HispaniaState) -> bool:
    return HISPANO in st.game.variants


def new_turn(st: HispaniaState) -> None:
    if playing(st):
        st.hispano_money = DENARII


def ask(st: HispaniaState, purpose: int, *args: int) -> None:
    st.goto(phases.ASKS + purpose, *args)


def spend(st: HispaniaState, n: int, what: str) -> None:
    st.hispano_money -= n
    st.log(f"The Hispano pays {n} denari{'us' if n == 1 else 'i'} {what}")


# --- Offers: the rules call these at the purchase moments; True when the Hispano is asked --
def offer_reroll(st: HispaniaState, purpose: int) -> bool:
    if playing(st) and st.hispano_money and purpose in REROLL_BOTH + REROLL_HISPANIC_DIE:
        ask(st, phases.H_REROLL, purpose)
        return True
    return False


def offer_choice(st: HispaniaState) -> bool:
    if playing(st) and st.hispano_money:
        ask(st, phases.H_CHOOSE)
        return True
    return False


def offer_reinforcement(st: HispaniaState) -> bool:
    if playing(st) and st.hispano_money:
        ask(st, phases.H_REINFORCE)
        return True
    return False


def offer_attacks(st: HispaniaState, window: int) -> bool:
    """Window 0: after the revolt roll; 1: after the armies' moves."""
    if playing(st) and st.hispano_money and attack_actions(st):
        ask(st, phases.H_ATTACKS, window)
        return True
    return False


# --- The questions: each one's prompt, legal actions and effect -------------------------
def purse(st: HispaniaState) -> str:
    return f"({st.hispano_money} denari{'us' if st.hispano_money == 1 else 'i'})"


def pass_only(st: HispaniaState) -> tuple[int, ...]:
    return (st.notation.base[PASS],)


def reroll_prompt(st: HispaniaState) -> str:
    roman, hispanic = st.dice
    shown = f"{ROMAN_NUMERALS[roman - 1]}-{hispanic}" if roman and hispanic else str(hispanic or roman)
    return f"The dice show {shown}: the Hispano may pay 1 to roll a die again, or pass {purse(st)}."


def reroll_actions(st: HispaniaState) -> tuple[int, ...]:
    base = st.notation.base
    both = st.roll_for in REROLL_BOTH
    return ((base[REROLL_ROMAN],) if both else ()) + (base[REROLL_HISPANIC],) + pass_only(st)


def apply_reroll(st: HispaniaState, action: int) -> int | None:
    """The Hispano pays for a die rolled again, or passes: then the roll's purpose, returned,
    is decided by the dice as they are."""
    kind = st.notation.decode[action][0]
    if kind == PASS:
        purpose = st.roll_for
        st.goto(phases.ROLLS + purpose)  # back to the roll, which its dice now decide
        return purpose
    roman = kind == REROLL_ROMAN
    spend(st, 1, f"to roll the {'Roman' if roman else 'Hispanic'} die again")
    dice.reroll(st, ROLL_R if roman else ROLL_H)
    return None


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
    dice.roll(st, phases.BESIEGE if st.space_army[st.target] < 0 else phases.ATTACK)


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
