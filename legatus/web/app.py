"""``legatus serve``: the web server (Starlette on uvicorn).

A JSON API under ``/api``, a WebSocket a game that pushes each seat its own view after every
change, and the static page. It works with any registered game through the core contract:
what it knows of a game is its options, seats, agents, views and ``public_data()`` (the map).
Every request that changes a game is checked, written to the store, then acknowledged; a bad
or hostile one gets a 4xx with a clear message and changes nothing (see docs/web.md, Security).

Games are loaded from the store when first used and forgotten when idle. Agents think in a
worker thread on a copy of the position, with a time budget, while the game stays free.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import time
from collections.abc import AsyncIterator, Iterable
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket

from legatus.core.agents import AGENT_TRIES, agent_names
from legatus.core.errors import LegatusError
from legatus.core.game import Game, Information
from legatus.core.record import PERSON, check_record, new_game_state
from legatus.core.registry import game_class, game_names, load
from legatus.core.session import Session

from .connections import REQUEST_SECONDS, BodyDeadline
from .guard import SERVER_SEEDED, Guard, check_agent, check_options, close_reason, own_origins, read_json
from .live import DICE, SPECTATOR, LiveGame, Watcher, WebError, opening, summary
from .store import GameRow, Store
from .thinkers import Thinkers

STATIC = Path(__file__).parent / "static"
DOCS = Path(__file__).parents[2] / "docs"  # the project's docs, in a source checkout (rule ids link there)
DOC_PATH = re.compile(r"[a-z0-9_-]+(?:/[a-z0-9_-]+)*\.md")
THREADS = 2  # agents' threads: games between agents hold all but one, kept for games with a person
MAX_AGENT_GAMES = 4  # games between agents played at once; a fifth is refused (503) until one ends
SEND_FIRST = 0.01  # seconds the watchers' sends get after a paced move, before the agent thinks again
MAX_HINTS = 4  # hints being worked out at once on the server (each within --agent-seconds); more wait their turn
PAGE_SIZE, MAX_PAGE = 50, 200  # games a page of GET /api/games: by default, at most
WATCHER_QUEUE = 16  # updates a WebSocket may fall behind before it is dropped
BEHIND = "too far behind: updates came faster than this connection read them; reload the page"
LOG = logging.getLogger("legatus.web")


class Games:
    """The live games: loaded from the store on first use, forgotten when idle."""

    def __init__(self, store: Store, agent_seconds: float, idle_seconds: float, max_live: int,
                 threads: int = THREADS, max_agent_games: int = MAX_AGENT_GAMES) -> None:
        self.store = store
        self.agent_seconds = agent_seconds
        self.idle_seconds = idle_seconds
        self.max_live = max_live
        self.live: dict[str, LiveGame] = {}
        # Agents think in threads of their own, shared fairly by the games, so that the server
        # can wait for them to end (each within its budget) before it closes the store.
        self.thinkers = Thinkers(threads)
        self.max_agent_games = max_agent_games
        self.hints = 0  # hints being worked out

    def get(self, game_id: str) -> LiveGame:
        live = self.live.get(game_id)
        if live is None or live.broken:
            row = self.store.game(game_id)
            if row is None:
                raise WebError(404, f"there is no game '{game_id[:40]}' on this server")
            try:
                live = LiveGame.load(row, self.store, self.agent_seconds)
            except LegatusError as exc:
                raise WebError(500, f"game '{game_id}' cannot be rebuilt from its log: {exc}") from None
            self.add(live)
        live.used = time.monotonic()
        return live

    def add(self, live: LiveGame) -> LiveGame:
        self.live[live.row.id] = live
        if len(self.live) > self.max_live:
            self.evict()
        return live

    def check_room(self, seats: list[tuple[str, str]]) -> None:
        """503 for a game between agents beyond :attr:`max_agent_games` being played at once."""
        if any(player == PERSON for _, player in seats):
            return
        playing = sum(1 for live in self.live.values() if live.agents_only and live.task is not None
                      and not live.task.done())
        if playing >= self.max_agent_games:
            raise WebError(503, f"the server is playing {playing} games between agents, its most at once: "
                                "give a seat to a person, or try again when one ends")

    def evict(self, now: float | None = None) -> None:
        """Forgets the games idle for ``idle_seconds``, then the least recently used over
        ``max_live``, among those nothing holds (a watcher, a thinking agent, a change)."""
        now = time.monotonic() if now is None else now
        free = sorted((live for live in self.live.values() if not live.watchers and not live.lock.locked()
                       and (live.task is None or live.task.done())), key=lambda live: live.used)
        excess = len(self.live) - self.max_live
        for live in free:
            if excess > 0 or now - live.used >= self.idle_seconds:
                del self.live[live.row.id]
                excess -= 1

    def run_agents(self, live: LiveGame) -> None:
        """Lets the agents play while one is to move, in the background. An agent that fails
        :data:`AGENT_TRIES` times in a row stops them: the game waits, its views say why
        (``stalled``), and the next call (a page opened, a restart) lets them try again."""
        if (live.task is not None and not live.task.done()) or live.agent_turn() is None:
            return
        live.stalled = None

        async def play() -> None:
            failures = 0
            while (turn := live.agent_turn()) is not None:
                try:  # the game stays free meanwhile
                    action, started = await self.thinkers.run(turn.timed, person=not live.agents_only)
                except Exception as exc:  # the agent's failure, whatever it is: logged, never silent
                    failures += 1
                    LOG.exception("game %s: the agent of seat %d failed (%d of %d)", live.row.id, turn.seat,
                                  failures, AGENT_TRIES)
                    if failures < AGENT_TRIES:
                        continue
                    seat = live.row.seats[turn.seat]  # every seat sees this: why stays in the log (it may name a card)
                    live.stalled = (f"the agent ({seat.player}) of {seat.name} could not decide "
                                    f"({type(exc).__name__}; the server's log says why). "
                                    "Reload the page to let it try again.")
                    live.broadcast()
                    return
                failures = 0
                async with live.lock:
                    draft = live.draft(turn, action)
                if draft is None:
                    continue
                pace = live.paces[turn.seat]
                if pace is not None:  # the moment the others see it tells nothing of the agent's hand
                    await asyncio.sleep(pace.hold(time.perf_counter() - started, DICE))
                async with live.lock:
                    live.publish(draft)
                if pace is not None:  # the messages leave before the agent's next thread takes the interpreter
                    await asyncio.sleep(SEND_FIRST)

        live.task = asyncio.get_running_loop().create_task(play())


def error(status: int, message: str) -> JSONResponse:
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
    if not text.isdigit() or not low <= int(text) <= high:
        raise WebError(400, f"'{key}' must be a whole number from {low} to {high}, not '{text[:20]}'")
    return int(text)


def create_app(db: str | Path = "legatus.db", *, agent_seconds: float = 2.0, allow_origins: Iterable[str] = (),
               idle_seconds: float = 600.0, max_live: int = 256, threads: int = THREADS,
               max_agent_games: int = MAX_AGENT_GAMES, request_seconds: float = REQUEST_SECONDS) -> Starlette:
    """The server's app. ``agent_seconds`` bounds each agent move; ``allow_origins`` are the
    sites, besides the server's own, whose pages may call the API (a reverse proxy's);
    games unused for ``idle_seconds``, or beyond ``max_live`` in memory, are forgotten;
    agents think in ``threads`` threads, for at most ``max_agent_games`` games between agents;
    a request's body must arrive within ``request_seconds`` (408 after)."""
    store = Store(db)
    games = Games(store, agent_seconds, idle_seconds, max_live, threads, max_agent_games)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        for game_id in store.agent_turns():  # a restart resumes the games waiting on an agent, and only those
            with contextlib.suppress(WebError):
                games.run_agents(games.get(game_id))

        async def sweep() -> None:
            while True:
                await asyncio.sleep(min(60.0, max(idle_seconds, 1.0)))
                games.evict()

        sweeper = asyncio.get_running_loop().create_task(sweep())
        yield
        sweeper.cancel()
        for live in games.live.values():
            if live.task is not None:
                live.task.cancel()
        # A thinking agent's thread ends within its budget: the store closes after it, never
        # under a thread that still runs.
        await asyncio.to_thread(games.thinkers.shutdown)
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
            # The form starts where a person's first game should (the game's FIRST_GAME).
            options = [{"name": key, "default": spec.parse(cls.FIRST_GAME[key]) if key in cls.FIRST_GAME
                        else spec.default, "help": spec.help, "form": spec.form}
                       for key, spec in cls.OPTIONS.items() if spec.form is not None]
            entries.append({"name": name, "title": cls.title, "options": options,
                            "agents": agent_names(load(name)),
                            "strongest": cls.HINT_AGENT,  # the form offers it first, by that name
                            "board": (STATIC / "games" / f"{name}.js").is_file()})  # the page draws it
        return JSONResponse({"games": entries, "agent_seconds": agent_seconds})

    @api
    async def preview(request: Request) -> Response:
        game = requested_game(await read_json(request))
        return JSONResponse({"seats": list(game.seats), "options": game.record_options(), "notes": game.notes})

    @api
    async def list_games(request: Request) -> Response:
        limit = query_int(request, "limit", PAGE_SIZE, 1, MAX_PAGE)
        offset = query_int(request, "offset", 0, 0, 2**62)
        rows, total = store.games(limit, offset)
        found = []
        for row in rows:
            try:
                now = row.summary or games.get(row.id).summary()
            except WebError:
                continue
            found.append({"id": row.id, "game": row.game, "options": row.options, "created": row.created,
                          "players": {s.name: s.player for s in row.seats}, "over": now.over,
                          "to_move": now.to_move, "prompt": now.prompt,
                          "watch": f"/play/{row.id}?token={row.watch_token}"})
        return JSONResponse({"games": found, "total": total, "offset": offset, "limit": limit})

    def start(game: Game, session: Session, entries: list[tuple[str, int]], seats: list[tuple[str, str]],
              options: dict[str, Any]) -> Response:
        """Stores a new game whole (its first entries with it), and lets its agents play; 503
        with nothing stored for a game between agents beyond the server's bound."""
        games.check_room(seats)
        row = store.create_game(game.name, options, seats, entries, summary(session.state))
        live = games.add(LiveGame(row, store, session, len(entries), agent_seconds))
        games.run_agents(live)
        return JSONResponse(links(row), status_code=201)

    @api
    async def new_game(request: Request) -> Response:
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
            chosen[seat] = player if player == PERSON else check_agent(game, player, agent_seconds)
        session, entries = opening(game, [])
        return start(game, session, entries, [(seat, chosen.get(seat, PERSON)) for seat in game.seats],
                     game.record_options())

    def links(row: GameRow) -> dict[str, Any]:
        """The new game's links: a person's seat's, and none for an agent's seat, whose view is
        no one's while the game goes on (issue 30, point 3)."""
        return {"id": row.id, "game": row.game,
                "seats": [{"seat": s.name, "player": s.player} | ({"link": f"/play/{row.id}?token={s.token}",
                                                                  "token": s.token} if s.player == PERSON else {})
                          for s in row.seats],
                "watch": f"/play/{row.id}?token={row.watch_token}", "watch_token": row.watch_token}

    @api
    async def import_record(request: Request) -> Response:
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
        return start(game, session, entries, [(s, PERSON) for s in game.seats], game.record_options())

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
        data = await read_json(request)
        live = games.get(request.path_params["id"])
        seat = live.seat_of(field(data, "token", str))
        text = field(data, "action", str)
        expect = field(data, "expect", int, required=False)
        async with live.lock:
            live.act(seat, text, expect)
        live.broadcast()  # queued, never awaited: no watcher holds up the game
        games.run_agents(live)
        return JSONResponse(live.view(seat))

    @api
    async def take_over(request: Request) -> Response:
        """A person seated in the game gives an agent's seat to a person (issue 30): the seat's
        token and link; every seat is told."""
        data = await read_json(request)
        live = games.get(request.path_params["id"])
        seat = live.seat_of(field(data, "token", str))
        name = field(data, "seat", str)
        async with live.lock:
            taken = live.take_over(seat, name)
        live.broadcast()
        return JSONResponse(taken)

    @api
    async def undo(request: Request) -> Response:
        data = await read_json(request)
        live = games.get(request.path_params["id"])
        seat = live.seat_of(field(data, "token", str))
        async with live.lock:
            undone = live.undo(seat)
        live.broadcast()
        return JSONResponse({"undone": undone, **live.view(seat)})

    @api
    async def hint(request: Request) -> Response:
        """What the game's hint agent would play for the seat to move, within the server's
        agent budget, in the agents' threads; refused while too many are being worked out."""
        data = await read_json(request)
        live = games.get(request.path_params["id"])
        turn = live.hint_turn(live.seat_of(field(data, "token", str)))
        if games.hints >= MAX_HINTS:
            raise WebError(503, "the server is working out other hints: ask again in a few seconds")
        games.hints += 1
        live.hinting = True
        try:
            action = await games.thinkers.run(turn.decide, person=True)
        finally:
            games.hints -= 1
            live.hinting = False
        if live.log_length != turn.log_length:
            raise WebError(409, "the game moved on while the hint was worked out: ask again")
        return JSONResponse({"action": str(action), "description": live.state.describe(action),
                             "reason": turn.agent.reason, "log_length": turn.log_length})

    async def document(request: Request) -> Response:
        """A page of the project's docs, as plain text (where the rule ids of messages link)."""
        path = request.path_params["path"]
        found = DOCS / path if DOC_PATH.fullmatch(path) else None
        if found is None or not found.is_file():
            return Response(f"no document '{path[:60]}' here: the docs come with a source checkout of legatus\n",
                            status_code=404, media_type="text/plain")
        return FileResponse(found, media_type="text/plain; charset=utf-8")

    @api
    async def record(request: Request) -> Response:
        live = games.get(request.path_params["id"])
        return JSONResponse(live.record(live.seat_of(request.query_params.get("token"))))

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
            label = state.replay_mark()
            if label != last and label is not None:
                marks.append({"n": n, "label": label})
                last = label
        return JSONResponse({"length": len(live.state.history()), "marks": marks,
                             "seats": list(live.state.game.seats)})

    @api
    async def replay_step(request: Request) -> Response:
        live = games.get(request.path_params["id"])
        own = live.seat_of(request.query_params.get("token"))
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

    # --- The WebSocket: each seat its own view after every change -------------------------
    async def socket(websocket: WebSocket) -> None:
        await websocket.accept()  # first, so that a refusal below reaches the client with its reason
        try:
            live = games.get(websocket.path_params["id"])
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
            while (await websocket.receive())["type"] != "websocket.disconnect":
                pass  # the page only listens; its pings keep the connection open

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
        Route("/api/games/{id}/takeover", take_over, methods=["POST"]),
        Route("/api/games/{id}/hint", hint, methods=["POST"]),
        Route("/api/games/{id}/record", record),
        Route("/api/games/{id}/replay", replay_index),
        Route("/api/games/{id}/replay/{n}", replay_step),
        WebSocketRoute("/ws/games/{id}", socket),
        Route("/docs/{path:path}", document),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan,
                    middleware=[Middleware(Guard, allowed=own_origins(allow_origins)),
                                Middleware(BodyDeadline, seconds=request_seconds)])
    app.state.games = games  # for tests and tools: which games are in memory
    return app


def _seat_index(game: Any, name: str) -> int:
    try:
        index: int = game.seat_index(name)
    except LegatusError as exc:
        raise WebError(400, str(exc)) from None
    return index
