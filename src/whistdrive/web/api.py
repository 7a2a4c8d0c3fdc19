"""The JSON API (``/api/…``): the games' descriptors, tables and invitations, records, replays and
their analysis. Errors are ``{"error": code, "message": text}`` with a stable code."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response

from whistdrive import new_game
from whistdrive.cards import DECK
from whistdrive.games import GAMES, replay_moves
from whistdrive.records import dumps, to_record

from . import i18n, invites, rules, validation
from .botpool import levels
from .errors import TableError
from .live import Live
from .scheduler import Busy
from .seats import SPECTATOR
from .security import MAX_HTTP_BODY
from .visitors import lang_of, owned, owner_of, owner_or_new, played_at, set_owner, tables_of

router = APIRouter(prefix="/api")
TOO_LARGE = {"error": "too_large", "message": "request too large"}


def refused(code: str, message: str, status: int = 400, **headers: str) -> JSONResponse:
    return JSONResponse({"error": code, "message": message}, status_code=status, headers=headers or None)


def not_found() -> JSONResponse:
    return JSONResponse({"error": "not_found"}, status_code=404)


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


def links(t: Live) -> dict:
    """The creator's links: the invitation of each open seat, their own seat's and the spectators'."""
    return {"invites": {str(s): f"/join/{tok}" for s, tok in t.invitations.items()
                        if t.row.places.get(s, {}).get("state") == "open"},
            "seat_link": f"/seat/{t.row.places[t.row.human_seat]['token']}",
            "watch": f"/watch/{t.row.places[SPECTATOR]['token']}" if SPECTATOR in t.row.places else None}


@router.get("/meta")
async def meta():
    return {"games": game_meta(), "levels": levels()}


@router.get("/games")
async def list_games(request: Request):
    owner = owner_of(request)
    if owner is None:
        return {"unfinished": [], "finished": [], "stats": []}
    tables = tables_of(request)
    return await tables.db(tables.store.listing, owner)


@router.post("/games")
async def create_game(request: Request):
    body = await request.body()
    if len(body) > MAX_HTTP_BODY:
        return JSONResponse(TOO_LARGE, status_code=413)
    try:
        wanted = validation.new_table(body)
        game = validation.table_game(wanted)
        seats = validation.table_seats(wanted, game, levels())
    except validation.Refused as e:
        return refused(e.code, e.message)
    owner, minted = owner_or_new(request)  # the first table of this browser: it becomes an owner now
    try:
        t, invitations = await tables_of(request).create(owner, wanted, game, seats,
                                                         address=request.client.host if request.client else None)
    except TableError as e:
        if e.code == "site_full":
            _, _n = i18n.gettext_for(lang_of(request))
            return refused(e.code, _(e.message), 503, **{"Retry-After": "120"})
        return refused(e.code, e.message, 429 if e.code == "too_many_tables" else 400)
    t.invitations = invitations
    resp = JSONResponse({"id": t.row.id, "url": f"/table/{t.row.id}", **links(t)})
    if minted:
        set_owner(resp, owner)
    return resp


@router.get("/games/{game_id}/links")
async def table_links(request: Request, game_id: str):
    """The creator's links. The store keeps only the invitations' hashes: a process that holds no
    link for an open seat (another process made it, or this one restarted) adds one."""
    t = await owned(request, game_id)
    if t is None:
        return not_found()
    missing = [s for s, p in t.row.places.items() if s >= 0 and p.get("state") == "open" and s not in t.invitations]
    if t.row.status == "open" and missing:
        t.invitations.update(await tables_of(request).reinvite(t, missing))
    return links(t)


@router.post("/games/{game_id}/start")
async def start_early(request: Request, game_id: str):
    t = await owned(request, game_id)
    if t is None:
        return not_found()
    try:
        await tables_of(request).start(t)
    except TableError as e:
        return refused(e.code, e.message, 409)
    return {"ok": True}


@router.post("/join")
async def join(request: Request):
    body = await request.body()
    if len(body) > MAX_HTTP_BODY:
        return JSONResponse(TOO_LARGE, status_code=413)
    try:
        wanted = validation.join_request(body)
    except validation.Refused as e:
        return refused(e.code, e.message)
    name = invites.clean_name(wanted.name)
    if name is None:
        return refused("bad_name", invites.NAME_RULE)
    person, minted = owner_or_new(request)
    try:
        t, seat = await tables_of(request).join(wanted.invite, person, name)
    except TableError as e:
        return refused(e.code, e.message)
    resp = JSONResponse({"id": t.row.id, "seat": seat, "url": f"/seat/{t.row.places[seat]['token']}"})
    if minted:
        set_owner(resp, person)
    return resp


@router.post("/games/{game_id}/abandon")
async def abandon(request: Request, game_id: str):
    t = await owned(request, game_id)
    if t is None:
        return not_found()
    await tables_of(request).abandon(t)
    return {"ok": True}


@router.get("/games/{game_id}/record")
async def record(request: Request, game_id: str):
    t, _seat = await played_at(request, game_id) or (None, None)
    if t is None:
        return not_found()
    if not t.game.is_over:
        return refused("in_progress", "the record is available when the game is over", 409)
    players = ["human" if s["kind"] == "human" else f"bot:{s['level']}" for s in t.row.seats]
    rec = to_record(t.game, players)
    rec["undo_used"] = t.row.undos > 0
    return Response(dumps(rec), media_type="application/json", headers={
        "Content-Disposition": f'attachment; filename="whistdrive-{t.row.game}-{t.row.id}.json"'})


def frames_of(name: str, options: dict, chance: list, actions: list, viewer: int) -> list[dict]:
    """Each step of a finished game as ``viewer`` saw it, with every hand (the game is over)."""
    g = new_game(name, options, chance=chance)

    def frame(mover, action):
        return {"seq": len(g.actions), "mover": mover, "action": action, "view": g.observation(viewer),
                "hands": [[str(c) for c in sorted(g.hand(s))] for s in range(g.num_seats)]}

    out = [frame(None, None)]
    for seat, a in actions:
        g.apply(a, seat=seat)
        out.append(frame(seat, str(a)))
    return out


@router.get("/games/{game_id}/replay")
async def replay_frames(request: Request, game_id: str):
    t, seat = await played_at(request, game_id) or (None, None)
    if t is None or seat is None or not t.game.is_over:
        return not_found()
    frames = frames_of(t.row.game, t.row.options, t.game.chance.log, [(s, str(a)) for s, a in t.game.actions], seat)
    return {"game": t.row.game, "seats": t.row.seats, "human_seat": seat, "frames": frames,
            "analysis": f"/api/games/{t.row.id}/analysis/"}


@router.get("/games/{game_id}/analysis/{k}")
async def analysis(request: Request, game_id: str, k: int):
    """The solver's verdict on decision ``k`` where the position is fully known, else the expert's.
    Both run in the bot pool, never on the server's event loop."""
    t, _seat = await played_at(request, game_id) or (None, None)
    if t is None or not t.game.is_over or not 0 <= k < len(t.game.actions):
        return not_found()
    mover, played = t.game.actions[k]
    before = [(s, str(a)) for s, a in t.game.actions[:k]]
    pool, key = tables_of(request).pool, owner_of(request) or ""
    try:
        exact = await pool.solve(t.row.game, t.row.options, t.game.chance.log, before, key=key)
        if exact is not None:
            values, unit = exact["values"], exact["unit"]
            best = max(values, key=lambda c: (values[c], c))
            return {"seat": mover, "played": str(played), "best": str(DECK[best]), "exact": True, "unit": unit,
                    "value": values[played.index], "best_value": values[best],
                    "values": {str(DECK[c]): v for c, v in values.items()}}
        g = replay_moves(t.row.game, t.row.options, before, chance=t.game.chance.log)
        out = await pool.hint(g.observation(mover), key=key)
    except Busy:
        return JSONResponse({"error": "busy"}, status_code=503, headers={"Retry-After": "5"})
    if out is None:
        return JSONResponse({"error": "no_hint"}, status_code=404)
    return {"seat": mover, "played": str(played), "exact": False, **out}


@router.get("/examples/{example_id}")
async def example(request: Request, example_id: str):
    """The step-through of a rules example (rules.example_json): 404 unknown id, 400 bad lang."""
    status, body = rules.example_json(example_id, request.query_params.get("lang"))
    return JSONResponse(body, status_code=status)
