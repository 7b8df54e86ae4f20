"""Agent speed on one core: heuristic games per second at three levels, and MCTS
simulations per second from a fixed position (random and heuristic rollouts).

Usage: python benchmarks/agents.py [--games 200] [--simulations 200]
"""

from __future__ import annotations

import argparse
import platform
import random
import time

import legatus
from legatus.core.agents import make_agent
from legatus.core.session import sample_outcome

LEVELS = {"easiest": "7-5-4-5-1", "medium": "6-4-3-4-2", "hardest": "5-3-2-3-3"}


def heuristic_games(level: str, games: int) -> tuple[float, float, float]:
    game = legatus.load("hispania", level=level)
    steps = wins = 0
    start = time.perf_counter()
    for seed in range(games):
        rng = random.Random(seed)
        agent = make_agent(game, "heuristic", seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(sample_outcome(state, rng) if state.is_chance_node() else agent.choose(state))
            steps += 1
        wins += state.returns()[0] > 0
    elapsed = time.perf_counter() - start
    return games / elapsed, steps / elapsed, wins / games


def a_position() -> legatus.State:
    """The first Roman decision of a seeded medium game."""
    game = legatus.load("hispania")
    state = game.new_initial_state()
    rng = random.Random(4)
    agent = make_agent(game, "heuristic", 4)
    while state.is_chance_node() or state.phase_name() != "Roman phase":
        state.apply_action(sample_outcome(state, rng) if state.is_chance_node() else agent.choose(state))
    return state


def mcts_rate(spec: str, state: legatus.State) -> float:
    agent = make_agent(state.game, spec, seed=1)
    start = time.perf_counter()
    agent.choose(state)
    return agent.last_simulations / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--simulations", type=int, default=200)
    args = parser.parse_args()
    print(f"one core, CPython {platform.python_version()} on {platform.machine()}")
    for name, level in LEVELS.items():
        games_s, steps_s, win_rate = heuristic_games(level, args.games)
        print(f"heuristic, {name} level {level}: {games_s:,.1f} games/s, {steps_s:,.0f} steps/s "
              f"(win rate {win_rate:.1%} over {args.games} games)")
    state = a_position()
    for spec in (f"mcts:{args.simulations * 5}", f"mcts+heuristic:{args.simulations}"):
        print(f"{spec}: {mcts_rate(spec, state):,.0f} simulations/s")


if __name__ == "__main__":
    main()
