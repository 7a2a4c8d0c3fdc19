"""The whist expert plays the classic card among cards of (nearly) equal value — what its partner's model expects."""

import pytest

from whistdrive import new_game
from whistdrive.bots import make_player
from whistdrive.bots.heuristic import Intermediate, card_text
from whistdrive.bots.search import SearchPlayer
from whistdrive.bots.view import read
from whistdrive.bots.whist_expert import WhistExpert


def _positions():
    """Decisions of seeded intermediate deals where the classic card is not the cheapest legal card."""
    out = []
    for seed in range(40):
        g = new_game("whist", {"length": "deal"}, seed=seed)
        bot = make_player("intermediate", "whist")
        while not g.is_over and len(out) < 12:
            obs = g.observation(g.current_seat)
            cheapest = SearchPlayer.pick(make_player("expert", "whist"), obs, dict.fromkeys(obs["legal"], 0.0))
            classic = card_text(Intermediate("whist").card(read(obs)))
            if len(obs["legal"]) > 1 and classic != cheapest:
                out.append((obs, classic, cheapest))
            g.apply(bot.choose(obs))
        if len(out) >= 12:
            return out
    raise AssertionError("too few positions")


POSITIONS = _positions()


@pytest.mark.parametrize("k", range(len(POSITIONS)))
def test_the_classic_card_is_played_when_it_is_within_the_margin(k):
    obs, classic, cheapest = POSITIONS[k]
    bot = make_player("expert", "whist")
    margin = WhistExpert.convention
    assert margin is not None
    values = dict.fromkeys(obs["legal"], 7.0)
    values[classic] = 7.0 - margin
    assert bot.pick(obs, values) == classic
    values[classic] = 7.0 - margin - 0.01  # just outside: the best card, the cheapest of equal ones
    assert bot.pick(obs, values) == cheapest


@pytest.mark.parametrize("k", range(len(POSITIONS)))
def test_the_reference_and_the_switched_off_setting_keep_the_cheapest_card(k, monkeypatch):
    obs, classic, cheapest = POSITIONS[k]
    equal = dict.fromkeys(obs["legal"], 7.0)
    assert make_player("expert-2026.11", "whist").pick(obs, equal) == cheapest
    monkeypatch.setattr(WhistExpert, "convention", None)
    assert make_player("expert", "whist").pick(obs, equal) == cheapest


def test_a_better_card_beats_the_classic_one():
    obs, classic, _ = POSITIONS[0]
    best = next(a for a in obs["legal"] if a != classic)
    values = dict.fromkeys(obs["legal"], 5.0)
    values[best] = 6.0
    assert make_player("expert", "whist").pick(obs, values) == best
