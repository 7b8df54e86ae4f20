"""The server's routes: one module-level handler a route, reading the live games (and with
them the store and the agents' budget) from ``request.app.state.games`` (:func:`.app.create_app`
puts them there). A handler that refuses raises :class:`.live.WebError`, which :func:`api`
turns into a 4xx/5xx with its one clear sentence."""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import re
import time
from collections import deque
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from starlette.requests import HTTPConnection, Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import BaseRoute, Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket

from legatus.core.agents import agent_names
from legatus.core.errors import LegatusError
from legatus.core.game import Game, Information
from legatus.core.record import PERSON, check_record, new_game_state
from legatus.core.registry import game_class, game_names, load
from legatus.core.session import Session

from .games import Games
from .guard import SERVER_SEEDED, check_agent, check_options, close_reason, read_json
from .live import SPECTATOR, LiveGame, Watcher, WebError, opening, summary
from .store import GameRow
from .thinkers import WorkerLost

STATIC = Path(__file__).parent / "static"
DOCS = Path(__file__).parents[2] / "docs"  # the project's docs, in a source checkout (rule ids link there)
DOC_PATH = re.compile(r"[a-z0-9_-]+(?:/[a-z0-9_-]+)*\.md")
MAX_HINTS = 4  # hints being worked out at once on the server (each within --agent-seconds); more are refused (503)
PAGE_SIZE, MAX_PAGE = 50, 200  # games a page of GET /api/games: by default, at most
WATCHER_QUEUE = 16  # updates a WebSocket may fall behind before it is dropped
BEHIND = "too far behind: updates came faster than this connection read them; reload the page"
# What a page may send on its WebSocket: a short ping every 25 s (play.js); more is closed (1008).
WS_MESSAGE_CHARS, WS_MESSAGES, WS_WINDOW = 64, 10, 60.0  # characters a message; messages a window of seconds
MAX_MESSAGE = 1000  # characters of an error message; a longer one (quoting a client's input) keeps its ends

Handler = Callable[[Request], Awaitable[Response]]


# --- Reading a request -------------------------------------------------------------------
def live_games(connection: HTTPConnection) -> Games:
    """The server's live games (``app.state.games``)."""
    games: Games = connection.app.state.games
    return games


def api(handler: Handler) -> Handler:
    """``handler`` answering a refusal (:class:`WebError`) with its status and message."""
    async def wrapped(request: Request) -> Response:
        try:
            return await handler(request)
        except WebError as exc:
            return error(exc.status, exc.message)
    return wrapped


def error(status: int, message: str) -> JSONResponse:
    """The answer to a refusal; a message that quotes a long input keeps its start (what is wrong)
    and its end (what would be valid), never the whole input."""
    if len(message) > MAX_MESSAGE:
        message = f"{message[:MAX_MESSAGE // 2]} … {message[-MAX_MESSAGE // 2:]}"
    return JSONResponse({"error": message}, status_code=status)


def field(data: dict[str, Any], key: str, kind: type | tuple[type, ...], required: bool = True) -> Any:
    value = data.get(key)
    if value is None and not required:
        return None
    if not isinstance(value, kind) or isinstance(value, bool) and kind is not bool:
        kinds = kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
        raise WebError(400, f"'{key}' must be given as a {kinds}")
    return value


def requested_game(data: dict[str, Any]) -> Game:
    """The game a request's ``game`` and ``options`` configure; 4xx if they do not."""
    name = field(data, "game", str)
    if name not in game_names():
        raise WebError(404, f"unknown game '{name[:40]}'; games: {', '.join(game_names())}")
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise WebError(400, "'options' must be an object of option names and values")
    check_options(game_class(name), options)
    for key in SERVER_SEEDED:
        if key in options:
            raise WebError(400, f"the option '{key}' is not available on the server: it draws its own dice")
    try:
        return load(name, **options)
    except LegatusError as exc:
        raise WebError(400, str(exc)) from None


def query_int(request: Request, key: str, default: int, low: int, high: int) -> int:
    text = request.query_params.get(key)
    if text is None:
        return default
    if not (text.isascii() and text.isdigit() and len(text) <= 18) or not low <= int(text) <= high:
        raise WebError(400, f"'{key}' must be a whole number from {low} to {high}, not '{text[:20]}'")
    return int(text)


async def game_in(request: Request) -> LiveGame:
    """The live game the request's path names; 404 if there is none."""
    return await live_games(request).open(request.path_params["id"])


async def game_and_seat(request: Request) -> tuple[LiveGame, int]:
    """The live game the request's path names and the seat its ``?token=`` reads it as; 4xx if none."""
    live = await game_in(request)
    return live, live.seat_of(request.query_params.get("token"))


def seat_index(game: Game, name: str) -> int:
    try:
        return game.seat_index(name)
    except LegatusError as exc:
        raise WebError(400, str(exc)) from None


# --- Catalogue and new games -------------------------------------------------------------
@api
async def catalogue(request: Request) -> Response:
    entries = []
    for name in game_names():
        cls = game_class(name)
        # The form starts where a person's first game should (the game's FIRST_GAME).
        options = [{"name": key, "default": spec.parse(cls.FIRST_GAME[key]) if key in cls.FIRST_GAME
                    else spec.default, "help": spec.help, "form": spec.form}
                   for key, spec in cls.OPTIONS.items() if spec.form is not None]
        entries.append({"name": name, "title": cls.title, "options": options,
                        "agents": agent_names(load(name)),
                        "strongest": cls.HINT_AGENT,  # the form offers it first, by that name
                        "board": (STATIC / "games" / f"{name}.js").is_file()})  # the page draws it
    return JSONResponse({"games": entries, "agent_seconds": live_games(request).agent_seconds})


@api
async def preview(request: Request) -> Response:
    game = requested_game(await read_json(request))
    return JSONResponse({"seats": list(game.seats), "options": game.record_options(), "notes": game.notes})


@api
async def list_games(request: Request) -> Response:
    games = live_games(request)
    limit = query_int(request, "limit", PAGE_SIZE, 1, MAX_PAGE)
    offset = query_int(request, "offset", 0, 0, 2**62)
    rows, total = games.store.games(limit, offset)
    found = []
    for row in rows:
        try:
            now = row.summary or (await games.open(row.id)).summary()
        except WebError:
            continue
        found.append({"id": row.id, "game": row.game, "options": row.options, "created": row.created,
                      "players": {s.name: s.player for s in row.seats}, "over": now.over,
                      "to_move": now.to_move, "prompt": now.prompt,
                      "watch": f"/play/{row.id}?token={row.watch_token}"})
    return JSONResponse({"games": found, "total": total, "offset": offset, "limit": limit})


def client_of(request: Request) -> str:
    """The client, as the server's bounds a client count it: its address, an IPv6 one by its /64
    (what one host is given to draw its addresses from)."""
    host = request.client.host if request.client is not None else "unknown"
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return host
    return str(ipaddress.ip_network(f"{address}/64", strict=False)) if address.version == 6 else host


def start(games: Games, client: str, game: Game, session: Session, entries: list[tuple[str, int]],
          seats: list[tuple[str, str]]) -> Response:
    """Stores a new game whole (its first entries with it), and lets its agents play; 429 or
    503, with nothing stored, beyond the server's bounds on new games and games between agents."""
    games.check_new(client)  # again: others may have started games while this request's body came
    games.check_room(seats)
    row = games.store.create_game(game.name, game.version, game.record_options(), seats, entries,
                                  summary(session.state))
    games.count_new(client)
    live = games.add(LiveGame(row, games.store, session, len(entries), games.agent_seconds))
    games.run_agents(live)
    return JSONResponse(links(row), status_code=201)


def links(row: GameRow) -> dict[str, Any]:
    """The new game's links: a person's seat's, and none for an agent's seat, whose view is
    no one's while the game goes on (issue 30, point 3)."""
    return {"id": row.id, "game": row.game,
            "seats": [{"seat": s.name, "player": s.player} | ({"link": f"/play/{row.id}?token={s.token}",
                                                              "token": s.token} if s.player == PERSON else {})
                      for s in row.seats],
            "watch": f"/play/{row.id}?token={row.watch_token}", "watch_token": row.watch_token}


@api
async def new_game(request: Request) -> Response:
    games = live_games(request)
    games.check_new(client_of(request))  # before anything is built
    data = await read_json(request)
    game = requested_game(data)
    players = data.get("players", {})
    if not isinstance(players, dict):
        raise WebError(400, "'players' must map seats to 'person' or an agent")
    unknown = [s for s in players if s not in game.seats]
    if unknown:
        raise WebError(400, f"unknown seat '{unknown[0][:40]}'; seats: {', '.join(game.seats)}")
    chosen = {}
    for seat, player in players.items():
        if not isinstance(player, str):
            raise WebError(400, f"the player of seat '{seat}' must be 'person' or an agent name")
        chosen[seat] = player if player == PERSON else check_agent(game, player, games.agent_seconds)
    session, entries = opening(game, [])
    return start(games, client_of(request), game, session, entries,
                 [(seat, chosen.get(seat, PERSON)) for seat in game.seats])


@api
async def import_record(request: Request) -> Response:
    live_games(request).check_new(client_of(request))  # before the record is replayed
    data = await read_json(request)
    try:
        record = check_record(data.get("record"))
        if "position" in record:  # the store rebuilds a game from its initial state
            raise WebError(400, "a record that starts from a position cannot be imported on the server; "
                                "import one that starts from the initial state")
        if "seat" in record:
            raise WebError(400, f"this is {record['seat']}'s record, with the others' secrets hidden; "
                                "import the full record")
        check_options(game_class(record["game"]), record["options"])  # before anything is built
        # a record's seed drove its own dice, which it holds; the server draws the next ones
        options = {k: v for k, v in record["options"].items() if k not in SERVER_SEEDED}
        game = new_game_state({**record, "options": options}).game
    except LegatusError as exc:
        raise WebError(400, str(exc)) from None
    session, entries = opening(game, record["actions"])  # all of it checked before anything is stored
    return start(live_games(request), client_of(request), game, session, entries, [(s, PERSON) for s in game.seats])


# --- One game ----------------------------------------------------------------------------
@api
async def get_game(request: Request) -> Response:
    """The game as the token's seat sees it."""
    live, seat = await game_and_seat(request)
    return JSONResponse(live.view(seat))


@api
async def record(request: Request) -> Response:
    """The record the token may have: its seat's while the game goes on, if it has secrets."""
    live, seat = await game_and_seat(request)
    return JSONResponse(live.record(seat))


@api
async def public(request: Request) -> Response:
    """The game's public data (its map, cards, tables), from its options: asked without a
    token, it replays nothing and keeps nothing."""
    games = live_games(request)
    game_id = request.path_params["id"]
    live = games.live.get(game_id)
    if live is not None:
        return JSONResponse({"game": live.row.game, **live.state.game.public_data()})
    row = games.store.game(game_id)
    if row is None:
        raise WebError(404, f"there is no game '{game_id[:40]}' on this server")
    try:
        game = load(row.game, **row.options)
    except LegatusError as exc:
        raise WebError(500, f"game '{game_id}' cannot be built from its options: {exc}") from None
    return JSONResponse({"game": row.game, **game.public_data()})


@api
async def act(request: Request) -> Response:
    data = await read_json(request)
    live = await game_in(request)
    seat = live.seat_of(field(data, "token", str))
    text = field(data, "action", str)
    expect = field(data, "expect", int, required=False)
    async with live.lock:
        live.act(seat, text, expect)
    live.broadcast()  # queued, never awaited: no watcher holds up the game
    live_games(request).run_agents(live)
    return JSONResponse(live.view(seat))


@api
async def take_over(request: Request) -> Response:
    """A person seated in the game gives an agent's seat to a person (issue 30): the seat's
    token and link; every seat is told."""
    data = await read_json(request)
    live = await game_in(request)
    seat = live.seat_of(field(data, "token", str))
    name = field(data, "seat", str)
    async with live.lock:
        taken = live.take_over(seat, name)
    live.broadcast()
    return JSONResponse(taken)


@api
async def undo(request: Request) -> Response:
    data = await read_json(request)
    live = await game_in(request)
    seat = live.seat_of(field(data, "token", str))
    expect = field(data, "expect", int, required=False)
    async with live.lock:
        undone = live.undo(seat, expect)
    live.broadcast()
    return JSONResponse({"undone": undone, **live.view(seat)})


@api
async def hint(request: Request) -> Response:
    """What the game's hint agent would play for the seat to move, within the server's
    agent budget, in the agents' workers (its search shared among ``--hint-workers`` of them);
    refused while too many are being worked out."""
    games = live_games(request)
    data = await read_json(request)
    live = await game_in(request)
    turn = live.hint_turn(live.seat_of(field(data, "token", str)), games.hint_workers)
    if games.hints >= MAX_HINTS:
        raise WebError(503, "the server is working out other hints: ask again in a few seconds")
    games.hints += 1
    live.hinting = True
    try:
        if turn.shared:  # ranked and merged in a thread here, each share a worker's task
            chosen, reason = await games.thinkers.share(turn.shared_task(), person=True)
        else:
            (chosen, reason), _ = await games.thinkers.run(*turn.task(), person=True)
    except WorkerLost as exc:
        raise WebError(503, f"{exc}: ask for the hint again") from None
    finally:
        games.hints -= 1
        live.hinting = False
    if live.log_length != turn.log_length:
        raise WebError(409, "the game moved on while the hint was worked out: ask again")
    action = turn.action(chosen)
    return JSONResponse({"action": str(action), "description": live.state.describe(action),
                         "reason": reason, "log_length": turn.log_length})


# --- Replays -----------------------------------------------------------------------------
@api
async def replay_index(request: Request) -> Response:
    live, _ = await game_and_seat(request)
    state = live.state.game.new_initial_state()
    marks = [{"n": 0, "label": "start"}]
    last = None
    for n, action in enumerate(live.state.history(), start=1):
        state.apply_action(action)
        label = state.replay_mark()
        if label != last and label is not None:
            marks.append({"n": n, "label": label})
            last = label
    return JSONResponse({"length": len(live.state.history()), "marks": marks,
                         "seats": list(live.state.game.seats)})


@api
async def replay_step(request: Request) -> Response:
    live, own = await game_and_seat(request)
    try:
        n = int(request.path_params["n"])
    except ValueError:
        raise WebError(400, "the step must be a number") from None
    history = live.state.history()
    if not 0 <= n <= len(history):
        raise WebError(400, f"step {n} is out of the game (0 to {len(history)})")
    seat_name = request.query_params.get("seat")
    game = live.state.game
    seat = None if not seat_name else seat_index(game, seat_name)
    secret = game.information is Information.IMPERFECT and not live.state.is_terminal()
    if secret:  # until the end, a token replays the game as its own seat saw it
        mine = None if own == SPECTATOR else own
        if seat != mine:
            raise WebError(403, "until the game is over, a replay shows only your own seat's view")
    state = game.new_initial_state()
    last = None
    for action in history[:n]:
        # a spectator of a game with secrets is not told the last action: it may be a draw
        last = None if secret and seat is None else state.action_to_string(action, seat)
        state.apply_action(action)
    view = state.view(seat)
    # the seat's own log lines up to the step (an observer's: what every seat saw)
    lines = live.seat_log(SPECTATOR if seat is None else seat, view, upto=n)
    return JSONResponse({"n": n, "length": len(history), "last": last, "view": view, **lines})


# --- The WebSocket: each seat its own view after every change ----------------------------
async def socket(websocket: WebSocket) -> None:
    await websocket.accept()  # first, so that a refusal below reaches the client with its reason
    games = live_games(websocket)
    try:
        live = await games.open(websocket.path_params["id"])
        seat = live.seat_of(websocket.query_params.get("token"))
    except WebError as exc:
        await websocket.close(code=4000 + exc.status, reason=close_reason(exc.message))
        return
    games.run_agents(live)  # where an agent had failed, a page opened lets it try again
    watcher = Watcher(seat, WATCHER_QUEUE)
    watcher.offer(live.message(seat))
    live.watchers.add(watcher)

    async def pump() -> None:
        while True:
            await websocket.send_text(await watcher.queue.get())

    async def listen() -> None:
        """Reads the page's pings (which keep the connection open) until it leaves; closes a
        connection that sends more than a page does."""
        times: deque[float] = deque(maxlen=WS_MESSAGES)
        while (message := await websocket.receive())["type"] != "websocket.disconnect":
            times.append(time.monotonic())
            text = message.get("text") or message.get("bytes") or ""
            if len(text) > WS_MESSAGE_CHARS or len(times) == WS_MESSAGES and times[-1] - times[0] < WS_WINDOW:
                await websocket.close(code=1008, reason=close_reason(
                    f"a page sends a short ping every 25 s, not {WS_MESSAGES} messages a minute "
                    f"or one over {WS_MESSAGE_CHARS} characters"))
                return

    tasks = [asyncio.create_task(job) for job in (pump(), listen(), watcher.dropped.wait())]
    try:
        await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
    finally:
        live.watchers.discard(watcher)
        for task in tasks:
            task.cancel()
        for task in tasks:  # a send to a closed connection fails: that is how it ends
            with contextlib.suppress(BaseException):
                await task
    if watcher.dropped.is_set():
        # Waits until the client reads again or the connection is lost (or the server stops).
        with contextlib.suppress(Exception):
            await websocket.close(code=1013, reason=BEHIND)


# --- Pages and documents -----------------------------------------------------------------
async def document(request: Request) -> Response:
    """A page of the project's docs, as plain text (where the rule ids of messages link)."""
    path = request.path_params["path"]
    found = DOCS / path if DOC_PATH.fullmatch(path) else None
    if found is None or not found.is_file():
        return Response(f"no document '{path[:60]}' here: the docs come with a source checkout of legatus\n",
                        status_code=404, media_type="text/plain")
    return FileResponse(found, media_type="text/plain; charset=utf-8")


def page(name: str) -> Handler:
    async def serve(request: Request) -> Response:
        return FileResponse(STATIC / name)
    return serve


ROUTES: list[BaseRoute] = [
    Route("/", page("index.html")),
    Route("/play/{id}", page("play.html")),
    Route("/replay/{id}", page("replay.html")),
    Route("/api/catalogue", catalogue),
    Route("/api/preview", preview, methods=["POST"]),
    Route("/api/games", list_games),
    Route("/api/games", new_game, methods=["POST"]),
    Route("/api/import", import_record, methods=["POST"]),
    Route("/api/games/{id}", get_game),
    Route("/api/games/{id}/public", public),
    Route("/api/games/{id}/actions", act, methods=["POST"]),
    Route("/api/games/{id}/undo", undo, methods=["POST"]),
    Route("/api/games/{id}/takeover", take_over, methods=["POST"]),
    Route("/api/games/{id}/hint", hint, methods=["POST"]),
    Route("/api/games/{id}/record", record),
    Route("/api/games/{id}/replay", replay_index),
    Route("/api/games/{id}/replay/{n}", replay_step),
    WebSocketRoute("/ws/games/{id}", socket),
    Route("/docs/{path:path}", document),
    Mount("/static", StaticFiles(directory=STATIC), name="static"),
]
