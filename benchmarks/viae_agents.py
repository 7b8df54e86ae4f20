"""VIAE: the heuristic agent against random play, seats rotated, and random-playout speed.

    python benchmarks/viae_agents.py [games]
"""

from __future__ import annotations

import math
import random
import sys
import time

import legatus
from legatus.core.agents import decide, make_agent
from legatus.core.session import sample_outcome


def match(players: int, games: int) -> tuple[float, float]:
    wins = 0.0
    for g in range(games):
        game = legatus.load("viae", players=players)
        hero = g % players  # rotate the heuristic's seat
        agents = [make_agent(game, "heuristic" if s == hero else "random", seed=g * 10 + s) for s in range(players)]
        rng = random.Random(g)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sample_outcome(state, rng))
            else:
                state.apply_action(decide(agents[state.current_player()], state, rng))
        wins += state.returns()[hero]
    rate = wins / games
    return rate, 1.96 * math.sqrt(max(rate * (1 - rate), 1e-9) / games)


def playout_speed(seconds: float = 5.0) -> float:
    rng = random.Random(0)
    steps, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = legatus.load("viae", players=rng.randint(2, 5)).new_initial_state()
        while not state.is_terminal():
            state.apply_action(sample_outcome(state, rng) if state.is_chance_node()
                               else rng.choice(state.legal_actions()))
            steps += 1
    return steps / (time.perf_counter() - start)


if __name__ == "__main__":
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    print(f"random playouts: {playout_speed():,.0f} steps/s")
    for players in (2, 3, 4):
        rate, half = match(players, games)
        print(f"{players} players: heuristic wins {rate:.0%} ± {half:.0%} of {games} games "
              f"(random's share {1 / players:.0%})")
