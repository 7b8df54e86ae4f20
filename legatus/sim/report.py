"""A sweep's report: a table a player can read to pick a level, and a heat map of the win
rate over the five parameters of Hispania's levels (PNG and SVG; needs matplotlib)."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from legatus.core.errors import OptionError

PARAMETER_VALUES = ((7, 6, 5), (5, 4, 3), (4, 3, 2), (5, 4, 3), (1, 2, 3))  # easy to hard, per parameter


def table(rows: Sequence[dict[str, Any]]) -> str:
    """A Markdown table, hardest to easiest within each set of variants."""
    lines = ["| variants | level | win rate | 95% interval | mean rounds | lost: revolts / time |",
             "|---|---|---|---|---|---|"]
    for row in sorted(rows, key=lambda r: (r["variants"], r["win_rate"], r["level"])):
        outcomes = row["outcomes"]
        lost = f"{outcomes.get('revolts ran out', 0)} / {outcomes.get('time ran out', 0)}"
        low, high = row["interval"]
        lines.append(f"| {','.join(row['variants']) or 'base'} | {row['level']} | {row['win_rate']:.1%} | "
                     f"{low:.1%}–{high:.1%} | {row.get('mean_rounds', '')} | {lost} |")
    return "\n".join(lines)


def heatmap(rows: Sequence[dict[str, Any]], out: Path, title: str) -> list[Path]:
    """Writes ``out``.png and ``out``.svg: rows denarii × garrisons × fleets, columns roads ×
    armies, each cell a level's win rate. One figure per set of variants (suffixed)."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise OptionError("the heat map needs matplotlib: pip install 'legatus[plot]'") from None
    written: list[Path] = []
    by_variants: dict[tuple[str, ...], dict[str, float]] = {}
    for row in rows:
        by_variants.setdefault(tuple(row["variants"]), {})[row["level"]] = row["win_rate"]
    d, g, f, r, a = PARAMETER_VALUES
    row_keys = list(itertools.product(d, g, f))
    col_keys = list(itertools.product(r, a))
    for variants, rates in by_variants.items():
        grid = [[rates.get(f"{x}-{y}-{z}-{u}-{v}", float("nan")) for u, v in col_keys] for x, y, z in row_keys]
        fig, ax = plt.subplots(figsize=(8, 11))
        image = ax.imshow(grid, cmap="RdYlGn", vmin=0, vmax=max(0.05, max(rates.values())), aspect="auto")
        ax.set_xticks(range(len(col_keys)), [f"{u}-{v}" for u, v in col_keys])
        ax.set_yticks(range(len(row_keys)), [f"{x}-{y}-{z}" for x, y, z in row_keys])
        ax.set_xlabel("roads - initial armies")
        ax.set_ylabel("denarii - garrisons - fleets")
        for i, line in enumerate(grid):
            for j, value in enumerate(line):
                if value == value:  # not NaN
                    ax.text(j, i, f"{value:.0%}", ha="center", va="center", fontsize=7)
        ax.set_title(f"{title}\n{', '.join(variants) or 'base game'}")
        fig.colorbar(image, ax=ax, label="Roman win rate", shrink=0.6)
        fig.tight_layout()
        stem = out if not variants else out.with_name(f"{out.name}-{'+'.join(variants)}")
        for suffix in (".png", ".svg"):
            path = stem.with_suffix(suffix)
            fig.savefig(path, dpi=110, metadata={"Date": None} if suffix == ".svg" else None)
            written.append(path)
        plt.close(fig)
    return written
