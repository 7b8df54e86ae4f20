"""The temperature of VIAE's value (``bots.win_chances``) fitted to heuristic games: positions
taken every ``--every`` actions of seeded heuristic games (2, 3 and 4 players), each seat's
public value there and its return at the end; the temperature ``a + b * rounds left`` that
gives the returns the highest likelihood (a grid), its log loss beside the even share's.

Usage: python benchmarks/viae_value.py [--games 6] [--players 2,3,4] [--every 25]
"""

from __future__ import annotations

import argparse
import math
import random
import time

import legatus
from legatus.core.agents import decide, make_agent
from legatus.core.session import sample_outcome
from legatus.games.viae.bots import win_chances
from legatus.games.viae.state import ViaeState

Sample = tuple[ViaeState, list[float]]  # a position, the returns at the end


def positions(players: int, games: int, every: int) -> list[Sample]:
    game = legatus.load("viae", players=players)
    out: list[Sample] = []
    for g in range(games):
        rng = random.Random(1000 + g)
        agents = [make_agent(game, "heuristic", seed=g * 10 + s) for s in range(players)]
        state = game.new_initial_state()
        taken = []
        while not state.is_terminal():
            if len(state.history()) % every == 0 and state.round > 0:
                taken.append(state.clone())
            if state.is_chance_node():
                state.apply_action(sample_outcome(state, rng))
            else:
                state.apply_action(decide(agents[state.current_player()], state, rng))
        out += [(s, state.returns()) for s in taken if isinstance(s, ViaeState)]
    return out


def log_loss(samples: list[Sample], temperature: tuple[float, float] | None) -> float:
    """Mean cross-entropy of the returns against the chances (None: the even share)."""
    total = 0.0
    for state, returns in samples:
        n = len(returns)
        chances = [1 / n] * n if temperature is None else win_chances(state, temperature)
        total -= sum(r * math.log(max(c, 1e-9)) for r, c in zip(returns, chances, strict=True))
    return total / len(samples)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6, help="games a player count")
    parser.add_argument("--players", default="2,3,4")
    parser.add_argument("--every", type=int, default=25, help="actions between two positions taken")
    args = parser.parse_args()
    cpu = time.process_time()
    samples: list[Sample] = []
    for players in (int(p) for p in args.players.split(",")):
        samples += positions(players, args.games, args.every)
    grid = [(a, b) for a in (1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 8.0) for b in (0.0, 0.25, 0.5, 0.75, 1.0, 1.5)]
    fits = sorted((log_loss(samples, t), t) for t in grid)
    print(f"{len(samples)} positions of {args.games} heuristic games each of {args.players} players "
          f"({time.process_time() - cpu:.0f} CPU s); log loss, even share {log_loss(samples, None):.3f}")
    for loss, (a, b) in fits[:5]:
        print(f"  temperature {a} + {b} x rounds left: log loss {loss:.3f}")


if __name__ == "__main__":
    main()
