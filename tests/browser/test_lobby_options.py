"""The lobby's option form is built from each game's descriptor, a new option included."""

from __future__ import annotations

import threading
import time

import httpx
import pytest
import uvicorn

from test_descriptor import KnobOptions
from whistdrive import i18n
from whistdrive.games import GermanWhist

from .conftest import ARGS, CHROMIUM, free_port

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]


@pytest.fixture
def knob_server(tmp_path, monkeypatch):
    """The app in this process (so that the throw-away option is seen by it), on a free port."""
    from whistdrive.web.app import Settings, create_app

    monkeypatch.setattr(GermanWhist, "Options", KnobOptions)
    # a new option's texts go into the one catalogue, as a real option's would
    ru = i18n.catalog("ru")
    ru.add("Knob", "Ручка")
    ru.add("a throw-away test option", "пробная настройка")
    i18n.translations.cache_clear()
    port = free_port()
    app = create_app(Settings(database_url=f"sqlite:///{tmp_path / 'g.db'}", bot_pool="thread"))
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        try:
            if httpx.get(url + "/api/meta", timeout=1).status_code == 200:
                break
        except httpx.HTTPError:
            time.sleep(0.1)
    yield url
    server.should_exit = True
    thread.join(10)
    ru.delete("Knob")
    ru.delete("a throw-away test option")
    i18n.translations.cache_clear()


@pytest.mark.parametrize("lang,label", [("en", "Knob"), ("ru", "Ручка")])
def test_a_new_option_appears_in_the_lobby_with_its_bounds(knob_server, lang, label):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            page = browser.new_page()
            page.goto(f"{knob_server}/?game=german&lang={lang}")
            page.wait_for_selector("#opt-knob")
            box = page.query_selector("#opt-knob")
            assert (box.get_attribute("min"), box.get_attribute("max"), box.input_value()) == ("2", "5", "3")
            assert page.inner_text("label[for=opt-knob]") == label
            assert page.get_attribute(".field:has(#opt-knob) .opt-help", "href") == "/rules/german#opt-knob"
            page.fill("#opt-knob", "5")
            page.click("#start")
            page.wait_for_selector(".hand .card")
            gid = page.url.rsplit("/", 1)[1]
            record = page.evaluate("fetch('/api/games').then(r => r.json())")
            chosen = [g for g in record["unfinished"] if g["id"] == gid]
            assert chosen and chosen[0]["options"]["knob"] == 5
        finally:
            browser.close()


def test_every_option_of_every_game_is_in_the_lobby(page, server):
    meta = httpx.get(server.url + "/api/meta").json()
    for name, game in meta["games"].items():
        page.goto(f"{server.url}/?game={name}")
        page.wait_for_selector("#start")
        assert page.inner_text(f".game-tab[data-game={name}] .tab-title") == game["title"]["en"]
        for o in game["options"]:
            box = page.query_selector(f"#opt-{o['name']}")
            assert box is not None, (name, o["name"])
            if o["type"] == "int":
                assert (box.get_attribute("min"), box.get_attribute("max")) == (str(o["min"]), str(o["max"]))
            if o["type"] == "choice":
                values = page.eval_on_selector_all(f"#opt-{o['name']} option", "els => els.map(e => e.value)")
                assert values == [c["value"] for c in o["choices"]]
