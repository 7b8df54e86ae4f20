"""A server killed mid-game (SIGKILL, no clean shutdown) and started again has every
acknowledged action (docs/web.md); its worker processes end with it."""

from __future__ import annotations

import time
from pathlib import Path

from tests.web.hannibal_game import MARKER, battle_record
from tests.web.helpers import Server


def killed(server: Server) -> None:
    server.process.kill()  # SIGKILL: no shutdown code runs
    server.process.wait()
    server.stop()


def test_a_killed_server_keeps_every_acknowledged_action(tmp_path):
    db = tmp_path / "games.db"
    server = Server(db)
    try:
        created = server.call("/api/games", {"game": "hispania", "options": {"level": "7-5-4-5-1"}, "players": {}})
        gid, token = created["id"], created["seats"][0]["token"]
        acknowledged = []
        for _ in range(12):  # the setup's roads and starting spaces: the game cannot end in them
            action = server.view(gid, token)["view"]["legal_actions"][0]
            after = server.call(f"/api/games/{gid}/actions", {"token": token, "action": action})
            acknowledged.append(after["log_length"])
        record = server.call(f"/api/games/{gid}/record?token={token}")
    finally:
        killed(server)
    server = Server(db)
    try:
        again = server.view(gid, token)
        assert again["log_length"] == acknowledged[-1]
        assert server.call(f"/api/games/{gid}/record?token={token}") == record
        # and play goes on
        action = again["view"]["legal_actions"][0]
        assert server.call(f"/api/games/{gid}/actions", {"token": token, "action": action})["log_length"] > \
            acknowledged[-1]
    finally:
        server.stop()


def test_a_restarted_server_gives_each_seat_the_same_log_lines(tmp_path):
    """A seat's own log (legatus/core/seatlog.py) is rebuilt from the store's log, undos
    included: each token reads the same lines before and after; Rome's planted #37 is in its
    lines only."""
    db = tmp_path / "games.db"
    server = Server(db)
    try:
        created = server.call("/api/import", {"record": battle_record()})
        gid = created["id"]
        tokens = {s["seat"]: s["token"] for s in created["seats"]} | {"watch": created["watch_token"]}
        rome = tokens["rome"]
        taken = server.view(gid, rome)["seat_log"]
        assert taken["lines"][-1] == "rome: take 5"
        server.call(f"/api/games/{gid}/undo", {"token": rome})
        undone = server.view(gid, rome)["seat_log"]
        assert undone == {"lines": taken["lines"][:-1], "total": taken["total"] - 1}
        server.call(f"/api/games/{gid}/actions", {"token": rome, "action": "take 6"})
        before = {who: server.view(gid, token)["seat_log"] for who, token in tokens.items()}
    finally:
        killed(server)
    assert before["rome"]["lines"][-1] == "rome: take 6" and before["carthage"]["lines"][-1] == "rome: take 6"
    assert MARKER in "".join(before["rome"]["lines"])
    assert MARKER not in "".join(before["carthage"]["lines"] + before["watch"]["lines"])
    server = Server(db)
    try:
        assert {who: server.view(gid, token)["seat_log"] for who, token in tokens.items()} == before
    finally:
        server.stop()


def state_and_parent(pid: int) -> tuple[str, int] | None:
    """A process's state letter and its parent's id (Linux's /proc); None where it has ended."""
    try:
        state, ppid = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[:2]
    except (OSError, ValueError):  # ended while read
        return None
    return state, int(ppid)


def running(pid: int) -> bool:
    found = state_and_parent(pid)
    return found is not None and found[0] != "Z"  # a zombie has ended


def running_under(pid: int) -> set[int]:
    """The processes running under ``pid`` (its children, theirs, …)."""
    parents = {int(p.name): seen[1] for p in Path("/proc").glob("[0-9]*")
               if (seen := state_and_parent(int(p.name))) and seen[0] != "Z"}
    found: set[int] = set()
    todo = [pid]
    while todo:
        here = todo.pop()
        children = [child for child, parent in parents.items() if parent == here]
        found.update(children)
        todo.extend(children)
    return found


def test_a_killed_server_s_worker_processes_end_with_it(tmp_path):
    """Found after the suite: each server killed here had left its agents' workers running (a
    forkserver, two workers, a resource tracker), reparented to init, for good. Each worker
    now watches the server and ends within seconds of it."""
    server = Server(tmp_path / "games.db")
    try:
        deadline = time.monotonic() + 30
        while len(under := running_under(server.process.pid)) < 3 and time.monotonic() < deadline:
            time.sleep(0.2)  # the workers start as the server does (their warm-up)
        assert len(under) >= 3, under  # the forkserver and the workers at least
    finally:
        killed(server)
    deadline = time.monotonic() + 20
    while any(map(running, under)) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert {pid for pid in under if running(pid)} == set()
