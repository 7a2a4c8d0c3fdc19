"""The experts' model of the others: kinds of player, each seat's kind inferred from its plays."""

import math

import pytest

from whistdrive import new_game
from whistdrive.bots import make_player
from whistdrive.bots.sampling import KINDS, MATCH, Kind, Tally, kinds_likelihood, play_tallies
from whistdrive.bots.view import read


def tally(kinds, decisions):
    t = Tally(kinds)
    for choices, matched in decisions:
        t.add(choices, matched)
    return t


def test_one_kind_counts_the_classic_card_and_shares_the_rest():
    t = tally((Kind(1.0, 0.6),), [(3, True), (4, False), (2, True)])
    assert t.likelihood() == pytest.approx(0.6 * (0.4 / 3) * 0.6)
    assert tally((Kind(1.0, None),), [(3, True), (4, False)]).likelihood() == pytest.approx(1 / 12)
    both = tally((Kind(0.25, 0.6), Kind(0.75, None)), [(3, True), (4, False)])
    assert both.likelihood() == pytest.approx(0.25 * 0.6 * 0.4 / 3 + 0.75 / 12)


def test_the_book_kind_weighs_only_where_every_play_is_the_books():
    """A world where all six plays are classic against one where one of them is not: the mixture
    prefers the first far more than the sensible kind alone does; for a seat that plays otherwise
    half the time, two worlds are told apart about as the sensible kind alone tells them."""
    soft = (Kind(1.0, MATCH),)

    def ratio(kinds, a, b):
        return tally(kinds, a).likelihood() / tally(kinds, b).likelihood()

    book, one_off = [(3, True)] * 6, [(3, True)] * 5 + [(3, False)]
    assert ratio(KINDS, book, one_off) > 5 * ratio(soft, book, one_off)
    half, fewer = [(3, True)] * 3 + [(3, False)] * 3, [(3, True)] * 2 + [(3, False)] * 4
    assert ratio(KINDS, half, fewer) == pytest.approx(ratio(soft, half, fewer), rel=0.01)


def book_share(t: Tally) -> float:
    """The chance the seat is the book kind, given its decisions in this world."""
    return KINDS[1].prior * t.weights[1] / t.likelihood()


@pytest.mark.parametrize(("game", "options", "plays"), [("whist", {"length": "deal"}, 24),
                                                     ("knockout", {"players": 4}, 20)])
def test_in_the_true_deal_rule_players_are_read_as_the_book_kind_and_random_ones_are_not(game, options, plays):
    for level, book in (("intermediate", True), ("random", False)):
        shares = []
        for seed in range(3):
            g = new_game(game, options, seed=seed)
            bots = [make_player(level, game, seed=s) for s in range(g.num_seats)]
            for _ in range(plays):
                g.apply(bots[g.current_seat].choose(g.observation(g.current_seat)))
            v = read(g.observation(g.current_seat))
            tallies = play_tallies({s: g.play.hands[s] for s in v.order}, v)
            assert kinds_likelihood(tallies) == pytest.approx(math.prod(t.likelihood() for t in tallies.values()))
            shares += [book_share(t) for t in tallies.values()]
        read_as_book = sum(x > 0.75 for x in shares) / len(shares)
        assert (read_as_book >= 0.8) if book else (read_as_book <= 0.2), (level, shares)


def test_knockout_intermediates_play_exactly_the_card_the_book_kind_expects(monkeypatch):
    """In the true deal, every choice an intermediate made is the classic card the likelihood counts:
    the book kind is an exact model of them, so what the expert still lacks is the cards."""
    seen = []
    add = Tally.add
    monkeypatch.setattr(Tally, "add", lambda self, choices, matched, *group: (seen.append(matched), add(self, choices, matched, *group)))
    for seed in range(8):
        g = new_game("knockout", {"players": 4}, seed=seed)
        bots = [make_player("intermediate", "knockout", seed=s) for s in range(g.num_seats)]
        while not g.is_over:
            obs = g.observation(g.current_seat)
            v = read(obs)
            if v.decision == "play" and not v.trick and obs.get("tricks") and bin(v.hand).count("1") == 1:
                play_tallies({s: g.play.hands[s] for s in v.order}, v)  # the deal's plays before its last trick
            g.apply(bots[g.current_seat].choose(obs))
    assert len(seen) > 150 and all(seen)


def test_the_whist_expert_solves_worlds_drawn_by_their_weights(monkeypatch):
    """Of a pool of ``resample`` sampled worlds, half weigh 3 and half 1: the solved world is a
    heavy one three times in four."""
    from whistdrive.bots import whist_expert

    heavy, light = {0: 1}, {0: 2}
    pool = iter([heavy, light] * 10_000)
    monkeypatch.setattr(whist_expert, "sample_hands", lambda v, rng: (next(pool), None))
    monkeypatch.setattr(whist_expert.PlayHistory, "likelihood", lambda self, hands: 3.0 if hands is heavy else 1.0)
    player = make_player("expert", "whist", seed=1)
    assert player.resample >= 2
    v = read(new_game("whist", {"length": "deal"}, seed=1).observation(0))
    history = whist_expert.PlayHistory(v)
    draws = [player._resampled(v, history, player.resample) for _ in range(2000 // player.resample * 4)]
    share = sum(hands is heavy for hands in draws) / len(draws)
    assert abs(share - 0.75) < 0.05


def test_the_whist_expert_weighs_no_pool_before_anyone_else_has_played(monkeypatch):
    """On the first lead every world weighs the same, so each solved world is sampled once; after
    another seat's play each is drawn from a pool of ``resample``."""
    from whistdrive.bots import whist_expert

    weighed = []
    likelihood = whist_expert.PlayHistory.likelihood
    monkeypatch.setattr(whist_expert.PlayHistory, "likelihood", lambda *a: weighed.append(1) or likelihood(*a))
    g = new_game("whist", {"length": "deal"}, seed=3)
    player = make_player("expert", "whist", seed=1, worlds=4)
    player.choose(g.observation(g.current_seat))
    assert weighed == []
    g.apply(player.choose(g.observation(g.current_seat)))
    player.choose(g.observation(g.current_seat))
    assert len(weighed) == 4 * player.resample


def test_a_play_history_weighs_each_seats_hand_once_and_the_same_as_afresh():
    """Late in a deal the sampled worlds repeat each seat's hand often: the history tallies it once,
    and every world weighs what a history read for it alone gives."""
    import random

    from whistdrive.bots.sampling import PlayHistory, sample_hands

    g = new_game("whist", {"length": "deal"}, seed=5)
    bots = [make_player("intermediate", "whist", seed=s) for s in range(4)]
    for _ in range(37):  # into the tenth trick, one card on the table
        g.apply(bots[g.current_seat].choose(g.observation(g.current_seat)))
    v = read(g.observation(g.current_seat))
    rng = random.Random(1)
    worlds = [sample_hands(v, rng)[0] for _ in range(300)]
    history = PlayHistory(v)
    weights = [history.likelihood(w) for w in worlds]
    assert weights == [PlayHistory(v).likelihood(w) for w in worlds]
    assert weights == pytest.approx([kinds_likelihood(play_tallies(w, v)) for w in worlds])
    assert len(set(weights)) > 10  # the plays tell the worlds apart
    assert len(history._seen) < 3 * len(worlds) / 2  # of the three seats' hands, most were seen before


def test_a_play_history_knows_every_card_each_other_seat_played_this_deal():
    from whistdrive.bots.sampling import PlayHistory
    from whistdrive.bots.view import card_int, popcount

    g = new_game("whist", {"length": "deal"}, seed=6)
    bots = [make_player("intermediate", "whist", seed=s) for s in range(4)]
    for _ in range(22):  # into the sixth trick, two cards on the table
        g.apply(bots[g.current_seat].choose(g.observation(g.current_seat)))
    obs = g.observation(g.current_seat)
    history = PlayHistory(read(obs))
    plays = [p for t in obs["tricks"] for p in t["cards"]] + obs["trick"]
    for s in history.steps:
        assert history.played(s) == sum(1 << card_int(p["card"]) for p in plays if p["seat"] == s)
    assert sorted(popcount(history.played(s)) for s in history.steps) == [5, 6, 6]
