"""Roman Phase, Move (R10).

A move takes a general, or a fleet with the general aboard, to any space it can reach, for
the cheapest path: a link costs its segments, and a run of consecutive road links costs 1
in all. Paths cross spaces with generals or fleets, but never a city in revolt, and a
general crosses or enters a sea only where a fleet is. A move never ends where another
general (or, for a fleet, another fleet) stands.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..state import HispaniaState


def path_costs(st: HispaniaState, src: int, budget: int) -> dict[int, int]:
    """The cheapest cost of each space a general can reach from ``src`` within ``budget``.

    A Dijkstra over (space, on a road run) with integer costs in buckets: continuing a road
    run is free, starting one costs 1. This is the hot path of legal-action generation.
    """
    adj = st.board.adj
    n_cities = st.board.n_cities
    revolts = st.revolts
    fleets = st.fleets
    roads = st.roads
    best = [budget + 1] * (2 * len(adj))  # index: space * 2 + (1 if on a road run)
    best[src * 2] = 0
    buckets: list[list[int]] = [[] for _ in range(budget + 1)]
    buckets[0].append(src * 2)
    reached: dict[int, int] = {}
    for cost in range(budget + 1):
        for key in buckets[cost]:  # grows while iterated: road runs continue at the same cost
            if best[key] != cost:
                continue
            space = key >> 1
            if space not in reached:
                reached[space] = cost
            on_road = key & 1
            for nxt, segments, link in adj[space]:
                if nxt < n_cities:
                    if revolts[nxt]:
                        continue
                elif not fleets[nxt]:
                    continue
                if roads[link]:
                    k = nxt * 2 + 1
                    c = cost if on_road else cost + 1
                else:
                    k = nxt * 2
                    c = cost + segments
                if c < best[k]:
                    best[k] = c
                    buckets[c].append(k)
    del reached[src]
    return reached


def general_moves(st: HispaniaState, src: int, budget: int) -> list[tuple[int, int]]:
    """(destination, cost) of every move of a general from ``src`` within ``budget``."""
    space_general = st.space_general
    return [(s, c) for s, c in path_costs(st, src, budget).items() if space_general[s] < 0]


def fleet_moves(st: HispaniaState, src: int, budget: int) -> list[tuple[int, int]]:
    """(destination, cost) of every move of the fleet in sea ``src``: over seas only, 1 a
    link, crossing other fleets but not a sea with pirates (a revolt), ending on no fleet."""
    board = st.board
    revolts = st.revolts
    fleets = st.fleets
    n_cities = board.n_cities
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
