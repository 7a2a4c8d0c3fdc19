"""Draw a seat's view of the table as text: cards with suit symbols and colour."""

from __future__ import annotations

from ..cards import Card, Suit
from ..games import GAMES
from .texts import t, tricks

RED, RESET, BOLD, DIM = "\x1b[31m", "\x1b[0m", "\x1b[1m", "\x1b[2m"


class Style:
    """How to print cards: language, ANSI colour (an extra cue), ASCII fallback."""

    def __init__(self, lang: str = "en", color: bool = True, ascii_only: bool = False):
        self.lang, self.color, self.ascii_only = lang, color, ascii_only

    def card(self, text: str) -> str:
        card = Card.parse(text)
        if self.ascii_only:
            shown = str(card) if self.lang == "en" else card.russian().replace(card.suit.symbol, card.suit.letter)
        else:
            shown = card.russian() if self.lang == "ru" else card.english()
        return f"{RED}{shown}{RESET}" if self.color and card.suit.is_red else shown

    def suit(self, letter: str | None) -> str:
        if letter is None:
            return "—"
        suit = Suit.parse(letter)
        shown = suit.letter if self.ascii_only else suit.symbol
        return f"{RED}{shown}{RESET}" if self.color and suit.is_red else shown

    def bold(self, text: str) -> str:
        return f"{BOLD}{text}{RESET}" if self.color else text

    def cards(self, texts: list[str]) -> str:
        return " ".join(self.card(c) for c in texts) or "—"


def seat_label(obs: dict, seat: int, lang: str) -> str:
    return label(obs["game"], obs["seat_names"], seat, obs["seat"], lang)


def label(game: str, seat_names, seat: int, viewer: int | None, lang: str) -> str:
    """'You', 'Partner', 'Opponent' or the seat's name, from the viewer's point of view."""
    info = GAMES[game].info
    if viewer is None:
        return seat_names[seat]
    if seat == viewer:
        return t(lang, "you")
    if info.partnerships and info.side(seat) == info.side(viewer):
        return f"{t(lang, 'partner')} ({seat_names[seat]})"
    if info.max_seats == 2:
        return t(lang, "opponent")
    return seat_names[seat]


def trick_line(obs: dict, plays: list[dict], style: Style) -> str:
    return "  ".join(f"{seat_label(obs, p['seat'], style.lang)}: {style.card(p['card'])}" for p in plays) or "—"


def render(obs: dict, style: Style) -> str:
    """The whole table as one seat sees it."""
    lang = style.lang
    lines = []
    head = f"{t(lang, 'deal')} {obs['deal_number']}   {t(lang, 'trump')}: {style.suit(obs['trump'])}"
    head += f"   ({seat_label(obs, obs['dealer'], lang)} — {t(lang, 'dealer')})"
    lines.append(style.bold(head))
    lines.append(STATUS[obs["game"]](obs, style))
    if obs["tricks"]:
        lines.append(f"{t(lang, 'last_trick')}: {trick_line(obs, obs['tricks'][-1]['cards'], style)}")
    lines.append(f"{t(lang, 'trick')}: {trick_line(obs, obs['trick'], style)}")
    lines.append(f"{t(lang, 'your_hand')}: {hand_line(obs, style)}")
    return "\n".join(lines)


def hand_line(obs: dict, style: Style) -> str:
    """The hand, legal cards numbered for quick entry, others dimmed; the choices of an exchange."""
    if obs["decision"] == "exchange" and obs["legal"]:
        choices = ", ".join(f"{i}:{t(style.lang, a)}" for i, a in enumerate(obs["legal"], 1))
        return f"{style.cards(obs['hand'])}\n{t(style.lang, 'choices')}: {choices}"
    legal = obs["legal"] if obs["decision"] == "play" else []
    parts = []
    for card in obs["hand"]:
        if card in legal:
            parts.append(f"{legal.index(card) + 1}:{style.card(card)}")
        else:
            parts.append(f"{DIM}{style.card(card)}{RESET}" if style.color else f"({style.card(card)})")
    return " ".join(parts)


def _german(obs: dict, style: Style) -> str:
    lang = style.lang
    won = obs["tricks_won"]
    parts = [f"{t(lang, 'stage')} {obs['stage']}"]
    if obs["prize"]:
        parts.append(f"{t(lang, 'prize')}: {style.card(obs['prize'])}")
    parts.append(f"{t(lang, 'stock')}: {obs['stock_size']}")
    if obs["options"]["high_low"]:
        parts.append(t(lang, "low_game" if obs["low_game"] else "high_game"))
    me, other = obs["seat"], 1 - obs["seat"]
    for stage in ("stage1", "stage2"):
        parts.append(f"{stage[-1]}: {won[stage][me]}–{won[stage][other]}")
    parts.append(f"{t(lang, 'score')}: {obs['points'][me]}–{obs['points'][other]}")
    text = "   ".join(parts)
    if obs["opponent_known"]:
        text += f"\n{t(lang, 'opponent_holds')}: {style.cards(obs['opponent_known'])}"
    return text


def _whist(obs: dict, style: Style) -> str:
    lang = style.lang
    mine = obs["seat"] % 2
    won, score = obs["tricks_won"], obs["score"]
    parts = []
    if obs["turned_up"]:
        parts.append(f"{t(lang, 'trump')}: {style.card(obs['turned_up'])} ({obs['seat_names'][obs['dealer']]})")
    parts.append(f"{t(lang, 'we')}: {tricks(lang, won[mine])}, {t(lang, 'they')}: {tricks(lang, won[1 - mine])}")
    gp, gw = score["game_points"], score["games_won"]
    parts.append(f"{t(lang, 'score')} {gp[mine]}–{gp[1 - mine]}, {t(lang, 'games')} {gw[mine]}–{gw[1 - mine]}")
    return "   ".join(parts)


def _knockout(obs: dict, style: Style) -> str:
    lang = style.lang
    parts = [f"{obs['hand_size']} {t(lang, 'hand_size')}"]
    if obs["trump_card"]:
        parts.append(f"{t(lang, 'trump')}: {style.card(obs['trump_card'])}")
    for seat in range(len(obs["seat_names"])):
        label = seat_label(obs, seat, lang)
        if str(seat) in obs["out"]:
            parts.append(f"{label}: {t(lang, 'out')}")
        else:
            parts.append(f"{label}: {obs['tricks_won'].get(str(seat), 0)}")
    return "   ".join(parts)


def score_text(obs: dict, style: Style) -> str:
    """The score sheet (German points, whist We/They, knock-out survivors)."""
    return SCORE[obs["game"]](obs, style)


def _german_score(obs: dict, style: Style) -> str:
    lang = style.lang
    me = obs["seat"]
    rows = [
        f"{t(lang, 'score')}: {t(lang, 'you')} {obs['points'][me]} — {t(lang, 'opponent')} {obs['points'][1 - me]}"
        f"  ({t(lang, 'deals_won')} {obs['deals_won'][me]}–{obs['deals_won'][1 - me]})"
    ]
    for i, r in enumerate(obs["deal_results"], 1):
        who = "—" if r["winner"] is None else seat_label(obs, r["winner"], lang)
        rows.append(f"  {t(lang, 'deal')} {i}: {r['counted'][me]}–{r['counted'][1 - me]}  → {who} +{r['points']}")
    return "\n".join(rows)


def _whist_score(obs: dict, style: Style) -> str:
    lang = style.lang
    mine = obs["seat"] % 2
    s = obs["score"]
    rows = [f"{t(lang, 'we'):>8} | {t(lang, 'they')}"]
    for line in s["lines"]:
        p = line["points"]
        rows.append(f"{p[mine]:>8} | {p[1 - mine]}" + ("  ——" if line["game_won_by"] is not None else ""))
    rp = s["rubber_points"]
    rows.append(f"{t(lang, 'rubber')}: {rp[mine]} — {rp[1 - mine]}")
    return "\n".join(rows)


def _humbug(obs: dict, style: Style) -> str:
    lang = style.lang
    me, other = obs["seat"], 1 - obs["seat"]
    card = style.card(obs["trump_card"])
    place = obs["trump_card_place"]
    if place == "out":
        card += f" ({t(lang, 'trump_card_out')})"
    elif place in ("showing", "dealer"):
        card += f" ({seat_label(obs, obs['dealer'], lang)})"
    parts = [f"{t(lang, 'trump')}: {card}"]
    for e in obs["exchanges"]:
        parts.append(t(lang, "exchange_" + e["choice"], who=seat_label(obs, e["seat"], lang)))
    won, gp = obs["tricks_won"], obs["score"]["game_points"]
    parts.append(f"{t(lang, 'you')}: {tricks(lang, won[me])}, {t(lang, 'opponent')}: {tricks(lang, won[other])}")
    parts.append(f"{t(lang, 'score')} {gp[me]}–{gp[other]}")
    text = "   ".join(parts)
    if obs["laid_aside"]:
        text += f"\n{t(lang, 'laid_aside')}: {style.cards(obs['laid_aside'])}"
    return text


def _humbug_score(obs: dict, style: Style) -> str:
    """Whist's sheet with a column for each player."""
    lang = style.lang
    me, other = obs["seat"], 1 - obs["seat"]
    s = obs["score"]
    rows = [f"{t(lang, 'you'):>8} | {t(lang, 'opponent')}"]
    for line in s["lines"]:
        p = line["points"]
        rows.append(f"{p[me]:>8} | {p[other]}" + ("  ——" if line["game_won_by"] is not None else ""))
    rp = s["rubber_points"]
    rows.append(f"{t(lang, 'rubber')}: {rp[me]} — {rp[other]}")
    return "\n".join(rows)


def _knockout_score(obs: dict, style: Style) -> str:
    lang = style.lang
    rows = []
    for r in obs["deal_results"]:
        out = ", ".join(obs["seat_names"][s] for s in r["out"]) or "—"
        rows.append(f"{t(lang, 'deal')} {r['deal']} ({r['hand_size']}): {t(lang, 'out')}: {out}")
    return "\n".join(rows) or "—"


# Each game's part of the table and of the score sheet, side by side.
STATUS = {"german": _german, "whist": _whist, "knockout": _knockout, "humbug": _humbug}
SCORE = {"german": _german_score, "whist": _whist_score, "knockout": _knockout_score, "humbug": _humbug_score}
