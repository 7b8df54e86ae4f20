"""Root-parallel search (issue 35): the hint's simulations per wall second with its search shared
among 2 worker processes (``legatus.core.hints.Hints(game, workers=2)``, the processes kept from
one hint to the next) against the hint as it is, in this process; target ≥ 1.8×.

The positions are decisions with a choice, spread over a seeded heuristic game of each game (its
first 200 choices); a round gives every position one hint with each, interleaved (each round in a new order).
The work of the 2 workers runs in other processes, so the rates are on wall time: run it on an
otherwise idle machine with 2 cores or more. The workers' start-up (processes, imports, the game's
data) is done before the rounds, and reported apart. On Linux it then measures, on as many more
rounds, each hint's critical path in CPU time (this process's, plus its busiest worker's): what
the hint would take on idle cores, a projection that a loaded machine does not move, beside the
wall-time figure that only an idle machine gives.

Usage: python benchmarks/parallel_search.py [--positions 2] [--rounds 3]
       [--game hispania --game viae --game hannibal]
About a minute on an idle machine at the defaults (the critical path doubles it).
"""

from __future__ import annotations

import argparse
import os
import random
import time
from collections.abc import Callable
from pathlib import Path

from harness import Case, header, measure, report

import legatus
from legatus.core.agents import decide, make_agent
from legatus.core.hints import Hints
from legatus.core.session import sample_outcome

GAMES = ("hispania", "viae", "hannibal")
ANCHOR = "1 worker (in this process)"
CHOICES = 200


def positions(name: str, count: int, seed: int = 1) -> list[legatus.State]:
    """``count`` decisions with a choice, spread evenly over the first :data:`CHOICES` of a
    seeded heuristic game of ``name``."""
    game = legatus.load(name)
    agent = make_agent(game, "heuristic", seed)
    rng = random.Random(seed)
    state = game.new_initial_state()
    found: list[legatus.State] = []
    while not state.is_terminal() and len(found) < CHOICES:
        if state.is_chance_node():
            state.apply_action(sample_outcome(state, rng))
            continue
        if len(state.legal_actions()) > 1:
            found.append(state.clone())
        state.apply_action(decide(agent, state))
    return [found[(2 * i + 1) * len(found) // (2 * count)] for i in range(count)]


def hinted(hints: Hints, states: list[legatus.State]) -> Case:
    """A case: one hint at each position; the simulations its searches ran."""
    def case(_: int) -> int:
        total = 0
        for state in states:
            hints(state)
            total += hints.last_simulations
        return total

    return case


TICK = 1 / os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 0.01


def cpu_of(pid: int) -> float:
    """CPU seconds (user + system) process ``pid`` has used (Linux: /proc/<pid>/stat)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) * TICK


def on_path(pids: list[int], ask: Callable[[], int]) -> tuple[int, float]:
    """``ask()``'s simulations and its critical path in CPU seconds: this process's, plus the
    busiest of the worker processes ``pids``' (Linux)."""
    before, own = [cpu_of(pid) for pid in pids], time.process_time()
    sims = ask()
    own = time.process_time() - own
    return sims, own + max((cpu_of(pid) - b for pid, b in zip(pids, before, strict=True)), default=0.0)


def critical_path(hints: Hints, states: list[legatus.State], rounds: int) -> float:
    """Simulations per CPU second along the hint's critical path (:func:`on_path`): on as many idle
    cores as processes a hint takes about that long, less the time messages take between processes:
    a projection the load of a shared machine does not move."""
    sims, path = 0, 0.0
    for _ in range(rounds):
        for state in states:
            kept = hints._kept
            pool = None if kept is None else kept.parallel._pool  # the processes of the agent kept
            pids = [] if pool is None else list(pool._processes)

            def ask(state: legatus.State = state) -> int:
                hints(state)
                return hints.last_simulations

            done, took = on_path(pids, ask)
            sims, path = sims + done, path + took
    return sims / path


def arguments(doc: str, **settings: object) -> argparse.Namespace:
    """The positions a game, the rounds and the games asked for; the header printed."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--positions", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--game", action="append", choices=GAMES, help="repeatable; default: all three")
    args = parser.parse_args()
    header(doc, {"positions a game": args.positions, "rounds": args.rounds, **settings})
    return args


def main() -> None:
    args = arguments(__doc__)
    for name in args.game or GAMES:
        states = positions(name, args.positions)
        game = states[0].game
        kept = {ANCHOR: Hints(game, 1), "2 workers": Hints(game, 2)}
        for label, hints in kept.items():
            start = time.perf_counter()
            hints(states[0])  # the workers started, their imports and the game's data loaded
            print(f"{name}: the first hint with {label}, start-up included: {time.perf_counter() - start:.2f} s")
        cases = {label: hinted(hints, states) for label, hints in kept.items()}
        report(f"{name}: the hint ({type(game).HINT_AGENT}) at {len(states)} positions", "simulations",
               measure(cases, args.rounds), ANCHOR, on_cpu=False)
        if Path("/proc/self/stat").exists():
            paths = {label: critical_path(hints, states, args.rounds) for label, hints in kept.items()}
            print("  critical path (this process + the busiest worker, CPU s): "
                  + ", ".join(f"{label} {rate:,.0f} simulations/s" for label, rate in paths.items())
                  + f"; ratio {paths['2 workers'] / paths[ANCHOR]:.2f} (2 idle cores, messages not counted)")
        for hints in kept.values():
            hints.close()


if __name__ == "__main__":
    main()
