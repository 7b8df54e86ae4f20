"""VIAE agents measured: win rates with 95% Wilson intervals in 2-, 3- and 4-player games, one
agent (the hero) against the others, its seat rotated game by game; the CPU time of the hero's
decisions (median, p10, p90); and the time of an IS-MCTS decision at the default budget.

Matches: heuristic against random seats, then a search agent (``--search``, by default
``ismcts+heuristic`` at the game's default budget, ``ViaeGame.SEARCH_BUDGET``) against heuristic
seats. Game ``g`` plays chance with seed ``g``, gives the hero seat ``g mod players`` and seeds
the agents ``10 g + seat``. A game's score for the hero is its return (1 a win, a share of it in
a tie: V42). Each match stops at ``--games`` games or, after at least one game, when
``--minutes`` have passed. With ``--out`` every finished game is appended to a JSON-lines file,
and a match already there goes on from its next game (a run can be stopped and resumed, or
played in several processes, one player count each). Every agent decides through ``decide`` (a
state drawn consistent with its seat's information, never the true state), but a random one,
which picks among the legal actions: the same in every state its seat cannot tell apart. A
forced move (one legal action) is played by the agent but not timed: the search plays it
without searching.

The final run (``--parts final``, issue 36: a plan fixed in advance, docs/agents.md#viae) plays
``--final-games`` games at each player count of ``--players``, interleaved (game k at 2, 3, 4, 5
players, then game k + 1), game k on chance seed ``--final-seed`` + k with the hero in seat
k mod players; one JSON line a game (``players``, ``hero``, ``others``, ``hero_seat``, ``seed``,
``hero_return``, every seat's ``returns``, ``cpu``, the hero's decisions' CPU times and their
median and max), resumed from ``--out``. ``--parts report`` draws its table and p-values from
``--out`` without playing (:func:`report`).

Usage: python benchmarks/viae_agents.py [--games 20] [--search-games 6] [--search ismcts+heuristic]
           [--minutes 3] [--search-minutes 7] [--timing 3] [--players 2,3,4] [--parts …] [--first-game 0]
           [--final-games 32] [--final-seed 1000] [--looks 4] [--out results.jsonl]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import time
from pathlib import Path

from harness import playout

import legatus
from legatus.core.agents import Agent, RandomAgent, decide, make_agent
from legatus.core.session import sample_outcome
from legatus.sim.stats import share_test, wilson

DEFAULT_SEARCH = "ismcts+heuristic"  # at the game's default budget, ViaeGame.SEARCH_BUDGET
OTHERS = "heuristic"  # the final run's other seats


def play(game: legatus.Game, agents: list[Agent], seed: int, hero: int) -> dict[str, object]:
    """One game: the hero's return, the times (wall, CPU) of its decisions, its forced moves."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    times: list[tuple[float, float]] = []
    forced = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_outcome(state, rng))
            continue
        seat = state.current_player()
        wall, cpu = time.perf_counter(), time.process_time()
        agent = agents[seat]
        # A random seat picks among the legal actions, which are the same in every state its seat
        # cannot tell apart: it needs no drawn state.
        action = agent.choose(state) if isinstance(agent, RandomAgent) else decide(agent, state, rng)
        if seat == hero:
            if len(state.legal_actions()) > 1:
                times.append((time.perf_counter() - wall, time.process_time() - cpu))
            else:
                forced += 1
        state.apply_action(action)
    return {"score": float(state.returns()[hero]), "returns": [float(r) for r in state.returns()], "times": times,
            "forced": forced}


def match(players: int, hero_spec: str, others: str, games: int, minutes: float, first: int = 0,
          out: Path | None = None) -> None:
    """Games ``first`` to ``first + games - 1`` (those not in ``out`` yet), or fewer in ``minutes``;
    then the match's score over all its games in ``out`` (else over those played here)."""
    key = {"players": players, "hero": hero_spec, "others": others}
    done = {r["game"]: r for r in _results(out) if all(r[k] == v for k, v in key.items())}
    game = legatus.load("viae", players=players)
    deadline = time.perf_counter() + minutes * 60
    played = 0
    for g in range(first, first + games):
        if g in done:
            continue
        if played and time.perf_counter() > deadline:
            break
        hero = g % players  # rotate the hero's seat
        agents = [make_agent(game, hero_spec if s == hero else others, seed=g * 10 + s) for s in range(players)]
        cpu = time.process_time()
        result = {**key, "game": g, **play(game, agents, g, hero), "cpu": time.process_time() - cpu}
        done[g] = result
        played += 1
        if out is not None:
            with out.open("a", encoding="utf-8") as f:
                f.write(json.dumps(result) + "\n")
    results = [done[g] for g in sorted(done)]
    score = sum(float(r["score"]) for r in results)
    times = [(w, c) for r in results for w, c in r["times"]]
    forced = sum(int(r["forced"]) for r in results)
    low, high = wilson(score, len(results))  # type: ignore[arg-type]  (a tie scores a share)
    print(f"  {players} players: {hero_spec} scores {score / len(results):.0%} [{low:.0%}, {high:.0%}] of "
          f"{len(results)} games (games {results[0]['game']}-{results[-1]['game']}; an even share "
          f"{1 / players:.0%}); {sum(float(r['cpu']) for r in results) / 60:.1f} CPU min; its decisions "
          f"{seconds(times)}; {forced} forced moves untimed", flush=True)


def _results(out: Path | None) -> list[dict[str, object]]:
    if out is None or not out.exists():
        return []
    return [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines() if line.strip()]


def seconds(times: list[tuple[float, float]]) -> str:
    """Median, p10 and p90 of the decisions' CPU time, then of their wall time (the machine is shared)."""
    if not times:
        return "none"
    parts = []
    for name, values in (("CPU", [c for _, c in times]), ("wall", [w for w, _ in times])):
        if len(values) > 1:
            deciles = statistics.quantiles(values, n=10, method="inclusive")
            p10, p90 = deciles[0], deciles[-1]
        else:
            p10 = p90 = values[0]
        parts.append(f"{name} median {statistics.median(values):.3f} s, p10 {p10:.3f} s, p90 {p90:.3f} s")
    return "; ".join(parts) + f" over {len(times)}"


def final(counts: list[int], hero_spec: str, others: str, games: int, first_seed: int, out: Path) -> None:
    """The final run's games not in ``out`` yet, interleaved over the player counts (see the
    module's docstring); each appended to ``out`` as it ends."""
    done = {(r["players"], r["seed"]) for r in _results(out) if r.get("hero") == hero_spec and r.get("others") == others
            and "hero_seat" in r}
    for k in range(games):
        for players in counts:
            seed = first_seed + k
            if (players, seed) in done:
                continue
            game = legatus.load("viae", players=players)
            hero = k % players
            agents = [make_agent(game, hero_spec if s == hero else others, seed=seed * 10 + s) for s in range(players)]
            cpu = time.process_time()
            result = play(game, agents, seed, hero)
            decisions = sorted(c for _, c in result["times"])  # type: ignore[attr-defined]
            line = {"players": players, "hero": hero_spec, "others": others, "hero_seat": hero, "seed": seed,
                    "game": k, "hero_return": result["score"], "returns": result["returns"],
                    "cpu": round(time.process_time() - cpu, 2), "decisions": len(decisions),
                    "decision_median": round(statistics.median(decisions), 3) if decisions else 0.0,
                    "decision_max": round(decisions[-1], 3) if decisions else 0.0,
                    "decision_cpu": [round(c, 3) for c in decisions], "forced": result["forced"]}
            with out.open("a", encoding="utf-8") as f:
                f.write(json.dumps(line) + "\n")
            print(f"  game {k} ({players} players, seed {seed}, hero in seat {hero}): hero's return "
                  f"{line['hero_return']}, {line['cpu']} CPU s", flush=True)


def report(out: Path, hero_spec: str, others: str, looks: int) -> str:
    """The final run's table from ``out``: at each player count the hero's games, mean return
    (its share of the win: a tie's share counts), 95% Wilson interval, sole wins against those an
    even share expects, decisions' CPU median and max; then the pooled test. The test counts sole
    wins only (a tie as a loss) and asks how likely that many or more would be were game i won
    with probability 1/players (one-sided, exact: Poisson-binomial, ``share_test``). An agent as
    strong as the others wins alone with probability at most 1/players, so the test is exact or
    conservative. ``looks`` interim looks (this one included) divide the 1% level (Bonferroni)."""
    rows = [r for r in _results(out) if r.get("hero") == hero_spec and r.get("others") == others and "hero_seat" in r]
    lines = ["| players | games | hero's mean return | 95% interval | an even share | sole wins (an even share "
             "expects) | p, one-sided | decisions, CPU median / max | CPU min |", "|---" * 9 + "|"]
    shares: list[float] = []
    wins = 0
    below = []  # the counts where the hero's mean return is under the even share
    for players in sorted({int(r["players"]) for r in rows}):
        games = [r for r in rows if r["players"] == players]
        score = sum(float(r["hero_return"]) for r in games)
        alone = sum(1 for r in games if float(r["hero_return"]) == 1.0)
        low, high = wilson(score, len(games))  # type: ignore[arg-type]  (a tie scores a share)
        times = [float(c) for r in games for c in r["decision_cpu"]]
        lines.append(f"| {players} | {len(games)} | {score / len(games):.1%} | {low:.0%}–{high:.0%} | "
                     f"{1 / players:.0%} | "
                     f"{alone} ({len(games) / players:.1f}) | {share_test([1 / players] * len(games), alone):.3g} | "
                     f"{statistics.median(times) if times else 0:.2f} / {max(times, default=0):.2f} s | "
                     f"{sum(float(r['cpu']) for r in games) / 60:.0f} |")
        shares += [1 / players] * len(games)
        wins += alone
        if score < len(games) / players:
            below.append(players)
    p = share_test(shares, wins) if shares else 1.0
    level = 0.01 / looks
    lines.append(f"\nPooled: {wins} sole wins in {len(shares)} games where an even share expects {sum(shares):.1f}: "
                 f"p = {p:.3g} (one-sided, exact Poisson-binomial); {'below' if p < level else 'not below'} "
                 f"0.01 / {looks} looks = {level:.4g}; the hero's mean return "
                 + (f"under the even share at {', '.join(map(str, below))} players" if below
                    else "at least the even share at every count"))
    return "\n".join(lines)


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


def default_budget(players: int, count: int, spec: str = DEFAULT_SEARCH) -> None:
    """The CPU and wall time of ``spec``'s decisions at ``count`` points of a seeded heuristic game."""
    times = []
    for i, state in enumerate(positions(players, count)):
        agent = make_agent(state.game, spec, seed=i)
        wall, cpu = time.perf_counter(), time.process_time()
        decide(agent, state, random.Random(i))
        times.append((time.perf_counter() - wall, time.process_time() - cpu))
    print(f"  {players} players: {spec} ({getattr(agent, 'simulations', None)} simulations) {seconds(times)} decisions "
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
    parser.add_argument("--search", default=DEFAULT_SEARCH, help="the search agent against heuristic seats")
    parser.add_argument("--search-games", type=int, default=6)
    parser.add_argument("--search-minutes", type=float, default=7.0)
    parser.add_argument("--timing", type=int, default=3, help="decisions timed at the default budget (0: none)")
    parser.add_argument("--first-game", type=int, default=0, help="the first game's number (to add games to a run)")
    parser.add_argument("--players", default="2,3,4")
    parser.add_argument("--out", type=Path, help="a JSON-lines file of the games: appended to, resumed from")
    parser.add_argument("--final-games", type=int, default=32, help="the final run's games at each player count")
    parser.add_argument("--final-seed", type=int, default=1000, help="the final run's first chance seed")
    parser.add_argument("--looks", type=int, default=4, help="interim looks the final run's test allows for")
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
            match(players, "heuristic", "random", args.games, args.minutes, args.first_game, args.out)
    if "search" in parts:
        print(f"{args.search} against heuristic seats:")
        for players in counts:
            match(players, args.search, "heuristic", args.search_games, args.search_minutes, args.first_game,
                  args.out)
    if "final" in parts or "report" in parts:
        if args.out is None:
            parser.error("--parts final and report need --out, the run's JSON-lines file")
        if "final" in parts:
            print(f"final run: {args.search} against {OTHERS} seats, {args.final_games} games a count:")
            final(counts, args.search, OTHERS, args.final_games, args.final_seed, args.out)
        print(report(args.out, args.search, OTHERS, args.looks))
    if "timing" in parts and args.timing:
        print(f"time of a decision of {args.search}:")
        for players in counts:
            default_budget(players, args.timing, args.search)
    print(f"load average {os.getloadavg()[0]:.2f} at the end")


if __name__ == "__main__":
    main()
