"""Round-trip time of an action on the web server, with N games played at once.

Starts `legatus serve` on a free port with a fresh database, creates N games (one person seat
each), and plays them concurrently from N client threads, each choosing random legal actions
and timing every POST /api/games/<id>/actions from request to answer (the action checked,
written to SQLite and committed, the dice after it rolled, the WebSocket watchers pushed, the
view returned). Prints the median and the 99th percentile.

Usage: python benchmarks/web_rtt.py [--games 10] [--actions 200]
"""

from __future__ import annotations

import argparse
import json
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path


def call(port: int, path: str, body: dict | None = None) -> dict:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=data,
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read())


def player(port: int, level: str, actions: int, seed: int, times: list[float]) -> None:
    rng = random.Random(seed)
    played = 0
    while played < actions:
        created = call(port, "/api/games", {"game": "hispania", "options": {"level": level}, "players": {}})
        gid, token = created["id"], created["seats"][0]["token"]
        view = call(port, f"/api/games/{gid}?token={token}")
        while view["view"]["legal_actions"] and played < actions:
            action = rng.choice(view["view"]["legal_actions"])
            start = time.perf_counter()
            view = call(port, f"/api/games/{gid}/actions", {"token": token, "action": action,
                                                            "expect": view["log_length"]})
            times.append(time.perf_counter() - start)
            played += 1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--actions", type=int, default=200, help="actions per client")
    args = parser.parse_args()
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    db = Path(tempfile.mkdtemp()) / "rtt.db"
    server = subprocess.Popen([sys.executable, "-m", "legatus.cli", "serve", "--port", str(port), "--db", str(db)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(200):
            try:
                call(port, "/api/games")
                break
            except OSError:
                time.sleep(0.05)
        times: list[float] = []
        threads = [threading.Thread(target=player, args=(port, "7-5-4-5-1", args.actions, i, times))
                   for i in range(args.games)]
        started = time.perf_counter()
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        elapsed = time.perf_counter() - started
    finally:
        server.kill()
    times.sort()
    p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
    print(f"{len(times)} actions over {args.games} concurrent games in {elapsed:.1f} s "
          f"({len(times) / elapsed:.0f} actions/s)")
    print(f"round trip: median {statistics.median(times) * 1000:.1f} ms, p99 {p99 * 1000:.1f} ms, "
          f"max {times[-1] * 1000:.1f} ms")


if __name__ == "__main__":
    main()
