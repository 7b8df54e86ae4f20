"""``legatus sweep``: every point of a game's grid (its options and the values each takes,
``Game.SWEEP``, or a grid given on the command line), many games each, written to a results
file as each point is done.

The file is JSON lines: a header with the sweep's settings, then one line per point in a
fixed order. Points finishing early wait for those before them, so the file is always a
prefix of the complete one: an interrupted sweep resumes after its last line, and the file
it ends with is the one a run straight through would have written.
"""

from __future__ import annotations

import itertools
import json
import os
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import Executor, Future
from pathlib import Path
from typing import Any

from legatus.core.errors import OptionError
from legatus.core.game import Game

from .runner import Config, batches, games_per_task, play_batch
from .stats import summarise

FORMAT = 1


def points(grid: Mapping[str, Sequence[Any]]) -> list[dict[str, Any]]:
    """Every combination of the grid's values, the first option outermost (JSON values)."""
    keys = list(grid)
    return [dict(zip(keys, (to_json(v) for v in values), strict=True))
            for values in itertools.product(*grid.values())]


def axes(cls: type[Game], keys: Iterable[str]) -> list[str]:
    """A grid's options in the game's order (``SWEEP``), then any others by name: how
    reports lay a sweep out, the last one innermost."""
    keys = set(keys)
    return [k for k in cls.SWEEP if k in keys] + sorted(keys - set(cls.SWEEP))


def point_key(point: Mapping[str, Any]) -> str:
    """A point's label for its games' seeds: its values by option name, so that the seeds do
    not depend on the order the grid lists its options."""
    return "|".join(",".join(map(str, v)) if isinstance(v, list) else str(v) for _, v in sorted(point.items()))


def header(game: str, options: dict[str, Any], agents: dict[str, str], games: int, seed: int,
           sweep_points: Sequence[dict[str, Any]]) -> dict[str, Any]:
    return {"sweep": FORMAT, "game": game, "options": options, "agents": agents, "games": games, "seed": seed,
            "points": list(sweep_points)}


def read_done(path: Path, expected: dict[str, Any]) -> list[dict[str, Any]]:
    """The points already in ``path`` (an interrupted sweep), after checking its settings."""
    if not path.exists():
        return []
    text = path.read_text(encoding="utf-8")
    complete = text[:text.rfind("\n") + 1]  # a line cut short by an interruption is dropped
    if complete != text:
        path.write_text(complete, encoding="utf-8")
    try:
        rows = [json.loads(line) for line in complete.splitlines() if line.strip()]
    except json.JSONDecodeError:
        raise OptionError(f"results file {path} is not a sweep's JSON lines; move it away to start afresh") from None
    if not rows:
        return []
    if rows[0] != json.loads(json.dumps(expected)):
        raise OptionError(f"results file {path} holds a sweep with other settings (game, options, agents, games, "
                          "seed or points); give another --out or the same settings")
    return rows[1:]


def read_results(path: Path) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """A finished sweep's results file, for a report: its head (settings) and its points' rows;
    an :class:`OptionError` naming the file (and the line) when it is not one."""
    try:
        lines = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    except (OSError, json.JSONDecodeError) as exc:
        raise OptionError(f"cannot read sweep results {path}: {exc}") from None
    if not lines or not isinstance(lines[0], dict) or "sweep" not in lines[0] or not lines[0].get("points") \
            or not isinstance(lines[0]["points"][0], dict):
        raise OptionError(f"{path} is not a sweep's results file")
    need = {"win_rate", "interval", "wins", "games", "outcomes", *lines[0]["points"][0]}
    for number, row in enumerate(lines[1:], 2):
        if not isinstance(row, dict) or not need <= row.keys():
            raise OptionError(f"{path}: line {number} is not a point's results (it needs {', '.join(sorted(need))})")
    return lines[0], lines[1:]


def sweep(path: Path, game: str, options: dict[str, Any], agents: dict[str, str], games: int, seed: int,
          sweep_points: Sequence[dict[str, Any]], executor: Executor, workers: int = 1,
          batch_size: int | None = None, progress: Callable[[int], None] | None = None) -> list[dict[str, Any]]:
    """Runs (or resumes) a sweep on ``executor``'s ``workers`` workers, ``batch_size`` games a
    task (None: sized from all the games left, :func:`~.runner.games_per_task`); returns every
    point's row: the point, then the win rate of the game's first seat and the other statistics."""
    head = header(game, options, agents, games, seed, sweep_points)
    done = read_done(path, head)
    if not done:
        _write(path, [head])
    elif progress is not None:
        progress(len(done) * games)
    rows = list(done)
    todo = sweep_points[len(done):]
    configs = [Config.make(game, {**options, **point}, agents, key=point_key(point)) for point in todo]
    size = batch_size or games_per_task(configs, games * len(configs), workers)
    pending: dict[int, list[Future[list[dict[str, Any]]]]] = {
        offset: [executor.submit(play_batch, config, seed, batch) for batch in batches(range(games), size)]
        for offset, config in enumerate(configs)}
    for offset, (point, config) in enumerate(zip(todo, configs, strict=True)):
        results: list[dict[str, Any]] = []
        for future in pending.pop(offset):
            batch = future.result()
            results.extend(batch)
            if progress is not None:
                progress(len(batch))
        row = {**point, **summarise(results, config.load_game().seats[0])}
        _write(path, [row])
        rows.append(row)
    return rows


def to_json(value: Any) -> Any:
    """An option value as JSON holds it (a set of variants as a list)."""
    return list(value) if isinstance(value, tuple) else value


def _write(path: Path, rows: list[dict[str, Any]]) -> None:
    with open(path, "a", encoding="utf-8") as fh:
        for row in rows:
            fh.write(json.dumps(row, sort_keys=True) + "\n")
        fh.flush()
        os.fsync(fh.fileno())
