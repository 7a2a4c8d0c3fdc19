"""A game in the terminal: you against (or with) the computer."""

from __future__ import annotations

from ..bots import LEVELS
from ..cards import Card, Suit
from ..errors import IllegalMove, ParseError
from ..games import GAMES, new_game
from ..games.base import Exchange
from ..i18n import N_, gettext_for
from ..players import computer_player
from ..records import dumps, to_record
from .narrate import apply_and_narrate
from .render import Style, render, score_text

HELP = {  # by decision
    "play": N_("Type a card (QH, 10♥, T♥) or its number in the list; 'l' last trick, 's' score, 'q' quit."),
    "exchange": N_("Type keep, left or right (or 1, 2, 3 as listed); 's' score, 'q' quit."),
    "trump": N_("Type a suit: S H D C or ♠ ♥ ♦ ♣; 's' score, 'q' quit."),
}


def read_action(obs: dict, text: str, lang: str):
    """Turn what the user typed into an action, or explain why not (``ValueError``)."""
    _ = gettext_for(lang)[0]
    text = text.strip()
    legal = obs["legal"]
    if text.isdigit():
        n = int(text)
        if 1 <= n <= len(legal):
            return legal[n - 1]
        raise ValueError(_("Choose a number from 1 to {n}.").format(n=len(legal)))
    try:
        if obs["decision"] == "trump":
            return str(Suit.parse(text))
        if obs["decision"] == "exchange":
            return str(Exchange.parse(text))
        card = str(Card.parse(text))
    except ParseError as e:
        said = _("I did not understand {text!r}. {help}").format(text=text, help=_(HELP[obs["decision"]]))
        raise ValueError(said + (f" ({e})" if lang == "en" else "")) from None  # the parser speaks English
    return card


def why_not(obs: dict, card: str, style: Style) -> str | None:
    """Why a card may not be played, in the reader's language: not in the hand, or the led suit is
    to be followed (the one rule of play the four games share); ``None`` for anything else."""
    _ = style.gettext
    if card not in obs["hand"]:
        return _("You do not hold {card}.").format(card=style.card(card))
    if obs["trick"]:
        led = Card.parse(obs["trick"][0]["card"]).suit.letter
        return _("You must follow suit: {suit}.").format(suit=style.suit(led))
    return None


def play_game(
    game_name: str,
    options: dict,
    *,
    level: str | None = None,
    seed: int | None = None,
    lang: str = "en",
    color: bool = True,
    ascii_only: bool = False,
    save: str | None = None,
    input_fn=input,
    output=print,
) -> int:
    game = new_game(game_name, options, seed=seed)
    style = Style(lang, color, ascii_only)
    me = GAMES[game_name].info.human_seat
    bots = {
        s: computer_player(level, game_name, seed=None if seed is None else seed + s)
        for s in range(game.num_seats)
        if s != me
    }
    while (seat := game.current_seat) is not None:
        if seat != me:
            action = bots[seat].choose(game.observation(seat))
        else:
            output("\n" + render(game.observation(me), style))
            action = _ask(game, me, style, input_fn, output)
            if action is None:
                output(style.gettext("Bye."))
                return 0
        for line in apply_and_narrate(game, action, style, viewer=me):
            output(line)
    output(score_text(game.observation(me), style))
    if save:
        with open(save, "w", encoding="utf-8") as f:
            players = ["bot:" + (level or LEVELS[-1])] * game.num_seats  # the level computer_player chose
            players[me] = "human"
            f.write(dumps(to_record(game, players, include_seed=True)))
    return 0


def _ask(game, me: int, style: Style, input_fn, output):
    """Ask until the user gives a legal action; ``None`` when they quit."""
    lang, _ = style.lang, style.gettext
    while True:
        obs = game.observation(me)
        if obs["decision"] == "trump":
            prompt = _("Choose trump (S H D C or ♠ ♥ ♦ ♣): ")
        elif obs["decision"] == "exchange":
            prompt = _("Keep your hand or take a widow (keep, left, right or its number): ")
        else:
            prompt = _("Your card (number or e.g. QH), ? for help: ")
        try:
            text = input_fn(prompt)
        except EOFError:
            return None
        command = text.strip().lower()
        if not command:  # Enter alone: ask again
            continue
        if command in ("q", "quit", "exit", "в", "выход"):
            return None
        if command in ("?", "h", "help", "помощь"):
            output(_(HELP[obs["decision"]]))
            continue
        if command in ("s", "score", "счёт", "счет"):
            output(render(obs, style) + "\n" + score_text(obs, style))
            continue
        if command in ("l", "last"):
            if obs["tricks"]:
                output(_("Last trick") + ": " + " ".join(style.card(p["card"]) for p in obs["tricks"][-1]["cards"]))
            else:
                output(_("No trick has been played yet."))
            continue
        try:
            action = read_action(obs, text, lang)
            if not game.is_legal(action):
                why = why_not(obs, action, style) if obs["decision"] == "play" else None
                if why:
                    raise ValueError(why)
                game.clone().apply(action)  # raises with the rule's own explanation
            return action
        except ValueError as e:
            output(str(e) if not isinstance(e, IllegalMove) else _("Not allowed: {why}").format(why=e))

