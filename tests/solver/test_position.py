"""The text form of a position and the card-value table."""

from __future__ import annotations

import pytest

from whistdrive.errors import ParseError
from whistdrive.solver.position import parse_position, run_solve

WHIST = """
game: whist
trump: H
leader: S   # South leads
N: AS KS 10♥
E: QS JS 9H
S: 3S Д♦
W: 4S 5S 2D
trick: 2S
"""


def test_parse_whist_position():
    pos = parse_position(WHIST)
    assert pos.game == "whist" and pos.trump == 1 and pos.leader == 2
    assert pos.trick == [0] and pos.to_move == 3
    assert pos.hands[0] == (1 << 12) | (1 << 11) | (1 << (13 + 8))


def test_run_solve_lists_every_legal_card():
    out = run_solve(WHIST)
    lines = out.splitlines()
    assert "W" in lines[0]
    # West must follow spades: 4♠ and 5♠, and N-S win everything (E-W take 0)
    assert sorted(lines[2:]) == ["4♠    0", "5♠    0"]


def test_russian_output_and_input():
    text = WHIST.replace("N: AS KS 10♥", "N: Т♠ К♠ 10♥")
    out = run_solve(text, "ru")
    assert "козырь ♥" in out and "5♠" in out


def test_german_with_stock_and_knockout():
    out = run_solve("game: german\ntrump: S\nleader: 0\n0: AS 2H 3D\n1: KS 4H 5D\nstock: 7C 8C 9C TC")
    assert out.splitlines()[2].startswith("A♠")
    out = run_solve("game: knockout\ntrump: S\nleader: 0\n0: AS 2H\n1: KS 4H\n2: 3D 4D\nseat: 2")
    assert "seat 2" in out.splitlines()[0]


@pytest.mark.parametrize(
    "text, fragment",
    [
        (WHIST.replace("QS", "QX"), "line 6"),
        (WHIST.replace("QS", "QX"), "QX"),
        ("game: chess", "chess"),
        (WHIST.replace("leader: S", "leader: Q"), "'Q'"),
        (WHIST.replace("trump: H", "trump: Z"), "line 3"),
        (WHIST.replace("W: 4S 5S 2D", ""), "missing hand"),
        (WHIST.replace("trick: 2S", "trick: 3S"), "3S"),
        (WHIST + "\nnonsense line", "nonsense"),
        (WHIST.replace("E: QS JS 9H", "E: QS JS 9H 8H"), "hand sizes"),
    ],
)
def test_bad_input_names_the_problem(text, fragment):
    with pytest.raises(ParseError) as err:
        run_solve(text)
    assert fragment in str(err.value)
