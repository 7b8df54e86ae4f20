"""Fits Hispania's value model (legatus/games/hispania/value.py) on an agent's games and writes
its weights to legatus/games/hispania/data/value.toml.

Usage: python tools/train_hispania_value.py [--games 6000] [--seed 1] [--agent heuristic]
                                            [--levels 7-5-4-5-1,6-4-3-4-2] [--no-write]

Positions are taken at the start of every Roman phase of games played by the agent (the
heuristic, unless told) over the levels given, else those where the heuristic sometimes wins
(7 or 6 denarii); each is labelled with the game's result. A logistic regression is fitted by
Newton's method. The report gives its accuracy and log-loss on a held-out quarter of the
games and, for five levels or fewer, at each level for the shipped model and the refit: the
log-loss, the AUC (the chance that a won game's position is rated above a lost one's) and the
AUC among positions at the same time on the track (what a search compares: positions of one
moment of a game, not an early one against a late one).
``--no-write`` reports without writing the weights.
"""

from __future__ import annotations

import argparse
import random
from pathlib import Path

import numpy as np

import legatus
from legatus.core.agents import make_agent
from legatus.core.errors import OptionError
from legatus.core.session import sample_outcome
from legatus.games.hispania.level import Level, all_levels
from legatus.games.hispania.value import FEATURES, features, weights

OUT = Path(__file__).resolve().parent.parent / "legatus" / "games" / "hispania" / "data" / "value.toml"
TIME = FEATURES.index("time")


def collect(games: int, seed: int, agent_spec: str, levels: list[str]) -> tuple[np.ndarray, ...]:
    """Positions, labels, game numbers and the level (its index in ``levels``) of each."""
    rng = random.Random(seed)
    rows, labels, game_ids, level_ids = [], [], [], []
    for g in range(games):
        level = rng.randrange(len(levels))
        game = legatus.load("hispania", level=levels[level])
        agent = make_agent(game, agent_spec, g)
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
        level_ids += [level] * (len(rows) - start)
    return np.array(rows), np.array(labels), np.array(game_ids), np.array(level_ids)


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


def chance(x: np.ndarray, w: np.ndarray) -> np.ndarray:
    return 1 / (1 + np.exp(-np.clip(x @ w, -30, 30)))  # clipped as value.roman_win_chance


def log_loss(p: np.ndarray, y: np.ndarray) -> float:
    p = np.clip(p, 1e-9, 1 - 1e-9)
    return float(-(y * np.log(p) + (1 - y) * np.log(1 - p)).mean())


def auc(p: np.ndarray, y: np.ndarray) -> float:
    """The chance that a position of a won game is rated above one of a lost game (ties half)."""
    _, inverse, counts = np.unique(p, return_inverse=True, return_counts=True)
    ranks = (np.cumsum(counts) - (counts - 1) / 2)[inverse]  # mid-ranks
    won = y > 0.5
    n1, n0 = int(won.sum()), int((~won).sum())
    return float((ranks[won].sum() - n1 * (n1 + 1) / 2) / (n1 * n0)) if n1 and n0 else float("nan")


def auc_at_same_time(p: np.ndarray, y: np.ndarray, time: np.ndarray) -> float:
    """The AUC within each time on the track (with 5 wins and 5 losses at least), weighted by
    its positions."""
    masks = [time == t for t in np.unique(time)]
    parts = [(int(m.sum()), auc(p[m], y[m])) for m in masks if y[m].sum() >= 5 and (1 - y[m]).sum() >= 5]
    total = sum(n for n, _ in parts)
    return sum(n * a for n, a in parts) / total if total else float("nan")


def report(x: np.ndarray, y: np.ndarray, levels: list[str], level_ids: np.ndarray,
           models: dict[str, np.ndarray]) -> list[str]:
    lines = []
    for i, level in enumerate(levels):
        m = level_ids == i
        lines.append(f"{level}: {int(m.sum())} held-out positions, won {y[m].mean():.3f}")
        for name, w in models.items():
            p = chance(x[m], w)
            lines.append(f"  {name:10s} log-loss {log_loss(p, y[m]):.4f}  AUC {auc(p, y[m]):.4f}  "
                         f"at the same time {auc_at_same_time(p, y[m], x[m][:, TIME]):.4f}  mean {p.mean():.3f}")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--agent", default="heuristic", help="the agent that plays the games")
    parser.add_argument("--levels", help="comma-separated levels (default: those with 7 or 6 denarii)")
    parser.add_argument("--no-write", action="store_true", help="report only; the weights stay as they are")
    args = parser.parse_args()
    try:
        levels = ([str(Level.parse(v)) for v in args.levels.split(",")] if args.levels else
                  [str(level) for level in all_levels() if level.denarii >= 6])
    except OptionError as e:
        parser.error(f"--levels: {e}")
    x, y, ids, level_ids = collect(args.games, args.seed, args.agent, levels)
    train = ids % 4 != 0
    w = fit(x[train], y[train])
    p = chance(x[~train], w)
    accuracy = ((p > 0.5) == (y[~train] > 0.5)).mean()
    loss = log_loss(p, y[~train])
    base = y[train].mean()
    base_loss = log_loss(np.full(len(p), base), y[~train])
    print(f"{len(y)} positions from {args.games} games of {args.agent}; held out: accuracy {accuracy:.3f}, "
          f"log-loss {loss:.3f} (a constant {base:.3f}: {base_loss:.3f})")
    if len(levels) <= 5:
        print("\n".join(report(x[~train], y[~train], levels, level_ids[~train],
                               {"shipped": np.array(weights()), "refit": w})))
    if args.no_write:
        return
    w = fit(x, y)
    lines = ["# Hispania's value model: logistic weights over value.FEATURES.",
             f"# Written by tools/train_hispania_value.py --games {args.games} --seed {args.seed}"
             + (f" --agent {args.agent}" if args.agent != "heuristic" else "")
             + (f" --levels {args.levels}" if args.levels else "") + ".",
             f"# Held-out accuracy {accuracy:.3f}, log-loss {loss:.3f} (constant: {base_loss:.3f}).",
             "", "[weights]"]
    lines += [f"{name} = {value:.6f}" for name, value in zip(FEATURES, w, strict=True)]
    OUT.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"weights in {OUT}")


if __name__ == "__main__":
    main()
