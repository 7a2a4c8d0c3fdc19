"""Rules pages in Chromium: every page in both languages, every worked example stepped to its end by button
and by keyboard, every in-page link resolving, nothing overflowing a 375 px phone, and the table's Rules link."""

from __future__ import annotations

import re

import pytest

from whistdrive.examples import EXAMPLES
from whistdrive.games import GAMES

from .conftest import TIMEOUT_MS, start_game

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

LANGS = ("en", "ru")
PAGES = [(g, lang) for g in GAMES for lang in LANGS]
NEXT_LABEL = {"en": "Next step", "ru": "Следующий шаг"}

# every link of the page that stays on it, and whether its target exists
DANGLING = """() => Array.from(document.querySelectorAll('a[href]')).map(a => new URL(a.href, location.href))
  .filter(u => u.origin === location.origin && u.pathname === location.pathname && u.hash.length > 1)
  .map(u => decodeURIComponent(u.hash.slice(1))).filter(id => !document.getElementById(id))"""


def open_rules(page, server, game: str, lang: str, query: str = "") -> None:
    resp = page.goto(f"{server.url}/rules/{game}?lang={lang}{query}")
    assert resp is not None and resp.status == 200, (game, lang)
    assert f'<html lang="{lang}"' in resp.text()
    page.wait_for_selector("body[data-examples-ready]")
    assert page.evaluate("document.documentElement.lang") == lang
    assert page.evaluate("document.body.dataset.examplesReady") == str(page.locator("figure.rules-example").count())


def counter(fig) -> tuple[int, int]:
    m = re.fullmatch(r"(\d+) / (\d+)", fig.locator(".ex-counter").inner_text().strip())
    assert m, fig.locator(".ex-counter").inner_text()
    return int(m.group(1)), int(m.group(2))


@pytest.mark.parametrize("game,lang", PAGES)
def test_rules_page_loads_links_resolve_examples_step(page, server, game, lang):
    open_rules(page, server, game, lang)
    h1 = page.inner_text("article.rules h1")
    assert bool(re.search("[а-яё]", h1, re.I)) == (lang == "ru"), h1
    toc = page.locator(".rules-toc a")
    assert toc.count() >= 5
    assert page.evaluate(DANGLING) == []
    figs = page.locator("figure.rules-example")
    assert figs.count() == sum(e.startswith(f"{game}-") for e in EXAMPLES) >= 2
    for i in range(figs.count()):
        fig = figs.nth(i)
        assert fig.locator(".ex-claim").inner_text().strip()
        k, n = counter(fig)
        assert k == 1 and n >= 2
        nxt = fig.locator(".ex-next")
        assert nxt.get_attribute("aria-label") == NEXT_LABEL[lang]
        assert fig.locator(".ex-caption").get_attribute("aria-live") == "polite"
        assert fig.locator(".ex-board .card[data-card]").count() > 0  # the table's SVG cards
        # ▶ to the end: real mouse clicks on the button (it stays put: the controls sit above the board)
        nxt.scroll_into_view_if_needed()
        box = nxt.bounding_box()
        for _ in range(n - 1):
            page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        assert counter(fig) == (n, n)
        assert nxt.get_attribute("aria-disabled") == "true"
        last_caption = fig.locator(".ex-caption").inner_text().strip()
        assert last_caption
        nxt.click(force=True)  # past the end: nothing happens
        assert counter(fig) == (n, n)
        # ⏮ and ◀ go back
        fig.locator(".ex-first").click()
        assert counter(fig) == (1, n)
        fig.locator(".ex-next").click()
        fig.locator(".ex-prev").click()
        assert counter(fig) == (1, n)
        # the keyboard: focus the diagram, arrows to the end, Home and End
        fig.locator(".ex").focus()
        for _ in range(n - 1):
            page.keyboard.press("ArrowRight")
        assert counter(fig) == (n, n)
        assert fig.locator(".ex-caption").inner_text().strip() == last_caption
        page.keyboard.press("ArrowLeft")
        assert counter(fig) == (n - 1, n)
        page.keyboard.press("Home")
        assert counter(fig) == (1, n)
        page.keyboard.press("End")
        assert counter(fig) == (n, n)
        # the buttons are in the tab order
        fig.locator(".ex-first").focus()
        page.keyboard.press("Tab")
        assert page.evaluate("document.activeElement.classList.contains('ex-prev')")


def test_nothing_overflows_a_phone(browser, server):
    ctx = browser.new_context(viewport={"width": 375, "height": 812}, is_mobile=True, has_touch=True)
    page = ctx.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        for game, lang in PAGES:
            open_rules(page, server, game, lang)
            width = "document.documentElement.scrollWidth"
            assert page.evaluate(width) <= 375, (game, lang, "first frames")
            figs = page.locator("figure.rules-example .ex")
            for i in range(figs.count()):  # every diagram at its first trick and last frame
                figs.nth(i).focus()
                n = counter(page.locator("figure.rules-example").nth(i))[1]
                for _ in range(min(4, n - 1)):  # the first trick fills the middle of the table
                    page.keyboard.press("ArrowRight")
                assert page.evaluate(width) <= 375, (game, lang, i, "first trick")
                page.keyboard.press("End")
                assert page.evaluate(width) <= 375, (game, lang, i, "last")
            wide = page.evaluate("""() => Array.from(document.querySelectorAll('main *'))
              .filter(e => e.getBoundingClientRect().right > 375.5).map(e => e.className || e.tagName).slice(0, 5)""")
            assert wide == [], (game, lang, wide)
    finally:
        ctx.close()
    assert not errors, errors


def test_rules_link_of_the_table_and_the_lobby(page, server):
    page.goto(f"{server.url}/?game=whist&lang=en")
    page.wait_for_selector("#start")
    assert page.get_attribute(".form-buttons a[href^='/rules/']", "href") == "/rules/whist"
    start_game(page, server, "german", {"count": "all26", "deals": 3}, lang="en")
    href = page.get_attribute(".toolbar a[href^='/rules/']", "href")
    assert href.startswith("/rules/german?") and "o.count=all26" in href and "o.deals=3" in href
    page.goto(server.url + href)
    page.wait_for_selector("body[data-examples-ready]")
    assert page.locator("#opt-count.current-option").count() == 1
    assert "all26" in page.inner_text("#opt-count")
    assert page.locator(".opt-banner a[href='#opt-deals']").count() == 1
    assert page.evaluate(DANGLING) == []
    # the highlighted option is scrolled into view
    assert page.evaluate("document.querySelector('.current-option').getBoundingClientRect().top") < 860
