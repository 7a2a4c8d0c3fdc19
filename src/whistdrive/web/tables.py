"""Live tables: the authoritative game of each table, its bots and its connections.

Order of every action (human or bot), under the table's lock:
validate → apply to the game → commit the action to the store → send each
connected seat its own new observation. If the commit fails the table is
rebuilt from the store, so nothing unstored is ever acknowledged.
"""

from __future__ import annotations

import asyncio
import collections
import concurrent.futures as cf
import json
import logging
import random
import secrets
from dataclasses import dataclass, field

from whistdrive import new_game
from whistdrive.errors import IllegalMove, ParseError
from whistdrive.games import GAMES
from whistdrive.games.base import Game, parse_action

from .botpool import BotPool, levels
from .store import GameRow, Store

log = logging.getLogger("whistdrive.web")



class TableError(Exception):
    """A refused request; ``code`` is stable (the client translates it)."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code
        self.message = message


def rebuild(name: str, options: dict, seed: int, chance: list[dict], actions: list[tuple[int, str]]) -> Game:
    """The game after ``actions``: replayed from the seed, checked against the stored chance log.

    Replaying from the seed keeps the random generator in step, so the deals
    still to come are the same as before a restart. Should the replayed chance
    outcomes ever differ from the stored ones (a changed generator), the stored
    outcomes win.
    """
    g = new_game(name, options, seed=seed)
    for seat, a in actions:
        g.apply(a, seat=seat)
    if g.chance.log == chance[: len(g.chance.log)]:
        return g
    log.warning("chance log differs from the seed's: replaying the stored outcomes")
    g = new_game(name, options, seed=seed, chance=chance)
    for seat, a in actions:
        g.apply(a, seat=seat)
    return g


def human_won(row: GameRow, game: Game) -> int:
    return int(row.human_seat in game.outcome().winners)


@dataclass(eq=False)
class Conn:
    ws: object
    seat: int

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
    generation: int = 0  # bumped by undo: a bot thinking about an older position is ignored


class Tables:
    def __init__(self, store: Store, pool: BotPool, bot_delay: float = 0.0):
        self.store = store
        self.pool = pool
        self.bot_delay = bot_delay
        self.live: dict[str, Live] = {}
        self._db = cf.ThreadPoolExecutor(max_workers=1, thread_name_prefix="db")
        self._loading: dict[str, asyncio.Future] = {}
        self.inline_db = store.url.startswith("sqlite")
        # moves played at random because a bot failed, per (game, level): each is a bug to fix
        self.bot_fallbacks: collections.Counter[tuple[str, str]] = collections.Counter()

    async def db(self, fn, *args):
        """Run a store call. SQLite writes take well under a millisecond, so they run inline:
        handing them to a thread costs more (GIL switches) than it saves. Other databases
        (network round trips) go through the store's single writer thread."""
        if self.inline_db:
            return fn(*args)
        return await asyncio.get_running_loop().run_in_executor(self._db, fn, *args)

    def close(self) -> None:
        for t in self.live.values():
            if t.bot_task:
                t.bot_task.cancel()
        self._db.shutdown(wait=True)

    # --- creating and loading ----------------------------------------------
    async def create(self, owner: str, name: str, options: dict, bot_levels: list[str]) -> Live:
        if not isinstance(name, str) or name not in GAMES:
            raise TableError("bad_game", f"unknown game {str(name)[:20]!r}")
        if not isinstance(options, dict) or len(options) > 10:
            raise TableError("bad_options", "options must be an object")
        seed = secrets.randbits(62)
        try:
            game = new_game(name, options, seed=seed)
        except (ValueError, TypeError) as e:
            raise TableError("bad_options", str(e)) from None
        human = GAMES[name].info.human_seat
        bots = [s for s in range(game.num_seats) if s != human]
        known = levels()
        if not isinstance(bot_levels, list) or len(bot_levels) != len(bots) or \
                any(lv not in known for lv in bot_levels):
            raise TableError("bad_levels", f"expected {len(bots)} levels out of {known}")
        seats: list[dict] = [{"kind": "human"} for _ in range(game.num_seats)]
        for s, lv in zip(bots, bot_levels):
            seats[s] = {"kind": "bot", "level": lv}
        row = GameRow(id=secrets.token_hex(8), owner=owner, game=name, options=game.options.to_dict(),
                      seats=seats, human_seat=human, token=secrets.token_urlsafe(24), seed=seed,
                      chance=list(game.chance.log), levels="+".join(sorted(set(bot_levels))))
        await self.db(self.store.create, row)
        t = Live(row, game)
        self.live[row.id] = t
        self.kick(t)
        return t

    async def get(self, game_id: str) -> Live | None:
        if not isinstance(game_id, str) or not game_id.isalnum() or len(game_id) > 32:
            return None
        t = self.live.get(game_id)
        if t is not None:
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
                if row.status == "active":
                    self.kick(t)
            fut.set_result(t)
            return t
        except BaseException as e:
            fut.set_exception(e)
            raise
        finally:
            self._loading.pop(game_id, None)

    async def resume_all(self) -> int:
        """After a restart: load every unfinished game and let its bots go on."""
        ids = await self.db(self.store.ids, "active")
        for gid in ids:
            try:
                await self.get(gid)
            except Exception:
                log.exception("cannot resume game %s", gid)
        return len(ids)

    # --- views ---------------------------------------------------------------
    def can_undo(self, t: Live) -> bool:
        return any(s == t.row.human_seat for s, _ in t.game.actions)

    def snapshot(self, t: Live, seat: int) -> dict:
        g = t.game
        return {
            "type": "snapshot",
            "game_id": t.row.id,
            "seq": len(g.actions),
            "seats": t.row.seats,
            "human_seat": t.row.human_seat,
            "status": t.row.status,
            "log": [[s, str(a)] for s, a in g.actions],
            "can_undo": self.can_undo(t),
            "view": g.observation(seat),
        }

    async def _broadcast(self, t: Live, seat: int, action: str) -> None:
        g = t.game
        views: dict[int, dict] = {}
        for c in list(t.conns):
            if c.seat not in views:
                views[c.seat] = g.observation(c.seat)
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
            finished = {"result": result, "human_won": human_won(t.row, g)}
        try:
            await self.db(self.store.append_action, t.row.id, seq, seat, text, chance, finished)
        except Exception:
            log.exception("cannot store an action of game %s: rebuilding it from the store", t.row.id)
            row = await self.db(self.store.load, t.row.id)
            t.row = row
            t.game = rebuild(row.game, row.options, row.seed, row.chance, row.actions)
            raise TableError("storage", "the action could not be stored; please try again") from None
        t.row.actions.append((seat, text))
        if chance is not None:
            t.row.chance = chance
        if finished is not None:
            t.row.status, t.row.result, t.row.human_won = "finished", finished["result"], finished["human_won"]
        await self._broadcast(t, seat, text)
        return text

    async def act(self, t: Live, seat: int, action: str, seq: int | None = None) -> None:
        async with t.lock:
            if t.row.status != "active":
                raise TableError("game_over", "the game is not in progress")
            if seq is not None and seq != len(t.game.actions):
                raise TableError("stale", "the table has moved on: here is the current position")
            if t.row.seats[seat]["kind"] != "human":
                raise TableError("not_your_seat", "that seat is played by the computer")
            await self._commit(t, seat, action)
        self.kick(t)

    def kick(self, t: Live) -> None:
        if t.row.status == "active" and (t.bot_task is None or t.bot_task.done()):
            t.bot_task = asyncio.create_task(self._drive(t))

    async def _drive(self, t: Live) -> None:
        while True:
            g = t.game
            if g.is_over or t.row.status != "active":
                return
            seat = g.current_seat
            spec = t.row.seats[seat]
            if spec["kind"] != "bot":
                return
            seq, gen = len(g.actions), t.generation
            obs = g.observation(seat)
            try:
                action = await self.pool.choose(spec["level"], g.name, obs, random.getrandbits(32))
                if action not in obs["legal"]:
                    raise ValueError(f"bot chose {action!r}, not one of the legal actions {obs['legal']}")
            except asyncio.CancelledError:
                raise
            except Exception:
                action = self._fallback(t, spec["level"], obs)
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
        """Back to the seat's last decision: replay the record minus the actions after it."""
        async with t.lock:
            acts = t.game.actions
            mine = [i for i, (s, _) in enumerate(acts) if s == seat]
            if not mine:
                raise TableError("nothing_to_undo", "you have not played yet")
            keep = mine[-1]
            if t.game.is_over and t.row.status == "finished":
                raise TableError("game_over", "the game is over")
            kept = [(s, str(a)) for s, a in acts[:keep]]
            game = rebuild(t.row.game, t.row.options, t.row.seed, t.row.chance, kept)
            await self.db(self.store.truncate, t.row.id, keep)
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
            if g.is_over or g.current_seat != seat:
                raise TableError("not_your_turn", "a hint is for your own turn")
            obs = g.observation(seat)
        out = await self.pool.hint(obs)
        if out is None:
            raise TableError("no_hint", "no hint is available")
        return out

    async def abandon(self, t: Live) -> None:
        async with t.lock:
            if t.row.status == "active":
                await self.db(self.store.set_status, t.row.id, "abandoned")
                t.row.status = "abandoned"
                if t.bot_task:
                    t.bot_task.cancel()
