"""What the server takes from a client, and from where: request bodies (JSON objects of
bounded size and depth), the origin of pages that call the API, options that would name the
server's files, and agents with a bounded budget. Every response carries the headers that keep
the pages from being framed, leaking their token links, or running anything but their own code.
"""

from __future__ import annotations

import ipaddress
import json
import re
from collections.abc import Iterable
from typing import Any
from urllib.parse import urlsplit

from starlette.datastructures import Headers, MutableHeaders
from starlette.requests import Request
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from legatus.core.agents import SEARCHES, agent_names, own_searches
from legatus.core.game import Game
from legatus.core.record import json_depth

from .live import WebError

MAX_BODY = 64 * 1024  # bytes; a record of a long game is well under this
MAX_DEPTH = 32  # levels of JSON nesting; an import needs 4
MAX_SIMULATIONS = 10_000  # an agent's simulations a move; its time is bounded too (--agent-seconds)
SERVER_SEEDED = ("seed",)  # the server draws its own dice and agents' seeds

HEADERS = {
    # The pages load only their own scripts and styles, reach only this server, and are never framed.
    "content-security-policy": "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
                               "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
                               "frame-ancestors 'none'",
    "referrer-policy": "no-referrer",  # page addresses hold seat tokens
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
}


async def read_json(request: Request) -> dict[str, Any]:
    """The request's JSON object, refusing bodies over MAX_BODY or MAX_DEPTH and anything not an object."""
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > MAX_BODY:
        raise WebError(413, f"the request body is over {MAX_BODY // 1024} KiB")
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_BODY:
            raise WebError(413, f"the request body is over {MAX_BODY // 1024} KiB")
    try:
        data = json.loads(body or b"null")
    except RecursionError:
        data = None
        too_deep = True
    except ValueError as exc:  # not JSON, not UTF-8, or a number of over 4,300 digits
        raise WebError(400, f"the request body is not valid JSON ({str(exc)[:80]})") from None
    else:
        too_deep = json_depth(data) > MAX_DEPTH
    if too_deep:
        raise WebError(400, f"the request body nests JSON more than {MAX_DEPTH} levels deep")
    if not isinstance(data, dict):
        raise WebError(400, "the request body must be a JSON object")
    try:  # JSON's \ud800 escapes make strings that are no text: refused here, not when echoed or stored
        json.dumps(data, ensure_ascii=False).encode()
    except UnicodeEncodeError:
        raise WebError(400, "the request body holds a \\uD800-\\uDFFF escape that is half a character") from None
    return data


def check_options(game: type[Game], options: dict[str, Any]) -> None:
    """400 for an option the game does not have (naming those the server takes), and for one
    that names a file of the server's: no client may make it open one."""
    for key in options:
        spec = game.OPTIONS.get(key)
        if spec is None:
            taken = [k for k, s in game.OPTIONS.items() if not s.local_file and k not in SERVER_SEEDED]
            raise WebError(400, f"unknown option '{key[:40]}' for {game.name}; options: {', '.join(taken)}")
        if spec.local_file:
            raise WebError(400, f"the option '{key}' names a file on the server; it cannot be set from the web")


_SEARCH = re.compile(r"(?P<search>[a-z]+)(?:\+(?P<rollout>[a-z_-]+))?(?::(?P<budget>\d{1,9}|\d{1,4}(?:\.\d{1,3})?s))?")


def check_agent(game: Game, spec: str, agent_seconds: float) -> str:
    """The agent spec, normalised, if it is one of the game's agents within the server's bounds;
    else 400 naming it and what is valid."""
    name = spec.strip().lower()
    names = agent_names(game)
    own = own_searches(game)  # the game's own searches take a budget, and no rollout agent
    searches = [a for a in names if a in SEARCHES]
    simple = [a for a in names if a not in SEARCHES and a not in own]
    found = _SEARCH.fullmatch(name)
    if name in simple or name in own:
        return name
    if found is not None and (found["search"] in searches and found["rollout"] in (None, *simple)
                              or found["search"] in own and found["rollout"] is None):
        budget = found["budget"]
        if budget is None:
            return name
        if budget.endswith("s") and 0 < float(budget[:-1]) <= agent_seconds:
            return name
        if budget.isdigit() and 0 < int(budget) <= MAX_SIMULATIONS:
            return name
    search = " or ".join([*searches, *own])
    valid = (f"{', '.join(simple)}, {search}, then :<1 to {MAX_SIMULATIONS} simulations> or "
             f":<seconds, at most {agent_seconds:g}>s, and +<{' or '.join(simple)}>, each or not")
    raise WebError(400, f"the agent '{spec}' is not available on this server; agents: {valid}")


def close_reason(text: str) -> str:
    """``text`` cut to what a WebSocket close frame carries (123 bytes of UTF-8)."""
    return text.encode()[:123].decode(errors="ignore")


def own_origins(allowed: Iterable[str]) -> frozenset[str]:
    """The --allow-origin URLs as browsers write an Origin (scheme://host[:port], lower case)."""
    origins = set()
    for url in allowed:
        parts = urlsplit(url.strip())
        if parts.scheme not in ("http", "https") or not parts.netloc or parts.path not in ("", "/"):
            raise ValueError(f"--allow-origin '{url}' must be an origin such as https://games.example")
        origins.add(f"{parts.scheme}://{parts.netloc}".lower())
    return frozenset(origins)


def _literal_host(host: str) -> bool:
    """Whether a Host header names this machine by address (or as localhost): a page from a
    domain name that resolves here (DNS rebinding) does not count as the server's own."""
    name = urlsplit(f"//{host}").hostname or ""
    if name == "localhost":
        return True
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


class Guard:
    """ASGI middleware: a request that would change something (any method but GET and HEAD)
    must send JSON and, if its Origin is given, come from the server's own origin or an
    allowed one (403 otherwise: pages on other sites cannot drive the server). WebSockets
    check the Origin the same way. Every response gets the security headers."""

    def __init__(self, app: ASGIApp, allowed: frozenset[str]) -> None:
        self.app = app
        self.allowed = allowed

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            refusal = self.origin_refusal(scope)
            if refusal is not None:
                await receive()  # the client's connect
                await send({"type": "websocket.accept"})  # then a close, so the client hears why
                await send({"type": "websocket.close", "code": 4403, "reason": close_reason(refusal)})
                return
            await self.app(scope, receive, send)
            return
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                for key, value in HEADERS.items():
                    headers[key] = value
            await send(message)

        refusal = None
        if scope["method"] not in ("GET", "HEAD"):
            refusal = self.origin_refusal(scope)
            media = Headers(scope=scope).get("content-type", "").partition(";")[0].strip().lower()
            if refusal is None and media != "application/json":  # a form any page can post: refused alike
                refusal = f"the request body must be JSON, sent as Content-Type: application/json, " \
                          f"not '{media or 'none'}'"
        if refusal is None:
            await self.app(scope, receive, with_headers)
            return
        body = json.dumps({"error": refusal}).encode()
        await with_headers({"type": "http.response.start", "status": 403,
                            "headers": [(b"content-type", b"application/json"),
                                        (b"content-length", str(len(body)).encode())]})
        await send({"type": "http.response.body", "body": body})

    def origin_refusal(self, scope: Scope) -> str | None:
        """Why a request's Origin is refused; None if it has none or it is the server's own or allowed."""
        headers = Headers(scope=scope)
        origin = headers.get("origin")
        if origin is None:
            return None  # not sent by a browser page: scripts and tools carry their own tokens
        origin = origin.lower()
        scheme = {"ws": "http", "wss": "https"}.get(scope.get("scheme", "http"), scope.get("scheme", "http"))
        host = headers.get("host", "").lower()
        if origin in self.allowed or (origin == f"{scheme}://{host}" and _literal_host(host)):
            return None
        return f"requests from {origin[:60]} are not allowed; start the server with --allow-origin {origin[:60]}"
