"""Tables for several people in real browsers: one Playwright context (cookie jar) per person.

Every WebSocket frame each browser receives is kept and, once the game is over,
checked against the engine's full state at that point (rebuilt from the record):
a person's frames carry no card their seat may not know, a spectator's no hidden card.
"""

from __future__ import annotations

import json
import re
import time

import pytest

from web.test_no_leaks import hidden_cards, strings
from web.test_people import spectator_hidden
from whistdrive import new_game
from whistdrive.records import loads

from .conftest import TIMEOUT_MS, Server, step

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]
GRACE = 2.0


@pytest.fixture(scope="module")
def people_server(tmp_path_factory, browser):
    # high table limits: a test may open many tables to find one where the creator leads
    s = Server(tmp_path_factory.mktemp("people") / "games.db",
               ("--grace", str(GRACE), "--max-tables-per-person", "100", "--max-tables-per-address", "300"))
    s.start()
    yield s
    s.stop()


class Person:
    """One browser context: its own cookie, its page, and every frame its sockets received."""

    def __init__(self, browser, errors: list):
        self.ctx = browser.new_context(viewport={"width": 1280, "height": 900})
        self.ctx.add_init_script("localStorage.setItem('wd_settings', JSON.stringify({pace: 'instant', "
                                 "autoplay: false, fourColour: false}));")
        self.frames: list[dict] = []
        self.errors = errors
        self.page = self.open_page()

    def open_page(self):
        pg = self.ctx.new_page()
        pg.set_default_timeout(TIMEOUT_MS)
        pg.on("pageerror", lambda e: self.errors.append(str(e)))
        pg.on("websocket", lambda ws: ws.on("framereceived", lambda p: self.frames.append(json.loads(p))))
        pg.on("dialog", lambda d: d.accept())
        return pg

    def over(self) -> bool:
        return self.page.query_selector("#over-dialog") is not None


@pytest.fixture
def people(browser):
    made: list[Person] = []
    errors: list[str] = []

    def make() -> Person:
        made.append(Person(browser, errors))
        return made[-1]

    yield make
    for p in made:
        p.ctx.close()
    assert not errors, errors


def create(host: Person, server, game: str, options: dict, persons: list[int]) -> None:
    """The lobby form: the options, and which of the other seats' selects are people."""
    pg = host.page
    pg.goto(f"{server.url}/?game={game}")
    pg.wait_for_selector("#start")
    for name, value in options.items():
        pg.fill(f"#opt-{name}", str(value)) if pg.eval_on_selector(f"#opt-{name}", "e => e.tagName") == "INPUT" \
            else pg.select_option(f"#opt-{name}", str(value))
        pg.dispatch_event(f"#opt-{name}", "input")
    for i in range(len(pg.query_selector_all(".level-select"))):
        pg.select_option(f"#level-{i}", "person" if i in persons else "random")
    pg.click("#start")
    pg.wait_for_selector("#people, #lobby-error:not(:empty)")
    assert pg.query_selector("#people"), "the lobby refused the table: " + pg.inner_text("#lobby-error")


def invitations(host: Person) -> list[str]:
    host.page.wait_for_selector(".link-box[id^='invite-']")
    return [e.input_value() for e in host.page.query_selector_all(".link-box[id^='invite-']")]


def join(guest: Person, url: str, name: str) -> None:
    guest.page.goto(url)
    guest.page.fill("#join-name", name)
    guest.page.click("#join-submit")
    guest.page.wait_for_url("**/seat/**")
    guest.page.wait_for_selector(".hand .card")


def play_all(persons: list[Person], limit_s: float = 240) -> None:
    deadline = time.monotonic() + limit_s
    while not all(p.over() for p in persons):
        assert time.monotonic() < deadline, "the game did not end in time"
        for p in persons:
            if not p.over():
                step(p.page)


def record_of(host: Person, server) -> dict:
    gid = host.page.evaluate("document.body.dataset.gameId")
    r = host.page.request.get(f"{server.url}/api/games/{gid}/record")
    assert r.ok, r.text()
    return loads(r.text())


def check_frames(rec: dict, frames: list[dict], hidden_of) -> None:
    """No frame carries a card hidden from its receiver at the frame's point of the game."""
    game = new_game(rec["game"], rec["options"], chance=rec["chance"])
    hidden = [hidden_of(game)]
    for a in rec["actions"]:
        game.apply(a["action"], seat=a["seat"])
        hidden.append(hidden_of(game))
    assert any(hidden)
    checked = 0
    for m in frames:
        assert "seed" not in m and "chance" not in m
        if "seq" not in m:
            continue
        rest = {k: v for k, v in m.items() if k not in ("action", "log")}
        leaked = {s for s in strings(rest) if s in hidden[m["seq"]]}
        assert not leaked, (m["type"], m["seq"], leaked)
        checked += 1
    assert checked > 10, checked


def test_whist_partners_in_two_browsers_with_a_spectator(people, people_server):
    south, north, watcher = people(), people(), people()
    # seats other than the creator's (South): North (partner), East, West
    create(south, people_server, "whist", {"length": "deal"}, persons=[0])
    assert "Waiting" in south.page.inner_text("#people")
    [invite] = invitations(south)
    watch = south.page.input_value("#watch-link")
    watcher.page.goto(watch)
    watcher.page.wait_for_selector(".seat")
    assert south.page.inner_text("#status") == "Waiting for players"  # nobody is thinking yet
    assert watcher.page.inner_text(".mine-head .seat-name") == "South"  # a spectator is not "You"
    # the people panel and its invitation name seats as the table does
    assert [e.inner_text() for e in south.page.query_selector_all("#people li b")] == ["North", "East", "South", "West"]
    assert south.page.inner_text("label[for='invite-0']") == "Seat North"
    join(north, invite, "Nora")
    south.page.wait_for_selector(".hand.my-turn .card.legal, .seat.turn", timeout=TIMEOUT_MS)
    assert "Nora" in south.page.inner_text(".seat.pos-top")  # the partner's name opposite
    assert "partner" in north.page.inner_text(".seat.pos-top")
    # a spectator belongs to neither partnership: no "partner", no "we"
    assert "partner" not in watcher.page.inner_text("#table")
    assert "Tricks (North–South : East–West)" in watcher.page.inner_text("#table")
    assert [e.inner_text() for e in watcher.page.query_selector_all(".score-sheet thead th")][-2:] == \
        ["North–South", "East–West"]
    # the invitation was for one use
    other = people()
    other.page.goto(invite)
    assert "not valid" in other.page.inner_text("main")
    play_all([south, north])
    watcher.page.wait_for_function("() => WD.table.view.over", timeout=TIMEOUT_MS)
    assert watcher.page.query_selector_all(".hand .card") == []  # a spectator sees no hand
    watcher.page.wait_for_selector("#over-dialog")  # told the result by the partnerships' names, not "we"
    result = watcher.page.inner_text("#over-dialog")
    assert "North–South" in result and " we " not in result.lower() and "they" not in result.lower()
    rec = record_of(south, people_server)
    check_frames(rec, south.frames, lambda g: hidden_cards(g, 2))
    check_frames(rec, north.frames, lambda g: hidden_cards(g, 0))
    check_frames(rec, watcher.frames, spectator_hidden)
    assert rec["seats"][0]["player"] == rec["seats"][2]["player"] == "human"


def test_knockout_three_people_two_computers(people, people_server):
    host, a, b = people(), people(), people()
    # five players: the creator, seats 1 and 2 people, seats 3 and 4 computers
    create(host, people_server, "knockout", {"players": 5}, persons=[0, 1])
    invites = invitations(host)
    assert len(invites) == 2
    join(a, invites[0], "Ann")
    join(b, invites[1], "Bob")
    play_all([host, a, b])
    rec = record_of(host, people_server)
    assert [s["player"] for s in rec["seats"]] == ["human", "human", "human", "bot:random", "bot:random"]
    for seat, p in ((0, host), (1, a), (2, b)):
        check_frames(rec, p.frames, lambda g, seat=seat: hidden_cards(g, seat))


def test_no_card_is_playable_before_every_seat_is_taken(people, people_server):
    host = people()
    for _ in range(40):  # until the creator is the one to lead (each table: even odds)
        create(host, people_server, "german", {}, persons=[0])
        host.page.wait_for_function("() => WD.table.view")
        if host.page.evaluate("WD.table.view.current_seat === WD.table.snap.human_seat"):
            break
    else:
        pytest.fail("the creator was never the one to lead in 40 tables")
    assert len(host.page.query_selector_all(".hand .card")) == 13
    assert host.page.query_selector_all(".hand.my-turn, .hand .card.legal") == []
    host.page.click(".hand .card >> nth=0", force=True)  # as a person clicks a card that is not lifted
    host.page.wait_for_selector("#flash:not([hidden])")
    assert host.page.inner_text("#flash") == "The game starts when every person has taken their seat."
    assert host.page.evaluate("WD.table.view.hand.length") == 13  # nothing was played


@pytest.mark.parametrize("game, options", [("german", {}), ("humbug", {"length": "deal"})])
def test_a_spectator_of_a_two_player_game_reads_both_players_by_name(people, people_server, game, options):
    host, guest, watcher = people(), people(), people()
    create(host, people_server, game, options, persons=[0])
    [invite] = invitations(host)
    watcher.page.goto(host.page.input_value("#watch-link"))
    join(guest, invite, "Gus")
    deadline = time.monotonic() + 60

    def creator_won_the_last_trick() -> bool:
        return watcher.page.evaluate("WD.table.lastTrick && WD.table.lastTrick.winner === WD.table.snap.human_seat")

    # one card at a time, looking after each: a trick the creator won is soon followed by another
    while not creator_won_the_last_trick():
        assert time.monotonic() < deadline, "the creator's seat won no trick"
        if step(host.page) == "acted" and creator_won_the_last_trick():
            break
        step(guest.page)
    watcher.page.click("#btn-last")
    assert watcher.page.inner_text("#last-winner") == "Won by Player 1"  # not "You won this trick."
    watcher.page.click("#last-dialog button")
    play_all([host, guest])
    watcher.page.wait_for_selector("#over-dialog", timeout=TIMEOUT_MS)
    said = watcher.page.inner_text("#over-dialog") + "\n" + watcher.page.inner_text("#table")
    assert "Gus" in said and "Player 1" in said
    assert not re.search(r"\b(you|You|opponent|Opponent)\b", said), said
    assert "you" in host.page.inner_text("#over-dialog").lower()  # a player still reads "you"


def test_the_people_panel_appears_when_its_script_loads_after_the_tables_snapshot(people, people_server):
    """A slow people.js (a loaded machine) once missed the table's first snapshot and never showed the panel."""
    host = people()

    def late(route):
        time.sleep(1.5)  # the table connects and draws its snapshot meanwhile
        route.continue_()

    host.page.route("**/static/people.js", late)
    create(host, people_server, "german", {}, persons=[0])
    assert len(invitations(host)) == 1


def test_away_the_computer_plays_and_the_person_returns(people, people_server):
    host, guest = people(), people()
    create(host, people_server, "german", {}, persons=[0])
    [invite] = invitations(host)
    join(guest, invite, "Gus")
    seat_link = guest.page.url
    # a person is named, never "Computer" (the creator gives no name: "Opponent")
    assert guest.page.inner_text('.seat[data-seat="0"] .seat-name') == "Opponent"
    host.page.wait_for_function("""() => document.querySelector('.seat[data-seat="1"] .seat-name')
                                   .textContent === 'Gus'""")
    for _ in range(3):  # a few plays each
        deadline = time.monotonic() + 30
        while step(guest.page) != "acted" and time.monotonic() < deadline:
            step(host.page)
    guest.page.close()
    host.page.wait_for_selector("#people [data-seat='1'][data-state='away']")
    host.page.wait_for_selector("#people [data-seat='1'][data-state='standin']", timeout=GRACE * 1000 + TIMEOUT_MS)
    seq = host.page.evaluate("WD.table.seq")
    deadline = time.monotonic() + 60
    while host.page.evaluate("WD.table.seq") < seq + 6:  # the host is never kept waiting
        assert time.monotonic() < deadline
        step(host.page)
    guest.page = guest.open_page()
    guest.page.goto(seat_link)  # back with the seat's link
    guest.page.wait_for_selector(".hand .card")
    host.page.wait_for_selector("#people [data-seat='1'][data-state='here']")
    play_all([host, guest])
    rec = record_of(host, people_server)
    check_frames(rec, guest.frames, lambda g: hidden_cards(g, 1))


def test_a_person_at_east_reads_the_scores_of_their_own_partnership(people, people_server):
    """Whist seen from East: "we" are East–West (the panel and the deal summary once counted North–South)."""
    host, guest = people(), people()
    create(host, people_server, "whist", {}, persons=[1])  # a rubber: its first deal ends in the deal dialog
    [invite] = invitations(host)
    join(guest, invite, "Eve")
    assert guest.page.evaluate("WD.table.snap.human_seat") == 1
    deadline = time.monotonic() + 240
    while not guest.page.query_selector("#deal-dialog[open]"):
        assert time.monotonic() < deadline, "the deal did not end in time"
        step(host.page)
        step(guest.page, dialogs=False)
    r = guest.page.evaluate("WD.table.view.deal_results.at(-1)")
    we, they = r["tricks"][1], r["tricks"][0]
    assert we + they == 13
    assert f"Tricks: we {we}, they {they}." in guest.page.inner_text("#deal-dialog[open]")
