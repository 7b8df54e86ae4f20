"""Games between agents are bounded however they come back (issue 30's follow-up, issue 34):
one resumed by a restart or reopened by a page waits its turn beyond ``--max-agent-games``, as
a new one is refused; and a person who takes over an agent's seat reads its hand from then on,
told to every seat (docs/web.md, Security)."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import pytest
from starlette.testclient import TestClient

import legatus
from legatus.web.app import create_app
from legatus.web.live import PERSON, opening, summary
from legatus.web.store import Store
from legatus.web.thinkers import Thinkers
from tests.games import registered

T = TypeVar("T")
OPTIONS = {"players": 2, "cards": 4, "turns": 3}
WAITS = "this one waits its turn"


def stored_games(db: Path, seats: list[tuple[str, str]], count: int) -> list[tuple[str, str]]:
    """``count`` games of Blind Hand in the store, none in memory (as a restart finds them): (id, watch token)."""
    store = Store(db)
    game = legatus.load("blind", **OPTIONS)
    made = []
    for _ in range(count):
        session, entries = opening(game, [])
        row = store.create_game("blind", game.version, game.record_options(), seats, entries, summary(session.state))
        made.append((row.id, row.watch_token))
    store.close()
    return made


def playing(client: TestClient) -> int:
    return sum(1 for live in client.app.state.games.live.values()  # type: ignore[attr-defined]
               if live.task is not None and not live.task.done())


def test_games_between_agents_resumed_by_a_restart_or_a_page_wait_for_the_bound(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    db = tmp_path / "games.db"
    with registered():
        made = stored_games(db, [("seat1", "random"), ("seat2", "random")], 3)
    gate = threading.Event()  # the agents think only once it is set

    async def held(self: Thinkers, task: Callable[..., T], *args: Any, person: bool,
                   keep: bool = False) -> tuple[T, float]:
        while not gate.is_set():
            await asyncio.sleep(0.01)
        if keep:  # kept until given back, as the real one
            self._take(person)
        return task(*args), time.perf_counter()

    monkeypatch.setattr(Thinkers, "run", held)
    with registered(), TestClient(create_app(db, agent_seconds=0.05, max_agent_games=1)) as client:
        assert playing(client) == 1  # the restart resumed one; the others wait
        views = [client.get(f"/api/games/{gid}?token={watch}").json() for gid, watch in made]
        waiting = [(gid, watch) for (gid, watch), v in zip(made, views, strict=True) if v["stalled"]]
        assert len(waiting) == 2 and all(WAITS in v["stalled"] for v in views if v["stalled"])
        gid, watch = waiting[0]
        with client.websocket_connect(f"/ws/games/{gid}?token={watch}") as ws:  # a page opened
            assert WAITS in ws.receive_json()["stalled"]
        assert playing(client) == 1
        gate.set()
        deadline = time.monotonic() + 30
        while not all(over(client, gid, watch) for gid, watch in made):  # each plays when one ends
            assert time.monotonic() < deadline, "the waiting games never played"
            time.sleep(0.05)
        assert all(client.get(f"/api/games/{gid}?token={watch}").json()["stalled"] is None for gid, watch in made)


def over(client: TestClient, gid: str, watch: str) -> bool:
    return bool(client.get(f"/api/games/{gid}?token={watch}").json()["over"])


def test_a_person_who_takes_over_an_agents_seat_reads_its_hand_and_every_seat_is_told(tmp_path: Path) -> None:
    db = tmp_path / "games.db"
    with registered():
        [(gid, watch)] = stored_games(db, [("seat1", PERSON), ("seat2", "random")], 1)
    with registered(), TestClient(create_app(db, agent_seconds=0.05)) as client:
        mine = Store(db).game(gid).seats[0].token  # type: ignore[union-attr]
        before = client.get(f"/api/games/{gid}?token={watch}").json()
        assert before["view"]["hand"] is None  # no one reads the agent's hand while it plays
        taken = client.post(f"/api/games/{gid}/takeover", json={"token": mine, "seat": "seat2"}).json()
        seen: dict[str, Any] = client.get(f"/api/games/{gid}?token={taken['token']}").json()
        assert seen["view"]["seat"] == "seat2" and seen["view"]["hand"] is not None  # the hand, from now on
        notice = "seat2 is now played by a person"
        for token in (mine, taken["token"], watch):  # a deliberate hand-over: every seat is told
            assert client.get(f"/api/games/{gid}?token={token}").json()["notices"] == [notice]
        with client.websocket_connect(f"/ws/games/{gid}?token={watch}") as ws:
            assert ws.receive_json()["notices"] == [notice]
