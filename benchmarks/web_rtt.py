"""Round-trip time of an action on ``legatus serve`` under load, and the actions it serves a second.

Starts ``legatus serve`` on a free port with a fresh database. Each of ``--games`` player
processes plays its own game (one person seat, level 7-5-4-5-1) over one keep-alive HTTP
connection, choosing random legal actions, and times every ``POST /api/games/<id>/actions``
from request to answer: the action checked, written to SQLite and committed (fsync), the dice
after it rolled, the watchers' updates queued, the seat's new view returned. When its game
ends it starts another. A watcher process keeps ``--watchers`` WebSocket connections attached,
spread evenly over the games in play (moved to a player's new game before the player acts in
it) and reading every update. Clients run in their own processes, so what is measured is the
server's time and not the clients' own queueing; they do share the machine's cores with it.

Prints the median, 99th percentile and maximum round trip; the actions a second (all players'
actions over the time from the first player's start to the last one's end, game creations
included); and the updates the watchers received and how many were dropped for falling behind.

Usage: python benchmarks/web_rtt.py [--games 10] [--watchers 50] [--actions 200]
"""

from __future__ import annotations

import argparse
import asyncio
import http.client
import json
import multiprocessing as mp
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

LEVEL = "7-5-4-5-1"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Client:
    """JSON calls over one keep-alive connection."""

    def __init__(self, port: int) -> None:
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)

    def call(self, path: str, body: dict[str, Any] | None = None) -> Any:
        if body is None:
            self.connection.request("GET", path)
        else:
            self.connection.request("POST", path, json.dumps(body), {"Content-Type": "application/json"})
        response = self.connection.getresponse()
        data = json.loads(response.read())
        if response.status >= 400:
            raise RuntimeError(f"{path}: {response.status} {data}")
        return data


def player(port: int, index: int, actions: int, games: Any, attached: Any, results: Any, start: Any) -> None:
    """Plays ``actions`` actions, a game after another; puts (round trips, start, end) on ``results``."""
    rng = random.Random(index)
    client = Client(port)
    times: list[float] = []
    start.wait()
    began = time.perf_counter()
    while len(times) < actions:
        created = client.call("/api/games", {"game": "hispania", "options": {"level": LEVEL}, "players": {}})
        gid, token = created["id"], created["seats"][0]["token"]
        games.put((index, gid, created["watch_token"]))
        attached.get(timeout=60)  # the watchers are on this game
        view = client.call(f"/api/games/{gid}?token={token}")
        while view["view"]["legal_actions"] and len(times) < actions:
            body = {"token": token, "action": rng.choice(view["view"]["legal_actions"]), "expect": view["log_length"]}
            sent = time.perf_counter()
            view = client.call(f"/api/games/{gid}/actions", body)
            times.append(time.perf_counter() - sent)
    results.put((times, began, time.perf_counter()))


def watchers(port: int, per_game: int, games: Any, attached: list[Any], counts: Any) -> None:
    """Keeps ``per_game`` WebSockets on each player's current game; puts (updates, dropped) on ``counts``."""
    from websockets.asyncio.client import connect
    from websockets.exceptions import ConnectionClosed

    received = dropped = 0

    async def watch(url: str, ready: asyncio.Event) -> None:
        nonlocal received, dropped
        try:
            async with connect(url, max_size=None) as ws:
                await ws.recv()
                ready.set()
                async for _ in ws:
                    received += 1
        except ConnectionClosed as closed:
            dropped += closed.rcvd is not None and closed.rcvd.code == 1013

    async def main() -> None:
        loop = asyncio.get_running_loop()
        on: dict[int, list[asyncio.Task[None]]] = {}
        while (item := await loop.run_in_executor(None, games.get)) is not None:
            index, gid, watch_token = item
            for task in on.pop(index, []):
                task.cancel()
            ready = [asyncio.Event() for _ in range(per_game)]
            url = f"ws://127.0.0.1:{port}/ws/games/{gid}?token={watch_token}"
            on[index] = [asyncio.create_task(watch(url, r)) for r in ready]
            await asyncio.gather(*(r.wait() for r in ready))
            attached[index].put(True)
        for tasks in on.values():
            for task in tasks:
                task.cancel()

    asyncio.run(main())
    counts.put((received, dropped))


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=10, help="players, each in its own process and game")
    parser.add_argument("--watchers", type=int, default=50, help="WebSocket watchers, spread over the games")
    parser.add_argument("--actions", type=int, default=200, help="actions each player times")
    args = parser.parse_args()
    port = free_port()
    db = Path(tempfile.mkdtemp()) / "rtt.db"
    server = subprocess.Popen([sys.executable, "-m", "legatus.cli", "serve", "--port", str(port), "--db", str(db)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(200):
            try:
                Client(port).call("/api/catalogue")
                break
            except OSError:
                time.sleep(0.05)
        games, results, counts, start = mp.Queue(), mp.Queue(), mp.Queue(), mp.Event()
        attached = [mp.Queue() for _ in range(args.games)]
        watching = mp.Process(target=watchers, args=(port, args.watchers // args.games, games, attached, counts))
        players = [mp.Process(target=player, args=(port, i, args.actions, games, attached[i], results, start))
                   for i in range(args.games)]
        watching.start()
        for p in players:
            p.start()
        start.set()
        finished = [results.get() for _ in players]
        games.put(None)
        received, dropped = counts.get()
        for p in [*players, watching]:
            p.join()
    finally:
        server.terminate()
        server.wait()
    times = sorted(t for run, _, _ in finished for t in run)
    elapsed = max(end for _, _, end in finished) - min(began for _, began, _ in finished)
    p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
    print(f"{len(times)} actions in {args.games} concurrent games, {args.watchers // args.games * args.games} "
          f"watchers, in {elapsed:.1f} s: {len(times) / elapsed:.0f} actions/s")
    print(f"round trip: median {statistics.median(times) * 1000:.1f} ms, p99 {p99 * 1000:.1f} ms, "
          f"max {times[-1] * 1000:.1f} ms")
    print(f"watchers: {received} updates received, {dropped} watchers dropped for falling behind")


if __name__ == "__main__":
    main()
