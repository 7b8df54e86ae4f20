"""Fits Hispania's value model (legatus/games/hispania/value.py) on heuristic games and writes
its weights to legatus/games/hispania/data/value.toml.

Usage: python tools/train_hispania_value.py [--games 6000] [--seed 1]

Positions are taken at the start of every Roman phase of games played by the heuristic agent
over the levels where it sometimes wins (7 or 6 denarii); each is labelled with the game's
result. A logistic regression is fitted by Newton's method; the report gives its accuracy
and log-loss on a held-out quarter of the games.
"""

from __future__ import annotations

import argparse
import random
from pathlib import Path

import numpy as np

import legatus
from legatus.core.agents import make_agent
from legatus.core.session import sample_outcome
from legatus.games.hispania.level import all_levels
from legatus.games.hispania.value import FEATURES, features

OUT = Path(__file__).resolve().parent.parent / "legatus" / "games" / "hispania" / "data" / "value.toml"


def collect(games: int, seed: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    rng = random.Random(seed)
    levels = [str(level) for level in all_levels() if level.denarii >= 6]
    rows, labels, game_ids = [], [], []
    for g in range(games):
        game = legatus.load("hispania", level=rng.choice(levels))
        agent = make_agent(game, "heuristic", g)
        state = game.new_initial_state()
        start = len(rows)
        phase_start = True
        while not state.is_terminal():
            if state.phase_name() == "Roman phase" and phase_start:
                rows.append(features(state))
            phase_start = state.phase_name() != "Roman phase"
            state.apply_action(sample_outcome(state, rng) if state.is_chance_node() else agent.choose(state))
        won = state.returns()[0] > 0
        labels += [float(won)] * (len(rows) - start)
        game_ids += [g] * (len(rows) - start)
    return np.array(rows), np.array(labels), np.array(game_ids)


def fit(x: np.ndarray, y: np.ndarray, ridge: float = 1e-3) -> np.ndarray:
    w = np.zeros(x.shape[1])
    for _ in range(50):
        p = 1 / (1 + np.exp(-x @ w))
        gradient = x.T @ (p - y) + ridge * w
        hessian = (x * (p * (1 - p))[:, None]).T @ x + ridge * np.eye(len(w))
        step = np.linalg.solve(hessian, gradient)
        w -= step
        if np.abs(step).max() < 1e-8:
            break
    return w


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    x, y, ids = collect(args.games, args.seed)
    train = ids % 4 != 0
    w = fit(x[train], y[train])
    p = 1 / (1 + np.exp(-x[~train] @ w))
    accuracy = ((p > 0.5) == (y[~train] > 0.5)).mean()
    eps = 1e-9
    loss = -(y[~train] * np.log(p + eps) + (1 - y[~train]) * np.log(1 - p + eps)).mean()
    base = y[train].mean()
    base_loss = -(y[~train] * np.log(base) + (1 - y[~train]) * np.log(1 - base)).mean()
    print(f"{len(y)} positions from {args.games} games; held out: accuracy {accuracy:.3f}, "
          f"log-loss {loss:.3f} (a constant {base:.3f}: {base_loss:.3f})")
    w = fit(x, y)
    lines = ["# Hispania's value model: logistic weights over value.FEATURES.",
             f"# Written by tools/train_hispania_value.py --games {args.games} --seed {args.seed}.",
             f"# Held-out accuracy {accuracy:.3f}, log-loss {loss:.3f} (constant: {base_loss:.3f}).",
             "", "[weights]"]
    lines += [f"{name} = {value:.6f}" for name, value in zip(FEATURES, w, strict=True)]
    OUT.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"weights in {OUT}")


if __name__ == "__main__":
    main()
