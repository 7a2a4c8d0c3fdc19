"""The pieces the experts are built from: world sampling, the stage-2 window, play likelihood."""

import random

import pytest

from whistdrive import new_game
from whistdrive.bots import make_player
from whistdrive.bots.german_expert import DealTerms
from whistdrive.bots.sampling import deal_hidden, play_likelihood, sample_hands
from whistdrive.bots.view import popcount, read
from whistdrive.cards import Card
from whistdrive.games.trick import SUIT_MASKS, legal_mask


def test_deal_hidden_respects_voids_and_sizes():
    rng = random.Random(1)
    pool = list(range(13)) + list(range(13, 20))  # 13 spades, 7 hearts
    out = deal_hidden(pool, {1: 7, 2: 13}, {1: {0}}, rng)  # seat 1 has shown no spades
    assert sorted(out[1] + out[2]) == sorted(pool)
    assert sorted(out[1]) == list(range(13, 20))


def test_sampled_worlds_agree_with_the_observation():
    g = new_game("whist", {"length": "deal"}, seed=4)
    bots = [make_player("intermediate", "whist", seed=s) for s in range(4)]
    for _ in range(17):
        g.apply(bots[g.current_seat].choose(g.observation(g.current_seat)))
    v = read(g.observation(g.current_seat))
    rng = random.Random(0)
    for _ in range(20):
        hands, rest = sample_hands(v, rng)
        assert rest == []
        assert hands[v.seat] == v.hand
        union = 0
        for s, h in hands.items():
            assert popcount(h) == v.hand_sizes[s]
            assert union & h == 0
            union |= h
            for suit in v.voids.get(s, ()):
                if s != v.seat:
                    assert h & SUIT_MASKS[suit] == 0
        assert union & v.played == 0
        assert 0 < play_likelihood(hands, v) <= 1


def test_german_window_tells_win_from_loss():
    r = DealTerms({"options": {}, "low_game": False})
    lo, hi = r.window(0, [0, 0], [3, 2], 8)  # I need 4 of the last 8 to reach 7
    assert (lo, hi) == (3, 4)
    assert r.value(0, [0, 0], [3 + hi, 2 + 8 - hi]) > 0 > r.value(0, [0, 0], [3 + lo, 2 + 8 - lo])
    r26 = DealTerms({"options": {"count": "all26"}, "low_game": False})
    assert r26.window(1, [6, 7], [0, 0], 13) == (5, 7)  # 12 lose, 13 draw, 14 win for seat 1


def test_the_true_deal_is_the_likeliest_when_the_others_play_the_classic_way():
    """Intermediates play the classic card, so in the true deal every one of their plays with a choice
    counts MATCH; a world with the unplayed cards of two opponents swapped can only do worse."""
    from whistdrive.bots.sampling import MATCH

    for game, options, seed in (("knockout", {"players": 4}, 3), ("whist", {"length": "deal"}, 5)):
        g = new_game(game, options, seed=seed)
        bots = [make_player("intermediate", game, seed=s) for s in range(g.num_seats)]
        for _ in range(14):
            g.apply(bots[g.current_seat].choose(g.observation(g.current_seat)))
        obs = g.observation(g.current_seat)
        v = read(obs)
        true = {s: g.play.hands[s] for s in v.order}
        plays = [p for t in obs["tricks"] for p in t["cards"]] + obs["trick"]
        choices = 0
        held = dict(true)
        for p in plays:
            held[p["seat"]] |= 1 << Card.parse(p["card"]).index
        for t in obs["tricks"] + [{"cards": obs["trick"]}]:
            for k, p in enumerate(t["cards"]):
                c = Card.parse(p["card"]).index
                led = Card.parse(t["cards"][0]["card"]).index // 13 if k else None
                if p["seat"] != v.seat and popcount(legal_mask(held[p["seat"]], led)) > 1:
                    choices += 1
                held[p["seat"]] &= ~(1 << c)
        assert choices >= 3
        assert play_likelihood(true, v) == pytest.approx(MATCH ** choices)
        a, b = [s for s in v.order if s != v.seat][:2]
        swapped = dict(true, **{a: true[b], b: true[a]}) if popcount(true[a]) == popcount(true[b]) else None
        if swapped is not None and all(swapped[s] & SUIT_MASKS[x] == 0 for s in (a, b) for x in v.voids.get(s, ())):
            assert play_likelihood(swapped, v) <= play_likelihood(true, v)


def test_beating_picks_exactly_the_cards_that_beat():
    from whistdrive.bots.classic import beating
    from whistdrive.games.trick import beats

    rng = random.Random(7)
    for _ in range(2000):
        cards = rng.getrandbits(52)
        best = rng.randrange(52)
        trump = rng.choice([None, 0, 1, 2, 3])
        expected = sum(1 << c for c in range(52) if cards >> c & 1 and beats(c, best, trump))
        assert beating(cards, best, trump) == expected


def test_the_german_expert_does_not_merge_cards_the_face_up_prize_separates(monkeypatch):
    """9S and JS with 10S face up are not equivalent: the trick's winner takes the 10 into its hand."""
    from whistdrive.bots import german_expert, search

    seen = []
    monkeypatch.setattr(german_expert, "representatives",
                        lambda v, legal, outside=None: seen.append(search.representatives(v, legal, outside)) or seen[-1])
    found = 0
    for seed in range(60):
        g = new_game("german", seed=seed)
        bots = [make_player("intermediate", "german", seed=seed + s) for s in (0, 1)]
        while g.observation(0)["stage"] == 1 and not g.is_over:
            obs = g.observation(g.current_seat)
            v = read(obs)
            legal, prize = v.legal_mask(), v.excluded
            lower, higher = prize >> 1 & legal, prize << 1 & legal
            if lower and higher and (prize.bit_length() - 1) % 13 not in (0, 12):
                found += 1
                merged = search.representatives(v, legal)  # every card not mine and not played: the prize is not
                assert merged[higher.bit_length() - 1] == merged[lower.bit_length() - 1]
                make_player("expert", "german", seed=1, worlds=1).evaluate(obs)
                assert seen[-1][higher.bit_length() - 1] == higher.bit_length() - 1
            g.apply(bots[g.current_seat].choose(obs))
    assert found >= 3
