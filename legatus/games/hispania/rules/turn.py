"""Game Sequence: a round is three turns, I (praetor of Ulterior), II (praetor of Citerior),
III (consul) (R1); each turn is a Roman phase then a Hispanic phase; after turn III the
round ends (:mod:`.end_of_round`).

A general removed after a defeat enters at the start of his next turn (R17): a praetor in a
city of his province without revolt, the consul on a fleet. Each general off the board
blocks a denarius (R9). With a Hispano player, each turn also brings him 2 denarii.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from legatus.core.procedures import Procedure, step

from .. import explain
from ..ids import Id
from ..notation import ENTER, ENTER_MOVE
from ..pieces import CONSUL, OFF, PRAETOR_HOME, TITLES, TURN_NUMERALS, ULTERIOR_PRAETOR
from ..variants import IMPERIVM
from . import hispano, imperium, movement, scenarios
from .seats import roman_seat

if TYPE_CHECKING:
    from ..board import Board
    from ..state import HispaniaState


def begin_turn(st: HispaniaState, hispanic_phase_only: bool = False) -> None:
    g = st.turn
    st.actor = g
    st.handed_over = False
    hispano.new_turn(st)
    st.power = scenarios.display_of_power(st)
    if hispanic_phase_only:  # a scenario that starts in a Hispanic phase
        begin_hispanic_phase(st)
        return
    if st.general_at[g] >= 0:
        begin_roman_phase(st)
        return
    if entry_actions(st):
        st.goto(Id.ENTER)
        return
    if not entry_spaces(st, g):
        why = "no fleet is on the board" if g == CONSUL else "his whole province is in revolt"
    else:
        why = "every space he may enter holds a general, and he cannot move on from it"
    st.log(f"Round {st.round}, turn {TURN_NUMERALS[g]}: the {TITLES[g]} cannot enter the board ({why}); "
           "no Roman phase")
    begin_hispanic_phase(st)


def money(st: HispaniaState) -> int:
    """R9: the level's denarii (6 with a Hispano player), less one for each general off the
    board."""
    return st.game.denarii - st.general_at[:3].count(OFF)


def begin_roman_phase(st: HispaniaState, spent: int = 0) -> None:
    """The acting general's Roman phase; ``spent`` is what his entering move cost."""
    st.money = money(st) - spent
    g = st.turn
    st.note(_roman_phase_begins, st.round, g, st.general_at[g], st.money)
    st.goto(Id.ROMAN_GOES_ON)


def _roman_phase_begins(board: Board, round_: int, g: int, here: int, denarii: int) -> str:
    return (f"Round {round_}, turn {TURN_NUMERALS[g]}: the {TITLES[g]} in {board.names[here]}, "
            f"{denarii} denari{'us' if denarii == 1 else 'i'}")


def entry_spaces(st: HispaniaState, g: int) -> list[int]:
    """R17: where an absent general may enter."""
    board = st.board
    if g == CONSUL:
        return [s for s in board.seas if st.fleets[s]]
    return [c for c in board.province_cities[PRAETOR_HOME[g]] if not st.revolts[c]]


def entry_actions(st: HispaniaState) -> tuple[int, ...]:
    """``enter X`` for a free space; ``enter X>Y`` where X holds a general: he enters and
    leaves at once with his first action, a move he pays for (R17, P3)."""
    g = st.actor
    notation = st.notation
    base = notation.base[ENTER]
    budget = money(st) + 1  # he recovers his blocked denarius as he enters
    actions: list[int] = []
    for space in entry_spaces(st, g):
        if st.space_general[space] < 0:
            actions.append(base + space)
            continue
        for dest in movement.general_costs(st, g, space, budget):
            actions.append(notation.enter_move_id[space, dest])
    return tuple(actions)


def enter_prompt(st: HispaniaState) -> str:
    return f"Round {st.round}, turn {TURN_NUMERALS[st.turn]}: the {TITLES[st.actor]} is off the board and enters it."


def apply_enter(st: HispaniaState, action: int) -> None:
    """The absent general enters (``enter X``); with ``enter X>Y`` (X held by another
    general) he moves on at once to Y and pays for it."""
    kind, space, dest, _ = st.notation.decode[action]
    if kind != ENTER_MOVE:
        dest = -1
    g = st.actor
    names = st.board.names
    if dest < 0:
        st.put_general(g, space)
        st.log(f"The {TITLES[g]} enters the board in {names[space]}")
        begin_roman_phase(st)
        return
    cost = movement.general_costs(st, g, space, money(st) + 1)[dest]
    st.put_general(g, dest)
    st.log(f"The {TITLES[g]} enters the board in {names[space]}, where another general stands, and moves on "
           f"at once to {names[dest]} ({cost} denari{'us' if cost == 1 else 'i'})")
    begin_roman_phase(st, spent=cost)


def begin_hispanic_phase(st: HispaniaState) -> None:
    """R16: the Hispanic phase opens with its revolt roll (resolved by :mod:`.hispanic_phase`)."""
    st.goto(Id.ROLL_REVOLT)


def after_hispanic_phase(st: HispaniaState) -> None:
    """Imperivm: the praetor of Ulterior may then move one link for free."""
    if IMPERIVM in st.game.variants and st.turn == ULTERIOR_PRAETOR and imperium.begin_free_move(st):
        return
    end_turn(st)  # (END_TURN's step, run in place: a hop less at every turn of the playouts)


def end_turn(st: HispaniaState) -> None:
    """Turn I, II, then III; after turn III the round ends (R1)."""
    st.power = False
    if st.turn < 2:
        st.turn += 1
        begin_turn(st)  # (BEGIN_TURN's step, run in place)
    else:
        st.goto(Id.END_ROUND)


def explain_enter(st: HispaniaState, a: int) -> str:
    kind, space, dest, _ = st.notation.decode[a]
    if wrong := explain.roman_decision(st, kind):
        return wrong
    g = st.actor
    if kind not in (ENTER, ENTER_MOVE):
        return f"the {TITLES[g]} is off the board and must enter first, e.g. 'enter …' (R17)"
    names = st.board.names
    if space not in entry_spaces(st, g):
        home = "a sea with a fleet" if g == CONSUL else f"a city of {st.board.province_names[PRAETOR_HOME[g]]}"
        where = home if g == CONSUL else f"{home} without revolt"
        return f"the {TITLES[g]} enters on {where} (R17)"
    if kind == ENTER:
        return f"{names[space]} holds a general: enter it only to move on at once, e.g. 'enter {names[space]}>…' (R17)"
    if st.space_general[space] < 0:
        return f"{names[space]} is free: write 'enter {names[space]}' (R17)"
    return movement.why_not_move(st, g, space, dest, money(st) + 1)


PROCEDURES = {
    Id.ENTER: Procedure("Roman phase: entering", roman_seat, enter_prompt, entry_actions, apply_enter,
                        explain=explain.refusal(explain_enter)),
    # A turn: the general enters (or cannot), his Roman phase, the Hispanic phase, the turn's end
    Id.BEGIN_TURN: step("a turn begins", begin_turn),
    Id.AFTER_HISPANIC_PHASE: step("the Hispanic phase is over", after_hispanic_phase),
    Id.END_TURN: step("end of the turn", end_turn),
}
