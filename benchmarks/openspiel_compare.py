"""MCTS simulations per second: legatus's `MCTSAgent` (uniformly random rollouts, every legal
action a child) and the anchor, OpenSpiel's Python `MCTSBot` (one random rollout a leaf) on
Hispania through legatus's OpenSpiel adapter: the same positions, the same number of
simulations a decision, on one core.

The positions are the first Roman decisions of seeded medium games (6-4-3-4-2). A round
searches every position once with each, interleaved; each round seeds both searches anew.

Usage: python benchmarks/openspiel_compare.py [--simulations 200] [--positions 5] [--rounds 5]
"""

from __future__ import annotations

import argparse
import random

import numpy as np
import pyspiel
from harness import Case, header, measure, report, sample
from open_spiel.python.algorithms import mcts

import legatus
import legatus.adapters.openspiel  # noqa: F401  (registers legatus_hispania)
from legatus.core.mcts import MCTSAgent

ANCHOR = "OpenSpiel MCTSBot via the adapter"


def positions(count: int) -> list[list[int]]:
    """Histories of the first Roman decisions of seeded medium games."""
    game = legatus.load("hispania")
    found = []
    for seed in range(count):
        rng = random.Random(seed)
        state = game.new_initial_state()
        while state.is_chance_node() or state.phase_name() != "Roman phase":
            state.apply_action(sample(state.chance_outcomes(), rng) if state.is_chance_node()
                               else rng.choice(state.legal_actions()))
        found.append([int(a) for a in state.history()])
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--simulations", type=int, default=200)
    parser.add_argument("--positions", type=int, default=5)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    header(__doc__, {"simulations a decision": args.simulations, "positions": args.positions, "rounds": args.rounds})
    game = legatus.load("hispania")
    spiel = pyspiel.load_game("legatus_hispania")
    histories = positions(args.positions)
    ours = []
    theirs = []
    for history in histories:
        state = game.new_initial_state()
        spiel_state = spiel.new_initial_state()
        for a in history:
            state.apply_action(a)
            spiel_state.apply_action(a)
        ours.append(state)
        theirs.append(spiel_state)

    def legatus_case(r: int) -> int:
        for i, state in enumerate(ours):
            MCTSAgent(game, simulations=args.simulations, seed=r * 1000 + i, width=None).choose(state)
        return args.simulations * len(ours)

    def openspiel_case(r: int) -> int:
        for i, state in enumerate(theirs):
            rng = np.random.RandomState(r * 1000 + i)
            bot = mcts.MCTSBot(spiel, 1.4, args.simulations, mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
            bot.step(state)
        return args.simulations * len(theirs)

    cases: dict[str, Case] = {ANCHOR: openspiel_case, "legatus MCTSAgent": legatus_case}
    report("MCTS on Hispania, random rollouts", "sims", measure(cases, args.rounds), ANCHOR)


if __name__ == "__main__":
    main()
