"""The FastAPI application: its settings, the services a running server holds (store, bot pool,
tables, clock), the middleware, and three routers: pages, the JSON API and the WebSocket
(docs/web.md)."""

from __future__ import annotations

import logging
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException

from whistdrive.i18n import N_

from . import api, pages, socket
from .botpool import BotPool
from .clock import Clock
from .health import add_health_routes
from .seats import DEFAULT_GRACE
from .security import SECURITY_HEADERS, GuardMiddleware, RateLimitMiddleware
from .store import Store
from .tables import Limits, Tables

log = logging.getLogger("whistdrive.web")
STATIC = Path(__file__).parent / "static"


@dataclass
class Settings:
    database_url: str = "sqlite:///whistdrive.db"
    allowed_hosts: list[str] = field(default_factory=lambda: ["127.0.0.1", "localhost", "[::1]"])
    bot_pool: str = "process"
    bot_workers: int = 2
    max_tables: int = 0  # unfinished tables the server keeps (0: derived from bot_workers)
    bot_delay: float = 0.0
    rate: float = 20.0  # WebSocket messages per second and connection
    burst: float = 40.0
    http_rate: float = 50.0  # HTTP requests per second and client address (0: no limit)
    http_burst: float = 200.0
    grace: float = DEFAULT_GRACE  # seconds before a computer plays for an away person
    limits: Limits = field(default_factory=Limits)
    idle: float = 300.0  # seconds before a table nobody uses leaves memory (the database keeps it)


def create_app(settings: Settings | None = None, clock: Clock | None = None) -> FastAPI:
    """The app; ``clock`` (tests: a :class:`.clock.FakeClock`) times everything the server waits for."""
    settings = settings or Settings()
    clock = clock or Clock()

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        store = Store(settings.database_url, None if type(clock) is Clock else clock)
        pool = BotPool(settings.bot_pool, settings.bot_workers, settings.max_tables, clock=clock)
        pool.start()
        app.state.store = store
        app.state.tables = Tables(store, pool, settings.bot_delay, settings.grace, settings.limits,
                                  settings.idle, clock)
        app.state.tables.run_background()
        n = await app.state.tables.resume_all()
        if n:
            log.info("resumed %d unfinished game(s)", n)
        try:
            yield
        finally:
            app.state.tables.close()
            pool.close()
            store.close()

    app = FastAPI(title="whistdrive", lifespan=lifespan, docs_url=None, redoc_url=None, openapi_url=None)
    app.state.rate, app.state.burst, app.state.clock = settings.rate, settings.burst, clock
    app.add_middleware(GuardMiddleware, allowed_hosts=settings.allowed_hosts)
    app.add_middleware(RateLimitMiddleware, rate=settings.http_rate, burst=settings.http_burst, clock=clock)
    app.middleware("http")(security_headers)
    app.add_exception_handler(StarletteHTTPException, no_such_address)
    app.add_exception_handler(RequestValidationError, bad_path_or_query)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    add_health_routes(app)
    for part in (pages, api, socket):
        app.include_router(part.router)
    return app


async def security_headers(request: Request, call_next):
    response = await call_next(request)
    for k, v in SECURITY_HEADERS.items():
        response.headers.setdefault(k, v)
    if request.url.path.startswith("/api/"):
        response.headers.setdefault("Cache-Control", "no-store")
    return response


async def no_such_address(request: Request, exc: Exception) -> Response:
    """An address nobody serves: a person gets the error page in their language, a program JSON."""
    assert isinstance(exc, StarletteHTTPException)
    api_call = request.url.path.split("/")[1:2] == ["api"]
    if exc.status_code == 404 and not api_call:
        return pages.error_page(request, 404, N_("There is no page at this address."))
    if exc.status_code == 404:
        return JSONResponse({"error": "not_found"}, status_code=404)
    code = "method_not_allowed" if exc.status_code == 405 else "http_error"
    return JSONResponse({"error": code, "message": str(exc.detail)}, status_code=exc.status_code, headers=exc.headers)


async def bad_path_or_query(request: Request, exc: Exception) -> Response:
    """A path or query parameter of the wrong type (``/analysis/abc``): the API's own error shape."""
    assert isinstance(exc, RequestValidationError)
    first = exc.errors()[0]
    where = ".".join(str(p) for p in first.get("loc", ()) if p not in ("path", "query"))
    return JSONResponse({"error": "bad_request", "message": f"{where}: {first.get('msg', 'invalid')}"[:200]},
                        status_code=400)
