"""A game in the terminal: you against (or with) the computer.

A game you quit is saved as an ordinary record (``saved_game_path()``), and
``whistdrive play --resume`` goes on with it: the deal in progress exactly as
it was, the deals still to come shuffled afresh (the file holds no seed, so it
cannot tell them in advance).
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path

from ..bots import DEFAULT_LEVEL, LEVELS
from ..bots.redeal import redeal
from ..cards import Card, Suit
from ..errors import IllegalMove, ParseError, RecordError, WhistError
from ..games import GAMES, Game, new_game, replay_moves
from ..games.base import Exchange
from ..i18n import N_, gettext_for
from ..players import computer_player
from ..records import dumps, loads, replay, to_record
from .narrate import apply_and_narrate
from .render import Style, last_trick, render, score_text, wrap

HELP = {  # by decision
    "play": N_("Type a card (QH, 10♥, T♥, Дч) or its number in the list; 'l' last trick, 's' score, 'q' quit."),
    "exchange": N_("Type keep, left or right (or 1, 2, 3 as listed); 's' score, 'q' quit."),
    "trump": N_("Type a suit: S H D C, ♠ ♥ ♦ ♣ or its name; 'score' the score, 'q' quit."),
}
# Russian suit letters, typed after a Russian rank or a number (Дч, 10п): пики, черви, бубны, трефы or крести.
# Only here, for a person at the keyboard: records and Card.parse keep to the notations of the rules.
RUSSIAN_SUIT_LETTERS = {"п": "♠", "ч": "♥", "б": "♦", "т": "♣", "к": "♣"}
QUIT, YES = ("q", "quit", "exit", "в", "выход"), ("y", "yes", "д", "да")
RESUME = "whistdrive play --resume"


def saved_game_path() -> Path:
    """Where a game you quit waits for ``whistdrive play --resume``: the user's data folder."""
    data = os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share"
    return Path(data) / "whistdrive" / "saved-game.json"


def read_card(text: str) -> Card:
    """A card as a person types it: any notation of :meth:`Card.parse`, or a Russian rank (or a number)
    with a Russian suit letter, ``Дч`` for Д♥."""
    text = text.strip()
    rank, suit = text[:-1], text[-1:].lower()
    if suit in RUSSIAN_SUIT_LETTERS and rank and (rank.isdigit() or all("а" <= ch <= "я" for ch in rank.lower())):
        text = rank + RUSSIAN_SUIT_LETTERS[suit]
    return Card.parse(text)


# What a person may type besides the notation (docs/records.md), which is all that records and Game.apply take.
SUIT_WORDS = {word: letter for letter, words in (
    ("S", ("spades", "spade", "пики", "пика")), ("H", ("hearts", "heart", "черви", "червы", "черва")),
    ("D", ("diamonds", "diamond", "бубны", "бубна")), ("C", ("clubs", "club", "трефы", "трефа", "крести")))
    for word in words}
EXCHANGE_WORDS = {"оставляю": "keep", "левая": "left", "левый прикуп": "left", "правая": "right",
                  "правый прикуп": "right"}


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
            words = " ".join(text.lower().split())
            return str(Suit.parse(SUIT_WORDS.get(words) or RUSSIAN_SUIT_LETTERS.get(words) or text.strip()))
        if obs["decision"] == "exchange":
            return str(Exchange.parse(EXCHANGE_WORDS.get(" ".join(text.lower().split()), text.strip())))
        return str(read_card(text))
    except ParseError:  # the help says what to type, in the reader's language
        said = _("I did not understand {text!r}. {help}").format(text=text, help=_(HELP[obs["decision"]]))
        raise ValueError(said) from None


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


def play_game(game_name: str, options: dict, *, seed: int | None = None, **how) -> int:
    """A new game of ``game_name``; ``how`` as for :func:`play`."""
    return play(new_game(game_name, options, seed=seed), seed=seed, **how)


def resume_game(path: Path, **how) -> int:
    """Go on with the game saved in ``path`` when its player quit; ``how`` as for :func:`play`."""
    try:
        record = loads(path.read_bytes())
        replay(record)  # checks the record, rules and all
    except FileNotFoundError:
        raise RecordError(f"no game to resume: {path} does not exist (a game you quit is saved there)") from None
    except WhistError as e:
        raise RecordError(f"{path}: {e}") from None
    if record["over"]:
        raise RecordError(f"{path}: that game is over; nothing to resume")
    moves = [(entry["seat"], entry["action"]) for entry in record["actions"]]
    game = replay_moves(record["game"], record["options"], moves, chance=record["chance"],
                        seed=secrets.randbits(63))
    # The file holds the deck as it was dealt; whatever you had not seen is dealt again, so that
    # reading the file before resuming tells nothing (as undo at the web table).
    seed, chance = redeal(game, GAMES[game.name].info.human_seat)
    game = replay_moves(record["game"], record["options"], moves, seed=seed, chance=chance)
    levels = [s["player"].removeprefix("bot:") for s in record["seats"]]
    level = next((lv for lv in levels if lv in LEVELS), None)
    return play(game, level=level, seed=seed, resumed_from=path, **how)


def play(
    game: Game,
    *,
    level: str | None = None,
    seed: int | None = None,
    lang: str = "en",
    color: bool = True,
    ascii_only: bool = False,
    width: int | None = None,
    save: str | None = None,
    keep: Path | None = None,
    resumed_from: Path | None = None,
    input_fn=input,
    output=print,
) -> int:
    """Play ``game`` at the terminal until it ends or the player quits.

    ``level``: the computers' (default :data:`DEFAULT_LEVEL`); ``width``: columns to fit the text in;
    ``save``: where to write the record of the finished game; ``keep``: where to save the game if the
    player quits (``None``: not saved); ``resumed_from``: the saved game this one goes on with, removed
    once the game ends.
    """
    level = level or DEFAULT_LEVEL
    style = Style(lang, color, ascii_only)
    _ = style.gettext

    def say(text: str) -> None:
        output(wrap(text, width))

    me = GAMES[game.name].info.human_seat
    bots = {
        s: computer_player(level, game.name, seed=None if seed is None else seed + s)
        for s in range(game.num_seats)
        if s != me
    }
    players = ["bot:" + level] * game.num_seats
    players[me] = "human"
    if keep is not None and keep.exists() and keep != resumed_from:
        say(_("A game you quit is saved: {command} goes on with it (quitting this one replaces it).")
            .format(command=RESUME))
    while (seat := game.current_seat) is not None:
        obs = game.observation(seat)
        if seat != me:
            action = bots[seat].choose(obs)
        else:
            say("\n" + render(obs, style))
            if obs["decision"] == "play" and len(obs["legal"]) == 1:  # no choice: say so, and play it
                action = obs["legal"][0]
                say(_("Only one card can be played: {card}, played for you.").format(card=style.card(action)))
            else:
                action = _ask(game, me, style, input_fn, say, saving=keep is not None)
            if action is None:
                if keep is not None:
                    keep.parent.mkdir(parents=True, exist_ok=True)
                    keep.write_text(dumps(to_record(game, players)), encoding="utf-8")
                    say(_("The game is saved in {path}; {command} goes on with it.").format(path=keep, command=RESUME))
                say(_("Bye."))
                return 0
        for line in apply_and_narrate(game, action, style, viewer=me):
            say(line)
    say(score_text(game.observation(me), style))
    if save:
        with open(save, "w", encoding="utf-8") as f:
            f.write(dumps(to_record(game, players, include_seed=True)))
    if resumed_from is not None:
        resumed_from.unlink(missing_ok=True)  # played to the end: nothing is left to resume
    return 0


def _ask(game, me: int, style: Style, input_fn, output, saving: bool = False):
    """Ask until the user gives a legal action; ``None`` when they quit (and say yes when asked again),
    when the input ends or on Ctrl-C. ``saving``: a game quit is saved to be resumed."""
    lang, _ = style.lang, style.gettext
    if saving:
        sure = _("Quit? The game is saved, and {command} goes on with it. (y/n) ").format(command=RESUME)
    else:
        sure = _("Quit? The game will be lost. (y/n) ")
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
            command = text.strip().lower()
            if command in QUIT and input_fn(sure).strip().lower() not in YES:
                continue
        except (EOFError, KeyboardInterrupt):
            return None
        if not command:  # Enter alone: ask again
            continue
        suit = obs["decision"] == "trump" and command in ("s", "h")  # spades and hearts, not score and help
        if command in QUIT:
            return None
        if command in ("?", "h", "help", "помощь") and not suit:
            output(_(HELP[obs["decision"]]))
            continue
        if command in ("s", "score", "счёт", "счет") and not suit:
            output(render(obs, style) + "\n" + score_text(obs, style))
            continue
        if command in ("l", "last"):
            output(last_trick(obs, style))
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
