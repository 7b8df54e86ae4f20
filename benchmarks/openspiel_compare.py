"""legatus next to OpenSpiel, in one run on one core:

1. MCTS: legatus's own `MCTSAgent` (random rollouts) and OpenSpiel's Python `MCTSBot` (one
   random rollout per leaf) on Hispania through the OpenSpiel adapter, the same number of
   simulations from the same positions: simulations per second.
2. Random playouts: Hispania natively and through the adapter, and OpenSpiel's C++
   `backgammon` driven from Python: steps (actions applied, dice included) per second.

Usage: python benchmarks/openspiel_compare.py [--simulations 200] [--positions 5] [--games 200]
"""

from __future__ import annotations

import argparse
import random
import time

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts

import legatus
import legatus.adapters.openspiel  # noqa: F401  (registers legatus_hispania)
from legatus.core.mcts import MCTSAgent
from legatus.core.session import sample_outcome


def positions(count: int) -> list[list[int]]:
    """Histories of the first Roman decisions of seeded medium games."""
    game = legatus.load("hispania")
    found = []
    for seed in range(count):
        rng = random.Random(seed)
        state = game.new_initial_state()
        while state.is_chance_node() or state.phase_name() != "Roman phase":
            choice = sample_outcome(state, rng) if state.is_chance_node() else rng.choice(state.legal_actions())
            state.apply_action(choice)
        found.append([int(a) for a in state.history()])
    return found


def mcts_rates(simulations: int, histories: list[list[int]]) -> tuple[float, float]:
    game = legatus.load("hispania")
    spiel = pyspiel.load_game("legatus_hispania")
    ours = theirs = 0.0
    for i, history in enumerate(histories):
        state = game.new_initial_state()
        for a in history:
            state.apply_action(a)
        agent = MCTSAgent(game, simulations=simulations, seed=i, width=None)
        start = time.perf_counter()
        agent.choose(state)
        ours += time.perf_counter() - start
        spiel_state = spiel.new_initial_state()
        for a in history:
            spiel_state.apply_action(a)
        rng = np.random.RandomState(i)
        bot = mcts.MCTSBot(spiel, 1.4, simulations, mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
        start = time.perf_counter()
        bot.step(spiel_state)
        theirs += time.perf_counter() - start
    total = simulations * len(histories)
    return total / ours, total / theirs


def playouts(load, games: int) -> float:
    rng = np.random.RandomState(0)
    steps = 0
    start = time.perf_counter()
    for _ in range(games):
        state = load()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(outcomes[rng.choice(len(outcomes), p=probabilities)]))
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.randint(len(legal))])
            steps += 1
    return steps / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--simulations", type=int, default=200)
    parser.add_argument("--positions", type=int, default=5)
    parser.add_argument("--games", type=int, default=200)
    args = parser.parse_args()
    ours, theirs = mcts_rates(args.simulations, positions(args.positions))
    print(f"MCTS on Hispania, {args.simulations} simulations a decision, random rollouts, {args.positions} positions:")
    print(f"  legatus MCTSAgent:         {ours:,.0f} simulations/s")
    print(f"  OpenSpiel MCTSBot (Python): {theirs:,.0f} simulations/s (through legatus.adapters.openspiel)")
    hispania = legatus.load("hispania")
    spiel = pyspiel.load_game("legatus_hispania")
    backgammon = pyspiel.load_game("backgammon")
    print(f"random playouts, {args.games} games each, driven from Python:")
    print(f"  Hispania (legatus, native):     {playouts(hispania.new_initial_state, args.games):,.0f} steps/s")
    print(f"  Hispania (through OpenSpiel):   {playouts(spiel.new_initial_state, args.games):,.0f} steps/s")
    print(f"  backgammon (OpenSpiel C++):     {playouts(backgammon.new_initial_state, args.games):,.0f} steps/s")


if __name__ == "__main__":
    main()
