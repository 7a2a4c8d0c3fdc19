"""Host and Origin checks, limits and the per-connection rate limit."""

from __future__ import annotations

import time
from urllib.parse import urlsplit

MAX_WS_MESSAGE = 2048  # bytes; a legal client message is well under 200
MAX_HTTP_BODY = 16384


class TokenBucket:
    """At most ``rate`` messages a second on average, bursts up to ``burst``."""

    def __init__(self, rate: float = 20.0, burst: float = 40.0):
        self.rate, self.burst = rate, burst
        self.tokens = burst
        self.stamp = time.monotonic()

    def allow(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


def _header(scope, name: bytes) -> str | None:
    for k, v in scope.get("headers", []):
        if k == name:
            return v.decode("latin-1")
    return None


def host_name(host_header: str) -> str:
    if host_header.startswith("["):
        return host_header.split("]")[0] + "]"
    return host_header.rsplit(":", 1)[0] if host_header.count(":") == 1 else host_header


class GuardMiddleware:
    """Refuses requests whose Host is not ours (DNS rebinding) and state-changing
    requests or WebSockets whose Origin is another site's (CSRF, cross-site WebSocket).

    Browsers always send Origin on WebSocket handshakes and cross-origin POSTs,
    so a hostile page cannot drive a table; a non-browser client without an
    Origin header is allowed (it needs the seat's secret token anyway).
    """

    def __init__(self, app, allowed_hosts: list[str]):
        self.app = app
        self.allowed = {h.lower() for h in allowed_hosts}

    async def __call__(self, scope, receive, send):
        if scope["type"] not in ("http", "websocket"):
            return await self.app(scope, receive, send)
        host = (_header(scope, b"host") or "").lower()
        if "*" not in self.allowed and host_name(host) not in self.allowed:
            return await self._refuse(scope, receive, send, "bad host")
        origin = _header(scope, b"origin")
        unsafe = scope["type"] == "websocket" or scope.get("method") not in ("GET", "HEAD", "OPTIONS")
        if unsafe and origin is not None:
            o = urlsplit(origin)
            if o.scheme not in ("http", "https") or o.netloc.lower() != host:
                return await self._refuse(scope, receive, send, "bad origin")
        return await self.app(scope, receive, send)

    async def _refuse(self, scope, receive, send, why: str):
        if scope["type"] == "websocket":
            await receive()  # websocket.connect
            await send({"type": "websocket.close", "code": 4403, "reason": why})
            return
        body = why.encode()
        await send({"type": "http.response.start", "status": 403 if "origin" in why else 400,
                    "headers": [(b"content-type", b"text/plain"), (b"content-length", str(len(body)).encode())]})
        await send({"type": "http.response.body", "body": body})


SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; "
                               "script-src 'self'; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "X-Frame-Options": "DENY",
}
