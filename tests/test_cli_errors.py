"""A user's mistake gets one line on stderr and exit status 2 — never a traceback, never on stdout."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

import whistdrive

BROKEN_RECORD = '{"format": "whistdrive-record", "version": 7}'


def run(*args: str, cwd=None) -> subprocess.CompletedProcess:
    """``python -m whistdrive ARGS`` on the sources under test, from any working directory."""
    src = str(Path(whistdrive.__file__).parents[1])
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [src, os.environ.get("PYTHONPATH")]))}
    return subprocess.run([sys.executable, "-m", "whistdrive", *args], capture_output=True, text=True, cwd=cwd,
                          env=env, timeout=120)


@pytest.mark.parametrize("args, says", [
    (["play", "german", "--deals", "0"], "deals"),
    (["play", "knockout", "--players", "9"], "players"),
    (["play", "german", "--count", "most"], "--count"),
    (["play", "german", "--deals", "many"], "--deals"),
    (["simulate", "german", "--games", "3"], "--out"),
    (["no-such-command"], "no-such-command"),
    (["solve", "/nonexistent/position.txt"], "/nonexistent/position.txt: No such file"),
    (["analyse", "/nonexistent/game.json"], "/nonexistent/game.json: No such file"),
    (["replay", "/nonexistent/games.jsonl"], "/nonexistent/games.jsonl: No such file"),
    (["replay", "broken.json"], "version 7"),
    (["simulate", "german", "--bots", "grandmaster", "--out", "out.jsonl"], "unknown level 'grandmaster'"),
    (["simulate", "german", "--bots", "random,random,random", "--out", "out.jsonl"], "one level or 2"),
    (["arena", "german", "--bots", "grandmaster,random", "--deals", "1"], "unknown bot 'grandmaster'"),
    (["arena", "german", "--bots", "expert:soon,random", "--deals", "1"], "must be seconds"),
    (["arena", "whist", "--bots", "random", "--deals", "1"], "one per partnership"),
    (["arena", "german", "--bots", "random,random", "--deals", "0", "--no-progress"], "at least one"),
    (["arena", "german", "--bots", "random,random", "-o", "count=most"], "count='most'"),
])
def test_user_error_is_one_line_on_stderr(args, says, tmp_path):
    (tmp_path / "broken.json").write_text(BROKEN_RECORD, encoding="utf-8")
    result = run(*args, cwd=tmp_path)
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("whistdrive: error: "), result.stderr
    assert says in lines[0]
    assert result.stdout == ""
    assert not (tmp_path / "out.jsonl").exists()  # refused before anything was written


def test_version_and_python_dash_m():
    from whistdrive import __version__

    result = run("--version")
    assert result.returncode == 0 and result.stdout.strip() == f"whistdrive {__version__}"


def test_help_names_values_not_internal_dests_nor_the_docs_folder():
    """The help is what an installed user has: it says things itself rather than point to the clone's docs/."""
    for game, flag in (("german", "--deals"), ("whist", "--target"), ("knockout", "--players")):
        out = run("play", game, "--help").stdout
        assert flag in out and "OPT_" not in out
        assert "docs/" not in out
    for command in ("play", "solve", "analyse", "replay", "simulate"):
        assert "docs/" not in run(command, "--help").stdout, command


@pytest.mark.parametrize("games, buffered", [(60, False), (1, True)])
def test_a_reader_that_stops_early_gets_no_error_message(tmp_path, games, buffered):
    """``whistdrive replay games.jsonl | head`` is not a mistake: the command stops quietly, whether a
    write fails while it runs or what is left in Python's buffer meets the closed pipe at the end."""
    out = tmp_path / "k.jsonl"
    assert run("simulate", "knockout", "--games", str(games), "--seed", "1", "--out", str(out)).returncode == 0
    src = str(Path(whistdrive.__file__).parents[1])
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [src, os.environ.get("PYTHONPATH")]))}
    env.pop("PYTHONUNBUFFERED", None)
    if not buffered:
        env["PYTHONUNBUFFERED"] = "1"
    p = subprocess.Popen([sys.executable, "-m", "whistdrive", "replay", str(out)],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    p.stdout.close()  # the reader is gone before the first line
    assert p.wait(timeout=120) == 1
    assert p.stderr.read() == b""
