"""Playing games for statistics: one game from a configuration and a seed, in batches.

Every game's seed is derived from the run's seed and the game's own key, never from the
order or the batch it runs in, so that a run gives the same results on any backend with any
number of workers.
"""

from __future__ import annotations

import hashlib
import math
import random
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, as_completed
from dataclasses import dataclass, field
from typing import Any

from legatus.core.agents import SEARCHES, close, decide, make_agent, own_searches
from legatus.core.game import Game
from legatus.core.registry import load
from legatus.core.session import sample_outcome


def derive_seed(*parts: object) -> int:
    """A 63-bit seed from any parts (run seed, game key, index): stable across processes."""
    digest = hashlib.blake2b(":".join(map(str, parts)).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


@dataclass(frozen=True)
class Config:
    """What to play: a game, its options, and an agent spec for each seat."""

    game: str
    options: tuple[tuple[str, Any], ...] = ()
    agents: tuple[tuple[str, str], ...] = ()
    key: str = field(default="", compare=False)  # a label for seeds and results (e.g. the level)

    @classmethod
    def make(cls, game: str, options: dict[str, Any], agents: dict[str, str], key: str = "") -> Config:
        frozen = tuple(sorted((k, tuple(v) if isinstance(v, list) else v) for k, v in options.items()))
        return cls(game, frozen, tuple(sorted(agents.items())), key)

    def load_game(self) -> Any:
        return load(self.game, **{k: list(v) if isinstance(v, tuple) else v for k, v in self.options})

    def seat_agents(self, game: Any) -> list[str]:
        """The agent spec of each seat: as given, else the game's heuristic, else random."""
        chosen = dict(self.agents)
        unknown = [s for s in chosen if s not in game.seats]
        if unknown:
            from legatus.core.errors import OptionError

            raise OptionError(f"unknown seat '{unknown[0]}' for {game.name}; seats: {', '.join(game.seats)}")
        default = default_agent(type(game))
        return [chosen.get(seat, default) for seat in game.seats]


def default_agent(cls: type[Game]) -> str:
    """The agent of a seat no one was given: the game's heuristic, else random play."""
    return "heuristic" if "heuristic" in cls.AGENTS else "random"


def play_game(config: Config, run_seed: int, index: int) -> dict[str, Any]:
    """Plays game ``index`` of a run to the end; its result as JSON values."""
    game = config.load_game()
    seed = derive_seed(run_seed, config.key, index)
    rng = random.Random(seed)
    agents = [make_agent(game, spec, derive_seed(seed, seat)) for seat, spec in enumerate(config.seat_agents(game))]
    state = game.new_initial_state()
    try:
        while not state.is_terminal():
            if state.is_chance_node():
                action = sample_outcome(state, rng)
            else:
                action = decide(agents[state.current_player()], state)
            state.apply_action(action)
    finally:  # an @N agent's worker processes end with its game
        for agent in agents:
            close(agent)
    return {"index": index, "seed": seed, "returns": state.returns(), "length": len(state.history()),
            **state.summary()}


def play_batch(config: Config, run_seed: int, indices: Sequence[int]) -> list[dict[str, Any]]:
    """Several games of a run in one task: one process start, one game load, many games."""
    return [play_game(config, run_seed, i) for i in indices]


def batches(indices: Sequence[int], size: int) -> list[list[int]]:
    return [list(indices[i:i + size]) for i in range(0, len(indices), size)]


TASKS_PER_WORKER = 4
"""Tasks a worker gets at least, where there are games enough: the last tasks even out between
the workers, and progress moves in steps a quarter of a worker's share or smaller."""
MAX_BATCH = 25
"""The most games in one task: enough to share a task's cost (sending it, loading the game)."""


def games_per_task(configs: Sequence[Config], games: int, workers: int) -> int:
    """Games a task for ``games`` games in all on ``workers`` workers: one at a time where an
    agent searches (a game takes seconds to minutes), else at least TASKS_PER_WORKER tasks a
    worker, at most MAX_BATCH games each."""
    for config in configs:
        searches = (*SEARCHES, *own_searches(config.load_game())) if config.agents else ()
        if any(spec.partition("@")[0].split("+")[0].split(":")[0] in searches for _, spec in config.agents):
            return 1
    return max(1, min(MAX_BATCH, math.ceil(games / (workers * TASKS_PER_WORKER))))


def run(config: Config, games: int, run_seed: int, executor: Executor, workers: int = 1,
        batch_size: int | None = None, progress: Callable[[int], None] | None = None) -> list[dict[str, Any]]:
    """Plays ``games`` games of ``config`` on ``executor``'s ``workers`` workers, ``batch_size``
    games a task (None: sized by :func:`games_per_task`); the results in game order, the same
    whatever the backend, the workers and the batches."""
    size = batch_size or games_per_task([config], games, workers)
    futures = [executor.submit(play_batch, config, run_seed, batch) for batch in batches(range(games), size)]
    results: list[dict[str, Any]] = []
    for future in as_completed(futures):
        done = future.result()
        results.extend(done)
        if progress is not None:
            progress(len(done))
    results.sort(key=lambda r: r["index"])
    return results
