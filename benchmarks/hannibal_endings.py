"""How Hannibal games end: a tally of the outcomes (end of game by winner, suing for peace,
each sudden death) over seeded games of one policy for both seats.

Policies: ``fuzz`` (the fuzzer's: half the games uniform, half preferring the game's busy
actions, as ``legatus fuzz``), ``heuristic`` (the first heuristic against itself, given the true
state). Also counts, per game, the decisions about the inside of walled cities (H51), the
plays of #41 Bad Weather and #30 (the siege train), who leads a reaction when a subordinate may
(H66, H69) and a landed army split at its walls (H67), to show that random play reaches them.

Usage: python benchmarks/hannibal_endings.py [--games 2000] [--seed 7000] [--policy fuzz] [--jobs 2]
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import legatus
from legatus.core.agents import make_agent
from legatus.core.session import sample_outcome
from legatus.games.hannibal.rules import base

WATCHED = ("garrison", "sortie", "retreat inside", "go inside", "event #41", "event #30")
ASKED = {"who reacts (H66, H69)": base.REACT_LEADER, "split at the walls (H67)": base.INTERCEPTED}


def one(seed: int, policy: str) -> tuple[str, Counter[str]]:
    game: Any = legatus.load("hannibal")
    rng = random.Random(seed)
    state = game.new_initial_state()
    eager = rng.random() < 0.5
    agents = [make_agent(game, "heuristic", seed=seed + s) for s in range(2)] if policy == "heuristic" else []
    seen: Counter[str] = Counter()
    while not state.is_terminal():
        if state.is_chance_node():
            action = sample_outcome(state, rng)
        elif agents:
            action = agents[state.current_player()].choose(state)
        else:
            action = game.fuzz_choice(state, rng) if eager else rng.choice(state.legal_actions())
        text = str(action)
        procedure = state.stack[-1][0]
        for name, where in ASKED.items():
            if procedure == where and (where != base.INTERCEPTED or text.startswith("garrison")):
                seen[name] += 1
        for word in WATCHED:
            if text.startswith(word) and text not in ("garrison 0", "no sortie"):
                seen[word] += 1
        state.apply_action(action)
    outcome = state.reason
    if outcome == "end of game":
        outcome += f", {('rome', 'carthage')[state.winner]} wins"
    return outcome, seen


def _batch(args: tuple[list[int], str]) -> list[tuple[str, Counter[str]]]:
    seeds, policy = args
    return [one(s, policy) for s in seeds]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=7000)
    parser.add_argument("--policy", choices=("fuzz", "heuristic"), default="fuzz")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    seeds = list(range(args.seed, args.seed + args.games))
    chunks = [(seeds[i::args.jobs], args.policy) for i in range(args.jobs)]
    start = time.perf_counter()
    with ProcessPoolExecutor(args.jobs) as pool:
        results = [r for batch in pool.map(_batch, chunks) for r in batch]
    endings = Counter(outcome for outcome, _ in results)
    decisions: Counter[str] = Counter()
    games_with: Counter[str] = Counter()
    for _, seen in results:
        decisions.update(seen)
        games_with.update(seen.keys())
    print(f"hannibal, {args.games} games ({args.policy}, seeds {seeds[0]}-{seeds[-1]}), "
          f"{time.perf_counter() - start:.0f} s:")
    for outcome, n in endings.most_common():
        print(f"  {n:6d}  {outcome}")
    for word in (*WATCHED, *ASKED):
        print(f"  '{word}': {decisions[word]} times in {games_with[word]} games")


if __name__ == "__main__":
    main()
