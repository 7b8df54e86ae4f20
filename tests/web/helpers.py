"""Shared by the browser tests and the screenshot script: a real server in a subprocess,
Debian's Chromium driven by Playwright, and a few API calls."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """``uvicorn`` serving ``legatus.web.app:create_app`` on a free port, with its own database."""

    def __init__(self, db: Path) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        code = ("import uvicorn; from legatus.web.app import create_app; "
                f"uvicorn.run(create_app({str(db)!r}), host='127.0.0.1', port={self.port}, log_level='warning')")
        self.log = Path(db).with_suffix(".log")
        self._log_file = open(self.log, "wb")  # noqa: SIM115 (closed in stop())
        self.process = subprocess.Popen([sys.executable, "-c", code], stdout=self._log_file, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                break
            try:
                urllib.request.urlopen(f"{self.url}/api/catalogue", timeout=1).read()
                return
            except OSError:
                time.sleep(0.05)
        self.stop()
        raise RuntimeError(f"the server did not start: {self.log.read_text(errors='replace')[-2000:]}")

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self._log_file.close()

    def call(self, path: str, body: dict[str, Any] | None = None) -> Any:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(f"{self.url}{path}", data=data, headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                return json.loads(response.read())
        except urllib.error.HTTPError as exc:
            raise AssertionError(f"{path}: {exc.code} {exc.read().decode(errors='replace')}") from None

    def view(self, game_id: str, token: str) -> dict[str, Any]:
        return self.call(f"/api/games/{game_id}?token={token}")  # type: ignore[no-any-return]


def launch_chromium(playwright: Any) -> Any:
    """Debian's Chromium (never a downloaded one); the reason in the exception if it cannot start."""
    if not Path(CHROMIUM).exists():
        raise RuntimeError(f"Chromium is not installed at {CHROMIUM}")
    return playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
