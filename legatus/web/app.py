"""``legatus serve``: the web server (Starlette on uvicorn).

A JSON API under ``/api``, a WebSocket a game that pushes each seat its own view after every
change, and the static page. It works with any registered game through the core contract:
what it knows of a game is its options, seats, agents, views and ``public_data()`` (the map).
Every request that changes a game is checked, written to the store, then acknowledged; a bad
or hostile one gets a 4xx with a clear message and changes nothing (see docs/web.md, Security).

Games are loaded from the store when first used and forgotten when idle (:mod:`.games`).
Agents think in a worker process on a copy of the position, with a time budget, while the game
stays free. The routes are :mod:`.routes`; this module builds the app and its state.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Iterable
from pathlib import Path

from starlette.applications import Starlette
from starlette.middleware import Middleware

from legatus.core.registry import game_class, game_names

from .connections import REQUEST_SECONDS, BodyDeadline
from .games import MAX_AGENT_GAMES, MAX_NEW_GAMES, Games
from .guard import Guard, own_origins
from .live import WebError
from .routes import ROUTES
from .store import Store


@contextlib.asynccontextmanager
async def lifespan(app: Starlette) -> AsyncIterator[None]:
    """Resumes the games waiting on an agent, sweeps the idle games while the server runs,
    and at the end waits for the agents' workers (and ends them) before it closes the store."""
    games: Games = app.state.games
    games.thinkers.warm()  # the workers start before any decision is timed
    for game_id in games.store.agent_turns():  # a restart resumes the games waiting on an agent, and only those
        with contextlib.suppress(WebError):
            games.run_agents(games.get(game_id))

    async def sweep() -> None:
        while True:
            await asyncio.sleep(min(60.0, max(games.idle_seconds, 1.0)))
            games.evict()

    sweeper = asyncio.get_running_loop().create_task(sweep())
    yield
    sweeper.cancel()
    for live in games.live.values():
        if live.task is not None:
            live.task.cancel()
    # A thinking agent's worker ends its task within its budget; then the workers end.
    await asyncio.to_thread(games.thinkers.shutdown)
    games.store.close()


def create_app(db: str | Path = "legatus.db", *, agent_seconds: float = 2.0, allow_origins: Iterable[str] = (),
               idle_seconds: float = 600.0, max_live: int = 256, agent_workers: int | None = None,
               max_agent_games: int = MAX_AGENT_GAMES, request_seconds: float = REQUEST_SECONDS,
               hint_workers: int = 1, max_new_games: int = MAX_NEW_GAMES, pace_agents: bool = True) -> Starlette:
    """The server's app. ``agent_seconds`` bounds each agent move; ``allow_origins`` are the
    sites, besides the server's own, whose pages may call the API (a reverse proxy's);
    games unused for ``idle_seconds``, or beyond ``max_live`` in memory, are forgotten;
    agents think in ``agent_workers`` worker processes (None: one a core, at least 2), for at
    most ``max_agent_games`` games between agents; a hint's search is shared among ``hint_workers``
    of them (1: one worker, the hint's search as measured); a client may start ``max_new_games``
    games in ten minutes; ``pace_agents``: agents' moves in a game with secrets are shown after a
    delay drawn apart from the game (:mod:`legatus.core.pacing`), or at once; a request's body
    must arrive within ``request_seconds`` (408 after)."""
    versions = {name: game_class(name).version for name in game_names()}
    games = Games(Store(db, versions), agent_seconds, idle_seconds, max_live, agent_workers, max_agent_games,
                  hint_workers, max_new_games, pace_agents)
    app = Starlette(routes=ROUTES, lifespan=lifespan,
                    middleware=[Middleware(Guard, allowed=own_origins(allow_origins)),
                                Middleware(BodyDeadline, seconds=request_seconds)])
    app.state.games = games  # what every route reads (and tests and tools: which games are in memory)
    return app
