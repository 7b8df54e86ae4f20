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
from ..pieces import TITLES
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


def ask(st: HispaniaState, purpose: int, *args: int) -> None:
    st.goto(phases.ASKS + purpose, *args)


def _spend(st: HispaniaState, n: int, what: str) -> None:
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
def _money(st: HispaniaState) -> str:
    return f"({st.hispano_money} denari{'us' if st.hispano_money == 1 else 'i'})"


def _pass(st: HispaniaState) -> tuple[int, ...]:
    return (st.notation.base[PASS],)


def setup_revolts_prompt(st: HispaniaState) -> str:
    province = st.board.province_label(setup.revolt_provinces(st)[st.step])
    return f"Setup: the Hispano places {st.count} revolt{'s' if st.count > 1 else ''} in a city of {province}."


def setup_revolts_actions(st: HispaniaState) -> tuple[int, ...]:
    first = st.notation.base[SETUP_REVOLTS]
    return tuple(first + c for c in setup.hispano_revolt_cities(st))


def apply_setup_revolts(st: HispaniaState, action: int) -> None:
    setup.place_revolts(st, st.notation.decode[action][1], st.count, "Setup: the Hispano places ")


def setup_army_prompt(st: HispaniaState) -> str:
    return "Setup: the Hispano places an army on a city in revolt."


def setup_army_actions(st: HispaniaState) -> tuple[int, ...]:
    first = st.notation.base[SETUP_ARMY]
    return tuple(first + c for c in setup.hispano_army_cities(st))


def apply_setup_army(st: HispaniaState, action: int) -> None:
    city = st.notation.decode[action][1]
    scenario = st.game.scenario
    if scenario and st.count < len(scenario.armies_in):
        setup.place_scenario_army(st, city, scenario.armies_in[st.count][1],
                                  f"Setup: the Hispano chooses {st.board.names[city]}")
    else:
        setup.place_army(st, city, "Setup: the Hispano chooses ")


def reroll_prompt(st: HispaniaState) -> str:
    roman, hispanic = st.dice
    shown = f"{ROMAN_NUMERALS[roman - 1]}-{hispanic}" if roman and hispanic else str(hispanic or roman)
    return f"The dice show {shown}: the Hispano may pay 1 to roll a die again, or pass {_money(st)}."


def reroll_actions(st: HispaniaState) -> tuple[int, ...]:
    base = st.notation.base
    both = st.roll_for in REROLL_BOTH
    return ((base[REROLL_ROMAN],) if both else ()) + (base[REROLL_HISPANIC],) + _pass(st)


def apply_reroll(st: HispaniaState, action: int) -> None:
    kind = st.notation.decode[action][0]
    if kind == PASS:
        purpose = st.roll_for
        st.goto(phases.ROLLS + purpose)  # back to the roll, which its dice now decide
        dice.RESOLVE[purpose](st)
        return
    roman = kind == REROLL_ROMAN
    _spend(st, 1, f"to roll the {'Roman' if roman else 'Hispanic'} die again")
    dice.reroll(st, ROLL_R if roman else ROLL_H)


def choose_prompt(st: HispaniaState) -> str:
    names = st.board.names
    options = ", ".join(names[c] for c in st.candidates)
    return (f"The army in {names[st.army_at[st.army]]} may move to {options}: the Hispano may pay 1 to choose, "
            f"or pass and roll {_money(st)}.")


def choose_actions(st: HispaniaState) -> tuple[int, ...]:
    return tuple(st.notation.base[CHOOSE] + c for c in st.candidates) + _pass(st)


def apply_choose(st: HispaniaState, action: int) -> None:
    kind, city, _, _ = st.notation.decode[action]
    if kind == PASS:
        dice.roll(st, phases.ARMY_WAY)
        return
    names = st.board.names
    _spend(st, 1, f"to send the army in {names[st.army_at[st.army]]} to {names[city]}")
    hispanic_phase.go_to(st, city)


def reinforce_prompt(st: HispaniaState) -> str:
    return (f"The {TITLES[st.fighter]} fights {st.board.names[st.target]}: the Hispano may add 1-2 denarii to its "
            f"defence, or pass {_money(st)}.")


def reinforce_actions(st: HispaniaState) -> tuple[int, ...]:
    first = st.notation.base[REINFORCE]
    return tuple(first + n - 1 for n in range(1, min(st.hispano_money, MAX_HISPANO_SPEND) + 1)) + _pass(st)


def apply_reinforce(st: HispaniaState, action: int) -> None:
    kind, n, _, _ = st.notation.decode[action]
    if kind == REINFORCE:
        st.bonus = n
        what = "army" if st.space_army[st.target] >= 0 else "revolt"
        _spend(st, n, f"to reinforce the {what} in {st.board.names[st.target]}")
    dice.roll(st, phases.BESIEGE if st.space_army[st.target] < 0 else phases.ATTACK)


def attacks_prompt(st: HispaniaState) -> str:
    when = "before" if st.window == 0 else "after"
    return f"Hispanic phase, {when} the armies move: the Hispano may attack with an army, or pass {_money(st)}."


def attacks_actions(st: HispaniaState) -> tuple[int, ...]:
    return tuple(attack_actions(st)) + _pass(st)


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


def apply_attacks(st: HispaniaState, action: int) -> None:
    kind, target, source, denarii = st.notation.decode[action]
    if kind == PASS:
        end_attacks(st, st.window)
        return
    names = st.board.names
    _spend(st, denarii, f"for the army in {names[source]} to attack {names[target]}")
    hispanic_phase.hispano_attack(st, st.space_army[source], target, denarii)


def end_attacks(st: HispaniaState, window: int) -> None:
    """The Hispano's attack window closes: the Hispanic phase goes on."""
    if window == 0:
        hispanic_phase.begin_moves(st)
    else:
        hispanic_phase.end(st)


def after_attack(st: HispaniaState) -> None:
    """One of the Hispano's attacks is resolved (its window resumes): the same window stays
    open while he can pay."""
    window = st.window
    if not offer_attacks(st, window):
        end_attacks(st, window)
