"""Bounds a hostile client meets (a review's attack of 2026-12-06): how many games a client may
start, what a page may send on its WebSocket, the inputs that once answered 500 or echoed
themselves whole, a retried undo, and a token-free request that rebuilt a game. Each refused
request is shown to change nothing."""

from __future__ import annotations

import asyncio
import threading
import time
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

import legatus
from legatus.core.errors import OptionError
from legatus.core.pacing import QUICK_SECONDS, Pacing
from legatus.web.app import create_app
from legatus.web.live import LiveGame
from legatus.web.routes import MAX_MESSAGE, WS_MESSAGE_CHARS, WS_MESSAGES
from tests.web.test_security import JSON, NEW, stored


def app_games(client: TestClient) -> Any:
    return client.app.state.games  # type: ignore[attr-defined]


def test_a_client_starts_a_bounded_number_of_games_and_all_clients_ten_times_as_many(db):
    app = create_app(db, max_new_games=2)
    with TestClient(app, client=("192.0.2.1", 1000)) as first:
        made = [first.post("/api/games", json=NEW) for _ in range(2)]
        assert [answer.status_code for answer in made] == [201, 201]
        refused = first.post("/api/games", json=NEW)
        assert refused.status_code == 429 and "2 games in 10 minutes" in refused.json()["error"]
        game = made[0].json()
        record = first.get(f"/api/games/{game['id']}/record?token={game['seats'][0]['token']}").json()
        assert first.post("/api/import", json={"record": record}).status_code == 429  # an import is a new game
        assert stored(db)[0] == 2
        for n in range(2, 11):  # nine other clients start theirs: ten clients' worth in all
            other = TestClient(app, client=(f"192.0.2.{n}", 1000))  # the app already started by the first
            assert [other.post("/api/games", json=NEW).status_code for _ in range(2)] == [201, 201]
        refused = TestClient(app, client=("192.0.2.99", 1000)).post("/api/games", json=NEW)
        assert refused.status_code == 429 and "20 games were started on this server" in refused.json()["error"]
        assert stored(db)[0] == 20
        assert sum(1 for _, by in app.state.games.created if by == "192.0.2.1") == 2  # its refusals counted nothing


def test_an_ipv6_client_is_counted_by_its_64(db):
    """One host draws its IPv6 addresses from a /64: they count as one client."""
    app = create_app(db, max_new_games=1)
    with TestClient(app, client=("2001:db8:1:2::1", 1000)) as first:
        assert first.post("/api/games", json=NEW).status_code == 201
        same = TestClient(app, client=("2001:db8:1:2:ffff::9", 1000)).post("/api/games", json=NEW)
        assert same.status_code == 429
        other = TestClient(app, client=("2001:db8:1:3::1", 1000)).post("/api/games", json=NEW)
        assert other.status_code == 201


def test_the_window_of_new_games_slides(db):
    app = create_app(db, max_new_games=1)
    games = app.state.games
    games.check_new("a", now=0.0)
    games.created.append((0.0, "a"))
    with pytest.raises(Exception, match="1 games in 10 minutes"):
        games.check_new("a", now=599.0)
    games.check_new("a", now=600.0)  # ten minutes on, the first game no longer counts
    assert not games.created


def closed(ws: Any, seconds: float = 10.0) -> WebSocketDisconnect:
    """How the server closed ``ws`` (failing, not hanging, if it does not within ``seconds``)."""
    ended: list[BaseException] = []
    reader = threading.Thread(target=lambda: ended.append(pytest.raises(WebSocketDisconnect, ws.receive_json).value),
                              daemon=True)
    reader.start()
    reader.join(seconds)
    assert ended, f"the server did not close the WebSocket within {seconds:g} s"
    assert isinstance(ended[0], WebSocketDisconnect)
    return ended[0]


def test_a_websocket_that_sends_more_than_a_page_pings_is_closed(client):
    created = client.post("/api/games", json=NEW).json()
    path = f"/ws/games/{created['id']}?token={created['watch_token']}"
    with client.websocket_connect(path) as ws:
        ws.receive_json()  # the first view
        for _ in range(WS_MESSAGES - 1):
            ws.send_text("ping")  # as the page does (every 25 s)
        ws.send_text("ping")  # the tenth within a minute: a flood
        flood = closed(ws)
    assert flood.code == 1008 and "ping every 25 s" in flood.reason
    with client.websocket_connect(path) as ws:
        ws.receive_json()
        ws.send_text("x" * (WS_MESSAGE_CHARS + 1))
        assert closed(ws).code == 1008


@pytest.mark.parametrize("body", [
    b'{"game": "\\ud800"}',  # a lone surrogate: no text, once a 500 when echoed
    b'{"game": "hispania", "x": 1' + b"0" * 5000 + b"}",  # over Python's 4,300 digits
])
@pytest.mark.parametrize("path", ["/api/games", "/api/preview", "/api/import"])
def test_json_that_is_no_text_or_too_long_a_number_is_a_clear_400(client, db, path, body):
    refused = client.post(path, content=body, headers=JSON)
    assert refused.status_code == 400 and refused.json()["error"].startswith("the request body")
    assert stored(db)[0] == 0


def test_an_action_with_a_lone_surrogate_token_is_a_clear_400(client, db):
    created = client.post("/api/games", json=NEW).json()
    refused = client.post(f"/api/games/{created['id']}/actions", content=b'{"token": "\\ud800", "action": "x"}',
                          headers=JSON)
    assert refused.status_code == 400 and "half a character" in refused.json()["error"]


@pytest.mark.parametrize("option", ["name", "self", "no_such_option"])
@pytest.mark.parametrize("path", ["/api/preview", "/api/games"])
def test_an_unknown_option_names_the_options_the_server_takes(client, db, path, option):
    refused = client.post(path, json={"game": "viae", "options": {option: 1}})
    message = refused.json()["error"]
    assert refused.status_code == 400 and f"unknown option '{option}' for viae; options: " in message
    taken = message.split("options: ")[1].split(", ")
    assert "players" in taken and not {"board", "cards", "seed"} & set(taken)  # each refused on the server
    assert stored(db)[0] == 0


def test_an_option_named_like_a_parameter_is_an_option_error_in_the_library():
    for name in ("name", "self"):
        with pytest.raises(OptionError, match=f"unknown option '{name}'"):
            legatus.load("hannibal", **{name: 1})


@pytest.mark.parametrize("query", ["limit=%C2%B2", "offset=%C2%B9", "limit=-1", "limit=x", "limit=" + "9" * 5000,
                                   "offset=" + "0" * 5000 + "1"])
def test_a_page_number_that_is_no_ascii_number_is_a_clear_400(client, query):
    refused = client.get(f"/api/games?{query}")
    assert refused.status_code == 400 and "must be a whole number" in refused.json()["error"]


def test_a_long_input_is_not_echoed_whole(client):
    refused = client.post("/api/preview", json={"game": "hispania", "options": {"level": "9" * 60_000}})
    message = refused.json()["error"]
    assert refused.status_code == 400 and len(message) <= MAX_MESSAGE + 3
    assert "level" in message[:200] and "9" * 1000 not in message


def test_a_retried_undo_undoes_once(client, db):
    created = client.post("/api/games", json=NEW).json()
    token, gid = created["seats"][0]["token"], created["id"]
    for _ in range(2):
        view = client.get(f"/api/games/{gid}?token={token}").json()
        action = view["view"]["legal_actions"][0]
        assert client.post(f"/api/games/{gid}/actions", json={"token": token, "action": action,
                                                                "expect": view["log_length"]}).status_code == 200
    length = client.get(f"/api/games/{gid}?token={token}").json()["log_length"]
    first = client.post(f"/api/games/{gid}/undo", json={"token": token, "expect": length})
    assert first.status_code == 200
    retried = client.post(f"/api/games/{gid}/undo", json={"token": token, "expect": length})
    assert retried.status_code == 409 and "moved on" in retried.json()["error"]
    assert client.get(f"/api/games/{gid}?token={token}").json()["log_length"] == length + 1  # one undo logged


def test_a_games_public_data_is_answered_without_rebuilding_it(db):
    app = create_app(db)
    with TestClient(app) as client:
        created = client.post("/api/games", json={"game": "hannibal", "players": {}}).json()
        app.state.games.live.clear()  # as after an eviction
        answer = client.get(f"/api/games/{created['id']}/public")
        assert answer.status_code == 200 and answer.json()["game"] == "hannibal"
        assert answer.json() == {"game": "hannibal", **legatus.load("hannibal").public_data()}
        assert not app.state.games.live  # nothing replayed, nothing kept
        assert client.get("/api/games/nosuchgame/public").status_code == 404



def test_a_game_not_in_memory_is_replayed_off_the_event_loop_once_for_all_its_requests(db, monkeypatch):
    """A token's request for a game not in memory (evicted, or after a restart) replayed its log
    on the event loop, the server answering no one else meanwhile. It is replayed in a worker
    thread, the loop going on; requests for the same game wait on one replay (two would make
    two live games, and an action applied to one would be missing from the other)."""
    replays: list[int] = []
    replayed = LiveGame.replayed.__func__  # type: ignore[attr-defined]

    def slow(cls: type[LiveGame], *args: Any) -> LiveGame:
        replays.append(threading.get_ident())
        time.sleep(0.3)
        return replayed(cls, *args)

    monkeypatch.setattr(LiveGame, "replayed", classmethod(slow))
    with TestClient(create_app(db)) as client:
        created = client.post("/api/games", json={"game": "hannibal", "players": {}}).json()
        games = app_games(client)
        games.live.clear()  # as after an eviction

        async def three_requests_and_a_ticker() -> tuple[list[Any], int]:
            ticks = 0

            async def ticker() -> None:
                nonlocal ticks
                while True:
                    await asyncio.sleep(0.01)
                    ticks += 1

            ticking = asyncio.get_running_loop().create_task(ticker())
            opened = await asyncio.gather(*(games.open(created["id"]) for _ in range(3)))
            ticking.cancel()
            return opened, ticks

        opened, ticks = asyncio.run(three_requests_and_a_ticker())
        assert len(replays) == 1 and replays[0] != threading.get_ident()  # once, in a worker thread
        assert opened[0] is opened[1] is opened[2] is games.live[created["id"]]
        assert ticks >= 10  # the loop went on during the 0.3 s replay
        assert not games.opening
        answer = client.get(f"/api/games/{created['id']}?token={created['seats'][0]['token']}")
        assert answer.status_code == 200 and len(replays) == 1  # in memory since


def rome_s_agent_opens(client: TestClient) -> None:
    """A Hannibal game made with Rome's heuristic agent, waited on until Carthage is to move."""
    created = client.post("/api/games", json={"game": "hannibal", "players": {"rome": "heuristic"}}).json()
    live = app_games(client).get(created["id"])
    deadline = time.monotonic() + 60
    while live.state.current_player() != live.state.game.seat_index("carthage"):
        assert time.monotonic() < deadline, "Rome's agent did not play"
        time.sleep(0.05)


def test_a_paced_agent_keeps_its_worker_until_its_move_is_shown(db, monkeypatch):
    """Secrecy review: the worker of an agent's paced move came free when the agent had chosen,
    which other games' hints, timed, could read (a quick answer, or a search, by its hand). It
    is kept through the pace and given back as the move is shown."""
    busy: dict[str, list[int]] = {"pacing": [], "shown": []}
    with TestClient(create_app(db, agent_seconds=0.05)) as client:
        thinkers = app_games(client).thinkers
        hold = Pacing.hold
        publish = LiveGame.publish
        monkeypatch.setattr(Pacing, "hold", lambda self, *args: busy["pacing"].append(thinkers.busy) or
                            min(hold(self, *args), 0.05))
        monkeypatch.setattr(LiveGame, "publish", lambda self, draft: busy["shown"].append(thinkers.busy) or
                            publish(self, draft))
        rome_s_agent_opens(client)
    assert busy["pacing"] and set(busy["pacing"]) == {1} and set(busy["shown"]) == {0}


@pytest.mark.parametrize("paced", [True, False])
def test_no_pace_shows_agents_moves_at_once(db, monkeypatch, paced):
    """In a game with secrets each agent move waits for its pace (legatus.core.pacing) unless the
    server is told not to (--no-pace, pace_agents=False)."""
    held: list[float] = []
    monkeypatch.setattr(Pacing, "hold", lambda self, thought, rng: held.append(self.least) or 0.0)
    with TestClient(create_app(db, agent_seconds=0.05, pace_agents=paced)) as client:
        rome_s_agent_opens(client)
    assert (held and min(held) >= QUICK_SECONDS) if paced else not held
