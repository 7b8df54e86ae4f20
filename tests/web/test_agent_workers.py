"""Agents think in a bounded pool of worker processes (issue 35, "search on every core"): two
games' agents think at once, in two processes; a worker killed while it thinks gives one clear
error and the game plays on; the server's end ends the workers."""

from __future__ import annotations

import asyncio
import os
import signal
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from legatus.core.agents import AGENT_TRIES
from legatus.web import games as games_module
from legatus.web import live as live_module
from legatus.web.app import create_app
from legatus.web.games import POOL_BREAKS, Games
from legatus.web.thinkers import Thinkers, WorkerLost
from tests.games import registered

HISPANIA_AGENT = {"game": "hispania", "options": {"level": "7-5-4-5-1"}, "players": {"rome": "mcts:1.5s"}}


def stay(seconds: float) -> tuple[int, float, float]:
    """A worker's task: this process's id, and when it began and ended (``time.monotonic``, one
    clock for every process of the machine)."""
    began = time.monotonic()
    time.sleep(seconds)
    return os.getpid(), began, time.monotonic()


def die() -> None:
    """A worker's task that kills its worker, as an out-of-memory killer would."""
    os.kill(os.getpid(), signal.SIGKILL)


def workers_of(games: Games) -> list[Any]:
    """The processes of the agents' pool now (the pool's own table)."""
    return list(getattr(games.thinkers.pool, "_processes", {}).values())


def test_two_games_agents_think_at_once_in_two_processes() -> None:
    async def scenario() -> None:
        thinkers = Thinkers(2)
        try:
            # a game between agents and a game with a person: one worker each
            done = await asyncio.gather(thinkers.run(stay, 1.0, person=False), thinkers.run(stay, 1.0, person=True))
        finally:
            thinkers.shutdown()
        (pid1, began1, ended1), _ = done[0]
        (pid2, began2, ended2), _ = done[1]
        assert len({pid1, pid2, os.getpid()}) == 3  # two workers, neither the server
        assert began1 < ended2 and began2 < ended1  # side by side, not one after the other

    asyncio.run(scenario())


def test_a_worker_killed_while_it_thinks_is_one_clear_error_and_the_next_decision_is_served() -> None:
    async def scenario() -> None:
        thinkers = Thinkers(2)
        try:
            with pytest.raises(WorkerLost, match=r"an agent's worker process ended while it thought"):
                await thinkers.run(die, person=True)
            assert thinkers.busy == 0  # its worker's slot is given back
            (pid, _, _), _ = await thinkers.run(stay, 0.0, person=False)  # a new pool serves the games
            assert pid != os.getpid()
        finally:
            thinkers.shutdown()

    asyncio.run(scenario())


def wait_for(check: Any, seconds: float = 60.0) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, "not within the time"
        time.sleep(0.05)


def test_a_games_agent_whose_worker_is_killed_thinks_again_and_the_game_plays_on(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path / "games.db", agent_seconds=1.5)) as client:
        games: Games = client.app.state.games  # type: ignore[attr-defined]
        created = client.post("/api/games", json=HISPANIA_AGENT)
        assert created.status_code == 201, created.text
        gid, watch = created.json()["id"], created.json()["watch_token"]
        wait_for(lambda: any(p.is_alive() for p in workers_of(games)))  # the agent thinks (1.5 s a move)
        before = client.get(f"/api/games/{gid}?token={watch}").json()["log_length"]
        for process in workers_of(games):
            os.kill(process.pid, signal.SIGKILL)
        # the agent thinks again in a new pool: its moves go on, and no one is told it stalled
        wait_for(lambda: client.get(f"/api/games/{gid}?token={watch}").json()["log_length"] > before)
        assert client.get(f"/api/games/{gid}?token={watch}").json()["stalled"] is None


def test_the_servers_end_ends_the_agents_workers(tmp_path: Path) -> None:
    with registered(), TestClient(create_app(tmp_path / "games.db", agent_seconds=0.05)) as client:
        games: Games = client.app.state.games  # type: ignore[attr-defined]
        new = {"game": "blind", "options": {"players": 2, "cards": 4, "turns": 3},
               "players": {"seat1": "random", "seat2": "random"}}
        assert client.post("/api/games", json=new).status_code == 201
        wait_for(lambda: bool(workers_of(games)))
        processes = workers_of(games)
    for process in processes:
        process.join(10)
        assert not process.is_alive()


def lost_then(losses: int, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The agents' decisions lose their worker ``losses`` times, then are made; the count so far."""
    lost = [0]
    think = live_module.think

    def losing(*args: Any) -> Any:
        if lost[0] < losses:
            lost[0] += 1
            raise WorkerLost("an agent's worker process ended while it thought")
        return think(*args)

    monkeypatch.setattr(live_module, "think", losing)
    monkeypatch.setattr(games_module, "BREAK_BACKOFF", 0.01)
    return lost


def agents_game(client: TestClient) -> tuple[str, str]:
    client.app.state.games.thinkers = Thinkers(2, ThreadPoolExecutor)  # type: ignore[attr-defined]  # the patched think
    created = client.post("/api/games", json={"game": "hannibal", "options": {},
                                              "players": {"rome": "random"}}).json()
    return created["id"], created["seats"][1]["token"]


def test_a_lost_worker_is_no_failure_of_the_agent_and_the_game_asks_again(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    lost = lost_then(AGENT_TRIES + 1, monkeypatch)  # more losses than an agent's tries: not counted as its failures
    with TestClient(create_app(tmp_path / "games.db")) as client:
        gid, token = agents_game(client)
        for _ in range(400):
            answer = client.get(f"/api/games/{gid}?token={token}").json()
            if answer["view"]["to_move"] != "rome" or answer["stalled"]:
                break
            time.sleep(0.02)
    assert lost[0] == AGENT_TRIES + 1
    assert not answer["stalled"] and answer["view"]["to_move"] != "rome"  # rome's agent moved


def test_a_pool_broken_too_often_in_a_row_stops_the_agents_with_one_clear_message(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    lost_then(POOL_BREAKS, monkeypatch)
    with TestClient(create_app(tmp_path / "games.db")) as client:
        gid, token = agents_game(client)
        for _ in range(400):
            answer = client.get(f"/api/games/{gid}?token={token}").json()
            if answer["stalled"]:
                break
            time.sleep(0.02)
    assert answer["stalled"] == (f"the agents' worker processes ended {POOL_BREAKS} times in a row (killed or out "
                                 "of memory). Reload the page to let them try again.")


def test_the_servers_workers_start_before_any_decision_so_that_none_is_timed_with_a_start(tmp_path: Path) -> None:
    # issue 30's timing channel: a decision that paid a process's start would be shown later than a quick one
    with TestClient(create_app(tmp_path / "games.db", agent_workers=3)) as client:
        games: Games = client.app.state.games  # type: ignore[attr-defined]
        for _ in range(600):  # started in a thread of the server's start, no game asked
            if len(workers_of(games)) == 3:
                break
            time.sleep(0.05)
        assert len(workers_of(games)) == 3


def test_a_server_stopped_before_its_workers_started_leaves_no_error_in_the_start_thread(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The start thread found its pool shut down (a short-lived server): nothing to start, and no
    exception escaping the thread (it printed one before)."""
    escaped: list[threading.ExceptHookArgs] = []
    monkeypatch.setattr(threading, "excepthook", escaped.append)
    thinkers = Thinkers(2, pool=ThreadPoolExecutor)
    thinkers.shutdown()
    thinkers.warm()
    for thread in threading.enumerate():
        if thread.name == "legatus-workers-start":
            thread.join(timeout=10)
    assert escaped == []
