"""What a search could gain over the heuristic at a Roman decision, if it told its candidates
apart: each candidate tried on many futures, the same futures for every candidate (common
random numbers), and valued as the search values a simulation (the rollout agent plays
--horizon actions, then the value model).

Positions are Roman decisions with a choice in seeded games of the agent at a level, each taken
with a chance of 1/8, at most three a game (so that they come from many games).
At each, the candidates are the agent's --width favourites. The best is chosen on the first
half of the futures and measured on the other half, so that the luck that made it look best
does not count (the largest of several noisy means is biased upwards); its gain is its win
chance there less the favourite's. A mean gain near 0 says that no search among these
candidates, however many simulations, would choose better than the favourite.

Usage: python benchmarks/hispania_headroom.py [--level default] [--positions 40] [--futures 200]
       [--horizon 40] [--width 4] [--agent tuned]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import legatus
from legatus.core.actions import Action
from legatus.core.agents import make_agent
from legatus.core.mcts import rollout
from legatus.core.session import sample_outcome
from legatus.games.hispania.bots import HeuristicAgent
from legatus.games.hispania.state import HispaniaState


def positions(level: str, agent_spec: str, count: int) -> list[HispaniaState]:
    """Roman decisions with a choice, each taken with a chance of 1/8, at most 3 a game."""
    game = legatus.load("hispania", level=level)
    agent = make_agent(game, agent_spec, 1)
    rng = random.Random(5)
    taken: list[HispaniaState] = []
    while len(taken) < count:
        state = game.new_initial_state()
        this_game = 0
        while not state.is_terminal() and len(taken) < count and this_game < 3:
            if state.is_chance_node():
                state.apply_action(sample_outcome(state, rng))
                continue
            if state.current_player() == 0 and len(state.legal_actions()) > 1 and rng.random() < 1 / 8:
                taken.append(state.clone())
                this_game += 1
            state.apply_action(agent.choose(state))
    return taken


def future(state: HispaniaState, action: Action, k: int, agent: HeuristicAgent, horizon: int) -> float:
    """The Romans' win chance after ``action`` on the k-th future (its dice and the agent's ties)."""
    after = state.clone()
    after.apply_action(action)
    agent.rng.seed(k)
    return (rollout(after, random.Random(k), agent, agent, horizon)[0] + 1) / 2


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", default="default")
    parser.add_argument("--agent", default="tuned", help="the heuristic agent that ranks, plays and values")
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--futures", type=int, default=200)
    parser.add_argument("--horizon", type=int, default=40)
    parser.add_argument("--width", type=int, default=4)
    args = parser.parse_args()
    start = time.process_time()
    game = legatus.load("hispania", level=args.level)
    ranker, player = make_agent(game, args.agent, 1), make_agent(game, args.agent, 2)
    assert isinstance(ranker, HeuristicAgent) and isinstance(player, HeuristicAgent)
    half = args.futures // 2
    gains, errors, favourite_best = [], [], 0
    for state in positions(args.level, args.agent, args.positions):
        candidates = ranker.rank(state)[:args.width]
        values = [[future(state, a, k, player, args.horizon) for k in range(args.futures)] for a in candidates]
        pick = max(range(len(candidates)), key=lambda i: statistics.mean(values[i][:half]))
        favourite_best += pick == 0
        gains.append(statistics.mean(values[pick][half:]) - statistics.mean(values[0][half:]))
        errors.append(statistics.stdev(values[0]) / args.futures ** 0.5)
        print(f"round {state.round} turn {state.turn}, {len(candidates)} candidates: favourite "
              f"{statistics.mean(values[0]):.4f}, chosen #{pick + 1} {statistics.mean(values[pick]):.4f}", flush=True)
    mean, spread = statistics.mean(gains), statistics.stdev(gains) / len(gains) ** 0.5
    print(f"{args.level}, {len(gains)} positions, {args.width} candidates, {args.futures} futures each: gain of the "
          f"best over the favourite {mean:+.4f} ± {spread:.4f} (mean ± its standard error; median "
          f"{statistics.median(gains):+.4f}); the favourite chosen at {favourite_best}; the favourite's own "
          f"standard error, median {statistics.median(errors):.4f}; {time.process_time() - start:.0f} CPU s")


if __name__ == "__main__":
    main()
