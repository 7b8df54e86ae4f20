"""Why an action is illegal, in one phrase that names the rule it breaks: the phrases every
procedure shares (a variant not in play, a die out of turn, a purchase only the Hispano
makes). Each procedure explains its own refusals beside its legal actions, in its chapter,
through :func:`refusal`.

Used only off the hot path: by replay errors, the terminal and the web API.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from .notation import (
    ASSASSINATE,
    CHOOSE,
    GARRISON_PURPLE,
    HISPANO_ATTACK,
    HOLD_ROAD,
    PASS,
    PROCONSUL_ATTACK,
    PROCONSUL_BESIEGE,
    PROCONSUL_IN,
    REINFORCE,
    REROLL_HISPANIC,
    REROLL_ROMAN,
    ROLL_H,
    ROLL_R,
    ROLL_RH,
    SETUP_ARMY,
    SETUP_REVOLTS,
    UNGARRISON_PURPLE,
)
from .rules import phases
from .variants import INGENIVM, LEGIO, PROCONSVL, TERROR
from .variants import TITLES as VARIANT_TITLES

if TYPE_CHECKING:
    from .state import HispaniaState

_DIE_WORDS = {
    ROLL_H: "the Hispanic die, e.g. 'roll 3'",
    ROLL_R: "the Roman die, e.g. 'roll IV'",
    ROLL_RH: "the Roman die and the Hispanic die, e.g. 'roll IV-3'",
}
_VARIANT_OF = {
    HOLD_ROAD: INGENIVM, PROCONSUL_IN: PROCONSVL, PROCONSUL_BESIEGE: PROCONSVL, PROCONSUL_ATTACK: PROCONSVL,
    GARRISON_PURPLE: LEGIO, UNGARRISON_PURPLE: LEGIO, ASSASSINATE: TERROR,
}
_RULING_OF = {INGENIVM: "R22", PROCONSVL: "R24", LEGIO: "R25", TERROR: "R27"}  # each variant's ruling
_HISPANO_KINDS = (PASS, SETUP_REVOLTS, SETUP_ARMY, REROLL_ROMAN, REROLL_HISPANIC, CHOOSE, REINFORCE, HISPANO_ATTACK)


def refusal(why: Callable[[HispaniaState, int], str]) -> Callable[[HispaniaState, int], str]:
    """A procedure's ``explain`` hook: an action of a variant this game does not use says so
    first; else ``why`` names the rule the action breaks there."""

    def explain(st: HispaniaState, a: int) -> str:
        variant = _VARIANT_OF.get(st.notation.decode[a][0])
        if variant and variant not in st.game.variants:
            return f"it belongs to the {VARIANT_TITLES[variant]} variant, which this game does not use " \
                   f"({_RULING_OF[variant]})"
        return why(st, a)

    return explain


def roll(st: HispaniaState, a: int) -> str:
    return f"the game waits for a roll of {_DIE_WORDS[st.roll_kind]}"


def not_a_die(st: HispaniaState, kind: int) -> str | None:
    if kind in _DIE_WORDS:
        return f"it is not a die's turn: {st.seat_name(st.current_player())} decides now ({st.phase_name()})"
    return None


def roman_decision(st: HispaniaState, kind: int) -> str | None:
    """What is wrong with any action in a Roman decision, whatever it is."""
    if kind in _HISPANO_KINDS and kind != PASS:
        return "only the Hispano player makes that purchase, at its moment (R28)"
    return not_a_die(st, kind)


def hispano(st: HispaniaState, a: int) -> str:
    kind = st.notation.decode[a][0]
    return not_a_die(st, kind) or _hispano(st, kind)


def name(st: HispaniaState, space: int) -> str:
    return st.board.names[space]


def _hispano(st: HispaniaState, kind: int) -> str:
    purpose = st.hispano_for
    what = {
        phases.H_SETUP_REVOLTS: "choose the city of the revolts, e.g. 'revolts Salduba'",
        phases.H_SETUP_ARMY: "choose the revolt city of an army, e.g. 'army Segobriga'",
        phases.H_REROLL: "'reroll hispanic' (or 'reroll roman' after a revolt roll) or 'pass'",
        phases.H_CHOOSE: "'choose' one of the army's candidates, or 'pass' to roll",
        phases.H_REINFORCE: "'reinforce 1' or 'reinforce 2' (as his denarii allow), or 'pass'",
        phases.H_ATTACKS: "attack from an army's city into a linked city with a garrison or a general, or 'pass'",
    }[purpose]
    if kind not in _HISPANO_KINDS:
        return f"the Hispano decides now: {what} (R28)"
    return f"not possible here: {what} (R28)"


def road(st: HispaniaState, li: int) -> str:
    board = st.board
    link = board.links[li]
    ends = (link.a, link.b)
    if st.roads[li]:
        return "that link has a road already (R7)"
    if any(board.is_sea(e) for e in ends):
        return "roads join two cities (R7)"
    for e in ends:
        if st.revolts[e]:
            return f"{name(st, e)} is in revolt (R7)"
        if board.is_capital(e):
            return f"{name(st, e)} is a capital (R7)"
    return "a road must start from a city that already has one (R7)"
