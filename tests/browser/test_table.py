"""What the table tells a player: who took the last trick, why a card cannot be played, the trick at rest."""

from __future__ import annotations

import pytest

from whistdrive.cards import Card, Suit
from whistdrive.games.trick import winning_play

from .conftest import play_until, start_game, step, visible_runs

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

IDLE = "() => WD.table.view && !WD.table.busy && WD.table.queue.length === 0"


def winner_by_the_rules(cards: list[dict], trump: str) -> int:
    plays = [(p["seat"], Card.parse(p["card"]).index) for p in cards]
    return winning_play(plays, int(Suit.parse(trump)))[0]


def last_trick_dialog_names(page, seat: int) -> None:
    page.click("#btn-last")
    text = page.inner_text("#last-winner")
    if seat == page.evaluate("WD.table.snap.human_seat"):
        assert text == "You won this trick."
    else:
        assert text == "Won by " + page.inner_text(f'.seat[data-seat="{seat}"] .seat-name')
    page.click("#last-dialog button")


def test_last_trick_names_its_winner_during_play(page, server):
    start_game(page, server, "german")
    play_until(page, lambda: page.evaluate("(WD.table.view.tricks || []).length >= 1"))
    page.wait_for_function(IDLE)
    page.click("#btn-last")
    # what the dialog shows and the tricks as the server scored them, read together: a trick may
    # complete between two separate looks
    shown, text, tricks, me = page.evaluate("""() => [
        [...document.querySelectorAll('#last-dialog[open] .dialog-trick [data-card]')].map((c) => c.dataset.card),
        document.querySelector('#last-dialog[open] #last-winner').innerText, WD.table.view.tricks,
        WD.table.snap.human_seat]""")
    [trick] = [t for t in tricks if [p["card"] for p in t["cards"]] == shown]
    if trick["winner"] == me:
        assert text == "You won this trick."
    else:
        assert text == "Won by " + page.inner_text(f'.seat[data-seat="{trick["winner"]}"] .seat-name')


def test_last_trick_of_a_deal_names_its_winner(page, server):
    """The deal's last card shows the next deal's view, which no longer holds that trick."""
    start_game(page, server, "knockout", {"players": 3})
    # cards only, so the first deal's dialog stays open (its trump is turned up: no dialog comes before it)
    play_until(page, lambda: page.query_selector("#deal-dialog[open]") is not None, dialogs=False)
    trick, trump = page.evaluate("[WD.table.lastTrick, WD.table.view.deal_results.at(-1).trump]")
    assert len(trick["cards"]) == 3
    assert trick["winner"] == winner_by_the_rules(trick["cards"], trump)
    page.click("#deal-continue")
    # Idle, or stopped at the next dialog (with the human out, the computers play the next deal at once).
    page.wait_for_function("() => document.querySelector('dialog[open]') || WD.table.view && !WD.table.busy"
                           " && WD.table.queue.length === 0")
    # Only while the human is still in and the game waits for them: otherwise the computers play on at once.
    still_in = "!WD.table.view.over && !(String(WD.table.snap.human_seat) in WD.table.view.out)"
    if not page.query_selector("#trump-dialog[open]") and page.evaluate(
            f"{still_in} && !(String(WD.table.lastTrick.winner) in WD.table.view.out)"):
        last_trick_dialog_names(page, trick["winner"])


def reach(page, condition: str, limit_s: float = 120) -> None:
    """Play until ``condition`` holds at the human's turn, with the hand drawn for it: a view that is
    already the human's turn may not be on the table yet."""
    play_until(page, lambda: page.evaluate(f"() => {{ const v = WD.table.view, S = WD.table; "
                                           f"return !S.busy && !S.queue.length && !S.pendingAct && !v.over && ({condition}) "
                                           f"&& document.querySelector('.hand.my-turn') !== null; }}"),
               limit_s=limit_s)


MUST_FOLLOW = ("v.current_seat === S.snap.human_seat && v.trick.length > 0 && "
               "v.hand.some((c) => !v.legal.includes(c))")


def test_a_card_that_cannot_be_played_says_why(page, server):
    start_game(page, server, "whist", {"length": "deal"})
    reach(page, MUST_FOLLOW)
    led = page.evaluate("WD.table.view.trick[0].card[1]")
    legal = page.evaluate("WD.table.view.legal")
    assert all(c[1] == led for c in legal)
    symbol = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[led]
    name = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}[led]
    bad = page.query_selector(".hand .card.illegal")
    label = bad.get_attribute("aria-label")
    assert label.endswith(f"cannot be played now: you must follow {name}"), label
    assert bad.get_attribute("title") == f"cannot be played now: you must follow {name}"
    bad.click(position={"x": 8, "y": 50}, force=True)  # aria-disabled, yet it answers a click
    flash = page.inner_text("#flash")
    assert flash.startswith(f"You must follow {symbol} (you hold "), flash
    held = flash[len(f"You must follow {symbol} (you hold "):-1].split(", ")
    short = {c: page.evaluate(f"WD.cardShort('{c}')") for c in legal}
    assert sorted(held) == sorted(short.values())
    shown = page.evaluate("""() => {  // in one go, so that the message's few seconds cannot run out
      document.querySelector('.hand .card.illegal').click();
      document.getElementById('btn-settings').click();
      document.getElementById('set-save').click();  // saving the settings redraws the table
      const f = document.getElementById('flash');
      return f.hidden ? null : f.textContent; }""")
    assert shown == flash  # the redraw keeps the message on show


def test_a_card_that_cannot_be_played_says_why_in_russian(page, server):
    start_game(page, server, "whist", {"length": "deal"}, lang="ru")
    reach(page, MUST_FOLLOW)
    led = page.evaluate("WD.table.view.trick[0].card[1]")
    symbol = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[led]
    name = {"S": "пики", "H": "черви", "D": "бубны", "C": "трефы"}[led]
    bad = page.query_selector(".hand .card.illegal")
    assert bad.get_attribute("aria-label").endswith(f"сейчас играть нельзя: нужно ходить в {name}")
    bad.click(position={"x": 8, "y": 50}, force=True)  # aria-disabled, yet it answers a click
    assert page.inner_text("#flash").startswith(f"Нужно ходить в масть {symbol} (у вас ")


def test_trick_cards_do_not_replay_their_arrival_on_a_redraw(page, server):
    start_game(page, server, "german")
    reach(page, "v.current_seat === S.snap.human_seat && v.trick.length === 1")
    page.evaluate("window.arrivals = []; document.addEventListener('animationstart', "
                  "(e) => arrivals.push(e.target.querySelector('.card')?.dataset.card))")
    page.click("#btn-hint")  # the hint redraws the table
    page.wait_for_selector(".hand .card.hinted", timeout=40000)  # the hint searches: slow on a busy machine
    page.click("#btn-settings")  # and so does saving the settings: here a slower pace, to see a card arrive
    page.select_option("#set-pace", "slow")
    page.click("#set-save")
    page.wait_for_timeout(400)
    assert page.evaluate("arrivals") == []
    card = page.get_attribute(".hand.my-turn .card.legal", "data-card")
    page.click(f'.hand .card[data-card="{card}"]', position={"x": 8, "y": 50})
    page.wait_for_function("() => arrivals.length > 0")
    assert page.evaluate("arrivals")[0] == card


def test_reload_between_tricks_shows_the_trick_just_finished(page, server):
    start_game(page, server, "german")
    reach(page, "v.trick.length === 0 && (v.tricks || []).length > 0 && v.current_seat === S.snap.human_seat")
    finished = page.evaluate("WD.table.view.tricks.at(-1).cards.map((p) => p.card)")
    page.reload()
    page.wait_for_selector(".hand.my-turn .card.legal")
    shown = page.evaluate("Array.from(document.querySelectorAll('.trick .played .card')).map((c) => c.dataset.card)")
    assert sorted(shown) == sorted(finished)
    assert page.query_selector(".trick.complete")
    # the next card starts a new trick
    seq = page.evaluate("WD.table.seq")
    page.click(".hand.my-turn .card.legal", position={"x": 8, "y": 50})
    page.wait_for_function(f"() => WD.table.seq > {seq}")
    page.wait_for_function(IDLE)
    assert set(page.evaluate("WD.table.display.cards.map((p) => p.card)")).isdisjoint(finished)


def test_the_turned_up_trump_in_your_own_hand_says_so(page, server):
    page.goto(f"{server.url}/?game=whist&lang=ru")
    page.wait_for_selector("#start")
    for _ in range(40):  # the first dealer is drawn by lot: new tables until it is you
        url = page.evaluate("""async () => (await (await fetch('/api/games', {method: 'POST',
          headers: {'Content-Type': 'application/json'},
          body: JSON.stringify({game: 'whist', options: {length: 'deal'}, levels: ['random', 'random', 'random']})})).json()).url""")
        page.goto(server.url + url)
        page.wait_for_function("() => WD.table && WD.table.view")
        if page.evaluate("WD.table.view.dealer === WD.table.snap.human_seat"):
            break
    else:
        raise AssertionError("never the dealer in 40 tables")
    card = page.evaluate("WD.cardName(WD.table.view.turned_up)")
    text = page.evaluate("document.querySelector('.side .prize').lastChild.textContent")
    assert text == f"{card}, у вас"


def test_known_cards_of_the_german_opponent_are_shown_at_a_beginners_table(page, server):
    page.goto(f"{server.url}/?game=german")
    page.wait_for_selector("#start")
    page.select_option("#level-0", "beginner")
    page.click("#start")
    page.wait_for_selector(".hand .card")
    reach(page, "v.stage === 2 && v.current_seat === S.snap.human_seat")
    known = page.evaluate("WD.table.view.opponent_known")
    assert len(known) == page.evaluate("WD.table.view.opponent_hand_size")  # in stage 2 memory knows them all
    assert page.inner_text(".seat .known-label") == "Known cards"
    shown = visible_runs(page, ".seat .known-cards .card")
    assert sorted(c["card"] for c in shown) == sorted(known)
    for c in shown:  # each card's corner (rank and suit) shows
        assert c["wide"] >= 16 and c["tall"] >= 40, c
    # the setting hides them: backs only, and it is remembered
    page.click("#btn-settings")
    assert page.is_checked("#set-known")
    page.set_checked("#set-known", False)
    page.click("#set-save")
    assert not page.query_selector(".seat .known-cards")
    assert page.locator(".seat .fan .card.back").count() == len(known)
    assert page.evaluate("JSON.parse(localStorage.getItem('wd_settings')).knownCards") is False


def test_known_cards_are_off_by_default_against_a_stronger_computer(page, server):
    page.goto(f"{server.url}/?game=german")
    page.wait_for_selector("#start")
    page.select_option("#level-0", "intermediate")
    page.click("#start")
    page.wait_for_selector(".hand .card")
    page.click("#btn-settings")
    assert not page.is_checked("#set-known")
    page.set_checked("#set-known", True)
    page.click("#set-save")
    assert page.evaluate("JSON.parse(localStorage.getItem('wd_settings')).knownCards") is True


def test_whist_score_sheet_explains_a_game_won(page, server):
    from whistdrive.games.whist_scoring import game_value

    start_game(page, server, "whist", {"target": 1})  # a rubber; any deal wins a game to 1 point
    # cards only: the deal dialog that opens between a look and a step must stay open to be read
    play_until(page, lambda: page.query_selector("#deal-dialog[open]") is not None, dialogs=False)
    g = page.evaluate("WD.table.view.score.games[0]")
    value = game_value(g["points"][1 - g["winner"]])
    words = {3: "a treble: 3 rubber points", 2: "a double: 2 rubber points", 1: "a single: 1 rubber point"}[value]
    line = ("won by us" if g["winner"] == 0 else "won by them") + f", {g['points'][0]}\u00a0:\u00a0{g['points'][1]} — {words}"
    assert page.inner_text("#game-line") == "Game 1: " + line
    page.click("#deal-continue")
    page.wait_for_function(IDLE)
    sheet = page.locator(".score-sheet")
    assert sheet.locator("tr.game-line").inner_text().split("\t") == ["Game 1", line]
    rows = {r.split("\t")[0]: r.split("\t")[1:] for r in sheet.locator("tbody tr").all_inner_texts()}
    assert rows["Game 2 so far"] == ["0", "0"]
    assert rows["Games won"] == (["1", "0"] if g["winner"] == 0 else ["0", "1"])
    assert rows["Rubber points"] == ([str(value), "0"] if g["winner"] == 0 else ["0", str(value)])
    assert page.inner_text("#rubber-note").startswith("Rubber points: a game won is worth 3 (a treble) if its losers scored 0")


DEAL_DIALOG = """() => {
  const d = document.querySelector('#deal-dialog[open]');
  if (!d) return null;
  const texts = (root, sel) => [...root.querySelectorAll(sel)].map((e) => e.innerText);
  return { view: WD.table.view, next: d.querySelector('#next-trumps')?.innerText ?? null,
           draws: [...d.querySelectorAll('.tie-break .draw')].map((x) => ({
             cards: [...x.querySelectorAll('.card')].map((c) => c.dataset.card), names: texts(x, 'figcaption') })) };
}"""


def test_knockout_deal_summary_shows_the_draw_and_who_chooses_trumps(page, server):
    """Seven players tie for the most tricks in most games; new games until a deal ends in a tie."""
    summaries = ties = 0
    for _game in range(8):
        start_game(page, server, "knockout", {"players": 7})
        while ties == 0 and not page.query_selector("#over-dialog"):
            if page.query_selector("#trump-dialog[open]"):
                assert page.inner_text("#info-trump dd") == "not chosen yet: you choose"
            shown = page.evaluate(DEAL_DIALOG)  # the view and the dialog read together, not across a redraw
            if shown is None:
                step(page)
                continue
            v = shown["view"]
            if not v["over"]:
                summaries += 1
                chooser = "You choose" if v["dealer"] == 0 else f"Player {v['dealer'] + 1} chooses"
                assert shown["next"] == f"{chooser} trumps for deal {v['deal_number']}."
                assert [d["cards"] for d in shown["draws"]] == [d["cards"] for d in v["tie_breaks"]]
                assert [d["names"] for d in shown["draws"]] == [
                    ["You" if s == 0 else f"Player {s + 1}" for s in d["seats"]] for d in v["tie_breaks"]]
                ties += len(v["tie_breaks"]) > 0
            shown_dialog = page.query_selector("#deal-dialog[open]")
            page.click("#deal-dialog[open] #deal-continue")
            if shown_dialog:  # the next deal's dialog may follow at once when the human is out
                shown_dialog.wait_for_element_state("hidden")
        if ties:
            break
    assert summaries and ties, "no deal ended in a tie in 8 games"
