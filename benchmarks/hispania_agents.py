"""Hispania's Roman agents compared on the same games: win rates with 95% intervals (Wilson's),
a sign test on the games only one of them won, and seconds a decision (median, p90; with
--timed, CPU seconds measured apart).

Every agent plays game i of a level with the seed `legatus simulate` gives it (run seed, level,
index): the same dice as far as the agents' play keeps the games alike. Games go to a process
pool agent by agent, index by index, both levels in turn, and each result is appended to
--out as it comes: stop the run at any time (or give --minutes) and the table is drawn from the
games every agent finished; run it again with the same --out and it goes on.

`clairvoyant+heuristic:400` is the search that sees the game's dice (legatus/core/clairvoyant.py:
an upper bound on what a search of its kind wins, issue 36); every game's dice are the stream of
its seed, the same as `legatus simulate`'s. Each line of --out: agent, level, index, won,
outcome, seed, cpu (the game's CPU seconds in its worker) and each decision's seconds.

A change to an agent's code is measured the same way: run the agent on the commit before the
change and on the commit after, each into its own --out, and give the first run's file as
--baseline to the second: its games of the first agent are the baseline, paired game by game.

Usage: nice -n 10 python benchmarks/hispania_agents.py [--agents mcts+heuristic:48 planner]
       [--levels easiest default] [--games 100] [--seed 1] [--jobs 2] [--minutes 40]
       [--out hispania_agents.jsonl] [--with other.jsonl …] [--baseline before.jsonl] [--replay N]
       [--timed N]
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from pathlib import Path
from typing import Any

import legatus
from legatus.core.agents import Agent, make_agent
from legatus.core.clairvoyant import ChanceStream, ClairvoyantAgent
from legatus.core.game import Game
from legatus.core.record import to_record
from legatus.sim.runner import derive_seed
from legatus.sim.stats import sign_test, wilson

Key = tuple[str, str, int]  # agent, level, index
CLAIRVOYANT = "clairvoyant"


def make(game: Game, spec: str, seed: int, stream: ChanceStream) -> Agent:
    """The agent named by ``spec``; ``clairvoyant+heuristic:400`` is the search that sees the
    game's dice, ``stream`` (legatus/core/clairvoyant.py), which no spec of `legatus` names."""
    name, _, budget = spec.partition(":")
    if name.partition("+")[0] != CLAIRVOYANT:
        return make_agent(game, spec, seed)
    rollout = name.partition("+")[2]
    try:
        simulations = int(budget or 400)
    except ValueError:
        raise SystemExit(f"agent '{spec}': the budget must be a number of simulations, as in "
                         f"{CLAIRVOYANT}+heuristic:400") from None
    return ClairvoyantAgent(game, stream, simulations, make_agent(game, rollout, seed + 1) if rollout else None, seed)


def play(agent_spec: str, level: str, run_seed: int, index: int,
         clock: Callable[[], float] = time.perf_counter, attempt: int = 0, record: bool = False) -> dict[str, Any]:
    """Game ``index`` of ``level`` with Rome played by ``agent_spec``, seeded as `legatus
    simulate --seed run_seed` seeds it (its dice the stream of that seed: the same as
    `simulate`'s): the result, the game's CPU seconds, each Roman decision's seconds (wall, or by
    ``clock``), and with ``record`` the game's record. An ``attempt`` other than 0 seeds the agent
    otherwise, the dice the same (benchmarks/hispania_first_win.py)."""
    cpu = time.process_time()
    game = legatus.load("hispania", level=level)
    seed = derive_seed(run_seed, "simulate", index)
    stream = ChanceStream(seed)
    agent = make(game, agent_spec, derive_seed(seed, attempt), stream)
    state = game.new_initial_state()
    seconds: list[float] = []
    while not state.is_terminal():
        if state.is_chance_node():
            action = stream.next(state)
        else:
            start = clock()
            action = agent.choose(state)
            seconds.append(clock() - start)
        state.apply_action(action)
    result = {"agent": agent_spec, "level": level, "index": index, "won": state.winner == "rome",
              "outcome": state.outcome, "seed": seed, "cpu": round(time.process_time() - cpu, 2),
              "seconds": [round(s, 4) for s in seconds]}
    return {**result, "record": to_record(state)} if record else result


def load(path: Path) -> dict[Key, dict[str, Any]]:
    results: dict[Key, dict[str, Any]] = {}
    if path.exists():
        for line in path.read_text().splitlines():
            r = json.loads(line)
            results[(r["agent"], r["level"], r["index"])] = r
    return results


def quantile(ordered: list[float], q: float) -> float:
    return ordered[int(q * (len(ordered) - 1))]


def percent(wins: int, n: int) -> str:
    low, high = wilson(wins, n)
    return f"{wins / n:.1%} ({low:.1%}–{high:.1%})" if n else "–"


def table(results: dict[Key, dict[str, Any]], agents: list[str], levels: list[str]) -> None:
    """Per level: each agent's wins on the games every agent finished, and each agent paired
    with the first (the baseline): games only one of them won, and the sign test."""
    base = agents[0]
    print("\n| level | agent | games | wins | win rate (95% interval) | s/decision median | p90 | outcomes |")
    print("|---|---|---|---|---|---|---|---|")
    paired_lines = []
    for level in levels:
        done = sorted(i for (a, lv, i) in results if a == base and lv == level
                      and all((b, level, i) in results for b in agents))
        for agent in agents:
            rows = [results[(agent, level, i)] for i in done]
            wins = sum(r["won"] for r in rows)
            secs = sorted(s for r in rows for s in r["seconds"])
            p90 = quantile(secs, 0.9) if secs else 0.0
            median = statistics.median(secs) if secs else 0.0
            outcomes: dict[str, int] = {}
            for r in rows:
                outcomes[r["outcome"]] = outcomes.get(r["outcome"], 0) + 1
            print(f"| {level} | `{agent}` | {len(rows)} | {wins} | {percent(wins, len(rows))} | {median:.3f} | "
                  f"{p90:.3f} | {', '.join(f'{k} {v}' for k, v in sorted(outcomes.items()))} |")
            if agent != base:
                only = sum(results[(agent, level, i)]["won"] and not results[(base, level, i)]["won"] for i in done)
                only_base = sum(results[(base, level, i)]["won"] and not results[(agent, level, i)]["won"]
                                for i in done)
                paired_lines.append(f"| {level} | `{agent}` vs `{base}` | {len(done)} | {only} | {only_base} | "
                                    f"{sign_test(only, only_base):.2g} |")
    print("\n| level | pair | games | only the agent won | only the baseline won | sign test p (two-sided) |")
    print("|---|---|---|---|---|---|")
    print("\n".join(paired_lines))
    timed_rows = [r for r in results.values() if "cpu" in r and r["agent"] in agents and r["level"] in levels]
    for agent in agents:
        for level in levels:
            cpu = sorted(r["cpu"] for r in timed_rows if (r["agent"], r["level"]) == (agent, level))
            if cpu:
                print(f"CPU seconds, `{agent}` at {level}: {len(cpu)} games, {sum(cpu):.0f} in all, "
                      f"median {statistics.median(cpu):.1f} a game")


def replay(results: dict[Key, dict[str, Any]], agents: list[str], levels: list[str], seed: int, n: int) -> None:
    """Each agent's first ``n`` games a level of the file played again: the same outcome after as
    many decisions, or the difference. Exits 1 on a difference or a game the file lacks."""
    differ = 0
    for level in levels:
        for agent in agents:
            for index in range(n):
                stored = results.get((agent, level, index))
                if stored is None:
                    print(f"{level} {index} {agent}: not in the file")
                    differ += 1
                    continue
                again = play(agent, level, seed, index)
                same = (again["won"], again["outcome"], len(again["seconds"])) == \
                    (stored["won"], stored["outcome"], len(stored["seconds"]))
                differ += not same
                print(f"{level} {index} {agent}: {'the same' if same else 'DIFFERENT'} ({again['outcome']} after "
                      f"{len(again['seconds'])} decisions; the file: {stored['outcome']} after "
                      f"{len(stored['seconds'])})", flush=True)
    if differ:
        raise SystemExit(f"{differ} games differ from the file")


def timed(agents: list[str], levels: list[str], seed: int, n: int) -> None:
    """The CPU seconds of each agent's decisions over its first ``n`` games a level, played here
    one after another (what a decision costs, whatever else the machine runs); not kept."""
    print("\n| level | agent | games | decisions | CPU s/decision median | p90 | p99 | max |")
    print("|---|---|---|---|---|---|---|---|")
    for level in levels:
        for agent in agents:
            secs = sorted(s for i in range(n) for s in play(agent, level, seed, i, time.process_time)["seconds"])
            print(f"| {level} | `{agent}` | {n} | {len(secs)} | {statistics.median(secs):.2f} | "
                  f"{quantile(secs, 0.9):.2f} | {quantile(secs, 0.99):.2f} | {secs[-1]:.2f} |", flush=True)


def play_all(todo: list[Key], seed: int, jobs: int, out: Path, results: dict[Key, dict[str, Any]],
             deadline: float | None = None) -> None:
    """Plays the games ``todo`` (agent, level, index; in this order) with run seed ``seed`` on
    ``jobs`` worker processes, each result appended to ``out`` as it comes and kept in
    ``results``; no game is sent after ``deadline`` (a ``time.monotonic()``)."""
    todo = list(todo)
    with ProcessPoolExecutor(jobs) as pool, out.open("a") as sink:
        pending: set[Future[dict[str, Any]]] = set()
        while todo or pending:
            while todo and len(pending) < jobs and (deadline is None or time.monotonic() < deadline):
                agent, level, index = todo.pop(0)
                pending.add(pool.submit(play, agent, level, seed, index))
            if not pending:
                break
            finished, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in finished:
                r = future.result()
                results[(r["agent"], r["level"], r["index"])] = r
                sink.write(json.dumps(r) + "\n")
                sink.flush()
                print(f"{r['level']} {r['index']} {r['agent']}: {'won' if r['won'] else r['outcome']}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--agents", nargs="+", default=["mcts+heuristic:48", "planner"],
                        help="agent specs, the first the baseline the others are paired with")
    parser.add_argument("--levels", nargs="+", default=["easiest", "default"])
    parser.add_argument("--games", type=int, default=100, help="games a level and agent")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--minutes", type=float, default=None, help="stop sending games after this long")
    parser.add_argument("--out", type=Path, default=Path("hispania_agents.jsonl"))
    parser.add_argument("--replay", type=int, default=0, metavar="N",
                        help="play again each agent's first N games a level of --out with this code, and say whether "
                             "they end as the file says (the check before a later commit extends the file); then stop")
    parser.add_argument("--timed", type=int, default=0, metavar="N",
                        help="time each agent's decisions in CPU seconds over its first N games a level, one game "
                             "after another in this process, and stop (--out is not read or written)")
    parser.add_argument("--with", dest="others", type=Path, nargs="+", default=[], metavar="FILE",
                        help="other runs' results (same --seed), read and never written: their games count as "
                             "this file's (to pair the clairvoyant with the flat search's own file)")
    parser.add_argument("--baseline", type=Path, default=None,
                        help="another run's results (another commit's, same --seed): its games of the first "
                             "agent are the baseline the agents are paired with")
    args = parser.parse_args()
    if args.timed:
        timed(args.agents, args.levels, args.seed, args.timed)
        return
    results = load(args.out)
    own = len(results)
    for other in args.others:
        if not other.exists():
            parser.error(f"--with {other}: no such results file")
        results = {**load(other), **results}
    if args.replay:
        replay(results, args.agents, args.levels, args.seed, args.replay)
        return
    shown = args.agents
    if args.baseline is not None:
        if not args.baseline.exists():
            parser.error(f"--baseline {args.baseline}: no such results file")
        base = f"{args.agents[0]} (baseline)"
        results.update(((base, lv, i), r) for (a, lv, i), r in load(args.baseline).items() if a == args.agents[0])
        shown = [base, *args.agents]
    todo = [(a, lv, i) for i in range(args.games) for lv in args.levels for a in args.agents
            if (a, lv, i) not in results]
    print(f"{own} games already in {args.out}, {len(todo)} to play on {args.jobs} workers", flush=True)
    deadline = None if args.minutes is None else time.monotonic() + 60 * args.minutes
    play_all(todo, args.seed, args.jobs, args.out, results, deadline)
    table(results, shown, args.levels)


if __name__ == "__main__":
    main()
