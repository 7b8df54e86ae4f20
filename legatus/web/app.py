"""``legatus serve``: the web server (Starlette on uvicorn).

A JSON API under ``/api``, a WebSocket a game that pushes each seat its own view after every
change, and the static page. It works with any registered game through the core contract:
what it knows of a game is its options, seats, agents, views and ``public_data()`` (the map).
Every request that changes a game is checked, written to the store, then acknowledged; a bad
or hostile one gets a 4xx with a clear message and changes nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from legatus.core.agents import agent_names, make_agent
from legatus.core.errors import LegatusError
from legatus.core.game import Game, State
from legatus.core.record import check_record, new_game_state
from legatus.core.registry import game_class, game_names, load

from .live import PERSON, LiveGame, Watcher, WebError
from .store import Store

STATIC = Path(__file__).parent / "static"
MAX_BODY = 64 * 1024  # bytes; a record of a long game is well under this
NOT_ON_THE_WEB = ("board", "seed")  # a server-side file path; the server seeds its own dice


class Games:
    """The live games, loaded from the store on first use."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.live: dict[str, LiveGame] = {}

    def get(self, game_id: str) -> LiveGame:
        live = self.live.get(game_id)
        if live is None:
            row = self.store.game(game_id)
            if row is None:
                raise WebError(404, f"there is no game '{game_id}' on this server")
            live = self.live[game_id] = LiveGame(row, self.store)
        return live

    def run_agents(self, live: LiveGame) -> None:
        """Lets the agents play while one is to move, in the background."""
        if live.agent_to_move() is None or (live.task is not None and not live.task.done()):
            return

        async def play() -> None:
            while True:
                async with live.lock:
                    moved = await asyncio.to_thread(live.play_agent_move)
                    await live.broadcast()
                if not moved:
                    return

        live.task = asyncio.get_running_loop().create_task(play())


def error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


async def read_json(request: Request) -> dict[str, Any]:
    """The request's JSON object, refusing bodies over MAX_BODY and anything not an object."""
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > MAX_BODY:
        raise WebError(413, f"the request body is over {MAX_BODY // 1024} KiB")
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_BODY:
            raise WebError(413, f"the request body is over {MAX_BODY // 1024} KiB")
    try:
        data = json.loads(body or b"null")
    except (json.JSONDecodeError, UnicodeDecodeError):
        raise WebError(400, "the request body is not valid JSON") from None
    if not isinstance(data, dict):
        raise WebError(400, "the request body must be a JSON object")
    return data


def field(data: dict[str, Any], key: str, kind: type | tuple[type, ...], required: bool = True) -> Any:
    value = data.get(key)
    if value is None and not required:
        return None
    if not isinstance(value, kind) or isinstance(value, bool) and kind is not bool:
        kinds = kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
        raise WebError(400, f"'{key}' must be given as a {kinds}")
    return value


def game_options(game: str, options: Any) -> dict[str, Any]:
    if game not in game_names():
        raise WebError(404, f"unknown game '{game}'; games: {', '.join(game_names())}")
    if not isinstance(options, dict):
        raise WebError(400, "'options' must be an object of option names and values")
    for key in NOT_ON_THE_WEB:
        if key in options:
            raise WebError(400, f"the option '{key}' is not available on the server")
    return options


def requested_game(data: dict[str, Any]) -> Game:
    """The game a request's ``game`` and ``options`` configure; 4xx if they do not."""
    name = field(data, "game", str)
    options = game_options(name, data.get("options", {}))
    try:
        return load(name, **options)
    except LegatusError as exc:
        raise WebError(400, str(exc)) from None


def create_app(db: str | Path = "legatus.db") -> Starlette:
    store = Store(db)
    games = Games(store)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        for row in store.games():  # a restart resumes every game, agents included
            try:
                games.run_agents(games.get(row.id))
            except LegatusError:
                continue
        yield
        for live in games.live.values():
            if live.task is not None:
                live.task.cancel()
        store.close()

    def api(handler: Any) -> Any:
        async def wrapped(request: Request) -> Response:
            try:
                response: Response = await handler(request)
                return response
            except WebError as exc:
                return error(exc.status, exc.message)
        return wrapped

    # --- Catalogue and new games ---------------------------------------------------------
    @api
    async def catalogue(request: Request) -> Response:
        entries = []
        for name in game_names():
            cls = game_class(name)
            options = [{"name": key, "default": spec.default, "help": spec.help, "form": spec.form}
                       for key, spec in cls.OPTIONS.items() if spec.form is not None]
            entries.append({"name": name, "title": cls.title, "options": options,
                            "agents": agent_names(load(name))})
        return JSONResponse({"games": entries})

    @api
    async def preview(request: Request) -> Response:
        game = requested_game(await read_json(request))
        return JSONResponse({"seats": list(game.seats), "options": game.record_options()})

    @api
    async def list_games(request: Request) -> Response:
        found = []
        for row in store.games():
            try:
                state = games.get(row.id).state
            except LegatusError:
                continue
            found.append({"id": row.id, "game": row.game, "options": row.options, "created": row.created,
                          "players": {s.name: s.player for s in row.seats}, "over": state.is_terminal(),
                          "to_move": state.seat_name(state.current_player()), "prompt": state.prompt(),
                          "watch": f"/play/{row.id}?token={row.watch_token}"})
        return JSONResponse({"games": found})

    @api
    async def new_game(request: Request) -> Response:
        data = await read_json(request)
        game = requested_game(data)
        players = data.get("players", {})
        if not isinstance(players, dict):
            raise WebError(400, "'players' must map seats to 'person' or an agent")
        unknown = [s for s in players if s not in game.seats]
        if unknown:
            raise WebError(400, f"unknown seat '{unknown[0]}'; seats: {', '.join(game.seats)}")
        for seat, player in players.items():
            if not isinstance(player, str):
                raise WebError(400, f"the player of seat '{seat}' must be 'person' or an agent name")
            if player != PERSON:
                try:
                    make_agent(game, player)
                except LegatusError as exc:
                    raise WebError(400, str(exc)) from None
        seats = [(seat, players.get(seat, PERSON)) for seat in game.seats]
        row = store.create_game(game.name, game.record_options(), seats)
        live = games.get(row.id)
        async with live.lock:
            live.start()
        games.run_agents(live)
        return JSONResponse(links(row), status_code=201)

    def links(row: Any) -> dict[str, Any]:
        return {"id": row.id,
                "seats": [{"seat": s.name, "player": s.player, "link": f"/play/{row.id}?token={s.token}",
                           "token": s.token} for s in row.seats],
                "watch": f"/play/{row.id}?token={row.watch_token}", "watch_token": row.watch_token}

    @api
    async def import_record(request: Request) -> Response:
        data = await read_json(request)
        try:
            record = check_record(data.get("record"))
            state = new_game_state(record)
            game = state.game
        except LegatusError as exc:
            raise WebError(400, str(exc)) from None
        if "board" in record["options"]:
            raise WebError(400, "the option 'board' is not available on the server")
        if "position" in record:  # the store rebuilds a game from its initial state
            raise WebError(400, "a record that starts from a position cannot be imported on the server; "
                                "import one that starts from the initial state")
        options = {k: v for k, v in game.record_options().items() if k != "seed"}
        row = store.create_game(record["game"], options, [(s, PERSON) for s in game.seats])
        live = games.get(row.id)
        async with live.lock:
            for index, text in enumerate(record["actions"]):
                try:
                    action = live.state.parse_action(text)
                    mover = live.state.current_player()
                    live.session.apply(action)
                except LegatusError as exc:
                    raise WebError(400, f"record action {index} '{text}': {exc}") from None
                live.persist([(str(action), mover if mover >= 0 else -1)])
            live.start()
        return JSONResponse(links(row), status_code=201)

    # --- One game ------------------------------------------------------------------------
    @api
    async def get_game(request: Request) -> Response:
        live = games.get(request.path_params["id"])
        seat = live.seat_of(request.query_params.get("token"))
        return JSONResponse(live.view(seat))

    @api
    async def public(request: Request) -> Response:
        live = games.get(request.path_params["id"])
        return JSONResponse({"game": live.row.game, **live.state.game.public_data()})

    @api
    async def act(request: Request) -> Response:
        live = games.get(request.path_params["id"])
        data = await read_json(request)
        seat = live.seat_of(field(data, "token", str))
        text = field(data, "action", str)
        expect = field(data, "expect", int, required=False)
        async with live.lock:
            live.act(seat, text, expect)
            await live.broadcast()
        games.run_agents(live)
        return JSONResponse(live.view(seat))

    @api
    async def undo(request: Request) -> Response:
        live = games.get(request.path_params["id"])
        data = await read_json(request)
        seat = live.seat_of(field(data, "token", str))
        async with live.lock:
            undone = live.undo(seat)
            await live.broadcast()
        return JSONResponse({"undone": undone, **live.view(seat)})

    @api
    async def record(request: Request) -> Response:
        live = games.get(request.path_params["id"])
        live.seat_of(request.query_params.get("token"))
        return JSONResponse(live.record())

    # --- Replays -------------------------------------------------------------------------
    @api
    async def replay_index(request: Request) -> Response:
        live = games.get(request.path_params["id"])
        live.seat_of(request.query_params.get("token"))
        state = live.state.game.new_initial_state()
        marks = [{"n": 0, "label": "start"}]
        last = None
        for n, action in enumerate(live.state.history(), start=1):
            state.apply_action(action)
            label = _checkpoint(state)
            if label != last and label is not None:
                marks.append({"n": n, "label": label})
                last = label
        return JSONResponse({"length": len(live.state.history()), "marks": marks,
                             "seats": list(live.state.game.seats)})

    @api
    async def replay_step(request: Request) -> Response:
        live = games.get(request.path_params["id"])
        live.seat_of(request.query_params.get("token"))
        try:
            n = int(request.path_params["n"])
        except ValueError:
            raise WebError(400, "the step must be a number") from None
        history = live.state.history()
        if not 0 <= n <= len(history):
            raise WebError(400, f"step {n} is out of the game (0 to {len(history)})")
        seat_name = request.query_params.get("seat")
        game = live.state.game
        seat = None if not seat_name else _seat_index(game, seat_name)
        state = game.new_initial_state()
        for action in history[:n]:
            state.apply_action(action)
        last = str(history[n - 1]) if n else None
        return JSONResponse({"n": n, "length": len(history), "last": last, "view": state.view(seat)})

    # --- The WebSocket: each seat its own view after every change -------------------------
    async def socket(websocket: WebSocket) -> None:
        try:
            live = games.get(websocket.path_params["id"])
            seat = live.seat_of(websocket.query_params.get("token"))
        except WebError as exc:
            await websocket.close(code=4000 + exc.status, reason=exc.message)
            return
        await websocket.accept()
        watcher = Watcher(seat, websocket.send_json)
        live.watchers.append(watcher)
        try:
            await websocket.send_json({"type": "view", **live.view(seat)})
            while True:
                await websocket.receive_text()  # the page only listens; pings keep it open
        except WebSocketDisconnect:
            pass
        finally:
            if watcher in live.watchers:
                live.watchers.remove(watcher)

    def page(name: str) -> Any:
        async def serve(request: Request) -> Response:
            return FileResponse(STATIC / name)
        return serve

    routes = [
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
        Route("/api/games/{id}/record", record),
        Route("/api/games/{id}/replay", replay_index),
        Route("/api/games/{id}/replay/{n}", replay_step),
        WebSocketRoute("/ws/games/{id}", socket),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    return Starlette(routes=routes, lifespan=lifespan)


def _seat_index(game: Any, name: str) -> int:
    try:
        index: int = game.seat_index(name)
    except LegatusError as exc:
        raise WebError(400, str(exc)) from None
    return index


def _checkpoint(state: State) -> str | None:
    """A replay's jump marks: the setup, then the rounds, where a game's view has them; else
    the seats' turns."""
    view = state.view(None)
    if str(view.get("phase", "")).startswith("setup"):
        return "setup"
    if "round" in view:
        return f"round {view['round']}"
    seat: str = state.seat_name(state.current_player())
    return seat
