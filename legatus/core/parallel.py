"""Root-parallel search (issue 35): a search's budget shared among worker processes that each
search the same root with a seed of their own, their root statistics summed before the choice.

``mcts+heuristic:400@2`` is ``mcts+heuristic:400`` searched as two searches of 200 simulations,
one in each of two worker processes; their root actions' visits and summed returns are added up,
worker by worker in the workers' order (never in the order they finish), so that a seed gives the
same decision however the processes are scheduled. A budget in seconds is each worker's own: the
workers search side by side for that long. ``@1`` (or no suffix) is the plain search, in this
process. The root's candidates are ranked once, in this process, and every worker searches those:
a ranker that breaks ties with its generator would shortlist others in each worker (a
determinized search, which ranks each guess's root, excepted). A flat search's near ties
(:func:`~.flat.settle_ties`, Hannibal's hint) are settled on the merged root, over every worker's
futures in the workers' order; IS-MCTS's near-tie rule, which no agent or hint uses, is not.

Each decision's workers are seeded from one number drawn from the agent's generator (the agent's
seed), worker ``i``'s search from that and ``i``: a seeded agent makes the same decisions on the
same states, whatever the machine. A worker is given the agent's input itself (in a game with
secrets a state drawn from what its seat knows, :func:`~.agent_types.decide`): an information-set
search then draws its determinizations from that, as in one process, never from the true state.

The processes start with the agent's first decision, or before it (:func:`warm`: a shell's, as the
game starts, so that no decision pays for their start), and serve every decision after it; the agent's
``close`` (:func:`close`) ends them, as does the agent's collection or the interpreter's exit, or
the process's end however it came (a kill: each worker watches it). They
are started by ``forkserver`` where the system has it, else ``spawn``: never a fork of a process
that may run threads (a server's). A shell that keeps worker processes of its own (the server's
agents' pool) may give them to an agent instead (:func:`share_in`): the agent then starts and ends
none, and its workers' searches are that pool's tasks, served in its order.
"""

from __future__ import annotations

import multiprocessing
import os
import random
import threading
import time
import weakref
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_EXCEPTION, Executor, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool

from .actions import Action, ActionTable
from .flat import settle_ties
from .game import State
from .mcts import Analysis, seed_from
from .registry import game_names, load, register_all, targets

MAX_WORKERS = 64
"""The most worker processes one agent may ask for (``@64``). Not the machine's cores: a spec is
valid on every machine (records keep it), and more workers than cores give the same decisions,
only no faster."""

Search = Callable[[State, str, int, float | None, list[int] | None], tuple[list[Analysis], int]]
"""A worker's search: (the root, the spec of its share, its seed, its time bound, the root's
candidates) → its root's actions and the simulations it ran. A module-level function, so that it
pickles by name."""

Rank = Callable[[State, int], list[Action]]
"""The agent's root candidates, its ranker seeded with the number given (``root_candidates``)."""


def process_context() -> multiprocessing.context.BaseContext:
    """How worker processes start: ``forkserver`` where the system has it (a fresh process that
    never inherits a thread), else ``spawn``."""
    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")


def worker_pool(workers: int) -> ProcessPoolExecutor:
    """``workers`` processes (:func:`process_context`), each started when first needed and knowing
    the games this process knows (those registered at run time too: a test's, a plug-in's), each
    ending when this process ends (:func:`_start_worker`)."""
    return ProcessPoolExecutor(workers, mp_context=process_context(), initializer=_start_worker,
                               initargs=(targets(), os.getpid()))


def end_broken(pool: Executor) -> None:
    """Ends ``pool``, broken by a worker's death, and every worker it still has. CPython 3.11 marks
    a pool broken without the lock a submit holds, so a submit racing the break may start a worker
    after the pool ended the others; the pool's thread then waits for that worker forever, and so
    does the interpreter's exit (a whole test run seen hanging so). Once the lock is free, every
    worker started is in the pool's table."""
    lock = getattr(pool, "_shutdown_lock", None)  # a process pool's (a test's stand-in has none)
    processes: list[multiprocessing.process.BaseProcess] = []
    if lock is not None:
        with lock:
            processes = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        process.terminate()


def _start_worker(games: dict[str, str], owner: int) -> None:
    """A worker's start: the games registered, and a watch on the process that owns the pool.
    A pool's workers outlived a server killed mid-game (SIGKILL: no shutdown code runs), their
    parent the ``forkserver`` process, which outlived it too: each now ends itself once its owner
    is gone."""
    register_all(games)
    threading.Thread(target=_watch, args=(owner,), name="legatus-owner-watch", daemon=True).start()


def _watch(owner: int, every: float = 2.0) -> None:
    while True:
        time.sleep(every)
        try:
            os.kill(owner, 0)  # no signal sent: only whether the process is there
        except (ProcessLookupError, PermissionError):  # gone (or its number another user's since)
            os._exit(0)


def load_games() -> None:
    """A worker's warm-up: every registered game loaded (its modules imported, its data read),
    so that no timed decision pays for the process's start and imports."""
    for name in game_names():
        load(name)


def start_workers(pool: Executor, workers: int) -> None:
    """Starts ``pool``'s ``workers`` processes and warms each (:func:`load_games`); returns when
    they are ready. Each task sent while no worker is idle starts a process of its own."""
    wait([pool.submit(load_games) for _ in range(workers)])


def share_budget(simulations: int, workers: int) -> list[int]:
    """``simulations`` shared among ``workers``, the first ones taking one more where it does not
    divide: ``share_budget(10, 4) == [3, 3, 2, 2]``."""
    low, extra = divmod(simulations, workers)
    return [low + (i < extra) for i in range(workers)]


def merge(results: Sequence[list[Analysis]], table: ActionTable, seat: int,
          order: list[Action] | None, tie: float | None = None) -> list[Analysis]:
    """The workers' root actions (in the workers' order) as one search's: visits added, means
    weighted by visits. Most visited first, ties by mean; ``order`` given (a flat search: each
    candidate tried equally often), best mean first, ties in ``order``, and near ties within
    ``tie`` standard errors settled in ``order`` on the workers' futures end to end."""
    visits: dict[int, int] = {}
    sums: dict[int, list[float]] = {}
    returns: dict[int, list[float]] = {}
    for ranked in results:
        for result in ranked:
            a = int(result.action)
            visits[a] = visits.get(a, 0) + result.visits
            acc = sums.setdefault(a, [0.0] * len(result.mean))
            for i, m in enumerate(result.mean):
                acc[i] += m * result.visits
            returns.setdefault(a, []).extend(result.returns)
    merged = [Analysis(table[a], n, tuple(v / n for v in sums[a]) if n else tuple(sums[a]), tuple(returns[a]))
              for a, n in visits.items()]
    if order is None:
        merged.sort(key=lambda r: (-r.visits, -r.mean[seat]))
        return merged
    place = {int(a): i for i, a in enumerate(order)}

    def placed(r: Analysis) -> int:
        return place.get(int(r.action), len(place))

    merged.sort(key=lambda r: (-r.mean[seat], placed(r)))
    return settle_ties(merged, tie, placed)


class RootParallel:
    """The worker processes of one agent: ``analyse(state)`` runs each worker's share of the
    search (``specs``, one a worker) and merges their roots. ``rank`` (held weakly: the workers do
    not keep their agent alive) ranks the root once, here, and every worker searches those
    candidates: each worker's own ranker could break ties its own way and shortlist others.
    ``flat``: their order breaks ties between equal means, as in one process, and near ties within
    ``tie`` standard errors (a flat search's :attr:`~.flat.FlatAgent.near_tie`)."""

    def __init__(self, search: Search, specs: list[str], seed: int | None, max_seconds: float | None,
                 rank: Rank | None = None, flat: bool = False, tie: float | None = None) -> None:
        self.search = search
        self.specs = specs
        self.rng = random.Random(seed)
        self.max_seconds = max_seconds
        self._rank = None if rank is None else weakref.WeakMethod(rank)
        self.flat = flat
        self.tie = tie
        self._pool: ProcessPoolExecutor | None = None
        self.shared: Executor | None = None  # a shell's pool (:func:`share_in`), started and ended by its shell

    @property
    def workers(self) -> int:
        return len(self.specs)

    def __call__(self, state: State) -> tuple[list[Analysis], int]:
        """The merged root of ``state``'s search and the simulations run in all."""
        base = self.rng.getrandbits(63)
        rank = None if self._rank is None else self._rank()
        candidates = None if rank is None else rank(state, seed_from(base, "root"))
        root = None if candidates is None else [int(a) for a in candidates]
        pool = self._start() if self.shared is None else self.shared
        futures: list[Future[tuple[list[Analysis], int]]] = []
        try:
            futures = [pool.submit(self.search, state, spec, seed_from(base, i), self.max_seconds, root)
                       for i, spec in enumerate(self.specs)]
            wait(futures, return_when=FIRST_EXCEPTION)
            for future in futures:  # a failed share, wherever it stands, stops the others at once
                failure = None if not future.done() or future.cancelled() else future.exception()
                if failure is not None:
                    raise failure
            results = [future.result() for future in futures]  # in the workers' order, whoever ends first
        except BaseException as error:  # a failed decision: none of its work left to run
            for future in futures:
                future.cancel()
            if isinstance(error, BrokenProcessPool) and pool is self._pool:  # a worker died: start anew
                self._pool = None
                end_broken(pool)
            raise
        seat = state.current_player()
        ranked = merge([r for r, _ in results], state.game.actions, seat, candidates if self.flat else None, self.tie)
        return ranked, sum(n for _, n in results)

    def _start(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._pool = worker_pool(self.workers)
            weakref.finalize(self, self._pool.shutdown, wait=False, cancel_futures=True)
        return self._pool

    def warm(self) -> None:
        """Starts the worker processes and warms them (:func:`start_workers`) before the first
        decision: a shell's, when the game starts; none where a shell's pool serves (:func:`share_in`)."""
        if self.shared is None:
            start_workers(self._start(), self.workers)

    def close(self) -> None:
        """Ends the worker processes (a later decision starts new ones); a shell's pool is its shell's to end."""
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None


def reseed(agent: object, seed: int) -> None:
    """Seeds ``agent``'s worker processes' searches anew: from here it decides as a new agent of
    that seed would (a kept hint agent, seeded by each position)."""
    parallel = getattr(agent, "parallel", None)
    if isinstance(parallel, RootParallel):
        parallel.rng.seed(seed)


def share_in(agent: object, pool: Executor) -> None:
    """Sends ``agent``'s worker searches, if it has any (an ``@N`` search), to ``pool``: a shell's
    processes (the server's agents'), never a pool of the agent's own inside it."""
    parallel = getattr(agent, "parallel", None)
    if isinstance(parallel, RootParallel):
        parallel.shared = pool


def warm(agent: object) -> None:
    """Starts ``agent``'s worker processes, if it has any (an ``@N`` search); any agent may be given."""
    parallel = getattr(agent, "parallel", None)
    if isinstance(parallel, RootParallel):
        parallel.warm()


def close(agent: object) -> None:
    """Ends ``agent``'s worker processes, if it has any (an ``@N`` search); any agent may be given."""
    parallel = getattr(agent, "parallel", None)
    if isinstance(parallel, RootParallel):
        parallel.close()
