"""The web API (docs/web.md): every endpoint, and every bad input answered by a 4xx with a
clear message, leaving the game unchanged."""

from __future__ import annotations

import random

import pytest
from starlette.testclient import TestClient

import legatus
from legatus.core.session import sample_outcome
from legatus.web.app import create_app
from legatus.web.guard import MAX_BODY

NEW = {"game": "hispania", "options": {"level": "7-5-4-5-1"}, "players": {}}
JSON = {"Content-Type": "application/json"}


@pytest.fixture
def client(tmp_path):
    with TestClient(create_app(tmp_path / "games.db")) as c:
        yield c


def new_game(client, **changes):
    body = {**NEW, **changes}
    response = client.post("/api/games", json=body)
    assert response.status_code == 201, response.text
    return response.json()


def get(client, created, seat=0):
    return client.get(f"/api/games/{created['id']}?token={created['seats'][seat]['token']}").json()


def test_catalogue_lists_games_options_with_their_forms_and_agents(client):
    games = client.get("/api/catalogue").json()["games"]
    assert [g["name"] for g in games] == legatus.game_names()  # every shipped game, by name
    game = next(g for g in games if g["name"] == "hispania")
    assert "heuristic" in game["agents"]
    forms = {o["name"]: o["form"]["kind"] for o in game["options"]}
    assert forms == {"level": "parts", "variants": "multi", "scenario": "choice", "traitors": "bool",
                     "players": "choice", "ties": "choice"}


def test_the_catalogue_names_each_game_s_strongest_agent_which_the_server_takes(client):
    """The form offers the strongest agent (the game's hint agent) first, by that name (index.js),
    and says how long any agent may think over a move here (--agent-seconds)."""
    catalogue = client.get("/api/catalogue").json()
    assert catalogue["agent_seconds"] == 2.0
    strongest = {g["name"]: g["strongest"] for g in catalogue["games"]}
    assert strongest["hannibal"] == "flat+heuristic:256"
    for game in catalogue["games"]:
        seat = client.post("/api/preview", json={"game": game["name"], "options": {}}).json()["seats"][-1]
        created = new_game(client, game=game["name"], options={}, players={seat: game["strongest"]})
        assert created["seats"][-1]["player"] == game["strongest"]


def test_the_form_starts_a_first_game_at_the_easiest_level_and_says_how_hard_each_measured(client):
    """Issue 15, point 11."""
    games = client.get("/api/catalogue").json()["games"]
    game = next(g for g in games if g["name"] == "hispania")
    boards = [g["name"] for g in games if g["board"]]
    assert boards[0] == "hispania" and "viae" in boards  # the form opens on the first (index.js)
    level = next(o for o in game["options"] if o["name"] == "level")
    assert level["default"] == "7-5-4-5-1"
    assert level["form"]["named"] == {"easiest": "7-5-4-5-1", "default": "6-4-3-4-2", "hardest": "5-3-2-3-3"}
    assert level["form"]["measured"]["7-5-4-5-1"] == 0.373 and len(level["form"]["measured"]) == 243
    assert "tuned agent's win rate" in level["form"]["measured_by"]


def test_the_form_gives_the_clairvoyant_bound_where_one_was_measured(client):
    """Issue 36 point 3: "at most X% winnable" beside the measured rate, from the package's data."""
    game = next(g for g in client.get("/api/catalogue").json()["games"] if g["name"] == "hispania")
    form = next(o for o in game["options"] if o["name"] == "level")["form"]
    assert form["bounds"] == {level: b._asdict() for level, b in legatus.games.hispania.level.bounds().items()}
    hardest = form["bounds"]["5-3-2-3-3"]
    assert hardest["games"] >= 100 and 0 < hardest["wins"] < hardest["games"] and hardest["upper"] < 0.5
    assert "every future die" in form["bound_by"]


def test_preview_gives_the_seats_or_says_what_is_wrong(client):
    ok = client.post("/api/preview", json={"game": "hispania", "options": {"players": 2, "variants": ["hispano"]}})
    assert ok.json()["seats"] == ["ulterior", "citerior", "hispania"]
    bad = client.post("/api/preview", json={"game": "hispania", "options": {"level": "9"}})
    assert bad.status_code == 400 and "level '9'" in bad.json()["error"]


def test_preview_says_what_the_rules_change_of_the_options(client):
    """Issue 15, point 10 (R28): the Hispano with the easiest level's 7 denarii is played with 6."""
    answer = client.post("/api/preview", json={"game": "hispania",
                                               "options": {"level": "7-5-4-5-1", "variants": ["hispano"]}}).json()
    assert answer["options"]["level"] == "6-5-4-5-1"
    assert answer["notes"] == ["R28: the Hispano variant gives the Romans 6 denarii, so level 7-5-4-5-1 is played as "
                               "6-5-4-5-1"]
    assert client.post("/api/preview", json={"game": "hispania", "options": {}}).json()["notes"] == []


def test_a_hint_for_the_seat_to_move_and_no_one_else(client):
    """Issue 15, point 10: the page's hint button asks the server's hint agent, bounded as agents are."""
    created = new_game(client, options={"level": "7-5-4-5-1", "players": 2})
    view = get(client, created)
    path = f"/api/games/{created['id']}/hint"
    hint = client.post(path, json={"token": created["seats"][0]["token"]})
    assert hint.status_code == 200, hint.text
    answer = hint.json()
    assert answer["action"] in view["view"]["legal_actions"] and answer["log_length"] == view["log_length"]
    assert answer["description"] == view["descriptions"][answer["action"]] and answer["reason"]
    other = client.post(path, json={"token": created["seats"][1]["token"]})
    assert other.status_code == 409 and "ulterior decides now" in other.json()["error"]
    watcher = client.post(path, json={"token": created["watch_token"]})
    assert watcher.status_code == 403
    assert client.post(path, json={"token": "nope"}).status_code == 403
    assert client.post(path, json={}).status_code == 400
    assert get(client, created)["log_length"] == view["log_length"]  # a hint changes nothing


def test_a_hint_is_refused_to_an_agent_s_seat_and_after_the_end(client):
    created = new_game(client, players={"rome": "random"})
    token = client.app.state.games.store.game(created["id"]).seats[0].token  # never handed out
    answer = client.post(f"/api/games/{created['id']}/hint", json={"token": token})
    assert answer.status_code in (403, 409)


def test_an_agent_s_seat_has_no_link_and_its_token_reads_nothing_until_the_end(client):
    """Issue 30, point 3: the creator is handed no agent's token, and one kept in the store (or
    handed out by an older server) reads nothing of the agent's seat while the game goes on."""
    created = new_game(client, players={"rome": "mcts:1.5s"})  # a slow agent: the game goes on meanwhile
    assert created["seats"] == [{"seat": "rome", "player": "mcts:1.5s"}]
    gid, token = created["id"], client.app.state.games.store.game(created["id"]).seats[0].token
    for path in (f"/api/games/{gid}?token={token}", f"/api/games/{gid}/record?token={token}",
                 f"/api/games/{gid}/replay?token={token}"):
        answer = client.get(path)
        assert answer.status_code == 403 and "played by an agent" in answer.json()["error"], path
    with client.websocket_connect(f"/ws/games/{gid}?token={token}") as ws, pytest.raises(Exception) as closed:
        ws.receive_json()
    assert getattr(closed.value, "code", None) == 4403


def test_rule_ids_link_to_the_project_s_docs(client):
    """Issue 15, point 10: "(R13)" in a message links to the docs that explain it (hispania.js ruleLink)."""
    page = client.get("/docs/hispania/rules.md")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/plain")
    assert "| R13 | a tie goes to the defender" in page.text
    assert "R28" in client.get("/docs/hispania/variants.md").text
    for bad in ("/docs/../pyproject.toml", "/docs/hispania/../../README.md", "/docs/screenshot.png",
                "/docs/nothing.md", "/docs/%2e%2e/legatus/web/app.py"):
        answer = client.get(bad)
        assert answer.status_code == 404, bad
        assert "[project]" not in answer.text and "import" not in answer.text


def test_new_game_gives_each_seat_a_link_and_rolls_the_setup_dice(client):
    created = new_game(client, options={"players": 2})
    assert [s["seat"] for s in created["seats"]] == ["ulterior", "citerior"]
    assert all(s["link"].startswith(f"/play/{created['id']}?token=") for s in created["seats"])
    view = get(client, created)
    assert view["seat"] == "ulterior" and view["log_length"] > 6  # the revolts and armies are rolled
    assert not view["over"]
    assert view["view"]["phase"] == "setup: roads"


def test_list_of_games(client):
    created = new_game(client)
    listed = client.get("/api/games").json()["games"]
    assert [g["id"] for g in listed] == [created["id"]] and listed[0]["to_move"] == "rome"


def test_acting_and_the_dice_after(client):
    created = new_game(client)
    token = created["seats"][0]["token"]
    view = get(client, created)
    action = view["view"]["legal_actions"][0]
    after = client.post(f"/api/games/{created['id']}/actions",
                        json={"token": token, "action": action, "expect": view["log_length"]}).json()
    assert after["log_length"] == view["log_length"] + 1
    assert client.get(f"/api/games/{created['id']}/record?token={token}").json()["actions"][-1] == action


def test_public_data_is_the_map(client):
    created = new_game(client)
    board = client.get(f"/api/games/{created['id']}/public").json()["board"]
    assert len(board["spaces"]) == 49 and {"a", "b", "segments", "printed_road", "river"} <= set(board["links"][0])


def test_undo_within_the_rules(client):
    created = new_game(client)
    token = created["seats"][0]["token"]
    view = get(client, created)
    action = view["view"]["legal_actions"][0]
    client.post(f"/api/games/{created['id']}/actions", json={"token": token, "action": action})
    undone = client.post(f"/api/games/{created['id']}/undo", json={"token": token})
    assert undone.status_code == 200 and undone.json()["undone"] == action
    assert get(client, created)["view"]["legal_actions"] == view["view"]["legal_actions"]
    nothing = client.post(f"/api/games/{created['id']}/undo", json={"token": token})
    assert nothing.status_code == 409 and "nothing to undo" in nothing.json()["error"]


def test_a_spectator_sees_but_cannot_act(client):
    created = new_game(client)
    watch = client.get(f"/api/games/{created['id']}?token={created['watch_token']}").json()
    assert watch["seat"] is None and watch["can_undo"] is False
    refused = client.post(f"/api/games/{created['id']}/actions", json={"token": created["watch_token"],
                                                                      "action": "end"})
    assert refused.status_code == 403


def test_the_websocket_pushes_each_seat_its_view(client):
    created = new_game(client, options={"players": 2})
    gid = created["id"]
    first, second = (s["token"] for s in created["seats"])
    with client.websocket_connect(f"/ws/games/{gid}?token={second}") as ws:
        hello = ws.receive_json()
        assert hello["type"] == "view" and hello["seat"] == "citerior" and hello["view"]["legal_actions"] == []
        action = get(client, created)["view"]["legal_actions"][0]
        client.post(f"/api/games/{gid}/actions", json={"token": first, "action": action})
        pushed = ws.receive_json()
        assert pushed["log_length"] == hello["log_length"] + 1
        assert pushed["view"]["legal_actions"]  # the road's second placement is citerior's


def test_agents_play_their_seats(client):
    created = new_game(client, players={"rome": "heuristic"}, options={"level": "5-3-2-3-3"})
    for _ in range(200):
        view = client.get(f"/api/games/{created['id']}?token={created['watch_token']}").json()
        if view["view"]["result"]:
            break
        import time

        time.sleep(0.05)
    assert view["view"]["result"] is not None and view["players"] == {"rome": "heuristic"}
    assert view["over"]  # every game's end, in the same word whatever the game's view says (the page reads it)


def test_import_export_and_replay(client):
    game = legatus.load("hispania", level="5-3-2-3-3")
    state = game.new_initial_state()
    rng = random.Random(2)
    while not state.is_terminal():
        state.apply_action(sample_outcome(state, rng) if state.is_chance_node() else rng.choice(state.legal_actions()))
    record = legatus.to_record(state)
    created = client.post("/api/import", json={"record": record})
    assert created.status_code == 201
    gid, token = created.json()["id"], created.json()["seats"][0]["token"]
    assert client.get(f"/api/games/{gid}/record?token={token}").json()["actions"] == record["actions"]
    index = client.get(f"/api/games/{gid}/replay?token={token}").json()
    assert index["length"] == len(record["actions"]) and index["marks"][0] == {"n": 0, "label": "start"}
    assert any(m["label"] == "round 1" for m in index["marks"])
    step = client.get(f"/api/games/{gid}/replay/5?token={token}&seat=rome").json()
    assert step["n"] == 5 and step["last"] == record["actions"][4] and len(step["view"]["log"]) >= 5
    end = client.get(f"/api/games/{gid}/replay/{index['length']}?token={token}").json()
    assert end["view"]["result"] is not None


# --- Bad or hostile input: a 4xx, a clear message, nothing changed ----------------------------
def unchanged(client, created):
    return client.get(f"/api/games/{created['id']}/record?token={created['seats'][0]['token']}").json()


@pytest.mark.parametrize("send, status, words", [
    ({"content": b"{not json", "headers": JSON}, 400, "not valid JSON"),
    ({"json": ["a", "list"]}, 400, "must be a JSON object"),
    ({"json": {"action": "end"}}, 400, "'token' must be given"),
    ({"json": {"token": "nope", "action": "end"}}, 403, "belongs to no seat"),
    ({"json": {"token": "TOKEN", "action": 5}}, 400, "'action' must be given as a str"),
    ({"json": {"token": "TOKEN", "action": "fly to Roma"}}, 400, "not an action of this game"),
    ({"json": {"token": "TOKEN", "action": "move Toletum"}}, 400, "is illegal"),
    ({"json": {"token": "TOKEN", "action": "end", "expect": 0}}, 409, "moved on"),
    ({"content": b'{"token": "' + b"x" * (MAX_BODY + 10) + b'"}', "headers": JSON}, 413, "over 64 KiB"),
])
def test_bad_action_requests(client, send, status, words):
    created = new_game(client)
    before = unchanged(client, created)
    if "json" in send and isinstance(send["json"], dict):
        send = {"json": {k: created["seats"][0]["token"] if v == "TOKEN" else v for k, v in send["json"].items()}}
    response = client.post(f"/api/games/{created['id']}/actions", **send)
    assert response.status_code == status and words in response.json()["error"], response.text
    assert unchanged(client, created) == before


def test_out_of_turn_and_another_seat_s_token(client):
    created = new_game(client, options={"players": 2})
    first, second = (s["token"] for s in created["seats"])
    action = get(client, created)["view"]["legal_actions"][0]
    before = unchanged(client, created)
    out_of_turn = client.post(f"/api/games/{created['id']}/actions", json={"token": second, "action": action})
    assert out_of_turn.status_code == 409 and "not your turn" in out_of_turn.json()["error"]
    other = new_game(client)
    foreign = client.post(f"/api/games/{created['id']}/actions",
                          json={"token": other["seats"][0]["token"], "action": action})
    assert foreign.status_code == 403
    assert unchanged(client, created) == before


@pytest.mark.parametrize("path", ["/api/games/nope?token=x", "/api/games/nope/public", "/api/games/nope/record?token=x",
                                  "/api/games/nope/replay?token=x"])
def test_unknown_game(client, path):
    response = client.get(path)
    assert response.status_code == 404 and "no game 'nope'" in response.json()["error"]


@pytest.mark.parametrize("body, words", [
    ({"game": "chess"}, "unknown game 'chess'"),
    ({**NEW, "options": {"level": "8-4-3-4-2"}}, "denarii is 8"),
    ({**NEW, "options": {"board": "/etc/passwd"}}, "'board' names a file on the server"),
    ({**NEW, "options": {"seed": 3}}, "'seed' is not available"),
    ({**NEW, "players": {"roma": "person"}}, "unknown seat 'roma'"),
    ({**NEW, "players": {"rome": "chess"}}, "the agent 'chess' is not available"),
    ({**NEW, "options": ["level"]}, "'options' must be an object"),
])
def test_bad_new_games(client, body, words):
    response = client.post("/api/games", json=body)
    assert response.status_code in (400, 404) and words in response.json()["error"], response.text
    assert client.get("/api/games").json()["total"] == 0


@pytest.mark.parametrize("record, words", [
    ({"game": "hispania"}, "no 'version' key"),
    ({"game": "hispania", "version": 1, "options": {}, "actions": ["roll 4", "roll 9"]}, "action 1 'roll 9'"),
    ({"game": "hispania", "version": 1, "options": {"level": "9"}, "actions": []}, "cannot be set up"),
    ({"game": "hispania", "version": 1, "options": {}, "actions": [],
      "position": legatus.load("hispania").new_initial_state().position()},
     "starts from a position cannot be imported"),
    ({"game": "hispania", "version": 1, "options": {}, "actions": [], "seat": "rome"},
     "import the full record"),
])
def test_bad_imports(client, record, words):
    response = client.post("/api/import", json={"record": record})
    assert response.status_code == 400 and words in response.json()["error"], response.text


def test_replay_step_out_of_range_and_bad_seat(client):
    created = new_game(client)
    token = created["seats"][0]["token"]
    assert client.get(f"/api/games/{created['id']}/replay/999?token={token}").status_code == 400
    assert client.get(f"/api/games/{created['id']}/replay/x?token={token}").status_code == 400
    bad_seat = client.get(f"/api/games/{created['id']}/replay/1?token={token}&seat=roma")
    assert bad_seat.status_code == 400 and "unknown seat 'roma'" in bad_seat.json()["error"]


def test_a_websocket_with_a_bad_token_is_closed(client):
    created = new_game(client)
    from starlette.websockets import WebSocketDisconnect

    with client.websocket_connect(f"/ws/games/{created['id']}?token=x") as ws, \
            pytest.raises(WebSocketDisconnect) as closed:
        ws.receive_json()
    assert closed.value.code == 4403 and "belongs to no seat" in closed.value.reason


def test_requests_while_an_agent_plays_are_safe(client):
    # An agent writes to the store from a worker thread while requests come in.
    agent_game = new_game(client, players={"rome": "heuristic"})
    for _ in range(15):
        assert client.post("/api/games", json=NEW).status_code == 201
        assert client.get("/api/games").status_code == 200
    view = client.get(f"/api/games/{agent_game['id']}?token={agent_game['watch_token']}")
    assert view.status_code == 200


def test_the_seat_to_move_gets_each_action_described(client):
    created = new_game(client)
    token = created["seats"][0]["token"]
    view = get(client, created)
    while view["view"]["phase"] != "Roman phase":
        view = client.post(f"/api/games/{created['id']}/actions",
                           json={"token": token, "action": view["view"]["legal_actions"][0]}).json()
    described = view["descriptions"]
    assert set(described) == set(view["view"]["legal_actions"])
    assert any(text.endswith("denarius)") or text.endswith("denarii)") for text in described.values())
    watch = client.get(f"/api/games/{created['id']}?token={created['watch_token']}").json()
    assert watch["descriptions"] == {}


@pytest.fixture
def quick_client(tmp_path):
    with TestClient(create_app(tmp_path / "games.db", agent_seconds=0.3)) as c:
        yield c


def test_hint_for_the_seat_to_move_in_viae(quick_client):
    """The hint button's answer in a game with secrets: the hint agent (IS-MCTS for VIAE) on what
    the seat may know, within the server's agent budget; only for the seat to move."""
    created = new_game(quick_client, game="viae", options={"players": 2})
    gid = created["id"]
    tokens = {s["seat"]: s["token"] for s in created["seats"]}
    view = quick_client.get(f"/api/games/{gid}?token={tokens['seat1']}").json()["view"]
    mover = view["to_move"]
    legal = quick_client.get(f"/api/games/{gid}?token={tokens[mover]}").json()["view"]["legal_actions"]
    answer = quick_client.post(f"/api/games/{gid}/hint", json={"token": tokens[mover]})
    assert answer.status_code == 200, answer.text
    assert answer.json()["action"] in legal and "win chance" in answer.json()["reason"]
    other = next(s for s in tokens if s != mover)
    refused = quick_client.post(f"/api/games/{gid}/hint", json={"token": tokens[other]})
    assert refused.status_code == 409 and "seat to move" in refused.json()["error"]
    watch = created["watch"].split("token=")[1]
    assert quick_client.post(f"/api/games/{gid}/hint", json={"token": watch}).status_code == 403
    assert quick_client.post(f"/api/games/{gid}/hint", json={"token": "nobody"}).status_code == 403
