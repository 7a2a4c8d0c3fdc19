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
    game_name: str, options: dict, bots: list[str], games: int, seed: int, out: str, progress: bool = True,
    ray: str | None = None,
) -> int:
    """Play ``games`` games and write their records; ``ray`` plays them as Ray tasks (local or at an address)."""
    seats = new_game(game_name, options, seed=0).num_seats  # refuse bad options before the file is touched
    if len(bots) not in (1, seats):
        raise UsageError(f"--bots: give one level or {seats} (one per seat), not {len(bots)}")
    for level in bots:
        if level not in LEVELS:
            raise UsageError(f"unknown level {level!r}: expected one of {', '.join(LEVELS)}")
    levels = bots if len(bots) == seats else bots * seats
    rng = random.Random(seed)
    jobs = [(game_name, options, levels, rng.getrandbits(63)) for _ in range(games)]
    if ray:
        from ..distributed import ray_map

        lines = ray_map(simulate_one, jobs, address=None if ray == "local" else ray, ordered=True)
    else:
        lines = map(simulate_one, jobs)
    with open(out, "w", encoding="utf-8") as f:
        for line in tqdm(lines, total=games, desc=f"simulate {game_name}", unit="game", disable=not progress):
            f.write(line + "\n")
    return 0


def simulate_one(job: tuple) -> str:
    """One game of a simulate run, as its record's JSON line (a Ray task's unit of work)."""
    game_name, options, levels, game_seed = job
    game = new_game(game_name, options, seed=game_seed)
    players = [computer_player(level, game_name, seed=game_seed + s) for s, level in enumerate(levels)]
    play_out(game, players)
    return dumps(to_record(game, [f"bot:{lvl}" for lvl in levels], include_seed=True))
