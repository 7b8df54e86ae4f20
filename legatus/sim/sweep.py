"""``legatus sweep``: every level of a game (optionally for several sets of variants), many
games each, written to a results file as each point is done.

The file is JSON lines: a header with the sweep's settings, then one line per point in a
fixed order. Points finishing early wait for those before them, so the file is always a
prefix of the complete one: an interrupted sweep resumes after its last line, and the file
it ends with is the one a run straight through would have written.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, Future
from pathlib import Path
from typing import Any

from legatus.core.errors import OptionError

from .runner import Config, batches, play_batch
from .stats import summarise

FORMAT = 1


def points(levels: Sequence[str], variant_sets: Sequence[Sequence[str]]) -> list[tuple[str, tuple[str, ...]]]:
    return [(level, tuple(variants)) for variants in variant_sets for level in levels]


def header(game: str, options: dict[str, Any], agents: dict[str, str], games: int, seed: int,
           sweep_points: Sequence[tuple[str, tuple[str, ...]]]) -> dict[str, Any]:
    return {"sweep": FORMAT, "game": game, "options": options, "agents": agents, "games": games, "seed": seed,
            "points": [{"level": level, "variants": list(v)} for level, v in sweep_points]}


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
    if rows[0] != expected:
        raise OptionError(f"results file {path} holds a sweep with other settings (game, options, agents, games, "
                          "seed or levels); give another --out or the same settings")
    return rows[1:]


def sweep(path: Path, game: str, options: dict[str, Any], agents: dict[str, str], games: int, seed: int,
          sweep_points: Sequence[tuple[str, tuple[str, ...]]], executor: Executor, batch_size: int = 50,
          progress: Callable[[int], None] | None = None) -> list[dict[str, Any]]:
    """Runs (or resumes) a sweep; returns every point's row."""
    head = header(game, options, agents, games, seed, sweep_points)
    done = read_done(path, head)
    if not done:
        _write(path, [head])
    elif progress is not None:
        progress(len(done) * games)
    rows = list(done)
    todo = sweep_points[len(done):]
    pending: dict[int, list[Future[list[dict[str, Any]]]]] = {}
    for offset, (level, variants) in enumerate(todo):
        config = Config.make(game, {**options, "level": level, "variants": list(variants)}, agents,
                             key=f"{level}|{','.join(variants)}")
        pending[offset] = [executor.submit(play_batch, config, seed, batch) for batch in batches(range(games),
                                                                                                 batch_size)]
    for offset, (level, variants) in enumerate(todo):
        results: list[dict[str, Any]] = []
        for future in pending.pop(offset):
            batch = future.result()
            results.extend(batch)
            if progress is not None:
                progress(len(batch))
        row = {"level": level, "variants": list(variants), **summarise(results)}
        _write(path, [row])
        rows.append(row)
    return rows


def _write(path: Path, rows: list[dict[str, Any]]) -> None:
    with open(path, "a", encoding="utf-8") as fh:
        for row in rows:
            fh.write(json.dumps(row, sort_keys=True) + "\n")
        fh.flush()
        os.fsync(fh.fileno())
