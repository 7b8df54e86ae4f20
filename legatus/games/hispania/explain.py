"""Why an action is illegal, in one phrase that names the rule it breaks.

Used only off the hot path: by replay errors, the terminal and the web API.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .notation import (
    ASSASSINATE,
    ATTACK,
    BESIEGE,
    CHOOSE,
    END,
    ENTER,
    ENTER_MOVE,
    FLEET,
    GARRISON,
    GARRISON_PURPLE,
    HAND_OVER,
    HISPANO_ATTACK,
    HOLD_ROAD,
    MOVE,
    MOVE_OTHER,
    PASS,
    PROCONSUL_ATTACK,
    PROCONSUL_BESIEGE,
    PROCONSUL_IN,
    REINFORCE,
    REROLL_HISPANIC,
    REROLL_ROMAN,
    ROAD,
    ROLL_H,
    ROLL_R,
    ROLL_RH,
    SETUP_ARMY,
    SETUP_REVOLTS,
    START,
    UNGARRISON,
    UNGARRISON_PURPLE,
)
from .pieces import CONSUL, MAX_DISCS, NOT_IN_GAME, PRAETOR_HOME, PROCONSUL, TITLES
from .rules import movement, phases, turn
from .variants import IMPERIVM, INGENIVM, LEGIO, PROCONSVL, TERROR
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
_HISPANO_KINDS = (PASS, SETUP_REVOLTS, SETUP_ARMY, REROLL_ROMAN, REROLL_HISPANIC, CHOOSE, REINFORCE, HISPANO_ATTACK)


def why_illegal(st: HispaniaState, a: int) -> str:
    if not st.stack:
        return "the game is over"
    variant = _VARIANT_OF.get(st.notation.decode[a][0])
    if variant and variant not in st.game.variants:
        return f"it belongs to the {VARIANT_TITLES[variant]} variant, which this game does not use"
    return st.procedures.explain(st, a)


# --- Each procedure's explanation (see .procedures) ---------------------------------------
def roll(st: HispaniaState, a: int) -> str:
    return f"the game waits for a roll of {_DIE_WORDS[st.roll_kind]}"


def _not_a_die(st: HispaniaState, kind: int) -> str | None:
    if kind in _DIE_WORDS:
        return f"it is not a die's turn: {st.seat_name(st.current_player())} decides now ({st.phase_name()})"
    return None


def _roman_decision(st: HispaniaState, kind: int) -> str | None:
    """What is wrong with any action in a Roman decision, whatever it is."""
    if kind in _HISPANO_KINDS and kind != PASS:
        return "only the Hispano player makes that purchase, at its moment"
    return _not_a_die(st, kind)


def hispano(st: HispaniaState, a: int) -> str:
    kind = st.notation.decode[a][0]
    return _not_a_die(st, kind) or _hispano(st, kind)


def roads(st: HispaniaState, a: int) -> str:
    kind, x, _, _ = st.notation.decode[a]
    if wrong := _roman_decision(st, kind):
        return wrong
    if kind == HOLD_ROAD:
        return "the Ingenivm variant lets a road be kept back"
    return _road(st, x) if kind == ROAD else "setup: a road must be placed now, e.g. 'road Corduba-Emerita'"


def start(st: HispaniaState, a: int) -> str:
    kind, x, _, _ = st.notation.decode[a]
    if wrong := _roman_decision(st, kind):
        return wrong
    return _start(st, x) if kind == START else f"setup: the {TITLES[st.actor]} must choose his starting space"


def enter(st: HispaniaState, a: int) -> str:
    kind, x, y, _ = st.notation.decode[a]
    if wrong := _roman_decision(st, kind):
        return wrong
    if kind in (ENTER, ENTER_MOVE):
        return _enter(st, x, y if kind == ENTER_MOVE else -1)
    return f"the {TITLES[st.actor]} is off the board and must enter first (e.g. 'enter …')"


def free_move(st: HispaniaState, a: int) -> str:
    kind, x, _, _ = st.notation.decode[a]
    if wrong := _roman_decision(st, kind):
        return wrong
    if kind == MOVE:
        return f"the free move of Imperivm goes one link, to a space without revolt or general; not {_name(st, x)}"
    return "the praetor of Ulterior may move one link for free (Imperivm), or end"


def roman(st: HispaniaState, a: int) -> str:
    kind, x, y, _ = st.notation.decode[a]
    return _roman_decision(st, kind) or _roman(st, kind, x, y)


def _name(st: HispaniaState, space: int) -> str:
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
        return f"the Hispano decides now: {what}"
    return f"not possible here: {what}"


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
    return _move(st, g, space, dest, turn.money(st) + 1)


def _move(st: HispaniaState, g: int, src: int, dest: int, money: int) -> str:
    board = st.board
    if dest == src:
        return f"the {TITLES[g]} is in {_name(st, dest)} already"
    if dest < board.n_cities and st.revolts[dest]:
        return f"{_name(st, dest)} is in revolt (R10)"
    if board.is_sea(dest) and not st.fleets[dest]:
        return f"a general enters a sea only where a fleet is, and {_name(st, dest)} has none (R10)"
    if st.space_general[dest] >= 0:
        return f"{_name(st, dest)} holds another general (R10)"
    cost = movement.general_costs(st, g, src, 99).get(dest)
    if cost is None:
        if st.lethe and dest in board.north_of_durius:
            return f"the Lethe road keeps the Romans out of {_name(st, dest)} until Brutus crosses the Durius"
        return f"every path to {_name(st, dest)} crosses a city in revolt or a sea without a fleet (R10)"
    return f"{_name(st, dest)} costs {cost} denarii and {money} are left (R10)"


def _combat(st: HispaniaState, g: int, kind: int, target: int, n: int) -> str:
    board = st.board
    here = st.general_at[g]
    if here < 0:
        return f"the {TITLES[g]} is not on the board"
    if target not in board.neighbours[here]:
        return f"{_name(st, target)} is not linked to the {TITLES[g]}'s space (R3)"
    if kind == BESIEGE and st.space_army[target] >= 0:
        return f"{_name(st, target)} holds an army: attack it instead (R14)"
    if kind == BESIEGE and not st.revolts[target]:
        return f"{_name(st, target)} is not in revolt (R14)"
    if kind == ATTACK and st.space_army[target] < 0:
        return f"there is no army in {_name(st, target)} (R15)"
    return f"that costs {n} denarii and {st.money} are left (R9)"


def _roman(st: HispaniaState, kind: int, x: int, y: int) -> str:
    g = st.turn
    here = st.general_at[g]
    board = st.board
    if kind == MOVE:
        return _move(st, g, here, x, st.money)
    if kind == MOVE_OTHER:
        mover = x
        if mover != PROCONSUL and (IMPERIVM not in st.game.variants or g != CONSUL):
            return "only the consul moves the praetors, with the Imperivm variant"
        if mover == PROCONSUL and PROCONSVL not in st.game.variants:
            return "the proconsul belongs to the Proconsvl variant, which this game does not use"
        if st.general_at[mover] < 0:
            return f"the {TITLES[mover]} is not on the board"
        return _move(st, mover, st.general_at[mover], y, st.money)
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
    if kind in (GARRISON, GARRISON_PURPLE):
        if board.is_sea(here):
            return "a garrison goes in a city, and the general is at sea (R11)"
        if kind == GARRISON and not st.garrison_reserve[g]:
            return f"the {TITLES[g]} has no garrison left in his reserve (R11)"
        if kind == GARRISON_PURPLE and st.purple != g:
            return f"the Legio Hispana is not in the {TITLES[g]}'s reserve (R25)"
        if len(st.garrisons[here]) >= MAX_DISCS:
            return f"{_name(st, here)} holds 3 discs already (R11)"
        if st.money < 1:
            return "a garrison costs 1 denarius and none is left (R11)"
        rebels = [_name(st, c) for c in board.province_cities[board.province[here]] if st.revolts[c]]
        return f"{_name(st, here)} is a capital and its province has revolts ({', '.join(rebels)}) (R11)"
    if kind in (UNGARRISON, UNGARRISON_PURPLE):
        if st.money < 1:
            return "removing a garrison costs 1 denarius and none is left (R11)"
        if kind == UNGARRISON_PURPLE:
            return f"the Legio Hispana is not in {_name(st, here)} (R25)"
        return f"the {TITLES[g]} has no garrison of his in {_name(st, here)} (R11)"
    if kind in (BESIEGE, ATTACK):
        return _combat(st, g, kind, x, y)
    if kind in (PROCONSUL_BESIEGE, PROCONSUL_ATTACK):
        return _combat(st, PROCONSUL, BESIEGE if kind == PROCONSUL_BESIEGE else ATTACK, x, y)
    if kind == PROCONSUL_IN:
        if st.general_at[PROCONSUL] != NOT_IN_GAME:
            return "the proconsul is in the game already (or has died)"
        return "the proconsul arrives on a fleet without a general in Mare Balearicum, for 3 denarii (R24)"
    if kind == ROAD:
        if INGENIVM not in st.game.variants:
            return "roads are built during the game with the Ingenivm variant only (R22)"
        if not st.roads_held:
            return "no road was kept back at setup (R22)"
        link = board.links[x]
        if here not in (link.a, link.b):
            return "a road is built on a link of the general's city (R22)"
        return _road(st, x) if st.money >= link.segments else f"it costs {link.segments} denarii (R22)"
    if kind == ASSASSINATE:
        if not st.game.options["traitors"]:
            return "paying traitors is the optional rule 'Rome does not pay traitors' (option traitors)"
        if st.traitors_used:
            return "traitors can be paid once a game, and they were"
        return "the general must be linked to the special army, and pay 1-3 denarii he has"
    if kind == HAND_OVER:
        return "the consul's turn is handed over once, between two Roman players"
    if kind == END:
        return "the Roman phase cannot end now"
    return f"it is the {TITLES[g]}'s Roman phase: move, fleet, garrison, remove garrison, besiege, attack or end"
