"""The seat's WebSocket (``/ws/{game_id}``): a hello with the seat's token, then the seat's moves
and requests in, its own view out (docs/web.md, "Protocol").

This handler only reads. What the table sends goes through the connection's
outbox (:class:`.live.Conn`), so a reader that stops reading never holds a table up.
"""

from __future__ import annotations

import asyncio
import logging

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from . import validation
from .errors import TableError
from .live import Conn, Live
from .seats import SPECTATOR
from .security import MAX_WS_MESSAGE, TokenBucket
from .tables import Tables
from .visitors import tables_of

log = logging.getLogger("whistdrive.web")
router = APIRouter()
HELLO_WAIT = 15.0  # seconds a new socket has to say hello
STRIKES = 50  # rate-limited messages before the socket is closed


async def receive_text(ws: WebSocket) -> str | None:
    """The next text frame, or None for a binary one (Starlette's receive_text raises KeyError there)."""
    message = await ws.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000), message.get("reason"))
    return message.get("text")


def error(conn: Conn, code: str, message: str, close: int | None = None) -> None:
    conn.send({"type": "error", "code": code, "message": message})
    if close:
        conn.close(close, flush=True)


async def greeted(ws: WebSocket, game_id: str) -> tuple[Live, int | None] | None:
    """The table and seat (None: a spectator) of a socket's hello; the socket is closed without one."""
    try:
        first = await asyncio.wait_for(receive_text(ws), timeout=HELLO_WAIT)
    except TimeoutError:
        await ws.close(4408)
        return None
    except (WebSocketDisconnect, RuntimeError):  # gone before its hello: nothing to close or log
        return None
    if first is None:
        await ws.close(1003, "text frames only")
        return None
    try:
        hello = validation.message(first) if len(first) <= MAX_WS_MESSAGE else None
    except validation.Refused:
        hello = None
    tables = tables_of(ws)
    t = await tables.get(game_id)
    token = hello.token if isinstance(hello, validation.Hello) else None
    seat = tables.seat_of(t, token) if t is not None and token is not None else None
    if t is None or seat is None:
        await ws.send_json({"type": "error", "code": "auth", "message": "unknown table or wrong token"})
        await ws.close(4401)
        return None
    return t, None if seat == SPECTATOR else seat


@router.websocket("/ws/{game_id}")
async def seat_socket(ws: WebSocket, game_id: str):
    await ws.accept()
    found = await greeted(ws, game_id)
    if found is None:
        return
    t, seat = found
    tables = tables_of(ws)
    conn = Conn(ws, seat, ws.client.host if ws.client else "")
    await tables.seats.arrive(t, conn)
    try:
        await read(ws, tables, t, conn)
    except (WebSocketDisconnect, asyncio.CancelledError):
        pass  # gone, or closed by the table (it fell behind, or its person left)
    except RuntimeError as e:  # the socket went away meanwhile
        log.debug("websocket closed: %s", e)
    except Exception:
        log.exception("websocket handler failed in game %s", game_id)
        conn.close(1011)
    finally:
        await conn.stop()
        await tables.seats.depart(t, conn)


async def read(ws: WebSocket, tables: Tables, t: Live, conn: Conn) -> None:
    """Read the socket's messages until it closes, answering each in turn."""
    bucket = TokenBucket(ws.app.state.rate, ws.app.state.burst, tables.clock)
    strikes = 0
    while not conn.closed:
        conn.reading = True  # only a reader waiting for a message is ended by a close, never one mid-move
        try:
            text = await receive_text(ws)
        finally:
            conn.reading = False
        if text is None:
            error(conn, "bad_message", "binary frames are not part of the protocol", close=1003)
            return
        if not bucket.allow():
            strikes += 1
            error(conn, "rate_limited", "too many messages: slow down", close=4429 if strikes > STRIKES else None)
            if strikes > STRIKES:
                return
            continue
        if len(text) > MAX_WS_MESSAGE:
            error(conn, "too_large", f"message larger than {MAX_WS_MESSAGE} bytes")
            continue
        try:
            msg = validation.message(text)
        except validation.Refused as e:
            error(conn, e.code, e.message)
            continue
        await handle(tables, t, conn, msg)


async def handle(tables: Tables, t: Live, conn: Conn, msg) -> None:
    if getattr(msg, "seat", None) is not None and msg.seat != conn.seat:
        error(conn, "wrong_seat", "this connection plays only its own seat")
        return
    if conn.seat is None and getattr(msg, "type", None) not in ("snapshot", "ping"):
        error(conn, "spectator", "a spectator only watches")
        return
    try:
        if isinstance(msg, validation.Act):
            await tables.play.act(t, conn.seat, msg.action, msg.seq)
        elif isinstance(msg, validation.Hello):
            error(conn, "bad_message", "already greeted: hello is only the first message")
        elif msg.type == "hint":
            conn.send({"type": "hint", **await tables.play.hint(t, conn.seat)})
        elif msg.type == "undo":
            await tables.play.undo(t, conn.seat)
        elif msg.type == "leave":
            await tables.seats.leave(t, conn.seat)
        elif msg.type == "snapshot":
            async with t.lock:  # not between a move applied here and its commit
                conn.send(tables.snapshot(t, conn.seat))
        else:  # ping
            conn.send({"type": "pong"})
    except TableError as e:
        error(conn, e.code, e.message)
        if e.code == "stale":
            async with t.lock:
                conn.send(tables.snapshot(t, conn.seat))
