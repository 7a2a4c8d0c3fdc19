"""The play at a live table: people's moves, the computers' moves, undo and hints.

Order of every action (human or bot), under the table's lock:
validate → apply to the game → commit the action to the store → queue each
connected seat its own new observation. If the commit fails the table is
rebuilt from the store, so nothing unstored is ever acknowledged.
"""

from __future__ import annotations

import asyncio
import collections
import logging
import random

from whistdrive.bots.redeal import redeal
from whistdrive.errors import IllegalMove, ParseError
from whistdrive.games import replay_moves
from whistdrive.games.base import parse_action

from .errors import TableError
from .scheduler import Busy
from .seats import shared
from .store import Stale

log = logging.getLogger("whistdrive.web")
STALE = "the table has moved on: here is the current position"


class Play:
    def __init__(self, tables, bot_delay: float = 0.0):
        self.tables = tables
        self.store = tables.store
        self.pool = tables.pool
        self.bot_delay = bot_delay
        # moves played at random because a bot failed, per (game, level): each is a bug to fix
        self.fallbacks: collections.Counter[tuple[str, str]] = collections.Counter()

    def computer_to_move(self, t) -> bool:
        """Is it a computer's turn at this running table (a bot, or a stand-in for a person)?"""
        return t.row.status == "active" and not t.game.is_over and \
            self.tables.seats.controller(t, t.game.current_seat) is not None

    def broadcast(self, t, seat: int, action: str) -> None:
        seq, can_undo = len(t.game.actions), self.tables.can_undo(t)
        t.send_all(lambda viewer: {"type": "play", "seq": seq, "seat": seat, "action": action,
                                   "can_undo": can_undo, "view": self.tables.view(t, viewer)})

    # --- a person's move ----------------------------------------------------------
    async def act(self, t, seat: int, action: str, seq: int | None = None) -> None:
        async with t.lock:
            if t.row.status == "open":
                raise TableError("not_started", "the game starts when every person has taken their seat")
            if t.row.status != "active":
                raise TableError("game_over", "the game is not in progress")
            if seq is not None and seq != len(t.game.actions):
                raise TableError("stale", STALE)
            if self.tables.seats.controller(t, seat) is not None:
                raise TableError("not_your_seat", "that seat is played by the computer")
            await self._commit(t, seat, action)
        self.kick(t)

    async def _commit(self, t, seat: int, action: str) -> str:
        """Apply and store one action (lock held). Raises TableError, state unchanged."""
        g = t.game
        if g.is_over:
            raise TableError("game_over", "the game is over")
        if seat != g.current_seat:
            raise TableError("not_your_turn", "it is not your turn")
        try:
            parsed = parse_action(action, g.decision)
            before = len(g.chance.log)
            g.apply(parsed, seat=seat)
        except (ParseError, IllegalMove) as e:
            raise TableError("illegal", str(e)) from None
        text = str(parsed)
        chance = list(g.chance.log) if len(g.chance.log) != before else None
        finished = self._finished(t) if g.is_over else None
        try:
            await self.tables.db(self.store.append_action, t.row.id, len(g.actions) - 1, seat, text, chance,
                                 finished, t.row.undos)
        except Stale:
            await self.tables.reload(t)
            raise TableError("stale", STALE) from None
        except Exception:
            log.exception("cannot store an action of game %s: rebuilding it from the store", t.row.id)
            row = await self.tables.db(self.store.load, t.row.id)
            t.row, t.game = row, self.tables.rebuild(row)
            t.generation += 1
            raise TableError("storage", "the action could not be stored; please try again") from None
        t.row.actions.append((seat, text))
        t.used = self.tables.clock.now()
        if chance is not None:
            t.row.chance = chance
        if finished is not None:
            t.row.status, t.row.result, t.row.human_won = "finished", finished["result"], finished["human_won"]
            for s, won in finished["places"].items():
                t.row.places[s]["won"] = won
        self.broadcast(t, seat, text)
        return text

    @staticmethod
    def _finished(t) -> dict:
        """What the store keeps of a game that just ended: its result, and who of the people won."""
        winners = t.game.outcome().winners
        return {"result": t.game.result(), "human_won": int(t.row.human_seat in winners),
                "places": {s: int(s in winners) for s, p in t.row.places.items() if s >= 0 and p.get("person")}}

    # --- the computers ------------------------------------------------------------
    def kick(self, t) -> None:
        """Let the table's computers play, if it is their turn and none is thinking already (and
        the server is not stopping: a late timer must not start work on a closed database)."""
        if not self.tables.closed and t.row.status == "active" and (t.bot_task is None or t.bot_task.done()):
            t.bot_task = asyncio.create_task(self._drive(t))

    async def _drive(self, t) -> None:
        while True:
            g = t.game
            if g.is_over or t.row.status != "active":
                return
            seat = g.current_seat
            level = self.tables.seats.controller(t, seat)
            if level is None or not await self.tables.cluster.may_drive(t):
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
                await self.tables.clock.sleep(self.bot_delay)

    def _fallback(self, t, level: str, obs: dict) -> str:
        """A failed bot's move: a random legal action, so the table goes on — logged with the
        traceback and counted, since it is a bug the person at the table cannot see."""
        key = (t.game.name, level)
        self.fallbacks[key] += 1
        log.warning("bot %s failed in game %s (%s fallback %d since start): playing a random legal action",
                    level, t.row.id, t.game.name, self.fallbacks[key], exc_info=True)
        return random.choice(obs["legal"])

    # --- undo and hints -------------------------------------------------------------
    async def undo(self, t, seat: int) -> None:
        """Back to the seat's last decision, the cards the person has not seen dealt again
        (:mod:`.redeal`), so undoing never shows a hidden card. Only at a table of one person."""
        async with t.lock:
            if shared(t):
                raise TableError("no_undo", "there is no undo at a table of several people")
            acts = t.game.actions
            mine = [i for i, (s, _) in enumerate(acts) if s == seat]
            if not mine:
                raise TableError("nothing_to_undo", "you have not played yet")
            keep = mine[-1]
            if t.game.is_over and t.row.status == "finished":
                raise TableError("game_over", "the game is over")
            kept = [(s, str(a)) for s, a in acts[:keep]]
            game = self.tables.rebuild(t.row, kept)
            seed, chance = await asyncio.to_thread(redeal, game, seat)
            game = replay_moves(t.row.game, t.row.options, kept, seed=seed, chance=chance)
            try:
                await self.tables.db(self.store.truncate, t.row.id, keep, seed, chance, len(acts), t.row.undos)
            except Stale:
                await self.tables.reload(t)
                raise TableError("stale", STALE) from None
            t.row.seed, t.row.chance = seed, chance
            t.game = game
            t.row.actions = kept
            t.row.undos += 1
            t.generation += 1
            self.tables.send_snapshots(t)
        self.kick(t)

    async def hint(self, t, seat: int) -> dict:
        async with t.lock:
            g = t.game
            if shared(t):  # the expert would be playing for one of the people
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
