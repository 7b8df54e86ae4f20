"""Roman Phase, Move (R10).

A move takes a general, or a fleet with the general aboard, to any space it can reach, for
the cheapest path: a link costs its segments, and a run of consecutive road links costs 1
in all. Paths cross spaces with generals or fleets, but never a city in revolt, and a
general crosses or enters a sea only where a fleet is. A move never ends where another
general (or, for a fleet, another fleet) stands.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from typing import TYPE_CHECKING

from ..pieces import TITLES
from . import scenarios

if TYPE_CHECKING:
    from ..board import Board, SpaceSteps, Steps
    from ..state import HispaniaState

_NONE: frozenset[int] = frozenset()


def space_steps(board: Board, space: int, roads: Sequence[int]) -> SpaceSteps:
    """A space's steps (:data:`.board.Steps`) off a road run and on one, with these ``roads``: built
    once a board for each set of roads on the space's own links (a game places a few)."""
    key = (space, tuple(map(roads.__getitem__, board.space_links[space])))
    memo = board.steps_memo
    pair = memo.get(key)
    if pair is None:
        adj = board.adj[space]
        off = tuple([(nxt, 1, nxt * 2 + 1) if road else (nxt, segments, nxt * 2)
                     for (nxt, segments, _), road in zip(adj, key[1], strict=True)])
        on = tuple([(nxt, 0, nxt * 2 + 1) if road else step for (nxt, _, _), road, step in zip(adj, key[1], off,
                                                                                             strict=True)])
        pair = memo[key] = off, on
    return pair


def road_steps(board: Board, roads: Sequence[int]) -> Steps:
    """The :data:`.board.Steps` of every key with these ``roads`` (a state keeps them, and changes only
    a new road's two ends: :meth:`.HispaniaState.place_road`)."""
    return tuple(steps for space in range(len(board.adj)) for steps in space_steps(board, space, roads))


def path_costs(st: HispaniaState, src: int, budget: int, closed: Collection[int] = _NONE,
               no_landing: Collection[int] = _NONE, left_out: Iterable[int] = ()) -> dict[int, int]:
    """The cheapest cost of each space a general can reach from ``src`` within ``budget``;
    ``closed`` cities are never entered, ``no_landing`` ones not from a sea (Lethe River);
    the ``left_out`` spaces (the generals') are crossed but not answered.

    A Dijkstra over (space, on a road run) with integer costs in buckets: continuing a road
    run is free, starting one costs 1 (the state's :data:`.board.Steps`). This is the hot path of
    legal-action generation; the order of the spaces found is the order of the legal moves.
    """
    steps_of = st._steps
    n_cities = st.board.n_cities
    # A city in revolt, or a sea without a fleet, is never entered (R10).
    blocked = st.revolts[:]
    fleets = st.fleets
    for sea in st.board.seas:
        blocked[sea] = 1 - fleets[sea]
    for city in closed:
        blocked[city] = 1
    best = [budget + 1] * len(steps_of)
    best[src * 2] = 0
    buckets: list[list[int]] = [[] for _ in range(budget + 1)]
    buckets[0].append(src * 2)
    reached: dict[int, int] = {}  # a space's first key popped is its cheapest
    for cost in range(budget + 1):
        for key in buckets[cost]:  # grows while iterated: road runs continue at the same cost
            if best[key] != cost:
                continue
            space = key >> 1
            if space in reached:
                # The space's other key, popped before, already made every step from here as
                # cheap or cheaper (on a road run at the same cost, or at a lower cost): none
                # would improve a key, so none is tried.
                if not key & 1 or best[key - 1] < cost:
                    continue
            else:
                reached[space] = cost
            if cost == budget and not key & 1:
                continue  # any step from here costs 1 more: past the budget
            steps = steps_of[key]
            if no_landing and space >= n_cities:
                steps = tuple([step for step in steps if step[0] not in no_landing])
            for nxt, step, k in steps:
                if blocked[nxt]:
                    continue
                c = cost + step
                if c < best[k]:
                    best[k] = c
                    buckets[c].append(k)
    # Where it starts and the generals' spaces taken out (the others keep their order).
    reached.pop(src, None)
    for space in left_out:
        reached.pop(space, None)
    return reached


def general_costs(st: HispaniaState, general: int, src: int, budget: int) -> dict[int, int]:
    """(destination → cost) of every move of ``general`` from ``src`` within ``budget``."""
    if st.lethe:
        return path_costs(st, src, budget, scenarios.lethe_closed(st, general),
                          scenarios.lethe_no_landing(st, general), st.general_at)
    return path_costs(st, src, budget, left_out=st.general_at)


def one_link_moves(st: HispaniaState, general: int) -> list[int]:
    """The spaces one link away a general can move to (Imperivm's free move)."""
    here = st.general_at[general]
    closed = scenarios.lethe_closed(st, general)
    no_landing = scenarios.lethe_no_landing(st, general)
    board = st.board
    moves = []
    for nxt in board.neighbours[here]:
        if st.space_general[nxt] >= 0:
            continue
        if board.is_sea(nxt):
            if st.fleets[nxt]:
                moves.append(nxt)
        elif not st.revolts[nxt] and nxt not in closed and not (board.is_sea(here) and nxt in no_landing):
            moves.append(nxt)
    return moves


def crosses_lethe(st: HispaniaState, general: int, src: int, dest: int, cost: int, one_link: bool = False) -> bool:
    """Whether Brutus's move from ``src`` to ``dest`` needs to cross the Durius."""
    if not st.lethe or general != 0:
        return False
    if one_link:
        link = st.board.link(src, dest)
        return link is not None and st.board.links[link].river == "Durius"
    return path_costs(st, src, cost, st.board.north_of_durius).get(dest, cost + 1) > cost


def fleet_moves(st: HispaniaState, src: int, budget: int) -> list[tuple[int, int]]:
    """(destination, cost) of every move of the fleet in sea ``src``: over seas only, 1 a
    link, crossing other fleets but not a sea with pirates (a revolt), ending on no fleet."""
    board = st.board
    revolts = st.revolts
    fleets = st.fleets
    n_cities = board.n_cities
    if not any(revolts[n_cities:]):  # no pirates: the breadth-first order is the board's
        return [(dest, cost) for dest, cost in board.sea_order[src] if cost <= budget and not fleets[dest]]
    seen = {src}
    frontier = [src]
    moves: list[tuple[int, int]] = []
    for cost in range(1, budget + 1):
        nxt_frontier = []
        for sea in frontier:
            for nxt in board.neighbours[sea]:
                if nxt >= n_cities and nxt not in seen and not revolts[nxt]:
                    seen.add(nxt)
                    nxt_frontier.append(nxt)
                    if not fleets[nxt]:
                        moves.append((nxt, cost))
        frontier = nxt_frontier
    return moves


def fleet_move_ids(st: HispaniaState, budget: int) -> list[int]:
    """The ids of every fleet's :func:`fleet_moves`, the fleets in the board's order of seas
    (without pirates read off :attr:`.Notation.fleet_within`: the legal list's hot path)."""
    board = st.board
    fleets = st.fleets
    moves: list[int] = []
    if any(st.revolts[board.n_cities:]):  # pirates
        fleet_id = st.notation.fleet_id
        for sea in board.seas:
            if fleets[sea]:
                moves += [fleet_id[sea, dest] for dest, _ in fleet_moves(st, sea, budget)]
        return moves
    fleet_within = st.notation.fleet_within
    for sea in board.seas:
        if fleets[sea]:
            within = fleet_within[sea]
            for dest, move in within[budget if budget < len(within) else -1]:  # a loop: no comprehension's frame
                if not fleets[dest]:
                    moves.append(move)
    return moves


def why_not_move(st: HispaniaState, g: int, src: int, dest: int, money: int) -> str:
    """Why the general ``g`` cannot move from ``src`` to ``dest`` with ``money`` denarii (R10)."""
    board = st.board
    names = board.names
    if dest == src:
        return f"the {TITLES[g]} is in {names[dest]} already (R10)"
    if dest < board.n_cities and st.revolts[dest]:
        return f"{names[dest]} is in revolt (R10)"
    if board.is_sea(dest) and not st.fleets[dest]:
        return f"a general enters a sea only where a fleet is, and {names[dest]} has none (R10)"
    if st.space_general[dest] >= 0:
        return f"{names[dest]} holds another general (R10)"
    cost = general_costs(st, g, src, 99).get(dest)
    if cost is None:
        if st.lethe and dest in board.north_of_durius:
            return (f"the Lethe road keeps the Romans out of {names[dest]} until Brutus crosses the Durius "
                    "(scenario The River of Oblivion)")
        return f"every path to {names[dest]} crosses a city in revolt or a sea without a fleet (R10)"
    return f"{names[dest]} costs {cost} denarii and {money} are left (R10)"
