"""Live tables: the authoritative game of each table, its bots and its connections.

Order of every action (human or bot), under the table's lock:
validate → apply to the game → commit the action to the store → send each
connected seat its own new observation. If the commit fails the table is
rebuilt from the store, so nothing unstored is ever acknowledged.

Several server processes may hold the same table (PostgreSQL): the database
orders the moves (a move stored by another process first makes this one
"stale", and the table catches up), and each process catches up with the moves
the others announce (:mod:`.bus`); only the process holding a table's lease
lets its computers play (renewed while they think, taken over when it runs
out). A table nobody used for a while leaves memory; the store has all of it.
"""

from __future__ import annotations

import asyncio
import collections
import concurrent.futures as cf
import functools
import json
import logging
import random
import secrets
import time
from dataclasses import dataclass, field

from whistdrive import new_game
from whistdrive.errors import IllegalMove, ParseError
from whistdrive.games import GAMES
from whistdrive.games.base import Game, parse_action
from whistdrive.i18n import N_

from . import bus, invites
from .botpool import BotPool, levels
from .errors import TableError
from .redeal import redeal
from .scheduler import Busy
from .seats import DEFAULT_GRACE, PRESENCE_EVERY, SPECTATOR, SeatsMixin, people, public_view
from .store import PLACE_FIELDS, GameRow, Stale, Store
from .validation import MAX_OPTIONS

log = logging.getLogger("whistdrive.web")
LEASE = 2.5  # seconds a process's lease of a table's computer players lasts unless renewed
HEARTBEAT = 0.5  # seconds between renewals (and looks for tables whose driver died: taken over within 5 s)
ARRIVING = 60.0  # seconds a new table counts as in play before anybody connects to it
SITE_FULL = N_("The site is full: the computer players have no time for another table. "
               "Please try again in a few minutes.")


def rebuild(name: str, options: dict, seed: int, chance: list[dict], actions: list[tuple[int, str]]) -> Game:
    """The game after ``actions``: replayed from the seed, checked against the stored chance log.

    Replaying from the seed keeps the random generator in step, so the deals
    still to come are the same as before a restart. Should the replayed chance
    outcomes ever differ from the stored ones (a changed generator), the stored
    outcomes win; after an undo they differ at once (the unseen cards were dealt
    again), and a kept play may not even be legal on the seed's own deal.
    """
    g = new_game(name, options, seed=seed)
    try:
        for seat, a in actions:
            g.apply(a, seat=seat)
        if g.chance.log == chance[: len(g.chance.log)]:
            return g
    except IllegalMove:
        pass
    log.info("chance log differs from the seed's (an undo dealt hidden cards again): replaying the stored outcomes")
    g = new_game(name, options, seed=seed, chance=chance)
    for seat, a in actions:
        g.apply(a, seat=seat)
    return g


def seating(row: GameRow) -> tuple:
    """What a table's people see besides the moves: its status, seats and places."""
    return row.status, row.seats, {s: {k: p.get(k) for k in PLACE_FIELDS} for s, p in row.places.items()}


def human_won(row: GameRow, game: Game) -> int:
    return int(row.human_seat in game.outcome().winners)


@dataclass
class Limits:
    """How many open or running tables one person (cookie) and one network address may create."""

    per_person: int = 20
    per_address: int = 60
    invite_ttl: float = invites.INVITE_TTL


@dataclass(eq=False)
class Conn:
    ws: object
    seat: int | None  # None: a spectator

    async def send(self, msg: dict) -> None:
        try:
            await self.ws.send_text(json.dumps(msg, separators=(",", ":")))
        except Exception:  # a closed socket: the reader loop removes the connection
            pass


@dataclass(eq=False)
class Live:
    row: GameRow
    game: Game
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    conns: set = field(default_factory=set)
    bot_task: asyncio.Task | None = None
    generation: int = 0  # bumped by undo and takeover: a bot thinking about an older position is ignored
    standin: dict = field(default_factory=dict)  # seat -> level of the computer playing for an absent person
    away: dict = field(default_factory=dict)  # seat -> its grace timer
    invitations: dict = field(default_factory=dict)  # seat -> invitation token, for the creator (memory only)
    used: float = field(default_factory=time.monotonic)  # last move or lookup: idle tables leave memory
    elsewhere: dict = field(default_factory=dict)  # another process -> (its connected seats, when it told)
    arriving_until: float = 0.0  # a table created here is in play until then, its creator on the way


class Tables(SeatsMixin):
    def __init__(self, store: Store, pool: BotPool, bot_delay: float = 0.0, grace: float = DEFAULT_GRACE,
                 limits: Limits | None = None, idle: float = 300.0):
        self.store = store
        self.idle = idle  # seconds a table without connections or work stays in memory
        self.pool = pool
        self.bot_delay = bot_delay
        self.default_grace = grace
        self.limits = limits or Limits()
        self.live: dict[str, Live] = {}
        self._db = cf.ThreadPoolExecutor(max_workers=1, thread_name_prefix="db")
        self._loading: dict[str, asyncio.Future] = {}
        self.inline_db = store.url.startswith("sqlite")
        # moves played at random because a bot failed, per (game, level): each is a bug to fix
        self.bot_fallbacks: collections.Counter[tuple[str, str]] = collections.Counter()
        self._background: list[asyncio.Task] = []
        self.closed = False  # the server stops: no computer starts any more

    async def db(self, fn, *args, **kwargs):
        """Run a store call. SQLite writes take well under a millisecond, so they run inline:
        handing them to a thread costs more (GIL switches) than it saves. Other databases
        (network round trips) go through the store's single writer thread."""
        if self.inline_db:
            return fn(*args, **kwargs)
        return await asyncio.get_running_loop().run_in_executor(self._db, functools.partial(fn, *args, **kwargs))

    def run_background(self) -> None:
        """The background work of a running server: evicting idle tables, and on PostgreSQL
        listening for the moves of the other server processes."""
        self._background.append(asyncio.create_task(self._evict_idle()))
        if self.store.announces:
            self._background.append(asyncio.create_task(bus.listen(self.store.url, self.store.origin,
                                                                   self.announced)))
            self._background.append(asyncio.create_task(self._heartbeat()))

    def close(self) -> None:
        self.closed = True  # a late timer or message must not start a computer on the stopped writer thread
        for task in self._background:
            task.cancel()
        if self.store.announces:
            try:  # a clean stop hands the tables over at once (their leases run out now, so another
                # process takes over those with a computer to move); after a crash the leases run out
                self.store.hand_over([gid for gid, t in self.live.items() if self.computer_to_move(t)])
            except Exception:
                log.warning("cannot give up the leases of the computer players", exc_info=True)
        for t in self.live.values():
            if t.bot_task:
                t.bot_task.cancel()
            for task in t.away.values():
                task.cancel()
        self._db.shutdown(wait=True)

    # --- creating and loading ----------------------------------------------
    async def create(self, owner: str, name: str, options: dict, bot_levels: list[str] | None = None,
                     seats: list | None = None, address: str | None = None, grace: float | None = None,
                     standin: str | None = None) -> tuple[Live, dict[int, str]]:
        """A new table and the invitation of each seat left open for a person.

        ``seats`` gives every seat (``{"kind": "person"}`` or ``{"kind": "bot", "level": L}``; the
        creator sits at the game's human seat); without it, ``bot_levels`` gives the computers of a
        table for the creator alone.
        """
        if not isinstance(name, str) or name not in GAMES:
            raise TableError("bad_game", f"unknown game {str(name)[:20]!r}")
        if not isinstance(options, dict) or len(options) > MAX_OPTIONS:
            raise TableError("bad_options", f"options must be an object of at most {MAX_OPTIONS} options")
        known = levels()
        if grace is not None and (not isinstance(grace, (int, float)) or isinstance(grace, bool)
                                  or not 5 <= grace <= 600):
            raise TableError("bad_grace", "the grace time is 5..600 seconds")
        if standin is not None and standin not in known:
            raise TableError("bad_levels", f"the stand-in level is one of {known}")
        if self.pool.full(self.in_play()):
            raise TableError("site_full", SITE_FULL)
        if await self.db(self.store.count_unfinished, owner, None) >= self.limits.per_person:
            raise TableError("too_many_tables", f"you already have {self.limits.per_person} unfinished tables: "
                                                "finish or abandon one first")
        if address and await self.db(self.store.count_unfinished, None, address) >= self.limits.per_address:
            raise TableError("too_many_tables", "too many unfinished tables from your network address: "
                                                "finish or abandon some first")
        seed = secrets.randbits(62)
        try:
            game = new_game(name, options, seed=seed)
        except (ValueError, TypeError) as e:
            raise TableError("bad_options", str(e)) from None
        human = GAMES[name].info.human_seat
        if seats is None:
            bots = [s for s in range(game.num_seats) if s != human]
            if not isinstance(bot_levels, list) or len(bot_levels) != len(bots):
                raise TableError("bad_levels", f"expected {len(bots)} levels out of {known}")
            seats = [{"kind": "person"} if s == human else {"kind": "bot", "level": None} for s in range(game.num_seats)]
            for s, lv in zip(bots, bot_levels):
                seats[s]["level"] = lv
        if not isinstance(seats, list) or len(seats) != game.num_seats or \
                not all(isinstance(x, dict) for x in seats) or seats[human].get("kind") != "person":
            raise TableError("bad_seats", f"expected {game.num_seats} seats, seat {human} being yours")
        row_seats: list[dict] = []
        for x in seats:
            if x.get("kind") == "person":
                row_seats.append({"kind": "human"})
            elif x.get("kind") == "bot" and x.get("level") in known:
                row_seats.append({"kind": "bot", "level": x["level"]})
            else:
                raise TableError("bad_levels", f"a seat is a person or a computer of level {known}")
        token = invites.new_token()
        places: dict[int, dict] = {human: {"token": token, "state": "taken", "person": owner},
                                   SPECTATOR: {"token": invites.new_token(), "state": "watch"}}
        invitations: dict[int, str] = {}
        expires = time.time() + self.limits.invite_ttl
        for s in [i for i, x in enumerate(row_seats) if x["kind"] == "human"]:
            if s != human:
                invitations[s] = invites.new_token()
                places[s] = {"token": invites.new_token(), "state": "open"}
        bot_levels = [x["level"] for x in row_seats if x["kind"] == "bot"]
        row = GameRow(id=secrets.token_hex(8), owner=owner, game=name, options=game.options.to_dict(),
                      seats=row_seats, human_seat=human, token=token, seed=seed,
                      chance=list(game.chance.log), levels="+".join(sorted(set(bot_levels))),
                      status="open" if invitations else "active", address=address, grace=grace, standin=standin,
                      places=places)
        await self.db(self.store.create, row, {invites.digest(tok): s for s, tok in invitations.items()}, expires)
        t = Live(row, game, arriving_until=time.monotonic() + ARRIVING)
        self.live[row.id] = t
        self.pool.admitted()
        self.kick(t)
        return t, invitations

    async def reinvite(self, t: Live, seats: list[int]) -> dict[int, str]:
        """New invitations for open seats whose links this process does not hold (another process
        made them, or this one restarted); those already sent stay valid."""
        out = {s: invites.new_token() for s in seats}
        await self.db(self.store.invite, t.row.id, {invites.digest(tok): s for s, tok in out.items()},
                      time.time() + self.limits.invite_ttl)
        return out

    async def join(self, invite: str, person: str, name: str) -> tuple[Live, int]:
        """Take the seat an invitation opens (once, before it expires, while the table is open)."""
        digest = invites.digest(invite) if invites.well_formed(invite) else None
        found = await self.db(self.store.find_invite, digest) if digest else None
        t = await self.get(found[0]) if found else None
        if t is None:
            raise TableError("bad_invite", "this invitation is not valid (already used or never issued)")
        seat = found[1]
        if invites.expired(found[2]):
            raise TableError("invite_expired", "this invitation has expired")
        async with t.lock:
            # the database decides (the seat may have been taken, or the table started, through another process)
            places = await self.db(self.store.claim, t.row.id, seat, digest, person, name)
            if places is None:
                raise TableError("bad_invite", "this invitation is not valid (already used or never issued)")
            t.row.places = places
            full = all(places.get(s, {}).get("state") != "open" for s in people(t.row))
        if full:
            await self.start(t)
        else:
            await self.tell_players(t)
        return t, seat

    async def start(self, t: Live) -> None:
        """Start an open table; the seats nobody took go to computers of the stand-in level."""
        async with t.lock:
            if t.row.status != "open":
                raise TableError("not_open", "the game has already started")
            # the database says which seats are still open (people may have joined through another process)
            started = await self.db(self.store.start, t.row.id, self.standin_level(t))
            if started is None:
                raise TableError("not_open", "the game has already started")
            t.row.seats, t.row.levels, t.row.places = started
            t.row.status = "active"
            self.watch_absent(t)
            for c in list(t.conns):
                await c.send(self.snapshot(t, c.seat))
        self.kick(t)

    def seat_of(self, t: Live, token: object) -> int | None:
        """The seat (``SPECTATOR`` for the spectator link) a secret token opens at this table."""
        if not isinstance(token, str) or not token:
            return None
        found = None
        for seat, place in t.row.places.items():
            if secrets.compare_digest(token.encode(), (place.get("token") or "").encode()):
                found = seat
        if found is None and secrets.compare_digest(token.encode(), t.row.token.encode()):
            found = t.row.human_seat
        if found is not None and found >= 0 and t.row.places.get(found, {}).get("state") not in ("taken", None):
            return None  # a seat its person left, or one a computer took over
        return found

    async def get(self, game_id: str) -> Live | None:
        if not isinstance(game_id, str) or not game_id.isalnum() or len(game_id) > 32:
            return None
        t = self.live.get(game_id)
        if t is not None:
            t.used = time.monotonic()
            return t
        if game_id in self._loading:
            return await self._loading[game_id]
        fut = asyncio.get_running_loop().create_future()
        self._loading[game_id] = fut
        try:
            row = await self.db(self.store.load, game_id)
            t = None
            if row is not None:
                game = rebuild(row.game, row.options, row.seed, row.chance, row.actions)
                t = self.live.setdefault(game_id, Live(row, game))
                await self.tell_presence(t)  # the other processes holding it answer with theirs
                if row.status == "active":
                    self.watch_absent(t)
                    self.kick(t)
            fut.set_result(t)
            return t
        except BaseException as e:
            fut.set_exception(e)
            raise
        finally:
            self._loading.pop(game_id, None)

    # --- several processes, idle tables --------------------------------------
    async def announced(self, process: str, game_id: str | None, here: set[int] | None) -> None:
        """Another process changed a game (None: maybe any game): the tables held here catch up;
        or it told which seats of a game are connected to it (``here``)."""
        if here is not None:
            t = self.live.get(game_id or "")
            if t is not None:
                await self.seen_elsewhere(t, process, here)
            return
        for gid in [game_id] if game_id else list(self.live):
            t = self.live.get(gid)
            if t is None:
                continue
            try:
                await self.refresh(t)
            except Exception:
                log.exception("cannot catch up with game %s", gid)

    async def refresh(self, t: Live) -> None:
        """Catch up with the database: the moves stored meanwhile are played here and sent to this
        process's connections; anything else that changed (an undo, a start, a place) sends snapshots."""
        async with t.lock:
            row = await self.db(self.store.load, t.row.id)
            if row is None:
                return
            had = [(s, str(a)) for s, a in t.game.actions]
            if (row.undos, row.seed) != (t.row.undos, t.row.seed) or row.actions[:len(had)] != had:
                await self._reload(t, row)
                return
            before = seating(t.row)
            t.row = row
            for seat, action in row.actions[len(had):]:
                try:
                    t.game.apply(action, seat=seat)
                except IllegalMove:  # this process's game went astray: start again from the database
                    await self._reload(t, row)
                    return
                t.generation += 1
                await self._broadcast(t, seat, action)
            if seating(row) != before:
                self.watch_absent(t)
                await self.shut_out_leavers(t)  # a person may have left through another process
                for c in list(t.conns):
                    await c.send(self.snapshot(t, c.seat))
        self.kick(t)

    async def _reload(self, t: Live, row: GameRow | None = None) -> None:
        """The table as the database has it (lock held); every connection here gets a snapshot."""
        row = row or await self.db(self.store.load, t.row.id)
        t.row, t.game = row, rebuild(row.game, row.options, row.seed, row.chance, row.actions)
        t.generation += 1
        await self.shut_out_leavers(t)
        for c in list(t.conns):
            await c.send(self.snapshot(t, c.seat))

    async def may_drive(self, t: Live) -> bool:
        """Whether this process may let the table's computers play now: always with SQLite (one
        process); on PostgreSQL when it holds the table's lease at the position it has, else it looks
        again a little later (the news of a move made elsewhere may still be on its way)."""
        if not self.store.announces:
            return True
        if await self.db(self.store.lease, t.row.id, LEASE, (len(t.game.actions), t.row.undos)):
            return True
        asyncio.get_running_loop().call_later(HEARTBEAT, self._kick_if_live, t)
        return False

    def _kick_if_live(self, t: Live) -> None:
        if self.live.get(t.row.id) is t:
            self.kick(t)

    async def _heartbeat(self) -> None:
        """Renew the leases of the tables whose computers think here, give up the others, and take
        over the tables whose driving process died; now and then, remind the others who is here."""
        beats = 0
        while True:
            await asyncio.sleep(HEARTBEAT)
            beats += 1
            try:
                if beats % int(PRESENCE_EVERY / HEARTBEAT) == 0:
                    await self.forget_elsewhere()
                driving = [gid for gid, t in self.live.items() if t.bot_task and not t.bot_task.done()]
                await self.db(self.store.keep_leases, driving, LEASE)
                await self.take_over()
            except Exception:
                log.warning("cannot renew the leases of the computer players", exc_info=True)

    async def take_over(self) -> int:
        """Drive the tables whose lease ran out while held (their process died, or stopped and handed
        them over): load each and let its computers go on. How many were taken."""
        taken = 0
        for gid in await self.db(self.store.orphans):
            if not await self.db(self.store.lease, gid, LEASE):
                continue  # another process took it first
            t = await self.get(gid)  # loading a table lets its computers go on
            if t is not None:
                taken += 1
                self.kick(t)  # nothing to play: the next beat gives the lease up
        return taken

    def computer_to_move(self, t: Live) -> bool:
        """Is it a computer's turn at this running table (a bot, or a stand-in for a person)?"""
        return t.row.status == "active" and not t.game.is_over and \
            self.controller(t, t.game.current_seat) is not None

    def in_play(self) -> int:
        """The tables held here that need this process now: the capacity (``--max-tables``) counts
        them. A table is in play with a connection here, a computer thinking here, a person's grace
        timer, or just created here; one only waiting on disk for its people (a resumed game nobody
        opened, a table whose computers another process drives between moves) is not."""
        now = time.monotonic()
        return sum(1 for t in self.live.values() if t.row.status in ("open", "active") and (
            t.conns or t.away or (t.bot_task is not None and not t.bot_task.done()) or now < t.arriving_until))

    def idle_tables(self) -> list[str]:
        now = time.monotonic()
        return [gid for gid, t in self.live.items()
                if not t.conns and not t.away and not t.lock.locked() and now - t.used >= self.idle
                and (t.bot_task is None or t.bot_task.done())]

    async def _evict_idle(self) -> None:
        while True:
            await asyncio.sleep(min(30.0, max(self.idle / 4, 0.05)))
            for gid in self.idle_tables():
                del self.live[gid]

    async def resume_all(self) -> int:
        """After a restart: let the computers of the unfinished games go on; how many were resumed.

        With SQLite (one process) every running game is loaded; those waiting for a person, nobody
        being connected yet, leave memory again at once (loaded when somebody opens them), and the
        others (a computer to move, people's grace timers) stay and play. With several processes
        (PostgreSQL) a process loads only the games no other process drives: those whose lease ran
        out while held (their process died, or stopped and handed them over), as its heartbeat does.
        """
        if self.store.announces:
            return await self.take_over()
        ids = await self.db(self.store.ids, "active")
        resumed = 0
        for gid in ids:
            try:
                t = await self.get(gid)
            except Exception:
                log.exception("cannot resume game %s", gid)
                continue
            if t is None:
                continue
            if self.computer_to_move(t) or t.away:
                resumed += 1
            elif not t.conns and self.live.get(gid) is t:
                del self.live[gid]
        return resumed

    # --- views ---------------------------------------------------------------
    def can_undo(self, t: Live) -> bool:
        return not self.shared(t) and any(s == t.row.human_seat for s, _ in t.game.actions)

    def view(self, t: Live, seat: int | None) -> dict:
        """The observation a connection may receive: its seat's own, or the public one for spectators."""
        if seat is None or seat < 0:
            return public_view(t.game, t.row.human_seat)
        return t.game.observation(seat)

    def snapshot(self, t: Live, seat: int | None) -> dict:
        """The full view of a seat; ``human_seat`` is the viewer's own seat (spectators: the creator's)."""
        g = t.game
        spectator = seat is None or seat < 0
        return {
            "type": "snapshot",
            "game_id": t.row.id,
            "seq": len(g.actions),
            "seats": t.row.seats,
            "human_seat": t.row.human_seat if spectator else seat,
            "spectator": spectator,
            "players": self.players(t),
            "status": t.row.status,
            "log": [[s, str(a)] for s, a in g.actions],
            "can_undo": False if spectator else self.can_undo(t),
            "view": self.view(t, seat),
        }

    async def _broadcast(self, t: Live, seat: int, action: str) -> None:
        g = t.game
        views: dict[int, dict] = {}
        for c in list(t.conns):
            if c.seat not in views:
                views[c.seat] = self.view(t, c.seat)
            await c.send({"type": "play", "seq": len(g.actions), "seat": seat, "action": action,
                          "can_undo": self.can_undo(t), "view": views[c.seat]})

    # --- actions ---------------------------------------------------------------
    async def _commit(self, t: Live, seat: int, action: str) -> str:
        """Apply and store one action (lock held). Raises TableError, state unchanged."""
        g = t.game
        if g.is_over:
            raise TableError("game_over", "the game is over")
        if seat != g.current_seat:
            raise TableError("not_your_turn", "it is not your turn")
        try:
            parsed = parse_action(action, g.decision)
        except (ParseError, IllegalMove) as e:
            raise TableError("illegal", str(e)) from None
        before = len(g.chance.log)
        try:
            g.apply(parsed, seat=seat)
        except IllegalMove as e:
            raise TableError("illegal", str(e)) from None
        text = str(parsed)
        seq = len(g.actions) - 1
        chance = list(g.chance.log) if len(g.chance.log) != before else None
        finished = None
        if g.is_over:
            result = g.result()
            winners = g.outcome().winners
            finished = {"result": result, "human_won": human_won(t.row, g),
                        "places": {s: int(s in winners) for s, p in t.row.places.items() if s >= 0 and p.get("person")}}
        try:
            await self.db(self.store.append_action, t.row.id, seq, seat, text, chance, finished, t.row.undos)
        except Stale:
            await self._reload(t)
            raise TableError("stale", "the table has moved on: here is the current position") from None
        except Exception:
            log.exception("cannot store an action of game %s: rebuilding it from the store", t.row.id)
            row = await self.db(self.store.load, t.row.id)
            t.row = row
            t.game = rebuild(row.game, row.options, row.seed, row.chance, row.actions)
            raise TableError("storage", "the action could not be stored; please try again") from None
        t.row.actions.append((seat, text))
        t.used = time.monotonic()
        if chance is not None:
            t.row.chance = chance
        if finished is not None:
            t.row.status, t.row.result, t.row.human_won = "finished", finished["result"], finished["human_won"]
            for s, won in finished["places"].items():
                t.row.places[s]["won"] = won
        await self._broadcast(t, seat, text)
        return text

    async def act(self, t: Live, seat: int, action: str, seq: int | None = None) -> None:
        async with t.lock:
            if t.row.status == "open":
                raise TableError("not_started", "the game starts when every person has taken their seat")
            if t.row.status != "active":
                raise TableError("game_over", "the game is not in progress")
            if seq is not None and seq != len(t.game.actions):
                raise TableError("stale", "the table has moved on: here is the current position")
            if self.controller(t, seat) is not None:
                raise TableError("not_your_seat", "that seat is played by the computer")
            await self._commit(t, seat, action)
        self.kick(t)

    def kick(self, t: Live) -> None:
        if not self.closed and t.row.status == "active" and (t.bot_task is None or t.bot_task.done()):
            t.bot_task = asyncio.create_task(self._drive(t))

    async def _drive(self, t: Live) -> None:
        while True:
            g = t.game
            if g.is_over or t.row.status != "active":
                return
            seat = g.current_seat
            level = self.controller(t, seat)
            if level is None or not await self.may_drive(t):
                return
            seq, gen = len(g.actions), t.generation
            obs = g.observation(seat)
            try:
                action = await self.pool.choose(level, g.name, obs, random.getrandbits(32), key=t.row.id)
                if action not in obs["legal"]:
                    raise ValueError(f"bot chose {action!r}, not one of the legal actions {obs['legal']}")
            except asyncio.CancelledError:
                raise
            except Exception:
                action = self._fallback(t, level, obs)
            async with t.lock:
                if t.generation != gen or len(t.game.actions) != seq:
                    continue
                try:
                    await self._commit(t, seat, action)
                except TableError:
                    log.exception("bot action refused in game %s", t.row.id)
                    return
            if self.bot_delay:
                await asyncio.sleep(self.bot_delay)

    def _fallback(self, t: Live, level: str, obs: dict) -> str:
        """A failed bot's move: a random legal action, so the table goes on — logged with the
        traceback and counted, since it is a bug the person at the table cannot see."""
        key = (t.game.name, level)
        self.bot_fallbacks[key] += 1
        log.warning("bot %s failed in game %s (%s fallback %d since start): playing a random legal action",
                    level, t.row.id, t.game.name, self.bot_fallbacks[key], exc_info=True)
        return random.choice(obs["legal"])

    async def undo(self, t: Live, seat: int) -> None:
        """Back to the seat's last decision, the cards the person has not seen dealt again
        (:mod:`.redeal`), so undoing never shows a hidden card. Only at a table of one person."""
        async with t.lock:
            if self.shared(t):
                raise TableError("no_undo", "there is no undo at a table of several people")
            acts = t.game.actions
            mine = [i for i, (s, _) in enumerate(acts) if s == seat]
            if not mine:
                raise TableError("nothing_to_undo", "you have not played yet")
            keep = mine[-1]
            if t.game.is_over and t.row.status == "finished":
                raise TableError("game_over", "the game is over")
            kept = [(s, str(a)) for s, a in acts[:keep]]
            game = rebuild(t.row.game, t.row.options, t.row.seed, t.row.chance, kept)
            seed, chance = await asyncio.to_thread(redeal, game, seat)
            game = new_game(t.row.game, t.row.options, seed=seed, chance=chance)
            for s, a in kept:
                game.apply(a, seat=s)
            try:
                await self.db(self.store.truncate, t.row.id, keep, seed, chance, len(acts), t.row.undos)
            except Stale:
                await self._reload(t)
                raise TableError("stale", "the table has moved on: here is the current position") from None
            t.row.seed, t.row.chance = seed, chance
            t.game = game
            t.row.actions = kept
            t.row.undos += 1
            t.generation += 1
            for c in list(t.conns):
                await c.send(self.snapshot(t, c.seat))
        self.kick(t)

    async def hint(self, t: Live, seat: int) -> dict:
        async with t.lock:
            g = t.game
            if self.shared(t):  # the expert would be playing for one of the people
                raise TableError("no_hint_shared", "there are no hints at a table of several people")
            if g.is_over or g.current_seat != seat:
                raise TableError("not_your_turn", "a hint is for your own turn")
            obs = g.observation(seat)
        try:
            out = await self.pool.hint(obs, key=f"{t.row.id}:{seat}")
        except Busy:
            raise TableError("busy", "the computer players are busy: ask again in a moment") from None
        if out is None:
            raise TableError("no_hint", "no hint is available")
        return out

    async def abandon(self, t: Live) -> None:
        async with t.lock:
            if t.row.status in ("open", "active"):
                await self.db(self.store.set_status, t.row.id, "abandoned")
                t.row.status = "abandoned"
                if t.bot_task:
                    t.bot_task.cancel()
