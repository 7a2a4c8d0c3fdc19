"""Computer-only games written as records, one per line."""

from __future__ import annotations

import random

from tqdm import tqdm

from ..bots import LEVELS
from ..errors import UsageError
from ..games import new_game
from ..players import computer_player
from ..records import dumps, to_record


def play_out(game, players) -> None:
    """Let the computer players finish ``game`` (each sees only its own observation)."""
    while not game.is_over:
        seat = game.current_seat
        game.apply(players[seat].choose(game.observation(seat)))


def simulate(
    game_name: str, options: dict, bots: list[str], games: int, seed: int, out: str, progress: bool = True
) -> int:
    seats = new_game(game_name, options, seed=0).num_seats  # refuse bad options before the file is touched
    if len(bots) not in (1, seats):
        raise UsageError(f"--bots: give one level or {seats} (one per seat), not {len(bots)}")
    for level in bots:
        if level not in LEVELS:
            raise UsageError(f"unknown level {level!r}: expected one of {', '.join(LEVELS)}")
    levels = bots if len(bots) == seats else bots * seats
    rng = random.Random(seed)
    with open(out, "w", encoding="utf-8") as f:
        for _ in tqdm(range(games), desc=f"simulate {game_name}", unit="game", disable=not progress):
            game_seed = rng.getrandbits(63)
            game = new_game(game_name, options, seed=game_seed)
            players = [computer_player(level, game_name, seed=game_seed + s) for s, level in enumerate(levels)]
            play_out(game, players)
            record = to_record(game, [f"bot:{lvl}" for lvl in levels], include_seed=True)
            f.write(dumps(record) + "\n")
    return 0
