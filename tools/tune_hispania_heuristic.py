"""Tunes the Hispania heuristic's Roman weights (legatus/games/hispania/weights.py) by the
cross-entropy method on heuristic games, and writes them as the [tuned] table of
legatus/games/hispania/data/weights.toml (the agent `tuned`).

Usage: nice -n 5 python tools/tune_hispania_heuristic.py [--iterations 15] [--population 12]
       [--elites 4] [--games 200] [--levels easiest default] [--seed 1] [--jobs 2]
       [--out tune_hispania.jsonl] [--plot docs/hispania/tuning.png] [--write]

The search is over the logarithm of each weight the base game uses, as a factor of its hand-set
value: a Gaussian, centred on the hand-set values, whose spread narrows around the best
candidates. Every iteration draws --population candidates and plays each one --games games a
level, all of them on the same games (common random numbers: the same seeds, so the same dice
as far as their play keeps the games alike), new games each iteration (so that no candidate is
fitted to a few dice); the hand-set weights and the Gaussian's centre play the same games, so
that the curve compares them on equal terms. A candidate's score is its wins over all its games.
The centre after the last iteration is the tuned table. The games' seeds are derived from
("tune", seed, level, iteration, index), never those of `legatus simulate` or
benchmarks/hispania_agents.py, which measure the result on held-out games.

Each iteration is appended to --out as it ends (the Gaussian, every score): run the command
again with the same --out and it goes on from there; the plot (score per iteration) and, with
--write, the table are made from that file.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import legatus
from legatus.core.session import sample_outcome
from legatus.games.hispania.bots import HeuristicAgent
from legatus.games.hispania.game import HispaniaGame
from legatus.games.hispania.weights import BASE_GAME, Weights, table
from legatus.sim.runner import derive_seed

DATA = Path(__file__).resolve().parent.parent / "legatus" / "games" / "hispania" / "data" / "weights.toml"
TUNED = BASE_GAME  # the games are the base game's: the variants' weights keep their values
MIN_SIGMA = 0.05  # the spread never narrows below a factor of about 5%


def weights_at(mu: list[float]) -> Weights:
    """The hand-set weights, each of TUNED multiplied by exp(its coordinate)."""
    values = table("heuristic").as_dict()
    for name, x in zip(TUNED, mu, strict=True):
        values[name] *= math.exp(x)
    return Weights(**values)


def wins(values: dict[str, float], level: str, seeds: list[int]) -> int:
    """Rome's wins at ``level`` over the games of ``seeds``, played by the heuristic with ``values``."""
    game = legatus.load("hispania", level=level)
    assert isinstance(game, HispaniaGame)
    won = 0
    for seed in seeds:
        rng = random.Random(seed)
        agent = HeuristicAgent(game, derive_seed(seed, 0), weights=Weights(**values))
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(sample_outcome(state, rng) if state.is_chance_node() else agent.choose(state))
        won += state.returns()[0] > 0
    return won


def score(pool: ProcessPoolExecutor, candidates: list[Weights], levels: list[str], seed: int, iteration: int,
          games: int, jobs: int) -> list[int]:
    """Each candidate's wins over the iteration's games, every candidate on the same ones."""
    chunk = max(1, games // (2 * jobs))
    tasks = []
    for c, weights in enumerate(candidates):
        for level in levels:
            seeds = [derive_seed("tune", seed, level, iteration, i) for i in range(games)]
            tasks += [(c, weights.as_dict(), level, seeds[k:k + chunk]) for k in range(0, games, chunk)]
    totals = [0] * len(candidates)
    futures = [(c, pool.submit(wins, values, level, seeds)) for c, values, level, seeds in tasks]
    for c, future in futures:
        totals[c] += future.result()
    return totals


def step(mu: list[float], sigma: list[float], rng: random.Random, population: int, elites: int,
         scored: list[tuple[int, list[float]]] | None = None) -> tuple[list[list[float]], list[float], list[float]]:
    """The candidates drawn around ``mu``; given their scores, the Gaussian refitted to the
    best ``elites`` of them (its spread halfway between the old one and theirs)."""
    if scored is None:
        drawn = [[m + s * rng.gauss(0.0, 1.0) for m, s in zip(mu, sigma, strict=True)] for _ in range(population)]
        return drawn, mu, sigma
    best = [x for _, x in sorted(scored, key=lambda item: -item[0])[:elites]]
    new_mu = [sum(x[d] for x in best) / len(best) for d in range(len(mu))]
    spread = [math.sqrt(sum((x[d] - new_mu[d]) ** 2 for x in best) / len(best)) for d in range(len(mu))]
    new_sigma = [max(MIN_SIGMA, (s + t) / 2) for s, t in zip(sigma, spread, strict=True)]
    return [], new_mu, new_sigma


def load(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines()] if path.exists() else []


def plot(log: list[dict[str, Any]], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    n = [r["games"] for r in log]
    x = [r["iteration"] for r in log]
    fig, ax = plt.subplots(figsize=(7, 4))
    ax.plot(x, [r["centre"] / g for r, g in zip(log, n, strict=True)], "o-", label="centre of the search")
    ax.plot(x, [r["heuristic"] / g for r, g in zip(log, n, strict=True)], "s--", label="hand-set weights")
    ax.plot(x, [max(r["scores"]) / g for r, g in zip(log, n, strict=True)], ":", label="best candidate")
    ax.plot(x, [sum(r["scores"]) / len(r["scores"]) / g for r, g in zip(log, n, strict=True)], "-.",
            label="candidates' mean")
    ax.set_xlabel("iteration (new games each, the same for every curve)")
    ax.set_ylabel("Rome's win rate, easiest and default together")
    ax.set_title("Tuning the Hispania heuristic's weights (cross-entropy method)")
    ax.grid(alpha=0.3)
    ax.legend()
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=100)


def table_text(weights: Weights, note: str) -> str:
    """data/weights.toml with the hand-set table as it is and ``weights`` as [tuned]."""
    def section(name: str, w: Weights) -> str:
        return f"[{name}]\n" + "".join(f"{k} = {v!r}\n" for k, v in w.as_dict().items())

    return (
        "# The Roman heuristic's weights (legatus/games/hispania/weights.py says what each one is).\n"
        "# [heuristic]: the values set by hand, the agent `heuristic`.\n"
        "# [tuned]: the agent `tuned`, written by tools/tune_hispania_heuristic.py (docs/agents.md).\n\n"
        + section("heuristic", table("heuristic")) + f"\n# {note}\n" + section("tuned", weights))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=15)
    parser.add_argument("--population", type=int, default=12, help="candidates an iteration")
    parser.add_argument("--elites", type=int, default=4, help="the best candidates the Gaussian is refitted to")
    parser.add_argument("--games", type=int, default=200, help="games a candidate plays at each level")
    parser.add_argument("--levels", nargs="+", default=["easiest", "default"])
    parser.add_argument("--sigma", type=float, default=0.3, help="the first spread (of log factors)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--out", type=Path, default=Path("tune_hispania.jsonl"))
    parser.add_argument("--plot", type=Path, default=None, help="the training curve (a .png)")
    parser.add_argument("--write", action="store_true", help="write the result as the [tuned] table")
    args = parser.parse_args()
    if not 0 < args.elites <= args.population:
        parser.error(f"--elites {args.elites}: between 1 and --population ({args.population})")
    log = load(args.out)
    mu = log[-1]["mu"] if log else [0.0] * len(TUNED)
    sigma = log[-1]["sigma"] if log else [args.sigma] * len(TUNED)
    print(f"{len(log)} iterations already in {args.out}; {max(0, args.iterations - len(log))} to run", flush=True)
    with ProcessPoolExecutor(args.jobs) as pool, args.out.open("a") as out:
        for iteration in range(len(log), args.iterations):
            start = time.monotonic()
            rng = random.Random(derive_seed("tune-draws", args.seed, iteration))
            drawn, _, _ = step(mu, sigma, rng, args.population, args.elites)
            candidates = [table("heuristic"), weights_at(mu), *(weights_at(x) for x in drawn)]
            totals = score(pool, candidates, args.levels, args.seed, iteration, args.games, args.jobs)
            _, mu, sigma = step(mu, sigma, rng, args.population, args.elites,
                                list(zip(totals[2:], drawn, strict=True)))
            record = {"iteration": iteration, "games": args.games * len(args.levels), "heuristic": totals[0],
                      "centre": totals[1], "scores": totals[2:], "mu": mu, "sigma": sigma,
                      "seconds": round(time.monotonic() - start, 1)}
            log.append(record)
            out.write(json.dumps(record) + "\n")
            out.flush()
            print(f"iteration {iteration}: hand-set {totals[0]}, centre {totals[1]}, candidates "
                  f"{min(totals[2:])}–{max(totals[2:])} wins of {record['games']} ({record['seconds']} s)", flush=True)
    if args.plot and log:
        plot(log, args.plot)
    final = weights_at(log[-1]["mu"]) if log else table("heuristic")
    rounded = Weights(**{k: round(v, 4) for k, v in final.as_dict().items()})
    print("tuned weights:", ", ".join(f"{k} {v:g}" for k, v in rounded.as_dict().items()))
    if args.write:
        note = (f"{len(log)} iterations of {args.population} candidates, {args.games} games a level "
                f"({', '.join(args.levels)}) each, seed {args.seed}")
        DATA.write_text(table_text(rounded, note))


if __name__ == "__main__":
    main()
