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

from ..notation import (
    CHOOSE,
    MAX_HISPANO_SPEND,
    PASS,
    REINFORCE,
    REROLL_HISPANIC,
    REROLL_ROMAN,
    ROLL_H,
    ROLL_R,
    SETUP_ARMY,
    SETUP_REVOLTS,
)
from ..variants import HISPANO
from . import dice, hispanic_phase, phases, setup

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


def ask(st: HispaniaState, purpose: int) -> None:
    st.phase = phases.HISPANO
    st.hispano_for = purpose


def _spend(st: HispaniaState, n: int, what: str) -> None:
    st.hispano_money -= n
    st.log(f"The Hispano pays {n} denari{'us' if n == 1 else 'i'} {what}")


# --- Offers: the rules call these at the purchase moments; True when the Hispano is asked --
def offer_reroll(st: HispaniaState) -> bool:
    if playing(st) and st.hispano_money and st.roll_for in REROLL_BOTH + REROLL_HISPANIC_DIE:
        ask(st, phases.H_REROLL)
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
    st.window = window
    if playing(st) and st.hispano_money and attack_actions(st):
        ask(st, phases.H_ATTACKS)
        return True
    return False


# --- Legal actions and their effects ------------------------------------------------------
def legal_actions(st: HispaniaState) -> tuple[int, ...]:
    base = st.notation.base
    purpose = st.hispano_for
    if purpose == phases.H_SETUP_REVOLTS:
        return tuple(base[SETUP_REVOLTS] + c for c in setup.hispano_revolt_cities(st))
    if purpose == phases.H_SETUP_ARMY:
        return tuple(base[SETUP_ARMY] + c for c in setup.hispano_army_cities(st))
    pass_ = (base[PASS],)
    if purpose == phases.H_REROLL:
        both = st.roll_for in REROLL_BOTH
        return ((base[REROLL_ROMAN],) if both else ()) + (base[REROLL_HISPANIC],) + pass_
    if purpose == phases.H_CHOOSE:
        return tuple(base[CHOOSE] + c for c in st.candidates) + pass_
    if purpose == phases.H_REINFORCE:
        return tuple(base[REINFORCE] + n - 1 for n in range(1, min(st.hispano_money, MAX_HISPANO_SPEND) + 1)) + pass_
    return tuple(attack_actions(st)) + pass_


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


def apply(st: HispaniaState, kind: int, a: int, b: int, c: int) -> None:
    purpose = st.hispano_for
    names = st.board.names
    if purpose == phases.H_SETUP_REVOLTS:
        setup.place_revolts(st, a, st.count, "Setup: the Hispano places ")
    elif purpose == phases.H_SETUP_ARMY:
        scenario = st.game.scenario
        if scenario and st.count < len(scenario.armies_in):
            setup.place_scenario_army(st, a, scenario.armies_in[st.count][1], "Setup: the Hispano chooses "
                                      f"{names[a]}")
        else:
            setup.place_army(st, a, "Setup: the Hispano chooses ")
    elif purpose == phases.H_REROLL:
        if kind == PASS:
            dice.RESOLVE[st.roll_for](st)
        else:
            roman = kind == REROLL_ROMAN
            _spend(st, 1, f"to roll the {'Roman' if roman else 'Hispanic'} die again")
            dice.reroll(st, ROLL_R if roman else ROLL_H)
    elif purpose == phases.H_CHOOSE:
        if kind == PASS:
            dice.roll(st, phases.ARMY_WAY)
        else:
            _spend(st, 1, f"to send the army in {names[st.army_at[st.army]]} to {names[a]}")
            hispanic_phase.go_to(st, a)
    elif purpose == phases.H_REINFORCE:
        if kind == REINFORCE:
            st.bonus = a
            what = "army" if st.space_army[st.target] >= 0 else "revolt"
            _spend(st, a, f"to reinforce the {what} in {names[st.target]}")
        dice.roll(st, phases.BESIEGE if st.space_army[st.target] < 0 else phases.ATTACK)
    else:  # H_ATTACKS
        if kind == PASS:
            end_attacks(st)
            return
        _spend(st, c, f"for the army in {names[b]} to attack {names[a]}")
        hispanic_phase.hispano_attack(st, st.space_army[b], a, c)


def end_attacks(st: HispaniaState) -> None:
    """The Hispano's attack window closes: the Hispanic phase goes on."""
    if st.window == 0:
        hispanic_phase.begin_moves(st)
    else:
        hispanic_phase.end(st)


def after_attack(st: HispaniaState) -> None:
    """One of the Hispano's attacks is resolved: the same window stays open while he can pay."""
    if not offer_attacks(st, st.window):
        end_attacks(st)

