"""Checks of the in-app rules pages (issue 6) and of the worked-example index.

The pages live in ``src/whistdrive/web/content/rules/<game>.<lang>.md`` and the
example index in ``src/whistdrive/web/content/examples.json``.  These tests
only look at the text: they do not replay the examples (that is the job of the
example records and their own tests).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from whistdrive.games import GAMES as GAME_CLASSES

ROOT = Path(__file__).resolve().parents[1]
CONTENT = ROOT / "src" / "whistdrive" / "web" / "content"
RULES_DIR = CONTENT / "rules"
EXAMPLES_JSON = CONTENT / "examples.json"

GAMES = tuple(GAME_CLASSES)
LANGS = ("en", "ru")
PAGES = [(g, lang) for g in GAMES for lang in LANGS]

COMMON_ANCHORS = {
    "overview", "deal", "trick", "scoring", "end", "options",
    "history", "strategy", "faq", "examples",
}
REQUIRED_ANCHORS = {
    "german": COMMON_ANCHORS | {
        "stages", "opt-follow_suit_stage1", "opt-count", "opt-scoring",
        "opt-high_low",
    },
    "whist": COMMON_ANCHORS | {
        "opt-preset", "opt-target", "opt-honours", "opt-rubber_bonus",
    },
    "knockout": COMMON_ANCHORS | {"opt-players"},
    "humbug": COMMON_ANCHORS | {"exchange"},
}
for _name, _game in GAME_CLASSES.items():  # every option of the descriptor has its section (the lobby links to it)
    REQUIRED_ANCHORS[_name] = REQUIRED_ANCHORS[_name] | {p.anchor for p in _game.Options.params()}
REQUIRED_EXAMPLES = {
    "german": {"german-1-3", "german-prize-fight", "german-low-game"},
    "whist": {"whist-honours", "whist-game-on-tricks", "whist-rubber"},
    "knockout": {"knockout-3-8", "knockout-tie-break", "knockout-elimination"},
    "humbug": {"humbug-exchange-wins", "humbug-honours"},
}
# Option names and values of docs/rules.md that each page must mention literally.
REQUIRED_TERMS = {
    "german": ["`follow_suit_stage1`", "`count`", "`last13`", "`all26`",
               "`scoring`", "`game`", "`difference`", "`over_book`",
               "`high_low`"],
    "whist": ["`preset`", "`english`", "`american`", "`target`", "`honours`",
              "`rubber_bonus`"],
    "knockout": ["`players`"],
    "humbug": ["`preset`", "`english`", "`american`", "`target`", "`honours`", "`rubber_bonus`", "`length`"],
}

HEADING_RE = re.compile(r"^(#{1,6})\s+(.*?)\s*$")
ANCHOR_RE = re.compile(r"\{#([^}]*)\}\s*$")
ANCHOR_ID_RE = re.compile(r"^[a-z0-9][a-z0-9_-]*$")
PLACEHOLDER_RE = re.compile(r"\{\{example:([^}]*)\}\}")
FAQ_MIN = 6


def page_path(game: str, lang: str) -> Path:
    return RULES_DIR / f"{game}.{lang}.md"


def read(game: str, lang: str) -> str:
    return page_path(game, lang).read_text(encoding="utf-8")


def headings(text: str) -> list[tuple[int, str, str | None]]:
    """(level, title, anchor or None) of every heading outside code fences."""
    out = []
    in_fence = False
    for line in text.splitlines():
        if line.startswith("```"):
            in_fence = not in_fence
            continue
        if in_fence:
            continue
        m = HEADING_RE.match(line)
        if not m:
            continue
        level, rest = len(m.group(1)), m.group(2)
        a = ANCHOR_RE.search(rest)
        title = ANCHOR_RE.sub("", rest).strip()
        out.append((level, title, a.group(1) if a else None))
    return out


def anchors(text: str) -> list[str]:
    return [a for _, _, a in headings(text) if a is not None]


def section(text: str, anchor: str) -> str:
    """The lines of the level-2 section with this anchor, up to the next one."""
    lines = text.splitlines()
    start = None
    for i, line in enumerate(lines):
        m = HEADING_RE.match(line)
        if not m:
            continue
        if start is None:
            a = ANCHOR_RE.search(m.group(2))
            if len(m.group(1)) == 2 and a and a.group(1) == anchor:
                start = i + 1
        elif len(m.group(1)) <= 2:
            return "\n".join(lines[start:i])
    assert start is not None, f"no section {{#{anchor}}}"
    return "\n".join(lines[start:])


def placeholders(text: str) -> list[str]:
    return PLACEHOLDER_RE.findall(text)


def load_examples() -> list[dict]:
    return json.loads(EXAMPLES_JSON.read_text(encoding="utf-8"))


def squash(s: str) -> str:
    return " ".join(s.split())


# --------------------------------------------------------------------------
# Files


@pytest.mark.parametrize("game,lang", PAGES)
def test_page_exists_and_is_not_empty(game, lang):
    p = page_path(game, lang)
    assert p.is_file(), f"missing {p}"
    assert len(p.read_text(encoding="utf-8").strip()) > 2000


def test_examples_json_exists_and_is_a_list():
    data = load_examples()
    assert isinstance(data, list) and data


# --------------------------------------------------------------------------
# Anchors


@pytest.mark.parametrize("game,lang", PAGES)
def test_required_anchors_present(game, lang):
    have = set(anchors(read(game, lang)))
    missing = REQUIRED_ANCHORS[game] - have
    assert not missing, f"{game}.{lang}: missing anchors {sorted(missing)}"


@pytest.mark.parametrize("game,lang", PAGES)
def test_every_section_heading_has_a_unique_valid_anchor(game, lang):
    hs = headings(read(game, lang))
    for level, title, anchor in hs:
        if level >= 2:
            assert anchor is not None, f"{game}.{lang}: heading {title!r} has no anchor"
            assert ANCHOR_ID_RE.match(anchor), f"bad anchor id {anchor!r}"
    ids = [a for _, _, a in hs if a]
    dups = {a for a in ids if ids.count(a) > 1}
    assert not dups, f"{game}.{lang}: duplicate anchors {sorted(dups)}"


@pytest.mark.parametrize("game", GAMES)
def test_same_anchors_in_both_languages(game):
    en, ru = anchors(read(game, "en")), anchors(read(game, "ru"))
    assert set(en) == set(ru), (
        f"{game}: only en {sorted(set(en) - set(ru))}, only ru {sorted(set(ru) - set(en))}"
    )
    # Same order too, so the two pages have the same structure.
    assert en == ru


@pytest.mark.parametrize("game,lang", PAGES)
def test_internal_links_point_to_existing_anchors(game, lang):
    text = read(game, lang)
    have = set(anchors(text))
    for target in re.findall(r"\]\(#([^)]+)\)", text):
        assert target in have, f"{game}.{lang}: link to missing #{target}"


@pytest.mark.parametrize("game", GAMES)
def test_option_sections_are_inside_options(game):
    for lang in LANGS:
        opts = section(read(game, lang), "options")
        found = {a for _, _, a in headings(opts) if a}
        want = {a for a in REQUIRED_ANCHORS[game] if a.startswith("opt-")}
        assert want <= found, f"{game}.{lang}: {sorted(want - found)} not under #options"


@pytest.mark.parametrize("game,lang", PAGES)
def test_option_names_and_values_are_mentioned(game, lang):
    text = read(game, lang)
    for term in REQUIRED_TERMS[game]:
        assert term in text, f"{game}.{lang}: option term {term} missing"


# --------------------------------------------------------------------------
# FAQ


@pytest.mark.parametrize("game,lang", PAGES)
def test_faq_has_at_least_six_questions(game, lang):
    faq = section(read(game, lang), "faq")
    questions = [t for level, t, _ in headings(faq) if level == 3]
    assert len(questions) >= FAQ_MIN, f"{game}.{lang}: {len(questions)} FAQ questions"
    for q in questions:
        assert q.endswith("?"), f"{game}.{lang}: FAQ heading {q!r} is not a question"
    # Every question has an answer before the next heading.
    blocks = re.split(r"^### .*$", faq, flags=re.M)[1:]
    assert all(b.strip() for b in blocks)


@pytest.mark.parametrize("game,lang", PAGES)
def test_faq_covers_the_basic_questions(game, lang):
    ids = {a for _, _, a in headings(section(read(game, lang), "faq")) if a}
    for needed in ("faq-trump", "faq-no-suit", "faq-count", "faq-next-dealer", "faq-tie"):
        assert needed in ids, f"{game}.{lang}: FAQ lacks {needed}"


# --------------------------------------------------------------------------
# Examples


@pytest.mark.parametrize("game,lang", PAGES)
def test_placeholders_stand_on_their_own_line_in_examples(game, lang):
    text = read(game, lang)
    for line in text.splitlines():
        if "{{example:" in line:
            assert PLACEHOLDER_RE.fullmatch(line.strip()) and line == line.strip(), (
                f"{game}.{lang}: placeholder not alone on its line: {line!r}"
            )
    ex_section = section(text, "examples")
    assert set(placeholders(text)) == set(placeholders(ex_section)), (
        f"{game}.{lang}: placeholder outside #examples"
    )


@pytest.mark.parametrize("game,lang", PAGES)
def test_page_has_its_required_examples_once(game, lang):
    ids = placeholders(read(game, lang))
    assert sorted(ids) == sorted(REQUIRED_EXAMPLES[game])


def test_placeholders_and_examples_json_match():
    data = load_examples()
    json_ids = [e["id"] for e in data]
    assert len(json_ids) == len(set(json_ids)), "duplicate ids in examples.json"
    page_ids: dict[str, set[str]] = {}
    for game, lang in PAGES:
        for ex_id in placeholders(read(game, lang)):
            page_ids.setdefault(ex_id, set()).add(f"{game}.{lang}")
    assert set(json_ids) == set(page_ids), (
        f"only in json {sorted(set(json_ids) - set(page_ids))}, "
        f"only in pages {sorted(set(page_ids) - set(json_ids))}"
    )
    for e in data:
        assert page_ids[e["id"]] == {f"{e['game']}.en", f"{e['game']}.ru"}


def test_examples_json_schema():
    for e in load_examples():
        assert set(e) == {"id", "game", "title", "claim", "checks"}, e.get("id")
        assert e["game"] in GAMES
        assert e["id"].startswith(e["game"] + "-")
        for key in ("title", "claim"):
            assert set(e[key]) == set(LANGS), (e["id"], key)
            assert all(isinstance(v, str) and v.strip() for v in e[key].values())
        assert isinstance(e["checks"], dict) and e["checks"], e["id"]


def _card_strings(obj):
    if isinstance(obj, dict):
        for k, v in obj.items():
            if k in ("trump", "trump_after") and isinstance(v, str):
                assert v in ("S", "H", "D", "C"), v
            else:
                yield from _card_strings(v)
    elif isinstance(obj, list):
        for v in obj:
            yield from _card_strings(v)
    elif isinstance(obj, str) and re.fullmatch(r"(10|[2-9TJQKA])[SHDC]", obj):
        yield obj


def test_example_checks_use_valid_cards_without_deals():
    for e in load_examples():
        cards = list(_card_strings(e["checks"]))
        assert len(cards) <= 8, f"{e['id']}: checks look like a deal"
        assert "deal_cards" not in json.dumps(e["checks"])
        assert "hands" not in e["checks"]


@pytest.mark.parametrize("game,lang", PAGES)
def test_claim_text_is_written_under_its_placeholder(game, lang):
    by_id = {e["id"]: e for e in load_examples()}
    lines = read(game, lang).splitlines()
    for i, line in enumerate(lines):
        m = PLACEHOLDER_RE.fullmatch(line.strip())
        if not m:
            continue
        j = i + 1
        while j < len(lines) and not lines[j].strip():
            j += 1
        para = []
        while j < len(lines) and lines[j].strip() and not lines[j].startswith("#"):
            para.append(lines[j])
            j += 1
        assert para, f"{game}.{lang}: no description under {m.group(1)}"
        assert squash(" ".join(para)) == squash(by_id[m.group(1)]["claim"][lang])


def test_example_checks_agree_with_rules_arithmetic():
    ex = {e["id"]: e["checks"] for e in load_examples()}
    # docs/rules.md#german-scoring: over_book in a low game pays the larger count minus 6.
    low = ex["german-low-game"]
    assert low["options"]["high_low"] and low["low_game"]
    t = low["counted_tricks"]
    winner = min(t, key=t.get)
    assert low["deal_winner"] == winner
    assert low["points"][winner] == max(t.values()) - 6
    # docs/rules.md#whist-scoring: tricks over six, then honours (3 honours = 2, 4 = 4).
    h = ex["whist-honours"]
    assert sum(h["tricks"].values()) == 13
    assert h["points"]["NS"] == (h["tricks"]["NS"] - 6) + {3: 2, 4: 4}[len(h["honours_held"]["NS"])]
    g = ex["whist-game-on-tricks"]
    assert g["game_score"]["NS"] == g["score_before"]["NS"] + g["tricks"]["NS"] - 6
    assert g["honour_points"] == {"NS": 0, "EW": 0}
    assert g["game_value"] == (3 if g["game_score"]["EW"] == 0 else 2 if g["game_score"]["EW"] < 3 else 1)
    # docs/rules.md#whist-rubber: net rubber points.
    r = ex["whist-rubber"]
    val = lambda ls: 3 if ls == 0 else 2 if ls < 3 else 1  # noqa: E731
    won = [gm for gm in r["games"] if gm["winner"] == r["rubber_winner"]]
    lost = [gm for gm in r["games"] if gm["winner"] != r["rubber_winner"]]
    assert all(gm["value"] == val(gm["loser_score"]) for gm in r["games"])
    net = sum(gm["value"] for gm in won) + 2 * r["options"]["rubber_bonus"] - sum(gm["value"] for gm in lost)
    assert r["rubber_points_net"][r["rubber_winner"]] == net
    # docs/rules.md#knockout-deal: deal k has 8 - k cards; tricks add up to the hand size.
    for key in ("knockout-3-8", "knockout-tie-break"):
        k = ex[key]
        assert k["cards_per_player"] == 8 - k["deal"]
        assert sum(k["tricks_sorted"]) == k["cards_per_player"]
        assert k["eliminated_count"] == k["tricks_sorted"].count(0)
        assert k["next_deal"]["cards_per_player"] == 8 - k["next_deal"]["deal"]
        assert k["next_deal"]["players"] == k["players_in_deal"] - k["eliminated_count"]
    for d in ex["knockout-elimination"]["deals"]:
        assert d["cards_per_player"] == 8 - d["deal"]
        assert sum(d["tricks_sorted"]) == d["cards_per_player"]
        assert d["eliminated_count"] == d["tricks_sorted"].count(0)


# --------------------------------------------------------------------------
# Text hygiene


@pytest.mark.parametrize("game,lang", PAGES)
def test_braces_are_balanced(game, lang):
    text = read(game, lang)
    for pair in ("{}", "()", "[]"):
        depth = 0
        for n, line in enumerate(text.splitlines(), 1):
            for ch in line:
                if ch == pair[0]:
                    depth += 1
                elif ch == pair[1]:
                    depth -= 1
                    assert depth >= 0, f"{game}.{lang}:{n}: unmatched {pair[1]!r}"
        assert depth == 0, f"{game}.{lang}: {depth} unclosed {pair[0]!r}"
    # Braces are only used for anchors and example placeholders.
    leftover = PLACEHOLDER_RE.sub("", ANCHOR_RE.sub("", text, 0))
    leftover = re.sub(r"\{#[a-z0-9_-]+\}", "", leftover)
    assert "{" not in leftover and "}" not in leftover


@pytest.mark.parametrize("game,lang", PAGES)
def test_lines_are_phone_friendly(game, lang):
    for n, line in enumerate(read(game, lang).splitlines(), 1):
        # No wide tables; prose lines are wrapped.
        assert line.count("|") <= 5, f"{game}.{lang}:{n}: table too wide"
        if not line.startswith("#"):
            assert len(line) <= 100, f"{game}.{lang}:{n}: line too long"


@pytest.mark.parametrize("game", GAMES)
def test_russian_uses_russian_ranks(game):
    text = read(game, "ru")
    # Card names with a suit symbol must use Т К Д В, not A K Q J.
    bad = re.findall(r"(?<![\w`])([AKQJ])[♠♥♦♣]", text)
    assert not bad, f"{game}.ru: English rank letters {bad}"
    en = read(game, "en")
    bad = re.findall(r"(?<![\w`])([ТКДВ])[♠♥♦♣]", en)
    assert not bad, f"{game}.en: Russian rank letters {bad}"


_MANY = {"взятка", "взятки", "взятку", "очко", "очка", "карта", "карты", "карту",
         "игрока", "игрок"}
_ONE = {"взяток", "очков", "карт", "игроков"}
_FEW = {"взятка", "очко", "карта", "взяток", "очков", "карт", "игроков", "игрок"}


@pytest.mark.parametrize("game", GAMES)
def test_russian_plurals_after_numbers(game):
    """1 взятка, 2 взятки, 5 взяток — catch the obvious agreement errors.

    Only forms that are wrong in every grammatical case are flagged, except
    for 2-4, where a genitive plural can be right after a preposition
    ("из 3 взяток"), so those are allowed after из/из-за/до/от/с/без/больше/меньше.
    """
    text = read(game, "ru")
    for m in re.finditer(r"(\S*)\s+(\d+)\s+([а-яё]+)", text):
        before, num, word = m.group(1).lower(), int(m.group(2)), m.group(3).lower()
        last2, last = num % 100, num % 10
        if 11 <= last2 <= 14 or last in (0, 5, 6, 7, 8, 9):
            assert word not in _MANY, f"{game}.ru: «{num} {word}»"
        elif last == 1:
            assert word not in _ONE, f"{game}.ru: «{num} {word}»"
        else:
            if before in ("из", "до", "от", "с", "без", "больше", "меньше", "около"):
                continue
            assert word not in _FEW, f"{game}.ru: «{num} {word}»"
