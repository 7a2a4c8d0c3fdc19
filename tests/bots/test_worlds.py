"""Every world a bot samples fits its observation, and no bot raises, over thousands of positions.

Positions come from seeded games of every game and variant played by a mix
of the rule-based levels.  At each one the sampler deals worlds and every
level chooses (the experts at a tiny budget, on a subset); each world the
sampler deals — those the experts search included — is checked by
:func:`assert_world_fits`, written here from the observation alone: sizes,
known and face-up cards, every card in exactly one place, and every play of
the deal legal in the world (for German Whist: every void shown since the
seat's last face-down draw).  Positions that tight are rare in play, so the
dealing itself is also tried on the tightest constraints a true deal allows.
"""

import random

import pytest

from whistdrive import new_game
from whistdrive.bots import LEVELS, german_expert, knockout_expert, make_player, sampling, whist_expert
from whistdrive.bots.view import read
from whistdrive.cards import Card

ALL = (1 << 52) - 1
SUIT = [((1 << 13) - 1) << (13 * s) for s in range(4)]

LONG = pytest.mark.slow  # 40 games (whist: 20): 4-40 s
CASES = [
    pytest.param("german", {}, 40, marks=LONG), ("german", {"follow_suit_stage1": False}, 20),
    ("german", {"count": "all26"}, 20), pytest.param("whist", {"length": "deal"}, 40, marks=LONG),
    pytest.param("whist", {"preset": "american", "length": "deal"}, 20, marks=LONG),
] + [("knockout", {"players": n}, 15) for n in range(2, 8)]
EXPERT_EVERY = 9  # the experts choose at every 9th position (each search costs far more than a rule)
WORLDS = 1  # worlds the test deals itself at each position (the experts deal more)


def idx(text: str) -> int:
    return Card.parse(text).index


def mask(cards) -> int:
    return sum(1 << idx(c) for c in cards)


def tricks_of(obs: dict) -> list[list[tuple[int, int]]]:
    """The deal's tricks as (seat, card) plays, the one on the table last."""
    out = [[(p["seat"], idx(p["card"])) for p in t["cards"]] for t in obs["tricks"]]
    if obs["trick"]:
        out.append([(p["seat"], idx(p["card"])) for p in obs["trick"]])
    return out


def sizes_of(obs: dict) -> dict[int, int]:
    if obs["game"] == "german":
        return {obs["seat"]: len(obs["hand"]), 1 - obs["seat"]: obs["opponent_hand_size"]}
    sizes = obs["hand_sizes"]
    return {int(s): n for s, n in (sizes.items() if isinstance(sizes, dict) else enumerate(sizes))}


def held_known(obs: dict) -> dict[int, int]:
    if obs["game"] == "german":
        return {1 - obs["seat"]: mask(obs["opponent_known"])}
    return {int(s): mask(c) for s, c in obs.get("known_cards", {}).items()}


def face_up_out(obs: dict) -> int:
    """Cards everyone has seen that are in no hand: the German prize, the Knock-out trump card."""
    card = obs.get("prize") if obs["game"] == "german" else obs.get("trump_card")
    return mask([card]) if card else 0


def assert_replays(obs: dict, hands: dict[int, int]) -> None:
    """With every card played this deal given back, each play was in the hand and followed suit when able."""
    held = dict(hands)
    for plays in tricks_of(obs):
        for s, c in plays:
            held[s] |= 1 << c
    for plays in tricks_of(obs):
        led = plays[0][1] // 13
        for k, (s, c) in enumerate(plays):
            assert held[s] >> c & 1, (s, c)
            if k and c // 13 != led:
                assert held[s] & SUIT[led] == 0, f"seat {s} showed no suit {led} but holds it"
            held[s] &= ~(1 << c)


def assert_german_voids(obs: dict, hands: dict[int, int]) -> None:
    """The opponent draws face down after each stage-1 trick I win; a void shown since then holds
    for its unseen cards (a face-up prize it took may be of that suit: I know that card)."""
    me, other = obs["seat"], 1 - obs["seat"]
    unseen = hands[other] & ~mask(obs["opponent_known"])
    tricks = tricks_of(obs)
    winners = [t["winner"] for t in obs["tricks"]]
    follow1 = obs["options"].get("follow_suit_stage1", True)
    for i, plays in enumerate(tricks):
        if i < 13 and not follow1:
            continue
        drew_since = any(winners[j] == me for j in range(i, min(13, len(winners))))
        led = plays[0][1] // 13
        if not drew_since and any(s == other and c // 13 != led for s, c in plays[1:]):
            assert unseen & SUIT[led] == 0, f"trick {i}: the opponent showed no suit {led} but holds it"


def assert_world_fits(obs: dict, hands: dict[int, int], rest: list[int]) -> None:
    sizes = sizes_of(obs)
    assert set(hands) == set(sizes)
    assert hands[obs["seat"]] == mask(obs["hand"])
    for s, n in sizes.items():
        assert bin(hands[s]).count("1") == n, (s, n)
    for s, m in held_known(obs).items():
        assert hands[s] & m == m, f"a card known to be in seat {s}'s hand is not there"
    played = sum(1 << c for plays in tricks_of(obs) for _, c in plays)
    if obs["game"] == "whist" and obs["turned_up"]:
        assert hands[obs["dealer"]] >> idx(obs["turned_up"]) & 1, "the turned-up card left the dealer's hand"
    if obs["game"] == "german":
        assert len(rest) == max(0, obs["stock_size"] - 1)
    if obs["game"] == "whist":
        assert rest == []
    places = list(hands.values()) + [played, face_up_out(obs)] + [1 << c for c in rest]
    union = 0
    for m in places:
        assert union & m == 0, "a card is in two places"
        union |= m
    assert union == ALL, "a card is nowhere"
    if obs["game"] == "german":
        assert_german_voids(obs, hands)
    else:
        assert_replays(obs, hands)


def positions(game: str, options: dict, games: int):
    """Observations of the seat to act in seeded games played by random, beginner and intermediate bots."""
    levels = ("random", "beginner", "intermediate")
    for seed in range(games):
        g = new_game(game, options, seed=seed)
        bots = [make_player(levels[(seed + s) % 3], game, seed=seed * 10 + s) for s in range(g.num_seats)]
        while not g.is_over:
            obs = g.observation(g.current_seat)
            yield obs
            g.apply(bots[g.current_seat].choose(obs))


@pytest.fixture
def checked_worlds(monkeypatch):
    """Every world the experts sample is checked against the observation they were given."""
    count = [0]

    def checked(view, rng):
        hands, rest = sampling.sample_hands(view, rng)
        assert_world_fits(view.obs, hands, rest)
        count[0] += 1
        return hands, rest

    for module in (whist_expert, knockout_expert, german_expert):
        monkeypatch.setattr(module, "sample_hands", checked)
    return count


@pytest.mark.parametrize("game,options,games", CASES)
def test_every_world_fits_and_no_bot_raises(game, options, games, checked_worlds):
    rng = random.Random(f"{game}{options}")
    n = 0
    for n, obs in enumerate(positions(game, options, games), 1):
        v = read(obs)
        for _ in range(WORLDS):
            hands, rest = sampling.sample_hands(v, rng)
            assert_world_fits(obs, hands, rest)
        for level in LEVELS:
            if level == "expert" and n % EXPERT_EVERY:
                continue
            action = make_player(level, game, seed=n, budget=0.0).choose(obs)
            assert action in obs["legal"], (level, action)
    assert n >= 400  # hundreds of positions per case, thousands in all
    assert checked_worlds[0] > 0


def test_the_check_catches_a_broken_void():
    """The check itself can fail: a world giving a seat a card of a suit it showed it lacks is refused."""
    for obs in positions("whist", {"length": "deal"}, 3):
        v = read(obs)
        hands, rest = sampling.sample_hands(v, random.Random(0))
        for s, xs in v.voids.items():
            for x in xs:
                donor = next((d for d in hands if d not in (s, v.seat) and hands[d] & SUIT[x]), None)
                if s == v.seat or donor is None:
                    continue
                give = hands[donor] & SUIT[x] & -(hands[donor] & SUIT[x])
                take = hands[s] & -hands[s]
                broken = dict(hands)
                broken[s] ^= take ^ give
                broken[donor] ^= give ^ take
                assert_world_fits(obs, hands, rest)
                with pytest.raises(AssertionError, match="showed no suit"):
                    assert_world_fits(obs, broken, rest)
                return
    pytest.fail("no void to break in three games")


def test_hidden_cards_are_placed_under_the_tightest_voids():
    """A true deal of long suits (each seat holds one or two), each seat void in every suit it does
    not hold: the constraints leave little choice, often one deal, and the sampler must find one."""
    rng = random.Random(16)
    for _ in range(3000):
        pool = rng.sample(range(52), rng.randrange(1, 45))
        seats = list(range(rng.randrange(1, 7))) + [sampling.REST]
        cards = sorted(pool, key=lambda c: c // 13 + 2 * rng.random())  # mostly by suit
        cuts = sorted(rng.randrange(len(cards) + 1) for _ in seats[1:])
        true = {k: cards[a:b] for k, a, b in zip(seats, [0] + cuts, cuts + [len(cards)])}
        voids = {k: {x for x in range(4) if all(c // 13 != x for c in held)}
                 for k, held in true.items() if k != sampling.REST and rng.random() < 0.8}
        out = sampling.deal_hidden(pool, {k: len(v) for k, v in true.items()}, voids, rng)
        assert sorted(c for cards in out.values() for c in cards) == sorted(pool)
        for k, cards in out.items():
            assert len(cards) == len(true[k])
            assert all(c // 13 not in voids.get(k, ()) for c in cards)


def test_constraints_no_deal_fits_are_refused():
    """A contradiction (a seat void in the only suit left for it) is an error, never a relaxed world."""
    spades = list(range(5))
    with pytest.raises(sampling.NoWorld):
        sampling.deal_hidden(spades, {1: 3, 2: 2}, {1: {0}}, random.Random(0))
    with pytest.raises(sampling.NoWorld):
        sampling.deal_hidden(spades, {1: 3, 2: 3}, {}, random.Random(0))
