"""A Humbug Whist deal in the browser, in English and in Russian: the exchange dialog, the widows face down,
the hand you laid aside shown to you, the score sheet, played to the end."""

from __future__ import annotations

import pytest

from .conftest import play_until, start_game

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

WORDS = {
    "en": {"title": "Keep your hand or take a widow", "took": "take the left widow", "laid": "You laid aside",
           "sheet": "Score sheet", "you": "You"},
    "ru": {"title": "Оставить руку или взять прикуп", "took": "левый прикуп", "laid": "Вы отложили",
           "sheet": "Запись счёта", "you": "Вы"},
}


# What of the side panel lies outside it, and laid-aside cards left of their own box (a long word or a
# wrapped row of overlapped cards once pushed past both edges).
OUTSIDE = """() => {
  const side = document.querySelector('.side').getBoundingClientRect();
  const out = side.right > window.innerWidth + 1 ? ['the panel itself'] : [];
  for (const e of document.querySelectorAll('.side *')) {
    const r = e.getBoundingClientRect();
    if (r.width && (r.right > side.right + 1 || r.left < side.left - 1)) out.push(e.tagName + ' ' + e.textContent.slice(0, 40));
  }
  const box = document.querySelector('#laid-aside').getBoundingClientRect();
  for (const c of document.querySelectorAll('#laid-aside .card'))
    if (c.getBoundingClientRect().left < box.left - 1) out.push('laid-aside ' + c.dataset.card);
  return out;
}"""


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_humbug_deal_to_the_end(page, server, lang):
    w = WORDS[lang]
    start_game(page, server, "humbug", {"length": "deal"}, lang=lang)
    page.wait_for_selector("#exchange-dialog")
    assert w["title"] in page.inner_text("#exchange-dialog")
    choices = page.eval_on_selector_all("#exchange-dialog .exchange-choice", "bs => bs.map(b => b.dataset.choice)")
    assert choices[0] == "keep" and set(choices) <= {"keep", "left", "right"} and len(choices) >= 2
    # the widows lie face down: backs only, never a card face
    assert len(page.query_selector_all(".widow-pile .card.back")) == 13 * (len(choices) - 1)  # untaken widows
    assert not page.query_selector_all(".widow [data-card]")
    dealt = sorted(page.eval_on_selector_all(".hand .card", "cs => cs.map(c => c.dataset.card)"))
    take = "left" if "left" in choices else "right"
    page.click(f"#exchange-dialog .exchange-choice[data-choice={take}]")
    page.wait_for_selector("#laid-aside")
    laid = sorted(page.eval_on_selector_all("#laid-aside .card", "cs => cs.map(c => c.dataset.card)"))
    assert laid == dealt  # the hand laid aside is shown to the one who laid it aside
    held = sorted(page.eval_on_selector_all(".hand .card", "cs => cs.map(c => c.dataset.card)"))
    assert held != dealt and not set(held) & set(dealt)  # a widow shares no card with the dealt hand
    assert w["laid"] in page.inner_text(".side")
    assert page.evaluate(OUTSIDE) == []
    if take == "left":
        assert w["took"] in page.inner_text("#info-exchange")
    assert page.query_selector(".widow-" + take) and not page.query_selector_all(f".widow-{take} .widow-pile > *")
    play_until(page, lambda: page.query_selector("#over-dialog") is not None, limit_s=150)
    assert page.inner_text("#result-text")
    assert w["sheet"] in page.inner_text(".score-sheet") and w["you"] in page.inner_text(".score-sheet thead")
    # the replay steps through the exchanges too (its captions once read "You plays undefined undefined")
    page.click("#over-dialog a[href^='/replay/']")
    page.wait_for_selector(".replay .r-next")
    captions = []
    for _ in range(3):  # the deal, then both exchanges
        captions.append(page.inner_text(".replay-caption"))
        page.click(".replay .r-next")
    assert not any("undefined" in c for c in captions), captions
    assert sum(w["you"] in c for c in captions[1:]) == 1  # one of the two exchanges is yours
