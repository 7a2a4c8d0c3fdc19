"""Browser tests: a real uvicorn server subprocess on a free port, driven by Debian's Chromium."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

pytest.importorskip("playwright", reason="Playwright is a test tool (the test extra)")
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import TimeoutError as PlaywrightTimeout

CHROMIUM = "/usr/bin/chromium"
# How long a page may take to answer: generous, since the suite shares two cores with the test workers
# and the server's computer players; a correct page answers in well under a second when the machine is idle.
TIMEOUT_MS = 40000
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]

pytestmark = pytest.mark.browser


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    def __init__(self, db: Path, args: tuple[str, ...] = ()):
        self.db = db
        self.args = args
        self.port = free_port()
        self.proc: subprocess.Popen | None = None
        self.log = db.parent / "server.log"  # the server's warnings and tracebacks, for a failing test to show

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        env = dict(os.environ, PYTHONUNBUFFERED="1")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "whistdrive.web", "serve", "--port", str(self.port), "--db", str(self.db),
             "--bot-pool", "thread", "--log-level", "warning", *self.args],
            stdout=subprocess.DEVNULL, stderr=self.log.open("ab"), env=env)
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            try:
                if httpx.get(self.url + "/api/meta", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                time.sleep(0.1)
        raise RuntimeError("server did not start: " + self.log.read_text()[-2000:])

    def stop(self) -> None:
        if self.proc:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
            self.proc = None

    def restart(self) -> None:
        self.stop()
        self.start()


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    if not Path(CHROMIUM).exists():
        pytest.skip("Debian's Chromium is not installed (make browser)")
    s = Server(tmp_path_factory.mktemp("web") / "games.db")
    s.start()
    yield s
    s.stop()


@pytest.fixture(scope="module")
def browser(server):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


def fresh_page(browser, **context):
    """A page in a context of its own, plays shown at once; fails the test if a script error occurred."""
    ctx = browser.new_context(**context)
    ctx.add_init_script("localStorage.setItem('wd_settings', JSON.stringify({pace: 'instant', autoplay: false, "
                        "fourColour: false}));")
    pg = ctx.new_page()
    pg.set_default_timeout(TIMEOUT_MS)
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    yield pg
    ctx.close()
    assert not errors, errors


@pytest.fixture
def page(browser, server):
    yield from fresh_page(browser, viewport={"width": 1280, "height": 860})


def start_game(page, server, game: str, options: dict | None = None, lang: str | None = None) -> None:
    page.goto(f"{server.url}/?game={game}" + (f"&lang={lang}" if lang else ""))
    page.wait_for_selector("#start")
    for name, value in (options or {}).items():
        sel = f"#opt-{name}"
        if isinstance(value, bool):
            page.set_checked(sel, value)
        elif page.eval_on_selector(sel, "e => e.tagName") == "SELECT":
            page.select_option(sel, str(value))
        else:
            page.fill(sel, str(value))
            page.dispatch_event(sel, "input")
    page.click("#start")
    page.wait_for_selector(".hand .card")


def step(page, dialogs: bool = True) -> str:
    """Do whatever the table asks of the human once: returns 'over', 'acted' or 'waiting'.
    With ``dialogs=False`` it only plays cards and leaves every dialog open."""
    if page.query_selector("#over-dialog"):
        return "over"
    # A dialog may be replaced between looking and clicking (the end of the game follows the
    # end of its last deal): then look again rather than wait for a button that is gone.
    # A closed dialog stays in the page until its close event has run: look only at open ones.
    for dialog, button in (("#deal-dialog[open]", "#deal-dialog[open] #deal-continue"),
                           ("#trump-dialog[open]", "#trump-dialog[open] .suit-choice"),
                           ("#exchange-dialog[open]", "#exchange-dialog[open] .exchange-choice")):
        if dialogs and page.query_selector(dialog):
            try:
                page.click(button, timeout=2000)
            except PlaywrightTimeout:
                return "waiting"
            return "acted"
    card = page.query_selector(".hand.my-turn .card.legal")
    if card:
        try:
            card.click(position={"x": 8, "y": 50}, timeout=2000)
        except (PlaywrightTimeout, PlaywrightError):
            return "waiting"
        return "acted"
    page.wait_for_timeout(30)
    return "waiting"


def play_until(page, stop, limit_s: float = 120, dialogs: bool = True) -> None:
    """Play until ``stop()``; with ``dialogs=False`` a dialog that opens between ``stop()`` and the
    step stays open for the caller instead of being answered."""
    deadline = time.monotonic() + limit_s
    while time.monotonic() < deadline:
        if stop():
            return
        if step(page, dialogs) == "over":
            return
    raise AssertionError("the game did not reach the expected point in time")


# For each element, the longest horizontal and vertical runs of its own visible pixels (what a tap there
# reaches, what an eye sees of it), found by hit-testing every pixel of its box.
VISIBLE_RUNS = """(selector) => Array.from(document.querySelectorAll(selector)).map((card) => {
  const r = card.getBoundingClientRect();
  const hit = (x, y) => { const e = document.elementFromPoint(x, y); return e === card || card.contains(e); };
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


def visible_runs(page, selector: str) -> list[dict]:
    """What shows of each element matching ``selector`` (scrolled into view first)."""
    page.locator(selector).first.scroll_into_view_if_needed()
    return page.evaluate(VISIBLE_RUNS, selector)
