"""Worked examples as game records, and their step-through diagrams.

Each example of ``web/content/examples.json`` is a real game record (format
version 1, docs/records.md) stored next to this file as ``<id>.json``; it was
made by playing the engine on hand-built or searched deck orders
(``make examples``, ``scripts/build_examples.py``, rebuilds them). :func:`frames` replays a
record through the engine and turns it into a list of JSON-ready frames for a
teaching diagram (all hands open):

>>> [f["caption"] for f in frames("german-1-3")][1]
'The non-dealer leads J♠.'
>>> frames("german-1-3", "ru")[2]["caption"]
'Сдающий кладёт Т♠. Сдающий берёт взятку (Т♠).'

Every frame has ``kind`` (``start``, ``deal``, ``card``, ``prize``,
``trump``, ``exchange``, ``deal_end``, ``draw``), ``deal``, ``dealer``, ``hands`` (seat as a
string -> cards, record notation such as ``"QH"``), ``trick`` (``[{"seat",
"card"}]`` on the table), ``trump`` (suit letter or null), ``tricks_won``,
``to_play``, ``seat_names`` (localized, by seat), ``caption`` (localized,
cards as ``K♠`` / ``К♠``), ``lang``, and per game: German Whist ``prize``,
``stock_size``, ``trump_card``, ``low_game``, ``stage``, ``points``,
``deals_won``; Whist ``turned_up``, ``score`` (the engine's score sheet);
Knock-out ``hand_size``, ``active``, ``out``, ``trump_card`` and, in ``draw``
frames, ``draw``; Humbug Whist ``turned_up``, ``turned_up_out``, ``widows``
(``left``/``right`` -> cards, empty once taken), ``laid_aside`` (seat -> cards),
``exchanges`` and ``score``. ``deal_end`` frames carry the engine's ``deal_result``; the
first frame of an example that starts mid-match carries ``earlier_deals``.
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

from ..cards import DECK, Card, Suit
from ..games import Game, GermanWhist, HumbugWhist, new_game
from ..games.base import Exchange, parse_action
from ..games.trick import TrickPlay, suit_of
from ..i18n import LANGS, N_, translations

EXAMPLES: tuple[str, ...] = (
    "german-1-3",
    "german-prize-fight",
    "german-low-game",
    "whist-honours",
    "whist-game-on-tricks",
    "whist-rubber",
    "knockout-3-8",
    "knockout-tie-break",
    "knockout-elimination",
    "humbug-exchange-wins",
    "humbug-honours",
)

# Where each example starts (frame 0 is the start of this deal; earlier deals are
# summarised in its caption) and from which deal it steps card by card (deals in
# between get one frame each, at their end).
_VIEW: dict[str, tuple[int, int]] = {
    "whist-game-on-tricks": (3, 3),
    "whist-rubber": (1, 5),
    "knockout-3-8": (5, 5),
    "knockout-tie-break": (3, 3),
}



def load(example_id: str) -> dict:
    """The stored game record of an example (a fresh dict each call)."""
    if example_id not in EXAMPLES:
        raise KeyError(f"unknown example {example_id!r}: expected one of {', '.join(EXAMPLES)}")
    text = resources.files(__name__).joinpath(f"{example_id}.json").read_text(encoding="utf-8")
    return json.loads(text)


# --- wording -------------------------------------------------------------------
SUIT_NAMES = (N_("spades"), N_("hearts"), N_("diamonds"), N_("clubs"))
SIDE_NAMES = (N_("North–South"), N_("East–West"))
WHIST_SEATS = (N_("North"), N_("East"), N_("South"), N_("West"))
GAME_KIND = {3: N_("a treble"), 2: N_("a double"), 1: N_("a single")}


def _sentences(*parts: str) -> str:
    return " ".join(p[0].upper() + p[1:] for p in parts if p)


class _Words:
    """Localized names, card notation and the catalogue of one game and language."""

    def __init__(self, game: Game, lang: str):
        self.lang = lang
        self.game = game
        tr = translations(lang)
        self.gettext, self.ngettext, self.pgettext, self.npgettext = (
            tr.gettext, tr.ngettext, tr.pgettext, tr.npgettext)

    def card(self, card: Card | int | str) -> str:
        if isinstance(card, int):
            card = DECK[card]
        elif isinstance(card, str):
            card = Card.parse(card)
        return card.russian() if self.lang == "ru" else card.english()

    def suit(self, suit: int) -> str:
        return self.gettext(SUIT_NAMES[suit])

    def side(self, side: int) -> str:
        return self.gettext(SIDE_NAMES[side])

    def side_by(self, side: int) -> str:
        """A side as the one a game or rubber goes to (Russian: the instrumental case)."""
        if side == 0:
            return self.pgettext("won by", "North–South")
        return self.pgettext("won by", "East–West")

    def taken(self, n: int) -> str:
        """``n`` tricks as the object of a sentence (Russian: the accusative case)."""
        return self.npgettext("taken", "{n} trick", "{n} tricks", n).format(n=n)

    def join(self, names: list[str]) -> str:
        if len(names) == 1:
            return names[0]
        return self.gettext("{names} and {last}").format(names=", ".join(names[:-1]), last=names[-1])

    def seat_names(self) -> list[str]:
        return DIAGRAMS[self.game.name].seat_names(self.game, self)

    def who(self, seat: int) -> str:
        """A seat as the subject of a sentence (lower case for the roles of the two-player games)."""
        return DIAGRAMS[self.game.name].who(self.game, self, seat)


# --- frames --------------------------------------------------------------------
def _hands(tp: TrickPlay) -> dict[str, list[str]]:
    return {
        str(s): [str(DECK[c]) for c in sorted(_bits(h), key=lambda c: (c // 13, -(c % 13)))]
        for s, h in sorted(tp.hands.items())
    }


def _bits(mask: int) -> list[int]:
    return [i for i in range(52) if mask >> i & 1]


def _trick(plays) -> list[dict]:
    return [{"seat": s, "card": str(DECK[c])} for s, c in plays]


def _scores(game: Game) -> dict:
    """The match score fields of a frame, from the game as it stands."""
    return DIAGRAMS[game.name].scores(game)


def _state(game: Game, tp: TrickPlay, words: _Words) -> dict:
    """A frame's position: ``game`` for the deal and score, ``tp`` for hands and trick."""
    frame = {
        "deal": len(game.deal_results) + 1,
        "dealer": game.dealer,
        "seat_names": words.seat_names(),
        "hands": _hands(tp),
        "trick": _trick(tp.trick),
        "trump": None if tp.trump is None else Suit(tp.trump).letter,
        "to_play": None if tp.done else tp.to_play,
        "lang": words.lang,
    }
    frame.update(DIAGRAMS[game.name].state(game, tp))
    frame.update(_scores(game))
    return frame


def _humbug_state(game: HumbugWhist, tp: TrickPlay) -> dict:
    """The two players' tricks, the turned-up card and, the diagram being open, the widows and laid-aside hands."""
    from ..games.humbug import WIDOW_PLACES

    taken = {str(c): s for s, c in game.exchanges}
    dealt = {game.dealer: game.places[0], 1 - game.dealer: game.places[2]}
    in_play = tp.hands[game.dealer] >> game.turned_up & 1 or any(c == game.turned_up for _, plays, _ in tp.tricks
                                                                 for _, c in plays)
    return {
        "tricks_won": [tp.won[0], tp.won[1]],
        "turned_up": str(DECK[game.turned_up]),
        "turned_up_out": game.dealer in game.laid_aside or not in_play,
        "widows": {str(w): [] if str(w) in taken else _sorted_cards(game.places[WIDOW_PLACES[w]])
                   for w in (Exchange.LEFT, Exchange.RIGHT)},
        "laid_aside": {str(s): _sorted_cards(dealt[s]) for s in game.laid_aside},
        "exchanges": [{"seat": s, "choice": str(c)} for s, c in game.exchanges],
    }


def _sorted_cards(mask: int) -> list[str]:
    return [str(DECK[c]) for c in sorted(_bits(mask), key=lambda c: (c // 13, -(c % 13)))]


def _card_caption(game: Game, tp_before: TrickPlay, seat: int, card: Card, winner, won_with, w: _Words) -> str:
    _, who, c = w.gettext, w.who(seat), w.card(card)
    led = tp_before.led_suit
    if led is None:
        parts = [_("{who} leads {card}.").format(who=who, card=c)]
    elif card.suit == led:
        parts = [_("{who} plays {card}.").format(who=who, card=c)]
    elif tp_before.trump is not None and card.suit == tp_before.trump:
        parts = [_("{who} has no {suit} and trumps with {card}.").format(
            who=who, card=c, suit=w.suit(led), symbol=Suit(led).symbol)]
    else:
        parts = [_("{who} has no {suit} and discards {card}.").format(
            who=who, card=c, suit=w.suit(led), symbol=Suit(led).symbol)]
    if winner is not None:
        parts.append(_("{who} wins the trick with {card}.").format(who=w.who(winner), card=w.card(won_with)))
    return _sentences(*parts)


def _prize_caption(game: GermanWhist, winner: int, prize: int, draw: int, w: _Words) -> str:
    _ = w.gettext
    win, lose = w.who(winner), w.who(1 - winner)
    parts = [_("{win} takes the prize {prize}; {lose} draws the next card face down ({draw}).").format(
        win=win, prize=w.card(prize), lose=lose, draw=w.card(draw))]
    if game.stock:
        parts.append(_("the new prize is {prize}; {suit} stay trump.").format(
            prize=w.card(game.stock[0]), suit=w.suit(suit_of(game.trump_card))))
        parts.append(_("both hold 13 cards; {win} leads trick {n}.").format(win=win, n=len(game.play.tricks) + 1))
    else:
        parts.append(_("the stock is empty: stage 2 begins, {win} leads.").format(win=win))
    return _sentences(*parts)


def _exchange_caption(seat: int, choice: str, w: _Words) -> str:
    _ = w.gettext
    texts = {"keep": _("{who} keeps the dealt hand."),
             "left": _("{who} lays the dealt hand aside and takes the left widow."),
             "right": _("{who} lays the dealt hand aside and takes the right widow.")}
    return _sentences(texts[choice].format(who=w.who(seat)))


def _humbug_deal_end(game: Game, line: dict, w: _Words) -> str:
    _ = w.gettext
    nd, d = 1 - line["dealer"], line["dealer"]
    t, tp, hp, pts = line["tricks"], line["trick_points"], line["honour_points"], line["points"]
    return _sentences(
        _("deal {n} ends: {first} takes {a}, {second} {b}.").format(
            n=len(game.deal_results), first=w.who(nd), a=w.taken(t[nd]), second=w.who(d), b=t[d]),
        _("points for tricks {a}–{b}, for honours {c}–{d}: {e}–{f} in all.").format(
            a=tp[nd], b=tp[d], c=hp[nd], d=hp[d], e=pts[nd], f=pts[d]),
    )


def _draw_caption(draw: dict, last: bool, winner: int, w: _Words) -> str:
    _ = w.gettext
    drawn = ", ".join(_("{who} draws {card}").format(who=w.who(s), card=w.card(c))
                      for s, c in zip(draw["seats"], draw["cards"]))
    if last:
        end = _("{who} wins the draw and deals.").format(who=w.who(winner))
    else:
        end = _("a tie on the highest rank: they draw again.")
    return _sentences(w.pgettext("tie-break draw", "{drawn}.").format(drawn=drawn), end)


def _trump_caption(seat: int, suit: Suit, w: _Words) -> str:
    return _sentences(w.gettext("{who} looks at the hand and chooses {suit} ({symbol}) as trump.").format(
        who=w.who(seat), suit=w.suit(suit), symbol=suit.symbol))


class _Diagram:
    """How the diagrams of one game name its seats, show its score and tell its deals: a renderer per
    game (:data:`DIAGRAMS`, checked against ``GAMES`` by tests/test_registries.py). The defaults are
    those of a game of numbered players (Knock-out Whist)."""

    def seat_names(self, game: Any, w: _Words) -> list[str]:
        return [w.gettext("Player {n}").format(n=s + 1) for s in range(game.num_seats)]

    def who(self, game: Any, w: _Words, seat: int) -> str:
        return self.seat_names(game, w)[seat]

    def scores(self, game: Any) -> dict:
        return {"active": list(game.active), "out": {str(s): d for s, d in game.out.items()}}

    def state(self, game: Any, tp: TrickPlay) -> dict:
        return {
            "tricks_won": {str(s): n for s, n in tp.won.items()},
            "hand_size": game.hand_size,
            "trump_card": None if game.trump_card is None else str(DECK[game.trump_card]),
        }

    def deal_intro(self, game: Any, w: _Words) -> str:
        _, ngettext = w.gettext, w.ngettext
        n = len(game.deal_results) + 1
        dealer, size = w.who(game.dealer), game.hand_size
        if n == 1:
            card, suit = w.card(game.trump_card), w.suit(suit_of(game.trump_card))
            return _sentences(
                _("deal 1: {dealer} deals 7 cards each and turns up {card}: {suit} are trump.").format(
                    dealer=dealer, card=card, suit=suit),
                _("{who} leads.").format(who=w.who(game.play.leader)),
            )
        players = w.join([w.who(s) for s in game.active])
        return _sentences(
            ngettext("deal {n}: {dealer} deals {size} card each to {players}.",
                     "deal {n}: {dealer} deals {size} cards each to {players}.", size).format(
                n=n, dealer=dealer, size=size, players=players),
            _("the dealer looks at the hand, chooses trump and leads."),
        )

    def earlier(self, game: Any, w: _Words) -> str:
        """One sentence on the deals played before the example's start."""
        return w.gettext("deals 1–{done} are played; still in the game: {names}.").format(
            done=len(game.deal_results), names=w.join([w.who(s) for s in game.active]))

    def deal_end(self, game: Any, line: dict, w: _Words) -> str:
        _, ngettext = w.gettext, w.ngettext
        tricks = {int(s): k for s, k in line["tricks"].items()}
        listed = ", ".join(_("{who} {n}").format(who=w.who(s), n=k) for s, k in tricks.items())
        parts = [_("deal {n} ends; tricks: {listed}.").format(n=line["deal"], listed=listed)]
        out = [w.who(s) for s in line["out"]]
        if out:
            parts.append(ngettext("{names} is knocked out.", "{names} are knocked out.", len(out)).format(
                names=w.join(out)))
        if game.winner is not None:
            parts.append(_("only {who} remains and wins the game.").format(who=w.who(game.winner)))
        else:
            best = max(tricks.values())
            tops = [s for s, k in tricks.items() if k == best]
            if len(tops) == 1:
                parts.append(_("{who} took the most tricks and deals next.").format(who=w.who(tops[0])))
            else:
                parts.append(ngettext("{names} tie on {n} trick and draw for the deal.",
                                      "{names} tie on {n} tricks and draw for the deal.", best).format(
                    names=w.join([w.who(s) for s in tops]), n=best))
        return _sentences(*parts)


class _DealerAndNonDealer(_Diagram):
    """A two-player game whose seats are named by their roles in the deal."""

    def seat_names(self, game: Any, w: _Words) -> list[str]:
        _ = w.gettext
        return [_("Dealer") if s == game.dealer else _("Non-dealer") for s in (0, 1)]

    def who(self, game: Any, w: _Words, seat: int) -> str:
        return w.gettext("the dealer") if seat == game.dealer else w.gettext("the non-dealer")


class _GermanDiagram(_DealerAndNonDealer):
    def scores(self, game: Any) -> dict:
        return {"points": list(game.points), "deals_won": list(game.deals_won)}

    def state(self, game: Any, tp: TrickPlay) -> dict:
        first = [w for *_, w in tp.tricks[:13]]
        second = [w for *_, w in tp.tricks[13:]]
        return {
            "stage": 1 if len(tp.tricks) < 13 else 2,
            "tricks_won": {"stage1": [first.count(s) for s in (0, 1)], "stage2": [second.count(s) for s in (0, 1)]},
            "trump_card": str(DECK[game.trump_card]),
            "low_game": game.low_game,
            "prize": str(DECK[game.stock[0]]) if game.stock else None,
            "stock_size": len(game.stock),
        }

    def deal_intro(self, game: Any, w: _Words) -> str:
        _ = w.gettext
        n = len(game.deal_results) + 1
        card, suit = w.card(game.trump_card), w.suit(suit_of(game.trump_card))
        parts = [
            _("deal {n}: the dealer deals 13 cards each and turns up {card}: {suit} are trump, "
              "and {card} is the first prize.").format(n=n, card=card, suit=suit),
            w.pgettext("first lead of German Whist", "{who} leads.").format(who=w.who(1 - game.dealer)),
        ]
        if game.low_game:
            parts.append(_("the trump card is black: a low game — the fewer counted tricks wins."))
        return _sentences(*parts)

    def deal_end(self, game: Any, line: dict, w: _Words) -> str:
        _, ngettext = w.gettext, w.ngettext
        c = line["counted"]
        nd, d = 1 - line["dealer"], line["dealer"]
        names = w.seat_names()
        parts = [_("the deal ends; counted tricks: {nd} {a}, {d} {b}.").format(
            nd=names[nd].lower(), a=c[nd], d=names[d].lower(), b=c[d])]
        if line["winner"] is None:
            parts.append(_("a draw."))
        else:
            low = _("a low game:") + " " if line["low"] else ""
            pts = line["points"]
            parts.append(low + ngettext("{who} wins the deal and scores {n} point.",
                                        "{who} wins the deal and scores {n} points.", pts).format(
                who=w.who(line["winner"]), n=pts))
        return _sentences(*parts)


class _WhistDiagram(_Diagram):
    def seat_names(self, game: Any, w: _Words) -> list[str]:
        return [w.gettext(name) for name in WHIST_SEATS]

    def scores(self, game: Any) -> dict:
        return {"score": game.score_sheet()}

    def state(self, game: Any, tp: TrickPlay) -> dict:
        showing = not tp.tricks and all(s != game.dealer for s, _ in tp.trick)
        return {
            "tricks_won": [tp.won[0] + tp.won[2], tp.won[1] + tp.won[3]],
            "turned_up": str(DECK[game.turned_up]) if showing else None,
        }

    def deal_intro(self, game: Any, w: _Words) -> str:
        _ = w.gettext
        n = len(game.deal_results) + 1
        dealer, left = w.who(game.dealer), w.who((game.dealer + 1) % 4)
        card, suit = w.card(game.turned_up), w.suit(suit_of(game.turned_up))
        a, b = game.score.game_points
        return _sentences(
            _("deal {n}: {dealer} deals and turns up the last card, {card}: {suit} are trump.").format(
                n=n, dealer=dealer, card=card, suit=suit),
            _("{who} leads.").format(who=left),
            _("game score: {ns} {a}, {ew} {b}.").format(ns=w.side(0), a=a, ew=w.side(1), b=b),
        )

    def earlier(self, game: Any, w: _Words) -> str:
        _ = w.gettext
        scored = ", ".join(
            _("deal {n} {ns}–{ew}").format(n=i, ns=r["points"][0], ew=r["points"][1])
            for i, r in enumerate(game.deal_results, 1)
        )
        return _("before this deal ({ns} – {ew}): {scored}.").format(ns=w.side(0), ew=w.side(1), scored=scored)

    def deal_end(self, game: Any, line: dict, w: _Words) -> str:
        _, ngettext, n = w.gettext, w.ngettext, len(game.deal_results)
        t, tp, hp = line["tricks"], line["trick_points"], line["honour_points"]
        parts = [
            _("deal {n} ends: {ns} take {ns_tricks}, {ew} {ew_count}.").format(
                n=n, ns=w.side(0), ns_tricks=w.taken(t[0]), ew=w.side(1), ew_tricks=w.taken(t[1]), ew_count=t[1]),
            _("points for tricks {a}–{b}, for honours {c}–{d}.").format(a=tp[0], b=tp[1], c=hp[0], d=hp[1]),
        ]
        won = line["game_won_by"]
        if won is None:
            a, b = game.score.game_points
            parts.append(_("game score {a}–{b}.").format(a=a, b=b))
        else:
            g = game.score.games[-1]
            a, b = g["points"]
            if sum(hp) == 0 and max(line["honours_held"]) >= 3 and tp[won] and game.options.honours:
                parts.append(_("the game is reached on tricks, so honours are not scored."))
            parts.append(ngettext("game to {side}, {a}–{b}: {kind}, worth {n} rubber point.",
                                  "game to {side}, {a}–{b}: {kind}, worth {n} rubber points.", g["value"]).format(
                side=w.side(won), side_by=w.side_by(won), a=a, b=b, kind=_(GAME_KIND[g["value"]]), n=g["value"]))
            rubber = game.score.net()
            if rubber:
                r = game.score.rubber_points()
                win = rubber["winner"]
                parts.append(_("rubber to {side}: rubber points {a}–{b}, net {net}.").format(
                    side=w.side(win), side_by=w.side_by(win), a=r[0], b=r[1], net=rubber["net"]))
        return _sentences(*parts)


class _HumbugDiagram(_DealerAndNonDealer):
    def scores(self, game: Any) -> dict:
        return {"score": game.score_sheet()}

    def state(self, game: Any, tp: TrickPlay) -> dict:
        return _humbug_state(game, tp)

    def deal_intro(self, game: Any, w: _Words) -> str:
        _ = w.gettext
        n = len(game.deal_results) + 1
        card, suit = w.card(game.turned_up), w.suit(suit_of(game.turned_up))
        a, b = game.score.game_points
        return _sentences(
            _("deal {n}: the dealer deals the whole pack to four places, starting with the left widow, "
              "and turns up the last card, {card}: {suit} are trump.").format(n=n, card=card, suit=suit),
            _("first the non-dealer, then the dealer, keeps the hand or takes a widow."),
            _("game score {a}–{b}.").format(a=a, b=b) if n > 1 else "",
        )

    def deal_end(self, game: Any, line: dict, w: _Words) -> str:
        return _humbug_deal_end(game, line, w)


DIAGRAMS: dict[str, _Diagram] = {"german": _GermanDiagram(), "whist": _WhistDiagram(), "knockout": _Diagram(),
                                 "humbug": _HumbugDiagram()}
"""Each game's diagrams (a renderer per game, like the terminal's)."""


def _deal_intro(game: Game, w: _Words) -> str:
    return DIAGRAMS[game.name].deal_intro(game, w)


def _earlier(game: Game, w: _Words) -> str:
    return DIAGRAMS[game.name].earlier(game, w)


def _deal_end_caption(game: Game, line: dict, w: _Words) -> str:
    return DIAGRAMS[game.name].deal_end(game, line, w)


def frames(example_id: str, lang: str = "en") -> list[dict]:
    """The step-through of an example: its start, then one frame per card played,
    trump choice, German prize exchange, deal end, tie-break draw and new deal."""
    if lang not in LANGS:
        raise ValueError(f"lang must be one of {', '.join(LANGS)}, not {lang!r}")
    record = load(example_id)
    start, detail = _VIEW.get(example_id, (1, 1))
    game = new_game(record["game"], record["options"], chance=record["chance"])
    w = _Words(game, lang)
    out: list[dict] = []

    def intro() -> None:
        number = len(game.deal_results) + 1
        if number == start:
            frame = _state(game, game.play, w)
            caption = _deal_intro(game, w)
            if game.deal_results:
                frame["earlier_deals"] = [dict(r) for r in game.deal_results]
                caption = _sentences(_earlier(game, w), caption)
            out.append({"kind": "start", **frame, "caption": caption})
        elif number > start and number >= detail:
            out.append({"kind": "deal", **_state(game, game.play, w), "caption": _deal_intro(game, w)})

    intro()
    for entry in record["actions"]:
        number = len(game.deal_results) + 1
        shown = number >= detail
        seat = game.current_seat
        if seat is None:
            raise ValueError(f"example {example_id!r} has actions after the game's end")
        action = parse_action(entry["action"], game.decision)
        if isinstance(action, Suit):  # a trump choice
            game.apply(action)
            if shown:
                out.append({"kind": "trump", **_state(game, game.play, w), "caption": _trump_caption(seat, action, w)})
            continue
        if isinstance(action, Exchange):
            game.apply(action)
            if shown:
                caption = _exchange_caption(seat, str(action), w)
                out.append({"kind": "exchange", **_state(game, game.play, w), "caption": caption})
            continue
        tp = game.play.clone()
        winner = tp.play(action.index)
        won_with = None
        if winner is not None:
            plays = tp.tricks[-1][1]
            won_with = next(c for s, c in plays if s == winner)
        frame = _state(game, tp, w)
        if winner is not None:
            frame["trick"] = _trick(tp.tricks[-1][1])
        caption = _card_caption(game, game.play, seat, action, winner, won_with, w)
        stock = getattr(game, "stock", None) if game.info.stock else None
        german_stage1 = winner is not None and bool(stock)  # a prize and a draw
        if stock and winner is not None:
            prize, draw = stock[0], stock[1]
        deals_before = len(game.deal_results)
        game.apply(action)
        if shown:
            out.append({"kind": "card", **frame, "caption": caption})
        if german_stage1 and shown and winner is not None and isinstance(game, GermanWhist):
            out.append(
                {"kind": "prize", **_state(game, game.play, w), "caption": _prize_caption(game, winner, prize, draw, w)}
            )
        if len(game.deal_results) == deals_before:
            continue
        line = game.deal_results[-1]
        if number >= start:
            end = dict(frame, trick=[], to_play=None, **_scores(game))
            end.update(kind="deal_end", deal_result=dict(line), caption=_deal_end_caption(game, line, w))
            out.append(end)
            tie_breaks = getattr(game, "tie_breaks", None)  # Knock-out: tied players drew to deal
            if not game.is_over and tie_breaks:
                for i, draw in enumerate(tie_breaks):
                    last = i == len(tie_breaks) - 1
                    out.append(
                        dict(
                            end,
                            kind="draw",
                            draw=dict(draw),
                            hands={},
                            caption=_draw_caption(draw, last, game.dealer, w),
                        )
                    )
        if not game.is_over:
            w = _Words(game, lang)
            intro()
    return out


__all__ = ["EXAMPLES", "LANGS", "frames", "load"]
