"""Undo in a real browser cannot be used to peek: the face-down card you draw after losing a trick is dealt
again at every undo, so playing the same card again does not show the same stock card."""

from __future__ import annotations

import time

import pytest

from .conftest import start_game

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

STATE = "({seq: WD.table.seq, mine: WD.table.view.current_seat === WD.table.snap.human_seat && !WD.table.busy " \
        "&& !WD.table.queue.length, draws: WD.table.view.my_draws, stage: WD.table.view.stage})"


def wait_state(page, ok, limit_s: float = 60) -> dict:
    deadline = time.monotonic() + limit_s
    while time.monotonic() < deadline:
        s = page.evaluate(STATE)
        if ok(s):
            return s
        page.wait_for_timeout(50)
    raise AssertionError(f"the table did not reach the expected state: {s}")


def test_undo_does_not_show_the_same_stock_card_again(page, server):
    start_game(page, server, "german", {})
    draws: dict[int, list[str]] = {}  # position (seq) -> the face-down cards drawn there, one per undo
    for _ in range(60):  # my lowest card again and again; note the face-down card I draw when I lose the trick
        first = wait_state(page, lambda s: s["mine"])
        if first["stage"] != 1:
            break
        card = page.evaluate("WD.table.view.legal.slice().sort((a, b) => "
                             "WD.RANK_ORDER.indexOf(a[0]) - WD.RANK_ORDER.indexOf(b[0]))[0]")
        before = len(first["draws"])
        page.evaluate(f"document.querySelector('.hand [data-card=\"{card}\"]').click()")
        # My turn again: after the computer's answer, or at once when my card won the trick it answered.
        after = wait_state(page, lambda s, seq=first["seq"]: s["seq"] >= seq + 1 and s["mine"])
        if len(after["draws"]) == before and first["seq"] not in draws:
            continue  # I won this trick: nothing hidden to look at, play on from here
        if len(after["draws"]) > before:
            seen = draws.setdefault(first["seq"], [])
            seen.append(after["draws"][before])
            if len(seen) >= 5:
                break
        # The toolbar is drawn again on every message: a mouse click may press one button and release
        # another, so press it the way the U key does, once it is enabled.
        page.wait_for_function("() => !document.getElementById('btn-undo').disabled")
        page.evaluate("document.getElementById('btn-undo').click()")
        wait_state(page, lambda s, seq=first["seq"]: s["seq"] == seq and s["mine"])
    here = max(draws.values(), key=len, default=[])
    assert len(here) >= 5, f"the test must lose the same trick a few times to see face-down draws: {draws}"
    # Without a new deal of the unseen cards the stock is the same, and so is every draw from one position;
    # with it, each draw is one of the ten or more cards unseen, so five alike would be a 1-in-10,000 chance.
    assert len(set(here)) > 1, here
