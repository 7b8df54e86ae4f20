"""A person's game's agent moves on ``legatus serve``, alone and beside games between agents
(issue 30, point 4).

Starts ``legatus serve`` on a free port with a fresh database. A person plays Carthage against
Rome, the strongest agent (``ismcts+heuristic:64``, each move bounded by ``--agent-seconds``),
choosing random legal actions over HTTP; a Rome move's latency is the time from the moment Rome
is seen to move (polling every 10 ms) to the moment its move is seen. Hannibal has secrets, so
every Rome move is paced (legatus.core.pacing): shown 1.2 × the bound + 0.1 s to 1.4 × the bound
+ 0.1 s after its thread began. Measured for ``--moves`` Rome moves alone, then again beside
``--others`` games with agents in both seats, created by POSTs with no token (the server is
started with ``--max-agent-games`` that many). Prints the median, 99th percentile and maximum;
the issue's target is p99 ≤ the bound + 1 s.

Usage: python benchmarks/web_fairness.py [--moves 40] [--others 10] [--agent-seconds 2]
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from web_rtt import Client, free_port

AGENT = "ismcts+heuristic:64"


def rome_latencies(client: Client, moves: int, rng: random.Random) -> list[float]:
    """Plays Carthage in new games until Rome has moved ``moves`` times; each move's latency."""
    latencies: list[float] = []
    while len(latencies) < moves:
        created = client.call("/api/games", {"game": "hannibal", "players": {"rome": AGENT, "carthage": "person"}})
        gid, token = created["id"], created["seats"][1]["token"]
        waiting_since: float | None = None
        length = -1
        while len(latencies) < moves:
            view = client.call(f"/api/games/{gid}?token={token}")
            now = time.perf_counter()
            if view["over"]:
                break
            if view["log_length"] != length and waiting_since is not None:
                latencies.append(now - waiting_since)
                waiting_since = None
            length = view["log_length"]
            legal = view["view"]["legal_actions"]
            if legal:
                client.call(f"/api/games/{gid}/actions", {"token": token, "action": rng.choice(legal),
                                                          "expect": length})
            elif view["view"]["to_move"] == "rome":
                waiting_since = now if waiting_since is None else waiting_since
                time.sleep(0.01)
    return latencies


def report(label: str, latencies: list[float]) -> None:
    ordered = sorted(latencies)
    p99 = ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]
    print(f"{label}: {len(ordered)} Rome moves; median {statistics.median(ordered):.2f} s, "
          f"p99 {p99:.2f} s, max {ordered[-1]:.2f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--moves", type=int, default=40, help="Rome moves measured, alone and beside the others")
    parser.add_argument("--others", type=int, default=10, help="games with agents in both seats beside it")
    parser.add_argument("--agent-seconds", type=float, default=2.0, help="the server's bound on an agent move")
    args = parser.parse_args()
    port = free_port()
    with tempfile.TemporaryDirectory() as folder:
        server = subprocess.Popen([sys.executable, "-m", "legatus.cli", "serve", "--port", str(port),
                                   "--db", str(Path(folder) / "fair.db"), "--agent-seconds", str(args.agent_seconds),
                                   "--max-agent-games", str(args.others)])
        try:
            time.sleep(3)
            client = Client(port)
            rng = random.Random(1)
            print(f"bound {args.agent_seconds:g} s; target p99 ≤ {args.agent_seconds + 1:g} s")
            report("alone", rome_latencies(client, args.moves, rng))
            for _ in range(args.others):
                client.call("/api/games", {"game": "hannibal", "players": {"rome": AGENT, "carthage": AGENT}})
            refused = Client(port)
            try:
                refused.call("/api/games", {"game": "hannibal", "players": {"rome": AGENT, "carthage": AGENT}})
                print("one more game between agents: taken (it should have been refused)")
            except RuntimeError as exc:
                print(f"one more game between agents: {str(exc)[:90]}")
            report(f"beside {args.others} games between agents", rome_latencies(client, args.moves, rng))
        finally:
            server.terminate()
            server.wait(30)


if __name__ == "__main__":
    main()
