"""The Python examples of the README and docs/ are run as written, so they cannot drift from the API."""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def python_blocks(path: Path) -> list[str]:
    return re.findall(r"^```python\n(.*?)^```", path.read_text(encoding="utf-8"), flags=re.S | re.M)


def test_the_readme_has_a_python_example():
    assert python_blocks(ROOT / "README.md")


@pytest.mark.parametrize("path", [p for p in DOCUMENTS if python_blocks(p)], ids=lambda p: p.name)
def test_python_blocks_run(path, capsys):
    namespace: dict = {"__name__": f"example_{path.stem}"}
    for block in python_blocks(path):  # the blocks of one document build on each other
        exec(compile(block, str(path), "exec"), namespace)
    if path.name == "README.md":  # the example plays a whole deal and prints the result
        out = capsys.readouterr().out
        assert "'winner'" in out and out.count("play") >= 26
