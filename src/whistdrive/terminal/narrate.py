"""Tell what happens at the table, one action at a time: plays, tricks, prizes, deals."""

from __future__ import annotations

from ..cards import DECK, Suit
from ..errors import RecordError, WhistError
from ..games import Game
from ..records import read_records, replay
from .render import Style, label
from .texts import t, tricks


def name(game: Game, seat: int, lang: str, viewer: int | None) -> str:
    return label(game.name, game.seat_names, seat, viewer, lang)


def apply_and_narrate(game: Game, action, style: Style, viewer: int | None = None) -> list[str]:
    """Apply ``action`` and return the lines that describe what everybody saw."""
    lang = style.lang
    seat, decision = game.current_seat, game.decision
    play, deals_before = game.play, len(game.deal_results)
    tricks_before = len(play.tricks)
    prize = game.stock[0] if game.name == "german" and game.stock else None
    game.apply(action)
    who = name(game, seat, lang, viewer)
    if decision.value == "exchange":
        return [t(lang, f"exchange_{game.actions[-1][1]}", who=who)]
    if decision.value == "trump":
        return [t(lang, "chose_trump", who=who, suit=style.suit(str(Suit.parse(str(action)))))]
    lines = [t(lang, "thinking", who=who, card=style.card(str(game.actions[-1][1])))]
    if len(play.tricks) > tricks_before:
        winner = play.tricks[-1][2]
        lines.append(t(lang, "won_trick", who=name(game, winner, lang, viewer)))
        if prize is not None and len(play.tricks) <= 13:
            lines.append(t(lang, "took_prize", who=name(game, winner, lang, viewer), card=style.card(str(DECK[prize]))))
    if len(game.deal_results) > deals_before:
        lines.append(style.bold(t(lang, "deal_over") + " " + deal_summary(game, game.deal_results[-1], lang, viewer)))
    if game.is_over:
        lines.append(style.bold(t(lang, "game_over") + " " + match_summary(game, lang, viewer)))
    return lines


def deal_summary(game: Game, result: dict, lang: str, viewer: int | None) -> str:
    return DEAL_SUMMARY[game.name](game, result, lang, viewer)


def _german_deal(game: Game, result: dict, lang: str, viewer: int | None) -> str:
    a, b = result["counted"]
    who = "—" if result["winner"] is None else name(game, result["winner"], lang, viewer)
    return f"{a}–{b}: {who} +{result['points']}"


def _whist_deal(game: Game, result: dict, lang: str, viewer: int | None) -> str:
    ns, ew = result["tricks"]
    p = result["points"]
    return f"NS {tricks(lang, ns)}, EW {tricks(lang, ew)}; NS +{p[0]}, EW +{p[1]}"


def _knockout_deal(game: Game, result: dict, lang: str, viewer: int | None) -> str:
    counts = ", ".join(f"{game.seat_names[int(s)]} {n}" for s, n in result["tricks"].items())
    out = ", ".join(game.seat_names[s] for s in result["out"]) or "—"
    return f"{counts}; {t(lang, 'out')}: {out}"


def _humbug_deal(game: Game, result: dict, lang: str, viewer: int | None) -> str:
    a, b = result["tricks"]
    p = result["points"]
    return f"{name(game, 0, lang, viewer)} {tricks(lang, a)}, {name(game, 1, lang, viewer)} {tricks(lang, b)}; " \
           f"+{p[0]}, +{p[1]}"


DEAL_SUMMARY = {"german": _german_deal, "whist": _whist_deal, "knockout": _knockout_deal, "humbug": _humbug_deal}


def match_summary(game: Game, lang: str, viewer: int | None) -> str:
    """Who won, from the game's outcome: a partnership by its seats' names, anyone else by name."""
    winners = game.outcome().winners
    if not winners:
        return t(lang, "draw")
    if len(winners) > 1:
        return t(lang, "winner", who="".join(game.seat_names[s] for s in winners))
    return t(lang, "winner", who=name(game, winners[0], lang, viewer))


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
            print(f"== {path}:{line} — {game.title} {game.options.to_dict()}")
            fresh = type(game)(game.options, chance=record["chance"])
            for _seat, action in game.actions:
                for text in apply_and_narrate(fresh, action, style):
                    print("  " + text)
    print(f"{count} record(s) valid" if lang == "en" else f"Записей проверено: {count}, ошибок нет")
    return 0
