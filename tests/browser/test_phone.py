"""The lobby and the table on a 375 px phone: nothing wider than the screen, nothing too small to tap."""

from __future__ import annotations

import httpx
import pytest

from .conftest import start_game

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

PHONE = {"width": 375, "height": 740}
ARROW_PX = 20  # the room a <select> keeps for its drop-down arrow


@pytest.fixture
def phone(browser):
    ctx = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    ctx.add_init_script("localStorage.setItem('wd_settings', JSON.stringify({pace: 'instant', autoplay: false, "
                        "fourColour: false}));")
    pg = ctx.new_page()
    pg.set_default_timeout(15000)
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    yield pg
    ctx.close()
    assert not errors, errors


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


# For each card of the hand, the longest horizontal and vertical runs of its own visible pixels (what a tap
# there reaches), found by hit-testing every pixel of its box.
VISIBLE_RUNS = """() => Array.from(document.querySelectorAll('.hand .card')).map((card) => {
  const r = card.getBoundingClientRect();
  const hit = (x, y) => document.elementFromPoint(x, y)?.closest('.card') === card;
  let wide = 0, tall = 0;
  for (let y = Math.ceil(r.top); y < r.bottom; y += 2) {
    let run = 0;
    for (let x = Math.ceil(r.left); x < r.right; x++) { run = hit(x, y) ? run + 1 : 0; wide = Math.max(wide, run); }
  }
  for (let x = Math.ceil(r.left); x < r.right; x += 2) {
    let run = 0;
    for (let y = Math.ceil(r.top); y < r.bottom; y++) { run = hit(x, y) ? run + 1 : 0; tall = Math.max(tall, run); }
  }
  return {card: card.dataset.card, wide: wide, tall: tall, left: r.left, right: r.right};
})"""


@pytest.mark.parametrize("game", ["german", "whist"])
def test_every_card_of_a_full_hand_is_big_enough_to_tap(phone, server, game):
    start_game(phone, server, game, {"length": "deal"} if game == "whist" else None)
    phone.wait_for_function("() => WD.table.view.hand.length === 13 && document.querySelectorAll('.hand .card').length === 13")
    phone.locator(".hand").scroll_into_view_if_needed()
    cards = phone.evaluate(VISIBLE_RUNS)
    assert len(cards) == 13
    for c in cards:
        assert c["left"] >= 0 and c["right"] <= PHONE["width"], c
        assert c["wide"] >= 44 and c["tall"] >= 44, c
