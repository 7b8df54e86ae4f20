"""Agent speed on one core: search simulations per second from one fixed position a game, in
one table: Hispania's MCTS with random rollouts, heuristic rollouts with the value model (horizon
40) and the planner's (horizon 10), ``--simulations`` each; VIAE's IS-MCTS (its first turn choice
of a 3-player game) with random rollouts and with heuristic rollouts valued at the heuristic's
horizon, ``--viae-simulations`` each; then Hispania's heuristic games (steps per second) at three
levels. Cases interleaved and repeated.

Usage: python benchmarks/agents.py [--games 100] [--simulations 200] [--rounds 5] [--viae-simulations 20]
           [--only-searches]
"""

from __future__ import annotations

import argparse
import random

from harness import Case, header, measure, report, sample

import legatus
from legatus.core.agents import decide, make_agent

LEVELS = {"easiest": "7-5-4-5-1", "medium": "6-4-3-4-2", "hardest": "5-3-2-3-3"}


def heuristic_games(level: str, games: int) -> Case:
    game = legatus.load("hispania", level=level)

    def case(r: int) -> int:
        steps = 0
        for i in range(games):
            seed = r * games + i
            rng = random.Random(seed)
            agent = make_agent(game, "heuristic", seed)
            state = game.new_initial_state()
            while not state.is_terminal():
                state.apply_action(sample(state.chance_outcomes(), rng) if state.is_chance_node()
                                   else agent.choose(state))
                steps += 1
        return steps

    return case


def a_position() -> legatus.State:
    """The first Roman decision of a seeded medium game."""
    game = legatus.load("hispania")
    state = game.new_initial_state()
    rng = random.Random(4)
    agent = make_agent(game, "heuristic", 4)
    while state.is_chance_node() or state.phase_name() != "Roman phase":
        state.apply_action(sample(state.chance_outcomes(), rng) if state.is_chance_node() else agent.choose(state))
    return state


def a_viae_position(players: int = 3) -> legatus.State:
    """The first decision of a seeded VIAE game with more than three choices (heuristic play)."""
    game = legatus.load("viae", players=players)
    state = game.new_initial_state()
    rng = random.Random(4)
    agents = [make_agent(game, "heuristic", s) for s in range(players)]
    while state.is_chance_node() or len(state.legal_actions()) <= 3:
        state.apply_action(sample(state.chance_outcomes(), rng) if state.is_chance_node()
                           else decide(agents[state.current_player()], state, rng))
    return state


def searches(spec: str, state: legatus.State) -> Case:
    def case(r: int) -> int:
        agent = make_agent(state.game, spec, seed=r)
        agent.choose(state)
        return int(agent.last_simulations)

    return case


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--simulations", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--viae-simulations", type=int, default=20)
    parser.add_argument("--only-searches", action="store_true", help="the searches only (no heuristic games)")
    args = parser.parse_args()
    header(__doc__, {"games a round": args.games, "simulations": args.simulations, "rounds": args.rounds,
                     "VIAE simulations": args.viae_simulations})
    hispania, viae = a_position(), a_viae_position()
    cases = {f"Hispania {s}": searches(s, hispania)
             for s in (f"mcts:{args.simulations}", f"mcts+heuristic:{args.simulations}", f"planner:{args.simulations}")}
    cases |= {f"VIAE {s}": searches(s, viae)
              for s in (f"ismcts:{args.viae_simulations}", f"ismcts+heuristic:{args.viae_simulations}")}
    report("searches from one position: Hispania (MCTS, perfect information), VIAE (IS-MCTS, 3 players)", "sims",
           measure(cases, args.rounds), anchor=f"Hispania mcts+heuristic:{args.simulations}")
    if args.only_searches:
        return
    games = {f"heuristic, {name} {level}": heuristic_games(level, args.games) for name, level in LEVELS.items()}
    report("heuristic games", "steps", measure(games, args.rounds))


if __name__ == "__main__":
    main()
