"""The rules examples' JSON route: every example in both languages, and nothing for a bad id or language."""

from __future__ import annotations

import pytest

from whistdrive.examples import EXAMPLES, LANGS, frames
from whistdrive.games import GAMES


@pytest.mark.parametrize("example_id", EXAMPLES)
def test_every_example_has_frames_in_both_languages(client, example_id):
    for lang in LANGS:
        r = client.get(f"/api/examples/{example_id}?lang={lang}")
        assert r.status_code == 200, r.text
        assert r.headers["content-type"].startswith("application/json")
        data = r.json()
        assert data["id"] == example_id and data["lang"] == lang
        assert data["game"] in GAMES
        assert data["title"] and data["claim"]
        assert data["frames"] == frames(example_id, lang)
        assert len(data["frames"]) >= 2 and all(f["caption"] for f in data["frames"])
        assert all(f["lang"] == lang for f in data["frames"])
    en = client.get(f"/api/examples/{example_id}?lang=en").json()
    ru = client.get(f"/api/examples/{example_id}?lang=ru").json()
    assert len(en["frames"]) == len(ru["frames"]) and en["title"] != ru["title"]


def test_no_lang_means_english(client):
    r = client.get("/api/examples/german-1-3")
    assert r.status_code == 200 and r.json()["lang"] == "en"


@pytest.mark.parametrize("example_id", ["nope", "german-1-3x", "GERMAN-1-3", "..", "german-1-3.json", "x" * 300,
                                        "%2e%2e%2fapp.py", "examples"])
def test_unknown_example_is_404(client, example_id):
    r = client.get(f"/api/examples/{example_id}?lang=en")
    assert r.status_code == 404  # ours, or the router's for a path that normalises away
    assert "frames" not in r.json()
    if "/" not in example_id and "%" not in example_id and example_id != "..":
        assert r.json() == {"error": "not_found", "message": "no such example"}


@pytest.mark.parametrize("lang", ["de", "", "EN", "en-GB", "ru ", "<script>", "x" * 200])
def test_bad_lang_is_400(client, lang):
    r = client.get("/api/examples/german-1-3", params={"lang": lang})
    assert r.status_code == 400
    assert set(r.json()) == {"error", "message"} and "frames" not in r.json()


def test_bad_id_wins_over_bad_lang(client):
    assert client.get("/api/examples/nope?lang=de").status_code == 404


def test_rules_page_puts_each_claim_above_its_diagram(client):
    import json

    from whistdrive.web.rules import CONTENT

    info = {e["id"]: e for e in json.loads((CONTENT / "examples.json").read_text(encoding="utf-8"))}
    for game in GAMES:
        for lang in LANGS:
            text = client.get(f"/rules/{game}?lang={lang}").text
            assert '/static/rules.css' in text
            ids = [i for i in EXAMPLES if i.startswith(game)]
            for example_id in ids:
                start = text.index(f'data-example="{example_id}"')
                figure = text[start:text.index("</figure>", start)]
                assert 'class="ex-claim"' in figure and 'class="ex-diagram"' in figure
                assert info[example_id]["title"][lang] in text[:start]
                assert figure.index("ex-claim") < figure.index("ex-diagram")


def test_table_options_without_a_section_still_have_a_target(client):
    text = client.get("/rules/german?lang=en&o.count=all26&o.deals=3").text
    assert 'id="opt-count" class="current-option"' in text
    assert 'id="opt-deals"' in text  # the banner links #opt-deals
    text = client.get("/rules/whist?lang=ru&o.length=game&o.honours=true").text
    assert 'id="opt-length"' in text and 'id="opt-honours" class="current-option"' in text
