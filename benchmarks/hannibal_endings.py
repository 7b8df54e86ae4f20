"""How Hannibal games end: a tally of the outcomes (each sudden death of H110, end of game by
winner, suing for peace) over seeded games of one pairing of policies, one a seat.

A seat's policy is ``fuzz`` (the fuzzer's: half the games uniform, half preferring the game's
busy actions, as ``legatus fuzz``) or any agent spec ``make_agent`` accepts (``random``,
``heuristic``, ``ismcts+heuristic:8``...), handed the true state (the heuristic chooses as it
does on a state drawn from its seat's information, tests/hannibal/test_agents.py). Also counts,
per game, the decisions about the inside of walled cities (H51), the plays of #41 Bad Weather
and #30 (the siege train), who leads a reaction when a subordinate may (H66, H69) and a landed
army split at its walls (H67), to show that random play reaches them; and how many of the six
Italian provinces of H110 Carthage held at most at once, game by game.

Usage: python benchmarks/hannibal_endings.py [--games 2000] [--seed 7000] [--rome fuzz]
       [--carthage fuzz] [--jobs 2]
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
from legatus.games.hannibal.ids import Id
from legatus.games.hannibal.notation import CARTHAGE
from legatus.games.hannibal.rules import base

WATCHED = ("garrison", "sortie", "retreat inside", "go inside", "event #41", "event #30")
ASKED = {"who reacts (H66, H69)": Id.REACT_LEADER, "split at the walls (H67)": Id.INTERCEPTED}
ENDINGS = ("sudden death: Rome controls Carthage", "sudden death: Carthage controls Rome",
           "sudden death: Carthage holds Italy", "end of game, rome wins", "end of game, carthage wins",
           "rome sues for peace", "carthage sues for peace")  # H110, H111, H112: all are printed, 0 too


def one(seed: int, policies: tuple[str, str]) -> tuple[str, Counter[str], int]:
    game: Any = legatus.load("hannibal")
    rng = random.Random(seed)
    state = game.new_initial_state()
    eager = "fuzz" in policies and rng.random() < 0.5  # agents alone: the chance seed of tests' games
    agents = [None if p == "fuzz" else make_agent(game, p, seed=seed + s) for s, p in enumerate(policies)]
    seen: Counter[str] = Counter()
    italy = [state.board.province_names.index(p) for p in base.ITALY6]
    most = 0
    while not state.is_terminal():
        agent = None if state.is_chance_node() else agents[state.current_player()]
        if state.is_chance_node():
            action = sample_outcome(state, rng)
        elif agent is not None:
            action = agent.choose(state)
        else:
            action = game.fuzz_choice(state, rng) if eager else rng.choice(state.legal_actions())
        text = str(action)
        procedure = state.stack[-1][0]
        for name, where in ASKED.items():
            if procedure == where and (where != Id.INTERCEPTED or text.startswith("garrison")):
                seen[name] += 1
        for word in WATCHED:
            if text.startswith(word) and text not in ("garrison 0", "no sortie"):
                seen[word] += 1
        state.apply_action(action)
        if state.stack:
            most = max(most, sum(1 for p in italy if base.province_controller(state, p) == CARTHAGE))
    outcome = state.reason
    if outcome.startswith("end of game"):
        outcome = f"end of game, {('rome', 'carthage')[state.winner]} wins"
    return outcome, seen, most


def _batch(args: tuple[list[int], tuple[str, str]]) -> list[tuple[str, Counter[str], int]]:
    seeds, policies = args
    return [one(s, policies) for s in seeds]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=7000)
    parser.add_argument("--rome", default="fuzz", help="fuzz or an agent spec")
    parser.add_argument("--carthage", default="fuzz", help="fuzz or an agent spec")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    policies = (args.rome, args.carthage)
    game = legatus.load("hannibal")
    for p in policies:
        if p != "fuzz":
            make_agent(game, p)  # a bad spec stops here with the valid ones named
    seeds = list(range(args.seed, args.seed + args.games))
    chunks = [(seeds[i::args.jobs], policies) for i in range(args.jobs)]
    start = time.perf_counter()
    with ProcessPoolExecutor(args.jobs) as pool:
        results = [r for batch in pool.map(_batch, chunks) for r in batch]
    endings = Counter(outcome for outcome, _, _ in results)
    decisions: Counter[str] = Counter()
    games_with: Counter[str] = Counter()
    for _, seen, _ in results:
        decisions.update(seen)
        games_with.update(seen.keys())
    print(f"hannibal, {args.games} games (rome {args.rome}, carthage {args.carthage}, "
          f"seeds {seeds[0]}-{seeds[-1]}), {time.perf_counter() - start:.0f} s:")
    for outcome in (*ENDINGS, *sorted(set(endings) - set(ENDINGS))):
        print(f"  {endings[outcome]:6d}  {outcome}")
    italy = Counter(most for _, _, most in results)
    print("  games by the most Italian provinces Carthage held at once (H110 needs all 6): "
          + ", ".join(f"{k}: {italy[k]}" for k in range(7)))
    for word in (*WATCHED, *ASKED):
        print(f"  '{word}': {decisions[word]} times in {games_with[word]} games")


if __name__ == "__main__":
    main()
