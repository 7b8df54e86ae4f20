"""The web hint's search shared among the agents' workers (issue 35, ``legatus serve --hint-workers N``):
as ``<search>@N`` shares it in one process (the same root ranking, seeds and merge order), each
worker's share a task of the agents' pool in its fair order, never a pool of its own; the hint
cancellable, a lost worker one clear error, and the seat's secrets kept (Blind Hand's marker card)."""

from __future__ import annotations

import asyncio
import functools
import itertools
import os
import random
import signal
import threading
import time
from collections.abc import Iterator
from concurrent.futures import Executor, ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

import legatus
from legatus.core.agents import close, make_agent
from legatus.core.game import State
from legatus.core.hints import hint_spec
from legatus.core.session import sample_outcome
from legatus.games.hannibal.game import HannibalGame
from legatus.games.hispania.game import HispaniaGame
from legatus.web import live as live_module
from legatus.web.app import create_app
from legatus.web.games import Games
from legatus.web.live import think
from legatus.web.routes import MAX_HINTS
from legatus.web.thinkers import Thinkers
from tests.games import registered
from tests.games.blind import MARKER
from tests.games.secrecy import unseen_twins
from tests.web.pools import Held, threads

SEED = 1234
BOUND = 30.0  # seconds: no share is cut short by the clock, so that the same seed gives the same hint
SMALL_HINT = "flat+heuristic:40"  # Hispania's hint agent, on a budget a loaded machine searches in well under BOUND


def decision(game: legatus.Game, seed: int) -> State:
    """The first decision of ``game`` after its opening dice, drawn with ``seed``."""
    state = game.new_initial_state()
    rng = random.Random(seed)
    while state.is_chance_node():
        state.apply_action(sample_outcome(state, rng))
    return state


def blind(seed: int, players: int = 2) -> State:
    return decision(legatus.load("blind", players=players, cards=4 * players, turns=2), seed)


@pytest.fixture
def seeded_draws(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The hidden parts of a hint's input drawn by a seeded generator (the server's are the
    system's): a fresh one for each :func:`hinted`, so that two hints are given the same input."""
    monkeypatch.setattr(live_module, "DICE", random.Random(7))
    yield


def hinted(position: State, spec: str, thinkers: Thinkers | None = None) -> tuple[int, str]:
    """The hint of ``spec`` at ``position`` seeded with :data:`SEED`: ``@N``'s own processes
    (``thinkers`` None), else the web's path, its shares sent to ``thinkers``' workers."""
    live_module.DICE.seed(7)  # type: ignore[attr-defined]  # seeded_draws'
    if thinkers is None:
        return think(position, spec, SEED, BOUND)
    return asyncio.run(thinkers.share(functools.partial(think, position, spec, SEED, BOUND), person=True))


def runs_counted(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The decisions the agents' pools are given, counted (a share is one)."""
    counted = [0]
    run = Thinkers.run

    async def counting(self: Thinkers, *args: Any, **kwargs: Any) -> Any:
        counted[0] += 1
        return await run(self, *args, **kwargs)

    monkeypatch.setattr(Thinkers, "run", counting)
    return counted


@pytest.mark.parametrize(("game", "spec"), [("hispania", f"{SMALL_HINT}@2"), ("blind", "ismcts:40@2"),
                                            ("blind", "mcts:30@3")])
def test_a_seed_gives_the_same_hint_on_one_processs_workers_and_on_the_agents_pools(
        game: str, spec: str, seeded_draws: None, monkeypatch: pytest.MonkeyPatch) -> None:
    with registered():
        position = blind(3) if game == "blind" else decision(legatus.load(game), 3)
        alone = hinted(position, spec)  # `@N`: the agent's own worker processes
        counted = runs_counted(monkeypatch)
        thinkers = Thinkers(3)
        try:
            shared = hinted(position, spec, thinkers)
        finally:
            thinkers.shutdown()
    assert shared == alone
    assert counted[0] == int(spec.rpartition("@")[2])  # one of the pool's decisions a share


def test_the_shared_hint_sees_what_the_seat_sees_never_where_the_marker_is(seeded_draws: None) -> None:
    # Positions where another seat holds the marker, and a twin where it lies elsewhere: the seat
    # cannot tell them apart, nor may its hint (the same action, with the same visits in its reason).
    with registered():
        pairs = list(itertools.islice(unseen_twins((blind(seed, players=3) for seed in range(40)), MARKER), 2))
        assert len(pairs) == 2, "too few positions where another seat holds the marker"
        thinkers = Thinkers(2)
        try:
            for pair in pairs:
                hints = [hinted(s, "ismcts:40@2", thinkers) for s in pair]
                assert hints[0] == hints[1]
        finally:
            thinkers.shutdown()


def hispania_game(client: TestClient) -> tuple[str, str]:
    created = client.post("/api/games", json={"game": "hispania", "options": {"level": "7-5-4-5-1"},
                                              "players": {}})
    assert created.status_code == 201, created.text
    return created.json()["id"], created.json()["seats"][0]["token"]


def test_the_servers_hint_is_the_at_n_hint_of_its_seed_searched_by_the_pools_workers(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(HispaniaGame, "HINT_AGENT", SMALL_HINT)
    monkeypatch.setattr(live_module.secrets, "randbits", lambda bits: SEED)  # the hint's seed, drawn by the server
    counted = runs_counted(monkeypatch)
    with TestClient(create_app(tmp_path / "games.db", agent_seconds=BOUND, agent_workers=2, hint_workers=2)) as client:
        games: Games = client.app.state.games  # type: ignore[attr-defined]
        gid, token = hispania_game(client)
        hint = client.post(f"/api/games/{gid}/hint", json={"token": token})
        assert hint.status_code == 200, hint.text
        position = games.live[gid].state.clone()
    assert counted[0] == 2  # its two shares, each one of the pool's decisions
    chosen, reason = think(position, f"{SMALL_HINT}@2", SEED, BOUND)  # in this process's own two workers
    assert (hint.json()["action"], hint.json()["reason"]) == (str(position.game.actions[chosen]), reason)


def die() -> None:
    """A share that kills its worker, as an out-of-memory killer would."""
    os.kill(os.getpid(), signal.SIGKILL)


def killing(position: State, spec: str, seed: int, max_seconds: float, shares: Executor) -> tuple[int, str]:
    """A hint whose share's worker is killed while it searches."""
    shares.submit(die).result()
    raise AssertionError("the worker outlived its killing")


def test_a_worker_killed_during_a_hint_is_one_clear_error_and_the_game_plays_on(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(HispaniaGame, "HINT_AGENT", SMALL_HINT)
    with TestClient(create_app(tmp_path / "games.db", agent_seconds=BOUND, agent_workers=2, hint_workers=2)) as client:
        gid, token = hispania_game(client)
        before = client.get(f"/api/games/{gid}?token={token}").json()
        with monkeypatch.context() as patched:
            patched.setattr(live_module, "think", killing)
            lost = client.post(f"/api/games/{gid}/hint", json={"token": token})
        assert lost.status_code == 503
        assert lost.json() == {"error": "an agent's worker process ended while it thought (killed or out of "
                                        "memory); a new one takes its place: ask for the hint again"}
        assert client.get(f"/api/games/{gid}?token={token}").json() == before  # nothing changed
        again = client.post(f"/api/games/{gid}/hint", json={"token": token})  # a new pool's workers
        assert again.status_code == 200, again.text
        played = client.post(f"/api/games/{gid}/actions", json={"token": token, "action": again.json()["action"]})
        assert played.status_code == 200, played.text


def test_a_hint_refused_while_others_are_worked_out_changes_nothing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(HispaniaGame, "HINT_AGENT", SMALL_HINT)
    release = threading.Event()
    held: list[int] = []

    def holding(*args: Any) -> tuple[int, str]:  # a shared hint, held in the server's thread until released
        held.append(1)
        release.wait(30)
        return think(*args)

    monkeypatch.setattr(live_module, "think", holding)
    app = create_app(tmp_path / "games.db", agent_seconds=BOUND, agent_workers=2, hint_workers=2)
    with TestClient(app) as client, ThreadPoolExecutor(MAX_HINTS) as askers:
        games = [hispania_game(client) for _ in range(MAX_HINTS + 1)]
        views = [client.get(f"/api/games/{gid}?token={token}").json() for gid, token in games]
        asked = [askers.submit(client.post, f"/api/games/{gid}/hint", json={"token": token})
                 for gid, token in games[:MAX_HINTS]]
        wait_until(lambda: len(held) == MAX_HINTS)
        gid, token = games[0]
        again = client.post(f"/api/games/{gid}/hint", json={"token": token})
        assert (again.status_code, again.json()) == (429, {"error": "a hint for this game is being worked out: "
                                                                    "wait for it"})
        gid, token = games[-1]
        other = client.post(f"/api/games/{gid}/hint", json={"token": token})
        assert (other.status_code, other.json()) == (503, {"error": "the server is working out other hints: "
                                                                    "ask again in a few seconds"})
        release.set()
        assert [answer.result().status_code for answer in asked] == [200] * MAX_HINTS
        assert [client.get(f"/api/games/{gid}?token={token}").json() for gid, token in games] == views
        assert len(held) == MAX_HINTS  # the refused hints never thought


def wait_until(check: Any, seconds: float = 10.0) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, "not within the time"
        time.sleep(0.01)


def test_a_hint_holding_every_worker_delays_other_games_only_for_its_bound_and_is_cancellable() -> None:
    async def scenario() -> None:
        thinkers = Thinkers(3, threads)
        share = Held()
        ran, hold = share.started, share.release

        def search(shares: Executor) -> list[int]:  # a hint's search of three shares, on a pool of three
            return [f.result() for f in [shares.submit(share, i) for i in range(3)]]

        hint = asyncio.create_task(thinkers.share(search, person=True))
        await asyncio.to_thread(wait_until, lambda: len(ran) == 3)
        # the hint holds every worker; a game between agents asks, and waits only for the hint's bound
        agents = asyncio.create_task(thinkers.run(str, "agents", person=False))
        await asyncio.sleep(0.05)
        assert not agents.done()
        hold.set()
        assert await hint == [0, 1, 2]
        assert (await asyncio.wait_for(agents, 5))[0] == "agents"
        # a hint stopped (its asker gone) while its shares wait: those never run, and its workers come back
        hold.clear()
        ran.clear()
        busy = asyncio.create_task(thinkers.run(share, -1, person=True))  # holds a worker
        await asyncio.to_thread(wait_until, lambda: ran == [-1])
        hint = asyncio.create_task(thinkers.share(search, person=True))
        await asyncio.to_thread(wait_until, lambda: len(ran) == 3)  # two shares run, the third waits
        hint.cancel()
        with pytest.raises(asyncio.CancelledError):
            await hint
        hold.set()
        await busy
        await asyncio.to_thread(wait_until, lambda: thinkers.busy == 0)
        assert sorted(ran) == [-1, 0, 1]  # the waiting share was dropped
        assert (await asyncio.wait_for(thinkers.run(str, "next", person=False), 5))[0] == "next"
        thinkers.shutdown()

    asyncio.run(scenario())


@pytest.mark.parametrize(("hint", "workers", "spec"), [
    ("ismcts+heuristic:64", 2, "ismcts+heuristic:64@2"),
    ("ismcts+heuristic:3", 4, "ismcts+heuristic:3@3"),  # no more shares than simulations (a test's tiny budget)
    ("mcts:1", 2, "mcts:1"),
    ("mcts:0.5s", 4, "mcts:0.5s@4"),  # a budget in seconds is each worker's own
    ("ismcts+heuristic:64", 1, "ismcts+heuristic:64"),
    ("heuristic", 2, "heuristic"),  # a game's own agent, no search to share
])
def test_a_hint_shares_a_core_search_among_at_most_its_simulations(
        hint: str, workers: int, spec: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(HannibalGame, "HINT_AGENT", hint)
    game = legatus.load("hannibal")
    assert hint_spec(game, workers) == spec
    close(make_agent(game, spec))  # a valid spec, its processes (none started) ended


def test_by_default_a_hint_searches_in_one_worker_as_measured(tmp_path: Path) -> None:
    """An ``@N`` search does not choose as one process does, and the hints' strength was measured
    in one: sharing is the operator's choice (it was half the pool from 4 workers)."""
    app = create_app(tmp_path / "games.db", agent_workers=8)
    games: Games = app.state.games
    try:
        assert games.hint_workers == 1
    finally:
        games.thinkers.shutdown()


def test_a_hint_cannot_take_more_workers_than_the_agents_have(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match=r"a hint's search is shared among 1 to 2 workers \(the agents'\), not 3"):
        create_app(tmp_path / "games.db", agent_workers=2, hint_workers=3)
