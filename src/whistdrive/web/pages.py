"""The HTML pages: the lobby, the table, invitations, replays and the rules, in the reader's language."""

from __future__ import annotations

import secrets
from pathlib import Path

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, JSONResponse
from jinja2 import Environment, FileSystemLoader
from markupsafe import Markup

from whistdrive.games import GAMES
from whistdrive.i18n import N_

from . import i18n, invites, rules
from .live import Live
from .seats import SPECTATOR
from .visitors import LANG_COOKIE, lang_of, owner_of, played_at, seated, tables_of

TEMPLATES = Environment(loader=FileSystemLoader(Path(__file__).parent / "templates"), autoescape=True)
router = APIRouter()


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


def table_view(request: Request, t: Live, token: str) -> HTMLResponse:
    title = GAMES[t.row.game].info.title.get(lang_of(request))
    return page(request, "table.html", title, ["table.js", "people.js"],
                {"game-id": t.row.id, "token": token, "game": t.row.game, "game-title": title,
                 "owner": int(secrets.compare_digest(t.row.owner, owner_of(request) or ""))})


@router.get("/", response_class=HTMLResponse)
async def lobby(request: Request):
    _, _n = i18n.gettext_for(lang_of(request))
    return page(request, "lobby.html", _("Lobby"), ["lobby.js"])


@router.get("/table/{game_id}", response_class=HTMLResponse)
async def table_page(request: Request, game_id: str):
    found = await seated(request, game_id)
    if found is None:
        return error_page(request, 404, N_("This table does not exist or is not yours."))
    t, seat = found
    return table_view(request, t, t.row.places[seat]["token"])


@router.get("/seat/{token}", response_class=HTMLResponse)
@router.get("/watch/{token}", response_class=HTMLResponse)
async def link_page(request: Request, token: str):
    """A seat's or the spectators' secret link: the table page with that token."""
    tables = tables_of(request)
    found = await tables.db(tables.store.find_token, token) if invites.well_formed(token) else None
    t = await tables.get(found[0]) if found else None
    if t is None or found is None or tables.seat_of(t, token) is None or \
            (found[1] == SPECTATOR) != request.url.path.startswith("/watch/"):
        return error_page(request, 404, N_("This link is not valid."))
    return table_view(request, t, token)


@router.get("/join/{invite}", response_class=HTMLResponse)
async def join_page(request: Request, invite: str):
    _, _n = i18n.gettext_for(lang_of(request))
    tables = tables_of(request)
    found = await tables.db(tables.store.find_invite, invites.digest(invite)) \
        if invites.well_formed(invite) else None
    t = await tables.get(found[0]) if found else None
    if t is None or found is None or t.row.status != "open":
        return error_page(request, 404, N_("This invitation is not valid (already used or never issued)."))
    if invites.expired(found[2], tables.clock.wall()):  # said before a name is typed, not after
        return error_page(request, 404, N_("This invitation has expired."))
    title = GAMES[t.row.game].info.title.get(lang_of(request))
    return page(request, "join.html", _("Join a table"), ["people.js"],
                {"invite": invite, "game": t.row.game, "game-title": title})


@router.get("/replay/{game_id}", response_class=HTMLResponse)
async def replay_page(request: Request, game_id: str):
    t, _seat = await played_at(request, game_id) or (None, None)
    if t is None or t.row.status != "finished":
        return error_page(request, 404, N_("There is no finished game to replay here."))
    _, _n = i18n.gettext_for(lang_of(request))
    return page(request, "replay.html", _("Replay"), ["replay.js"],
                {"game-id": t.row.id, "game": t.row.game, "src": f"/api/games/{t.row.id}/replay"})


@router.get("/rules/{game}", response_class=HTMLResponse)
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


@router.get("/i18n/{lang}.json")
async def i18n_catalog(lang: str):
    if lang not in i18n.LANGS:
        return JSONResponse({"error": "unknown language"}, status_code=404)
    return JSONResponse(i18n.js_catalog(lang), headers={"Cache-Control": "no-cache"})
