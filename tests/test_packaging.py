"""What ships beside the code: the locks keep the runtime apart from the test tools, the version agrees
everywhere, the licence and changelog are there, and `make run` installs no test tool."""

import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

import whistdrive

ROOT = Path(__file__).resolve().parents[1]
TEST_TOOLS = {"pytest", "pytest-xdist", "pytest-timeout", "hypothesis", "playwright", "ruff", "mypy", "httpx"}


def pins(name: str) -> dict[str, str]:
    out = {}
    for line in (ROOT / name).read_text(encoding="utf-8").splitlines():
        line = line.split("#")[0].strip()
        if line:
            package, sep, version = line.partition("==")
            assert sep, f"{name}: {line!r} is not pinned with =="
            out[re.sub(r"[-_.]+", "-", package).lower()] = version
    return out


def declared(requirements: list[str]) -> set[str]:
    return {re.sub(r"[-_.]+", "-", re.match(r"[A-Za-z0-9_.-]+", r).group()).lower() for r in requirements}


PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]


def test_runtime_lock_pins_the_runtime_and_no_test_tool():
    runtime = pins("requirements.lock")
    assert declared(PYPROJECT["dependencies"]) <= runtime.keys()
    assert not TEST_TOOLS & runtime.keys()


def test_test_lock_adds_the_test_tools_to_the_same_runtime_pins():
    runtime, test = pins("requirements.lock"), pins("requirements-test.lock")
    assert declared(PYPROJECT["optional-dependencies"]["test"]) <= test.keys()
    assert {k: test.get(k) for k in runtime} == runtime


def test_make_run_installs_only_the_runtime_lock_and_make_test_both():
    def installs(target: str) -> str:
        text = subprocess.run(["make", "-n", "-B", target], cwd=ROOT, capture_output=True, text=True,
                              check=True).stdout
        return "\n".join(line for line in text.splitlines() if "pip install" in line)

    run, test = installs("run"), installs("test")
    assert "requirements.lock" in run and "requirements-test.lock" not in run
    assert "requirements.lock" in test and "requirements-test.lock" in test


def test_version_licence_and_changelog():
    assert whistdrive.__version__ == PYPROJECT["version"]
    licence = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert licence.startswith("MIT License") and "whistdrive authors" in licence
    assert PYPROJECT["license"] == {"text": "MIT"}
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    assert "## [Unreleased]" in changelog and f"## [{PYPROJECT['version']}]" in changelog


def test_package_marks_itself_typed():
    assert (Path(whistdrive.__file__).parent / "py.typed").is_file()


@pytest.mark.slow  # collects the whole suite in a subprocess: ~6 s
def test_the_suite_collects_the_docstring_examples():
    """`make test` runs plain pytest: the doctests under src/ must be in its default collection."""
    pytest_config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["pytest"]
    options = pytest_config["ini_options"]
    assert "--doctest-modules" in options["addopts"].split() and "src" in options["testpaths"]
    with_examples = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "src").rglob("*.py")
                           if ">>>" in p.read_text(encoding="utf-8"))
    assert len(with_examples) >= 6
    src = str(Path(whistdrive.__file__).parents[1])
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [src, os.environ.get("PYTHONPATH")]))}
    listing = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider",
                              *with_examples], cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    collected = {line.split("::")[0] for line in listing.stdout.splitlines() if "::" in line}
    assert collected == set(with_examples), listing.stdout + listing.stderr
