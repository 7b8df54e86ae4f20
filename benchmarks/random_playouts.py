"""Random-playout speed of a game: steps (applied actions, dice included) per second and
games per second, on one core. Usage: python benchmarks/random_playouts.py [GAME] [--games N]

A step is one legal_actions()/chance_outcomes() call, one choice and one apply_action(),
as a random agent plays; nothing else (no invariant checks, no views).
"""

from __future__ import annotations

import argparse
import platform
import random
import time

import legatus
from legatus.core.session import sample_outcome


def playout(game: legatus.Game, rng: random.Random) -> int:
    state = game.new_initial_state()
    steps = 0
    while not state.is_terminal():
        if state.is_chance_node():
            action = sample_outcome(state, rng)
        else:
            action = rng.choice(state.legal_actions())
        state.apply_action(action)
        steps += 1
    return steps


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="?", default="hispania")
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--level", default=None, help="a fixed level (default: each game a random one)")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    if args.game == "hispania":
        from legatus.games.hispania.level import all_levels

        levels = [str(level) for level in all_levels()] if args.level is None else [args.level]
        games = {lv: legatus.load("hispania", level=lv) for lv in levels}
        pick = lambda: games[rng.choice(levels)]  # noqa: E731
    else:
        one = legatus.load(args.game)
        pick = lambda: one  # noqa: E731
    start = time.perf_counter()
    steps = sum(playout(pick(), rng) for _ in range(args.games))
    elapsed = time.perf_counter() - start
    print(f"{args.game}: {args.games} random games, {steps} steps in {elapsed:.2f} s on one core "
          f"({platform.python_implementation()} {platform.python_version()}, {platform.machine()})")
    print(f"  {steps / elapsed:,.0f} steps/s   {args.games / elapsed:,.1f} games/s   "
          f"{steps / args.games:.1f} steps/game")


if __name__ == "__main__":
    main()
