"""Slow and half-open connections (issue 30, point 5), tried with a bounded client on the loopback:
half-sent requests are closed after ``--request-seconds``, connections beyond
``--max-connections`` are answered 503 at once, a body that never comes gets a 408, and through
it all another client is answered (never left hanging) and served once the others are gone."""

from __future__ import annotations

import contextlib
import re
import socket
import time
import urllib.error
import urllib.request
from collections.abc import Iterator

import pytest

from legatus.web.connections import MAX_HEAD
from tests.web.helpers import Server

LIMIT, SECONDS = 8, 1.0
HALF = b"GET /api/catalogue HTTP/1.1\r\nHost: 127.0.0.1\r\n"  # the head's end never comes


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    running = Server(tmp_path_factory.mktemp("web") / "c.db", "--max-connections", str(LIMIT),
                     "--request-seconds", str(SECONDS))
    yield running
    running.stop()


def connect(server: Server, data: bytes) -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", server.port), timeout=5)
    sock.sendall(data)
    return sock


def answer(sock: socket.socket) -> bytes:
    """The server's answer (its head and as much body as it announces), or what it sent before
    it closed, within 5 s (the socket's timeout)."""
    got = b""
    while chunk := sock.recv(4096):
        got += chunk
        head, _, body = got.partition(b"\r\n\r\n")
        length = re.search(rb"(?i)content-length: (\d+)", head)
        if length and len(body) >= int(length[1]):
            break
    return got


def status(server: Server) -> int:
    """A whole request's status, within 5 s: answered, never left hanging."""
    try:
        with urllib.request.urlopen(f"{server.url}/api/catalogue", timeout=5) as response:
            return int(response.status)
    except urllib.error.HTTPError as exc:
        return exc.code


def test_half_sent_requests_are_closed_in_time_and_the_surplus_answered_503_at_once(server: Server) -> None:
    held = [connect(server, HALF) for _ in range(LIMIT)]
    time.sleep(0.2)
    try:
        started = time.monotonic()
        surplus = [connect(server, HALF) for _ in range(2 * LIMIT)]
        for sock in surplus:
            assert answer(sock).startswith(b"HTTP/1.1 503 "), "a connection beyond the bound is refused"
            sock.close()
        assert time.monotonic() - started < SECONDS  # at once, not after the clock
        assert status(server) == 503  # another client is answered while the slots are held
        for sock in held:
            assert answer(sock) == b""  # closed by the server after --request-seconds
        assert time.monotonic() - started < SECONDS + 3
    finally:
        for sock in held:
            sock.close()
    time.sleep(0.2)
    assert status(server) == 200


def test_a_body_that_never_comes_is_answered_408(server: Server) -> None:
    head = (b"POST /api/preview HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            b"Content-Length: 40\r\n\r\n{\"game\":")
    sock = connect(server, head)
    started = time.monotonic()
    try:
        got = answer(sock)
    finally:
        sock.close()
    assert got.startswith(b"HTTP/1.1 408 ") and b"did not arrive within 1 s" in got
    assert SECONDS - 0.1 <= time.monotonic() - started < SECONDS + 3
    assert status(server) == 200


def test_a_websocket_outlives_the_request_clock(server: Server) -> None:
    """The clock is on a request's head only: an open WebSocket is no half-sent request."""
    created = server.call("/api/games", {"game": "hispania", "players": {}})
    token = created["seats"][0]["token"]
    sock = connect(server, (f"GET /ws/games/{created['id']}?token={token} HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                            "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n"
                            "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n").encode())
    try:
        assert sock.recv(4096).startswith(b"HTTP/1.1 101 ")
        time.sleep(SECONDS + 0.5)
        sock.settimeout(0.5)
        with pytest.raises(TimeoutError):
            while sock.recv(4096):  # the first view, then nothing: still open
                pass
    finally:
        sock.close()


def test_a_head_over_its_bound_is_answered_431_and_closed(server: Server) -> None:
    """The request's line and headers are bounded in bytes as in time (uvicorn's parser would
    keep every header a client sends)."""
    sock = connect(server, HALF + b"X-B: b\r\n" * (MAX_HEAD // 8))
    try:
        got = answer(sock)
    finally:
        sock.close()
    assert got.startswith(b"HTTP/1.1 431 ") and b"over 64 KiB" in got
    assert status(server) == 200


def test_a_body_after_an_early_answer_is_not_counted_as_a_head(server: Server) -> None:
    """A body answered 413 from its declared length, then sent all the same, is no request head:
    no second answer (431) follows the first."""
    sock = connect(server, b"POST /api/preview HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                           b"Content-Length: 300000\r\n\r\n")
    try:
        first = answer(sock)
        assert first.startswith(b"HTTP/1.1 413 ")
        with contextlib.suppress(OSError):  # the server may close once it has answered
            sock.sendall(b" " * 300_000)
        sock.settimeout(1.5)
        rest = b""
        with contextlib.suppress(OSError):
            while chunk := sock.recv(4096):
                rest += chunk
    finally:
        sock.close()
    assert b"431" not in rest
