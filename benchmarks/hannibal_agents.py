"""Hannibal: the agents against each other, sides swapped, and IS-MCTS's seconds a decision.

    nice -n 10 python benchmarks/hannibal_agents.py [--games 200] [--search-games 20]
        [--search ismcts+heuristic:8] [--against heuristic] [--minutes 40] [--timed 30]
        [--timed-agent SPEC] [--workers 2] [--out FILE] [--replay N]

Pairings, each game ``2k`` with A as Rome and ``2k + 1`` with A as Carthage on the same chance
seed (common random numbers): heuristic v random and heuristic v heuristic (``--games`` each),
then ``--search`` v ``--against`` (the heuristic by default; the search itself measures the side
balance under it), ``--search-games`` of them, as many as start within ``--minutes``.
Win rates come with 95% Wilson intervals, per side. Then the seconds a decision of the default
budget (``HannibalGame.HINT_AGENT``, or ``--timed-agent``) over ``--timed`` decisions of heuristic games.

With ``--out FILE`` each game's result is added to FILE (one JSON line) as it ends, and a run
plays only the games of its pairings that FILE does not hold yet, then reports on all that it
holds: a long pairing (IS-MCTS games take minutes) is gathered over several runs.
``--replay N`` plays the first N of the search's games in FILE again on the code at hand, and
says whether each ends as FILE says: the check before a later commit extends FILE.

Agents are handed the true state: random play and IS-MCTS read no more than their seat may know
(IS-MCTS searches from ``state.resample(seat)``), and the heuristic's choices equal its choices on
a resampled state (tests/hannibal/test_agents.py); the per-decision resample of ``decide``
made a heuristic game some 30 times longer while it replayed the whole game (before the
redraw, issue 13). Forced moves (one legal action) are played without asking the agent and are
not timed; CPU seconds (a decision, a game) are what a worker pays, whatever the load.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import Any

import legatus
from legatus.core.agents import make_agent
from legatus.core.game import State
from legatus.core.session import sample_outcome
from legatus.games.hannibal.game import HannibalGame
from legatus.games.hannibal.notation import SIDES
from legatus.sim.stats import wilson


def play(task: tuple[str, str, int, float | None]) -> dict[str, Any] | None:
    """One game of ``a`` against ``b``: A is Rome in even games. None if the deadline passed."""
    a, b, index, deadline = task
    if deadline is not None and time.time() > deadline:
        return None
    game = legatus.load("hannibal")
    a_seat = index % 2
    specs = [a, b] if a_seat == 0 else [b, a]
    agents = [make_agent(game, spec, seed=index * 2 + seat) for seat, spec in enumerate(specs)]
    rng = random.Random(index // 2)
    state = game.new_initial_state()
    seconds: list[list[float]] = [[], []]
    cpu = time.process_time()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_outcome(state, rng))
            continue
        legal = state.legal_actions()
        seat = state.current_player()
        if len(legal) == 1:
            state.apply_action(legal[0])
            continue
        start = time.perf_counter()
        action = agents[seat].choose(state)
        seconds[seat].append(time.perf_counter() - start)
        state.apply_action(action)
    winner = state.winners()[0]
    return {"a_seat": a_seat, "winner": game.seats.index(winner), "turn": state.turn, "steps": state.moves,
            "a_seconds": seconds[a_seat], "b_seconds": seconds[1 - a_seat], "cpu": time.process_time() - cpu}


def interval(wins: int, n: int) -> str:
    if not n:
        return "no games"
    low, high = wilson(wins, n)
    return f"{wins}/{n} = {wins / n:.0%} [{low:.0%}, {high:.0%}]"


def report(a: str, b: str, results: list[dict[str, Any]]) -> None:
    n = len(results)
    print(f"\n## {a} v {b}: {n} games")
    for seat, name in enumerate(SIDES):
        mine = [r for r in results if r["a_seat"] == seat]
        wins = sum(r["winner"] == seat for r in mine)
        print(f"  {a} as {name}: wins {interval(wins, len(mine))}")
    print(f"  {a} overall: wins {interval(sum(r['winner'] == r['a_seat'] for r in results), n)}")
    print(f"  side balance (Rome wins): {interval(sum(r['winner'] == 0 for r in results), n)}")
    for who, key in ((a, "a_seconds"), (b, "b_seconds")):
        times = [t for r in results for t in r[key]]
        if times:
            print(f"  {who}: {len(times)} decisions, median {statistics.median(times):.3f} s, "
                  f"max {max(times):.2f} s")
    if n:
        print(f"  game length: median {statistics.median(r['steps'] for r in results):.0f} actions, "
              f"ended in turn {statistics.median(r['turn'] for r in results):.0f} (median); "
              f"CPU a game: median {statistics.median(r['cpu'] for r in results):.0f} s, "
              f"max {max(r['cpu'] for r in results):.0f} s")


def pairing(pool: ProcessPoolExecutor, a: str, b: str, games: int, deadline: float | None, first: int = 0,
            out: Path | None = None) -> None:
    """Games ``first`` to ``first + games - 1`` of ``a`` against ``b``, and the report; with
    ``out``, those it already holds are read, not played, and each new one is added as it ends."""
    start = time.time()
    held = {r["index"]: r for r in _read(out) if (r["a"], r["b"]) == (a, b)} if out else {}
    wanted = range(first, first + games)
    futures = {pool.submit(play, (a, b, i, deadline)): i for i in wanted if i not in held}
    results = [held[i] for i in wanted if i in held]
    for future in as_completed(futures):
        result = future.result()
        if result is None:
            continue
        result.update(a=a, b=b, index=futures[future])
        results.append(result)
        if out:
            with out.open("a", encoding="utf-8") as file:
                file.write(json.dumps(result) + "\n")
    report(a, b, results)
    print(f"  ({len(futures)} played, {len(results) - len(futures)} read from {out}; {time.time() - start:.0f} s wall)"
          if out else f"  ({time.time() - start:.0f} s wall)", flush=True)


def replay(a: str, b: str, n: int, out: Path, workers: int) -> None:
    """Games 0 to ``n - 1`` of ``a`` against ``b`` in ``out`` played again: the same winner,
    turn and number of actions, or the difference. Exits 1 on a difference or a missing game."""
    held = {r["index"]: r for r in _read(out) if (r["a"], r["b"]) == (a, b)}
    differ = 0
    with ProcessPoolExecutor(workers) as pool:
        again = pool.map(play, [(a, b, i, None) for i in range(n)])
        for index, result in enumerate(again):
            stored = held.get(index)
            assert result is not None  # no deadline
            if stored is None:
                print(f"game {index}: not in {out}")
                differ += 1
                continue
            keys = ("winner", "turn", "steps")
            same = all(result[k] == stored[k] for k in keys)
            differ += not same
            print(f"game {index}: {'the same' if same else 'DIFFERENT'} (winner {SIDES[result['winner']]}, turn "
                  f"{result['turn']}, {result['steps']} actions, {result['cpu']:.0f} CPU s; the file: winner "
                  f"{SIDES[stored['winner']]}, turn {stored['turn']}, {stored['steps']} actions, "
                  f"{stored['cpu']:.0f} CPU s)", flush=True)
    if differ:
        raise SystemExit(f"{differ} games differ from {out}")


def _read(out: Path | None) -> list[dict[str, Any]]:
    if out is None or not out.exists():
        return []
    return [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines() if line.strip()]


def positions(count: int) -> list[State]:
    """``count`` positions of heuristic games (every 25th real choice), the same every run."""
    game = legatus.load("hannibal")
    out: list[State] = []
    index = 0
    while len(out) < count:
        rng = random.Random(1000 + index)
        heuristics = [make_agent(game, "heuristic", seed=1000 + index + s) for s in range(2)]
        state = game.new_initial_state()
        choices = 0
        while not state.is_terminal() and len(out) < count:
            if state.is_chance_node():
                state.apply_action(sample_outcome(state, rng))
                continue
            if len(state.legal_actions()) > 1:
                choices += 1
                if choices % 25 == 0:
                    out.append(state.clone())
            state.apply_action(heuristics[state.current_player()].choose(state))
        index += 1
    return out


def timed_decisions(count: int, spec: str) -> tuple[list[float], list[float], int]:
    """Seconds of ``spec``'s decisions at ``count`` positions of heuristic games, wall and CPU,
    and the simulations they ran in all."""
    game = legatus.load("hannibal")
    seconds: list[float] = []
    cpu: list[float] = []
    simulations = 0
    for index, state in enumerate(positions(count)):
        search = make_agent(game, spec, seed=index)
        start, start_cpu = time.perf_counter(), time.process_time()
        search.choose(state)
        seconds.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
        simulations += getattr(search, "last_simulations", 0)
    return seconds, cpu, simulations


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--search-games", type=int, default=20)
    parser.add_argument("--search", default="ismcts+heuristic:8")
    parser.add_argument("--against", default="heuristic", help="the search's opponent")
    parser.add_argument("--minutes", type=float, default=40.0, help="no search game starts after this")
    parser.add_argument("--timed", type=int, default=30)
    parser.add_argument("--timed-agent", default=HannibalGame.HINT_AGENT,
                        help="the agent whose decisions are timed (default the hint's)")
    parser.add_argument("--first", type=int, default=0, help="the first search game's number (to add games to a run)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--skip", default="", help="pairings to leave out: hr, hh, search, timing (comma-separated)")
    parser.add_argument("--out", type=Path, help="a JSON-lines file of the games: those it holds are not played again")
    parser.add_argument("--replay", type=int, default=0, metavar="N",
                        help="play the first N of the search's games in --out again with this code, and say whether "
                             "they end as the file says (the check before a later commit extends the file); then stop")
    args = parser.parse_args()
    if args.replay:
        if args.out is None or not args.out.exists():
            parser.error("--replay needs --out, an existing results file")
        replay(args.search, args.against, args.replay, args.out, args.workers)
        return
    skip = set(args.skip.split(","))
    began = time.time()
    print(f"# Hannibal agents (default hint agent {HannibalGame.HINT_AGENT}; {args.workers} workers)", flush=True)
    with ProcessPoolExecutor(args.workers) as pool:
        if "hr" not in skip:
            pairing(pool, "heuristic", "random", args.games, None, out=args.out)
        if "hh" not in skip:
            pairing(pool, "heuristic", "heuristic", args.games, None, out=args.out)
        if "search" not in skip:
            pairing(pool, args.search, args.against, args.search_games, began + args.minutes * 60, args.first,
                    out=args.out)
    if "timing" not in skip:
        seconds, cpu, simulations = timed_decisions(args.timed, args.timed_agent)
        print(f"\n## {args.timed_agent}: {len(seconds)} decisions of heuristic games: median "
              f"{statistics.median(seconds):.2f} s, max {max(seconds):.2f} s; "
              f"{simulations / sum(seconds):.1f} simulations/s; CPU: median {statistics.median(cpu):.2f} s, "
              f"max {max(cpu):.2f} s, {simulations / sum(cpu):.1f} simulations a CPU second")
    print(f"\n(total {time.time() - began:.0f} s wall)")


if __name__ == "__main__":
    main()
