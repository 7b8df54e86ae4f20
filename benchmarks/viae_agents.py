"""VIAE agents measured: win rates with 95% Wilson intervals in 2-, 3- and 4-player games, one
agent (the hero) against the others, its seat rotated game by game; the time of the hero's
decisions (median, p90); and the time of an IS-MCTS decision at the default budget.

Matches: heuristic against random seats, then a search agent (``--search``) against heuristic
seats. A game's score for the hero is its return (1 a win, a share of it in a tie: V42). Each
match stops at ``--games`` games or, after at least one game, when ``--minutes`` have passed,
so the games counted are printed. Every agent decides through ``decide`` (a state drawn
consistent with its seat's information, never the true state), but a random one, which picks
among the legal actions: the same in every state its seat cannot tell apart.

Usage: python benchmarks/viae_agents.py [--games 20] [--search-games 6] [--search ismcts+heuristic:10]
           [--minutes 3] [--search-minutes 7] [--timing 3] [--players 2,3,4] [--parts …] [--first-game 0]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time

from harness import playout

import legatus
from legatus.core.agents import Agent, RandomAgent, decide, make_agent
from legatus.core.session import sample_outcome
from legatus.sim.stats import wilson

DEFAULT_SEARCH = "ismcts+heuristic"  # the agents' default budget (200 simulations)


def play(game: legatus.Game, agents: list[Agent], seed: int, hero: int, times: list[tuple[float, float]]) -> float:
    """One game; the hero's return. The hero's decision times (wall, CPU) are appended to ``times``."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_outcome(state, rng))
            continue
        seat = state.current_player()
        wall, cpu = time.perf_counter(), time.process_time()
        agent = agents[seat]
        # A random seat picks among the legal actions, which are the same in every state its seat
        # cannot tell apart: it needs no drawn state (drawing one costs more than a heuristic decision).
        action = agent.choose(state) if isinstance(agent, RandomAgent) else decide(agent, state, rng)
        if seat == hero:
            times.append((time.perf_counter() - wall, time.process_time() - cpu))
        state.apply_action(action)
    return float(state.returns()[hero])


def match(players: int, hero_spec: str, others: str, games: int, minutes: float, first: int = 0) -> None:
    """``games`` games from game number ``first`` (its seeds, the hero's seat), or fewer in ``minutes``."""
    game = legatus.load("viae", players=players)
    score, played, times = 0.0, 0, list[tuple[float, float]]()
    deadline = time.perf_counter() + minutes * 60
    while played < games and (played == 0 or time.perf_counter() < deadline):
        g = first + played
        hero = g % players  # rotate the hero's seat
        agents = [make_agent(game, hero_spec if s == hero else others, seed=g * 10 + s) for s in range(players)]
        score += play(game, agents, g, hero, times)
        played += 1
    low, high = wilson(score, played)  # type: ignore[arg-type]  (a tie scores a share)
    print(f"  {players} players: {hero_spec} scores {score / played:.0%} [{low:.0%}, {high:.0%}] of {played} games "
          f"(an even share {1 / players:.0%}); its decisions {seconds(times)}", flush=True)


def seconds(times: list[tuple[float, float]]) -> str:
    """Median and p90 of the decisions' CPU time, then of their wall time (the machine is shared)."""
    if not times:
        return "none"
    parts = []
    for name, values in (("CPU", [c for _, c in times]), ("wall", [w for w, _ in times])):
        p90 = statistics.quantiles(values, n=10, method="inclusive")[-1] if len(values) > 1 else values[0]
        parts.append(f"{name} median {statistics.median(values):.3f} s, p90 {p90:.3f} s")
    return "; ".join(parts) + f" over {len(times)}"


def positions(players: int, count: int) -> list[legatus.State]:
    """``count`` decisions of a seeded heuristic game, spread evenly over it (with a choice to make)."""
    game = legatus.load("viae", players=players)
    agents = [make_agent(game, "heuristic", seed=s) for s in range(players)]
    rng = random.Random(players)
    state = game.new_initial_state()
    found = []
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_outcome(state, rng))
            continue
        if len(state.legal_actions()) > 1:
            found.append(state.clone())
        state.apply_action(decide(agents[state.current_player()], state, rng))
    return [found[(2 * i + 1) * len(found) // (2 * count)] for i in range(count)]


def default_budget(players: int, count: int) -> None:
    times = []
    for i, state in enumerate(positions(players, count)):
        agent = make_agent(state.game, DEFAULT_SEARCH, seed=i)
        wall, cpu = time.perf_counter(), time.process_time()
        decide(agent, state, random.Random(i))
        times.append((time.perf_counter() - wall, time.process_time() - cpu))
    print(f"  {players} players: {DEFAULT_SEARCH} (200 simulations) {seconds(times)} decisions "
          f"spread over a heuristic game", flush=True)


def playout_speed(seconds: float = 5.0) -> float:
    rng = random.Random(0)
    steps, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        steps += playout(legatus.load("viae", players=rng.randint(2, 5)).new_initial_state(), rng)
    return steps / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="most games of heuristic against random")
    parser.add_argument("--minutes", type=float, default=3.0, help="time for one such match")
    parser.add_argument("--search", default="ismcts+heuristic:10", help="the search agent against heuristic seats")
    parser.add_argument("--search-games", type=int, default=6)
    parser.add_argument("--search-minutes", type=float, default=7.0)
    parser.add_argument("--timing", type=int, default=3, help="decisions timed at the default budget (0: none)")
    parser.add_argument("--first-game", type=int, default=0, help="the first game's number (to add games to a run)")
    parser.add_argument("--players", default="2,3,4")
    parser.add_argument("--parts", default="playouts,heuristic,search,timing",
                        help="the parts to run (to run them in separate processes)")
    args = parser.parse_args()
    counts = [int(p) for p in args.players.split(",")]
    parts = args.parts.split(",")
    print(f"VIAE agents; load average {os.getloadavg()[0]:.2f} at the start; {os.cpu_count()} CPUs")
    if "playouts" in parts:
        print(f"random playouts: {playout_speed():,.0f} steps/s")
    if "heuristic" in parts:
        print("heuristic against random seats:")
        for players in counts:
            match(players, "heuristic", "random", args.games, args.minutes, args.first_game)
    if "search" in parts:
        print(f"{args.search} against heuristic seats:")
        for players in counts:
            match(players, args.search, "heuristic", args.search_games, args.search_minutes, args.first_game)
    if "timing" in parts and args.timing:
        print("time of a decision at the default budget:")
        for players in counts:
            default_budget(players, args.timing)
    print(f"load average {os.getloadavg()[0]:.2f} at the end")


if __name__ == "__main__":
    main()
