"""Rebuild the worked-example records: ``make examples`` (``python scripts/build_examples.py [ID ...]``).

Every record is made by playing the engine on explicit chance outcomes. A deal
that the example is about is hand-built and scripted card by card where the
example names cards; the other deals (the earlier deals of a match, or a whole
deal of which only the totals matter) come from deterministic searches: deck
orders are tried from ``random.Random(seed)`` for seed 0, 1, 2, ... and the
first one on which a depth-first search finds legal play reaching the planned
trick counts is kept. Nothing here is random at run time, so running the
script again writes the same files (``tests/test_examples.py`` checks that).

A build tool, not part of the installed package: it writes the records into
``src/whistdrive/examples/<id>.json``, where :mod:`whistdrive.examples` reads them.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))  # this checkout's package, whatever is installed

from whistdrive.cards import DECK, Card, Suit, from_mask, parse_cards  # noqa: E402
from whistdrive.games import new_game  # noqa: E402
from whistdrive.games.trick import TrickPlay, beats, suit_of, winning_index  # noqa: E402
from whistdrive.records import to_record  # noqa: E402

OUT = ROOT / "src" / "whistdrive" / "examples"
"""Where the package reads the records (:func:`whistdrive.examples.load`)."""
HONOURS = (9, 10, 11, 12)  # J Q K A rank indices


class _GiveUp(Exception):
    pass


# --- decks ------------------------------------------------------------------
def _deck(hands_in_order: list[list[Card]], rest: Sequence[Card] = ()) -> list[str]:
    """Deal ``hands_in_order`` one card at a time (first hand first), then ``rest``;
    the cards not named follow in index order."""
    size = len(hands_in_order[0])
    deck = [h[r] for r in range(size) for h in hands_in_order] + list(rest)
    deck += [c for c in DECK if c not in deck]
    assert len(deck) == 52 == len(set(deck)), "a deck must hold each card once"
    return [str(c) for c in deck]


def german_deck(dealer: int, hands: dict[int, str], stock: str) -> list[str]:
    first = 1 - dealer
    return _deck([parse_cards(hands[first]), parse_cards(hands[dealer])], parse_cards(stock))


def knockout_order(active: list[int], dealer: int) -> list[int]:
    start = active.index(dealer) + 1
    return active[start:] + active[:start]


def knockout_deck(active: list[int], dealer: int, hands: dict[int, str]) -> list[str]:
    return _deck([parse_cards(hands[s]) for s in knockout_order(active, dealer)])


def shuffled(seed: int) -> list[int]:
    order = list(range(52))
    random.Random(seed).shuffle(order)
    return order


# --- search for play reaching planned trick counts ---------------------------
def find_play(tp: TrickPlay, side_of, target: dict[int, int], limit: int = 4000) -> list[int] | None:
    """Legal cards, in play order, that play ``tp`` out with exactly ``target``
    tricks per side. Each player prefers sensible cards: a side still short of
    its tricks tries to win (cheapest winning card), a side with enough ducks."""
    total = sum(target.values())
    nodes = 0

    def side_won(t: TrickPlay) -> dict[int, int]:
        won = dict.fromkeys(target, 0)
        for seat, n in t.won.items():
            won[side_of(seat)] += n
        return won

    def ordered(t: TrickPlay, won) -> list[int]:
        seat = t.to_play
        need = won[side_of(seat)] < target[side_of(seat)]
        cards = [c.index for c in from_mask(t.legal())]
        if not t.trick:
            key = (lambda c: (-(c % 13), c)) if need else (lambda c: (c % 13, c))
            return sorted(cards, key=key)
        best = t.trick[winning_index([c for _, c in t.trick], t.trump)]
        partner_best = side_of(best[0]) == side_of(seat)
        wins = [c for c in cards if beats(c, best[1], t.trump)]
        rest = [c for c in cards if c not in wins]
        by_rank = lambda c: (c % 13, suit_of(c) == t.trump, c)  # noqa: E731
        if need and not partner_best:
            return sorted(wins, key=by_rank) + sorted(rest, key=by_rank)
        return sorted(rest, key=by_rank) + sorted(wins, key=by_rank)

    def rec(t: TrickPlay) -> list[int] | None:
        nonlocal nodes
        nodes += 1
        if nodes > limit:
            raise _GiveUp
        won = side_won(t)
        left = total - len(t.tricks)
        if any(won[s] > target[s] or won[s] + left < target[s] for s in target):
            return None
        if t.done:
            return []
        for card in ordered(t, won):
            nxt = t.clone()
            nxt.play(card)
            rest = rec(nxt)
            if rest is not None:
                return [card, *rest]
        return None

    try:
        return rec(tp)
    except _GiveUp:
        return None


def _cards(indices: list[int]) -> list[str]:
    return [str(DECK[i]) for i in indices]


# --- whist -------------------------------------------------------------------
def whist_hands(deck: list[int], dealer: int) -> dict[int, int]:
    hands = dict.fromkeys(range(4), 0)
    for i, card in enumerate(deck):
        hands[(dealer + 1 + i) % 4] |= 1 << card
    return hands


def whist_deal(dealer: int, ns_tricks: int, honours: tuple[int, int] | None = None, trump: str | None = None):
    """A deck order (dealer's turned-up card last) and play giving N-S ``ns_tricks``."""
    for seed in range(1000):
        deck = shuffled(seed)
        t = suit_of(deck[51])
        if trump is not None and Suit(t).letter != trump:
            continue
        hands = whist_hands(deck, dealer)
        held = [0, 0]
        for seat, hand in hands.items():
            held[seat % 2] += sum(1 for r in HONOURS if hand >> (13 * t + r) & 1)
        if honours is not None and tuple(held) != honours:
            continue
        tp = TrickPlay(hands, t, [0, 1, 2, 3], (dealer + 1) % 4)
        play = find_play(tp, lambda s: s % 2, {0: ns_tricks, 1: 13 - ns_tricks})
        if play is not None:
            return _cards(deck), _cards(play)
    raise RuntimeError(f"no whist deal found for dealer {dealer}, N-S {ns_tricks}")


def whist_deal_from_hands(dealer: int, hands: dict[int, str], ns_tricks: int):
    """A hand-built deal (the dealer's last card is turned up) and play giving N-S ``ns_tricks``."""
    deck = _deck([parse_cards(hands[(dealer + 1 + i) % 4]) for i in range(4)])
    order = [Card.parse(c).index for c in deck]
    tp = TrickPlay(whist_hands(order, dealer), suit_of(order[51]), [0, 1, 2, 3], (dealer + 1) % 4)
    play = find_play(tp, lambda s: s % 2, {0: ns_tricks, 1: 13 - ns_tricks}, limit=100_000)
    if play is None:
        raise RuntimeError("no play found for the hand-built whist deal")
    return deck, _cards(play)


def whist_record(options: dict, first_dealer: int, deals: list[tuple[list[str], list[str]]]) -> dict:
    chance = [{"type": "dealer", "seat": first_dealer}] + [{"type": "deck", "cards": d} for d, _ in deals]
    game = new_game("whist", options, chance=chance)
    for _, cards in deals:
        for card in cards:
            game.apply(card)
    return to_record(game, ["example"] * 4)


# Seed 003's example (tests/test_whist.py): East deals and turns up 8♥; South leads K♠.
SEED3_HANDS = {
    0: "AH KH QH 2H AD KD QD JD 2D AC KC 3C 2C",
    1: "AS QS JS TS JH 9H TD 9D TC 8D QC JC 8H",
    2: "KS 6S 5S 4S 2S 7H 5H 3H 7D 6D 9C 8C 7C",
    3: "9S 8S 7S 3S TH 6H 4H 5D 4D 3D 6C 5C 4C",
}
SEED3_TRICKS = [
    "KS 3S 2D AS", "9H 3H TH AH", "KH 8H 5H 4H", "QH JH 7H 6H",
    "AC TC 7C 4C", "KC JC 8C 5C", "2C QC 9C 6C",
    "QS 6S 7S 3C", "JS 5S 8S JD", "TS 4S 9S QD",
    "8D 6D 3D AD", "KD 9D 7D 4D", "2H TD 2S 5D",
]  # fmt: skip


def whist_honours() -> dict:
    deck = _deck([parse_cards(SEED3_HANDS[s]) for s in (2, 3, 0, 1)])
    cards = " ".join(SEED3_TRICKS).split()
    return whist_record({"length": "deal"}, 1, [(deck, cards)])


GAME_ON_TRICKS_HANDS = {
    0: "AS KS QS JS TS 9S AD KD QD JD TD 9D AC",
    1: "AH KH QH JH 4S 3S 2S 4D 3D 2D 4C 3C 2C",
    2: "KC QC JC TC TH 9H 8H 7H 6H 5H 4H 3H 2H",
    3: "8S 7S 6S 5S 8D 7D 6D 5D 9C 8C 7C 6C 5C",
}


def whist_game_on_tricks() -> dict:
    deals = [
        whist_deal(0, 9, (2, 2)),  # N deals: N-S 9 tricks, honours split: 3-0
        whist_deal(1, 5, (2, 2)),  # E deals: E-W 8 tricks: 3-2
        # S deals and turns up 2♥: N-S take 9 tricks and reach 6 on tricks; E-W's four honours do not count
        whist_deal_from_hands(2, GAME_ON_TRICKS_HANDS, 9),
    ]
    return whist_record({"length": "game"}, 0, deals)


def whist_rubber() -> dict:
    deals = [
        whist_deal(0, 11),  # game 1: N-S 5-0 on tricks (treble)
        whist_deal(1, 7, (3, 1)),  # game 2: N-S 1 + 2 honours = 3
        whist_deal(2, 2),  # E-W 11 tricks: 5-3, E-W win (single)
        whist_deal(3, 6, (2, 2)),  # game 3: E-W 1
        whist_deal(0, 11),  # N-S 5-1 (double): rubber to N-S
    ]
    return whist_record({"rubber_bonus": True, "length": "rubber"}, 0, deals)


# --- German Whist ------------------------------------------------------------
def german_trick1(dealer: int, hands: dict[int, str], stock: str, trick: list[str], options=None) -> dict:
    chance: list[dict] = [{"type": "dealer", "seat": dealer}, {"type": "deck", "cards": german_deck(dealer, hands, stock)}]
    game = new_game("german", options or {}, chance=chance)
    for card in trick:
        game.apply(card)
    return to_record(game, ["example"] * 2)


def german_1_3() -> dict:
    # Seat 1 (B) deals; A (non-dealer) leads J♠, B wins with A♠, takes K♥; A draws 7♦; the new prize is Q♦.
    hands = {
        0: "JS 9S 5S 2S JH 6H 3H AD 9D 4D KC 8C 3C",
        1: "AS KS 7S 3S AH 9H 4H JD 6D 2D QC 9C 5C",
    }
    return german_trick1(1, hands, "KH 7D QD", ["JS", "AS"])


def german_prize_fight() -> dict:
    # B deals and has no club; A leads K♣, B trumps with 2♥ and takes the prize A♥.
    hands = {
        0: "KC QC 8C 4C 2C KS 8S 3S QH 7H KD 9D 5D",
        1: "2H 5H 9H AS QS JS 6S AD QD JD TD 8D 7D",
    }
    return german_trick1(1, hands, "AH", ["KC", "2H"])


def german_low_game() -> dict:
    """High-low, over-book scoring: a black trump card makes a low game; stage 2 ends 3-10."""
    options = {"high_low": True, "scoring": "over_book", "count": "last13"}
    dealer = 1
    for seed in range(1000):
        order = shuffled(seed)
        if suit_of(order[26]) != Suit.CLUBS:
            continue
        deck = _cards(order)
        game = new_game("german", options, chance=[{"type": "dealer", "seat": dealer}, {"type": "deck", "cards": deck}])
        stage1 = []
        while len(game.play.tricks) < 13:  # stage 1: both simply play their lowest legal card
            card = min((c for c in game.legal_actions() if isinstance(c, Card)), key=lambda c: (c.rank, c.suit))
            stage1.append(str(card))
            game.apply(card)
        p = game.play
        tp = TrickPlay(p.hands, p.trump, [0, 1], p.leader)
        play = find_play(tp, lambda s: s, {1 - dealer: 3, dealer: 10})
        if play is None:
            continue
        for name in _cards(play):
            game.apply(name)
        return to_record(game, ["example"] * 2)
    raise RuntimeError("no low game found")


# --- Knock-out Whist ---------------------------------------------------------
def choose_trump(hand: int) -> int:
    """The dealer's policy: the longest suit, then the one with the higher cards."""
    cards = from_mask(hand)
    return max(range(4), key=lambda s: (sum(1 for c in cards if c.suit == s), [c.rank for c in cards if c.suit == s]))


def knockout_deal(active: list[int], dealer: int, deal: int, target: dict[int, int]):
    """Deck order and actions of deal ``deal`` giving each seat ``target[seat]`` tricks."""
    size, n = 8 - deal, len(active)
    order = knockout_order(active, dealer)
    for seed in range(2000):
        deck = shuffled(seed)
        hands = dict.fromkeys(active, 0)
        for i, card in enumerate(deck[: n * size]):
            hands[order[i % n]] |= 1 << card
        actions = []
        if deal == 1:
            trump, leader = suit_of(deck[n * size]), order[0]
        else:
            trump, leader = choose_trump(hands[dealer]), dealer
            actions.append(Suit(trump).letter)
        tp = TrickPlay(hands, trump, active, leader)
        play = find_play(tp, lambda s: s, target)
        if play is not None:
            return _cards(deck), actions + _cards(play)
    raise RuntimeError(f"no knock-out deal {deal} found for {target}")


def knockout_record(players: int, first_dealer: int, chance: list[dict], actions: list[str]) -> dict:
    game = new_game("knockout", {"players": players}, chance=[{"type": "dealer", "seat": first_dealer}, *chance])
    for action in actions:
        game.apply(action)
    return to_record(game, ["example"] * players)


def _plan(active: list[int], first_dealer: int, plans: list[dict[int, int]]):
    """Deals 1.. of ``plans`` (tricks per seat, a unique top scorer deals next)."""
    chance, actions, dealer = [], [], first_dealer
    for deal, target in enumerate(plans, 1):
        deck, acts = knockout_deal(active, dealer, deal, target)
        chance.append({"type": "deck", "cards": deck})
        actions += acts
        active = [s for s in active if target[s] > 0]
        top = max(target.values())
        tops = [s for s in active if target[s] == top]
        dealer = tops[0]
    return chance, actions, active, dealer


def knockout_3_8() -> dict:
    """Three players reach deal 5 (3 cards each); P1 deals and picks diamonds; A♠ 4♠ 2♦: 2♦ wins."""
    plans = [{0: 3, 1: 2, 2: 2}, {0: 1, 1: 3, 2: 2}, {0: 1, 1: 1, 2: 3}, {0: 2, 1: 1, 2: 1}]
    chance, actions, active, dealer = _plan([0, 1, 2], 2, plans)
    assert dealer == 0 and active == [0, 1, 2]
    hands = {0: "AS KD 3C", 1: "4S 5C 6C", 2: "2D QH 3D"}
    chance.append({"type": "deck", "cards": knockout_deck(active, 0, hands)})
    actions += ["D", "AS", "4S", "2D", "QH", "KD", "5C", "3C", "6C", "3D"]  # P3 2, P1 1, P2 0
    deck6, _ = knockout_deal([0, 2], 2, 6, {0: 1, 2: 1})  # deal 6: P3 (2 tricks) deals 2 cards each
    chance.append({"type": "deck", "cards": deck6})
    return knockout_record(3, 2, chance, actions)


def knockout_tie_break() -> dict:
    """Deal 3 ends 2-2-1-0; P1 and P2 draw 9-9, then K-5: P1 deals deal 4 and picks trump."""
    plans = [{0: 4, 1: 1, 2: 1, 3: 1}, {0: 1, 1: 3, 2: 1, 3: 1}]
    chance, actions, active, dealer = _plan([0, 1, 2, 3], 3, plans)
    deck3, acts3 = knockout_deal(active, dealer, 3, {0: 2, 1: 2, 2: 1, 3: 0})
    chance.append({"type": "deck", "cards": deck3})
    actions += acts3
    chance.append({"type": "draw", "seats": [0, 1], "cards": ["9S", "9D"]})
    chance.append({"type": "draw", "seats": [0, 1], "cards": ["KC", "5H"]})
    deck4, acts4 = knockout_deal([0, 1, 2], 0, 4, {0: 2, 1: 1, 2: 1})
    chance.append({"type": "deck", "cards": deck4})
    actions += acts4[:2]  # P3 chooses trump after seeing the hand, then leads
    return knockout_record(4, 3, chance, actions)


def knockout_elimination() -> dict:
    """Deal 1 ends 5-2-0-0 (two out together), deal 2 (6 cards) ends 6-0: P1 wins."""
    plans = [{0: 5, 1: 0, 2: 2, 3: 0}, {0: 6, 2: 0}]
    chance, actions, _, _ = _plan([0, 1, 2, 3], 3, plans)
    return knockout_record(4, 3, chance, actions)


# --- Humbug Whist -------------------------------------------------------------
def humbug_places(deck: list[int]) -> list[int]:
    """The four places (dealer, left widow, non-dealer, right widow) as masks; dealing starts left of the dealer."""
    places = [0, 0, 0, 0]
    for i, card in enumerate(deck):
        places[(1 + i) % 4] |= 1 << card
    return places


def best_tricks(leader_hand: int, other_hand: int, trump: int) -> int:
    """Tricks the leader takes with best play on both sides (the two-hand solver)."""
    from whistdrive.solver import solve_two_hand

    return solve_two_hand(leader_hand, other_hand, trump, 0)


def _honours(hand: int, trump: int) -> int:
    return sum(1 for r in HONOURS if hand >> (13 * trump + r) & 1)


def humbug_record(dealer: int, deck: list[int], choices: list[str], tricks: dict[str, int]) -> dict:
    """One deal (``length="deal"``): the exchange ``choices`` (non-dealer first), then play reaching ``tricks``
    per role (``dealer``/``non_dealer``), found by :func:`find_play`."""
    chance: list[dict] = [{"type": "dealer", "seat": dealer}, {"type": "deck", "cards": _cards(deck)}]
    game = new_game("humbug", {"length": "deal"}, chance=chance)
    for choice in choices:
        game.apply(choice)
    p = game.play
    role = {dealer: "dealer", 1 - dealer: "non_dealer"}
    play = find_play(TrickPlay(p.hands, p.trump, [0, 1], p.leader), lambda s: s,
                     {s: tricks[role[s]] for s in (0, 1)}, limit=100_000)
    if play is None:
        raise _GiveUp
    for card in _cards(play):
        game.apply(card)
    return to_record(game, ["example"] * 2)


def humbug_exchange_wins() -> dict:
    """The non-dealer's dealt hand takes 5 tricks at best; the left widow takes 8 against the dealer, who keeps.
    No player holds three honours, so the deal scores tricks only."""
    for seed in range(5000):
        deck = shuffled(seed)
        dealer_hand, left, non_dealer, _ = humbug_places(deck)
        trump = suit_of(deck[51])
        if any(_honours(h, trump) >= 3 for h in (dealer_hand, left)):
            continue
        if best_tricks(non_dealer, dealer_hand, trump) != 5 or best_tricks(left, dealer_hand, trump) != 8:
            continue
        try:
            return humbug_record(0, deck, ["left", "keep"], {"non_dealer": 8, "dealer": 5})
        except _GiveUp:
            continue
    raise RuntimeError("no Humbug deal found where the exchange wins")


def humbug_honours() -> dict:
    """The dealer's dealt hand (the turned-up card included) holds no honour; the right widow holds the A K Q
    of trumps. The non-dealer keeps, the dealer takes the right widow and takes 8 tricks: 2 + 2 points."""
    for seed in range(5000):
        deck = shuffled(seed)
        dealer_hand, left, non_dealer, right = humbug_places(deck)
        trump = suit_of(deck[51])
        top3 = {13 * trump + r for r in (10, 11, 12)}
        if _honours(dealer_hand, trump) or not all(right >> c & 1 for c in top3) or right >> (13 * trump + 9) & 1:
            continue
        if best_tricks(non_dealer, right, trump) > 5:  # the widow's holder can take 8
            continue
        try:
            return humbug_record(1, deck, ["keep", "right"], {"non_dealer": 5, "dealer": 8})
        except _GiveUp:
            continue
    raise RuntimeError("no Humbug deal found with honours in a widow")


BUILDERS = {
    "german-1-3": german_1_3,
    "german-prize-fight": german_prize_fight,
    "german-low-game": german_low_game,
    "whist-honours": whist_honours,
    "whist-game-on-tricks": whist_game_on_tricks,
    "whist-rubber": whist_rubber,
    "knockout-3-8": knockout_3_8,
    "knockout-tie-break": knockout_tie_break,
    "knockout-elimination": knockout_elimination,
    "humbug-exchange-wins": humbug_exchange_wins,
    "humbug-honours": humbug_honours,
}


def dumps(record: dict) -> str:
    return json.dumps(record, ensure_ascii=False, indent=1) + "\n"


def build(example_id: str) -> dict:
    return BUILDERS[example_id]()


def main(argv: list[str] | None = None) -> int:
    ids = (argv if argv is not None else sys.argv[1:]) or list(BUILDERS)
    for example_id in ids:
        path = OUT / f"{example_id}.json"
        path.write_text(dumps(build(example_id)), encoding="utf-8")
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
