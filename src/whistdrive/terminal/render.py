"""Draw a seat's view of the table as text: cards with suit symbols and colour."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from ..cards import Card, Suit
from ..games import GAMES
from ..i18n import N_, gettext_for, translations

RED, RESET, BOLD, DIM = "\x1b[31m", "\x1b[0m", "\x1b[1m", "\x1b[2m"
ANSI = re.compile(r"\x1b\[[0-9;]*m")
GAPS = ("   ", "  ", " ")  # between a line's parts, a trick's plays, words: where to break, best first


class Style:
    """How to print cards: language, ANSI colour (an extra cue), ASCII fallback."""

    def __init__(self, lang: str = "en", color: bool = True, ascii_only: bool = False):
        self.lang, self.color, self.ascii_only = lang, color, ascii_only
        self.gettext, self.ngettext = gettext_for(lang)

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


def wrap(text: str, width: int | None) -> str:
    """Fit every line of ``text`` into ``width`` columns (``None``: as it is), breaking between the parts of a
    status line first, then between the plays of a trick, then between words; never inside a word."""
    if not width:
        return text
    return "\n".join(row for line in text.split("\n") for row in _fit(line, width, GAPS))


def columns(text: str) -> int:
    """How wide ``text`` shows: its colours take no room."""
    return len(ANSI.sub("", text))


def _fit(line: str, width: int, gaps: tuple[str, ...]) -> list[str]:
    if columns(line) <= width or not gaps:
        return [line]
    gap, finer = gaps[0], gaps[1:]
    rows: list[str] = []
    for piece in line.split(gap):
        if rows and columns(rows[-1] + gap + piece) <= width:
            rows[-1] += gap + piece
        else:
            rows.extend(_fit(piece, width, finer))
    return rows


def seat_label(obs: Mapping[str, Any], seat: int, lang: str) -> str:
    return label(obs["game"], obs["seat_names"], seat, obs["seat"], lang)


def seat_name(seat_names, seat: int, lang: str) -> str:
    """The seat's own name in the reader's language: whist's compass points, Knock-out's players."""
    tr = translations(lang)
    name = seat_names[seat]
    words = {"N": tr.pgettext("seat", "N"), "E": tr.pgettext("seat", "E"), "S": tr.pgettext("seat", "S"),
             "W": tr.pgettext("seat", "W")}
    if name in words:
        return words[name]
    if name[0] == "P" and name[1:].isdigit():
        return tr.pgettext("seat", "Player {n}").format(n=name[1:])
    return name


def label(game: str, seat_names, seat: int, viewer: int | None, lang: str) -> str:
    """'You', 'Partner', 'Opponent' or the seat's name, from the viewer's point of view."""
    info = GAMES[game].info
    _ = gettext_for(lang)[0]
    if viewer is None:
        return seat_name(seat_names, seat, lang)
    if seat == viewer:
        return _("You")
    if info.partnerships and info.side(seat) == info.side(viewer):
        return _("Partner") + f" ({seat_name(seat_names, seat, lang)})"
    if info.max_seats == 2:
        return _("Opponent")
    return seat_name(seat_names, seat, lang)


def about(style: Style, texts: tuple[str, str], seat: int, viewer: int | None, who: str, **fields) -> str:
    """A sentence about a seat, in its own second-person form when the seat is the reader's
    (a Russian verb agrees with «Вы»: «Вы берёте», not «Вы берёт»)."""
    if seat == viewer:
        return style.gettext(texts[1]).format(**fields)
    return style.gettext(texts[0]).format(who=who, **fields)


def trick_line(obs: Mapping[str, Any], plays: list[dict], style: Style) -> str:
    return "  ".join(f"{seat_label(obs, p['seat'], style.lang)}: {style.card(p['card'])}" for p in plays) or "—"


TAKEN_BY = (N_("won by {who}"), N_("won by you"))


def last_trick(obs: Mapping[str, Any], style: Style) -> str:
    """The last finished trick: who played which card, and who won it."""
    _ = style.gettext
    if not obs["tricks"]:
        return _("No trick has been played yet.")
    trick = obs["tricks"][-1]
    winner = trick["winner"]
    taken = about(style, TAKEN_BY, winner, obs["seat"], seat_label(obs, winner, style.lang))
    return _("Last trick") + ": " + trick_line(obs, trick["cards"], style) + f" — {taken}"


def render(obs: Mapping[str, Any], style: Style) -> str:
    """The whole table as one seat sees it."""
    lang, _ = style.lang, style.gettext
    lines = []
    deal, trump, dealer = _("Deal"), _("Trump"), _("Dealer")
    head = f"{deal} {obs['deal_number']}   {trump}: {style.suit(obs['trump'])}"
    head += f"   {dealer}: {seat_label(obs, obs['dealer'], lang)}"
    lines.append(style.bold(head))
    lines.append(STATUS[obs["game"]](obs, style))
    if obs["tricks"]:
        lines.append(last_trick(obs, style))
    lines.append(_("Trick") + ": " + trick_line(obs, obs["trick"], style))
    lines.append(_("Your hand") + ": " + hand_line(obs, style))
    return "\n".join(lines)


def hand_line(obs: Mapping[str, Any], style: Style) -> str:
    """The hand, legal cards numbered for quick entry, others dimmed; the choices of an exchange."""
    if obs["decision"] == "exchange" and obs["legal"]:
        names = [style.gettext(EXCHANGE_CHOICES[a]) for a in obs["legal"]]
        choices = ", ".join(f"{i}:{name}" for i, name in enumerate(names, 1))
        return f"{style.cards(obs['hand'])}\n" + style.gettext("Your choices") + f": {choices}"
    legal = obs["legal"] if obs["decision"] == "play" else []
    parts = []
    for card in obs["hand"]:
        if card in legal:
            parts.append(f"{legal.index(card) + 1}:{style.card(card)}")
        else:
            parts.append(f"{DIM}{style.card(card)}{RESET}" if style.color else f"({style.card(card)})")
    return " ".join(parts)


def _german(obs: Mapping[str, Any], style: Style) -> str:
    _ = style.gettext
    won = obs["tricks_won"]
    parts = [_("Stage") + f" {obs['stage']}"]
    if obs["prize"]:
        parts.append(_("Prize") + ": " + style.card(obs["prize"]))
    parts.append(_("Stock") + f": {obs['stock_size']}")
    if obs["options"]["high_low"]:
        parts.append(_("low game") if obs["low_game"] else _("high game"))
    me, other = obs["seat"], 1 - obs["seat"]
    for stage in ("stage1", "stage2"):
        parts.append(f"{stage[-1]}: {won[stage][me]}–{won[stage][other]}")
    parts.append(_("Score") + f": {obs['points'][me]}–{obs['points'][other]}")
    text = "   ".join(parts)
    if obs["opponent_known"]:
        text += "\n" + _("Opponent holds") + ": " + style.cards(obs["opponent_known"])
    return text


def _whist(obs: Mapping[str, Any], style: Style) -> str:
    _, ngettext = style.gettext, style.ngettext
    mine = obs["seat"] % 2
    won, score = obs["tricks_won"], obs["score"]
    parts = []
    if obs["turned_up"]:  # the dealer's card, face up until played; the head line names the dealer
        parts.append(_("Turned-up trump") + f": {style.card(obs['turned_up'])}")
    ours, theirs = (ngettext("{n} trick", "{n} tricks", n).format(n=n) for n in (won[mine], won[1 - mine]))
    parts.append(_("We") + f": {ours}, " + _("They") + f": {theirs}")
    gp, gw = score["game_points"], score["games_won"]
    games = _("games")
    parts.append(_("Score") + f" {gp[mine]}–{gp[1 - mine]}, {games} {gw[mine]}–{gw[1 - mine]}")
    return "   ".join(parts)


def _knockout(obs: Mapping[str, Any], style: Style) -> str:
    lang, _ = style.lang, style.gettext
    parts = [style.ngettext("{n} card each", "{n} cards each", obs["hand_size"]).format(n=obs["hand_size"])]
    if obs["trump_card"]:
        parts.append(_("Turned-up trump") + ": " + style.card(obs["trump_card"]))
    for seat in range(len(obs["seat_names"])):
        label = seat_label(obs, seat, lang)
        if str(seat) in obs["out"]:
            parts.append(f"{label}: " + _("out"))
        else:
            parts.append(f"{label}: {obs['tricks_won'].get(str(seat), 0)}")
    return "   ".join(parts)


def score_text(obs: Mapping[str, Any], style: Style) -> str:
    """The score sheet (German points, whist We/They, knock-out survivors)."""
    return SCORE[obs["game"]](obs, style)


def _german_score(obs: Mapping[str, Any], style: Style) -> str:
    lang, _ = style.lang, style.gettext
    me = obs["seat"]
    score, you, opponent, deals_won, deal = _("Score"), _("You"), _("Opponent"), _("deals won"), _("Deal")
    rows = [
        f"{score}: {you} {obs['points'][me]} — {opponent} {obs['points'][1 - me]}"
        f"  ({deals_won} {obs['deals_won'][me]}–{obs['deals_won'][1 - me]})"
    ]
    for i, r in enumerate(obs["deal_results"], 1):
        who = "—" if r["winner"] is None else seat_label(obs, r["winner"], lang)
        rows.append(f"  {deal} {i}: {r['counted'][me]}–{r['counted'][1 - me]}  → {who} +{r['points']}")
    return "\n".join(rows)


def points_split(line: dict, first: int, honours: bool, lang: str) -> str:
    """A deal's points for tricks and for honours, ``first``'s side first: '' where honours are not scored."""
    if not honours:
        return ""
    t, h = line["trick_points"], line["honour_points"]
    return " (" + gettext_for(lang)[0]("tricks {a}–{b}, honours {c}–{d}").format(
        a=t[first], b=t[1 - first], c=h[first], d=h[1 - first]) + ")"


def _whist_score(obs: Mapping[str, Any], style: Style) -> str:
    _ = style.gettext
    mine = obs["seat"] % 2
    s = obs["score"]
    we, they = _("We"), _("They")
    rows = [f"{we:>8} | {they}"]
    for line in s["lines"]:
        p = line["points"]
        rows.append(f"{p[mine]:>8} | {p[1 - mine]}" + points_split(line, mine, obs["options"]["honours"], style.lang)
                    + ("  ——" if line["game_won_by"] is not None else ""))
    rp = s["rubber_points"]
    rows.append(_("Rubber") + f": {rp[mine]} — {rp[1 - mine]}")
    return "\n".join(rows)


EXCHANGE_TEXTS = {  # about another seat, about the reader's
    "keep": (N_("{who} kept the dealt hand"), N_("You kept the dealt hand")),
    "left": (N_("{who} laid the hand aside and took the left widow"),
             N_("You laid the hand aside and took the left widow")),
    "right": (N_("{who} laid the hand aside and took the right widow"),
              N_("You laid the hand aside and took the right widow")),
}
TRUMP_CARD_PLACES = {"dealer": N_("in the dealer's hand"), "played": N_("played"), "out": N_("out of the deal")}
EXCHANGE_CHOICES = {"keep": N_("keep"), "left": N_("left widow"), "right": N_("right widow")}


def _humbug(obs: Mapping[str, Any], style: Style) -> str:
    lang, _, ngettext = style.lang, style.gettext, style.ngettext
    me, other = obs["seat"], 1 - obs["seat"]
    card = style.card(obs["trump_card"])
    place = obs["trump_card_place"]  # "showing" (face up) needs no word: the head line names the dealer
    if place in TRUMP_CARD_PLACES:
        card += " (" + _(TRUMP_CARD_PLACES[place]) + ")"
    parts = [_("Turned-up trump") + f": {card}"]
    for e in obs["exchanges"]:
        parts.append(about(style, EXCHANGE_TEXTS[e["choice"]], e["seat"], me, seat_label(obs, e["seat"], lang)))
    won, gp = obs["tricks_won"], obs["score"]["game_points"]
    mine, theirs = (ngettext("{n} trick", "{n} tricks", n).format(n=n) for n in (won[me], won[other]))
    parts.append(_("You") + f": {mine}, " + _("Opponent") + f": {theirs}")
    parts.append(_("Score") + f" {gp[me]}–{gp[other]}")
    text = "   ".join(parts)
    if obs["laid_aside"]:
        text += "\n" + _("Laid aside") + ": " + style.cards(obs["laid_aside"])
    return text


def _humbug_score(obs: Mapping[str, Any], style: Style) -> str:
    """Whist's sheet with a column for each player."""
    _ = style.gettext
    me, other = obs["seat"], 1 - obs["seat"]
    s = obs["score"]
    you, opponent = _("You"), _("Opponent")
    rows = [f"{you:>8} | {opponent}"]
    for line in s["lines"]:
        p = line["points"]
        rows.append(f"{p[me]:>8} | {p[other]}" + points_split(line, me, obs["options"]["honours"], style.lang)
                    + ("  ——" if line["game_won_by"] is not None else ""))
    rp = s["rubber_points"]
    rows.append(_("Rubber") + f": {rp[me]} — {rp[other]}")
    return "\n".join(rows)


def _knockout_score(obs: Mapping[str, Any], style: Style) -> str:
    _ = style.gettext
    deal, out_word = _("Deal"), _("out")
    rows = []
    for r in obs["deal_results"]:
        out = ", ".join(seat_label(obs, s, style.lang) for s in r["out"]) or "—"
        rows.append(f"{deal} {r['deal']} ({r['hand_size']}): {out_word}: {out}")
    return "\n".join(rows) or "—"


# Each game's part of the table and of the score sheet, side by side.
STATUS = {"german": _german, "whist": _whist, "knockout": _knockout, "humbug": _humbug}
SCORE = {"german": _german_score, "whist": _whist_score, "knockout": _knockout_score, "humbug": _humbug_score}
