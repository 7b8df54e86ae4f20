"""Setup (rulebook "Setup"; R5–R8; the scenarios' setups; the Hispano player's choices).

Fleets go in seas 1..F (Pirates then hold the other seas); a scenario puts its fixed pieces;
one Hispanic die a province places the first revolts; one Roman die an army chooses its
province; the players place their roads one at a time in turn order; then each general picks
his starting space (a scenario places them itself).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from legatus.core.procedures import Procedure

from .. import explain
from ..board import HISPANIC_PROVINCES, ROMAN_NUMERALS, legal_roads
from ..ids import Id
from ..notation import HOLD_ROAD, ROAD, SETUP_ARMY, SETUP_REVOLTS, START
from ..pieces import CAPITALISED, CONSUL, PRAETOR_HOME, TITLES
from ..variants import HISPANO, INGENIVM, PIRATES
from . import dice, hispano, phases, pirates, scenarios, terror, turn
from .seats import roman_seat

if TYPE_CHECKING:
    from ..board import Board
    from ..state import HispaniaState


def begin(st: HispaniaState) -> None:
    game = st.game
    first = list(game.scenario.fleets) if game.scenario else []
    others = [s for s in st.board.seas if s not in first]
    for sea in (first + others)[:st.level.fleets]:  # R8
        st.fleets[sea] = 1
    if PIRATES in game.variants:
        pirates.place(st)
    if game.scenario:
        scenarios.place_pieces(st)
    st.step = 0
    next_revolts(st)


# --- Initial revolts (R5) -----------------------------------------------------------------
def revolt_count(die: int) -> int:
    """R5: 1–2 → 3 revolts, 3–4 → 2, 5–6 → 1."""
    return 3 if die <= 2 else 2 if die <= 4 else 1


def revolt_provinces(st: HispaniaState) -> Sequence[int]:
    """The provinces whose first revolts are rolled, in order I to VI."""
    return st.game.scenario.random_revolts if st.game.scenario else HISPANIC_PROVINCES


def revolt_numbers(st: HispaniaState, province: int) -> Sequence[int]:
    """The city numbers a setup roll may name in ``province`` (a scenario may limit them)."""
    scenario = st.game.scenario
    return scenario.revolt_numbers.get(province, range(1, 7)) if scenario else range(1, 7)


def next_revolts(st: HispaniaState) -> None:
    if st.step < len(revolt_provinces(st)):
        st.goto(Id.ROLL_SETUP_REVOLT)
    else:
        begin_armies(st)


def apply_revolt_die(st: HispaniaState) -> None:
    """R5: the Hispanic die is the number of the province's first city in revolt (with a
    Hispano player it only gives the count, and he chooses the city)."""
    board = st.board
    die = st.dice[1]
    province = revolt_provinces(st)[st.step]
    count = revolt_count(die)
    if HISPANO in st.game.variants:
        st.count = count
        st.log(f"Setup, {board.province_label(province)}: Hispanic die {die}: {count} "
               f"revolt{'s' if count > 1 else ''}, the Hispano chooses the city")
        st.goto(Id.ASK_SETUP_REVOLTS)  # the Hispano places them (R28)
        return
    city = board.city(province, die)
    if die not in revolt_numbers(st, province) or not is_free(st, city):
        st.log(f"Setup, {board.province_label(province)}: Hispanic die {die} → {board.names[city]} cannot take "
               "revolts here: roll again")
        st.goto(Id.ROLL_SETUP_REVOLT)
        return
    place_revolts(st, city, count, province, die)


def revolt_roll_prompt(st: HispaniaState) -> str:
    return (f"Setup: roll the Hispanic die for {st.board.province_label(revolt_provinces(st)[st.step])}: "
            "it names the city and how many revolts go there.")


def is_free(st: HispaniaState, city: int) -> bool:
    return not (st.revolts[city] or st.garrisons[city] or st.space_general[city] >= 0)


def hispano_revolt_cities(st: HispaniaState) -> list[int]:
    """The cities where the Hispano may place the province's first revolts."""
    province = revolt_provinces(st)[st.step]
    return [st.board.city(province, n) for n in revolt_numbers(st, province) if is_free(st, st.board.city(province, n))]


def place_revolts(st: HispaniaState, city: int, count: int, province: int, die: int) -> None:
    """The province's first revolts, in the city its Hispanic ``die`` named (0: the Hispano's choice)."""
    st.revolts[city] = count
    st.revolt_reserve -= count
    st.note(_revolts_placed, city, count, province, die)
    st.step += 1
    next_revolts(st)


def _revolts_placed(board: Board, city: int, count: int, province: int, die: int) -> str:
    head = f"Setup, {board.province_label(province)}: Hispanic die {die} → " if die else "Setup: the Hispano places "
    return f"{head}{board.names[city]}: {count} revolt{'s' if count > 1 else ''}"


# --- Initial armies (R6) ------------------------------------------------------------------
def begin_armies(st: HispaniaState) -> None:
    scenario = st.game.scenario
    placed = sum(1 for s in st.army_at if s >= 0)
    st.step = st.level.armies - placed - (len(scenario.armies_in) if scenario else 0)  # armies to roll
    st.count = 0  # the scenario's armies placed so far
    next_army(st)


def next_army(st: HispaniaState) -> None:
    scenario = st.game.scenario
    if scenario and st.count < len(scenario.armies_in):
        if HISPANO in st.game.variants:
            st.goto(Id.ASK_SETUP_ARMY)
        else:
            st.goto(Id.ROLL_SCENARIO_ARMY)
    elif st.step > 0:
        if HISPANO in st.game.variants:
            st.goto(Id.ASK_SETUP_ARMY)
        else:
            st.goto(Id.ROLL_SETUP_ARMY)
    else:
        begin_roads(st)


def army_provinces(st: HispaniaState) -> list[int]:
    """R6: the provinces that can take an initial army: a revolt, no army, not excluded."""
    scenario = st.game.scenario
    excluded = scenario.no_army_in if scenario else frozenset()
    province, cities, revolts = st.board.province, st.board.province_cities, st.revolts
    armed = {province[s] for s in st.army_at if s >= 0}
    return [p for p in HISPANIC_PROVINCES if p not in excluded and p not in armed
            and any(map(revolts.__getitem__, cities[p]))]


def army_city(st: HispaniaState, province: int) -> int:
    """The revolt city of a province (the one with most revolts, should there be several)."""
    return max((c for c in st.board.province_cities[province] if st.revolts[c]), key=lambda c: st.revolts[c])


def hispano_army_cities(st: HispaniaState) -> list[int]:
    """Where the Hispano may place the next initial army."""
    scenario = st.game.scenario
    if scenario and st.count < len(scenario.armies_in):
        province = scenario.armies_in[st.count][0]
        return [c for c in st.board.province_cities[province] if st.revolts[c] and st.space_army[c] < 0]
    return [c for p in army_provinces(st) for c in st.board.province_cities[p] if st.revolts[c]]


def army_roll_prompt(st: HispaniaState) -> str:
    return f"Setup: roll the Roman die to choose the province of an army ({st.step} to place)."


def apply_army_die(st: HispaniaState) -> None:
    """R6: the Roman die picks the province; the army goes on its revolt city; a province
    that cannot take one is rolled again."""
    province = st.dice[0] - 1
    if province not in army_provinces(st):
        st.log(f"Setup: Roman die {ROMAN_NUMERALS[province]} → {st.board.province_label(province)} cannot take an "
               "army: roll again")
        st.goto(Id.ROLL_SETUP_ARMY)
        return
    place_army(st, army_city(st, province), st.dice[0])


def place_army(st: HispaniaState, city: int, die: int) -> None:
    """An initial army in ``city``, whose province the Roman ``die`` chose (0: the Hispano chose the city)."""
    st.note(_army_placed, city, die)
    if not terror.place_army(st, city):
        army_placed(st)  # else the die that picks the army resumes with it


def _army_placed(board: Board, city: int, die: int) -> str:
    head = f"Setup: Roman die {ROMAN_NUMERALS[die - 1]} → " if die else "Setup: the Hispano chooses "
    return f"{head}{board.names[city]}: army placed"


def army_placed(st: HispaniaState) -> None:
    st.step -= 1
    next_army(st)


def scenario_army_roll_prompt(st: HispaniaState) -> str:
    scenario = st.game.scenario
    assert scenario is not None  # this roll is asked only by a scenario
    province, kind = scenario.armies_in[st.count]
    what = "the special army" if kind == "special" else "an army"
    return f"Setup: roll the Hispanic die to place {what} on a revolt of {st.board.province_label(province)}."


def apply_scenario_army_die(st: HispaniaState) -> None:
    """A scenario's army on one of the revolts of a province: the Hispanic die names the city;
    a city without revolt is rolled again."""
    scenario = st.game.scenario
    assert scenario is not None  # this roll is asked only by a scenario
    province, kind = scenario.armies_in[st.count]
    city = st.board.city(province, st.dice[1])
    head = f"Setup: Hispanic die {st.dice[1]} → {st.board.names[city]}"
    if not st.revolts[city]:
        st.log(f"{head} has no revolt: roll again")
        st.goto(Id.ROLL_SCENARIO_ARMY)
        return
    place_scenario_army(st, city, kind, head)


def place_scenario_army(st: HispaniaState, city: int, kind: str, head: str) -> None:
    terror.put_army_of_kind(st, city, kind)
    st.log(f"{head}: {'the special army' if kind == 'special' else 'army'} placed")
    st.count += 1
    next_army(st)


# --- Roads (R7; Ingenivm) -----------------------------------------------------------------
def begin_roads(st: HispaniaState) -> None:
    st.goto(Id.SETUP_ROADS)
    st.step = st.level.roads
    next_road(st)


def next_road(st: HispaniaState) -> None:
    """R7: roads are placed one at a time in turn order I, II, III, I, …"""
    # The roads' legal list, asked here and kept for the decision (the state's cache): once, not twice.
    # Both callers (begin_roads's goto, apply_road) have SETUP_ROADS on top, so legal_ids() is the roads'.
    if st.step and INGENIVM not in st.game.variants and not st.legal_ids():
        # Never on the reconstructed board; a corrected board might run out of links (P7).
        st.log(f"No link can take a road: {st.step} road{'s' if st.step > 1 else ''} go back to the box")
        st.step = 0
        st.forget_legal()  # the roads' (empty) list: the setup moves on
    if st.step == 0:
        begin_starts(st)
        return
    st.actor = (st.level.roads - st.step) % 3


def road_actions(st: HispaniaState) -> tuple[int, ...]:
    base = st.notation.base
    first = base[ROAD]
    # A list, then a tuple: cheaper than a generator (or a map of int.__add__) in CPython 3.11.
    roads = tuple([first + li for li in legal_roads(st.board, st.roads, st.revolts)])
    return roads + (base[HOLD_ROAD],) if INGENIVM in st.game.variants else roads


def roads_prompt(st: HispaniaState) -> str:
    placed = st.level.roads - st.step + 1
    return (f"Setup: the {TITLES[st.actor]} places road {placed} of {st.level.roads} "
            "(from the network, not to a revolt or capital).")


def apply_road_action(st: HispaniaState, action: int) -> None:
    kind, li, _, _ = st.notation.decode[action]
    if kind == HOLD_ROAD:
        apply_hold_road(st)
    else:
        apply_road(st, li)


def apply_road(st: HispaniaState, li: int) -> None:
    st.place_road(li)
    st.note(_road_placed, st.actor, li)
    st.step -= 1
    next_road(st)


def _road_placed(board: Board, g: int, li: int) -> str:
    a, b = board.link_ends[li]
    return f"{CAPITALISED[g]} places a road: {board.names[a]}-{board.names[b]}"


def apply_hold_road(st: HispaniaState) -> None:
    """Ingenivm (R22): a road kept back, to be built during the game."""
    st.roads_held += 1
    st.log(f"{CAPITALISED[st.actor]} keeps a road back to build it later")
    st.step -= 1
    next_road(st)


# --- Starting spaces (R8) -----------------------------------------------------------------
def begin_starts(st: HispaniaState) -> None:
    if st.game.scenario:  # a scenario has placed the generals
        start_game(st)
        return
    st.goto(Id.SETUP_START)
    st.actor = 0


def start_spaces(st: HispaniaState, general: int) -> list[int]:
    """R8: a praetor starts in any city of his province, the consul on any fleet."""
    board = st.board
    if general == CONSUL:
        return [s for s in board.seas if st.fleets[s] and st.space_general[s] < 0]
    home = PRAETOR_HOME[general]
    return [c for c in board.province_cities[home] if not st.revolts[c] and st.space_general[c] < 0]


def start_prompt(st: HispaniaState) -> str:
    where = "on a fleet" if st.actor == CONSUL else f"in a city of {st.board.province_names[6 + st.actor]}"
    return f"Setup: the {TITLES[st.actor]} chooses where he starts, {where}."


def start_actions(st: HispaniaState) -> tuple[int, ...]:
    base = st.notation.base[START]
    return tuple([base + s for s in start_spaces(st, st.actor)])  # (a list first, as road_actions)


def apply_start(st: HispaniaState, action: int) -> None:
    space = st.notation.decode[action][1]
    g = st.actor
    st.put_general(g, space)
    st.note(_starts, g, space)
    if g < CONSUL:
        st.actor = g + 1
    else:
        start_game(st)


def _starts(board: Board, g: int, space: int) -> str:
    return f"{CAPITALISED[g]} starts in {board.names[space]}"


def start_game(st: HispaniaState) -> None:
    scenario = st.game.scenario
    st.turn = scenario.turn if scenario else 0
    turn.begin_turn(st, hispanic_phase_only=bool(scenario and scenario.hispanic_start))


# --- The Hispano's choices at setup (R28): where his revolts and armies go ----------------
def setup_revolts_prompt(st: HispaniaState) -> str:
    province = st.board.province_label(revolt_provinces(st)[st.step])
    return f"Setup: the Hispano places {st.count} revolt{'s' if st.count > 1 else ''} in a city of {province}."


def setup_revolts_actions(st: HispaniaState) -> tuple[int, ...]:
    first = st.notation.base[SETUP_REVOLTS]
    return tuple(first + c for c in hispano_revolt_cities(st))


def apply_setup_revolts(st: HispaniaState, action: int) -> None:
    place_revolts(st, st.notation.decode[action][1], st.count, -1, 0)


def setup_army_prompt(st: HispaniaState) -> str:
    return "Setup: the Hispano places an army on a city in revolt."


def setup_army_actions(st: HispaniaState) -> tuple[int, ...]:
    first = st.notation.base[SETUP_ARMY]
    return tuple(first + c for c in hispano_army_cities(st))


def apply_setup_army(st: HispaniaState, action: int) -> None:
    city = st.notation.decode[action][1]
    scenario = st.game.scenario
    if scenario and st.count < len(scenario.armies_in):
        place_scenario_army(st, city, scenario.armies_in[st.count][1],
                            f"Setup: the Hispano chooses {st.board.names[city]}")
    else:
        place_army(st, city, 0)


# --- Why an action is refused here ---------------------------------------------------------
def explain_roads(st: HispaniaState, a: int) -> str:
    kind, x, _, _ = st.notation.decode[a]
    if wrong := explain.roman_decision(st, kind):
        return wrong
    if kind == HOLD_ROAD:
        return "the Ingenivm variant lets a road be kept back (R22)"
    return explain.road(st, x) if kind == ROAD else "setup: a road must be placed now, e.g. 'road Corduba-Emerita' (R7)"


def explain_start(st: HispaniaState, a: int) -> str:
    kind, space, _, _ = st.notation.decode[a]
    if wrong := explain.roman_decision(st, kind):
        return wrong
    g = st.actor
    if kind != START:
        return f"setup: the {TITLES[g]} must choose his starting space (R8)"
    if st.space_general[space] >= 0:
        return f"{explain.name(st, space)} holds a general already (R8)"
    if g == CONSUL:
        return "the consul starts on a sea with a fleet (R8)"
    return f"the {TITLES[g]} starts in a city of {st.board.province_names[PRAETOR_HOME[g]]} (R8)"


PROCEDURES = {
    Id.ROLL_SETUP_REVOLT: dice.roll(phases.SETUP_REVOLT, "setup: revolts", revolt_roll_prompt, apply_revolt_die),
    Id.ASK_SETUP_REVOLTS: hispano.ask("setup: the Hispano places revolts", setup_revolts_prompt,
                                      setup_revolts_actions, apply_setup_revolts),
    Id.ROLL_SETUP_ARMY: dice.roll(phases.SETUP_ARMY, "setup: armies", army_roll_prompt, apply_army_die,
                                  resume=army_placed),
    Id.ROLL_SCENARIO_ARMY: dice.roll(phases.SCENARIO_ARMY, "setup: armies", scenario_army_roll_prompt,
                                     apply_scenario_army_die),
    Id.ASK_SETUP_ARMY: hispano.ask("setup: the Hispano places an army", setup_army_prompt, setup_army_actions,
                                   apply_setup_army, army_placed),
    Id.SETUP_ROADS: Procedure("setup: roads", roman_seat, roads_prompt, road_actions, apply_road_action,
                              explain=explain.refusal(explain_roads)),
    Id.SETUP_START: Procedure("setup: starting spaces", roman_seat, start_prompt, start_actions, apply_start,
                              explain=explain.refusal(explain_start)),
}
