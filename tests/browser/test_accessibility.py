"""Every kind of page passes axe-core's checks (WCAG 2 A and AA, and its best practices), in both
languages and with either deck: the lobby, the rules, each game's table and its dialogs, the end of
a game and its replay."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("axe_playwright_python", reason="axe is a test tool (the test extra)")
from axe_playwright_python.sync_playwright import Axe

from whistdrive.games import GAMES

from .conftest import TIMEOUT_MS, play_until

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

AXE = Axe()


def violations(page) -> list[str]:
    """What axe finds wrong on the page as it stands (open dialogs included)."""
    found = AXE.run(page).response["violations"]
    return [f"{v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes'][:3]]}" for v in found]


@pytest.fixture
def reader(browser):
    """A page of its own; ``reader(four_colour=True)`` plays with the four-colour deck."""
    contexts = []

    def make(four_colour: bool = False):
        ctx = browser.new_context(viewport={"width": 1280, "height": 860})
        settings = {"pace": "instant", "autoplay": False, "fourColour": four_colour}
        ctx.add_init_script(f"localStorage.setItem('wd_settings', {json.dumps(json.dumps(settings))});")
        contexts.append(ctx)
        page = ctx.new_page()
        page.set_default_timeout(TIMEOUT_MS)
        return page

    yield make
    for ctx in contexts:
        ctx.close()


def table_against(page, server, game: str, lang: str, level: str = "random") -> None:
    """A table of ``game`` from the lobby, every computer of ``level``."""
    page.goto(f"{server.url}/?game={game}&lang={lang}")
    page.wait_for_selector("#start")
    for select in page.query_selector_all(".level-select"):
        select.select_option(level)
    page.click("#start")
    page.wait_for_selector(".hand .card, #exchange-dialog, #trump-dialog")


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_lobby_and_the_rules_pages(reader, server, lang):
    page = reader()
    page.goto(f"{server.url}/?lang={lang}")
    page.wait_for_selector("#start")
    assert violations(page) == []
    for game in GAMES:
        page.goto(f"{server.url}/rules/{game}?lang={lang}&o.deals=3")
        page.wait_for_selector("body[data-examples-ready]")
        assert violations(page) == [], game


@pytest.mark.parametrize("lang, four_colour", [("en", False), ("ru", True)])
@pytest.mark.parametrize("game", GAMES)
def test_a_table_of_each_game(reader, server, game, lang, four_colour):
    page = reader(four_colour)
    table_against(page, server, game, lang)
    assert violations(page) == []  # with Humbug's exchange dialog open, or the first hand
    if page.query_selector("#exchange-dialog[open]"):
        page.click("#exchange-dialog .exchange-choice")
        page.wait_for_selector(".hand .card")
        assert violations(page) == []
    page.click("#btn-settings")
    page.wait_for_selector("#settings-dialog")
    assert violations(page) == []


def test_the_end_of_a_game_and_its_replay(reader, server):
    page = reader()
    table_against(page, server, "german", "en")
    play_until(page, lambda: page.query_selector("#over-dialog") is not None, limit_s=150)
    assert violations(page) == []
    page.click("#over-dialog a[href^='/replay/']")
    page.wait_for_selector(".replay .r-next")
    page.click(".replay .r-next")
    assert violations(page) == []


def test_a_table_of_people_its_invitation_and_its_spectators(reader, server):
    host = reader()
    host.goto(f"{server.url}/?lang=ru")
    made = host.evaluate("""async () => (await (await fetch('/api/games', {method: 'POST',
        headers: {'Content-Type': 'application/json'},
        body: JSON.stringify({game: 'german', options: {}, seats: [{kind: 'person'}, {kind: 'person'}]})})).json())""")
    host.goto(server.url + made["url"])
    host.wait_for_selector("#people .link-box")
    assert violations(host) == []  # the people panel, its links and "start now"
    guest = reader()
    guest.goto(server.url + made["invites"]["1"])
    guest.wait_for_selector("#join-name")
    assert violations(guest) == []
    watcher = reader()
    watcher.goto(server.url + made["watch"])
    watcher.wait_for_selector(".seat")
    assert violations(watcher) == []
    host.goto(server.url + "/no/such/page")
    assert violations(host) == []  # the error page
