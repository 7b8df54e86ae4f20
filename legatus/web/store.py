"""The server's store: one SQLite file (WAL) with the games, their seats and tokens, and an
append-only log of every game's actions. A change is committed before it is acknowledged, so
a crash loses no confirmed action, and a game is rebuilt from its log when it is next used.
Each game's row keeps a summary (over, who is to move, the prompt), written with every change,
so that listing games or finding those an agent must move loads none of them."""

from __future__ import annotations

import json
import secrets
import sqlite3
import threading
import time
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from legatus.core.record import PERSON

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    options TEXT NOT NULL,          -- JSON
    created REAL NOT NULL,
    watch_token TEXT NOT NULL,
    over INTEGER NOT NULL DEFAULT 0,
    to_move TEXT,                   -- a seat's name, "chance" or "nobody…"; NULL: not summarised yet
    prompt TEXT,
    version INTEGER                 -- the version of the game's rules its moves were played under
);
CREATE TABLE IF NOT EXISTS seats (
    game_id TEXT NOT NULL REFERENCES games(id),
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    player TEXT NOT NULL,           -- "person", or an agent spec
    token TEXT NOT NULL UNIQUE,
    PRIMARY KEY (game_id, seat)
);
CREATE TABLE IF NOT EXISTS actions (
    game_id TEXT NOT NULL REFERENCES games(id),
    n INTEGER NOT NULL,             -- the entry's number in the game's log, from 0
    action TEXT NOT NULL,           -- an action's notation, "undo", or "takeover" (of the seat's agent)
    seat INTEGER NOT NULL,          -- who asked for it; -1 for the dice
    at REAL NOT NULL,
    PRIMARY KEY (game_id, n)
);
"""
UNDO = "undo"
TAKEOVER = "takeover"  # a person took over the seat's agent
COLUMNS = "id, game, options, created, watch_token, over, to_move, prompt, version"


@dataclass(frozen=True)
class Seat:
    seat: int
    name: str
    player: str
    token: str


@dataclass(frozen=True)
class Summary:
    over: bool
    to_move: str
    prompt: str


@dataclass(frozen=True)
class GameRow:
    id: str
    game: str
    options: dict[str, Any]
    created: float
    watch_token: str
    seats: tuple[Seat, ...]
    summary: Summary | None  # None: a game stored before summaries were kept
    version: int | None  # the game's version of the rules; None: stored before versions were kept


class Store:
    """All access to the database file goes through here, one call at a time (agents write
    from worker threads while requests read and write on the event loop)."""

    def __init__(self, path: str | Path, versions: Mapping[str, int] | None = None) -> None:
        """The store in the database file ``path``; ``versions``, each game's version of the rules
        now, is the version of the games stored before the store kept it (the best it can know:
        they were played under the rules of the server that stored them, this one's or older)."""
        self.path = str(path)
        self.lock = threading.RLock()
        self.db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=FULL")  # an acknowledged action survives a power cut
        self.db.executescript(SCHEMA)
        known = {row[1] for row in self.db.execute("PRAGMA table_info(games)")}
        for column, kind in (("over", "INTEGER NOT NULL DEFAULT 0"), ("to_move", "TEXT"), ("prompt", "TEXT"),
                             ("version", "INTEGER")):
            if column not in known:  # a file from before summaries: they are filled in as games are used
                self.db.execute(f"ALTER TABLE games ADD COLUMN {column} {kind}")
        for game, version in (versions or {}).items():
            self.db.execute("UPDATE games SET version = ? WHERE game = ? AND version IS NULL", (version, game))

    def close(self) -> None:
        self.db.close()

    def create_game(self, game: str, version: int, options: dict[str, Any], seats: list[tuple[str, str]],
                    entries: list[tuple[str, int]], summary: Summary) -> GameRow:
        """A new game (of ``version`` of its rules) with its first log entries (an import's
        actions, the opening dice), all in one transaction: a game is stored whole or not at all."""
        game_id = secrets.token_hex(5)
        now = time.time()
        watch = secrets.token_urlsafe(12)
        rows = tuple(Seat(i, name, player, secrets.token_urlsafe(16)) for i, (name, player) in enumerate(seats))
        with self._transaction():
            self.db.execute(f"INSERT INTO games ({COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                            (game_id, game, json.dumps(options, sort_keys=True), now, watch, *_columns(summary),
                             version))
            self.db.executemany("INSERT INTO seats VALUES (?, ?, ?, ?, ?)",
                                [(game_id, s.seat, s.name, s.player, s.token) for s in rows])
            self._insert(game_id, 0, entries, now)
        return GameRow(game_id, game, options, now, watch, rows, summary, version)

    def games(self, limit: int, offset: int = 0) -> tuple[list[GameRow], int]:
        """A page of the games, newest first, and how many there are in all."""
        with self.lock:
            found = self.db.execute(f"SELECT {COLUMNS} FROM games ORDER BY created DESC, id LIMIT ? OFFSET ?",
                                    (limit, offset)).fetchall()
            total: int = self.db.execute("SELECT COUNT(*) FROM games").fetchone()[0]
            return [self._row(*r) for r in found], total

    def game(self, game_id: str) -> GameRow | None:
        with self.lock:
            found = self.db.execute(f"SELECT {COLUMNS} FROM games WHERE id = ?", (game_id,)).fetchone()
            return self._row(*found) if found else None

    def agent_turns(self) -> list[str]:
        """The games that may wait on an agent: an agent's seat to move (or not summarised yet)."""
        with self.lock:
            found = self.db.execute(
                "SELECT DISTINCT g.id FROM games g JOIN seats s ON s.game_id = g.id "
                "WHERE g.over = 0 AND s.player != ? AND (g.to_move IS NULL OR g.to_move = s.name) "
                "ORDER BY g.created", (PERSON,)).fetchall()
            return [r[0] for r in found]

    def _row(self, game_id: str, game: str, options: str, created: float, watch: str,
             over: int, to_move: str | None, prompt: str | None, version: int | None) -> GameRow:
        seats = self.db.execute("SELECT seat, name, player, token FROM seats WHERE game_id = ? ORDER BY seat",
                                (game_id,)).fetchall()
        summary = None if to_move is None else Summary(bool(over), to_move, prompt or "")
        return GameRow(game_id, game, json.loads(options), created, watch, tuple(Seat(*s) for s in seats), summary,
                       version)

    def log(self, game_id: str) -> list[tuple[str, int]]:
        """The game's log entries in order: (notation or "undo", seat)."""
        with self.lock:
            rows = self.db.execute("SELECT action, seat FROM actions WHERE game_id = ? ORDER BY n", (game_id,))
            return [(a, s) for a, s in rows.fetchall()]

    def append(self, game_id: str, n: int, entries: list[tuple[str, int]], summary: Summary) -> None:
        """Appends entries from log position ``n`` and the summary they lead to, in one
        transaction, committed on return."""
        with self._transaction():
            self._insert(game_id, n, entries, time.time())
            self._summarise(game_id, summary)

    def summarise(self, game_id: str, summary: Summary) -> None:
        with self._transaction():
            self._summarise(game_id, summary)

    def take_over(self, game_id: str, seat: int, n: int) -> str:
        """Gives an agent's seat to a person with a new token, and logs it at position ``n``, in
        one transaction; the token (the seat's old one was never handed out)."""
        token = secrets.token_urlsafe(16)
        with self._transaction():
            self.db.execute("UPDATE seats SET player = ?, token = ? WHERE game_id = ? AND seat = ?",
                            (PERSON, token, game_id, seat))
            self._insert(game_id, n, [(TAKEOVER, seat)], time.time())
        return token

    def _insert(self, game_id: str, n: int, entries: list[tuple[str, int]], now: float) -> None:
        self.db.executemany("INSERT INTO actions VALUES (?, ?, ?, ?, ?)",
                            [(game_id, n + i, action, seat, now) for i, (action, seat) in enumerate(entries)])

    def _summarise(self, game_id: str, summary: Summary) -> None:
        self.db.execute("UPDATE games SET over = ?, to_move = ?, prompt = ? WHERE id = ?",
                        (*_columns(summary), game_id))

    def _transaction(self) -> _Transaction:
        return _Transaction(self.db, self.lock)


def _columns(summary: Summary) -> tuple[int, str, str]:
    return int(summary.over), summary.to_move, summary.prompt


class _Transaction:
    def __init__(self, db: sqlite3.Connection, lock: threading.RLock) -> None:
        self.db = db
        self.lock = lock

    def __enter__(self) -> None:
        self.lock.acquire()
        try:
            self.db.execute("BEGIN IMMEDIATE")
        except BaseException:
            self.lock.release()
            raise

    def __exit__(self, kind: object, *_: object) -> None:
        try:
            self.db.execute("COMMIT" if kind is None else "ROLLBACK")
        finally:
            self.lock.release()
