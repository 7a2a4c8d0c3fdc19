"""Probes for a process manager or load balancer: is the process up, can it reach its database?"""

from __future__ import annotations

import asyncio
import logging

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse
from sqlalchemy.exc import SQLAlchemyError

log = logging.getLogger("whistdrive.web")
NO_STORE = {"Cache-Control": "no-store"}


def add_health_routes(app: FastAPI) -> None:
    """``/healthz``: the process answers. ``/readyz``: a database round trip works, else 503."""

    @app.get("/healthz")
    async def healthz():
        return JSONResponse({"status": "ok"}, headers=NO_STORE)

    @app.get("/readyz")
    async def readyz(request: Request):
        try:
            await asyncio.to_thread(request.app.state.store.ping)
        except SQLAlchemyError as e:
            log.warning("readiness: database unavailable: %s", e)
            return JSONResponse({"status": "database unavailable"}, status_code=503, headers=NO_STORE)
        return JSONResponse({"status": "ready"}, headers=NO_STORE)
