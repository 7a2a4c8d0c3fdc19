import json

import pytest

from whistdrive.arena import BotSpec, report, run


@pytest.mark.slow  # a duplicate match in worker processes (each starts and warms up): ~35 s
def test_german_duplicate_is_zero_sum_and_sane():
    s = run("german", ["intermediate", "random"], deals=3, seed=2, progress=False)
    a, b = s.rows
    assert a["games"] == b["games"] == 6
    assert a["diff"] == pytest.approx(-b["diff"])
    assert a["win_rate"] + b["win_rate"] == pytest.approx(1.0)
    text = report(s)
    assert "intermediate" in text and "random" in text and "95% CI" in text


def test_whist_uses_one_deal_and_counts_tricks():
    s = run("whist", ["beginner", "random"], deals=2, seed=1, progress=False)
    assert s.options["length"] == "deal"
    for r in s.rows:
        assert 0 <= r["score"] <= 13
    assert s.rows[0]["score"] + s.rows[1]["score"] == pytest.approx(13)


def test_humbug_swaps_seats_and_scores_the_deals_points():
    s = run("humbug", ["intermediate", "random"], deals=4, seed=3, progress=False)
    assert s.options["length"] == "deal"
    a, b = s.rows
    assert a["games"] == b["games"] == 8 and a["diff"] == pytest.approx(-b["diff"])
    for r in s.deals_detail:  # a deal's points: tricks over six, honours up to 4 more, never both players' tricks
        for lab in r["labels"].values():
            assert 0 <= lab["score"] <= 11
    assert "points" in report(s)


def test_knockout_rotates_seats_and_reports_fair_share():
    s = run("knockout", ["beginner", "random", "random"], deals=2, seed=4, progress=False)
    rows = {r["bot"]: r for r in s.rows}
    assert rows["beginner"]["games"] == 6 and rows["random"]["games"] == 12
    assert rows["beginner"]["fair_share"] == pytest.approx(1 / 3)
    wins = rows["beginner"]["win_rate"] * 6 + rows["random"]["win_rate"] * 12
    assert wins == pytest.approx(6)


def test_cli_arena_with_options_and_json(tmp_path, capsys):
    from whistdrive.cli import main

    out = tmp_path / "a.json"
    code = main(["arena", "german", "--bots", "intermediate,beginner", "--deals", "2", "--seed", "3",
                 "-o", "count=all26", "-o", "high_low=true", "--json", str(out), "--no-progress"])
    assert code == 0
    data = json.loads(out.read_text())
    assert data["options"] == {"count": "all26", "high_low": True}
    assert "intermediate" in capsys.readouterr().out


def test_cli_refuses_a_bad_bot_list(capsys):
    from whistdrive.cli import main

    assert main(["arena", "german", "--bots", "expert", "--deals", "1", "--no-progress"]) == 2


def test_bot_spec_budget():
    assert BotSpec.parse("expert:0.25").budget == 0.25
    assert BotSpec.parse("cheater").level == "cheater"


class _Broken:
    """A bot with a bug: it raises on every move."""

    def choose(self, observation, budget=None):
        raise RuntimeError("broken bot")


@pytest.fixture
def broken_beginner(monkeypatch):
    import whistdrive.bots as bots

    real = bots.make_player
    monkeypatch.setattr(bots, "make_player",
                        lambda level, game, **kw: _Broken() if level == "beginner" else real(level, game, **kw))


def test_a_failing_bot_stops_the_run(broken_beginner):
    with pytest.raises(RuntimeError, match="broken bot") as info:
        run("german", ["intermediate", "beginner"], deals=1, seed=2, progress=False)
    assert any("--tolerate-bot-errors" in n for n in info.value.__notes__)


def test_tolerated_failures_are_played_at_random_counted_and_logged(broken_beginner, caplog):
    s = run("whist", ["intermediate", "beginner"], deals=2, seed=1, progress=False, tolerate=True)
    rows = {r["bot"]: r for r in s.rows}
    assert rows["beginner"]["fallbacks"] == rows["beginner"]["moves"] > 0
    assert rows["intermediate"]["fallbacks"] == 0
    assert f"bot failures played at random: intermediate 0, beginner {rows['beginner']['moves']}" in report(s)
    warned = [r for r in caplog.records if r.levelname == "WARNING" and r.name == "whistdrive.arena"]
    assert len(warned) == rows["beginner"]["moves"]
    assert all(r.exc_info and "broken bot" in str(r.exc_info[1]) for r in warned)


def test_cli_tolerates_bot_errors_only_when_asked(broken_beginner, capsys):
    from whistdrive.cli import main

    with pytest.raises(RuntimeError):
        main(["arena", "german", "--bots", "intermediate,beginner", "--deals", "1", "--no-progress"])
    assert main(["arena", "german", "--bots", "intermediate,beginner", "--deals", "1", "--no-progress",
                 "--tolerate-bot-errors"]) == 0
    out = capsys.readouterr().out
    assert "bot failures played at random: intermediate 0, beginner " in out
    assert "beginner 0" not in out


@pytest.mark.parametrize("options", [{}, {"count": "all26"}])
def test_stage2_entry_says_who_wins_with_exact_play_from_there(options):
    """Checked by playing stage 2 out with exact play by both (the expert's stage 2 is the solve)."""
    from whistdrive import new_game
    from whistdrive.arena import stage2_entry
    from whistdrive.bots import make_player

    seen = set()
    for seed in range(6):
        g = new_game("german", options, seed=seed)
        weak = [make_player(level, "german", seed=seed) for level in ("random", "intermediate")]
        while g.stage == 1:
            assert stage2_entry(g) is None or len(g.play.tricks) == 13
            g.apply(weak[g.current_seat].choose(g.observation(g.current_seat)))
        entry = stage2_entry(g)
        exact = make_player("expert", "german", seed=seed, worlds=1)
        while not g.is_over:
            g.apply(exact.choose(g.observation(g.current_seat)))
        winner = g.result()["winner"]
        assert entry == ([0.5, 0.5] if winner is None else [float(s == winner) for s in (0, 1)])
        seen.add(tuple(entry))
    assert len(seen) > 1  # both seats won somewhere: the check told something


def test_the_german_report_gives_the_share_of_winning_stage2_entries():
    s = run("german", ["intermediate", "random"], deals=3, seed=2, progress=False)
    a, b = s.rows
    assert a["stage2_entries"] == b["stage2_entries"] == 6
    assert a["stage2_won_entry"] + b["stage2_won_entry"] == pytest.approx(1.0)
    assert "entered stage 2 with a winning hand" in report(s)


def test_wilson_interval_of_a_win_rate():
    from whistdrive.arena import wilson

    # expected: scipy.stats.binomtest(k, n).proportion_ci(method="wilson")
    lo, hi = wilson(93, 240)  # 38.8 % of 240 games
    assert lo == pytest.approx(0.32810, abs=1e-5) and hi == pytest.approx(0.45045, abs=1e-5)
    assert wilson(0, 10) == pytest.approx((0.0, 0.27753), abs=1e-5)
    assert wilson(10, 10)[1] == pytest.approx(1.0)


def test_the_knockout_report_gives_the_wilson_interval_of_the_share():
    s = run("knockout", ["beginner", "random", "random"], deals=2, seed=4, progress=False)
    row = next(r for r in s.rows if r["bot"] == "beginner")
    lo, hi = row["share_ci"]
    assert lo < row["share_ratio"] < hi
    assert f"Wilson 95% [{lo:.2f}x, {hi:.2f}x]" in report(s)
