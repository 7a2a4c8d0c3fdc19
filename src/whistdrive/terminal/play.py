"""A game in the terminal: you against (or with) the computer."""

from __future__ import annotations

from ..cards import Card, Suit
from ..errors import IllegalMove, ParseError
from ..games import GAMES, new_game
from ..games.base import Exchange
from ..players import computer_player
from ..records import dumps, to_record
from .narrate import apply_and_narrate
from .render import Style, render, score_text
from .texts import t


def read_action(obs: dict, text: str, lang: str):
    """Turn what the user typed into an action, or explain why not (``ValueError``)."""
    text = text.strip()
    legal = obs["legal"]
    if text.isdigit():
        n = int(text)
        if 1 <= n <= len(legal):
            return legal[n - 1]
        raise ValueError(t(lang, "illegal", why=f"1..{len(legal)}"))
    try:
        if obs["decision"] == "trump":
            return str(Suit.parse(text))
        if obs["decision"] == "exchange":
            return str(Exchange.parse(text))
        card = str(Card.parse(text))
    except ParseError as e:
        raise ValueError(t(lang, "unknown", text=text, help=t(lang, "help")) + f" ({e})") from None
    return card


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
    while not game.is_over:
        seat = game.current_seat
        if seat != me:
            action = bots[seat].choose(game.observation(seat))
        else:
            output("\n" + render(game.observation(me), style))
            action = _ask(game, me, style, input_fn, output)
            if action is None:
                output(t(lang, "bye"))
                return 0
        for line in apply_and_narrate(game, action, style, viewer=me):
            output(line)
    output(score_text(game.observation(me), style))
    if save:
        with open(save, "w", encoding="utf-8") as f:
            players = ["bot:" + (level or "best")] * game.num_seats
            players[me] = "human"
            f.write(dumps(to_record(game, players, include_seed=True)))
    return 0


def _ask(game, me: int, style: Style, input_fn, output):
    """Ask until the user gives a legal action; ``None`` when they quit."""
    lang = style.lang
    while True:
        obs = game.observation(me)
        prompt = t(lang, {"trump": "prompt_trump", "exchange": "prompt_exchange"}.get(obs["decision"], "prompt"))
        try:
            text = input_fn(prompt)
        except EOFError:
            return None
        command = text.strip().lower()
        if command in ("q", "quit", "exit", "в", "выход"):
            return None
        if command in ("?", "h", "help", "помощь"):
            output(t(lang, "help"))
            continue
        if command in ("s", "score", "счёт", "счет"):
            output(render(obs, style) + "\n" + score_text(obs, style))
            continue
        if command in ("l", "last"):
            last = obs["tricks"][-1]["cards"] if obs["tricks"] else []
            output(t(lang, "last_trick") + ": " + " ".join(style.card(p["card"]) for p in last))
            continue
        try:
            action = read_action(obs, text, lang)
            if not game.is_legal(action):
                game.clone().apply(action)  # raises with the rule's own explanation
            return action
        except ValueError as e:
            output(str(e) if not isinstance(e, IllegalMove) else t(lang, "illegal", why=e))

