"""The lobby and the table on a 375 px phone: nothing wider than the screen, nothing too small to tap."""

from __future__ import annotations

import httpx
import pytest

from .conftest import fresh_page, play_until, start_game, visible_runs

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

PHONE = {"width": 375, "height": 740}
ARROW_PX = 20  # the room a <select> keeps for its drop-down arrow


@pytest.fixture
def phone(browser):
    yield from fresh_page(browser, viewport=PHONE, has_touch=True, is_mobile=True)


def games(server) -> list[str]:
    games = httpx.get(server.url + "/api/meta").json()["games"]
    return list(games) if isinstance(games, dict) else [g["name"] for g in games]


# Every control of the lobby that sticks out of the screen, and every choice whose text its <select> cuts off.
LOBBY_PROBLEMS = """(arrow) => {
  const width = document.documentElement.clientWidth, problems = [];
  if (document.documentElement.scrollWidth > width) problems.push('page ' + document.documentElement.scrollWidth + ' px wide');
  for (const e of document.querySelectorAll('#lobby label, #lobby select, #lobby input, #lobby button, #lobby a')) {
    const r = e.getBoundingClientRect();
    if (r.width && (r.left < 0 || r.right > width)) problems.push((e.id || e.textContent) + ' out of the screen');
  }
  const ctx = document.createElement('canvas').getContext('2d');
  for (const s of document.querySelectorAll('#lobby select')) {
    const cs = getComputedStyle(s);
    ctx.font = cs.fontWeight + ' ' + cs.fontSize + ' ' + cs.fontFamily;
    const room = s.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - arrow;
    for (const o of s.options) if (ctx.measureText(o.text).width > room) problems.push(s.id + ': "' + o.text + '" cut off');
  }
  return problems;
}"""


def test_lobby_fits_a_phone_in_every_game_and_language(phone, server):
    seen = []
    for game in games(server):
        for lang in ("en", "ru"):
            phone.goto(f"{server.url}/?game={game}&lang={lang}")
            phone.wait_for_selector("#start")
            assert phone.get_attribute(".game-tab.active", "data-game") == game
            assert phone.evaluate(LOBBY_PROBLEMS, ARROW_PX) == [], (game, lang)
            phone.locator("#start").scroll_into_view_if_needed()
            # nothing lies over the start button: a tap on its centre reaches it
            assert phone.evaluate("""() => { const b = document.getElementById('start').getBoundingClientRect();
              return document.elementFromPoint(b.x + b.width / 2, b.y + b.height / 2)?.id; }""") == "start"
            phone.click("#start", trial=True, timeout=3000)
            seen.append((game, lang))
    assert len(seen) >= 6


@pytest.mark.parametrize("game", ["german", "whist"])
def test_every_card_of_a_full_hand_is_big_enough_to_tap(phone, server, game):
    start_game(phone, server, game, {"length": "deal"} if game == "whist" else None)
    phone.wait_for_function("() => WD.table.view.hand.length === 13 && document.querySelectorAll('.hand .card').length === 13")
    cards = visible_runs(phone, ".hand .card")
    assert len(cards) == 13
    for c in cards:
        assert c["left"] >= 0 and c["right"] <= PHONE["width"], c
        assert c["wide"] >= 44 and c["tall"] >= 44, c


def test_known_cards_of_the_german_opponent_show_on_a_phone(phone, server):
    start_game(phone, server, "german")  # the lobby's default level is the beginner
    phone.wait_for_function("() => WD.table && WD.table.view")
    assert phone.evaluate("WD.table.snap.seats[1].level") in ("random", "beginner")
    play_until(phone, lambda: phone.evaluate("() => { const v = WD.table.view; return v.stage === 2 && "
                                             "!WD.table.busy && v.current_seat === WD.table.snap.human_seat; }"))
    known = phone.evaluate("WD.table.view.opponent_known")
    shown = visible_runs(phone, ".seat .known-cards .card")
    assert sorted(c["card"] for c in shown) == sorted(known) and known
    for c in shown:
        assert c["left"] >= 0 and c["right"] <= PHONE["width"], c
        assert c["wide"] >= 14 and c["tall"] >= 34, c
