"""A game's heuristic (its bots.py) at an earlier commit against the working tree's, side by side
in one process: heuristic games (steps per CPU second) and a search's decisions, whose rollouts
the heuristic plays (simulations per CPU second), rounds interleaved; and whether the two play
the same games and choose the same moves. The search is the one the long runs use: Hispania's
flat search (``flat+heuristic:400``), Hannibal's IS-MCTS (``ismcts+heuristic:64``).

On these shared machines two runs of one benchmark differ by a fifth or more, so a change of a
quarter shows only side by side. The earlier bots.py is read from git and loaded beside the
current one, in the same package: both run on the working tree's rules engine.

With ``--along N`` it also plays a seeded game of the search against itself for N decisions,
each decided by both versions in turn (the game goes on with their common choice): the CPU
seconds of decisions as a long run meets them, not only at the positions of heuristic games.

Usage: python benchmarks/heuristic_ab.py --game hispania|hannibal --commit 59cb88d [--games 20]
           [--positions 6] [--simulations N] [--rounds 5] [--along 150]
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import random
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import hannibal_agents
import hispania_headroom
from harness import Case, header, measure, report, sample

import legatus
from legatus.core.flat import FlatAgent
from legatus.core.game import State
from legatus.core.ismcts import ISMCTSAgent

ROOT = Path(__file__).resolve().parent.parent


class Subject:
    """What the comparison needs of a game: its configurations, its decisions and its search."""

    def __init__(self, configs: dict[str, dict[str, Any]], positions: Callable[[str, int], list[State]],
                 search: type[FlatAgent | ISMCTSAgent], simulations: int) -> None:
        self.configs, self.positions, self.search, self.simulations = configs, positions, search, simulations


GAMES = {
    "hispania": Subject({"easiest": {"level": "7-5-4-5-1"}, "default": {"level": "6-4-3-4-2"}},
                        # hispania_choices.py's decisions
                        lambda name, n: list(hispania_headroom.positions(GAMES["hispania"].configs[name]["level"],
                                                                         "heuristic", n)),
                        FlatAgent, 400),
    "hannibal": Subject({"default": {}}, lambda name, n: hannibal_agents.positions(n), ISMCTSAgent, 64),
}


def bots_at(game: str, commit: str) -> ModuleType:
    """legatus/games/<game>/bots.py as it was at ``commit``, a module of today's package."""
    path = f"legatus/games/{game}/bots.py"
    try:
        source = subprocess.run(["git", "show", f"{commit}:{path}"], cwd=ROOT, check=True,
                                capture_output=True, text=True).stdout
    except subprocess.CalledProcessError as error:
        sys.exit(f"--commit {commit}: git cannot show {path} there ({error.stderr.strip()})")
    package = f"legatus.games.{game}"
    name = f"{package}._bots_at_commit"
    spec = importlib.util.spec_from_loader(name, loader=None)
    assert spec is not None
    module = importlib.util.module_from_spec(spec)
    module.__package__ = package
    sys.modules[name] = module
    exec(compile(source, f"{commit}:{path}", "exec"), module.__dict__)
    return module


def games(agent_class: Any, game_name: str, config: dict[str, Any], n: int, played: dict[int, list[int]]) -> Case:
    """``n`` seeded heuristic games a round, one agent for every seat; the actions of round r go
    into ``played[r]``."""
    game = legatus.load(game_name, **config)

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


def decisions(agent_class: Any, search: type[FlatAgent | ISMCTSAgent], states: list[State], simulations: int,
              chosen: dict[int, list[int]]) -> Case:
    """The search over ``agent_class``'s rollouts decides at every position a round (round r's
    choices into ``chosen[r]``)."""

    def case(r: int) -> int:
        done = 0
        moves = chosen[r] = []
        for i, state in enumerate(states):
            seed = r * len(states) + i
            agent = search(state.game, simulations=simulations, rollout=agent_class(state.game, seed + 1), seed=seed)
            moves.append(agent.choose(state.clone()))
            done += agent.last_simulations
        return done

    return case


def along(versions: dict[str, Any], subject: Subject, game_name: str, config: dict[str, Any], simulations: int,
          limit: int) -> tuple[dict[str, float], bool]:
    """Each version's CPU seconds over the first ``limit`` decisions of a seeded game of the
    search against itself (every seat), which version goes first alternating; and whether they
    always chose alike (the game follows the first version's choice)."""
    game = legatus.load(game_name, **config)
    seats = game.num_players()
    agents = {name: [subject.search(game, simulations=simulations, rollout=cls(game, 2 * seat + 1), seed=2 * seat)
                     for seat in range(seats)] for name, cls in versions.items()}
    cpu = dict.fromkeys(versions, 0.0)
    rng = random.Random(0)
    state = game.new_initial_state()
    done, same = 0, True
    while not state.is_terminal() and done < limit:
        if state.is_chance_node():
            state.apply_action(sample(state.chance_outcomes(), rng))
            continue
        legal = state.legal_actions()
        if len(legal) == 1:
            state.apply_action(legal[0])
            continue
        seat = state.current_player()
        order = list(versions) if done % 2 == 0 else list(versions)[::-1]
        chosen = []
        for name in order:
            start = time.process_time()
            chosen.append(agents[name][seat].choose(state))
            cpu[name] += time.process_time() - start
        same = same and chosen[0] == chosen[1]
        state.apply_action(chosen[0])
        done += 1
    return cpu, same


def rounds(args: argparse.Namespace, subject: Subject, versions: dict[str, Any], simulations: int) -> None:
    """The interleaved rounds: heuristic games and the search's decisions, each version."""
    played: dict[str, dict[int, list[int]]] = {}  # case: round: actions
    chosen: dict[str, dict[int, list[int]]] = {}
    game_cases: dict[str, Case] = {}
    search_cases: dict[str, Case] = {}
    for name, config in subject.configs.items():
        states = subject.positions(name, args.positions)
        for version, agent_class in versions.items():
            case = f"{name}, {version}"
            game_cases[case] = games(agent_class, args.game, config, args.games, played.setdefault(case, {}))
            search_cases[case] = decisions(agent_class, subject.search, states, simulations,
                                           chosen.setdefault(case, {}))
    search_name = "flat" if subject.search is FlatAgent else "ismcts"
    for title, unit, cases in (("heuristic games", "steps", game_cases),
                               (f"{search_name}+heuristic:{simulations} decisions", "sims", search_cases)):
        rates = measure(cases, args.rounds)
        report(title, unit, rates)
        print("  working tree / " + args.commit + " (CPU): " + ", ".join(
            f"{name} {rates[f'{name}, working tree'].median() / rates[f'{name}, {args.commit}'].median():.2f}"
            for name in subject.configs))
    for what, unit, record in (("the same games", "actions", played), ("the same moves chosen", "decisions", chosen)):
        pairs = [(record[f"{name}, {args.commit}"], record[f"{name}, working tree"]) for name in subject.configs]
        same = all(old == new for old, new in pairs)
        count = sum(len(actions) for _, new in pairs for actions in new.values())
        print(f"{what}: {'yes' if same else 'NO'} ({count} {unit} each)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=sorted(GAMES), default="hispania")
    parser.add_argument("--commit", required=True, help="the earlier commit (any git revision)")
    parser.add_argument("--games", type=int, default=20, help="heuristic games a configuration, version and round")
    parser.add_argument("--positions", type=int, default=6, help="search decisions a configuration, version and round")
    parser.add_argument("--simulations", type=int, help="the search's budget (default: the long run's)")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--along", type=int, default=0, metavar="N",
                        help="also N decisions of a seeded game of the search against itself, both versions deciding")
    args = parser.parse_args()
    subject = GAMES[args.game]
    simulations = args.simulations or subject.simulations
    header(__doc__, {"game": args.game, "commit": args.commit, "games": args.games, "positions": args.positions,
                     "simulations": simulations, "rounds": args.rounds, "along": args.along})
    current = importlib.import_module(f"legatus.games.{args.game}.bots")
    versions = {args.commit: bots_at(args.game, args.commit).HeuristicAgent, "working tree": current.HeuristicAgent}
    if args.rounds:  # --rounds 0: the game of --along alone
        rounds(args, subject, versions, simulations)
    if args.along:
        for name, config in subject.configs.items():
            cpu, alike = along(versions, subject, args.game, config, simulations, args.along)
            print(f"{args.along} decisions of a game of the search against itself, {name}: CPU s "
                  + ", ".join(f"{version} {seconds:.1f}" for version, seconds in cpu.items())
                  + f"; speed, working tree / {args.commit}: {cpu[args.commit] / cpu['working tree']:.2f}; "
                  + f"the same moves chosen: {'yes' if alike else 'NO'}", flush=True)


if __name__ == "__main__":
    main()
