"""Tell what happens at the table, one action at a time: plays, tricks, prizes, deals."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..cards import DECK, Suit
from ..errors import IllegalMove, RecordError, WhistError
from ..games import Game, HumbugWhist, Whist
from ..i18n import N_, gettext_for, translations
from ..records import read_records, replay
from .render import EXCHANGE_TEXTS, Style, about, label, points_split

TRUMP_CHOSEN = (N_("{who} chose trump {suit}"), N_("You chose trump {suit}"))
TRICK_WON = (N_("{who} won the trick"), N_("You won the trick"))
PRIZE_TAKEN = (N_("{who} took the prize {card}; the other drew a card"),
               N_("You took the prize {card}; the opponent drew a card"))
YOU_DREW = N_("{who} took the prize {card}; you drew {drawn}")  # the reader sees their own draw


def name(game: Game, seat: int, lang: str, viewer: int | None) -> str:
    return label(game.name, game.seat_names, seat, viewer, lang)


def apply_and_narrate(game: Game, action, style: Style, viewer: int | None = None) -> list[str]:
    """Apply ``action`` and return the lines that describe what everybody saw."""
    lang, _ = style.lang, style.gettext
    seat, decision = game.current_seat, game.decision
    if seat is None or decision is None:
        raise IllegalMove("the game is over: no more actions")
    play, deals_before = game.play, len(game.deal_results)
    tricks_before = len(play.tricks)
    stock = getattr(game, "stock", None) if game.info.stock else None  # a prize and a draw for the trick's winner
    top: list[int] = list(stock[:2]) if stock else []  # the prize, and the card under it
    game.apply(action)
    who = name(game, seat, lang, viewer)
    if decision.value == "exchange":
        return [about(style, EXCHANGE_TEXTS[str(game.actions[-1][1])], seat, viewer, who)]
    if decision.value == "trump":
        return [about(style, TRUMP_CHOSEN, seat, viewer, who, suit=style.suit(str(Suit.parse(str(action)))))]
    lines = [f"{who}: {style.card(str(game.actions[-1][1]))}"]
    if len(play.tricks) > tricks_before:
        winner = play.tricks[-1][2]
        winner_name = name(game, winner, lang, viewer)
        lines.append(about(style, TRICK_WON, winner, viewer, winner_name))
        if top and len(play.tricks) <= 13:
            prize, drawn = top
            card = style.card(str(DECK[prize]))
            if viewer is not None and winner != viewer:
                lines.append(_(YOU_DREW).format(who=winner_name, card=card, drawn=style.card(str(DECK[drawn]))))
            else:
                lines.append(about(style, PRIZE_TAKEN, winner, viewer, winner_name, card=card))
    if len(game.deal_results) > deals_before:
        lines.append(style.bold(_("Deal over.") + " " + deal_summary(game, game.deal_results[-1], lang, viewer)))
    if game.is_over:
        lines.append(style.bold(_("Game over.") + " " + match_summary(game, lang, viewer)))
    return lines


def deal_summary(game: Game, result: dict, lang: str, viewer: int | None) -> str:
    return DEAL_SUMMARY[game.name](game, result, lang, viewer)


def _german_deal(game: Game, result: dict, lang: str, viewer: int | None) -> str:
    a, b = result["counted"]
    who = "—" if result["winner"] is None else name(game, result["winner"], lang, viewer)
    return f"{a}–{b}: {who} +{result['points']}"


def _side(game: Game, seats, lang: str) -> str:
    """A partnership by its seats' names (NS, EW; in Russian in words)."""
    code = "".join(game.seat_names[s] for s in seats)
    tr = translations(lang)
    return {"NS": tr.pgettext("side", "NS"), "EW": tr.pgettext("side", "EW")}.get(code, code)


def _whist_deal(game: Whist, result: dict, lang: str, viewer: int | None) -> str:
    ngettext = gettext_for(lang)[1]
    ns, ew = (ngettext("{n} trick", "{n} tricks", n).format(n=n) for n in result["tricks"])
    p = result["points"]
    a, b = _side(game, (0, 2), lang), _side(game, (1, 3), lang)
    split = points_split(result, 0, game.options.honours, lang)
    return f"{a} {ns}, {b} {ew}; {a} +{p[0]}, {b} +{p[1]}{split}"


def _knockout_deal(game: Game, result: dict, lang: str, viewer: int | None) -> str:
    _ = gettext_for(lang)[0]
    counts = ", ".join(_("{who} {n}").format(who=name(game, int(s), lang, viewer), n=n)
                       for s, n in result["tricks"].items())
    out = ", ".join(name(game, s, lang, viewer) for s in result["out"]) or "—"
    return f"{counts}; " + _("out") + f": {out}"


def _humbug_deal(game: HumbugWhist, result: dict, lang: str, viewer: int | None) -> str:
    ngettext = gettext_for(lang)[1]
    a, b = (ngettext("{n} trick", "{n} tricks", n).format(n=n) for n in result["tricks"])
    p = result["points"]
    split = points_split(result, 0, game.options.honours, lang)
    return f"{name(game, 0, lang, viewer)} {a}, {name(game, 1, lang, viewer)} {b}; +{p[0]}, +{p[1]}{split}"


DEAL_SUMMARY: dict[str, Callable[[Any, dict, str, int | None], str]] = {  # each takes its own game
    "german": _german_deal, "whist": _whist_deal, "knockout": _knockout_deal, "humbug": _humbug_deal}


def match_summary(game: Game, lang: str, viewer: int | None) -> str:
    """Who won, from the game's outcome: a partnership by its seats' names, anyone else by name."""
    _ = gettext_for(lang)[0]
    outcome = game.outcome()
    if outcome is None:
        raise ValueError("the game is not over: no winner yet")
    winners = outcome.winners
    if not winners:
        return _("A draw.")
    if len(winners) > 1:
        return _("Winner: {who}").format(who=_side(game, winners, lang))
    return _("Winner: {who}").format(who=name(game, winners[0], lang, viewer))


def options_text(game: Game, lang: str) -> str:
    """The game's options in words, as the lobby names them: 'Deals: 3; High/low by trump colour: yes'."""
    _ = gettext_for(lang)[0]
    chosen = game.options.to_dict()
    parts = []
    for p in type(game.options).params():
        value = chosen[p.name]
        if p.kind == "bool":
            value = _("yes") if value else _("no")
        elif p.choices:
            value = next(c.label.get(lang) for c in p.choices if c.value == value)
        parts.append(f"{p.label.get(lang)}: {value}")
    return "; ".join(parts)


def replay_file(path: str, lang: str = "en", check_only: bool = False) -> int:
    """Validate every record in ``path``; print each deal trick by trick.

    A broken record raises :class:`RecordError` naming the file and line; the command line reports it.
    """
    style = Style(lang, color=False)
    count = 0
    for line, record in read_records(path):
        try:
            game = replay(record)
        except WhistError as e:
            raise RecordError(f"{path}:{line}: {e}") from None
        count += 1
        if not check_only:
            print(f"== {path}:{line} — {game.title}. {options_text(game, lang)}")
            fresh = type(game)(game.options, chance=record["chance"])
            for _seat, action in game.actions:
                for text in apply_and_narrate(fresh, action, style):
                    print("  " + text)
    if not count:
        raise RecordError(f"{path}: no record in the file")
    print(style.ngettext("{n} record valid", "{n} records valid", count).format(n=count))
    return 0
