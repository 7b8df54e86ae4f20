"""The agents' threads, shared fairly by the games (issue 30, point 4).

A bounded pool of threads. Each game asks for one decision at a time (its agents' turns, or a
hint), and the games are served in the order they asked, a game with a person waiting ahead of
the games between agents; games between agents hold at most all threads but one, so a person's
game never waits behind them for a thread. A slot is given back when its thread ends, not when
its game stops waiting (a game forgotten mid-thought still holds its thread until then).
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import TypeVar

T = TypeVar("T")


class Thinkers:
    """``threads`` threads (at least 2) for agents' decisions, handed out fairly: :meth:`run`."""

    def __init__(self, threads: int) -> None:
        if threads < 2:
            raise ValueError(f"agents need at least 2 threads (one kept for games with a person), not {threads}")
        self.threads = threads
        self.pool = ThreadPoolExecutor(max_workers=threads, thread_name_prefix="agent")
        self.busy = 0  # threads thinking
        self.busy_agents_only = 0  # of which for games between agents
        self._waiting: list[tuple[int, int, asyncio.Future[None]]] = []  # (0 person / 1 agents only, order, wake)
        self._order = itertools.count()

    async def run(self, work: Callable[[], T], person: bool) -> T:
        """``work``'s result, run in a thread when this game's turn comes; ``person``: a person
        waits on it (served first)."""
        loop = asyncio.get_running_loop()
        wake: asyncio.Future[None] = loop.create_future()
        heapq.heappush(self._waiting, (0 if person else 1, next(self._order), wake))
        self._wake()
        try:
            await wake
        except asyncio.CancelledError:  # the game stopped waiting: a thread given to it is given back
            if wake.done() and not wake.cancelled():
                self._release(person)
            raise
        thinking: Future[T] = self.pool.submit(work)
        thinking.add_done_callback(lambda _: loop.call_soon_threadsafe(self._release, person))
        return await asyncio.wrap_future(thinking)

    def shutdown(self) -> None:
        """Waits for the threads thinking now (each ends within its agent's bound); drops the rest."""
        self.pool.shutdown(wait=True, cancel_futures=True)

    def _free(self, person: bool) -> bool:
        return self.busy < self.threads and (person or self.busy_agents_only < self.threads - 1)

    def _take(self, person: bool) -> None:
        self.busy += 1
        self.busy_agents_only += not person

    def _release(self, person: bool) -> None:
        self.busy -= 1
        self.busy_agents_only -= not person
        self._wake()

    def _wake(self) -> None:
        """Gives free threads to the games waiting, in order: persons' first, then by arrival.
        A game between agents that cannot have one (their share is taken) waits, and those
        behind it in its class too."""
        while self._waiting:
            rank, _, wake = self._waiting[0]
            if wake.done():  # its game stopped waiting
                heapq.heappop(self._waiting)
                continue
            if not self._free(rank == 0):
                return
            heapq.heappop(self._waiting)
            self._take(rank == 0)
            wake.set_result(None)
