"""Worked examples as game records, and their step-through diagrams.

Each example of ``web/content/examples.json`` is a real game record (format
version 1, docs/records.md) stored next to this file as ``<id>.json``; it was
made by playing the engine on hand-built or searched deck orders
(:mod:`whistdrive.examples.build` rebuilds them). :func:`frames` replays a
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

from ..cards import DECK, Card, Suit
from ..games import Decision, Game, new_game
from ..games.base import parse_action
from ..games.trick import TrickPlay, suit_of

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

LANGS = ("en", "ru")


def load(example_id: str) -> dict:
    """The stored game record of an example (a fresh dict each call)."""
    if example_id not in EXAMPLES:
        raise KeyError(f"unknown example {example_id!r}: expected one of {', '.join(EXAMPLES)}")
    text = resources.files(__name__).joinpath(f"{example_id}.json").read_text(encoding="utf-8")
    return json.loads(text)


# --- wording -------------------------------------------------------------------
SUIT_NAMES = {"en": ("spades", "hearts", "diamonds", "clubs"), "ru": ("пики", "черви", "бубны", "трефы")}
SIDE_NAMES = {"en": ("North–South", "East–West"), "ru": ("Север–Юг", "Восток–Запад")}
SIDE_INSTR = {"en": ("North–South", "East–West"), "ru": ("Севером–Югом", "Востоком–Западом")}
GAME_KIND = {
    "en": {3: "a treble", 2: "a double", 1: "a single"},
    "ru": {3: "«тройной»", 2: "«двойной»", 1: "«одиночный»"},
}


def _plural_ru(n: int, one: str, few: str, many: str) -> str:
    if n % 10 == 1 and n % 100 != 11:
        return one
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return few
    return many


def _tricks(n: int, lang: str) -> str:
    if lang == "ru":
        return f"{n} {_plural_ru(n, 'взятку', 'взятки', 'взяток')}"
    return f"{n} trick" if n == 1 else f"{n} tricks"


def _sentences(*parts: str) -> str:
    return " ".join(p[0].upper() + p[1:] for p in parts if p)


def _and(names: list[str], lang: str) -> str:
    word = " и " if lang == "ru" else " and "
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + word + names[-1]


class _Words:
    """Localized names and card notation for one game and language."""

    def __init__(self, game: Game, lang: str):
        self.lang = lang
        self.game = game

    def card(self, card: Card | int | str) -> str:
        if isinstance(card, int):
            card = DECK[card]
        elif isinstance(card, str):
            card = Card.parse(card)
        return card.russian() if self.lang == "ru" else card.english()

    def suit(self, suit: int) -> str:
        return SUIT_NAMES[self.lang][suit]

    def seat_names(self) -> list[str]:
        g, ru = self.game, self.lang == "ru"
        if g.name in ("german", "humbug"):
            role = ("Сдающий", "Не сдававший") if ru else ("Dealer", "Non-dealer")
            return [role[0] if s == g.dealer else role[1] for s in (0, 1)]
        if g.name == "whist":
            return ["Север", "Восток", "Юг", "Запад"] if ru else ["North", "East", "South", "West"]
        return [f"{'Игрок' if ru else 'Player'} {s + 1}" for s in range(g.num_seats)]

    def who(self, seat: int) -> str:
        """A seat as the subject of a sentence (lower case for the roles of the two-player games)."""
        if self.game.name in ("german", "humbug"):
            if self.lang == "ru":
                return "сдающий" if seat == self.game.dealer else "не сдававший"
            return "the dealer" if seat == self.game.dealer else "the non-dealer"
        return self.seat_names()[seat]


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
    if game.name == "german":
        return {"points": list(game.points), "deals_won": list(game.deals_won)}
    if game.name in ("whist", "humbug"):
        return {"score": game.score_sheet()}
    return {"active": list(game.active), "out": {str(s): d for s, d in game.out.items()}}


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
    if game.name == "german":
        first = [w for *_, w in tp.tricks[:13]]
        second = [w for *_, w in tp.tricks[13:]]
        frame.update(
            {
                "stage": 1 if len(tp.tricks) < 13 else 2,
                "tricks_won": {"stage1": [first.count(s) for s in (0, 1)], "stage2": [second.count(s) for s in (0, 1)]},
                "trump_card": str(DECK[game.trump_card]),
                "low_game": game.low_game,
                "prize": str(DECK[game.stock[0]]) if game.stock else None,
                "stock_size": len(game.stock),
            }
        )
    elif game.name == "humbug":
        frame.update(_humbug_state(game, tp))
    elif game.name == "whist":
        showing = not tp.tricks and all(s != game.dealer for s, _ in tp.trick)
        frame.update(
            {
                "tricks_won": [tp.won[0] + tp.won[2], tp.won[1] + tp.won[3]],
                "turned_up": str(DECK[game.turned_up]) if showing else None,
            }
        )
    else:
        frame.update(
            {
                "tricks_won": {str(s): n for s, n in tp.won.items()},
                "hand_size": game.hand_size,
                "trump_card": None if game.trump_card is None else str(DECK[game.trump_card]),
            }
        )
    frame.update(_scores(game))
    return frame


def _humbug_state(game: Game, tp: TrickPlay) -> dict:
    """The two players' tricks, the turned-up card and, the diagram being open, the widows and laid-aside hands."""
    from ..games.base import Exchange
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


def _deal_intro(game: Game, w: _Words) -> str:
    ru = w.lang == "ru"
    n = len(game.deal_results) + 1
    if game.name == "humbug":
        card, suit = w.card(game.turned_up), w.suit(suit_of(game.turned_up))
        a, b = game.score.game_points
        if ru:
            return _sentences(
                f"сдача {n}: сдающий раздаёт всю колоду на четыре места, начиная с левого прикупа, "
                f"и открывает свою последнюю карту {card}: козыри — {suit}.",
                "сначала не сдававший, затем сдающий решают: оставить руку или взять прикуп.",
                f"счёт гейма {a}–{b}." if n > 1 else "",
            )
        return _sentences(
            f"deal {n}: the dealer deals the whole pack to four places, starting with the left widow, "
            f"and turns up the last card, {card}: {suit} are trump.",
            "first the non-dealer, then the dealer, keeps the hand or takes a widow.",
            f"game score {a}–{b}." if n > 1 else "",
        )
    if game.name == "german":
        card, suit = w.card(game.trump_card), w.suit(suit_of(game.trump_card))
        lead = w.who(1 - game.dealer)
        if ru:
            parts = [
                f"сдача {n}: сдающий раздаёт по 13 карт и открывает {card}: козыри — {suit}, {card} — первый приз.",
                f"{lead} ходит первым.",
            ]
            if game.low_game:
                parts.append("открытая карта чёрная: игра на минимум — выигрывает тот, у кого меньше взяток.")
        else:
            parts = [
                f"deal {n}: the dealer deals 13 cards each and turns up {card}: {suit} are trump, "
                f"and {card} is the first prize.",
                f"{lead} leads.",
            ]
            if game.low_game:
                parts.append("the trump card is black: a low game — the fewer counted tricks wins.")
        return _sentences(*parts)
    if game.name == "whist":
        dealer, left = w.who(game.dealer), w.who((game.dealer + 1) % 4)
        card, suit = w.card(game.turned_up), w.suit(suit_of(game.turned_up))
        a, b = game.score.game_points
        ns, ew = SIDE_NAMES[w.lang]
        if ru:
            return _sentences(
                f"сдача {n}: сдаёт {dealer} и открывает свою последнюю карту {card}: козыри — {suit}.",
                f"ходит {left}.",
                f"счёт гейма: {ns} {a}, {ew} {b}.",
            )
        return _sentences(
            f"deal {n}: {dealer} deals and turns up the last card, {card}: {suit} are trump.",
            f"{left} leads.",
            f"game score: {ns} {a}, {ew} {b}.",
        )
    dealer, size = w.who(game.dealer), game.hand_size
    if n == 1:
        card, suit = w.card(game.trump_card), w.suit(suit_of(game.trump_card))
        lead = w.who(game.play.leader)
        if ru:
            return _sentences(
                f"сдача 1: {dealer} сдаёт по 7 карт и открывает {card}: козыри — {suit}.", f"ходит {lead}."
            )
        return _sentences(
            f"deal 1: {dealer} deals 7 cards each and turns up {card}: {suit} are trump.", f"{lead} leads."
        )
    players = _and([w.who(s) for s in game.active], w.lang)
    if ru:
        each = f"по {size} {_plural_ru(size, 'карте', 'карты', 'карт')}"
        return _sentences(
            f"сдача {n}: {dealer} сдаёт {each} игрокам: {players}.",
            "сдающий смотрит свои карты, назначает козырь и ходит первым.",
        )
    each = "1 card" if size == 1 else f"{size} cards"
    return _sentences(
        f"deal {n}: {dealer} deals {each} each to {players}.", "the dealer looks at the hand, chooses trump and leads."
    )


def _earlier(game: Game, w: _Words) -> str:
    """One sentence on the deals played before the example's start."""
    done = len(game.deal_results)
    ru = w.lang == "ru"
    if game.name == "whist":
        scored = ", ".join(
            f"{'сдача' if ru else 'deal'} {i} {r['points'][0]}–{r['points'][1]}"
            for i, r in enumerate(game.deal_results, 1)
        )
        ns, ew = SIDE_NAMES[w.lang]
        return f"до этой сдачи ({ns} – {ew}): {scored}." if ru else f"before this deal ({ns} – {ew}): {scored}."
    names = _and([w.who(s) for s in game.active], w.lang)
    if ru:
        return f"сыграны сдачи 1–{done}; в игре остаются: {names}."
    return f"deals 1–{done} are played; still in the game: {names}."


def _card_caption(game: Game, tp_before: TrickPlay, seat: int, card: Card, winner, won_with, w: _Words) -> str:
    ru, who, c = w.lang == "ru", w.who(seat), w.card(card)
    led = tp_before.led_suit
    if led is None:
        parts = [f"{who} ходит {c}." if ru else f"{who} leads {c}."]
    elif card.suit == led:
        parts = [f"{who} кладёт {c}." if ru else f"{who} plays {c}."]
    elif tp_before.trump is not None and card.suit == tp_before.trump:
        sym = Suit(led).symbol
        parts = [
            f"{who} бьёт козырем {c} (масти {sym} нет)." if ru else f"{who} has no {w.suit(led)} and trumps with {c}."
        ]
    else:
        sym = Suit(led).symbol
        parts = [f"{who} сбрасывает {c} (масти {sym} нет)." if ru else f"{who} has no {w.suit(led)} and discards {c}."]
    if winner is not None:
        wc = w.card(won_with)
        parts.append(f"{w.who(winner)} берёт взятку ({wc})." if ru else f"{w.who(winner)} wins the trick with {wc}.")
    return _sentences(*parts)


def _prize_caption(game: Game, winner: int, prize: int, draw: int, w: _Words) -> str:
    ru = w.lang == "ru"
    win, lose = w.who(winner), w.who(1 - winner)
    suit = w.suit(game.play.trump)
    n = len(game.play.tricks) + 1
    if ru:
        parts = [f"{win} забирает приз {w.card(prize)}, {lose} берёт следующую карту в закрытую ({w.card(draw)})."]
        if game.stock:
            parts.append(f"новый приз — {w.card(game.stock[0])}; козыри по-прежнему {suit}.")
            parts.append(f"у обоих по 13 карт; {win} начинает взятку {n}.")
        else:
            parts.append(f"колода кончилась: начинается вторая стадия, {win} ходит первым.")
    else:
        parts = [f"{win} takes the prize {w.card(prize)}; {lose} draws the next card face down ({w.card(draw)})."]
        if game.stock:
            parts.append(f"the new prize is {w.card(game.stock[0])}; {suit} stay trump.")
            parts.append(f"both hold 13 cards; {win} leads trick {n}.")
        else:
            parts.append(f"the stock is empty: stage 2 begins, {win} leads.")
    return _sentences(*parts)


def _exchange_caption(seat: int, choice: str, w: _Words) -> str:
    who = w.who(seat)
    if w.lang == "ru":
        side = {"left": "левый", "right": "правый"}.get(choice)
        return _sentences(f"{who} оставляет сданную руку." if side is None
                          else f"{who} откладывает сданную руку и берёт {side} прикуп.")
    return _sentences(f"{who} keeps the dealt hand." if choice == "keep"
                      else f"{who} lays the dealt hand aside and takes the {choice} widow.")


def _humbug_deal_end(game: Game, line: dict, w: _Words) -> str:
    ru, n = w.lang == "ru", len(game.deal_results)
    nd, d = 1 - line["dealer"], line["dealer"]
    t, tp, hp, pts = line["tricks"], line["trick_points"], line["honour_points"], line["points"]
    names = [w.who(nd), w.who(d)]
    if ru:
        parts = [f"сдача {n} окончена: {names[0]} — {_tricks(t[nd], 'ru')}, {names[1]} — {_tricks(t[d], 'ru')}.",
                 f"очки за взятки {tp[nd]}–{tp[d]}, за онёры {hp[nd]}–{hp[d]}: итого {pts[nd]}–{pts[d]}."]
    else:
        parts = [f"deal {n} ends: {names[0]} takes {_tricks(t[nd], 'en')}, {names[1]} {t[d]}.",
                 f"points for tricks {tp[nd]}–{tp[d]}, for honours {hp[nd]}–{hp[d]}: {pts[nd]}–{pts[d]} in all."]
    return _sentences(*parts)


def _deal_end_caption(game: Game, line: dict, w: _Words) -> str:
    ru, n = w.lang == "ru", len(game.deal_results)
    if game.name == "humbug":
        return _humbug_deal_end(game, line, w)
    if game.name == "german":
        c = line["counted"]
        nd, d = 1 - line["dealer"], line["dealer"]
        names = w.seat_names()
        if ru:
            parts = [
                f"сдача окончена; засчитываемые взятки: {names[nd].lower()} — {c[nd]}, {names[d].lower()} — {c[d]}."
            ]
        else:
            parts = [f"the deal ends; counted tricks: {names[nd].lower()} {c[nd]}, {names[d].lower()} {c[d]}."]
        if line["winner"] is None:
            parts.append("ничья." if ru else "a draw.")
        else:
            who, pts = w.who(line["winner"]), line["points"]
            low = ("игра на минимум: " if ru else "a low game: ") if line["low"] else ""
            if ru:
                parts.append(
                    f"{low}сдачу выигрывает {who} и получает {pts} {_plural_ru(pts, 'очко', 'очка', 'очков')}."
                )
            else:
                parts.append(f"{low}{who} wins the deal and scores {pts} point{'s' if pts != 1 else ''}.")
        return _sentences(*parts)
    if game.name == "whist":
        sides, instr = SIDE_NAMES[w.lang], SIDE_INSTR[w.lang]
        t, tp, hp = line["tricks"], line["trick_points"], line["honour_points"]
        if ru:
            parts = [
                f"сдача {n} окончена: {sides[0]} — {_tricks(t[0], 'ru')}, {sides[1]} — {_tricks(t[1], 'ru')}.",
                f"очки за взятки {tp[0]}–{tp[1]}, за онёры {hp[0]}–{hp[1]}.",
            ]
        else:
            parts = [
                f"deal {n} ends: {sides[0]} take {_tricks(t[0], 'en')}, {sides[1]} {t[1]}.",
                f"points for tricks {tp[0]}–{tp[1]}, for honours {hp[0]}–{hp[1]}.",
            ]
        won = line["game_won_by"]
        if won is None:
            a, b = game.score.game_points
            parts.append(f"счёт гейма {a}–{b}." if ru else f"game score {a}–{b}.")
        else:
            g = game.score.games[-1]
            a, b = g["points"]
            kind = GAME_KIND[w.lang][g["value"]]
            if sum(hp) == 0 and max(line["honours_held"]) >= 3 and tp[won] and game.options.honours:
                parts.append(
                    "гейм набран взятками — онёры не засчитываются."
                    if ru
                    else "the game is reached on tricks, so honours are not scored."
                )
            if ru:
                parts.append(
                    f"гейм за {instr[won]}, {a}–{b}: {kind}, {g['value']} {_plural_ru(g['value'], 'очко', 'очка', 'очков')} роббера."
                )
            else:
                parts.append(
                    f"game to {sides[won]}, {a}–{b}: {kind}, worth {g['value']} rubber point{'s' if g['value'] != 1 else ''}."
                )
            rubber = game.score.net()
            if rubber:
                r = game.score.rubber_points()
                win = rubber["winner"]
                if ru:
                    parts.append(f"роббер за {instr[win]}: очки роббера {r[0]}–{r[1]}, чистыми {rubber['net']}.")
                else:
                    parts.append(f"rubber to {sides[win]}: rubber points {r[0]}–{r[1]}, net {rubber['net']}.")
        return _sentences(*parts)
    tricks = {int(s): k for s, k in line["tricks"].items()}
    listed = ", ".join(f"{w.who(s)} — {k}" if ru else f"{w.who(s)} {k}" for s, k in tricks.items())
    parts = [
        f"сдача {line['deal']} окончена, взятки: {listed}." if ru else f"deal {line['deal']} ends; tricks: {listed}."
    ]
    out = [w.who(s) for s in line["out"]]
    if out:
        if ru:
            parts.append(f"{'выбывает' if len(out) == 1 else 'выбывают'} {_and(out, 'ru')}.")
        else:
            parts.append(f"{_and(out, 'en')} {'is' if len(out) == 1 else 'are'} knocked out.")
    if game.winner is not None:
        win = w.who(game.winner)
        parts.append(f"остался один игрок — {win}: он побеждает." if ru else f"only {win} remains and wins the game.")
    else:
        best = max(tricks.values())
        tops = [s for s, k in tricks.items() if k == best]
        if len(tops) == 1:
            top = w.who(tops[0])
            parts.append(
                f"больше всех взяток взял {top}: он сдаёт следующим."
                if ru
                else f"{top} took the most tricks and deals next."
            )
        elif ru:
            parts.append(
                f"{_and([w.who(s) for s in tops], 'ru')} взяли по {_tricks(best, 'ru')} и тянут жребий за право сдавать."
            )
        else:
            parts.append(f"{_and([w.who(s) for s in tops], 'en')} tie on {best} tricks and draw for the deal.")
    return _sentences(*parts)


def _draw_caption(draw: dict, last: bool, winner: int, w: _Words) -> str:
    ru = w.lang == "ru"
    drawn = ", ".join(
        f"{w.who(s)} — {w.card(c)}" if ru else f"{w.who(s)} draws {w.card(c)}"
        for s, c in zip(draw["seats"], draw["cards"])
    )
    if ru:
        end = f"{w.who(winner)} выигрывает жребий и сдаёт." if last else "старшая карта не одна — тянут снова."
        return _sentences(f"жребий: {drawn}.", end)
    end = f"{w.who(winner)} wins the draw and deals." if last else "a tie on the highest rank: they draw again."
    return _sentences(f"{drawn}.", end)


def _trump_caption(seat: int, suit: Suit, w: _Words) -> str:
    if w.lang == "ru":
        return _sentences(f"{w.who(seat)} смотрит свои карты и назначает козырями {w.suit(suit)} ({suit.symbol}).")
    return _sentences(f"{w.who(seat)} looks at the hand and chooses {w.suit(suit)} ({suit.symbol}) as trump.")


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
        action = parse_action(entry["action"], game.decision)
        if game.decision is Decision.TRUMP:
            game.apply(action)
            if shown:
                out.append({"kind": "trump", **_state(game, game.play, w), "caption": _trump_caption(seat, action, w)})
            continue
        if game.decision is Decision.EXCHANGE:
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
        german_stage1 = game.name == "german" and winner is not None and len(tp.tricks) <= 13
        if german_stage1:
            prize, draw = game.stock[0], game.stock[1]
        deals_before = len(game.deal_results)
        game.apply(action)
        if shown:
            out.append({"kind": "card", **frame, "caption": caption})
        if german_stage1 and shown:
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
            if game.name == "knockout" and game.winner is None:
                for i, draw in enumerate(game.tie_breaks):
                    last = i == len(game.tie_breaks) - 1
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
