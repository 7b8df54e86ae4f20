"""Shared by the browser tests and the screenshot script: a real server in a subprocess,
a Chromium found on this machine driven by Playwright, and a few API calls."""

from __future__ import annotations

import base64
import contextlib
import http.client
import json
import os
import shutil
import socket
import struct
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

CHROMIUM_NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
INSTALL_CHROMIUM = ("install a Chromium (Debian: apt-get install chromium; or: playwright install chromium) "
                    "or name one with LEGATUS_CHROMIUM=/path/to/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """``legatus serve`` on a free port, with its own database and any further ``options``."""

    def __init__(self, db: Path, *options: str) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.db = Path(db)
        self.log = self.db.with_suffix(".log")
        self._log_file = open(self.log, "wb")  # noqa: SIM115 (closed in stop())
        command = [sys.executable, "-m", "legatus.cli", "serve", "--port", str(self.port), "--db", str(db), *options]
        self.process = subprocess.Popen(command, stdout=self._log_file, stderr=subprocess.STDOUT)
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

    @contextlib.contextmanager
    def session(self) -> Iterator[Callable[[str, dict[str, Any]], tuple[int, Any]]]:
        """POSTs over one keep-alive connection: ``call(path, body)`` → (status, JSON answer)."""
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=5)

        def call(path: str, body: dict[str, Any]) -> tuple[int, Any]:
            connection.request("POST", path, json.dumps(body), {"Content-Type": "application/json"})
            response = connection.getresponse()
            return response.status, json.loads(response.read())

        try:
            yield call
        finally:
            connection.close()

    def view(self, game_id: str, token: str) -> dict[str, Any]:
        return self.call(f"/api/games/{game_id}?token={token}")  # type: ignore[no-any-return]


class SilentWatcher:
    """A WebSocket client that connects, then reads nothing (until ``close_frame``): its
    receive buffer is kept small, so the server's writes back up as they would over a slow
    or hostile network."""

    def __init__(self, port: int, path: str) -> None:
        self.sock = socket.socket()
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        self.sock.connect(("127.0.0.1", port))
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
                          f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
                          .encode())
        self.buffer = b""
        while b"\r\n\r\n" not in self.buffer:
            self.buffer += self.sock.recv(4096)
        head, _, self.buffer = self.buffer.partition(b"\r\n\r\n")
        assert head.startswith(b"HTTP/1.1 101"), head

    def close_frame(self, timeout: float) -> tuple[int, str]:
        """Reads everything the server sent, up to its close frame: (code, reason)."""
        self.sock.settimeout(timeout)
        try:
            while True:
                frame = self._frame()
                if frame[0] == 0x8:
                    code = struct.unpack("!H", frame[1][:2])[0]
                    return code, frame[1][2:].decode()
        finally:
            self.sock.close()

    def _frame(self) -> tuple[int, bytes]:
        opcode, length = self._take(2)
        length &= 0x7F
        if length == 126:
            length = struct.unpack("!H", self._take(2))[0]
        elif length == 127:
            length = struct.unpack("!Q", self._take(8))[0]
        return opcode & 0x0F, self._take(length)  # a server's frames are never masked

    def _take(self, n: int) -> bytes:
        while len(self.buffer) < n:
            chunk = self.sock.recv(1 << 16)
            if not chunk:
                raise ConnectionError("the server closed the connection without a close frame")
            self.buffer += chunk
        taken, self.buffer = self.buffer[:n], self.buffer[n:]
        return taken


class NoChromium(RuntimeError):
    """No Chromium on this machine (the message says what to install)."""


def find_chromium(playwright: Any) -> str:
    """The Chromium to drive: ``LEGATUS_CHROMIUM``, else one on the PATH, else Playwright's own
    download; :class:`NoChromium` naming what to install when there is none."""
    named = os.environ.get("LEGATUS_CHROMIUM")
    if named:
        if not Path(named).is_file():
            raise NoChromium(f"LEGATUS_CHROMIUM={named} is not a file; {INSTALL_CHROMIUM}")
        return named
    for name in CHROMIUM_NAMES:
        found = shutil.which(name)
        if found:
            return found
    own = Path(playwright.chromium.executable_path)
    if own.is_file():
        return str(own)
    raise NoChromium(f"no Chromium found (LEGATUS_CHROMIUM unset, none of {', '.join(CHROMIUM_NAMES)} on the PATH, "
                     f"no Playwright download); {INSTALL_CHROMIUM}")


def launch_chromium(playwright: Any) -> Any:
    """The Chromium :func:`find_chromium` finds; the reason in the exception if it cannot start."""
    return playwright.chromium.launch(executable_path=find_chromium(playwright), args=CHROMIUM_ARGS)


@contextlib.contextmanager
def watched_context(browser: Any, width: int = 1280, height: int = 800) -> Iterator[Any]:
    """A fresh browser context (1280×800 unless told); a JavaScript error, or anything the pages' Content
    Security Policy blocks, on any of its pages fails the test when the context closes."""
    ctx = browser.new_context(viewport={"width": width, "height": height})
    ctx.set_default_timeout(8000)
    errors: list[str] = []

    def watch(page: Any) -> None:
        page.on("pageerror", lambda exc: errors.append(f"{page.url}: {exc}"))
        page.on("console", lambda msg: errors.append(f"{page.url}: {msg.text}")
                if msg.type == "error" and "Content Security Policy" in msg.text else None)

    ctx.on("page", watch)
    yield ctx
    ctx.close()
    assert not errors, f"JavaScript errors: {errors}"
