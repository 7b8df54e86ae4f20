"""Why an action is illegal, in one phrase that names the rule it breaks.

Used only off the hot path: by replay errors, the terminal and the web API.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .notation import (
    ATTACK,
    BESIEGE,
    END,
    ENTER,
    ENTER_MOVE,
    FLEET,
    GARRISON,
    MOVE,
    ROAD,
    ROLL_H,
    ROLL_R,
    ROLL_RH,
    START,
    UNGARRISON,
)
from .pieces import CONSUL, MAX_DISCS, PRAETOR_HOME, TITLES
from .rules import movement, phases, turn

if TYPE_CHECKING:
    from .state import HispaniaState

_DIE_WORDS = {
    ROLL_H: "the Hispanic die, e.g. 'roll 3'",
    ROLL_R: "the Roman die, e.g. 'roll IV'",
    ROLL_RH: "the Roman die and the Hispanic die, e.g. 'roll IV-3'",
}


def why_illegal(st: HispaniaState, a: int) -> str:
    if st.phase == phases.OVER:
        return "the game is over"
    kind, x, y = st.notation.decode[a]
    phase = st.phase
    if phase in phases.CHANCE_PHASES:
        expected = phases.DIE_OF_PHASE[phase]
        return f"the game waits for a roll of {_DIE_WORDS[expected]}"
    if kind in _DIE_WORDS:
        return f"it is not a die's turn: the {TITLES[st.actor]} decides now ({phases.NAMES[phase]})"
    if phase == phases.SETUP_ROADS:
        return _road(st, x) if kind == ROAD else "setup: a road must be placed now, e.g. 'road Corduba-Emerita'"
    if phase == phases.SETUP_START:
        return _start(st, x) if kind == START else f"setup: the {TITLES[st.actor]} must choose his starting space"
    if phase == phases.ENTER:
        return _enter(st, x, y if kind == ENTER_MOVE else -1) if kind in (ENTER, ENTER_MOVE) else \
            f"the {TITLES[st.actor]} is off the board and must enter first (e.g. 'enter …')"
    return _roman(st, kind, x, y)


def _name(st: HispaniaState, space: int) -> str:
    return st.board.names[space]


def _road(st: HispaniaState, li: int) -> str:
    board = st.board
    link = board.links[li]
    ends = (link.a, link.b)
    if st.roads[li]:
        return "that link has a road already"
    if any(board.is_sea(e) for e in ends):
        return "roads join two cities"
    for e in ends:
        if st.revolts[e]:
            return f"{_name(st, e)} is in revolt (R7)"
        if board.is_capital(e):
            return f"{_name(st, e)} is a capital (R7)"
    return "a road must start from a city that already has one (R7)"


def _start(st: HispaniaState, space: int) -> str:
    g = st.actor
    if st.space_general[space] >= 0:
        return f"{_name(st, space)} holds a general already"
    if g == CONSUL:
        return "the consul starts on a sea with a fleet (R8)"
    return f"the {TITLES[g]} starts in a city of {st.board.province_names[PRAETOR_HOME[g]]} (R8)"


def _enter(st: HispaniaState, space: int, dest: int) -> str:
    g = st.actor
    if space not in turn.entry_spaces(st, g):
        home = "a sea with a fleet" if g == CONSUL else f"a city of {st.board.province_names[PRAETOR_HOME[g]]}"
        where = home if g == CONSUL else f"{home} without revolt"
        return f"the {TITLES[g]} enters on {where} (R17)"
    if dest < 0:
        name = _name(st, space)
        return f"{name} holds a general: enter it only to move on at once, e.g. 'enter {name}>…'"
    if st.space_general[space] < 0:
        return f"{_name(st, space)} is free: write 'enter {_name(st, space)}'"
    return _move(st, space, dest, turn.money(st) + 1)


def _move(st: HispaniaState, src: int, dest: int, money: int) -> str:
    board = st.board
    if dest == src:
        return f"the general is in {_name(st, dest)} already"
    if dest < board.n_cities and st.revolts[dest]:
        return f"{_name(st, dest)} is in revolt (R10)"
    if board.is_sea(dest) and not st.fleets[dest]:
        return f"a general enters a sea only where a fleet is, and {_name(st, dest)} has none (R10)"
    if st.space_general[dest] >= 0:
        return f"{_name(st, dest)} holds another general (R10)"
    cost = movement.path_costs(st, src, 99).get(dest)
    if cost is None:
        return f"every path to {_name(st, dest)} crosses a city in revolt or a sea without a fleet (R10)"
    return f"{_name(st, dest)} costs {cost} denarii and {money} are left (R10)"


def _roman(st: HispaniaState, kind: int, x: int, y: int) -> str:
    g = st.turn
    here = st.general_at[g]
    board = st.board
    if kind == MOVE:
        return _move(st, here, x, st.money)
    if kind == FLEET:
        if not st.fleets[x]:
            return f"there is no fleet in {_name(st, x)}"
        if st.fleets[y]:
            return f"{_name(st, y)} has a fleet already (R10)"
        if st.revolts[y]:
            return f"pirates hold {_name(st, y)}"
        cost = dict(movement.fleet_moves(st, x, 99)).get(y)
        if cost is None:
            return f"pirates block every way from {_name(st, x)} to {_name(st, y)}"
        return f"that move costs {cost} denarii and {st.money} are left (R10)"
    if kind == GARRISON:
        if board.is_sea(here):
            return "a garrison goes in a city, and the general is at sea (R11)"
        if not st.garrison_reserve[g]:
            return f"the {TITLES[g]} has no garrison left in his reserve (R11)"
        if len(st.garrisons[here]) >= MAX_DISCS:
            return f"{_name(st, here)} holds 3 discs already (R11)"
        if st.money < 1:
            return "a garrison costs 1 denarius and none is left (R11)"
        rebels = [_name(st, c) for c in board.province_cities[board.province[here]] if st.revolts[c]]
        return f"{_name(st, here)} is a capital and its province has revolts ({', '.join(rebels)}) (R11)"
    if kind == UNGARRISON:
        if st.money < 1:
            return "removing a garrison costs 1 denarius and none is left (R11)"
        return f"the {TITLES[g]} has no garrison of his in {_name(st, here)} (R11)"
    if kind in (BESIEGE, ATTACK):
        if x not in board.neighbours[here]:
            return f"{_name(st, x)} is not linked to the {TITLES[g]}'s space (R3)"
        if kind == BESIEGE and st.space_army[x] >= 0:
            return f"{_name(st, x)} holds an army: attack it instead (R14)"
        if kind == BESIEGE and not st.revolts[x]:
            return f"{_name(st, x)} is not in revolt (R14)"
        if kind == ATTACK and st.space_army[x] < 0:
            return f"there is no army in {_name(st, x)} (R15)"
        return f"that costs {y} denarii and {st.money} are left (R9)"
    if kind == END:
        return "the Roman phase cannot end now"
    return f"it is the {TITLES[g]}'s Roman phase: move, fleet, garrison, remove garrison, besiege, attack or end"
