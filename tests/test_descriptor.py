"""Each game's descriptor is the one place its options live: every layer reads the same specification."""

from __future__ import annotations

import contextlib
import io
from dataclasses import dataclass

import pytest

from whistdrive import new_game
from whistdrive.cli import build_parser
from whistdrive.errors import InvalidOptions, RecordError
from whistdrive.games import GAMES, GermanWhist, GermanWhistOptions
from whistdrive.games.spec import Outcome, Text, option
from whistdrive.records import replay, to_record


@dataclass(frozen=True)
class KnobOptions(GermanWhistOptions):
    """German Whist with one throw-away option added, in this one place."""

    knob: int = option(3, bounds=(2, 5), label=Text("Knob"),
                       help=Text("a throw-away test option"))


@pytest.fixture
def knob(monkeypatch):
    monkeypatch.setattr(GermanWhist, "Options", KnobOptions)
    return KnobOptions.params()[-1]


def cli_help(*argv: str) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out), pytest.raises(SystemExit):
        build_parser().parse_args([*argv, "--help"])
    return out.getvalue()


def cli_refuses(*argv: str) -> str:
    err = io.StringIO()
    with contextlib.redirect_stderr(err), pytest.raises(SystemExit) as e:
        build_parser().parse_args(list(argv))
    assert e.value.code == 2
    return err.getvalue()


def test_a_new_option_reaches_the_cli_with_its_bounds(knob):
    for command in ("play", "simulate"):
        text = cli_help(command, "german")
        assert "--knob" in text and "2..5" in text and "a throw-away test option" in text
    args = build_parser().parse_args(["play", "german", "--knob", "4"])
    assert args.opt_knob == 4
    assert "expected 2..5" in cli_refuses("play", "german", "--knob", "6")


def test_a_new_option_reaches_api_meta_and_the_web_checks(knob, tmp_path):
    from web.conftest import make_client

    with make_client(tmp_path / "g.db") as client:
        client.get("/")
        spec = {o["name"]: o for o in client.get("/api/meta").json()["games"]["german"]["options"]}["knob"]
        assert (spec["min"], spec["max"], spec["default"], spec["type"]) == (2, 5, 3, "int")
        assert spec["label"] == {"en": "Knob", "ru": "Knob"}  # no translation in the catalogue: English
        assert spec["anchor"] == "opt-knob"
        for bad in (1, 6, "3", True):
            r = client.post("/api/games", json={"game": "german", "options": {"knob": bad}, "levels": ["random"]})
            assert r.status_code == 400 and "knob" in r.json()["message"], (bad, r.text)
        r = client.post("/api/games", json={"game": "german", "options": {"knob": 5}, "levels": ["random"]})
        assert r.status_code == 200, r.text


def test_a_new_option_is_checked_in_records(knob):
    game = new_game("german", {"knob": 2}, seed=1)
    record = to_record(game, ["human", "bot:random"])
    assert record["options"]["knob"] == 2 and replay(record).options.knob == 2
    record["options"]["knob"] = 9
    with pytest.raises(RecordError, match="knob"):
        replay(record)


@pytest.mark.parametrize("name", list(GAMES))
def test_every_int_option_has_one_set_of_bounds(name, tmp_path):
    """The engine, the CLI and /api/meta agree on every bound (they once disagreed: deals 1..1000 vs 1..99)."""
    from web.conftest import make_client

    with make_client(tmp_path / "g.db") as client:
        meta = {o["name"]: o for o in client.get("/api/meta").json()["games"][name]["options"]}
    for p in GAMES[name].Options.params():
        assert meta[p.name]["type"] == p.kind and meta[p.name]["label"]["ru"] and meta[p.name]["help"]["en"]
        if p.kind != "int":
            continue
        lo, hi = p.bounds
        assert (meta[p.name]["min"], meta[p.name]["max"]) == (lo, hi)
        new_game(name, {p.name: lo}, seed=0)
        new_game(name, {p.name: hi}, seed=0)
        for bad in (lo - 1, hi + 1):
            with pytest.raises(InvalidOptions, match=p.name):
                new_game(name, {p.name: bad}, seed=0)
            assert f"{lo}..{hi}" in cli_refuses("simulate", name, p.flag, str(bad), "--out", "x.jsonl")


@pytest.mark.parametrize("options", [{"preset": "american"}, {"preset": "american", "honours": True},
                                     {"preset": "english", "target": 9}])
def test_presets_fill_only_what_is_left_open(options):
    o = new_game("whist", options, seed=0).options
    preset = {"english": (5, True), "american": (7, False)}[options["preset"]]
    assert o.target == options.get("target", preset[0]) and o.honours == options.get("honours", preset[1])


def test_outcome_of_a_partnership_and_of_several_losers():
    whist = Outcome.of([0, 1, 0, 1], 1, "rubber")
    assert whist.winners == (1, 3) and whist.returns == (-1.0, 1.0, -1.0, 1.0)
    knockout = Outcome.of([0, 1, 2, 3, 4], 2, "last_player")
    assert knockout.winners == (2,) and knockout.returns[2] == 1.0 and sum(knockout.returns) == pytest.approx(0)
    assert Outcome.of([0, 1], None, "points") == Outcome((), (0.0, 0.0), "draw")


@pytest.mark.parametrize("name,options", [("german", {"deals": 3}), ("whist", {"length": "game"}),
                                          ("knockout", {"players": 5}), ("humbug", {"length": "game"})])
def test_outcome_agrees_with_each_games_result(name, options):
    import random

    rng = random.Random(5)
    for seed in range(6):
        g = new_game(name, options, seed=seed)
        assert g.outcome() is None
        while not g.is_over:
            g.apply(rng.choice(g.legal_actions()))
        r, o = g.result(), g.outcome()
        if name == "whist":
            expected = () if r["winner_side"] is None else tuple(s for s in range(4) if s % 2 == r["winner_side"])
        else:
            expected = () if r["winner"] is None else (r["winner"],)
        assert o.winners == expected
        assert sum(o.returns) == pytest.approx(0) and len(o.returns) == g.num_seats
