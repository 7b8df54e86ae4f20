"""A server killed mid-game (SIGKILL, no clean shutdown) and started again has every
acknowledged action (docs/web.md)."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start(db: Path, port: int) -> subprocess.Popen[bytes]:
    code = f"import uvicorn; from legatus.web.app import create_app; uvicorn.run(create_app({str(db)!r}), port={port})"
    server = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(200):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games", timeout=1)
            return server
        except OSError:
            time.sleep(0.05)
    server.kill()
    raise AssertionError("the server did not start")


def call(port: int, path: str, body: dict | None = None) -> dict:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=data,
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


def test_a_killed_server_keeps_every_acknowledged_action(tmp_path):
    db = tmp_path / "games.db"
    port = free_port()
    server = start(db, port)
    try:
        created = call(port, "/api/games", {"game": "hispania", "options": {"level": "7-5-4-5-1"}, "players": {}})
        gid, token = created["id"], created["seats"][0]["token"]
        acknowledged = []
        for _ in range(12):  # the setup's roads and starting spaces: the game cannot end in them
            view = call(port, f"/api/games/{gid}?token={token}")
            action = view["view"]["legal_actions"][0]
            after = call(port, f"/api/games/{gid}/actions", {"token": token, "action": action})
            acknowledged.append(after["log_length"])
        record = call(port, f"/api/games/{gid}/record?token={token}")
    finally:
        os.kill(server.pid, signal.SIGKILL)
        server.wait()
    server = start(db, port)
    try:
        again = call(port, f"/api/games/{gid}?token={token}")
        assert again["log_length"] == acknowledged[-1]
        assert call(port, f"/api/games/{gid}/record?token={token}") == record
        # and play goes on
        action = again["view"]["legal_actions"][0]
        assert call(port, f"/api/games/{gid}/actions", {"token": token, "action": action})["log_length"] > \
            acknowledged[-1]
    finally:
        server.kill()
        server.wait()
