"""Whole games through the UI, language switching, keyboard-only play, reload and server restart."""

from __future__ import annotations

import re

import pytest

from .conftest import play_until, start_game, step

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]


def finish(page):
    play_until(page, lambda: page.query_selector("#over-dialog") is not None, limit_s=150)
    assert page.inner_text("#result-text")
    assert page.query_selector("#over-dialog a[href*='/record']")


def test_german_whist_full_deal(page, server):
    start_game(page, server, "german")
    assert page.inner_text("#info-stage")
    assert page.query_selector("#info-prize .card[aria-label]")
    first = page.get_attribute(".hand .card", "aria-label")
    assert re.match(r"^(Ace|King|Queen|Jack|Ten|Nine|Eight|Seven|Six|Five|Four|Three|Two) of (spades|hearts|diamonds|clubs)", first)
    finish(page)
    # the record downloads and the replay viewer steps through the game
    with page.expect_download() as dl:
        page.click("#over-dialog a[href*='/record']")
    assert dl.value.suggested_filename.endswith(".json")
    page.click("#over-dialog a[href^='/replay/']")
    page.wait_for_selector(".replay .r-next")
    # the step buttons are drawn (SVG, not characters a font may lack) and named
    for icon, name in (("first", "First step"), ("prev", "Previous step"), ("next", "Next step"), ("last", "Last step")):
        button = page.locator(f".replay .r-{icon}")
        assert button.get_attribute("aria-label") == name
        assert button.inner_text().strip() == ""
        assert button.locator("svg path").count() == 1 and button.locator("svg").bounding_box()["width"] > 8
    page.click(".replay .r-next")
    assert "Step 1 of" in page.inner_text(".replay-counter")
    # the analysis is about the next move, and says whose (the caption names the move just made)
    mover, me = page.evaluate("() => fetch(location.pathname.replace('/replay/', '/api/games/') + '/replay')"
                              ".then((r) => r.json()).then((d) => [d.frames[2].mover, d.human_seat])")
    page.click(".replay .r-analyse")
    page.wait_for_function("() => !document.querySelector('.replay-analysis').textContent.includes('…')")
    who = "You" if mover == me else "Computer"
    assert page.inner_text(".replay-analysis").startswith(f"Next move — {who}: ")
    page.click(".replay .r-last")
    assert page.query_selector(".replay-end")


def test_whist_deal(page, server):
    start_game(page, server, "whist", {"length": "deal"})
    assert page.query_selector(".score-sheet")
    assert page.query_selector(".seat.pos-top") and "North" in page.inner_text(".seat.pos-top")
    finish(page)
    assert "Deal 1" in page.inner_text(".score-sheet")


def test_knockout_game(page, server):
    start_game(page, server, "knockout", {"players": 3})
    assert page.query_selector(".ko-table")
    assert page.query_selector_all(".seat") and len(page.query_selector_all(".seat")) == 2
    finish(page)


def test_language_switch_is_remembered(page, server):
    page.goto(server.url + "/")
    page.wait_for_selector("#start")
    assert page.inner_text("#start") == "Start"
    page.click(".lang-switch")
    page.wait_for_selector("#start")
    page.wait_for_function("() => document.querySelector('#start')?.textContent === 'Начать'")
    page.goto(server.url + "/?game=german")  # remembered (cookie + localStorage)
    page.wait_for_function("() => document.querySelector('#start')?.textContent === 'Начать'")
    page.click("#start")
    page.wait_for_selector(".hand .card")
    name = page.get_attribute(".hand .card", "aria-label")
    assert re.match(r"^(Туз|Король|Дама|Валет|Десятка|Девятка|Восьмёрка|Семёрка|Шестёрка|Пятёрка|Четвёрка|Тройка|Двойка) "
                    r"(пик|червей|бубен|треф)", name), name
    # Russian plurals on the table: "13 карт", "0 взяток"
    info = page.inner_text(".seat .seat-info")
    assert re.search(r"\d+ карт[аы]?\b", info) and re.search(r"\d+ взят(ка|ки|ок)", info), info
    page.click(".lang-switch")
    page.wait_for_selector(".hand .card")
    page.wait_for_function("() => document.querySelector('#btn-hint')?.textContent === 'Hint'")


def test_keyboard_only(page, server):
    start_game(page, server, "german")
    for _ in range(6):  # six plays with the keyboard alone
        page.wait_for_selector(".hand.my-turn .card.legal")
        page.focus(".hand .card")
        # walk with the arrow keys to the first legal card, then press Enter
        for _i in range(14):
            if page.evaluate("document.activeElement.classList.contains('legal')"):
                break
            page.keyboard.press("ArrowRight")
        seq = page.evaluate("WD.table.seq")
        page.keyboard.press("Enter")
        page.wait_for_function(f"() => window.WD && WD.table && WD.table.seq > {seq}")
    # each play is announced (the live region is emptied, then filled a moment later, so it is read again)
    page.wait_for_function("() => document.getElementById('announce').textContent !== ''")


def test_reload_and_restart_mid_game(page, server):
    start_game(page, server, "whist", {"length": "deal"})
    played = 0
    while played < 4:
        played += step(page) == "acted"
    page.wait_for_selector(".hand.my-turn .card.legal")
    before = page.evaluate("WD.table.view.hand")
    page.reload()
    page.wait_for_selector(".hand.my-turn .card.legal")
    assert page.evaluate("WD.table.view.hand") == before
    server.restart()  # the page reconnects by itself and gets a full snapshot
    page.wait_for_function("() => document.getElementById('table')?.dataset.conn === 'online'", timeout=20000)
    page.wait_for_selector(".hand.my-turn .card.legal")
    assert page.evaluate("WD.table.view.hand") == before
    finish(page)
