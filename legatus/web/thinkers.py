"""The agents' worker processes, shared fairly by the games (issues 30, point 4, and 35).

A bounded pool of worker processes, so that two games' agents think on two cores (threads would
share one interpreter). Each game asks for one decision at a time (its agents' turns, or a
hint), and the games are served in the order they asked, a game with a person waiting ahead of
the games between agents; games between agents hold at most all workers but one, so a person's
game never waits behind them for a worker. A slot is given back when its worker ends the task,
not when its game stops waiting (a game forgotten mid-thought still holds its worker until then);
an agent's paced move keeps its worker until the move is shown (:meth:`Thinkers.run`, ``keep``).

A worker that dies while it thinks (killed, out of memory) fails its task with
:class:`WorkerLost`, and those of the others then in the pool, which is replaced by a new one:
the games ask again (their agents' tries, a hint asked anew), and nothing else changes.

A search shared among several workers (a hint's, ``--hint-workers``: :meth:`Thinkers.share`)
sends each worker's share as a task of its own, in the same fair order: it holds a worker only
while a share runs (each within the agents' bound), never a pool of its own.
"""

from __future__ import annotations

import asyncio
import functools
import heapq
import itertools
import threading
import time
from collections.abc import Callable
from concurrent.futures import Executor, Future
from concurrent.futures.process import BrokenProcessPool
from typing import Any, ParamSpec, TypeVar

from legatus.core.parallel import end_broken, start_workers, worker_pool

T = TypeVar("T")
P = ParamSpec("P")


class WorkerLost(RuntimeError):
    """An agent's worker process ended while it thought; a new one takes its place."""


class Thinkers:
    """``workers`` worker processes (at least 2) for agents' decisions, handed out fairly:
    :meth:`run`. ``pool`` makes the pool: processes started as :mod:`legatus.core.parallel`'s are
    (never a fork of the server, which runs threads), each when first needed; a thread pool in
    tests of the order."""

    def __init__(self, workers: int, pool: Callable[[int], Executor] = worker_pool) -> None:
        if workers < 2:
            raise ValueError(f"agents need at least 2 workers (one kept for games with a person), not {workers}")
        self.workers = workers
        self._make = pool
        self.pool = pool(workers)
        self.busy = 0  # workers thinking
        self.busy_agents_only = 0  # of which for games between agents
        self._waiting: list[tuple[int, int, asyncio.Future[None]]] = []  # (0 person / 1 agents only, order, wake)
        self._order = itertools.count()
        self._ready: Future[None] | None = None  # the workers' start (:meth:`warm`), while under way
        self.stopped = False  # :meth:`shutdown` called

    def warm(self) -> None:
        """Starts every worker and loads the games in each, in a thread (the event loop never waits
        on a worker): no timed decision pays for a process's start, which would show a decision
        later than a quick one (issue 30). Decisions asked meanwhile wait for it, untimed."""
        pool, ready = self.pool, Future[None]()
        self._ready = ready

        def start() -> None:
            try:
                start_workers(pool, self.workers)
            except RuntimeError:  # BrokenProcessPool too
                if self.pool is pool and not self.stopped:
                    raise  # a start that failed (shown), leaving the decisions to find the pool broken
                # else the server stopped, or replaced the pool, before its workers started: nothing lost
            finally:
                ready.set_result(None)

        threading.Thread(target=start, name="legatus-workers-start", daemon=True).start()

    async def run(self, task: Callable[..., T], *args: Any, person: bool, keep: bool = False) -> tuple[T, float]:
        """``task(*args)``, run by a worker when this game's turn comes (``task`` and ``args``
        must pickle: a module-level function, a state), and when (``time.perf_counter``) the
        worker was given it: pacing counts from there, not from the wait for a worker. ``person``:
        a person waits on it (served first). :class:`WorkerLost` if the worker dies meanwhile.

        ``keep``: the worker stays the game's once the task is done, until :meth:`give_back`
        (an agent's paced move, until it is shown): how long a game holds a worker, which the
        other games' waits for one measure, then tells no more of its agent's hand than the
        moment its move is shown (a quick answer held as long as a search; the secrecy review
        timed the hints of other games against it). A task that fails gives it back at once."""
        if self._ready is not None:  # the workers start, before the game queues: not in the decision's time
            await asyncio.shield(asyncio.wrap_future(self._ready))  # a game that stops waiting leaves it be
        loop = asyncio.get_running_loop()
        wake: asyncio.Future[None] = loop.create_future()
        heapq.heappush(self._waiting, (0 if person else 1, next(self._order), wake))
        self._wake()
        try:
            await wake
        except asyncio.CancelledError:  # the game stopped waiting: a worker given to it is given back
            if wake.done() and not wake.cancelled():
                self._release(person)
            raise
        pool = self.pool
        started = time.perf_counter()
        try:
            thinking: Future[T] = pool.submit(task, *args)
        except BrokenProcessPool:  # broken by another task's worker, not yet replaced
            self._release(person)
            raise self._lost(pool) from None
        kept = [keep, False]  # kept once done; settled: its end seen (both read and set on the loop alone)

        def settle(done: Future[T]) -> None:
            kept[1] = True
            if not kept[0] or done.cancelled() or done.exception() is not None:
                self._release(person)

        thinking.add_done_callback(lambda done: loop.call_soon_threadsafe(settle, done))
        try:
            return await asyncio.wrap_future(thinking), started
        except BrokenProcessPool:
            raise self._lost(pool) from None
        except asyncio.CancelledError:  # the game stopped waiting: no one will give a kept worker back
            if kept[0] and kept[1] and not thinking.cancelled() and thinking.exception() is None:
                self._release(person)
            kept[0] = False  # else released when the task ends
            raise

    def give_back(self, person: bool) -> None:
        """Gives back the worker a :meth:`run` with ``keep`` kept."""
        self._release(person)

    async def share(self, task: Callable[[Executor], T], *, person: bool) -> T:
        """``task(shares)`` in a thread of this process, ``shares`` an executor whose tasks (a
        root-parallel search's shares, :func:`legatus.core.parallel.share_in`) are this pool's,
        each served as :meth:`run` serves a decision. Cancelled (the server stopping, say), its
        shares not yet given a worker are dropped, and those running end within their bound.
        :class:`WorkerLost` if a worker dies meanwhile (the task's other shares are cancelled)."""
        shares = Shares(self, asyncio.get_running_loop(), person)
        try:
            return await asyncio.to_thread(task, shares)
        except asyncio.CancelledError:
            shares.shutdown(wait=False, cancel_futures=True)  # the thread then ends: its shares are cancelled
            raise

    def _lost(self, pool: Executor) -> WorkerLost:
        """Replaces ``pool``, broken by a worker's death, unless it was already."""
        if self.pool is pool:
            self.pool = self._make(self.workers)
            end_broken(pool)
            self.warm()
        return WorkerLost("an agent's worker process ended while it thought (killed or out of memory); "
                          "a new one takes its place")

    def shutdown(self) -> None:
        """Waits for the workers thinking now (each ends within its agent's bound); drops the rest,
        and ends the processes."""
        self.stopped = True
        self.pool.shutdown(wait=True, cancel_futures=True)

    def _free(self, person: bool) -> bool:
        return self.busy < self.workers and (person or self.busy_agents_only < self.workers - 1)

    def _take(self, person: bool) -> None:
        self.busy += 1
        self.busy_agents_only += not person

    def _release(self, person: bool) -> None:
        self.busy -= 1
        self.busy_agents_only -= not person
        self._wake()

    def _wake(self) -> None:
        """Gives free workers to the games waiting, in order: persons' first, then by arrival.
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


class Shares(Executor):
    """The executor :meth:`Thinkers.share` gives its task's thread: each task submitted is one of
    the thinkers' decisions (:meth:`Thinkers.run`), sent to the event loop ``loop``."""

    def __init__(self, thinkers: Thinkers, loop: asyncio.AbstractEventLoop, person: bool) -> None:
        self.thinkers = thinkers
        self.loop = loop
        self.person = person
        self.futures: list[Future[Any]] = []
        self.closed = False
        self._lock = threading.Lock()  # submit (the task's thread) against shutdown (the event loop)

    def submit(self, fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> Future[T]:
        with self._lock:
            if self.closed:
                raise RuntimeError("the shares' task was stopped: no new share is sent")
            future = asyncio.run_coroutine_threadsafe(self._run(functools.partial(fn, *args, **kwargs)), self.loop)
            self.futures.append(future)
        return future

    async def _run(self, share: Callable[[], T]) -> T:
        return (await self.thinkers.run(share, person=self.person))[0]

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        """No share is sent after it; ``cancel_futures``: those not done are cancelled (a share
        that holds a worker ends within its bound, and its worker is given back then). Never
        waits, whatever ``wait`` says: it is called on the event loop, which must not block."""
        with self._lock:
            self.closed = True
            if cancel_futures:
                for future in self.futures:
                    future.cancel()
