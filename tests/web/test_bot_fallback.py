"""A bot that fails at the table: the game goes on with a random legal card, and the failure is
logged with its traceback and counted — never silent."""

from __future__ import annotations

import logging

import whistdrive.bots as bots

from .conftest import Seat, create


class _Broken:
    def choose(self, observation, budget=None):
        raise RuntimeError("broken bot")


def test_a_failing_bot_is_replaced_by_a_random_card_logged_and_counted(client, monkeypatch, caplog):
    real = bots.make_player
    monkeypatch.setattr(bots, "make_player",
                        lambda level, game, **kw: _Broken() if level == "beginner" else real(level, game, **kw))
    caplog.set_level(logging.WARNING, logger="whistdrive.web")
    g = create(client, "whist", levels=["beginner", "random", "random"])  # seat 0 (North) is broken
    seat = Seat(client, g["id"], g["token"])
    try:
        for _ in range(4):  # the human plays four cards: North has played at least three by then
            seat.wait_turn()
            seat.send({"type": "act", "action": seat.view["legal"][0], "seq": seat.last["seq"]})
            seat.recv()
        seat.wait_turn()
    finally:
        seat.close()
    norths = [a for s, a in g["live"].game.actions if s == 0]
    tables = client.app.state.tables
    assert len(norths) >= 3
    assert tables.play.fallbacks[("whist", "beginner")] == len(norths)
    assert tables.play.fallbacks[("whist", "random")] == 0
    warned = [r for r in caplog.records if r.name == "whistdrive.web" and r.levelname == "WARNING"]
    assert len(warned) == len(norths)
    assert all(r.exc_info and "broken bot" in str(r.exc_info[1]) for r in warned)
