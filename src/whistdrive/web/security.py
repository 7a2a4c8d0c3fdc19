"""Host and Origin checks, limits, the per-connection and the per-address rate limits."""

from __future__ import annotations

import json
import math
from urllib.parse import urlsplit

from starlette.requests import cookie_parser

from . import i18n
from .clock import Clock

MAX_WS_MESSAGE = 2048  # bytes; a legal client message is well under 200
MAX_HTTP_BODY = 16384


class TokenBucket:
    """At most ``rate`` messages a second on average, bursts up to ``burst``."""

    def __init__(self, rate: float = 20.0, burst: float = 40.0, clock: Clock | None = None):
        self.rate, self.burst = rate, burst
        self.clock = clock or Clock()
        self.tokens = burst
        self.stamp = self.clock.now()

    def allow(self) -> bool:
        now = self.clock.now()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


class RateLimitMiddleware:
    """A token bucket per client address on HTTP requests: ``rate`` a second, bursts of ``burst``.

    A page load is a dozen requests (page, scripts, styles, catalogue, API), so
    the defaults are generous; the point is that one address cannot keep the
    server busy. A refused request gets 429, a ``Retry-After`` and a message in
    the reader's language. ``rate`` 0 turns the limit off. Behind a reverse proxy
    every client has the proxy's address: raise the limit there, or limit at the proxy.
    """

    MAX_ADDRESSES = 10_000

    def __init__(self, app, rate: float, burst: float, clock: Clock | None = None):
        self.app = app
        self.rate, self.burst = rate, burst
        self.clock = clock or Clock()
        self.buckets: dict[str, TokenBucket] = {}

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http" or self.rate <= 0:
            return await self.app(scope, receive, send)
        address = (scope.get("client") or ("unknown",))[0]
        bucket = self.buckets.get(address)
        if bucket is None:
            self._forget_idle()
            bucket = self.buckets[address] = TokenBucket(self.rate, self.burst, self.clock)
        if bucket.allow():
            return await self.app(scope, receive, send)
        await self._refuse(scope, send, math.ceil((1 - bucket.tokens) / self.rate))

    def _forget_idle(self) -> None:
        """Bound the memory: a bucket that has refilled is the same as a new one, so it can go."""
        if len(self.buckets) < self.MAX_ADDRESSES:
            return
        now = self.clock.now()
        full = self.burst / self.rate
        self.buckets = {a: b for a, b in self.buckets.items() if now - b.stamp < full}
        if len(self.buckets) >= self.MAX_ADDRESSES:  # a flood from many addresses: keep the busiest half
            keep = sorted(self.buckets.items(), key=lambda item: item[1].tokens)[: self.MAX_ADDRESSES // 2]
            self.buckets = dict(keep)

    async def _refuse(self, scope, send, retry_after: int):
        lang = i18n.pick_lang(cookie_parser(_header(scope, b"cookie") or "").get("wd_lang"),
                              _header(scope, b"accept-language"))
        _ = i18n.gettext_for(lang)[0]
        message = _("Too many requests from your address: wait a few seconds and try again.")
        if scope["path"].startswith("/api/"):
            body = json.dumps({"error": "rate_limited", "message": message}, ensure_ascii=False).encode()
            kind = b"application/json"
        else:
            body, kind = message.encode(), b"text/plain; charset=utf-8"
        await send({"type": "http.response.start", "status": 429,
                    "headers": [(b"content-type", kind), (b"content-length", str(len(body)).encode()),
                                (b"retry-after", str(max(1, retry_after)).encode()),
                                (b"cache-control", b"no-store")]})
        await send({"type": "http.response.body", "body": body})


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
