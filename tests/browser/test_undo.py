"""Undo in a real browser cannot be used to peek: the face-down card you draw after losing a trick is dealt
again at every undo, so playing the same card again does not show the same stock card."""

from __future__ import annotations

import time

import pytest

from .conftest import start_game

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

STATE = "({seq: WD.table.seq, mine: WD.table.view.current_seat === WD.table.snap.human_seat && !WD.table.busy " \
        "&& !WD.table.queue.length, draws: WD.table.view.my_draws, stage: WD.table.view.stage})"


def wait_state(page, ok, limit_s: float = 90) -> dict:
    deadline = time.monotonic() + limit_s
    while time.monotonic() < deadline:
        s = page.evaluate(STATE)
        if ok(s):
            return s
        page.wait_for_timeout(50)
    raise AssertionError("the table did not reach the expected state")


def test_undo_does_not_show_the_same_stock_card_again(page, server):
    start_game(page, server, "german", {})
    draws = []
    for _ in range(24):  # the same first card again and again; note the card drawn when that trick is lost
        first = wait_state(page, lambda s: s["mine"])
        if first["stage"] != 1:
            break
        card = page.evaluate("WD.table.view.legal[0]")
        before = len(first["draws"])
        page.evaluate(f"document.querySelector('.hand [data-card=\"{card}\"]').click()")
        after = wait_state(page, lambda s, seq=first["seq"]: s["seq"] >= seq + 2 and s["mine"])
        if len(after["draws"]) > before:
            draws.append(after["draws"][before])
        page.click("#btn-undo")
        wait_state(page, lambda s, seq=first["seq"]: s["seq"] == seq and s["mine"])
        if len(draws) >= 6:
            break
    assert len(draws) >= 3, "the test must lose the trick a few times to see a face-down draw"
    # Without a new deal of the unseen cards the stock is the same, and so is every draw.
    assert len(set(draws)) > 1, draws
