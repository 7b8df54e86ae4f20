"""Every roll of the game: the rules ask for dice (:func:`roll`), the chance player answers,
and the roll's purpose resolves it — after the Hispano player has had his chance to pay for
a die rolled again (rulebook, "Hispano"). What resolves each purpose is joined in
:mod:`..procedures`, so that this module, which every chapter uses, imports none of them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..board import ROMAN_NUMERALS
from ..notation import ROLL_H, ROLL_R
from . import phases

if TYPE_CHECKING:
    from ..state import HispaniaState

AGAIN = phases.ROLLS + phases.REROLL  # the procedure of a die rolled again


def roll(st: HispaniaState, purpose: int, *, call: bool = False) -> None:
    """The game waits for the dice of ``purpose``; with ``call``, the running procedure
    resumes once they are resolved."""
    if call:
        st.call(phases.ROLLS + purpose)
    else:
        st.goto(phases.ROLLS + purpose)


def reroll(st: HispaniaState, die: int) -> None:
    """One die (``die``: ROLL_R or ROLL_H) of the pending roll is rolled again."""
    st.goto(AGAIN, die, st.roll_for)


def outcomes(st: HispaniaState) -> tuple[int, ...]:
    """The legal actions of a roll: every face of its dice."""
    frame = st.stack[-1]
    kind = frame[1] if frame[0] == AGAIN else phases.DICE[frame[0] - phases.ROLLS]
    first = st.notation.base[kind]
    return tuple(range(first, first + phases.N_OUTCOMES[kind]))


def apply(st: HispaniaState, action: int) -> int:
    """The chance player's answer: ``roll IV`` (roman=4), ``roll 3`` (roman=3 for the
    Hispanic die, as the notation decodes it), ``roll IV-3``. Returns the roll's purpose,
    which the dice now decide (unless the Hispano pays to roll one again)."""
    kind, roman, hispanic, _ = st.notation.decode[action]
    if kind == ROLL_H:
        roman, hispanic = 0, roman
    frame = st.stack[-1]
    if frame[0] == AGAIN:
        purpose = frame[2]
        old_roman, old_hispanic = st.dice
        st.goto(phases.ROLLS + purpose)  # back to the roll being decided
        if kind == ROLL_R:
            st.dice = (roman, old_hispanic)
            st.log(f"Roman die rolled again: {ROMAN_NUMERALS[old_roman - 1]} → {ROMAN_NUMERALS[roman - 1]}")
        else:
            st.dice = (old_roman, hispanic)
            st.log(f"Hispanic die rolled again: {old_hispanic} → {hispanic}")
    else:
        purpose = frame[0] - phases.ROLLS
        st.dice = (roman, hispanic)
    return purpose


def reroll_prompt(st: HispaniaState) -> str:
    die = "Roman" if st.roll_kind == ROLL_R else "Hispanic"
    return f"The Hispano has paid: roll the {die} die again."
