"""The project is read without the team's private notes: no file a user gets names them, and every pointer
into the rules reference (docs/rules.md#anchor) lands on an anchor that exists."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PRIVATE = ("RULES.md", "DESIGN.md", "../shared")


def user_files():
    """The project's own files (what git tracks), not build output such as *.egg-info."""
    import subprocess

    tracked = subprocess.run(["git", "ls-files", "README.md", "src", "docs"], cwd=ROOT, capture_output=True,
                             text=True, check=True).stdout.split()
    for name in tracked:
        yield ROOT / name


def text(path: Path) -> str:
    return path.read_bytes().decode("utf-8", errors="ignore")


def test_no_file_names_the_private_notes():
    found = [f"{p.relative_to(ROOT)}: {name}" for p in user_files() for name in PRIVATE if name in text(p)]
    assert found == []


def test_every_rules_anchor_exists():
    anchors = set(re.findall(r'<a id="([^"]+)"></a>', text(ROOT / "docs" / "rules.md")))
    assert {"common", "trick", "german", "german-options", "whist", "whist-options", "knockout",
            "knockout-options", "humbug"} <= anchors
    pointers = {(p.relative_to(ROOT).as_posix(), a) for p in user_files()
                for a in re.findall(r"rules\.md#([\w-]+)", text(p))}
    assert len(pointers) > 10
    assert sorted((where, a) for where, a in pointers if a not in anchors) == []


def test_every_option_of_every_game_has_its_anchor():
    from dataclasses import fields

    from whistdrive import GAMES

    rules = text(ROOT / "docs" / "rules.md")
    for game, cls in GAMES.items():
        assert f'<a id="{game}-options"></a>' in rules, game
        for option in fields(cls.Options):
            assert f'<a id="{game}-opt-{option.name}"></a>`{option.name}`' in rules, (game, option.name)
