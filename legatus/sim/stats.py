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


def summarise(results: Sequence[dict[str, Any]], seat: int = 0) -> dict[str, Any]:
    """Win rate of ``seat`` (a return > 0 is a win) with its interval, mean length, outcomes."""
    n = len(results)
    wins = sum(1 for r in results if r["returns"][seat] > 0)
    low, high = wilson(wins, n)
    summary: dict[str, Any] = {
        "games": n,
        "wins": wins,
        "win_rate": wins / n if n else 0.0,
        "interval": [round(low, 4), round(high, 4)],
        "mean_length": round(sum(r["length"] for r in results) / n, 2) if n else 0.0,
        "outcomes": dict(sorted(Counter(r["outcome"] for r in results).items())),
    }
    if n and all("rounds" in r for r in results):
        summary["mean_rounds"] = round(sum(r["rounds"] for r in results) / n, 2)
    return summary
