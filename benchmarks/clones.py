"""clone() speed and memory, over the length of a game: clones per second of a state taken
at several depths (actions applied since the initial state) of one seeded game, and the memory
a clone holds (the growth of the process's resident memory over many live clones, divided by
their number: it counts C++ and Python objects alike).

Hispania (medium level, 6-4-3-4-2) is played by its heuristic agent, whose games are long;
the anchor, OpenSpiel's C++ backgammon, at random (its clone copies its history too: it
slows down over a game). A round clones each snapshot ``--clones``
times, the cases interleaved.

Usage: python benchmarks/clones.py [--clones 20000] [--rounds 5]
"""

from __future__ import annotations

import argparse
import gc
import random
from typing import Any

import pyspiel
from harness import Case, header, measure, report, sample

import legatus
from legatus.core.agents import make_agent

DEPTHS = (0, 20, 50, 100, 150)
ANCHOR = "backgammon (OpenSpiel C++), depth 20"


def snapshots(new_state: Any, choose: Any, seed: int) -> dict[int, Any]:
    """States of one game at each depth of DEPTHS it reaches."""
    rng = random.Random(seed)
    state = new_state()
    found = {}
    depth = 0
    while not state.is_terminal() and depth <= DEPTHS[-1]:
        if depth in DEPTHS:
            found[depth] = state.clone()
        state.apply_action(sample(state.chance_outcomes(), rng) if state.is_chance_node() else choose(state, rng))
        depth += 1
    return found


def long_game(new_state: Any, choose: Any) -> dict[int, Any]:
    """The snapshots of the first seeded game that reaches the last depth."""
    for seed in range(100):
        found = snapshots(new_state, choose, seed)
        if len(found) == len(DEPTHS):
            return found
    raise SystemExit(f"no game of 100 reached {DEPTHS[-1]} actions")


def resident() -> int:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * 4096


def memory(state: Any, count: int = 20000) -> float:
    """Bytes a live clone holds."""
    gc.collect()
    before = resident()
    clones = [state.clone() for _ in range(count)]
    grown = resident() - before
    del clones
    return grown / count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clones", type=int, default=20000, help="clones of a snapshot a round")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    header(__doc__, {"clones a round": args.clones, "rounds": args.rounds})
    backgammon = long_game(pyspiel.load_game("backgammon").new_initial_state,
                           lambda state, rng: rng.choice(state.legal_actions()))
    game = legatus.load("hispania")
    agent = make_agent(game, "heuristic", 0)
    hispania = long_game(game.new_initial_state, lambda state, rng: agent.choose(state))

    def clones_of(state: Any) -> Case:
        def case(r: int) -> int:
            for _ in range(args.clones):
                state.clone()
            return args.clones

        return case

    cases: dict[str, Case] = {ANCHOR: clones_of(backgammon[20])}
    for depth in DEPTHS:
        if depth != 20:
            cases[f"backgammon, depth {depth}"] = clones_of(backgammon[depth])
    for depth, state in hispania.items():
        cases[f"hispania, depth {depth}"] = clones_of(state)
    report("clone()", "clones", measure(cases, args.rounds), ANCHOR)
    print("\nmemory a live clone holds")
    print(f"  backgammon (OpenSpiel C++), depth 20: {memory(backgammon[20]):,.0f} bytes")
    for depth, state in hispania.items():
        print(f"  hispania, depth {depth}: {memory(state):,.0f} bytes")


if __name__ == "__main__":
    main()
