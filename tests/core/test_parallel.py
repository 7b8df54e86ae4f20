"""Root-parallel search (issue 35, "search on every core"): ``<search>@N`` shares its budget among
N worker processes, each searching the same root with its own seed, their roots merged in the
workers' order. On Blind Hand, whose marker card ``aquila`` only its holder may see."""

from __future__ import annotations

import contextlib
import gc
import itertools
import os
import random
import signal
import time
import weakref
from concurrent.futures import Future, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool

import pytest

import legatus
from legatus.core.agents import decide, make_agent, search_share, seat_input, warm
from legatus.core.errors import OptionError
from legatus.core.game import State
from legatus.core.mcts import Analysis, seed_from
from legatus.core.parallel import (
    MAX_WORKERS,
    RootParallel,
    end_broken,
    merge,
    process_context,
    share_budget,
    share_in,
    start_workers,
    worker_pool,
)
from legatus.core.session import sample_outcome
from tests.games.blind import MARKER
from tests.games.secrecy import unseen_twins

SPECS = ["mcts:40", "flat:40", "ismcts:40", "dmcts:40"]


def dealt(seed: int = 1, players: int = 2) -> State:
    """A Blind Hand game after its deal: the first decision."""
    state = legatus.load("blind", players=players, cards=4 * players, turns=2).new_initial_state()
    rng = random.Random(seed)
    while state.is_chance_node():
        state.apply_action(sample_outcome(state, rng))
    return state


def parallel(spec: str, seed: int, made: list[object]) -> object:
    agent = make_agent(dealt().game, spec, seed)
    made.append(agent)
    return agent


def analysis(agent: object, state: State) -> list[tuple[str, int, tuple[float, ...]]]:
    ranked: list[Analysis] = agent.analyse(state)  # type: ignore[attr-defined]
    return [(str(r.action), r.visits, r.mean) for r in ranked]


@pytest.mark.parametrize("spec", SPECS)
def test_the_roots_of_the_workers_searches_are_summed_in_the_workers_order(spec: str, agents: list[object]) -> None:
    state = dealt()
    agent = parallel(f"{spec}@2", 5, agents)
    got = analysis(agent, state)
    # the same two searches in this process, seeded as the workers are, merged by hand
    base = random.Random(5).getrandbits(63)
    name, _, budget = spec.partition(":")
    shares = [search_share(state, f"{name}:{share}", seed_from(base, i), None)
              for i, share in enumerate(share_budget(int(budget), 2))]
    order = make_agent(state.game, spec)._candidates(state)[0] if name == "flat" else None  # type: ignore[attr-defined]
    expected = merge([ranked for ranked, _ in shares], state.game.actions, state.current_player(), order)
    assert got == [(str(r.action), r.visits, r.mean) for r in expected]
    assert agent.last_simulations == sum(n for _, n in shares)  # type: ignore[attr-defined]
    if name != "flat":  # every simulation of a tree search visits one root action
        assert sum(visits for _, visits, _ in got) == agent.last_simulations  # type: ignore[attr-defined]


@pytest.mark.parametrize("workers", [2, 3])
@pytest.mark.parametrize("spec", SPECS)
def test_a_seed_gives_the_same_decisions(spec: str, workers: int, agents: list[object]) -> None:
    states = [dealt(seed) for seed in range(3)]
    first, again = parallel(f"{spec}@{workers}", 9, agents), parallel(f"{spec}@{workers}", 9, agents)
    runs = [[analysis(agent, s) for s in states] for agent in (first, again)]
    assert runs[0] == runs[1]  # decision after decision, whichever worker ends first


@pytest.mark.parametrize("spec", SPECS)
def test_one_worker_is_the_search_itself(spec: str) -> None:
    state = dealt()
    plain, one = make_agent(state.game, spec, 3), make_agent(state.game, f"{spec}@1", 3)
    assert type(plain) is type(one) and one.parallel is None  # type: ignore[attr-defined]
    assert [analysis(plain, state) for _ in range(2)] == [analysis(one, state) for _ in range(2)]


@pytest.mark.parametrize(("spec", "message"), [
    ("mcts:40@0", r"@ takes the number of worker processes, from 1 to 64"),
    ("mcts:40@x", r"@ takes the number of worker processes"),
    ("mcts:40@", r"@ takes the number of worker processes"),
    ("mcts:40@\u00b2", r"@ takes the number of worker processes"),  # a superscript two, a digit to isdigit
    ("mcts:40@\u0662", r"@ takes the number of worker processes"),  # an Arabic-Indic two, read as 2 by int
    (f"mcts:40@{MAX_WORKERS + 1}", r"@ .*, from 1 to 64"),
    ("random@2", r"only a search \(mcts, flat, ismcts, dmcts\) takes @"),  # Blind Hand has no search of its own
    ("mcts:1@2", r"1 simulations cannot be shared among 2 workers"),
    ("mcts:0@2", r"the budget is a number of simulations"),
])
def test_a_bad_worker_count_is_refused_naming_the_spec(spec: str, message: str) -> None:
    with pytest.raises(OptionError, match=rf"agent '{spec}': {message}"):
        make_agent(dealt().game, spec)


def test_a_budget_in_seconds_is_each_workers_own(agents: list[object]) -> None:
    agent = parallel("mcts:0.05s@2", 1, agents)
    assert isinstance(agent.parallel, RootParallel)  # type: ignore[attr-defined]
    assert agent.parallel.specs == ["mcts:0.05s", "mcts:0.05s"]  # type: ignore[attr-defined]
    assert decide(agent, dealt()) in dealt().legal_actions()  # type: ignore[arg-type]


def test_the_budget_is_shared_the_first_workers_taking_the_rest() -> None:
    assert share_budget(10, 4) == [3, 3, 2, 2]
    assert share_budget(400, 2) == [200, 200]


@pytest.mark.parametrize("spec", ["ismcts:40@2", "dmcts:40@2"])
def test_the_workers_search_from_what_the_seat_knows_never_where_the_marker_is(spec: str,
                                                                             agents: list[object]) -> None:
    # Positions where another seat holds the marker, and a twin where it lies elsewhere: the seat to
    # move cannot tell them apart, nor may its workers' searches (the same decisions, visits and means).
    pairs = list(itertools.islice(unseen_twins((dealt(seed, players=3) for seed in range(40)), MARKER), 3))
    assert len(pairs) == 3, "too few positions where another seat holds the marker"
    for pair in pairs:
        given = [seat_input(s, random.Random(7)) for s in pair]  # what the seat's agent is given
        searched = [analysis(parallel(spec, 2, agents), s) for s in given]
        assert searched[0] == searched[1]


def test_a_worker_killed_fails_that_decision_and_the_next_one_starts_new_workers(agents: list[object]) -> None:
    agent = parallel("mcts:40@2", 4, agents)
    state = dealt()
    analysis(agent, state)
    pool = agent.parallel._pool  # type: ignore[attr-defined]
    for process in list(pool._processes.values()):
        with contextlib.suppress(ProcessLookupError):  # the pool ends the others when one dies
            os.kill(process.pid, signal.SIGKILL)
        process.join(10)  # dead before the next decision is sent: the pool may know it broke at once
    with pytest.raises(BrokenProcessPool):
        analysis(agent, state)
    assert [a for a, _, _ in analysis(agent, state)]  # new workers search


def _die() -> None:
    os.kill(os.getpid(), signal.SIGKILL)


def test_a_worker_started_as_its_pool_broke_ends_with_the_pool() -> None:
    # CPython 3.11 marks a pool broken without the lock a submit holds: a submit racing the
    # break may start a worker after the pool ended the others, and the pool's thread then
    # waits for it forever (a whole test run hung at its exit so). The straggler here is a
    # process put in the pool's table under that lock, as the racing submit does.
    pool = worker_pool(2)
    start_workers(pool, 2)
    with pytest.raises(BrokenProcessPool):
        pool.submit(_die).result()
    straggler = process_context().Process(target=time.sleep, args=(60,))
    with pool._shutdown_lock:  # type: ignore[attr-defined]
        straggler.start()
        pool._processes[straggler.pid] = straggler  # type: ignore[attr-defined]
    end_broken(pool)
    straggler.join(10)
    assert not straggler.is_alive()


class _Failing:
    """A pool whose worker ``failing`` fails at once and whose others have not ended."""

    def __init__(self, failing: int) -> None:
        self.failing = failing
        self.futures: list[Future[tuple[list[Analysis], int]]] = []

    def submit(self, *_: object) -> Future[tuple[list[Analysis], int]]:
        future: Future[tuple[list[Analysis], int]] = Future()
        if len(self.futures) == self.failing:
            future.set_exception(MemoryError(f"worker {self.failing}"))
        self.futures.append(future)
        return future

    def shutdown(self, wait: bool = True, cancel_futures: bool = False) -> None:
        pass


@pytest.mark.parametrize("failing", [0, 2])
def test_a_failing_worker_fails_the_decision_at_once_and_cancels_the_others_work(
        failing: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Wherever the failing worker stands: the last one failing did not fail the decision until the
    first had ended (here it never does)."""
    pool = _Failing(failing)
    monkeypatch.setattr("legatus.core.parallel.worker_pool", lambda workers: pool)
    search = RootParallel(search_share, ["mcts:10"] * 3, 1, None)
    thread = ThreadPoolExecutor(1)
    try:
        error = thread.submit(search, dealt()).exception(timeout=10)
    finally:
        for future in pool.futures:  # a decision still waiting on one (the failure) gets it now
            future.cancel()
        thread.shutdown()
    assert isinstance(error, MemoryError) and str(error) == f"worker {failing}"
    assert [future.cancelled() for future in pool.futures] == [i != failing for i in range(3)]


def test_the_workers_hold_their_agent_weakly_so_that_it_ends_them_when_dropped() -> None:
    agent = make_agent(dealt().game, "flat:40@2", 1)
    dropped = weakref.ref(agent)
    collecting = gc.isenabled()
    gc.disable()  # freed by its last reference, not by a collection of cycles some time later
    try:
        del agent
        assert dropped() is None
    finally:
        if collecting:
            gc.enable()


def test_warm_starts_every_worker_before_the_first_decision(agents: list[object]) -> None:
    agent = parallel("mcts:40@3", 1, agents)
    warm(agent)
    assert len(agent.parallel._pool._processes) == 3  # type: ignore[attr-defined]
    warm(make_agent(dealt().game, "mcts:40"))  # any agent may be given: one in this process has none


def test_an_agent_given_a_shells_pool_starts_and_ends_no_process_of_its_own(agents: list[object]) -> None:
    agent = parallel("mcts:40@2", 1, agents)
    with ThreadPoolExecutor(2) as shell:
        share_in(agent, shell)
        warm(agent)
        assert agent.parallel._pool is None  # type: ignore[attr-defined]
        assert analysis(agent, dealt())  # searched in the shell's pool
        assert agent.parallel._pool is None  # type: ignore[attr-defined]


def test_a_flat_search_s_near_ties_are_settled_on_the_merged_root_over_every_worker_s_futures() -> None:
    """Issue 36: a flat search carrying a near-tie margin (Hannibal's hint) settles it on the merged
    root as in one process: the workers' futures end to end, paired candidate by candidate."""
    state = dealt()
    table = state.game.actions
    first, second = state.legal_actions()[:2]
    # two workers of 3 futures: the second candidate ahead by a hair the futures cannot tell
    shares = [[Analysis(second, 3, (0.52, 0.52), (0.5, 0.6, 0.46)), Analysis(first, 3, (0.5, 0.5), (0.5, 0.5, 0.5))],
              [Analysis(second, 3, (0.5, 0.5), (0.5, 0.55, 0.45)), Analysis(first, 3, (0.5, 0.5), (0.5, 0.5, 0.5))]]
    seat = state.current_player()
    plain = merge(shares, table, seat, [first, second])
    assert [r.action for r in plain] == [second, first] and len(plain[0].returns) == 6
    settled = merge(shares, table, seat, [first, second], tie=1.0)
    assert [r.action for r in settled] == [first, second]
    far = [[Analysis(second, 3, (0.9, 0.9), (0.9, 0.9, 0.91)), Analysis(first, 3, (0.5, 0.5), (0.5, 0.5, 0.5))]]
    assert merge(far, table, seat, [first, second], tie=1.0)[0].action == second  # a clear best stands
