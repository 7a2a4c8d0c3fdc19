"""Who is asking: a request's language, its browser's secret (the owner cookie), and the tables
where that browser holds a seat. Shared by the pages, the API and the WebSocket."""

from __future__ import annotations

import secrets

from fastapi import Request
from fastapi.responses import Response

from . import i18n
from .live import Live
from .tables import Tables

OWNER_COOKIE = "wd_owner"
LANG_COOKIE = "wd_lang"


def tables_of(request_or_ws) -> Tables:
    return request_or_ws.app.state.tables


def lang_of(request: Request) -> str:
    return i18n.pick_lang(request.query_params.get("lang") or request.cookies.get(LANG_COOKIE),
                          request.headers.get("accept-language"))


def owner_of(request: Request) -> str | None:
    o = request.cookies.get(OWNER_COOKIE)
    return o if o and len(o) == 32 and o.isalnum() else None


def set_owner(resp: Response, owner: str) -> None:
    """The browser's secret: minted when it first creates or joins a table, not on every page."""
    resp.set_cookie(OWNER_COOKIE, owner, max_age=10 * 365 * 86400, httponly=True, samesite="strict")


def owner_or_new(request: Request) -> tuple[str, bool]:
    """The caller's secret, or a new one (and True: the response must set it)."""
    owner = owner_of(request)
    return (owner, False) if owner is not None else (secrets.token_hex(16), True)


def place_of(t: Live, me: str, states: tuple[str, ...]) -> int | None:
    """The seat whose place ``me`` holds in one of ``states`` (the creator's or a person's who joined)."""
    for seat, place in t.row.places.items():
        if seat >= 0 and place.get("state") in states and secrets.compare_digest(place.get("person") or "", me):
            return seat
    return None


async def seated(request: Request, game_id: str) -> tuple[Live, int] | None:
    """The table and the seat the caller's cookie holds there now."""
    t = await tables_of(request).get(game_id)
    me = owner_of(request)
    seat = place_of(t, me, ("taken",)) if t is not None and me is not None else None
    return None if seat is None or t is None else (t, seat)


async def played_at(request: Request, game_id: str) -> tuple[Live, int] | None:
    """A table the caller created or held a seat at (even one they left), and the seat they see it
    from: the record, replay and analysis of a finished game are every player's."""
    t = await tables_of(request).get(game_id)
    me = owner_of(request)
    if t is None or me is None:
        return None
    if secrets.compare_digest(t.row.owner, me):
        return t, t.row.human_seat
    seat = place_of(t, me, ("taken", "left"))
    return None if seat is None else (t, seat)


async def owned(request: Request, game_id: str) -> Live | None:
    """A table the caller created."""
    t = await tables_of(request).get(game_id)
    me = owner_of(request)
    if t is None or me is None or not secrets.compare_digest(t.row.owner, me):
        return None
    return t
