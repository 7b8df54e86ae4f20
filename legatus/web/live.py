"""Games in play on the server: a session per game rebuilt from the store's log, the seats
and their tokens, the agents that play some seats, the dice, and who is watching.

The server rolls the dice: the roll after log entry n is drawn from a generator seeded by the
game and n, so the same dice come whether or not the server restarted in between.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from legatus.core.agents import Agent, make_agent
from legatus.core.errors import IllegalActionError, LegatusError, UndoError
from legatus.core.game import CHANCE, State
from legatus.core.record import to_record
from legatus.core.registry import load
from legatus.core.session import Session, sample_outcome
from legatus.sim.runner import derive_seed

from .store import UNDO, GameRow, Store

SPECTATOR = -1
PERSON = "person"


class WebError(Exception):
    """A request the game refuses: an HTTP status and one clear sentence."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


Sender = Callable[[dict[str, Any]], Awaitable[None]]


@dataclass(eq=False)
class Watcher:
    seat: int
    send: Sender


@dataclass(eq=False)
class LiveGame:
    row: GameRow
    store: Store
    session: Session = field(init=False)
    log_length: int = field(init=False, default=0)
    agents: dict[int, Agent] = field(init=False, default_factory=dict)
    watchers: list[Watcher] = field(init=False, default_factory=list)
    lock: asyncio.Lock = field(init=False, default_factory=asyncio.Lock)
    task: asyncio.Task[None] | None = field(init=False, default=None)

    def __post_init__(self) -> None:
        game = load(self.row.game, **self.row.options)
        self.session = Session(game.new_initial_state())
        for player in self.row.seats:
            if player.player != PERSON:
                self.agents[player.seat] = make_agent(game, player.player, derive_seed(self.row.id, player.seat))
        for action, seat in self.store.log(self.row.id):  # the log rebuilds the game, undos included
            if action == UNDO:
                self.session.undo(seat)
            else:
                self.session.apply(self.session.state.parse_action(action))
            self.log_length += 1

    @property
    def state(self) -> State:
        return self.session.state

    def seat_of(self, token: str | None) -> int:
        """The seat a token plays (SPECTATOR for the watch token); 403 for anything else."""
        if token is None:
            raise WebError(403, "this needs the token of a seat or of the spectators (?token=…)")
        if token == self.row.watch_token:
            return SPECTATOR
        for seat in self.row.seats:
            if seat.token == token:
                return seat.seat
        raise WebError(403, "that token belongs to no seat of this game")

    def view(self, seat: int) -> dict[str, Any]:
        state = self.state
        mine = seat != SPECTATOR and not state.is_terminal() and state.current_player() == seat
        return {
            "id": self.row.id,
            "seat": None if seat == SPECTATOR else self.row.seats[seat].name,
            "log_length": self.log_length,
            "can_undo": seat != SPECTATOR and self.session.can_undo(seat),
            "players": {s.name: s.player for s in self.row.seats},
            "descriptions": {str(a): state.describe(a) for a in state.legal_actions()} if mine else {},
            "view": state.view(None if seat == SPECTATOR else seat),
        }

    # --- Changes: each is written to the store before it is acknowledged -----------------
    def act(self, seat: int, text: str, expect: int | None) -> None:
        state = self.state
        if seat == SPECTATOR:
            raise WebError(403, "spectators watch; they do not play")
        if expect is not None and expect != self.log_length:
            raise WebError(409, f"the game has moved on (log {self.log_length}, not {expect}): reload")
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
        except IllegalActionError as exc:
            raise WebError(400, str(exc)) from None
        except LegatusError as exc:
            raise WebError(400, str(exc)) from None
        entries = [(str(action), seat)] + self._roll_dice()
        self.persist(entries)

    def undo(self, seat: int) -> str:
        if seat == SPECTATOR:
            raise WebError(403, "spectators watch; they do not play")
        try:
            undone = self.session.undo(seat)
        except UndoError as exc:
            raise WebError(409, str(exc)) from None
        self.persist([(UNDO, seat)])
        return str(undone)

    def start(self) -> None:
        """Rolls the dice that open a new game, and writes them."""
        self.persist(self._roll_dice())

    def _roll_dice(self) -> list[tuple[str, int]]:
        rolled: list[tuple[str, int]] = []
        while self.state.current_player() == CHANCE:
            rng = random.Random(derive_seed(self.row.id, "dice", self.log_length + len(rolled)))
            outcome = sample_outcome(self.state, rng)
            self.session.apply(outcome)
            rolled.append((str(outcome), -1))
        return rolled

    def persist(self, entries: list[tuple[str, int]]) -> None:
        if entries:
            self.store.append(self.row.id, self.log_length, entries)
            self.log_length += len(entries)

    def agent_to_move(self) -> Agent | None:
        state = self.state
        return None if state.is_terminal() else self.agents.get(state.current_player())

    def play_agent_move(self) -> bool:
        """One move of the agent to move (and the dice after it); False if none is to move."""
        agent = self.agent_to_move()
        if agent is None:
            return False
        seat = self.state.current_player()
        action = agent.choose(self.state)
        self.session.apply(action)
        self.persist([(str(action), seat)] + self._roll_dice())
        return True

    async def broadcast(self) -> None:
        for watcher in list(self.watchers):
            try:
                await watcher.send({"type": "view", **self.view(watcher.seat)})
            except Exception:  # a closed socket: forget it
                self.watchers.remove(watcher)

    def record(self) -> dict[str, Any]:
        return to_record(self.state)
