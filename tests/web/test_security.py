"""The web server under attack (issue 9): each test pins one of the issue's points, and every
refused request is shown to change nothing."""

from __future__ import annotations

import json
import random
import secrets
import sqlite3
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

import legatus
from legatus.core.agents import make_agent
from legatus.core.mcts import MCTSAgent
from legatus.core.registry import game_class
from legatus.core.session import sample_outcome
from legatus.sim.runner import derive_seed
from legatus.web import live as live_module
from legatus.web.app import create_app
from legatus.web.live import AgentTurn, LiveGame, opening, summary
from legatus.web.store import Store
from legatus.web.thinkers import Thinkers
from tests.web.helpers import Server, SilentWatcher

NEW = {"game": "hispania", "options": {"level": "7-5-4-5-1"}, "players": {}}
JSON = {"Content-Type": "application/json"}


def new_game(client: Any, **changes: Any) -> dict[str, Any]:
    response = client.post("/api/games", json={**NEW, **changes})
    assert response.status_code == 201, response.text
    return response.json()  # type: ignore[no-any-return]


def stored(db: Path) -> tuple[int, int, int]:
    """How many games, seats and log entries the database file holds."""
    with sqlite3.connect(db) as conn:
        return tuple(conn.execute(f"SELECT COUNT(*) FROM {t}").fetchone()[0]  # type: ignore[return-value]
                     for t in ("games", "seats", "actions"))


def dice_of(record: dict[str, Any]) -> list[tuple[int, str]]:
    """The chance outcomes of a record: (log index, notation)."""
    state = legatus.load(record["game"], **record["options"]).new_initial_state()
    found = []
    for n, text in enumerate(record["actions"]):
        if state.is_chance_node():
            found.append((n, text))
        state.apply_action(state.parse_action(text))
    return found


# --- 1. Dice no one can predict or choose -----------------------------------------------------
def test_dice_cannot_be_predicted_from_public_history(client):
    # The old server seeded each roll with the game id and the log length, both public: that
    # predictor named every roll. Now it is no better than a guess.
    hits = total = 0
    for _ in range(4):
        created = new_game(client)
        record = client.get(f"/api/games/{created['id']}/record?token={created['watch_token']}").json()
        state = legatus.load("hispania", **record["options"]).new_initial_state()
        for n, text in enumerate(record["actions"]):
            if state.is_chance_node():
                predicted = sample_outcome(state, random.Random(derive_seed(created["id"], "dice", n)))
                hits += str(predicted) == text
                total += 1
            state.apply_action(state.parse_action(text))
    assert total >= 28 and hits < total
    assert isinstance(live_module.DICE, secrets.SystemRandom)


class Spy(random.Random):
    """The server's dice made observable: each draw recorded, and given by the test."""

    def __init__(self, values: list[float]) -> None:
        super().__init__()
        self.values = values
        self.drawn: list[float] = []

    def random(self) -> float:
        value = self.values[len(self.drawn) % len(self.values)]
        self.drawn.append(value)
        return value


def play_until_dice(client: Any, created: dict[str, Any], undo_first: bool) -> list[str]:
    """Plays the first legal action until dice fall after one; the game's rolls."""
    gid, token = created["id"], created["seats"][0]["token"]
    view = client.get(f"/api/games/{gid}?token={token}").json()
    if undo_first:  # a move and its undo: the log grows by two, the position is the same
        client.post(f"/api/games/{gid}/actions", json={"token": token, "action": view["view"]["legal_actions"][0]})
        assert client.post(f"/api/games/{gid}/undo", json={"token": token}).status_code == 200
    record = client.get(f"/api/games/{gid}/record?token={token}").json()
    while len(dice_of(record)) == 7:  # the setup's dice
        action = client.get(f"/api/games/{gid}?token={token}").json()["view"]["legal_actions"][0]
        assert client.post(f"/api/games/{gid}/actions", json={"token": token, "action": action}).status_code == 200
        record = client.get(f"/api/games/{gid}/record?token={token}").json()
    return [text for _, text in dice_of(record)]


def test_each_roll_is_drawn_when_it_falls_and_nothing_a_client_sends_moves_it(client, monkeypatch):
    # With the server's source made observable, each die is one draw from it when it falls;
    # and the same draws give the same dice in another game (another id) whose log a move and
    # its undo lengthened: what a client sees or sends does not enter a roll.
    rolls = []
    for undo_first in (False, True):
        spy = Spy([0.05, 0.95, 0.5, 0.3, 0.7])
        monkeypatch.setattr(live_module, "DICE", spy)
        rolls.append(play_until_dice(client, new_game(client), undo_first))
        assert len(spy.drawn) == len(rolls[-1]) > 7
    assert rolls[0] == rolls[1]


def test_agent_seeds_are_drawn_secretly_and_shown_nowhere(client, db):
    created = new_game(client, players={"rome": "mcts:20"})
    live = client.app.state.games.get(created["id"])
    turn = AgentTurn("mcts:20", 0, live.state, live.log_length, 1.0)
    seeds = {turn.task()[3] for _ in range(3)}  # each decision's agent is seeded anew, in its worker
    assert len(seeds) == 3  # not derived from anything stored, so from nothing public
    watch = created["watch_token"]
    answers = [client.get("/api/games").text, client.get(f"/api/games/{created['id']}?token={watch}").text,
               client.get(f"/api/games/{created['id']}/record?token={watch}").text, str(created)]
    assert not any(str(seed) in answer for seed in seeds for answer in answers)


# --- 2. No option that names a file of the server's ------------------------------------------
@pytest.mark.parametrize("name", legatus.game_names())
def test_every_shipped_option_that_names_a_file_is_declared_so(name: str) -> None:
    for key, option in game_class(name).OPTIONS.items():
        if "path" in option.help or "file" in option.help:
            assert option.local_file, f"{name}'s option '{key}' names a file but is not declared local_file"


@pytest.mark.parametrize("path", ["/etc/shadow", "/dev/zero", "board.toml"])
@pytest.mark.parametrize("endpoint", ["/api/games", "/api/preview", "/api/import"])
def test_options_naming_server_files_are_refused_before_anything_is_built(client, db, monkeypatch, path, endpoint):
    assert legatus.load("hispania").OPTIONS["board"].local_file

    def never(*args: Any) -> None:
        raise AssertionError("the server opened a board file a client named")

    monkeypatch.setattr("legatus.games.hispania.game.load_board", never)
    options = {"level": "7-5-4-5-1", "board": path}
    body = ({"record": {"game": "hispania", "version": 1, "options": options, "actions": []}}
            if endpoint == "/api/import" else {**NEW, "options": options})
    before = stored(db)
    response = client.post(endpoint, json=body)
    assert response.status_code == 400, response.text
    assert response.json()["error"] == "the option 'board' names a file on the server; it cannot be set from the web"
    assert stored(db) == before


# --- 3. Bounded agent work -------------------------------------------------------------------
@pytest.mark.parametrize("spec", ["mcts:999999999", "mcts:infs", "mcts:nans", "mcts:0", "mcts:3s", "mcts:-1",
                                  "mcts+mcts", "mcts+mcts+mcts+mcts", "mcts+mcts:10", "heuristic:5", "random+mcts",
                                  "chess", "mcts+planner", "planner+heuristic", "planner:3s", "planner:99999999",
                                  "tuned:5", "tuned+mcts", "flat+flat", "flat:3s", "flat+planner"])
def test_agent_specs_outside_the_bounds_are_refused(client, db, spec):
    before = stored(db)
    response = client.post("/api/games", json={**NEW, "players": {"rome": spec}})
    assert response.status_code == 400
    error = response.json()["error"]
    assert error.startswith(f"the agent '{spec}' is not available on this server; agents: random, heuristic, "
                            "tuned, mcts or flat or planner, then ")
    assert ":<1 to 10000 simulations>" in error and ":<seconds, at most 2>s" in error
    assert stored(db) == before


@pytest.mark.parametrize("spec", ["random", "heuristic", "mcts", "mcts:50", "MCTS+heuristic:1.5s", "mcts+random",
                                  "planner", "planner:40", "planner:1.5s", "tuned", "mcts+tuned:50",
                                  "flat+heuristic:40"])
def test_agent_specs_within_the_bounds_are_taken(client, spec):
    created = new_game(client, players={"rome": spec})
    assert created["seats"][0]["player"] == spec.lower()


def test_an_agent_move_has_a_hard_time_limit():
    game = legatus.load("hispania")
    agent = make_agent(game, "mcts:9999999", seed=1, max_seconds=0.3)
    assert isinstance(agent, MCTSAgent)
    state = opening(game, [])[0].state
    started = time.perf_counter()
    agent.choose(state)
    assert time.perf_counter() - started < 1.5 and agent.last_simulations < 9999999


def test_an_agent_thinks_without_holding_the_game(db):
    with TestClient(create_app(db, agent_seconds=1.5)) as client:
        created = new_game(client, players={"rome": "mcts:1.5s"})
        gid, token = created["id"], created["watch_token"]
        first = client.get(f"/api/games/{gid}?token={token}").json()["log_length"]
        time.sleep(0.2)  # the agent is thinking over its first move
        started = time.perf_counter()
        undo = client.post(f"/api/games/{gid}/undo", json={"token": token})
        assert time.perf_counter() - started < 0.5  # answered while the agent thinks, not after
        assert undo.status_code == 403  # the spectators', refused at once
        for _ in range(100):
            if client.get(f"/api/games/{gid}?token={token}").json()["log_length"] > first:
                break
            time.sleep(0.05)
        else:
            raise AssertionError("the agent never moved")


def test_an_agent_draws_the_cards_it_cannot_see_in_its_worker_process(db, monkeypatch):
    """An agent of a game with secrets thinks on a state drawn from what its seat knows; the draw
    replays the game (Hannibal: up to a quarter of a second late in a game, docs/hannibal/view.md),
    so it is done in the agents' worker process with the search (issue 35), never in the server's
    process (its event loop): the server's states are never drawn from, yet the agent moves."""
    state_class = type(legatus.load("hannibal").new_initial_state())
    original = state_class.resample
    drawn_in: list[str] = []

    def resample(self: Any, seat: int, rng: random.Random) -> Any:
        drawn_in.append(threading.current_thread().name)
        return original(self, seat, rng)

    monkeypatch.setattr(state_class, "resample", resample)
    with TestClient(create_app(db, agent_seconds=0.2)) as client:
        created = new_game(client, game="hannibal", options={}, players={"rome": "ismcts+heuristic:2"})
        gid, token = created["id"], created["seats"][1]["token"]
        for _ in range(200):
            if client.get(f"/api/games/{gid}?token={token}").json()["view"]["to_move"] == "carthage":
                break
            time.sleep(0.05)
        else:
            raise AssertionError("the agent never moved")
    assert drawn_in == []


def test_an_agent_move_is_dropped_if_the_game_changed_while_it_thought(db):
    store = Store(db)
    game = legatus.load("hispania", level="7-5-4-5-1")
    session, entries = opening(game, [])
    row = store.create_game("hispania", game.version, game.record_options(), [("rome", "random")], entries,
                            summary(session.state))
    live = LiveGame(row, store, session, len(entries), 1.0)
    first, stale = live.agent_turn(), live.agent_turn()
    assert first is not None and stale is not None
    drafted = live.draft(first, first.decide())
    assert drafted is not None and live.publish(drafted)
    log = store.log(row.id)
    assert live.draft(stale, stale.decide()) is None
    assert not live.publish(drafted)  # a draft of a game that moved on is dropped too
    assert store.log(row.id) == log and live.log_length == len(log)


def test_an_agent_that_fails_stops_the_agents_and_says_why_until_a_page_lets_them_try_again(db, monkeypatch, caplog):
    # Found in CI: a VIAE agent whose input could not be drawn left the game waiting on it in silence.
    failing = [True]
    think = live_module.think

    def flaky(*args: Any) -> Any:
        if failing[0]:
            raise RuntimeError("no input fits D20")  # a card named: the words stay in the server's log
        return think(*args)

    monkeypatch.setattr(live_module, "think", flaky)
    with TestClient(create_app(db)) as client:
        # the agents in threads of this process, where the failing agent is (a worker process has its own)
        client.app.state.games.thinkers = Thinkers(2, ThreadPoolExecutor)  # type: ignore[attr-defined]
        created = new_game(client, game="hannibal", options={}, players={"rome": "random"})
        gid, token = created["id"], created["seats"][1]["token"]
        for _ in range(200):
            answer = client.get(f"/api/games/{gid}?token={token}").json()
            if answer["stalled"]:
                break
            time.sleep(0.02)
        assert answer["stalled"] == ("the agent (random) of rome could not decide (RuntimeError; the server's "
                                     "log says why). Reload the page to let it try again.")
        assert "D20" not in json.dumps(answer)
        start = answer["log_length"]
        assert answer["view"]["to_move"] == "rome"  # waiting on the agent, nothing played
        assert sum("the agent of seat 0 failed" in r.getMessage() for r in caplog.records) == 3  # AGENT_TRIES, logged
        failing[0] = False
        with client.websocket_connect(f"/ws/games/{gid}?token={token}") as ws:
            assert ws.receive_json()["stalled"] is None  # trying again
            for _ in range(200):
                answer = client.get(f"/api/games/{gid}?token={token}").json()
                if answer["log_length"] > start:
                    break
                time.sleep(0.02)
        assert answer["log_length"] > start and not answer["stalled"]


# --- 4. Watchers ------------------------------------------------------------------------------
def test_each_seat_view_is_built_once_per_update(client, monkeypatch):
    created = new_game(client, options={"players": 2})
    gid, first = created["id"], created["seats"][0]["token"]
    sockets = [client.websocket_connect(f"/ws/games/{gid}?token={token}")
               for token in [created["watch_token"]] * 3 + [first] * 2]
    for ws in sockets:
        ws.__enter__().receive_json()
    built: list[int] = []
    view = LiveGame.view
    monkeypatch.setattr(LiveGame, "view", lambda self, seat: built.append(seat) or view(self, seat))
    action = client.get(f"/api/games/{gid}?token={first}").json()["view"]["legal_actions"][0]
    built.clear()
    assert client.post(f"/api/games/{gid}/actions", json={"token": first, "action": action}).status_code == 200
    for ws in sockets:
        assert ws.receive_json()["view"]["legal_actions"] is not None
        ws.__exit__(None, None, None)
    assert sorted(built) == [-1, 0, 0]  # the spectators' once, the seat's once, and the answer


def test_a_watcher_that_never_reads_holds_up_no_one(tmp_path):
    # The old server awaited every watcher under the game's lock: once a silent watcher's
    # socket buffers filled (a few hundred updates), the game's next action hung.
    server = Server(tmp_path / "t.db")
    try:
        created = server.call("/api/games", NEW)
        gid, token = created["id"], created["seats"][0]["token"]
        silent = SilentWatcher(server.port, f"/ws/games/{gid}?token={created['watch_token']}")
        view = server.view(gid, token)
        action = view["view"]["legal_actions"][0]
        with server.session() as call:  # one keep-alive connection; a call that hangs fails in 5 s
            for _ in range(600):  # 1200 updates of ~8 KB: past a default 4 MB socket buffer and the queue
                assert call(f"/api/games/{gid}/actions", {"token": token, "action": action})[0] == 200
                assert call(f"/api/games/{gid}/undo", {"token": token})[0] == 200
        assert server.view(gid, token)["log_length"] == view["log_length"] + 1200
        code, reason = silent.close_frame(timeout=10)
        assert code == 1013 and reason.startswith("too far behind")
    finally:
        server.stop()


# --- 5. An import is one transaction -----------------------------------------------------------
def test_a_refused_import_stores_nothing(client, db):
    state = legatus.load("hispania", level="5-3-2-3-3").new_initial_state()
    rng = random.Random(3)
    for _ in range(23):
        state.apply_action(sample_outcome(state, rng) if state.is_chance_node() else rng.choice(state.legal_actions()))
    record = {**legatus.to_record(state)}
    record["actions"] = record["actions"] + ["fly to Roma"]
    before = stored(db)
    response = client.post("/api/import", json={"record": record})
    assert response.status_code == 400 and response.json()["error"].startswith("record action 23 'fly to Roma'")
    assert client.get("/api/games").json()["games"] == []
    assert stored(db) == before
    with TestClient(create_app(db)) as again:  # and after a restart
        assert again.get("/api/games").json()["games"] == []


# --- 6. Deep JSON -------------------------------------------------------------------------------
DEEP = b"[" * 30000 + b"]" * 30000


@pytest.mark.parametrize("path", ["/api/preview", "/api/games", "/api/import", "/api/games/GID/actions",
                                  "/api/games/GID/undo"])
@pytest.mark.parametrize("body", [DEEP, b'{"record": ' + b"[" * 40 + b"]" * 40 + b"}"])
def test_deep_json_is_refused_on_every_post_endpoint(client, db, path, body):
    created = new_game(client)
    before = stored(db)
    response = client.post(path.replace("GID", created["id"]), content=body, headers=JSON)
    assert response.status_code == 400
    assert response.json()["error"] == "the request body nests JSON more than 32 levels deep"
    assert stored(db) == before


# --- 7. Cross-site requests ---------------------------------------------------------------------
def test_cross_site_posts_are_refused_and_change_nothing(db):
    app = create_app(db, allow_origins=["https://games.example"])
    with TestClient(app, base_url="http://127.0.0.1:8000") as client:
        body = b'{"game": "hispania", "players": {}}'
        evil = client.post("/api/games", content=body, headers={"Content-Type": "text/plain",
                                                                 "Origin": "http://evil.example"})
        assert evil.status_code == 403 and "http://evil.example are not allowed" in evil.json()["error"]
        plain = client.post("/api/games", content=body, headers={"Content-Type": "text/plain"})
        assert plain.status_code == 403 and "Content-Type: application/json" in plain.json()["error"]
        foreign_json = client.post("/api/games", json=NEW, headers={"Origin": "http://evil.example"})
        assert foreign_json.status_code == 403
        null = client.post("/api/games", json=NEW, headers={"Origin": "null"})
        assert null.status_code == 403
        assert client.get("/api/games").json()["total"] == 0 and stored(db)[0] == 0
        assert client.post("/api/games", json=NEW, headers={"Origin": "http://127.0.0.1:8000"}).status_code == 201
        assert client.post("/api/games", json=NEW, headers={"Origin": "https://games.example"}).status_code == 201
        assert client.post("/api/games", json=NEW).status_code == 201  # no Origin: not a browser page
    # A domain name that resolves to this machine (DNS rebinding) is not the server's own.
    with TestClient(create_app(db), base_url="http://evil.example:8000") as client:
        rebound = client.post("/api/games", json=NEW, headers={"Origin": "http://evil.example:8000"})
        assert rebound.status_code == 403 and stored(db)[0] == 3


def test_cross_site_websockets_are_refused(client):
    created = new_game(client)
    with client.websocket_connect(f"/ws/games/{created['id']}?token={created['watch_token']}",
                                  headers={"Origin": "http://evil.example"}) as ws, \
            pytest.raises(WebSocketDisconnect) as closed:
        ws.receive_json()
    assert closed.value.code == 4403 and "http://evil.example are not allowed" in closed.value.reason


# --- 8. Smaller -------------------------------------------------------------------------------
def test_games_load_on_demand_and_idle_ones_are_forgotten(db):
    with TestClient(create_app(db, idle_seconds=3600)) as client:
        games = client.app.state.games
        created = [new_game(client) for _ in range(3)]
        assert len(games.live) == 3
        games.evict(time.monotonic() + 3600)  # an hour on, nothing holds them: all forgotten
        assert games.live == {}
        assert client.get("/api/games").json()["total"] == 3 and games.live == {}  # listing loads none
        view = client.get(f"/api/games/{created[0]['id']}?token={created[0]['watch_token']}")
        assert view.status_code == 200 and list(games.live) == [created[0]["id"]]
    with TestClient(create_app(db, max_live=2)) as client:
        games = client.app.state.games
        assert games.live == {}  # a start loads no game that waits on no agent
        for game in created:
            client.get(f"/api/games/{game['id']}?token={game['watch_token']}")
        assert len(games.live) == 2 and created[0]["id"] not in games.live  # the least recently used went


def test_a_database_from_before_summaries_is_listed(db):
    old_schema = """
        CREATE TABLE games (id TEXT PRIMARY KEY, game TEXT NOT NULL, options TEXT NOT NULL, created REAL NOT NULL,
                            watch_token TEXT NOT NULL);
        CREATE TABLE seats (game_id TEXT NOT NULL, seat INTEGER NOT NULL, name TEXT NOT NULL, player TEXT NOT NULL,
                            token TEXT NOT NULL UNIQUE, PRIMARY KEY (game_id, seat));
        CREATE TABLE actions (game_id TEXT NOT NULL, n INTEGER NOT NULL, action TEXT NOT NULL, seat INTEGER NOT NULL,
                              at REAL NOT NULL, PRIMARY KEY (game_id, n));"""
    _, entries = opening(legatus.load("hispania"), [])
    with sqlite3.connect(db) as conn:
        conn.executescript(old_schema)
        conn.execute("INSERT INTO games VALUES ('old', 'hispania', '{}', 1.0, 'w')")
        conn.execute("INSERT INTO seats VALUES ('old', 0, 'rome', 'person', 't')")
        conn.executemany("INSERT INTO actions VALUES ('old', ?, ?, -1, 1.0)", list(enumerate(a for a, _ in entries)))
    with TestClient(create_app(db)) as client:
        (listed,) = client.get("/api/games").json()["games"]
        assert listed["id"] == "old" and listed["to_move"] == "rome" and not listed["over"]
    assert Store(db).game("old").summary is not None  # type: ignore[union-attr]
    assert Store(db).game("old").version == legatus.load("hispania").version  # type: ignore[union-attr]


def test_a_game_stored_under_another_version_of_its_rules_is_refused_and_kept(client, db):
    """A game's log replayed under rules that changed since (a new version) would be another
    game, or none: the server says which version it was and keeps its log as it is."""
    created = new_game(client)
    game_id = created["id"]
    version = legatus.load("hispania").version
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE games SET version = ? WHERE id = ?", (version - 1, game_id))
        log = conn.execute("SELECT * FROM actions WHERE game_id = ? ORDER BY n", (game_id,)).fetchall()
    client.app.state.games.live.clear()  # as after a restart: the game is replayed from the store
    answer = client.get(f"/api/games/{game_id}?token={created['seats'][0]['token']}")
    assert answer.status_code == 409
    assert answer.json()["error"] == (
        f"game '{game_id}' was played under version {version - 1} of the rules of hispania, and this server "
        f"plays version {version}: its moves are kept as they are, and a server of legatus that plays "
        f"version {version - 1} opens it")
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT * FROM actions WHERE game_id = ? ORDER BY n", (game_id,)).fetchall() == log


def test_games_are_listed_a_page_at_a_time(client, db):
    created = [new_game(client)["id"] for _ in range(3)]
    first = client.get("/api/games?limit=2").json()
    assert [g["id"] for g in first["games"]] == created[:0:-1] and first["total"] == 3
    rest = client.get("/api/games?limit=2&offset=2").json()
    assert [g["id"] for g in rest["games"]] == created[:1]
    for bad in ("limit=0", "limit=201", "limit=x", "offset=-1"):
        response = client.get(f"/api/games?{bad}")
        assert response.status_code == 400 and "must be a whole number" in response.json()["error"]


def test_tokens_are_compared_in_constant_time(client, monkeypatch):
    created = new_game(client)
    compared: list[bytes] = []
    real = live_module.hmac.compare_digest
    monkeypatch.setattr(live_module.hmac, "compare_digest", lambda a, b: compared.append(a) or real(a, b))
    assert client.get(f"/api/games/{created['id']}?token=nope").status_code == 403
    assert compared == [b"nope", b"nope"]  # against the watch token and the seat's, each in full


@pytest.mark.parametrize("path", ["/", "/play/x", "/replay/x", "/static/play.js", "/api/catalogue", "/api/games/x"])
def test_pages_send_security_headers(client, path):
    headers = client.get(path).headers
    csp = headers["content-security-policy"]
    assert "frame-ancestors 'none'" in csp and "script-src 'self'" in csp and "style-src 'self'" in csp
    assert "unsafe-inline" not in csp
    assert headers["referrer-policy"] == "no-referrer" and headers["x-content-type-options"] == "nosniff"


def test_a_websocket_for_an_unknown_game_closes_saying_so(tmp_path):
    from websockets.exceptions import ConnectionClosed
    from websockets.sync.client import connect

    server = Server(tmp_path / "t.db")
    try:
        with connect(f"ws://127.0.0.1:{server.port}/ws/games/nope?token=x") as ws, \
                pytest.raises(ConnectionClosed) as closed:
            ws.recv(timeout=5)
        assert closed.value.rcvd is not None
        assert (closed.value.rcvd.code, closed.value.rcvd.reason) == (4404, "there is no game 'nope' on this server")
    finally:
        server.stop()


def test_sigterm_stops_the_server_while_an_agent_thinks(tmp_path):
    server = Server(tmp_path / "t.db", "--agent-seconds", "2")
    try:
        created = server.call("/api/games", {**NEW, "players": {"rome": "mcts:2s"}})
        time.sleep(0.5)  # the agent is thinking
        assert server.view(created["id"], created["watch_token"])["log_length"] > 0
        started = time.monotonic()
        server.process.terminate()
        server.process.wait(timeout=10)
        assert time.monotonic() - started < 4
    finally:
        server.stop()
