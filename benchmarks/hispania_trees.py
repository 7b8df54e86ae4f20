"""Hispania's engine at several commits, side by side (issue 35): each commit's ``legatus/``
(``git archive``; ``.`` is the working tree) runs in fresh processes, the trees in turn, a
round each, CPU time; medians of the rounds, ± half their range.

Figures a process (``--what``):

- ``playouts``: steps per CPU second of ``--games`` seeded random games at 6-4-3-4-2 after 20
  to warm up (the driver loop of :func:`harness.playout`: the same games, hence steps, in every tree);
- ``paths``: µs a call of ``movement.general_costs``, over the calls that 300 seeded random games
  a level make (every tree plays the same games, so it meets the same calls); it prints a
  digest of their answers (spaces, costs and order), which must be the same in every tree;
- ``roman``, ``roads``: µs a Roman phase's legal list (``roman_phase.legal_actions``), a setup's
  road candidates (``board.legal_roads``), at every such decision of the same 300 games a level,
  with a digest of the answers;
- ``decisions``: CPU seconds a ``flat+heuristic:400`` decision at 6 seeded Roman positions,
  and the moves chosen (the same in every tree).

Usage: python benchmarks/hispania_trees.py [--what playouts|paths|roman|roads|decisions] [--rounds 5]
           [--games 2000] COMMIT [COMMIT ...]
"""

from __future__ import annotations

import argparse
import hashlib
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

import hispania_headroom
from harness import playout, sample

import legatus
from legatus.core.agents import make_agent
from legatus.games.hispania.board import legal_roads
from legatus.games.hispania.rules import movement, roman_phase
from legatus.games.hispania.state import HispaniaState

ROOT = Path(__file__).resolve().parent.parent
HERE = Path(__file__).resolve().parent
LEVELS = ("6-4-3-4-2", "7-5-4-5-1", "5-3-2-3-3")


def playouts(games: int) -> tuple[float, str]:
    game = legatus.load("hispania", level="6-4-3-4-2")
    rng = random.Random(99)
    for _ in range(20):
        playout(game.new_initial_state(), rng)
    rng = random.Random(1)
    cpu = time.process_time()
    steps = sum(playout(game.new_initial_state(), rng) for _ in range(games))
    return steps / (time.process_time() - cpu), f"{steps} steps"


def paths(_: int) -> tuple[float, str]:
    calls = []
    search = movement.general_costs

    def recorded(st, general, src, budget):  # type: ignore[no-untyped-def]
        calls.append((st.clone(), general, src, budget))
        return search(st, general, src, budget)

    movement.general_costs = recorded
    for level in LEVELS:
        game, rng = legatus.load("hispania", level=level), random.Random(7)
        for _ in range(300):
            playout(game.new_initial_state(), rng)
    movement.general_costs = search
    answers = hashlib.md5(repr([list(search(*call).items()) for call in calls]).encode()).hexdigest()
    cpu = time.process_time()
    for _ in range(3):
        for call in calls:
            search(*call)
    return (time.process_time() - cpu) / len(calls) / 3 * 1e6, f"{len(calls)} calls, answers {answers}"


def decisions(_: int) -> tuple[float, str]:
    positions = hispania_headroom.positions("6-4-3-4-2", "heuristic", 6)
    cpu = time.process_time()
    chosen = [str(make_agent(st.game, "flat+heuristic:400", seed=i).choose(st.clone()))
              for i, st in enumerate(positions)]
    return (time.process_time() - cpu) / len(positions), " | ".join(chosen)


def states_at(phase: str) -> list[HispaniaState]:
    """Copies of the states of 300 seeded random games a level at each decision of ``phase``."""
    taken = []
    for level in LEVELS:
        game, rng = legatus.load("hispania", level=level), random.Random(7)
        for _ in range(300):
            st = game.new_initial_state()
            while not st.is_terminal():
                if st.is_chance_node():
                    st.apply_action(sample(st.chance_outcomes(), rng))
                    continue
                if st.phase_name() == phase:
                    taken.append(st.clone())
                st.apply_action(rng.choice(st.legal_actions()))
    return taken


def timed(calls: list[Callable[[], object]]) -> tuple[float, str]:
    """µs a call (3 passes), and a digest of the answers."""
    answers = hashlib.md5(repr([call() for call in calls]).encode()).hexdigest()
    cpu = time.process_time()
    for _ in range(3):
        for call in calls:
            call()
    return (time.process_time() - cpu) / len(calls) / 3 * 1e6, f"{len(calls)} calls, answers {answers}"


def roman(_: int) -> tuple[float, str]:
    return timed([partial(roman_phase.legal_actions, st) for st in states_at("Roman phase")])


def roads(_: int) -> tuple[float, str]:
    return timed([partial(legal_roads, st.board, st.roads, st.revolts) for st in states_at("setup: roads")])


WHAT = {"playouts": (playouts, "steps/CPU s"), "paths": (paths, "µs a call"), "roman": (roman, "µs a list"),
        "roads": (roads, "µs a list"), "decisions": (decisions, "CPU s each")}


def tree(commit: str, where: Path) -> Path:
    """``where``, a new folder, with the commit's ``legatus/`` (the working tree's for ``.``)."""
    where.mkdir()
    if commit == ".":
        shutil.copytree(ROOT / "legatus", where / "legatus")
    else:
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", commit, "legatus"], check=True,
                                 capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", str(where)], input=archive, check=True)
    return where


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("commits", nargs="+")
    parser.add_argument("--what", choices=WHAT, default="playouts")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--games", type=int, default=2000, help="games a playouts process plays")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    run, unit = WHAT[args.what]
    if args.child:
        value, note = run(args.games)
        print(f"{value}\t{note}")
        return
    values: dict[str, list[float]] = {c: [] for c in args.commits}
    notes: dict[str, set[str]] = {c: set() for c in args.commits}
    with tempfile.TemporaryDirectory() as tmp:
        trees = {c: tree(c, Path(tmp) / str(i)) for i, c in enumerate(args.commits)}
        for _ in range(args.rounds):
            for commit, where in trees.items():
                env = {**os.environ, "PYTHONPATH": f"{where}{os.pathsep}{HERE}"}
                out = subprocess.run([sys.executable, __file__, "--child", "--what", args.what, "--games",
                                      str(args.games), commit], check=True, capture_output=True, text=True,
                                     env=env, cwd=tmp).stdout
                value, note = out.strip().split("\t")
                values[commit].append(float(value))
                notes[commit].add(note)
    print(f"{args.what}, {args.rounds} rounds, the trees in turn ({unit}; medians ± half the range)")
    first = statistics.median(values[args.commits[0]])
    for commit, vs in values.items():
        median = statistics.median(vs)
        print(f"  {commit:>12}  {median:12,.3f}  ± {(max(vs) - min(vs)) / 2 / median:5.1%}  "
              f"×{median / first:.3f}  {' / '.join(sorted(notes[commit]))}")


if __name__ == "__main__":
    main()
