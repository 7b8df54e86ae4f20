"""A person takes over an agent's seat (issue 30, point 3): an explicit request by a person
seated in the game, told to every seat; the seat then has a token and its agent stops. Refused,
nothing changed, for a person's seat, a finished game, or a token that is no seat of the game."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

import legatus
from legatus.web.app import create_app
from legatus.web.live import LiveGame, opening, summary
from legatus.web.store import TAKEOVER, Store
from tests.games import registered
from tests.web.test_secrets import play_out

NEW = {"game": "blind", "options": {"players": 2, "cards": 4, "turns": 3}, "players": {"seat2": "random"}}
NOTICE = "seat2 is now played by a person"


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "games.db"


@pytest.fixture
def client(db: Path) -> Iterator[TestClient]:
    with registered(), TestClient(create_app(db, agent_seconds=0.05)) as c:
        yield c


def view(client: TestClient, gid: str, token: str) -> dict[str, Any]:
    answer = client.get(f"/api/games/{gid}?token={token}")
    assert answer.status_code == 200, answer.text
    return dict(answer.json())


def test_a_seated_person_takes_over_the_agents_seat_and_every_seat_is_told(client: TestClient, db: Path) -> None:
    created = client.post("/api/games", json=NEW).json()
    gid, mine, watch = created["id"], created["seats"][0]["token"], created["watch_token"]
    taken = client.post(f"/api/games/{gid}/takeover", json={"token": mine, "seat": "seat2"})
    assert taken.status_code == 200, taken.text
    token = taken.json()["token"]
    assert taken.json()["link"] == f"/play/{gid}?token={token}"
    for t in (mine, token, watch):
        seen = view(client, gid, t)
        assert seen["notices"] == [NOTICE] and seen["players"] == {"seat1": "person", "seat2": "person"}
    # the agent stops: whenever seat2 is to move the game waits for its new player
    rng = random.Random(1)
    while (seat2 := view(client, gid, token))["view"]["returns"] is None:
        views = [view(client, gid, mine), seat2]
        mover = next(i for i, v in enumerate(views) if v["view"]["legal_actions"])
        if mover == 1:
            time.sleep(0.3)  # several of the agent's bounds
            assert view(client, gid, token)["log_length"] == seat2["log_length"]
        action = rng.choice(views[mover]["view"]["legal_actions"])
        answer = client.post(f"/api/games/{gid}/actions", json={"token": [mine, token][mover], "action": action})
        assert answer.status_code == 200, answer.text
    with registered(), TestClient(create_app(db)) as again:  # the store keeps it
        assert view(again, gid, token)["notices"] == [NOTICE]


@pytest.mark.parametrize(("body", "status", "says"), [
    ({"seat": "seat1"}, 409, "a person's already"),
    ({"seat": "seat9"}, 400, "unknown seat 'seat9'; seats: seat1, seat2"),
    ({"token": "watch", "seat": "seat2"}, 403, "the watch token cannot"),
    ({"token": "someone else's", "seat": "seat2"}, 403, "belongs to no seat of this game"),
    ({"token": None, "seat": "seat2"}, 400, "'token' must be given"),
])
def test_a_takeover_is_refused_and_nothing_changes(client: TestClient, body: dict[str, Any], status: int,
                                                   says: str) -> None:
    created = client.post("/api/games", json=NEW).json()
    gid, mine = created["id"], created["seats"][0]["token"]
    token = {"watch": created["watch_token"], None: None}.get(body.get("token", mine), body.get("token", mine))
    if body.get("token") == "someone else's":
        token = client.post("/api/games", json=NEW).json()["seats"][0]["token"]
    before = view(client, gid, mine)
    answer = client.post(f"/api/games/{gid}/takeover", json={**body, "token": token})
    assert answer.status_code == status and says in answer.json()["error"], answer.text
    after = view(client, gid, mine)
    assert after["notices"] == [] and after["players"] == before["players"]


def test_a_finished_games_agent_seat_cannot_be_taken_over(client: TestClient) -> None:
    created = client.post("/api/games", json=NEW).json()
    gid, mine = created["id"], created["seats"][0]["token"]
    play_out(client, created, random.Random(2))
    before = view(client, gid, mine)
    answer = client.post(f"/api/games/{gid}/takeover", json={"token": mine, "seat": "seat2"})
    assert answer.status_code == 409 and "the game is over" in answer.json()["error"]
    after = view(client, gid, mine)
    assert after["notices"] == [] and after["log_length"] == before["log_length"]


def test_a_move_the_agent_thought_over_before_the_takeover_is_never_shown(db: Path) -> None:
    store = Store(db)
    game = legatus.load("viae", players=2)
    session, entries = opening(game, [])
    first = session.state.current_player()  # VIAE's first player is drawn: the agent sits there
    seats = [("seat1", "random" if first == 0 else "person"), ("seat2", "random" if first == 1 else "person")]
    row = store.create_game("viae", game.version, game.record_options(), seats, entries, summary(session.state))
    live = LiveGame(row, store, session, len(entries), 1.0)
    turn = live.agent_turn()
    assert turn is not None and turn.seat == first
    drafted = live.draft(turn, turn.decide())
    assert drafted is not None
    live.take_over(1 - first, seats[first][0])
    assert not live.publish(drafted) and live.agent_turn() is None
    assert store.log(row.id)[-1] == (TAKEOVER, first) and live.log_length == len(store.log(row.id))
