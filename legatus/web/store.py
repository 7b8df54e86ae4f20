"""The server's store: one SQLite file (WAL) with the games, their seats and tokens, and an
append-only log of every game's actions. A change is committed before it is acknowledged, so
a crash loses no confirmed action, and a restart replays each game from its log."""

from __future__ import annotations

import json
import secrets
import sqlite3
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    options TEXT NOT NULL,          -- JSON
    created REAL NOT NULL,
    watch_token TEXT NOT NULL
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
    action TEXT NOT NULL,           -- an action's notation, or "undo"
    seat INTEGER NOT NULL,          -- who asked for it; -1 for the dice
    at REAL NOT NULL,
    PRIMARY KEY (game_id, n)
);
"""
UNDO = "undo"


@dataclass(frozen=True)
class Seat:
    seat: int
    name: str
    player: str
    token: str


@dataclass(frozen=True)
class GameRow:
    id: str
    game: str
    options: dict[str, Any]
    created: float
    watch_token: str
    seats: tuple[Seat, ...]


class Store:
    """All access to the database file goes through here, one call at a time (agents write
    from worker threads while requests read and write on the event loop)."""

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        self.lock = threading.RLock()
        self.db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=FULL")  # an acknowledged action survives a power cut
        self.db.executescript(SCHEMA)

    def close(self) -> None:
        self.db.close()

    def create_game(self, game: str, options: dict[str, Any], seats: list[tuple[str, str]]) -> GameRow:
        game_id = secrets.token_hex(5)
        now = time.time()
        watch = secrets.token_urlsafe(12)
        rows = tuple(Seat(i, name, player, secrets.token_urlsafe(16)) for i, (name, player) in enumerate(seats))
        with self._transaction():
            self.db.execute("INSERT INTO games VALUES (?, ?, ?, ?, ?)",
                            (game_id, game, json.dumps(options, sort_keys=True), now, watch))
            self.db.executemany("INSERT INTO seats VALUES (?, ?, ?, ?, ?)",
                                [(game_id, s.seat, s.name, s.player, s.token) for s in rows])
        return GameRow(game_id, game, options, now, watch, rows)

    def games(self) -> list[GameRow]:
        with self.lock:
            found = self.db.execute("SELECT id, game, options, created, watch_token FROM games ORDER BY created")
            return [self._row(*r) for r in found.fetchall()]

    def game(self, game_id: str) -> GameRow | None:
        with self.lock:
            found = self.db.execute("SELECT id, game, options, created, watch_token FROM games WHERE id = ?",
                                    (game_id,)).fetchone()
            return self._row(*found) if found else None

    def _row(self, game_id: str, game: str, options: str, created: float, watch: str) -> GameRow:
        seats = self.db.execute("SELECT seat, name, player, token FROM seats WHERE game_id = ? ORDER BY seat",
                                (game_id,)).fetchall()
        return GameRow(game_id, game, json.loads(options), created, watch, tuple(Seat(*s) for s in seats))

    def log(self, game_id: str) -> list[tuple[str, int]]:
        """The game's log entries in order: (notation or "undo", seat)."""
        with self.lock:
            rows = self.db.execute("SELECT action, seat FROM actions WHERE game_id = ? ORDER BY n", (game_id,))
            return [(a, s) for a, s in rows.fetchall()]

    def append(self, game_id: str, n: int, entries: list[tuple[str, int]]) -> None:
        """Appends entries from log position ``n``, in one transaction, committed on return."""
        now = time.time()
        with self._transaction():
            self.db.executemany("INSERT INTO actions VALUES (?, ?, ?, ?, ?)",
                                [(game_id, n + i, action, seat, now) for i, (action, seat) in enumerate(entries)])

    def _transaction(self) -> _Transaction:
        return _Transaction(self.db, self.lock)


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
