"""The web hint through the server (issue 35, ``legatus serve --hint-workers N``): its simulations
per wall second with its search shared among 2 of the agents' workers against 1; target ≥ 1.8×.

Two servers (the app in this process, as ``legatus serve`` builds it, each with 2 agents' workers:
``--hint-workers 1`` and ``2``) are given the same positions (benchmarks/parallel_search.py's:
decisions with a choice over a seeded heuristic game of each game, imported as records); a round
asks each server for one hint at each position, interleaved (each round in a new order), through
``POST /api/games/<id>/hint``. The simulations are read from the hint's reason (a tree search's
"… of N simulated games", a flat search's moves times their futures); the wall time is the
request's. The agents' bound is raised so that no search is cut short.

The workers run in other processes, so the rates are on wall time: run it on an otherwise idle
machine with 2 cores or more. On Linux it then measures, on as many more rounds, each hint's
critical path in CPU time (the server process's, plus its busiest worker's): what the hint would
take on idle cores, a projection that a loaded machine does not move.

Usage: python benchmarks/web_hint_workers.py [--positions 2] [--rounds 3]
       [--game hispania --game viae --game hannibal]
About a minute on an idle machine at the defaults (the critical path doubles it).
"""

from __future__ import annotations

import re
import tempfile
import time
from contextlib import ExitStack
from pathlib import Path

from harness import Case, measure, report
from parallel_search import GAMES, arguments, on_path, positions
from starlette.testclient import TestClient

import legatus
from legatus.core.record import to_record
from legatus.web.app import create_app
from legatus.web.games import Games

ANCHOR = "--hint-workers 1"
AGENT_SECONDS = 60.0  # the most the server allows: no hint's search is cut short by it
SEARCHED = re.compile(r"the \d+ of (\d+) simulated games")  # a tree search's reason
FLAT = re.compile(r"the best of (\d+) moves each tried on the same (\d+) simulated futures")  # a flat search's


def simulations(reason: str) -> int:
    """The simulations a hint's search ran, read from its reason."""
    if (tree := SEARCHED.search(reason)) is not None:
        return int(tree[1])
    flat = FLAT.search(reason)
    assert flat is not None, reason
    return int(flat[1]) * int(flat[2])


class Server:
    """A server (the app, in this process) with 2 agents' workers, a hint shared among ``workers``,
    and a game imported at each position: ``hint(i)`` asks for position ``i``'s hint."""

    def __init__(self, stack: ExitStack, folder: Path, workers: int, states: list[legatus.State]) -> None:
        app = create_app(folder / f"hints-{workers}.db", agent_seconds=AGENT_SECONDS, agent_workers=2,
                         hint_workers=workers)
        self.client = stack.enter_context(TestClient(app))
        self.games: Games = app.state.games
        self.asks: list[tuple[str, str]] = []
        for state in states:
            created = self.client.post("/api/import", json={"record": to_record(state)})
            assert created.status_code == 201, created.text
            seat = state.seat_name(state.current_player())
            token = next(s["token"] for s in created.json()["seats"] if s["seat"] == seat)
            self.asks.append((created.json()["id"], token))

    def hint(self, index: int) -> int:
        """Position ``index``'s hint; the simulations its search ran."""
        gid, token = self.asks[index]
        answer = self.client.post(f"/api/games/{gid}/hint", json={"token": token})
        assert answer.status_code == 200, answer.text
        return simulations(answer.json()["reason"])

    def worker_pids(self) -> list[int]:
        return list(getattr(self.games.thinkers.pool, "_processes", {}))

    def case(self) -> Case:
        """A case: one hint at each position; the simulations their searches ran."""
        return lambda _: sum(self.hint(i) for i in range(len(self.asks)))


def critical_path(server: Server, rounds: int) -> float:
    """Simulations per CPU second along the hint's critical path (parallel_search.on_path): the
    server process's CPU seconds (its event loop, and the thread that ranks the root and merges the
    shares), plus the busiest worker's."""
    sims, path = 0, 0.0
    for _ in range(rounds):
        for index in range(len(server.asks)):
            done, took = on_path(server.worker_pids(), lambda index=index: server.hint(index))
            sims, path = sims + done, path + took
    return sims / path


def main() -> None:
    args = arguments(__doc__, **{"agents' workers": 2})
    for name in args.game or GAMES:
        states = positions(name, args.positions)
        with tempfile.TemporaryDirectory() as folder, ExitStack() as stack:
            servers = {f"--hint-workers {n}": Server(stack, Path(folder), n, states) for n in (1, 2)}
            for label, server in servers.items():
                start = time.perf_counter()
                server.hint(0)  # the workers started (the server's start does it), the game loaded in each
                print(f"{name}: the first hint with {label}, start-up included: {time.perf_counter() - start:.2f} s")
            cases = {label: server.case() for label, server in servers.items()}
            report(f"{name}: the web hint ({type(states[0].game).HINT_AGENT}) at {len(states)} positions",
                   "simulations", measure(cases, args.rounds), ANCHOR, on_cpu=False)
            if Path("/proc/self/stat").exists():
                paths = {label: critical_path(server, args.rounds) for label, server in servers.items()}
                print("  critical path (the server process + its busiest worker, CPU s): "
                      + ", ".join(f"{label} {rate:,.0f} simulations/s" for label, rate in paths.items())
                      + f"; ratio {paths['--hint-workers 2'] / paths[ANCHOR]:.2f}")


if __name__ == "__main__":
    main()
