"""A seat's own log on the server (legatus/core/seatlog.py through legatus/web/live.py): in a
game with secrets, whose view keeps no log, each token's view, WebSocket update and replay step
carry the lines its seat saw — the spectators' what every seat saw in common. Blind Hand's
marker card ``aquila``, planted in seat2's hand by an imported record, is in seat2's lines and
in no other token's."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient

import legatus
from legatus.core.record import to_record
from legatus.web import live
from legatus.web.app import create_app
from tests.games import registered
from tests.games.blind import MARKER


@pytest.fixture
def client(tmp_path: Any) -> Iterator[TestClient]:
    with registered(), TestClient(create_app(tmp_path / "games.db")) as c:
        yield c


def planted_game(client: TestClient) -> tuple[str, list[str], str]:
    """A Blind Hand game imported just dealt, the marker in seat2's hand: its id, the seats'
    tokens, the spectators' token."""
    state = legatus.load("blind", players=2, cards=4, turns=3).new_initial_state()
    for card in ("1", MARKER, "3", "4"):
        state.apply_action(state.parse_action(f"deal {card}"))
    created = client.post("/api/import", json={"record": to_record(state)}).json()
    return created["id"], [s["token"] for s in created["seats"]], created["watch_token"]


def lines(client: TestClient, gid: str, token: str) -> list[str]:
    answer = client.get(f"/api/games/{gid}?token={token}").json()
    assert answer["seat_log"]["total"] == len(answer["seat_log"]["lines"])
    return list(answer["seat_log"]["lines"])


def test_each_token_s_view_carries_the_lines_its_seat_saw(client: TestClient) -> None:
    gid, (seat1, seat2), watch = planted_game(client)
    assert lines(client, gid, seat1) == ["deal 1", "seat2 draws a card", "deal 3", "seat2 draws a card"]
    assert lines(client, gid, seat2) == ["seat1 draws a card", f"deal {MARKER}", "seat1 draws a card", "deal 4"]
    assert lines(client, gid, watch) == ["seat1 draws a card", "seat2 draws a card"] * 2


def test_websocket_updates_carry_new_lines_and_no_other_seat_s_secret(client: TestClient) -> None:
    gid, tokens, watch = planted_game(client)
    sockets = [client.websocket_connect(f"/ws/games/{gid}?token={t}") for t in [*tokens, watch]]
    streams = [s.__enter__() for s in sockets]
    try:
        for stream in streams:
            stream.receive_text()  # the view as it stands
        client.post(f"/api/games/{gid}/actions", json={"token": tokens[0], "action": "play 1"})
        client.post(f"/api/games/{gid}/actions", json={"token": tokens[1], "action": f"discard {MARKER}"})
        frames = [[stream.receive_text() for _ in range(2)] for stream in streams]
    finally:
        for s in sockets:
            s.__exit__(None, None, None)
    newest = [json.loads(f[-1])["seat_log"]["lines"][-2:] for f in frames]
    assert newest[0] == newest[2] == ["seat1: play 1", "seat2 discards a card face down"]
    assert newest[1] == ["seat1: play 1", f"seat2: discard {MARKER}"]
    assert not any(MARKER in frame for frame in frames[0] + frames[2])  # seat1's and the spectators'
    assert MARKER not in json.dumps(client.get(f"/api/games/{gid}?token={watch}").json())


def test_a_replay_step_shows_the_seat_s_own_lines_up_to_it(client: TestClient) -> None:
    gid, (seat1, seat2), watch = planted_game(client)
    client.post(f"/api/games/{gid}/actions", json={"token": seat1, "action": "play 1"})
    step = client.get(f"/api/games/{gid}/replay/3?token={seat1}&seat=seat1").json()
    assert step["seat_log"] == {"lines": ["deal 1", "seat2 draws a card", "deal 3"], "total": 3}
    own = client.get(f"/api/games/{gid}/replay/5?token={seat2}&seat=seat2").json()
    assert own["seat_log"]["lines"][1] == f"deal {MARKER}" and own["seat_log"]["lines"][-1] == "seat1: play 1"
    observer = client.get(f"/api/games/{gid}/replay/5?token={watch}").json()
    assert MARKER not in json.dumps(observer) and observer["seat_log"]["lines"][-1] == "seat1: play 1"


def test_a_view_carries_the_newest_lines_numbered_from_the_total(client: TestClient,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(live, "LOG_LINES", 3)
    gid, (seat1, _), _ = planted_game(client)
    client.post(f"/api/games/{gid}/actions", json={"token": seat1, "action": "play 1"})
    log = client.get(f"/api/games/{gid}?token={seat1}").json()["seat_log"]
    assert log == {"lines": ["deal 3", "seat2 draws a card", "seat1: play 1"], "total": 5}


def test_a_game_whose_view_keeps_its_log_gets_no_seat_log(client: TestClient) -> None:
    created = client.post("/api/games", json={"game": "hispania", "options": {}, "players": {}}).json()
    view = client.get(f"/api/games/{created['id']}?token={created['seats'][0]['token']}").json()
    assert "log" in view["view"] and "seat_log" not in view
