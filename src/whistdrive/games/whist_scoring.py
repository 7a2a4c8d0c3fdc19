"""Whist scoring (docs/rules.md#whist-scoring, #whist-rubber): deals, games and rubber points.

Pure functions over a small score state, so the same code scores a game
played here and a real-card game kept on the score pad.
"""

from __future__ import annotations

from dataclasses import dataclass, field

HONOUR_RANKS = (9, 10, 11, 12)  # J Q K A as rank indices


@dataclass
class RubberScore:
    """Score of a rubber in progress; side 0 is N-S ("We" for South), 1 is E-W."""

    target: int
    honours: bool
    rubber_bonus: bool
    game_points: list[int] = field(default_factory=lambda: [0, 0])  # current game
    games: list[dict] = field(default_factory=list)  # finished games: winner, value, scores
    sheet: list[dict] = field(default_factory=list)  # one line per deal

    @property
    def games_won(self) -> list[int]:
        return [sum(1 for g in self.games if g["winner"] == s) for s in (0, 1)]

    @property
    def rubber_over(self) -> bool:
        return max(self.games_won) == 2

    def rubber_points(self) -> list[int]:
        """Each side's rubber points: game values, +2 bonus to the rubber winners."""
        totals = [0, 0]
        for g in self.games:
            totals[g["winner"]] += g["value"]
        if self.rubber_over and self.rubber_bonus:
            totals[self.games_won.index(2)] += 2
        return totals

    def net(self) -> dict | None:
        """The rubber's result: winners and their net points (winners − losers)."""
        if not self.rubber_over:
            return None
        winner = self.games_won.index(2)
        totals = self.rubber_points()
        return {"winner": winner, "net": totals[winner] - totals[1 - winner]}


def honours_held(hands_as_dealt: list[int], trump: int) -> list[int]:
    """How many of trumps A K Q J each side was dealt."""
    held = [0, 0]
    for seat, hand in enumerate(hands_as_dealt):
        held[seat % 2] += sum(1 for r in HONOUR_RANKS if hand >> (13 * trump + r) & 1)
    return held


def game_value(loser_points: int) -> int:
    """Treble (3) if the losers scored nothing, double (2) under three, else single (1)."""
    return 3 if loser_points == 0 else 2 if loser_points < 3 else 1


def score_deal(score: RubberScore, tricks: list[int], honours: list[int] | None, revoke_by: int | None = None) -> dict:
    """Score one deal into ``score`` and return its line of the score sheet.

    Order (Laws of short whist): a declared revoke (score pad only) gives the
    opponents 3, then tricks over book, then honours — unless a side reached
    the target on tricks, which ends the game with no honours scored.
    """
    start = list(score.game_points)
    points = [0, 0]
    cap: list[int | None] = [None, None]  # a revoking side's ceiling for this deal
    if revoke_by is not None:
        points[1 - revoke_by] += 3
        cap[revoke_by] = score.target - 1
    for side in (0, 1):
        if tricks[side] > 6:
            points[side] += tricks[side] - 6
    for side, ceiling in enumerate(cap):
        if ceiling is not None:
            points[side] = max(0, min(points[side], ceiling - start[side]))
    honour_points = [0, 0]
    reached_on_tricks = any(start[s] + points[s] >= score.target for s in (0, 1))
    if score.honours and honours is not None and not reached_on_tricks:
        for side in (0, 1):
            if start[side] == score.target - 1:
                continue  # a side standing at target - 1 cannot score honours
            honour_points[side] = 4 if honours[side] == 4 else 2 if honours[side] == 3 else 0
        for side, ceiling in enumerate(cap):
            if ceiling is not None:
                honour_points[side] = max(0, min(honour_points[side], ceiling - start[side] - points[side]))
    total = [points[s] + honour_points[s] for s in (0, 1)]
    line = {
        "tricks": list(tricks),
        "trick_points": points,
        "honour_points": honour_points,
        "points": total,
        "revoke_by": revoke_by,
        "game_won_by": None,
    }
    score.game_points = [start[s] + total[s] for s in (0, 1)]
    winners = [s for s in (0, 1) if score.game_points[s] >= score.target]
    if winners:  # never both: only one side can win tricks or hold 3+ honours, a revoker is capped
        winner = winners[0]
        value = game_value(score.game_points[1 - winner])
        score.games.append({"winner": winner, "value": value, "points": list(score.game_points)})
        line["game_won_by"] = winner
        line["game_value"] = value
        score.game_points = [0, 0]
    score.sheet.append(line)
    return line
