"""Games in play on the server: a session per game rebuilt from the store's log, the seats
and their tokens, the agents that play some seats, the dice, and who is watching.

The server rolls the dice: each outcome is drawn from the operating system's secure source
when it falls, and written to the log like any action, so no one can predict or steer a roll
and a restart rebuilds the game from the log alone. Agents are seeded from the same source;
their seeds are kept nowhere.
"""

from __future__ import annotations

import asyncio
import copy
import dataclasses
import functools
import hmac
import json
import secrets
import time
from collections.abc import Callable
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import Any

from legatus.core.actions import Action
from legatus.core.agents import make_agent, seat_input
from legatus.core.errors import LegatusError, UndoError
from legatus.core.game import CHANCE, Game, Information, State
from legatus.core.hints import hint_spec
from legatus.core.pacing import Pacing, pacing
from legatus.core.parallel import share_in
from legatus.core.record import PERSON, to_record
from legatus.core.registry import load
from legatus.core.seatlog import SPECTATOR as SPECTATOR_LINES
from legatus.core.session import Session, sample_outcome

from .store import TAKEOVER, UNDO, GameRow, Store, Summary

SPECTATOR = -1
LOG_LINES = 100
"""The newest lines of its log a seat's view carries, in a game whose view keeps no log."""
DICE = secrets.SystemRandom()
"""Every chance outcome the server draws: unpredictable from anything a client sees or sends."""

Entries = list[tuple[str, int]]  # log entries: (notation or "undo", the seat that asked; -1: the dice)


class WebError(Exception):
    """A request the game refuses: an HTTP status and one clear sentence."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


class Watcher:
    """A WebSocket watching a game as a seat: the updates not yet sent, at most ``limit``.
    One that falls further behind is dropped (``dropped`` is set), so a client that does not
    read never holds up the game or the server's memory."""

    def __init__(self, seat: int, limit: int) -> None:
        self.seat = seat
        self.queue: asyncio.Queue[str] = asyncio.Queue(limit)
        self.dropped = asyncio.Event()

    def offer(self, message: str) -> bool:
        try:
            self.queue.put_nowait(message)
        except asyncio.QueueFull:
            self.dropped.set()
            return False
        return True


@dataclass(frozen=True)
class AgentTurn:
    """An agent's decision to think over, away from the game: on a copy of the position, by an
    agent made from its spec in a worker process (:func:`think`)."""

    spec: str
    seat: int
    position: State  # the true position: the agent is only given what its seat may know of it
    log_length: int
    max_seconds: float

    def task(self) -> tuple[Callable[[State, str, int, float], tuple[int, str]], State, str, int, float]:
        """:func:`think` and its arguments, a new seed drawn, for a worker (``Thinkers.run(*turn.task(), …)``)."""
        return think, self.position, self.spec, secrets.randbits(63), self.max_seconds

    def action(self, chosen: int) -> Action:
        """The game's action numbered ``chosen`` (an action crosses processes as its number)."""
        return self.position.game.actions[chosen]

    @property
    def shared(self) -> bool:
        """Its search is shared among worker processes (``@N``): run by :meth:`shared_task`."""
        return "@" in self.spec

    def shared_task(self) -> Callable[[Executor], tuple[int, str]]:
        """:func:`think` with a new seed, its ``@N`` search's shares sent to the executor it is
        given (``Thinkers.share(turn.shared_task(), …)``)."""
        return functools.partial(think, *self.task()[1:])

    def decide(self) -> Action:
        """:func:`think` in this process (a tool's, a test's)."""
        task, position, spec, seed, max_seconds = self.task()
        return self.action(task(position, spec, seed, max_seconds)[0])


def think(position: State, spec: str, seed: int, max_seconds: float, shares: Executor | None = None) -> tuple[int, str]:
    """The choice of the agent ``spec`` (seeded with ``seed``) and its reason, in a worker process:
    in a game with secrets on a state drawn from what its seat knows, a draw that replays the
    game and so is work for the worker too. The agents keep nothing from one decision to the
    next but their seeds, which the server keeps nowhere: each decision's agent is made anew.

    ``shares``: an ``@N`` search (a hint's, ``--hint-workers``) runs here, in a thread of the
    server, and sends its workers' searches there (:meth:`.Thinkers.share`): the agents' pool,
    never a pool of its own; as ``@N`` in one process, the root is ranked here and the roots
    merged here, in the workers' order, so a seed gives the same hint either way."""
    agent = make_agent(position.game, spec, seed, max_seconds=max_seconds)
    if shares is not None:
        share_in(agent, shares)
    return int(agent.choose(seat_input(position, DICE))), agent.reason


@dataclass(frozen=True)
class Draft:
    """An agent's move played on a copy of the game (:meth:`LiveGame.draft`), not yet shown."""

    session: Session
    entries: Entries  # its log entries: the move, then the dice after it
    log_length: int  # the game's log before it
    messages: dict[int, str]  # each watching seat's message, the game as it will be


def roll_dice(session: Session) -> Entries:
    """Draws and applies the chance outcomes now due; their log entries."""
    rolled: Entries = []
    while session.state.current_player() == CHANCE:
        outcome = sample_outcome(session.state, DICE)
        session.apply(outcome)
        rolled.append((str(outcome), -1))
    return rolled


def opening(game: Game, actions: list[str]) -> tuple[Session, Entries]:
    """A new game played through ``actions`` (an imported record's), then its dice rolled:
    the session and every log entry, for the store to write in one go."""
    session = Session(game.new_initial_state())
    entries: Entries = []
    for index, text in enumerate(actions):
        try:
            action = session.state.parse_action(text)
            mover = session.state.current_player()
            session.apply(action)
        except LegatusError as exc:
            raise WebError(400, f"record action {index} '{text}': {exc}") from None
        entries.append((str(action), mover if mover >= 0 else -1))
    return session, entries + roll_dice(session)


def taken_over(name: str) -> str:
    return f"{name} is now played by a person"


def summary(state: State) -> Summary:
    return Summary(state.is_terminal(), state.seat_name(state.current_player()), state.prompt())


class LiveGame:
    """A game in memory. Everything that changes it runs on the event loop under ``lock``;
    agents think on a copy in a worker process."""

    def __init__(self, row: GameRow, store: Store, session: Session, log_length: int, agent_seconds: float) -> None:
        self.row = row
        self.store = store
        self.session = session
        self.log_length = log_length
        game = session.state.game
        self.agent_seconds = agent_seconds
        self.hinting = False  # a hint is being worked out: one at a time a game
        # The agents' specs: each decision's agent is made, and seeded, in its worker (:func:`think`).
        self.agents: dict[int, str] = {p.seat: p.player for p in row.seats if p.player != PERSON}
        # When each agent's move may be shown (None: at once, in a game without secrets).
        self.paces: dict[int, Pacing | None] = {
            seat: pacing(game, make_agent(game, spec, max_seconds=agent_seconds), agent_seconds)
            for seat, spec in self.agents.items()}
        self.watchers: set[Watcher] = set()
        self.lock = asyncio.Lock()
        self.task: asyncio.Task[None] | None = None
        self.used = time.monotonic()
        self.broken = False  # a write failed: memory may be ahead of the store; reload before use
        self.stalled: str | None = None  # why the agents stopped, while they wait to try again
        self.notices: list[str] = []  # what every seat is told besides the moves: a seat taken over

    @classmethod
    def load(cls, row: GameRow, store: Store, agent_seconds: float) -> LiveGame:
        """The game rebuilt from its log, undos included."""
        live = cls.replayed(row, store, store.log(row.id), agent_seconds)
        live.keep_summary()
        return live

    @classmethod
    def replayed(cls, row: GameRow, store: Store, log: list[tuple[str, int]], agent_seconds: float) -> LiveGame:
        """The game replayed from ``log`` (the store's, undos included), the store not touched:
        a server runs it in a worker thread (:meth:`Games.open`)."""
        session = Session(load(row.game, **row.options).new_initial_state())
        notices = []
        for action, seat in log:
            if action == UNDO:
                session.undo(seat)
            elif action == TAKEOVER:
                notices.append(taken_over(row.seats[seat].name))
            else:
                session.apply(session.state.parse_action(action))
        live = cls(row, store, session, len(log), agent_seconds)
        live.notices = notices
        return live

    def keep_summary(self) -> None:
        """Stores the game's summary where the store lacks it (a game stored before summaries
        were kept), so that the list of games need not rebuild it."""
        if self.row.summary != self.summary():
            self.store.summarise(self.row.id, self.summary())

    @property
    def state(self) -> State:
        return self.session.state

    @property
    def agents_only(self) -> bool:
        """No person waits on its agents."""
        return len(self.agents) == len(self.row.seats)

    def summary(self) -> Summary:
        return summary(self.state)

    def seat_of(self, token: str | None) -> int:
        """The seat a token plays (SPECTATOR for the watch token); 403 for anything else."""
        if token is None:
            raise WebError(403, "this needs the token of a seat or of the spectators (?token=…)")
        given = token.encode()
        found = None
        for seat, known in [(SPECTATOR, self.row.watch_token), *((s.seat, s.token) for s in self.row.seats)]:
            if hmac.compare_digest(given, known.encode()):  # in constant time: no token leaks by timing
                found = seat
        if found is None:
            raise WebError(403, "that token belongs to no seat of this game")
        if found in self.agents and not self.state.is_terminal():  # kept in the store; older servers handed it out
            raise WebError(403, f"the {self.row.seats[found].name} seat is played by an agent: no one reads "
                                "its view while the game goes on; the watch token shows the game")
        return found

    def view(self, seat: int) -> dict[str, Any]:
        state = self.state
        mine = seat != SPECTATOR and not state.is_terminal() and state.current_player() == seat
        view = state.view(None if seat == SPECTATOR else seat)
        return {
            "id": self.row.id,
            "seat": None if seat == SPECTATOR else self.row.seats[seat].name,
            "log_length": self.log_length,
            "can_undo": seat != SPECTATOR and self.session.can_undo(seat),
            "over": state.is_terminal(),  # every game's end, whatever its view calls it
            "players": {s.name: s.player for s in self.row.seats},
            "descriptions": {str(a): state.describe(a) for a in state.legal_actions()} if mine else {},
            "view": view,
            "stalled": self.stalled,
            "notices": self.notices,
            **self.seat_log(seat, view),
        }

    def seat_log(self, seat: int, view: dict[str, Any], upto: int | None = None) -> dict[str, Any]:
        """``{"seat_log": {"lines", "total"}}``: the newest :data:`LOG_LINES` of the first ``upto``
        actions (all, by default) as ``seat`` saw them, where its ``view`` keeps no log; else nothing."""
        seen = self.session.seen
        if "log" in view or seen is None:
            return {}
        total = len(seen) if upto is None else upto
        lines = seen.lines(SPECTATOR_LINES if seat == SPECTATOR else seat, max(0, total - LOG_LINES), total)
        return {"seat_log": {"lines": lines, "total": total}}

    # --- Changes: each is written to the store before it is acknowledged -----------------
    def act(self, seat: int, text: str, expect: int | None) -> None:
        state = self.state
        if seat == SPECTATOR:
            raise WebError(403, "spectators watch; they do not play")
        self.check_expected(expect)
        if state.is_terminal():
            raise WebError(409, "the game is over")
        mover = state.current_player()
        if mover != seat:
            raise WebError(409, f"it is not your turn: {state.seat_name(mover)} decides now")
        if seat in self.agents:
            raise WebError(403, f"the {self.row.seats[seat].name} seat is played by an agent")
        try:
            action = state.parse_action(text)
            self.session.apply(action)
        except LegatusError as exc:
            raise WebError(400, str(exc)) from None
        self.persist([(str(action), seat)] + roll_dice(self.session))

    def check_expected(self, expect: int | None) -> None:
        """409 where a change was asked of the game at another log length than it has (a retried
        request, another tab's change in between): it changes nothing then."""
        if expect is not None and expect != self.log_length:
            raise WebError(409, f"the game has moved on (log {self.log_length}, not {str(expect)[:20]}): reload")

    def undo(self, seat: int, expect: int | None) -> str:
        if seat == SPECTATOR:
            raise WebError(403, "spectators watch; they do not play")
        self.check_expected(expect)
        try:
            undone = self.session.undo(seat)
        except UndoError as exc:
            raise WebError(409, str(exc)) from None
        self.persist([(UNDO, seat)])
        return str(undone)

    def take_over(self, seat: int, name: str) -> dict[str, str]:
        """The agent of the seat ``name`` stops and a person plays it (``seat``, a person seated
        in the game, asks): its new token and link; every seat is told. 4xx, nothing changed,
        for a person's seat or a finished game."""
        target = next((s for s in self.row.seats if s.name == name), None)
        if seat == SPECTATOR:
            raise WebError(403, "a seat of this game takes over an agent's seat: the watch token cannot")
        if target is None:
            raise WebError(400, f"unknown seat '{name[:40]}'; seats: {', '.join(s.name for s in self.row.seats)}")
        if self.state.is_terminal():
            raise WebError(409, "the game is over: there is no agent's seat left to take over")
        if target.seat not in self.agents:
            raise WebError(409, f"the {name} seat is a person's already: only an agent's seat can be taken over")
        try:
            token = self.store.take_over(self.row.id, target.seat, self.log_length)
        except BaseException:
            self.broken = True
            raise
        self.log_length += 1  # an agent's move drafted before this is never shown (publish checks it)
        del self.agents[target.seat], self.paces[target.seat]
        seats = tuple(dataclasses.replace(s, player=PERSON, token=token) if s is target else s for s in self.row.seats)
        self.row = dataclasses.replace(self.row, seats=seats)
        self.notices.append(taken_over(name))
        return {"seat": name, "token": token, "link": f"/play/{self.row.id}?token={token}"}

    def persist(self, entries: Entries) -> None:
        try:
            self.store.append(self.row.id, self.log_length, entries, self.summary())
        except BaseException:
            self.broken = True  # not acknowledged; the store still has the game as it was
            raise
        self.log_length += len(entries)

    # --- Agents ----------------------------------------------------------------------------
    def agent_turn(self) -> AgentTurn | None:
        """The decision an agent owes now, on a copy of the position; None if no agent is to move."""
        state = self.state
        seat = state.current_player()
        return None if state.is_terminal() or seat not in self.agents else self._turn(self.row.seats[seat].player)

    def hint_turn(self, seat: int, workers: int = 1) -> AgentTurn:
        """The game's hint agent, bounded like the server's agents, to think for ``seat``: a
        person to move, and no other (a hint is a search, and it sees what the seat sees); its
        search shared among ``workers`` of the agents' workers (``@N``, :meth:`AgentTurn.shared_task`)."""
        state = self.state
        if seat == SPECTATOR:
            raise WebError(403, "spectators watch; hints are for the seat to move")
        if state.is_terminal():
            raise WebError(409, "the game is over")
        if state.current_player() != seat:
            mover = state.seat_name(state.current_player())
            raise WebError(409, f"a hint is for the seat to move: {mover} decides now")
        if seat in self.agents:
            raise WebError(403, f"the {self.row.seats[seat].name} seat is played by an agent")
        if self.hinting:
            raise WebError(429, "a hint for this game is being worked out: wait for it")
        return self._turn(hint_spec(state.game, workers))

    def _turn(self, spec: str) -> AgentTurn:
        state = self.state
        return AgentTurn(spec, state.current_player(), state.clone(), self.log_length, self.agent_seconds)

    def draft(self, turn: AgentTurn, action: Action) -> Draft | None:
        """The agent's chosen action (and the dice after it) played on a copy of the game, with
        each watching seat's message, ready to be shown at once; None if the game changed while
        it thought (the agent thinks again). The work a move brings is done before it is shown,
        so that when it is shown tells nothing of what it was (issue 30)."""
        if turn.log_length != self.log_length or self.state.current_player() != turn.seat:
            return None
        session = self.session.copy()
        session.apply(action)
        entries = [(str(action), turn.seat)] + roll_dice(session)
        ahead = copy.copy(self)  # the game as it will be: its watchers' messages, built now
        ahead.session, ahead.log_length = session, self.log_length + len(entries)
        messages = {seat: ahead.message(seat) for seat in {w.seat for w in self.watchers}}
        return Draft(session, entries, self.log_length, messages)

    def publish(self, draft: Draft) -> bool:
        """Makes a draft the game, writes it to the store, then sends its messages; unless the
        game changed since it was drawn up (False: nothing is played)."""
        if draft.log_length != self.log_length:
            return False
        before = self.session
        self.session = draft.session
        try:
            self.persist(draft.entries)
        except BaseException:
            self.session = before  # not stored, so not played (and the game reloads: broken)
            raise
        self.broadcast(draft.messages)
        return True

    # --- Watchers --------------------------------------------------------------------------
    def broadcast(self, built: dict[int, str] | None = None) -> None:
        """Queues each watcher the game as its seat sees it now: each seat's view is built and
        encoded once (``built``: those built already). Never waits: a watcher whose queue is
        full is dropped."""
        messages = dict(built or {})
        for watcher in list(self.watchers):
            message = messages.get(watcher.seat)
            if message is None:
                message = messages[watcher.seat] = self.message(watcher.seat)
            if not watcher.offer(message):
                self.watchers.discard(watcher)

    def message(self, seat: int) -> str:
        return json.dumps({"type": "view", **self.view(seat)})

    def record(self, seat: int) -> dict[str, Any]:
        """The record a token may have: its seat's until the game is over (others' secrets
        redacted), the full one after; spectators of a game with secrets wait for the end."""
        state = self.state
        if state.is_terminal() or state.game.information is Information.PERFECT:
            return to_record(state)
        if seat == SPECTATOR:
            raise WebError(403, "spectators get the record of a game with secrets when it is over")
        return to_record(state, seat)
