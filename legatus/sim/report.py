"""A sweep's report: a table a player can read to pick a configuration, and a heat map of the
win rate (PNG and SVG; needs matplotlib). Both are laid out from the game's option table:
a column for each option swept, and each of the game's measures and outcomes.

The heat map lays out the innermost option: an option of parts (a level of
denarii-garrisons-fleets-roads-armies) over its parts, the first half down and the rest
across; any other with the option before it, down and across. Every value of the other
options gets a figure of its own.

Several sweeps (the same game, other agents or other fixed options) make one comparison
table: a row for each configuration, a column for each set of agents.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from legatus.core.errors import OptionError
from legatus.core.game import Game

from .runner import default_agent
from .sweep import to_json


def label(cls: type[Game], key: str, value: Any) -> str:
    """An option's value as a table shows it (an empty set by the name the game gives it)."""
    if isinstance(value, list):
        form = cls.OPTIONS[key].form if key in cls.OPTIONS else None
        return ",".join(map(str, value)) or str((form or {}).get("none", "none"))
    return "none" if value is None else str(value)


def table(rows: Sequence[dict[str, Any]], cls: type[Game], axes: Sequence[str]) -> str:
    """A Markdown table: within each value of the outer options, hardest to easiest."""
    measures = sorted({k for r in rows for k in r if k.startswith("mean_") and k != "mean_length"})
    outcomes = sorted({o for r in rows for o in r["outcomes"]})
    head = [*axes, "win rate", "95% interval", *(m.replace("_", " ") for m in measures), *outcomes]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    groups: dict[tuple[str, ...], int] = {}
    for row in rows:
        groups.setdefault(tuple(label(cls, k, row[k]) for k in axes[:-1]), len(groups))
    for row in sorted(rows, key=lambda r: (groups[tuple(label(cls, k, r[k]) for k in axes[:-1])], r["win_rate"],
                                           label(cls, axes[-1], r[axes[-1]]) if axes else "")):
        low, high = row["interval"]
        cells = [*(label(cls, k, row[k]) for k in axes), f"{row['win_rate']:.1%}", f"{low:.1%}–{high:.1%}",
                 *(str(row.get(m, "")) for m in measures), *(str(row["outcomes"].get(o, 0)) for o in outcomes)]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def agents_label(agents: dict[str, str], cls: type[Game]) -> str:
    """A sweep's agents as a column head: ``rome=tuned``; none given, the game's default agent."""
    given = ", ".join(f"{seat}={spec}" for seat, spec in sorted(agents.items()))
    return given or f"{default_agent(cls)} for every seat"


def compare(sweeps: Sequence[tuple[dict[str, Any], Sequence[dict[str, Any]]]], cls: type[Game]) -> str:
    """A Markdown table of several sweeps' points side by side: a row for each configuration
    (the sweep's fixed options, then its point), a column for each set of agents, hardest to
    easiest by the first set's win rate within each value of the outer options. Sweeps with
    the same agents fill the same column; a configuration one set has not played shows –.
    A :class:`OptionError` names a configuration two sweeps of the same agents both played."""
    def key_of(options: dict[str, Any]) -> tuple[tuple[str, str], ...]:
        return tuple(sorted((k, label(cls, k, v)) for k, v in options.items()))

    played = [(agents_label(head["agents"], cls), {**head["options"], **{k: row[k] for k in head["points"][0]}}, row)
              for head, rows in sweeps for row in rows]
    names = {k for _, options, _ in played for k in options}
    for _, options, _ in played:  # an option a sweep left alone has the game's default
        for k in names - options.keys():
            options[k] = to_json(cls.OPTIONS[k].default) if k in cls.OPTIONS else None
    columns = list(dict.fromkeys(column for column, _, _ in played))
    cells: dict[tuple[tuple[str, str], ...], dict[str, dict[str, Any]]] = {}
    configurations: list[dict[str, Any]] = []
    for column, options, row in played:
        key = key_of(options)
        if column in cells.setdefault(key, {}):
            shown = ", ".join(f"{k} {v}" for k, v in key)
            raise OptionError(f"two sweeps with agents {column} both played {shown}: give each configuration once")
        if not cells[key]:
            configurations.append(options)
        cells[key][column] = row
    # options the sweeps fixed first, then the game's grid in its order, its last innermost
    shown_axes = [k for k in [*sorted(names - set(cls.SWEEP)), *(k for k in cls.SWEEP if k in names)]
                  if len({label(cls, k, o[k]) for o in configurations}) > 1
                  or any(k in head["points"][0] for head, _ in sweeps)]
    head_line = [*shown_axes, *(f"{c}: win rate (95% interval)" for c in columns)]
    if len(columns) == 2:
        head_line.append("difference")
    lines = ["| " + " | ".join(head_line) + " |", "|" + "---|" * len(head_line)]
    groups: dict[tuple[str, ...], int] = {}
    for options in configurations:
        groups.setdefault(tuple(label(cls, k, options[k]) for k in shown_axes[:-1]), len(groups))
    first = columns[0]

    def order(options: dict[str, Any]) -> tuple[int, float, str]:
        got = cells[key_of(options)].get(first)
        return (groups[tuple(label(cls, k, options[k]) for k in shown_axes[:-1])], got["win_rate"] if got else 2.0,
                label(cls, shown_axes[-1], options[shown_axes[-1]]))

    for options in sorted(configurations, key=order):
        found = cells[key_of(options)]
        line = [label(cls, k, options[k]) for k in shown_axes]
        for column in columns:
            got = found.get(column)
            line.append(f"{got['win_rate']:.1%} ({got['interval'][0]:.1%}–{got['interval'][1]:.1%})" if got else "–")
        if len(columns) == 2:
            a, b = (found.get(c) for c in columns)
            line.append(f"{(b['win_rate'] - a['win_rate']) * 100:+.1f} points" if a and b else "–")
        lines.append("| " + " | ".join(line) + " |")
    if len(columns) == 2:
        both = [(found[columns[0]], found[columns[1]]) for found in cells.values() if len(found) == 2]
        more = sum(b["wins"] * a["games"] > a["wins"] * b["games"] for a, b in both)
        fewer = sum(b["wins"] * a["games"] < a["wins"] * b["games"] for a, b in both)
        lines += ["", f"Of the {len(both)} configurations both played, {columns[1]} won a greater share at {more}, "
                      f"a smaller at {fewer}, the same at {len(both) - more - fewer}; in all, "
                      f"{sum(a['wins'] for a, _ in both):,} of {sum(a['games'] for a, _ in both):,} games against "
                      f"{sum(b['wins'] for _, b in both):,} of {sum(b['games'] for _, b in both):,}."]
    return "\n".join(lines)


def _layout(rows: Sequence[dict[str, Any]], cls: type[Game], axes: Sequence[str]) \
        -> tuple[list[str], list[tuple[str, list[str]]], int]:
    """The options the heat map lays out, its dimensions (name, values) and how many of them
    run down."""
    last = axes[-1]
    form = cls.OPTIONS[last].form if last in cls.OPTIONS else None
    if form is not None and form.get("kind") == "parts":
        laid = [last]
        dims = [(str(name), [str(v) for v in values]) for name, values in form["parts"]]
    else:
        laid = list(axes[-2:])
        dims = [(k, list(dict.fromkeys(label(cls, k, r[k]) for r in rows))) for k in laid]
    return laid, dims, math.ceil(len(dims) / 2)


def _file_part(value: Any) -> str:
    return "+".join(map(str, value)) if isinstance(value, list) else str(value)


def heatmap(rows: Sequence[dict[str, Any]], cls: type[Game], axes: Sequence[str], out: Path,
            title: str) -> list[Path]:
    """Writes ``out``.png and ``out``.svg, each cell a point's win rate; one figure for each
    value of the options not laid out, its file suffixed by it (none for an empty set)."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise OptionError("the heat map needs matplotlib: pip install 'legatus[plot]'") from None
    laid, dims, down = _layout(rows, cls, axes)
    outer = [k for k in axes if k not in laid]
    parts = len(laid) == 1 and len(dims) > 1

    def cell(row: dict[str, Any]) -> tuple[str, ...]:
        return tuple(str(row[laid[0]]).split("-")) if parts else tuple(label(cls, k, row[k]) for k in laid)

    figures: dict[tuple[str, ...], dict[tuple[str, ...], float]] = {}
    suffixes: dict[tuple[str, ...], str] = {}
    for row in rows:
        figure = tuple(label(cls, k, row[k]) for k in outer)
        figures.setdefault(figure, {})[cell(row)] = row["win_rate"]
        suffixes[figure] = "-".join(filter(None, (_file_part(row[k]) for k in outer)))
    row_keys = list(itertools.product(*(values for _, values in dims[:down])))
    col_keys = list(itertools.product(*(values for _, values in dims[down:])))
    written: list[Path] = []
    for figure, rates in figures.items():
        grid = [[rates.get(r + c, float("nan")) for c in col_keys] for r in row_keys]
        fig, ax = plt.subplots(figsize=(max(4.0, 0.8 * len(col_keys) + 2), max(3.0, 0.35 * len(row_keys) + 2)))
        image = ax.imshow(grid, cmap="RdYlGn", vmin=0, vmax=max(0.05, max(rates.values())), aspect="auto")
        ax.set_xticks(range(len(col_keys)), ["-".join(c) for c in col_keys])
        ax.set_yticks(range(len(row_keys)), ["-".join(r) for r in row_keys])
        ax.set_xlabel(" - ".join(name for name, _ in dims[down:]))
        ax.set_ylabel(" - ".join(name for name, _ in dims[:down]))
        for i, line in enumerate(grid):
            for j, value in enumerate(line):
                if value == value:  # not NaN
                    ax.text(j, i, f"{value:.0%}", ha="center", va="center", fontsize=7)
        where = ", ".join(f"{k} {v}" for k, v in zip(outer, figure, strict=True))
        ax.set_title(f"{title}\n{where}" if where else title)
        fig.colorbar(image, ax=ax, label="win rate", shrink=0.6)
        fig.tight_layout()
        stem = out.with_name(f"{out.name}-{suffixes[figure]}") if suffixes[figure] else out
        for ext in (".png", ".svg"):
            path = stem.with_suffix(ext)
            fig.savefig(path, dpi=110, metadata={"Date": None} if ext == ".svg" else None)
            written.append(path)
        plt.close(fig)
    return written
