"""Slow and half-open connections (issue 30, point 5): every request arrives whole within
``request_seconds`` or its connection is closed, and connections beyond a bound are answered
503 and closed at once, so that no client, however slow or however many its sockets, locks
the others out and nothing hangs.

uvicorn times out only idle keep-alive connections and answers 503 beyond its connection limit
only once a request's head has arrived; it never times out a head sent half. So the server runs
uvicorn's own HTTP protocol with two additions (:func:`guarded_protocol`): a clock on each
request's head, a bound on its size (uvicorn's httptools parser keeps every header a client
sends), and a connection beyond the bound answered and closed as it is made; and an
ASGI middleware (:class:`BodyDeadline`) gives a request's body the same time (408 after it).
"""

from __future__ import annotations

import asyncio
import json
import resource
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send
from uvicorn.protocols.http.auto import AutoHTTPProtocol

from .live import WebError

REQUEST_SECONDS = 10.0  # a request's head, then its body, must each arrive within this
MAX_HEAD = 64 * 1024  # bytes of a request's line and headers (browsers send under 8 KiB)
WS_MAX_BYTES = 4096  # bytes of a WebSocket message a client sends (the page's are 4-byte pings)
BUSY_SECONDS = 1.0  # a connection answered and refused (503, 431) closes this long after, or when its client does


def _answer(status: bytes, message: str) -> bytes:
    body = json.dumps({"error": message}).encode()
    return (b"HTTP/1.1 %s\r\ncontent-type: application/json\r\nconnection: close\r\n"
            b"content-length: %d\r\n\r\n%s" % (status, len(body), body))


BUSY = _answer(b"503 Service Unavailable", "the server has too many connections open: try again in a moment")
HEAD_TOO_BIG = _answer(b"431 Request Header Fields Too Large",
                       f"the request's line and headers are over {MAX_HEAD // 1024} KiB")


def connection_limit() -> int:
    """Connections served at once: at most 1,000, and half the open files this process may have
    (each connection holds one; the database, the logs and accepting need some)."""
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    return max(16, min(1000, soft // 2 if soft != resource.RLIM_INFINITY else 1000))


class HeadTooBig(Exception):
    """A request's line and headers over :data:`MAX_HEAD`, raised in the parser's callback."""


def guarded_protocol(max_connections: int, request_seconds: float = REQUEST_SECONDS) -> type[asyncio.Protocol]:
    """uvicorn's HTTP protocol that closes a connection whose request head has not arrived
    ``request_seconds`` after its first byte (or after the connection is made), answers a head
    over :data:`MAX_HEAD` bytes 431, and a connection beyond ``max_connections`` 503, and closes
    them."""
    base: Any = AutoHTTPProtocol

    class Guarded(base):  # type: ignore[misc]
        head_clock: asyncio.TimerHandle | None = None

        refused = False
        in_head = False  # a request's line and headers are arriving (the parser's message begun, its head not done)
        head_bytes = 0  # of that head: its line and headers parsed, or the bytes of the chunks after its first
        raw_bytes = 0

        def connection_made(self, transport: asyncio.Transport) -> None:
            super().connection_made(transport)
            if len(self.connections) > max_connections:
                self._refuse(BUSY)
                return
            self._start_clock()

        def data_received(self, data: bytes) -> None:
            if self.refused:
                return  # the request of a connection answered and closing is not read
            if self.head_clock is None and self._between_requests():
                self._start_clock()
            if self.in_head:  # pipelined behind a request being answered too: the parser keeps every header
                self.raw_bytes += len(data)  # (one line it keeps whole until it ends)
            super().data_received(data)
            if self.head_clock is not None and (not self._between_requests()
                                                or self.transport.get_protocol() is not self):
                self.head_clock.cancel()  # the head came (a request, or an upgrade to a WebSocket)
                self.head_clock = None
            if self.in_head and self.raw_bytes > MAX_HEAD and not self.refused:
                self._refuse(HEAD_TOO_BIG)

        # The parser's callbacks (uvicorn's httptools protocol; its h11 one bounds a head itself):
        # a head over the bound stops the parser, whose error answer is then a 431.
        def on_message_begin(self) -> None:
            self.in_head, self.head_bytes, self.raw_bytes = True, 0, 0
            super().on_message_begin()

        def on_url(self, url: bytes) -> None:
            self._count(len(url))
            super().on_url(url)

        def on_header(self, name: bytes, value: bytes) -> None:
            self._count(len(name) + len(value) + 4)
            super().on_header(name, value)

        def on_headers_complete(self) -> None:
            self.in_head = False
            super().on_headers_complete()

        def _count(self, size: int) -> None:
            self.head_bytes += size
            if self.head_bytes > MAX_HEAD:
                raise HeadTooBig

        def send_400_response(self, msg: str) -> None:
            if self.head_bytes > MAX_HEAD:
                self._refuse(HEAD_TOO_BIG)
            else:
                super().send_400_response(msg)

        def _refuse(self, answer: bytes) -> None:
            """Answers, then closes once the client has had the answer (closing at once, with its
            request unread, would reset the connection before the answer is read)."""
            self.refused = True
            if self.head_clock is not None:
                self.head_clock.cancel()
            self.transport.write(answer)
            self.transport.write_eof()
            self.head_clock = self.loop.call_later(BUSY_SECONDS, self.transport.close)

        def connection_lost(self, exc: Exception | None) -> None:
            if self.head_clock is not None:
                self.head_clock.cancel()
            super().connection_lost(exc)

        def _between_requests(self) -> bool:
            return self.cycle is None or bool(self.cycle.response_complete)

        def _start_clock(self) -> None:
            self.head_clock = self.loop.call_later(request_seconds, self._too_slow)

        def _too_slow(self) -> None:
            self.head_clock = None
            if self._between_requests() and self.transport.get_protocol() is self:
                self.transport.close()

    return Guarded


class BodyDeadline:
    """ASGI middleware: a request's body must arrive within ``seconds`` of its head, or reading
    it fails with a 408 (:class:`WebError`, which the API answers); once it has, what follows (a
    disconnect) is read without a clock."""

    def __init__(self, app: ASGIApp, seconds: float = REQUEST_SECONDS) -> None:
        self.app = app
        self.seconds = seconds

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.seconds
        whole = False

        async def timed_receive() -> Message:
            nonlocal whole
            if whole:
                return await receive()
            try:
                message = await asyncio.wait_for(receive(), max(0.0, deadline - loop.time()))
            except TimeoutError:
                raise WebError(408, f"the request's body did not arrive within {self.seconds:g} s") from None
            whole = message["type"] != "http.request" or not message.get("more_body", False)
            return message

        await self.app(scope, timed_receive, send)
