"""The web server keeps secrets (issue 10, points 5 and 7): a token sees its seat only — its
view, its WebSocket messages, its record, its replay and its hints — until the game is over, and the
full game after. Checked with Blind Hand's planted marker card, registered from the test
folder alone, played through the API from creation to replay."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient

from legatus.web.app import create_app
from tests.games import registered
from tests.games.blind import MARKER

NEW = {"game": "blind", "options": {"players": 2, "cards": 4, "turns": 3}, "players": {}}


@pytest.fixture
def client(tmp_path: Any, request: pytest.FixtureRequest) -> Iterator[TestClient]:
    """The server; ``request.param`` (indirect), a hint's search shared among so many workers (issue 35)."""
    hint_workers = getattr(request, "param", 1)
    with registered(), TestClient(create_app(tmp_path / "games.db", hint_workers=hint_workers)) as c:
        yield c


def holder(view: dict[str, Any]) -> bool:
    return MARKER in (view["view"]["hand"] or []) or MARKER in (view["view"]["my_discards"] or [])


def play_out(client: TestClient, created: dict[str, Any], rng: random.Random,
             check: Any = None) -> list[dict[str, Any]]:
    """Plays random legal actions for the people's seats through the API to the end (agents
    play theirs on the server); ``check`` after each."""
    gid = created["id"]
    tokens = [s["token"] for s in created["seats"] if s["player"] == "person"]  # an agent's seat has none
    views = []
    deadline = time.monotonic() + 120
    while True:
        views = [client.get(f"/api/games/{gid}?token={t}").json() for t in tokens]
        if check is not None:
            check(views)
        if views[0]["view"]["returns"] is not None:
            return views
        to_move = [v for v in views if v["view"]["legal_actions"]]
        if not to_move:  # an agent thinks
            assert time.monotonic() < deadline, "the agent never moved"
            time.sleep(0.02)
            continue
        seat = views.index(to_move[0])
        action = rng.choice(to_move[0]["view"]["legal_actions"])
        answer = client.post(f"/api/games/{gid}/actions", json={"token": tokens[seat], "action": action})
        assert answer.status_code == 200, answer.text


def test_catalogue_and_creation_know_the_test_game(client: TestClient) -> None:
    names = [g["name"] for g in client.get("/api/catalogue").json()["games"]]
    assert "blind" in names
    created = client.post("/api/games", json=NEW).json()
    assert [s["seat"] for s in created["seats"]] == ["seat1", "seat2"]


@pytest.mark.parametrize("client", [1, 2], indirect=True)  # the hint in one worker, or shared among two
@pytest.mark.parametrize("seed", range(4))
def test_no_answer_or_message_for_a_seat_holds_anothers_secret(client: TestClient, seed: int) -> None:
    created = client.post("/api/games", json=NEW).json()
    gid, tokens = created["id"], [s["token"] for s in created["seats"]]
    watch = created["watch"].split("token=")[1] if "watch" in created else None
    sockets = [client.websocket_connect(f"/ws/games/{gid}?token={t}") for t in tokens]
    streams = [s.__enter__() for s in sockets]
    received: list[list[str]] = [[], []]
    seen_holder = [False, False]

    def check(views: list[dict[str, Any]]) -> None:
        for seat, view in enumerate(views):
            mine = holder(view)
            seen_holder[seat] |= mine
            other = views[1 - seat]
            # while the other seat holds the marker, this seat must not see it anywhere
            if holder(other) and view["view"]["returns"] is None:
                assert MARKER not in json.dumps(view)
                if view["view"]["legal_actions"]:  # a hint (issue 15, point 10) thinks on what the seat knows
                    hint = client.post(f"/api/games/{gid}/hint", json={"token": tokens[seat]})
                    assert hint.status_code == 200 and MARKER not in hint.text, hint.text
                record = client.get(f"/api/games/{gid}/record?token={tokens[seat]}").json()
                assert record["seat"] == f"seat{seat + 1}" and MARKER not in json.dumps(record)
                n = view["log_length"]
                for step in range(0, len(record["actions"]) + 1, 3):
                    replayed = client.get(f"/api/games/{gid}/replay/{step}?token={tokens[seat]}"
                                          f"&seat=seat{seat + 1}").json()
                    assert MARKER not in json.dumps(replayed), (step, n)

    try:
        final = play_out(client, created, random.Random(seed), check)
        for seat, stream in enumerate(streams):
            while True:  # every update sent to this seat while the game ran
                message = stream.receive_text()
                received[seat].append(message)
                if json.loads(message)["view"]["returns"] is not None:
                    break
    finally:
        for s in sockets:
            s.__exit__(None, None, None)
    assert any(seen_holder)  # 4 cards and the marker, dealt to 2 seats: someone held it
    for seat in range(2):
        if not seen_holder[seat]:
            assert not any(MARKER in m for m in received[seat])
    assert all(v["view"]["returns"] is not None for v in final)
    if watch is not None:
        assert MARKER not in json.dumps(client.get(f"/api/games/{gid}?token={watch}").json()["view"])


def test_the_full_record_comes_when_the_game_is_over(client: TestClient) -> None:
    created = client.post("/api/games", json=NEW).json()
    gid, token = created["id"], created["seats"][0]["token"]
    during = client.get(f"/api/games/{gid}/record?token={token}").json()
    assert during["seat"] == "seat1" and "seat2 draws a card" in during["actions"]
    play_out(client, created, random.Random(9))
    after = client.get(f"/api/games/{gid}/record?token={token}").json()
    assert "seat" not in after and "seat2 draws a card" not in after["actions"]
    assert len(after["actions"]) == len(client.get(f"/api/games/{gid}/record?token={token}").json()["actions"])


def test_until_the_end_a_replay_shows_only_the_tokens_own_seat(client: TestClient) -> None:
    created = client.post("/api/games", json=NEW).json()
    gid, token = created["id"], created["seats"][0]["token"]
    other = client.get(f"/api/games/{gid}/replay/2?token={token}&seat=seat2")
    assert other.status_code == 403 and "only your own seat" in other.json()["error"]
    own = client.get(f"/api/games/{gid}/replay/2?token={token}&seat=seat1").json()
    assert own["last"] == "seat2 draws a card" and own["view"]["hand"] is not None
    marks = client.get(f"/api/games/{gid}/replay?token={token}").json()["marks"]
    assert marks[0] == {"n": 0, "label": "start"} and {m["label"] for m in marks[1:]} <= {"seat1", "seat2", "chance"}
    play_out(client, created, random.Random(2))
    assert client.get(f"/api/games/{gid}/replay/2?token={token}&seat=seat2").status_code == 200


def test_an_information_set_search_seat_plays_a_game_with_secrets_to_the_end(client: TestClient) -> None:
    created = client.post("/api/games", json={**NEW, "players": {"seat2": "ismcts:20"}}).json()
    final = play_out(client, created, random.Random(4))
    assert final[0]["view"]["returns"] is not None
