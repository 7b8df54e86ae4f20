"""Statistics of a set of game results: win rate with its 95% interval, lengths, outcomes."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from typing import Any

Z95 = 1.959963984540054


def wilson(wins: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (good near 0 and 1, unlike the normal one).

    >>> [round(x, 3) for x in wilson(0, 100)]
    [0.0, 0.037]
    """
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = p + z * z / (2 * n)
    margin = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    denominator = 1 + z * z / n
    return max(0.0, (centre - margin) / denominator), min(1.0, (centre + margin) / denominator)


def sign_test(a: int, b: int) -> float:
    """Two-sided exact sign test: the chance, were both agents equally strong, that the games
    only one of them won split as unevenly as ``a`` to ``b`` or more (a binomial with p = ½).

    >>> f"{sign_test(71, 17):.2g}"
    '5.2e-09'
    >>> sign_test(6, 5)
    1.0
    """
    n = a + b
    if n == 0:
        return 1.0
    tail = sum(math.comb(n, k) for k in range(min(a, b) + 1)) / (1 << n)
    return min(1.0, 2 * tail)


def share_test(shares: Sequence[float], wins: int) -> float:
    """One-sided exact test against "no better than an even share": the chance of ``wins`` wins
    or more were game ``i`` won with probability ``shares[i]`` (1/n in an n-player game, the
    share of an agent as strong as the others), a Poisson-binomial tail.

    >>> round(share_test([0.5] * 10, 8), 4)  # the binomial tail P(X >= 8), n = 10, p = 1/2
    0.0547
    >>> share_test([0.25, 1/3], 0)
    1.0
    """
    dist = [1.0]  # dist[k]: the chance of k wins in the games so far
    for p in shares:
        dist = [a * (1 - p) + b * p for a, b in zip([*dist, 0.0], [0.0, *dist], strict=True)]
    return min(1.0, sum(dist[wins:]))


RUNNER_KEYS = ("index", "seed", "length", "returns")
"""What the runner adds to each game's own summary (legatus.sim.runner.play_game)."""


def measures(results: Sequence[dict[str, Any]]) -> list[str]:
    """The game's numeric measures (e.g. ``rounds``): every number its summary gave in
    every game."""
    if not results:
        return []
    return sorted(k for k, v in results[0].items()
                  if k not in RUNNER_KEYS and isinstance(v, (int, float)) and not isinstance(v, bool)
                  and all(isinstance(r.get(k), (int, float)) for r in results))


def summarise(results: Sequence[dict[str, Any]], seat: str) -> dict[str, Any]:
    """Win rate of ``seat`` (a win: a first place, ``seat`` among the summary's ``winners``)
    with its interval, mean length, outcomes, and the mean of each of the game's measures."""
    n = len(results)
    wins = sum(1 for r in results if seat in r["winners"])
    low, high = wilson(wins, n)
    summary: dict[str, Any] = {
        "games": n,
        "wins": wins,
        "win_rate": wins / n if n else 0.0,
        "interval": [round(low, 4), round(high, 4)],
        "mean_length": round(sum(r["length"] for r in results) / n, 2) if n else 0.0,
        "outcomes": dict(sorted(Counter(r["outcome"] for r in results).items())),
    }
    for key in measures(results):
        summary[f"mean_{key}"] = round(sum(r[key] for r in results) / n, 2)
    return summary
