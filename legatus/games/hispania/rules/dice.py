"""Every roll of the game: the rules wait for dice (a roll procedure, one a purpose, declared
by its chapter with :func:`roll`), the chance player answers, and the roll's own entry says
what the dice decide — after the Hispano player has had his chance to pay for a die rolled
again (R28, purchases 1 and 2: the question and the die rolled again are declared here)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING

from legatus.core.procedures import Procedure, ProcedureError
from legatus.core.procedures import roll as core_roll

from .. import explain
from ..board import ROMAN_NUMERALS
from ..ids import Id
from ..notation import PASS, REROLL_HISPANIC, REROLL_ROMAN, ROLL_H, ROLL_R
from . import hispano, phases
from .phases import ATTACK, DEFEND_CITY, DEFEND_GENERAL, REVOLT, ROLL_ID

if TYPE_CHECKING:
    from ..state import HispaniaState

    P = Procedure[HispaniaState]

REROLL_BOTH = (REVOLT,)  # rolls where either die may be rolled again
REROLL_HISPANIC_DIE = (ATTACK, DEFEND_GENERAL, DEFEND_CITY)  # "any attack"

DECIDES: dict[int, Callable[[HispaniaState], None]] = {}
"""What the dice of each roll decide, by purpose: noted by :func:`roll` as each chapter declares
its roll, read by :func:`decide` when the dice decide after the Hispano's question (R28)."""


def rolled(purpose: int, decide: Callable[[HispaniaState], None], st: HispaniaState, action: int) -> None:
    """A roll's handler (bound to its purpose and ``decide`` by :func:`roll`): the dice are
    shown, the Hispano may pay for one rolled again (R28), else ``decide`` plays what they mean."""
    kind, roman, hispanic, _ = st.notation.decode[action]
    st.dice = (0, roman) if kind == ROLL_H else (roman, hispanic)
    if not offer_reroll(st, purpose):
        decide(st)


def roll(purpose: int, name: str, prompt: Callable[[HispaniaState], str], decide: Callable[[HispaniaState], None],
         resume: Callable[[HispaniaState], None] | None = None) -> P:
    """The roll of ``purpose`` (the dice of :data:`.phases.DICE`, even odds); ``resume``: what
    follows a roll it calls (the die that picks a new army)."""
    if DECIDES.setdefault(purpose, decide) is not decide:
        raise ProcedureError(f"the roll of purpose {purpose} ({name}) is declared twice")
    # A partial: called at C speed (a roll at every other step).
    procedure: P = core_roll(name, prompt, faces(phases.DICE[purpose]), partial(rolled, purpose, decide))
    return replace(procedure, resume=resume, explain=_EXPLAIN_ROLL)


_EXPLAIN_ROLL = explain.refusal(explain.roll)


def faces(kind: int) -> Callable[[HispaniaState], tuple[int, ...]]:
    """The outcomes of a roll of ``kind`` (ROLL_R, ROLL_H or ROLL_RH): every face of its dice."""

    def outcomes(st: HispaniaState) -> tuple[int, ...]:
        return st.notation.faces[kind]  # built once a board

    return outcomes


def decide(st: HispaniaState, purpose: int) -> None:
    """Back to the roll of ``purpose``, which its dice, as they are, now decide."""
    st.goto(ROLL_ID[purpose])
    DECIDES[purpose](st)


# --- The Hispano's die rolled again (R28) --------------------------------------------------
def offer_reroll(st: HispaniaState, purpose: int) -> bool:
    """True when the Hispano is asked whether he pays to roll a die of this roll again."""
    # His purse first: empty without a Hispano player, a field read cheaper than the variant's test.
    if st.hispano_money and hispano.playing(st) and purpose in REROLL_BOTH + REROLL_HISPANIC_DIE:
        st.goto(Id.ASK_REROLL, purpose)
        return True
    return False


def reroll_question_prompt(st: HispaniaState) -> str:
    roman, hispanic = st.dice
    shown = f"{ROMAN_NUMERALS[roman - 1]}-{hispanic}" if roman and hispanic else str(hispanic or roman)
    return f"The dice show {shown}: the Hispano may pay 1 to roll a die again, or pass {hispano.purse(st)}."


def reroll_actions(st: HispaniaState) -> tuple[int, ...]:
    base = st.notation.base
    both = st.roll_for in REROLL_BOTH
    return ((base[REROLL_ROMAN],) if both else ()) + (base[REROLL_HISPANIC],) + hispano.pass_only(st)


def apply_reroll(st: HispaniaState, action: int) -> None:
    """The Hispano pays for a die rolled again, or passes: then the dice decide as they are."""
    kind = st.notation.decode[action][0]
    purpose = st.roll_for
    if kind == PASS:
        decide(st, purpose)
        return
    roman = kind == REROLL_ROMAN
    hispano.spend(st, 1, f"to roll the {'Roman' if roman else 'Hispanic'} die again")
    st.goto(Id.ROLL_AGAIN, ROLL_R if roman else ROLL_H, purpose)


def again_outcomes(st: HispaniaState) -> tuple[int, ...]:
    """The faces of the die rolled again (its kind in the frame)."""
    return faces(st.stack[-1][1])(st)


def apply_again(st: HispaniaState, action: int) -> None:
    """The die rolled again replaces its old value; the Hispano may pay again, else the dice
    decide the roll they belong to."""
    _, die, purpose = st.stack[-1]
    value = st.notation.decode[action][1]
    old_roman, old_hispanic = st.dice
    st.goto(ROLL_ID[purpose])  # back to the roll being decided
    if die == ROLL_R:
        st.dice = (value, old_hispanic)
        st.log(f"Roman die rolled again: {ROMAN_NUMERALS[old_roman - 1]} → {ROMAN_NUMERALS[value - 1]}")
    else:
        st.dice = (old_roman, value)
        st.log(f"Hispanic die rolled again: {old_hispanic} → {value}")
    if not offer_reroll(st, purpose):
        decide(st, purpose)


def again_prompt(st: HispaniaState) -> str:
    die = "Roman" if st.roll_kind == ROLL_R else "Hispanic"
    return f"The Hispano has paid: roll the {die} die again."


PROCEDURES = {
    Id.ASK_REROLL: hispano.ask("the Hispano: roll again?", reroll_question_prompt, reroll_actions, apply_reroll),
    Id.ROLL_AGAIN: replace(core_roll("a roll again", again_prompt, again_outcomes, apply_again), explain=_EXPLAIN_ROLL),
}
