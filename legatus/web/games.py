"""The server's live games: loaded from the store on first use, forgotten when idle, and the
agents that play their seats, in the agents' worker processes (:mod:`.thinkers`)."""

from __future__ import annotations

import asyncio
import logging
import os
import time
from collections import deque
from collections.abc import Callable

from legatus.core.agents import AGENT_TRIES
from legatus.core.errors import LegatusError
from legatus.core.record import PERSON
from legatus.core.registry import game_class

from .live import DICE, LiveGame, WebError
from .store import GameRow, Store
from .thinkers import Thinkers, WorkerLost

MAX_AGENT_WORKERS = 64  # the most agents' worker processes (--agent-workers)
MAX_AGENT_GAMES = 4  # games between agents played at once; a fifth new one is refused (503), a resumed one waits
MAX_NEW_GAMES = 30  # games a client (an address) may create or import within NEW_GAMES_WINDOW (--max-new-games)
NEW_GAMES_WINDOW = 600.0  # seconds; all clients together may create ten clients' worth in it
POOL_BREAKS = 5  # an agents' pool broken so many times in a row (a worker lost each time) stops a game's agents
BREAK_BACKOFF = 0.5  # seconds a game waits, after its agent's worker was lost, before it asks again
LOG = logging.getLogger("legatus.web")


def default_workers() -> int:
    """The agents' worker processes by default: one a core this process may use, at least 2
    (games between agents hold all but one, kept for games with a person), at most
    :data:`MAX_AGENT_WORKERS`."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 2
    return max(2, min(cores, MAX_AGENT_WORKERS))


class Games:
    """The live games: loaded from the store on first use, forgotten when idle."""

    def __init__(self, store: Store, agent_seconds: float, idle_seconds: float, max_live: int,
                 workers: int | None = None, max_agent_games: int = MAX_AGENT_GAMES,
                 hint_workers: int = 1, max_new_games: int = MAX_NEW_GAMES, pace_agents: bool = True) -> None:
        self.store = store
        self.agent_seconds = agent_seconds
        self.idle_seconds = idle_seconds
        self.max_live = max_live
        self.live: dict[str, LiveGame] = {}
        pool = default_workers() if workers is None else workers
        # A hint's search shared among so many of them (issue 35): each share a task in the fair order.
        # One by default: an ``@N`` search's choices are not ``@1``'s, and the hint must stay the
        # strongest advice measured (the agents' tables are of one process's search).
        self.hint_workers = hint_workers
        if not 1 <= self.hint_workers <= pool:
            raise ValueError(f"a hint's search is shared among 1 to {pool} workers (the agents'), "
                             f"not {self.hint_workers}")
        # Agents think in worker processes, shared fairly by the games, so that two games' agents
        # use two cores and the server can wait for them to end (each within its budget) before
        # it closes the store.
        self.thinkers = Thinkers(pool)
        self.max_agent_games = max_agent_games
        self.hints = 0  # hints being worked out
        # Games between agents resumed (a restart, a page opened) while max_agent_games play: by
        # id, in the order they came; each starts when one of those playing ends.
        self.queued: deque[str] = deque()
        self.max_new_games = max_new_games
        self.pace_agents = pace_agents  # False (--no-pace): agents' moves shown at once, their time telling
        self.created: deque[tuple[float, str]] = deque()  # (when, by which client) of the window's new games
        self.opening: dict[str, asyncio.Task[LiveGame]] = {}  # the games being replayed (:meth:`open`), by id

    def get(self, game_id: str) -> LiveGame:
        """The live game ``game_id``, rebuilt from the store where it is not in memory (on the
        calling thread: a server's requests use :meth:`open`)."""
        live = self.live.get(game_id)
        if live is None or live.broken:
            row = self._row(game_id)
            live = self._replayed(lambda: LiveGame.load(row, self.store, self.agent_seconds), game_id)
            self.add(live)
        live.used = time.monotonic()
        return live

    async def open(self, game_id: str) -> LiveGame:
        """:meth:`get` for a request: a game not in memory is replayed in a worker thread, so
        that the server answers everyone else meanwhile (a long game's replay takes tens of
        milliseconds), and the requests for one game wait on one replay: a second would make a
        second live game, and an action applied to the first would be lost from memory."""
        live = self.live.get(game_id)
        if live is None or live.broken:
            pending = self.opening.get(game_id)
            if pending is None:
                pending = self.opening[game_id] = asyncio.get_running_loop().create_task(self._open(game_id))
                pending.add_done_callback(lambda task: self._opened(game_id, task))
            live = await asyncio.shield(pending)  # a request that goes away leaves the replay to the others
        live.used = time.monotonic()
        return live

    async def _open(self, game_id: str) -> LiveGame:
        row = self._row(game_id)
        log = self.store.log(game_id)  # the store is read here, on the event loop, as everywhere
        live = await asyncio.to_thread(
            self._replayed, lambda: LiveGame.replayed(row, self.store, log, self.agent_seconds), game_id)
        live.keep_summary()
        return self.add(live)

    def _opened(self, game_id: str, task: asyncio.Task[LiveGame]) -> None:
        del self.opening[game_id]
        if not task.cancelled():
            task.exception()  # retrieved: the requests that waited were answered with it

    def _row(self, game_id: str) -> GameRow:
        """The stored game to replay: 404 where there is none, 409 where its moves were played
        under another version of its rules, which would replay them to another game or not at
        all (its log is kept as it is, for a server of that version)."""
        row = self.store.game(game_id)
        if row is None:
            raise WebError(404, f"there is no game '{game_id[:40]}' on this server")
        version = game_class(row.game).version
        if row.version is not None and row.version != version:
            raise WebError(409, f"game '{game_id}' was played under version {row.version} of the rules of "
                                f"{row.game}, and this server plays version {version}: its moves are kept "
                                f"as they are, and a server of legatus that plays version {row.version} opens it")
        return row

    @staticmethod
    def _replayed(replay: Callable[[], LiveGame], game_id: str) -> LiveGame:
        try:
            return replay()
        except LegatusError as exc:
            raise WebError(500, f"game '{game_id}' cannot be rebuilt from its log: {exc}") from None

    def add(self, live: LiveGame) -> LiveGame:
        self.live[live.row.id] = live
        if len(self.live) > self.max_live:
            self.evict()
        return live

    def agents_playing(self) -> int:
        """Games between agents whose agents are playing now."""
        return sum(1 for live in self.live.values() if live.agents_only and live.task is not None
                   and not live.task.done())

    def check_room(self, seats: list[tuple[str, str]]) -> None:
        """503 for a new game between agents beyond :attr:`max_agent_games` being played at once."""
        if any(player == PERSON for _, player in seats):
            return
        playing = self.agents_playing() + len(self.queued)  # the queued come first: a new game waits behind them
        if playing >= self.max_agent_games:
            raise WebError(503, f"the server is playing {playing} games between agents, its most at once: "
                                "give a seat to a person, or try again when one ends")

    def check_new(self, client: str, now: float | None = None) -> None:
        """429 for a new game (created or imported) beyond :attr:`max_new_games` by ``client``
        (its address) within :data:`NEW_GAMES_WINDOW`, or ten times that by all clients: the store
        grows no faster than that, however many requests come."""
        now = time.monotonic() if now is None else now
        while self.created and now - self.created[0][0] >= NEW_GAMES_WINDOW:
            self.created.popleft()
        window = f"{NEW_GAMES_WINDOW / 60:g} minutes"
        if sum(1 for _, by in self.created if by == client) >= self.max_new_games:
            raise WebError(429, f"you have started {self.max_new_games} games in {window}, this server's most: "
                                "play one of them, or try again later")
        if len(self.created) >= 10 * self.max_new_games:
            raise WebError(429, f"{len(self.created)} games were started on this server in {window}, its most: "
                                "try again later")

    def count_new(self, client: str) -> None:
        """Counts a new game stored for ``client`` (after :meth:`check_new`)."""
        self.created.append((time.monotonic(), client))

    def evict(self, now: float | None = None) -> None:
        """Forgets the games idle for ``idle_seconds``, then the least recently used over
        ``max_live``, among those nothing holds (a watcher, a thinking agent, a hint, a change)."""
        now = time.monotonic() if now is None else now
        free = sorted((live for live in self.live.values() if not live.watchers and not live.lock.locked()
                       and not live.hinting and (live.task is None or live.task.done())), key=lambda live: live.used)
        excess = len(self.live) - self.max_live
        for live in free:
            if excess > 0 or now - live.used >= self.idle_seconds:
                del self.live[live.row.id]
                excess -= 1

    def run_agents(self, live: LiveGame) -> None:
        """Lets the agents play while one is to move, in the background. An agent that fails
        :data:`AGENT_TRIES` times in a row stops them: the game waits, its views say why
        (``stalled``), and the next call (a page opened, a restart) lets them try again.

        A game between agents is held to :attr:`max_agent_games` however it comes back (a
        restart, a page opened), as a new one is: beyond the bound it is queued, not refused,
        since it is stored already; its views say it waits (``stalled``), and it starts when
        one of those playing ends."""
        if (live.task is not None and not live.task.done()) or live.agent_turn() is None:
            return
        if live.agents_only and (playing := self.agents_playing()) >= self.max_agent_games:
            if live.row.id not in self.queued:
                self.queued.append(live.row.id)
            live.stalled = (f"the server is playing {playing} games between agents, its most at once: "
                            "this one waits its turn and starts when one of them ends")
            return
        live.stalled = None

        async def play() -> None:
            failures = breaks = 0
            while (turn := live.agent_turn()) is not None:
                person = not live.agents_only
                pace = live.paces[turn.seat] if self.pace_agents else None
                keep = pace is not None and person  # a person's opponent keeps its worker until its move is shown
                try:  # the game stays free meanwhile
                    (chosen, _), started = await self.thinkers.run(*turn.task(), person=person, keep=keep)
                except WorkerLost:  # another game's worker may have broken the pool: no fault of this agent's
                    breaks += 1
                    LOG.warning("game %s: the agent of seat %d lost its worker (%d of %d in a row)", live.row.id,
                                turn.seat, breaks, POOL_BREAKS)
                    if breaks < POOL_BREAKS:
                        await asyncio.sleep(BREAK_BACKOFF)
                        continue
                    live.stalled = (f"the agents' worker processes ended {POOL_BREAKS} times in a row (killed or "
                                    "out of memory). Reload the page to let them try again.")
                    live.broadcast()
                    return
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
                failures = breaks = 0
                try:
                    async with live.lock:
                        draft = live.draft(turn, turn.action(chosen))
                    if draft is None:
                        continue
                    if pace is not None:  # the moment the others see it tells nothing of the agent's hand
                        await asyncio.sleep(pace.hold(time.perf_counter() - started, DICE))
                finally:
                    if keep:
                        self.thinkers.give_back(person)
                async with live.lock:
                    live.publish(draft)

        live.task = asyncio.get_running_loop().create_task(play())
        if live.agents_only:  # its place goes to the next queued game, unless the server is stopping it
            live.task.add_done_callback(lambda task: None if task.cancelled() else self.start_queued())

    def start_queued(self) -> None:
        """Lets the queued games between agents play, in the order they came, while there is room."""
        while self.queued and self.agents_playing() < self.max_agent_games:
            gid = self.queued.popleft()
            try:
                self.run_agents(self.get(gid))
            except WebError as exc:  # gone from the store, or its record no longer replays: dropped, said
                LOG.warning("queued game %s dropped: %s", gid, exc)
