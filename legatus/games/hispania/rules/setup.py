"""Setup (rulebook "Setup"; R5–R8).

Fleets go in seas 1..F; one Hispanic die a province places its first revolts; one Roman die
an army chooses its province; the players place their roads one at a time in turn order;
then each general picks his starting space.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..board import ROMAN_NUMERALS, Board
from ..notation import ROAD, START
from ..pieces import CAPITALISED, CONSUL, GENERALS, PRAETOR_HOME
from . import phases, turn

if TYPE_CHECKING:
    from ..state import HispaniaState


def begin(st: HispaniaState) -> None:
    for number in range(1, st.level.fleets + 1):  # R8
        st.fleets[st.board.sea(number)] = 1
    st.phase = phases.SETUP_REVOLTS
    st.step = 0


def revolt_count(die: int) -> int:
    """R5: 1–2 → 3 revolts, 3–4 → 2, 5–6 → 1."""
    return 3 if die <= 2 else 2 if die <= 4 else 1


def apply_revolt_die(st: HispaniaState, die: int) -> None:
    """R5: the Hispanic die is the number of the province's first city in revolt."""
    board = st.board
    province = st.step
    city = board.city(province, die)
    count = revolt_count(die)
    st.revolts[city] = count
    st.revolt_reserve -= count
    st.log(f"Setup, {board.province_label(province)}: Hispanic die {die} → {board.names[city]}: "
           f"{count} revolt{'s' if count > 1 else ''}")
    st.step += 1
    if st.step == 6:
        st.phase = phases.SETUP_ARMIES
        st.step = st.level.armies


def apply_army_die(st: HispaniaState, roman: int) -> None:
    """R6: the Roman die picks the province; the army goes on its revolt city; a province
    that has an army already is rolled again."""
    board = st.board
    province = roman - 1
    label = board.province_label(province)
    if st.province_has_army(province):
        st.log(f"Setup: Roman die {ROMAN_NUMERALS[province]} → {label} has an army already: roll again")
        return
    city = next(c for c in board.province_cities[province] if st.revolts[c])
    st.place_army(city)
    st.log(f"Setup: Roman die {ROMAN_NUMERALS[province]} → {board.names[city]}: army placed")
    st.step -= 1
    if st.step == 0:
        begin_roads(st)


def legal_roads(board: Board, roads: Sequence[int | bool], revolts: Sequence[int]) -> list[int]:
    """R7: the links that can take a road: city–city links without one, touching a city that
    has a road, neither of whose cities holds a revolt or is a capital."""
    links = board.links
    with_road = {end for li, link in enumerate(links) if roads[li] for end in (link.a, link.b)}
    return [li for li in board.road_candidates
            if not roads[li] and not revolts[links[li].a] and not revolts[links[li].b]
            and (links[li].a in with_road or links[li].b in with_road)]


def begin_roads(st: HispaniaState) -> None:
    st.phase = phases.SETUP_ROADS
    st.step = st.level.roads
    next_road(st)


def next_road(st: HispaniaState) -> None:
    """R7: roads are placed one at a time in turn order I, II, III, I, …"""
    if st.step and not legal_roads(st.board, st.roads, st.revolts):
        # Never on the reconstructed board; a corrected board might run out of links.
        st.log(f"No link can take a road: {st.step} road{'s' if st.step > 1 else ''} go back to the box")
        st.step = 0
    if st.step == 0:
        begin_starts(st)
        return
    st.actor = (st.level.roads - st.step) % 3


def road_actions(st: HispaniaState) -> tuple[int, ...]:
    base = st.notation.base[ROAD]
    return tuple(base + li for li in legal_roads(st.board, st.roads, st.revolts))


def apply_road(st: HispaniaState, li: int) -> None:
    board = st.board
    link = board.links[li]
    st.roads[li] = 1
    st.log(f"{CAPITALISED[st.actor]} places a road: {board.names[link.a]}-{board.names[link.b]}")
    st.step -= 1
    next_road(st)


def begin_starts(st: HispaniaState) -> None:
    st.phase = phases.SETUP_START
    st.actor = 0


def start_spaces(st: HispaniaState, general: int) -> list[int]:
    """R8: a praetor starts in any city of his province, the consul on any fleet."""
    board = st.board
    if general == CONSUL:
        return [s for s in board.seas if st.fleets[s] and st.space_general[s] < 0]
    home = PRAETOR_HOME[general]
    return [c for c in board.province_cities[home] if not st.revolts[c] and st.space_general[c] < 0]


def start_actions(st: HispaniaState) -> tuple[int, ...]:
    base = st.notation.base[START]
    return tuple(base + s for s in start_spaces(st, st.actor))


def apply_start(st: HispaniaState, space: int) -> None:
    g = st.actor
    st.put_general(g, space)
    st.log(f"{CAPITALISED[g]} starts in {st.board.names[space]}")
    if g + 1 < len(GENERALS):
        st.actor = g + 1
        return
    turn.begin_turn(st)
