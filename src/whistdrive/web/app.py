"""The FastAPI application: pages, JSON API and the per-seat WebSocket (docs/web.md)."""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from jinja2 import Environment, FileSystemLoader
from markupsafe import Markup
from starlette.exceptions import HTTPException as StarletteHTTPException

from whistdrive import new_game
from whistdrive.analysis import solver_values
from whistdrive.cards import DECK
from whistdrive.games import GAMES
from whistdrive.i18n import N_

from . import i18n, invites, rules, validation
from .botpool import BotPool, levels
from .health import add_health_routes
from .scheduler import Busy
from .seats import DEFAULT_GRACE, SPECTATOR
from .security import (
    MAX_HTTP_BODY,
    MAX_WS_MESSAGE,
    SECURITY_HEADERS,
    GuardMiddleware,
    RateLimitMiddleware,
    TokenBucket,
)
from .store import Store
from .tables import Conn, Limits, Live, TableError, Tables

log = logging.getLogger("whistdrive.web")
STATIC = Path(__file__).parent / "static"
TEMPLATES = Environment(loader=FileSystemLoader(Path(__file__).parent / "templates"), autoescape=True)
OWNER_COOKIE = "wd_owner"
LANG_COOKIE = "wd_lang"


def game_meta() -> dict:
    """Each game's descriptor as the lobby reads it: names, seats, options with their bounds and texts."""
    out = {}
    for name, g in GAMES.items():
        info = g.info
        out[name] = {"title": info.title.as_dict(), "blurb": info.blurb.as_dict(), "min_seats": info.min_seats,
                     "max_seats": info.max_seats, "human_seat": info.human_seat, "seats_option": info.seats_option,
                     "partnerships": info.partnerships, "options": [p.to_json() for p in g.Options.params()],
                     "presets": g.Options.PRESETS}
    return out


def option_texts(game: str, lang: str, chosen: dict[str, str]) -> list[tuple[str, str, str]]:
    """``(name, label, value)`` of a table's options as the lobby words them (the rules page's banner)."""
    _ = i18n.gettext_for(lang)[0]
    params = {p.name: p for p in GAMES[game].Options.params()}
    out = []
    for name, value in chosen.items():
        p = params.get(name)
        if p is None:
            out.append((name, name, value))
            continue
        words = {c.value: c.label.get(lang) for c in p.choices} if p.choices else \
            {"true": _("yes"), "false": _("no")} if p.kind == "bool" else {}
        out.append((name, p.label.get(lang), words.get(value, value)))
    return out


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


async def receive_text(ws: WebSocket) -> str | None:
    """The next text frame, or None for a binary one (Starlette's receive_text raises KeyError there)."""
    message = await ws.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000), message.get("reason"))
    return message.get("text")


def _nonce() -> str:
    return secrets.token_hex(16)


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or Settings()

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        store = Store(settings.database_url)
        pool = BotPool(settings.bot_pool, settings.bot_workers, settings.max_tables)
        pool.start()
        app.state.tables = Tables(store, pool, settings.bot_delay, settings.grace, settings.limits,
                                  settings.idle)
        app.state.tables.run_background()
        app.state.store = store
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
    app.add_middleware(GuardMiddleware, allowed_hosts=settings.allowed_hosts)
    app.add_middleware(RateLimitMiddleware, rate=settings.http_rate, burst=settings.http_burst)

    @app.middleware("http")
    async def headers(request: Request, call_next):
        response = await call_next(request)
        for k, v in SECURITY_HEADERS.items():
            response.headers.setdefault(k, v)
        if request.url.path.startswith("/api/"):
            response.headers.setdefault("Cache-Control", "no-store")
        return response

    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    add_health_routes(app)

    def tables(request_or_ws) -> Tables:
        return request_or_ws.app.state.tables

    def lang_of(request: Request) -> str:
        return i18n.pick_lang(request.query_params.get("lang") or request.cookies.get(LANG_COOKIE),
                              request.headers.get("accept-language"))

    def owner_of(request: Request) -> str | None:
        o = request.cookies.get(OWNER_COOKIE)
        return o if o and len(o) == 32 and o.isalnum() else None

    def page(request: Request, template: str, title: str, scripts: list[str], data: dict | None = None,
             status: int = 200, **context) -> HTMLResponse:
        """A page from ``templates/<template>`` (autoescaped): the shell, its language switch and cookies."""
        lang = lang_of(request)
        _, _n = i18n.gettext_for(lang)
        doc = TEMPLATES.get_template(template).render(
            lang=lang, other="ru" if lang == "en" else "en", title=title, scripts=scripts, data=data or {},
            _=_, **context)
        resp = HTMLResponse(doc, status_code=status)
        if request.query_params.get("lang") in i18n.LANGS:
            resp.set_cookie(LANG_COOKIE, lang, max_age=365 * 86400, samesite="lax")
        return resp

    def error_page(request: Request, status: int, message: str) -> HTMLResponse:
        """``message`` is a msgid (marked with ``N_``), shown in the reader's language."""
        _, _n = i18n.gettext_for(lang_of(request))
        return page(request, "error.html", _(message), [], status=status)

    @app.exception_handler(StarletteHTTPException)
    async def no_such_address(request: Request, exc: StarletteHTTPException) -> Response:
        """An address nobody serves: a person gets the error page in their language, a program JSON."""
        api = request.url.path.split("/")[1:2] == ["api"]
        if exc.status_code == 404 and not api:
            return error_page(request, 404, N_("There is no page at this address."))
        if exc.status_code == 404:
            return JSONResponse({"error": "not_found"}, status_code=404)
        code = "method_not_allowed" if exc.status_code == 405 else "http_error"
        return JSONResponse({"error": code, "message": str(exc.detail)}, status_code=exc.status_code, headers=exc.headers)

    @app.exception_handler(RequestValidationError)
    async def bad_path_or_query(request: Request, exc: RequestValidationError) -> Response:
        """A path or query parameter of the wrong type (``/analysis/abc``): the API's own error shape."""
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first.get("loc", ()) if p not in ("path", "query"))
        return JSONResponse({"error": "bad_request", "message": f"{where}: {first.get('msg', 'invalid')}"[:200]},
                            status_code=400)

    def place_of(t: Live, me: str, states: tuple[str, ...]) -> int | None:
        """The seat whose place ``me`` holds in one of ``states`` (the creator's or a person's who joined)."""
        for seat, place in t.row.places.items():
            if seat >= 0 and place.get("state") in states and secrets.compare_digest(place.get("person") or "", me):
                return seat
        return None

    async def seated(request: Request, game_id: str) -> tuple[Live, int] | None:
        """The table and the seat the caller's cookie holds there now."""
        t = await tables(request).get(game_id)
        me = owner_of(request)
        seat = place_of(t, me, ("taken",)) if t is not None and me is not None else None
        return None if seat is None else (t, seat)

    def table_view(request: Request, t: Live, token: str) -> HTMLResponse:
        title = GAMES[t.row.game].info.title.get(lang_of(request))
        return page(request, "table.html", title, ["table.js", "people.js"],
                    {"game-id": t.row.id, "token": token, "game": t.row.game, "game-title": title,
                     "owner": int(secrets.compare_digest(t.row.owner, owner_of(request) or ""))})

    def set_owner(resp: Response, owner: str) -> None:
        """The browser's secret: minted when it first creates or joins a table, not on every page."""
        resp.set_cookie(OWNER_COOKIE, owner, max_age=10 * 365 * 86400, httponly=True, samesite="strict")

    async def played_at(request: Request, game_id: str) -> tuple[Live, int] | None:
        """A table the caller created or held a seat at (even one they left), and the seat they see it
        from: the record, replay and analysis of a finished game are every player's."""
        t = await tables(request).get(game_id)
        me = owner_of(request)
        if t is None or me is None:
            return None
        if secrets.compare_digest(t.row.owner, me):
            return t, t.row.human_seat
        seat = place_of(t, me, ("taken", "left"))
        return None if seat is None else (t, seat)

    async def owned(request: Request, game_id: str) -> Live | None:
        t = await tables(request).get(game_id)
        if t is None or owner_of(request) is None or not secrets.compare_digest(t.row.owner, owner_of(request)):
            return None
        return t

    # --- pages -----------------------------------------------------------------
    @app.get("/", response_class=HTMLResponse)
    async def lobby(request: Request):
        _, _n = i18n.gettext_for(lang_of(request))
        return page(request, "lobby.html", _("Lobby"), ["lobby.js"])

    @app.get("/table/{game_id}", response_class=HTMLResponse)
    async def table_page(request: Request, game_id: str):
        found = await seated(request, game_id)
        if found is None:
            return error_page(request, 404, N_("This table does not exist or is not yours."))
        t, seat = found
        return table_view(request, t, t.row.places[seat]["token"])

    @app.get("/seat/{token}", response_class=HTMLResponse)
    @app.get("/watch/{token}", response_class=HTMLResponse)
    async def link_page(request: Request, token: str):
        """A seat's or the spectators' secret link: the table page with that token."""
        found = await tables(request).db(request.app.state.store.find_token, token) \
            if invites.well_formed(token) else None
        t = await tables(request).get(found[0]) if found else None
        if t is None or tables(request).seat_of(t, token) is None or \
                (found[1] == SPECTATOR) != request.url.path.startswith("/watch/"):
            return error_page(request, 404, N_("This link is not valid."))
        return table_view(request, t, token)

    @app.get("/join/{invite}", response_class=HTMLResponse)
    async def join_page(request: Request, invite: str):
        _, _n = i18n.gettext_for(lang_of(request))
        found = await tables(request).db(request.app.state.store.find_invite, invites.digest(invite)) \
            if invites.well_formed(invite) else None
        t = await tables(request).get(found[0]) if found else None
        if t is None or t.row.status != "open":
            return error_page(request, 404, N_("This invitation is not valid (already used or never issued)."))
        if invites.expired(found[2]):  # said before a name is typed, not after
            return error_page(request, 404, N_("This invitation has expired."))
        title = GAMES[t.row.game].info.title.get(lang_of(request))
        return page(request, "join.html", _("Join a table"), ["people.js"],
                    {"invite": invite, "game": t.row.game, "game-title": title})

    @app.get("/replay/{game_id}", response_class=HTMLResponse)
    async def replay_page(request: Request, game_id: str):
        t, _seat = await played_at(request, game_id) or (None, None)
        if t is None or t.row.status != "finished":
            return error_page(request, 404, N_("There is no finished game to replay here."))
        _, _n = i18n.gettext_for(lang_of(request))
        return page(request, "replay.html", _("Replay"), ["replay.js"],
                    {"game-id": t.row.id, "game": t.row.game, "src": f"/api/games/{t.row.id}/replay"})

    @app.get("/rules/{game}", response_class=HTMLResponse)
    async def rules_page(request: Request, game: str):
        lang = lang_of(request)
        _, _n = i18n.gettext_for(lang)
        if game not in GAMES:
            return error_page(request, 404, N_("No such game."))
        chosen = {k[2:]: v[:40] for k, v in request.query_params.items()
                  if k.startswith("o.") and rules.OPTION_NAME.fullmatch(k[2:])}
        rendered = rules.render(game, lang, chosen, _("at your table"))
        if rendered is None:
            return error_page(request, 404, N_("The rules of this game are not written yet."))
        title, body, toc = rendered
        return page(request, "rules.html", title or _("Rules"), ["replay.js", "rules.js"], {"game": game},
                    body=Markup(body), toc=toc, chosen=option_texts(game, lang, chosen))

    @app.get("/i18n/{lang}.json")
    async def i18n_catalog(lang: str):
        if lang not in i18n.LANGS:
            return JSONResponse({"error": "unknown language"}, status_code=404)
        return JSONResponse(i18n.js_catalog(lang), headers={"Cache-Control": "no-cache"})

    # --- JSON API ----------------------------------------------------------------
    @app.get("/api/meta")
    async def meta():
        return {"games": game_meta(), "levels": levels()}

    @app.get("/api/games")
    async def list_games(request: Request):
        owner = owner_of(request)
        if owner is None:
            return {"unfinished": [], "finished": [], "stats": []}
        return await tables(request).db(request.app.state.store.listing, owner)

    @app.post("/api/games")
    async def create_game(request: Request):
        body = await request.body()
        if len(body) > MAX_HTTP_BODY:
            return JSONResponse({"error": "too_large", "message": "request too large"}, status_code=413)
        try:
            wanted = validation.new_table(body)
        except validation.Refused as e:
            return JSONResponse({"error": e.code, "message": e.message}, status_code=400)
        owner = owner_of(request)
        minted = owner is None  # the first table of this browser: it becomes an owner now, not on every GET
        if minted:
            owner = secrets.token_hex(16)
        try:
            t, invitations = await tables(request).create(
                owner, wanted.game, wanted.options, wanted.levels,
                seats=None if wanted.seats is None else [x.model_dump() for x in wanted.seats],
                address=request.client.host if request.client else None, grace=wanted.grace, standin=wanted.standin)
        except TableError as e:
            if e.code == "site_full":
                _, _n = i18n.gettext_for(lang_of(request))
                return JSONResponse({"error": e.code, "message": _(e.message)}, status_code=503,
                                    headers={"Retry-After": "120"})
            status = 429 if e.code == "too_many_tables" else 400
            return JSONResponse({"error": e.code, "message": e.message}, status_code=status)
        t.invitations = invitations
        resp = JSONResponse({"id": t.row.id, "url": f"/table/{t.row.id}", **links(t)})
        if minted:
            set_owner(resp, owner)
        return resp

    def links(t: Live) -> dict:
        """The creator's links: the invitation of each open seat, their own seat's and the spectators'."""
        return {"invites": {str(s): f"/join/{tok}" for s, tok in t.invitations.items()
                            if t.row.places.get(s, {}).get("state") == "open"},
                "seat_link": f"/seat/{t.row.places[t.row.human_seat]['token']}",
                "watch": f"/watch/{t.row.places[SPECTATOR]['token']}" if SPECTATOR in t.row.places else None}

    @app.get("/api/games/{game_id}/links")
    async def table_links(request: Request, game_id: str):
        """The creator's links. The store keeps only the invitations' hashes: a process that holds no
        link for an open seat (another process made it, or this one restarted) adds one."""
        t = await owned(request, game_id)
        if t is None:
            return JSONResponse({"error": "not_found"}, status_code=404)
        missing = [s for s, p in t.row.places.items() if s >= 0 and p.get("state") == "open" and s not in t.invitations]
        if t.row.status == "open" and missing:
            t.invitations.update(await tables(request).reinvite(t, missing))
        return links(t)

    @app.post("/api/games/{game_id}/start")
    async def start_early(request: Request, game_id: str):
        t = await owned(request, game_id)
        if t is None:
            return JSONResponse({"error": "not_found"}, status_code=404)
        try:
            await tables(request).start(t)
        except TableError as e:
            return JSONResponse({"error": e.code, "message": e.message}, status_code=409)
        return {"ok": True}

    @app.post("/api/join")
    async def join(request: Request):
        body = await request.body()
        if len(body) > MAX_HTTP_BODY:
            return JSONResponse({"error": "too_large", "message": "request too large"}, status_code=413)
        try:
            wanted = validation.join_request(body)
        except validation.Refused as e:
            return JSONResponse({"error": e.code, "message": e.message}, status_code=400)
        name = invites.clean_name(wanted.name)
        if name is None:
            return JSONResponse({"error": "bad_name", "message": invites.NAME_RULE}, status_code=400)
        person = owner_of(request)
        minted = person is None
        if minted:
            person = secrets.token_hex(16)
        try:
            t, seat = await tables(request).join(wanted.invite, person, name)
        except TableError as e:
            return JSONResponse({"error": e.code, "message": e.message}, status_code=400)
        resp = JSONResponse({"id": t.row.id, "seat": seat, "url": f"/seat/{t.row.places[seat]['token']}"})
        if minted:
            set_owner(resp, person)
        return resp

    @app.post("/api/games/{game_id}/abandon")
    async def abandon(request: Request, game_id: str):
        t = await owned(request, game_id)
        if t is None:
            return JSONResponse({"error": "not_found"}, status_code=404)
        await tables(request).abandon(t)
        return {"ok": True}

    @app.get("/api/games/{game_id}/record")
    async def record(request: Request, game_id: str):
        t, _seat = await played_at(request, game_id) or (None, None)
        if t is None:
            return JSONResponse({"error": "not_found"}, status_code=404)
        if not t.game.is_over:
            return JSONResponse({"error": "in_progress", "message": "the record is available when the game is over"},
                                status_code=409)
        from whistdrive.records import dumps, to_record

        players = ["human" if s["kind"] == "human" else f"bot:{s['level']}" for s in t.row.seats]
        rec = to_record(t.game, players)
        rec["undo_used"] = t.row.undos > 0
        text = dumps(rec)
        return Response(text, media_type="application/json", headers={
            "Content-Disposition": f'attachment; filename="whistdrive-{t.row.game}-{t.row.id}.json"'})

    def frames_of(name: str, options: dict, chance: list, actions: list, viewer: int) -> list[dict]:
        g = new_game(name, options, chance=chance)
        out = []

        def frame(mover, action):
            return {"seq": len(g.actions), "mover": mover, "action": action, "view": g.observation(viewer),
                    "hands": [[str(c) for c in sorted(g.hand(s))] for s in range(g.num_seats)]}

        out.append(frame(None, None))
        for seat, a in actions:
            g.apply(a, seat=seat)
            out.append(frame(seat, str(a)))
        return out

    @app.get("/api/games/{game_id}/replay")
    async def replay_frames(request: Request, game_id: str):
        t, seat = await played_at(request, game_id) or (None, None)
        if t is None or seat is None or not t.game.is_over:
            return JSONResponse({"error": "not_found"}, status_code=404)
        frames = frames_of(t.row.game, t.row.options, t.game.chance.log,
                           [(s, str(a)) for s, a in t.game.actions], seat)
        return {"game": t.row.game, "seats": t.row.seats, "human_seat": seat, "frames": frames,
                "analysis": f"/api/games/{t.row.id}/analysis/"}

    @app.get("/api/games/{game_id}/analysis/{k}")
    async def analysis(request: Request, game_id: str, k: int):
        t, _seat = await played_at(request, game_id) or (None, None)
        if t is None or not t.game.is_over or not 0 <= k < len(t.game.actions):
            return JSONResponse({"error": "not_found"}, status_code=404)
        g = new_game(t.row.game, t.row.options, chance=t.game.chance.log)
        for seat, a in t.game.actions[:k]:
            g.apply(a, seat=seat)
        mover, played = t.game.actions[k]
        exact = await asyncio.to_thread(solver_values, g)
        if exact is not None:  # the solver's verdict where the position is fully known
            values, unit = exact
            best = max(values, key=lambda c: (values[c], c))
            return {"seat": mover, "played": str(played), "best": str(DECK[best]), "exact": True, "unit": unit,
                    "value": values[played.index], "best_value": values[best],
                    "values": {str(DECK[c]): v for c, v in values.items()}}
        try:
            out = await tables(request).pool.hint(g.observation(mover), key=owner_of(request) or "")
        except Busy:
            return JSONResponse({"error": "busy"}, status_code=503, headers={"Retry-After": "5"})
        if out is None:
            return JSONResponse({"error": "no_hint"}, status_code=404)
        return {"seat": mover, "played": str(played), "exact": False, **out}

    @app.get("/api/examples/{example_id}")
    async def example(request: Request, example_id: str):
        """The step-through of a rules example (rules.example_json): 404 unknown id, 400 bad lang."""
        status, body = rules.example_json(example_id, request.query_params.get("lang"))
        return JSONResponse(body, status_code=status)

    # --- the seat's WebSocket ------------------------------------------------------
    @app.websocket("/ws/{game_id}")
    async def seat_socket(ws: WebSocket, game_id: str):
        await ws.accept()
        tabs = tables(ws)

        async def error(code: str, message: str, close: int | None = None):
            await ws.send_text(json.dumps({"type": "error", "code": code, "message": message}))
            if close:
                await ws.close(close)

        try:
            first = await asyncio.wait_for(receive_text(ws), timeout=15)
        except TimeoutError:
            await ws.close(4408)
            return
        except (WebSocketDisconnect, RuntimeError):  # gone before its hello: nothing to close or log
            return
        if first is None:
            await ws.close(1003, "text frames only")
            return
        try:
            hello = validation.message(first) if len(first) <= MAX_WS_MESSAGE else None
        except validation.Refused:
            hello = None
        t = await tabs.get(game_id)
        token = hello.token if isinstance(hello, validation.Hello) else None
        seat = tabs.seat_of(t, token) if t is not None and token is not None else None
        if seat is None:
            await error("auth", "unknown table or wrong token", close=4401)
            return
        conn = Conn(ws, None if seat == SPECTATOR else seat)
        await tabs.arrive(t, conn)
        bucket = TokenBucket(ws.app.state.rate, ws.app.state.burst) if hasattr(ws.app.state, "rate") \
            else TokenBucket(settings.rate, settings.burst)
        strikes = 0
        try:
            while True:
                text = await receive_text(ws)
                if text is None:
                    await error("bad_message", "binary frames are not part of the protocol", close=1003)
                    return
                if not bucket.allow():
                    strikes += 1
                    await error("rate_limited", "too many messages: slow down")
                    if strikes > 50:
                        await ws.close(4429)
                        return
                    continue
                if len(text) > MAX_WS_MESSAGE:
                    await error("too_large", f"message larger than {MAX_WS_MESSAGE} bytes")
                    continue
                try:
                    msg = validation.message(text)
                except validation.Refused as e:
                    await error(e.code, e.message)
                    continue
                await handle(t, conn, msg, error)
        except WebSocketDisconnect:
            pass
        except RuntimeError as e:  # the socket went away while sending
            log.debug("websocket closed: %s", e)
        except Exception:
            log.exception("websocket handler failed in game %s", game_id)
            try:
                await ws.close(1011)
            except Exception:  # already gone
                pass
        finally:
            await tabs.depart(t, conn)

    async def handle(t: Live, conn: Conn, msg, error) -> None:
        tabs = tables(conn.ws)
        if getattr(msg, "seat", None) is not None and msg.seat != conn.seat:
            await error("wrong_seat", "this connection plays only its own seat")
            return
        if conn.seat is None and getattr(msg, "type", None) not in ("snapshot", "ping"):
            await error("spectator", "a spectator only watches")
            return
        try:
            if isinstance(msg, validation.Act):
                await tabs.act(t, conn.seat, msg.action, msg.seq)
            elif isinstance(msg, validation.Hello):
                await error("bad_message", "already greeted: hello is only the first message")
            elif msg.type == "hint":
                out = await tabs.hint(t, conn.seat)
                await conn.send({"type": "hint", **out})
            elif msg.type == "undo":
                await tabs.undo(t, conn.seat)
            elif msg.type == "leave":
                await tabs.leave(t, conn.seat)
            elif msg.type == "snapshot":
                async with t.lock:
                    await conn.send(tabs.snapshot(t, conn.seat))
            else:  # ping
                await conn.send({"type": "pong"})
        except TableError as e:
            await error(e.code, e.message)
            if e.code == "stale":
                async with t.lock:
                    await conn.send(tabs.snapshot(t, conn.seat))

    app.state.rate = settings.rate
    app.state.burst = settings.burst
    return app
