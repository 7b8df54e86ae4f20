"""clone() speed and memory, over the length of a game: clones per second of a state taken
at several depths (actions applied since the initial state, chance outcomes included) of one
seeded game, and the memory a clone holds: only what it does not share with the state it was
cloned from, over ``--live`` live clones, two ways. *Resident*: the growth of the process's
resident memory, C++ and Python objects alike; the memory the process has freed is handed
back to the system first (glibc's ``malloc_trim``), and every clone is kept alive until all
these are taken, so that no figure reuses memory freed earlier. *Traced*: the Python
allocations they hold (``tracemalloc``, exact, blind to C++: a pyspiel state's figure is its
Python wrapper only).

Hispania (medium level, 6-4-3-4-2) is played by its heuristic agent, whose games are long
(a random one is about 40 actions); the anchor, OpenSpiel's C++ backgammon, at random (its
clone copies its history too: it slows down over a game). ``--game viae`` or ``--game
hannibal`` (repeatable) adds that game at its default options, played at random (its random
games run 500–800 actions), at the deeper depths too. A round clones each snapshot
``--clones`` times, the cases interleaved; the ratio is to backgammon at depth 20.

Usage: python benchmarks/clones.py [--clones 20000] [--rounds 5] [--live 10000] [--game NAME]
"""

from __future__ import annotations

import argparse
import ctypes
import ctypes.util
import gc
import random
import tracemalloc
from collections.abc import Callable
from typing import Any

import pyspiel
from harness import Case, header, measure, report, sample

import legatus
from legatus.core.agents import make_agent

DEPTHS = (0, 20, 50, 100, 150)
LONG_DEPTHS = DEPTHS + (300, 500)
"""The depths of the games added with --game, whose games are longer."""
ANCHOR = "backgammon (OpenSpiel C++), depth 20"

Choose = Callable[[Any, random.Random], Any]


def at_random(state: Any, rng: random.Random) -> Any:
    return rng.choice(state.legal_actions())


def snapshots(new_state: Any, choose: Choose, seed: int, depths: tuple[int, ...]) -> dict[int, Any]:
    """States of one game at each of ``depths`` it reaches."""
    rng = random.Random(seed)
    state = new_state()
    found = {}
    depth = 0
    while not state.is_terminal() and depth <= depths[-1]:
        if depth in depths:
            found[depth] = state.clone()
        state.apply_action(sample(state.chance_outcomes(), rng) if state.is_chance_node() else choose(state, rng))
        depth += 1
    return found


def long_game(new_state: Any, choose: Choose, depths: tuple[int, ...] = DEPTHS) -> dict[int, Any]:
    """The snapshots of the first seeded game that reaches the last of ``depths``."""
    for seed in range(100):
        found = snapshots(new_state, choose, seed, depths)
        if len(found) == len(depths):
            return found
    raise SystemExit(f"no game of 100 reached {depths[-1]} actions")


def resident() -> int:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * 4096


def trim() -> None:
    """Hands the memory freed so far back to the system (glibc; elsewhere nothing)."""
    libc = ctypes.util.find_library("c")
    if libc and hasattr(ctypes.CDLL(libc), "malloc_trim"):
        ctypes.CDLL(libc).malloc_trim(0)


def resident_growth(state: Any, count: int, kept: list[Any]) -> float:
    """Bytes a live clone holds, read off the resident memory (its clones left alive in ``kept``)."""
    gc.collect()
    trim()
    before = resident()
    clones = [state.clone() for _ in range(count)]
    kept.append(clones)
    return (resident() - before) / count


def traced(state: Any, count: int) -> float:
    """Bytes of Python allocations a live clone holds."""
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    clones = [state.clone() for _ in range(count)]
    held = tracemalloc.get_traced_memory()[0] - before
    tracemalloc.stop()
    del clones
    return held / count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clones", type=int, default=20000, help="clones of a snapshot a round")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--live", type=int, default=10000, help="live clones a memory figure is taken over")
    parser.add_argument("--game", action="append", default=[], help="another legatus game to add (repeatable)")
    args = parser.parse_args()
    header(__doc__, {"clones a round": args.clones, "rounds": args.rounds, "live clones": args.live,
                     "games added": ", ".join(args.game) or "none"})
    games: dict[str, dict[int, Any]] = {
        "backgammon": long_game(pyspiel.load_game("backgammon").new_initial_state, at_random)}
    hispania = legatus.load("hispania")
    agent = make_agent(hispania, "heuristic", 0)
    games["hispania"] = long_game(hispania.new_initial_state, lambda state, rng: agent.choose(state))
    for name in args.game:
        games[name] = long_game(legatus.load(name).new_initial_state, at_random, LONG_DEPTHS)

    def clones_of(state: Any) -> Case:
        def case(r: int) -> int:
            for _ in range(args.clones):
                state.clone()
            return args.clones

        return case

    cases: dict[str, Case] = {ANCHOR: clones_of(games["backgammon"][20])}
    for name, states in games.items():
        for depth, state in states.items():
            cases.setdefault(f"{name}, depth {depth}", clones_of(state))
    report("clone()", "clones", measure(cases, args.rounds), ANCHOR)
    print("\nmemory a live clone holds (bytes): resident, traced (Python allocations)")
    kept: list[Any] = []  # first every resident figure, so that none reuses memory freed by another
    grown = {(name, depth): resident_growth(state, args.live, kept)
             for name, states in games.items() for depth, state in states.items()}
    for name, states in games.items():
        for depth, state in states.items():
            print(f"  {name}, depth {depth}: {grown[name, depth]:,.0f}, {traced(state, args.live):,.0f}")


if __name__ == "__main__":
    main()
