"""Hispania's heuristic (bots.py) at an earlier commit against the working tree's, side by side in
one process: heuristic games (steps per CPU second) and the flat search's decisions, whose
rollouts the heuristic plays (simulations per CPU second), rounds interleaved; and whether the
two play the same games and choose the same moves.

On these shared machines two runs of one benchmark differ by a fifth or more, so a change of a
quarter shows only side by side. The earlier bots.py is read from git and loaded beside the
current one, in the same package: both run on the working tree's rules engine.

Usage: python benchmarks/hispania_heuristic_ab.py --commit 59cb88d [--games 20] [--positions 6]
           [--simulations 400] [--rounds 5]
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

from harness import Case, header, measure, report, sample
from hispania_headroom import positions

import legatus
from legatus.core.flat import FlatAgent
from legatus.games.hispania import bots
from legatus.games.hispania.state import HispaniaState

ROOT = Path(__file__).resolve().parent.parent
LEVELS = {"easiest": "7-5-4-5-1", "default": "6-4-3-4-2"}


def bots_at(commit: str) -> ModuleType:
    """legatus/games/hispania/bots.py as it was at ``commit``, a module of today's package."""
    try:
        source = subprocess.run(["git", "show", f"{commit}:legatus/games/hispania/bots.py"], cwd=ROOT, check=True,
                                capture_output=True, text=True).stdout
    except subprocess.CalledProcessError as error:
        sys.exit(f"--commit {commit}: git cannot show bots.py there ({error.stderr.strip()})")
    name = "legatus.games.hispania._bots_at_commit"
    spec = importlib.util.spec_from_loader(name, loader=None)
    assert spec is not None
    module = importlib.util.module_from_spec(spec)
    module.__package__ = "legatus.games.hispania"
    sys.modules[name] = module
    exec(compile(source, f"{commit}:legatus/games/hispania/bots.py", "exec"), module.__dict__)
    return module


def games(agent_class: Any, level: str, n: int, played: dict[int, list[int]]) -> Case:
    """``n`` seeded heuristic games a round; the actions of round r go into ``played[r]``."""
    game = legatus.load("hispania", level=level)

    def case(r: int) -> int:
        steps = 0
        actions = played[r] = []
        for i in range(n):
            seed = r * n + i
            rng = random.Random(seed)
            agent = agent_class(game, seed)
            state = game.new_initial_state()
            while not state.is_terminal():
                action = sample(state.chance_outcomes(), rng) if state.is_chance_node() else agent.choose(state)
                actions.append(action)
                state.apply_action(action)
                steps += 1
        return steps

    return case


def decisions(agent_class: Any, states: list[HispaniaState], simulations: int, chosen: dict[int, list[int]]) -> Case:
    """The flat search over ``agent_class``'s rollouts decides at every position a round (round
    r's choices into ``chosen[r]``)."""

    def case(r: int) -> int:
        done = 0
        moves = chosen[r] = []
        for i, state in enumerate(states):
            seed = r * len(states) + i
            agent = FlatAgent(state.game, simulations=simulations, rollout=agent_class(state.game, seed + 1), seed=seed)
            moves.append(agent.choose(state.clone()))
            done += agent.last_simulations
        return done

    return case


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--commit", required=True, help="the earlier commit (any git revision)")
    parser.add_argument("--games", type=int, default=20, help="heuristic games a level, version and round")
    parser.add_argument("--positions", type=int, default=6, help="flat decisions a level, version and round")
    parser.add_argument("--simulations", type=int, default=400)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    header(__doc__, {"commit": args.commit, "games": args.games, "positions": args.positions,
                     "simulations": args.simulations, "rounds": args.rounds})
    versions = {args.commit: bots_at(args.commit).HeuristicAgent, "working tree": bots.HeuristicAgent}
    played: dict[str, dict[int, list[int]]] = {}  # case: round: actions
    chosen: dict[str, dict[int, list[int]]] = {}
    game_cases: dict[str, Case] = {}
    flat_cases: dict[str, Case] = {}
    for name, level in LEVELS.items():
        states = positions(level, "heuristic", args.positions)  # hispania_choices.py's decisions
        for version, agent_class in versions.items():
            case = f"{name}, {version}"
            game_cases[case] = games(agent_class, level, args.games, played.setdefault(case, {}))
            flat_cases[case] = decisions(agent_class, states, args.simulations, chosen.setdefault(case, {}))
    for title, unit, cases in (("heuristic games", "steps", game_cases),
                               (f"flat+heuristic:{args.simulations} decisions", "sims", flat_cases)):
        rates = measure(cases, args.rounds)
        report(title, unit, rates)
        print("  working tree / " + args.commit + " (CPU): " + ", ".join(
            f"{name} {rates[f'{name}, working tree'].median() / rates[f'{name}, {args.commit}'].median():.2f}"
            for name in LEVELS))
    for what, unit, record in (("the same games", "actions", played), ("the same moves chosen", "decisions", chosen)):
        pairs = [(record[f"{name}, {args.commit}"], record[f"{name}, working tree"]) for name in LEVELS]
        same = all(old == new for old, new in pairs)
        count = sum(len(actions) for _, new in pairs for actions in new.values())
        print(f"{what}: {'yes' if same else 'NO'} ({count} {unit} each)")


if __name__ == "__main__":
    main()
