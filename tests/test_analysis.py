import random

from whistdrive import new_game
from whistdrive.analysis import analyse, solver_values
from whistdrive.cli import main
from whistdrive.records import dumps, to_record


def best_play(game, rng):
    found = solver_values(game)
    if found is None:
        return rng.choice(game.legal_actions())
    values, _ = found
    best = max(values.values())
    return next(c for c in game.legal_actions() if values[c.index] == best)


def test_german_stage_2_best_play_loses_nothing_and_value_is_the_outcome():
    g = new_game("german", seed=21)
    rng = random.Random(2)
    while not g.is_over:
        g.apply(best_play(g, rng))
    entries = analyse(to_record(g))
    assert len(entries) == 26  # every stage-2 card, none of stage 1
    assert all(e["value"] == e["best"] for e in entries)
    first = entries[0]
    assert first["trick"] == 14
    assert first["value"] == g.result()["deals"][0]["tricks_stage2"][first["seat"]]


def test_whist_double_dummy_loss_is_counted():
    g = new_game("whist", {"length": "deal"}, seed=4)
    rng = random.Random(4)
    while not g.is_over:
        g.apply(rng.choice(g.legal_actions()))
    entries = analyse(to_record(g))
    assert len(entries) == 52
    assert all(0 <= e["value"] <= e["best"] <= 13 for e in entries)
    # Values are tricks from here on: the last card of the deal is worth the last trick or nothing.
    last = entries[-1]
    assert last["value"] == last["best"] in (0, 1)
    assert any(e["value"] < e["best"] for e in entries)  # random play throws tricks away


def test_analyse_and_solve_commands(tmp_path, capsys):
    g = new_game("knockout", {"players": 3}, seed=5)
    rng = random.Random(5)
    while not g.is_over:
        g.apply(rng.choice(g.legal_actions()))
    path = tmp_path / "k.json"
    path.write_text(dumps(to_record(g)), encoding="utf-8")
    assert main(["analyse", str(path)]) == 0
    assert "tricks lost" in capsys.readouterr().out
    position = tmp_path / "pos.txt"
    position.write_text("game: german\ntrump: H\nleader: 0\n0: AS 2H\n1: KS 3S\n", encoding="utf-8")
    assert main(["solve", str(position)]) == 0
    out = capsys.readouterr().out
    values = dict(line.split() for line in out.splitlines()[2:])
    assert values == {"A♠": "2", "2♥": "2"}  # either card takes both tricks
    position.write_text("game: german\ntrump: H\nleader: 0\n0: AS ZZ\n1: KS 3S\n", encoding="utf-8")
    assert main(["solve", str(position)]) == 2
    assert "ZZ" in capsys.readouterr().err


def test_humbug_play_is_solved_once_the_exchange_is_over():
    """The exchange has no exact value; every card after it does, and best play's first value is the deal's tricks."""
    g = new_game("humbug", {"length": "deal"}, seed=8)
    rng = random.Random(3)
    assert solver_values(g) is None  # the non-dealer's exchange
    while not g.is_over:
        g.apply(best_play(g, rng))
    entries = analyse(to_record(g))
    assert len(entries) == 26 and all(e["value"] == e["best"] for e in entries)
    first = entries[0]
    assert first["trick"] == 1
    assert first["value"] == g.result()["deals"][0]["tricks"][first["seat"]]
