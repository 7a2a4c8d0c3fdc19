"""Pages, rules rendering and translations."""

from __future__ import annotations

import re

from whistdrive.web import i18n
from whistdrive.web.app import STATIC


def test_js_plural_rule_matches_the_po_header():
    """static/i18n.js hard-codes the plural rules (no eval under our CSP): they must match the .po header."""
    js = (STATIC / "i18n.js").read_text(encoding="utf-8")
    ru = re.search(r"ru: \(n\) => \((.*?)\),\n", js, re.S).group(1)
    py_js = ru.replace("===", "==").replace("!==", "!=").replace("&&", " and ").replace("||", " or ")
    formula = i18n.catalog("ru").plural_expr
    py_po = formula.replace("&&", " and ").replace("||", " or ")

    def ternary(expr):  # a ? b : c  ->  (b if a else c), right-associative
        expr = expr.strip()
        depth = 0
        for i, ch in enumerate(expr):
            depth += ch == "("
            depth -= ch == ")"
            if ch == "?" and depth == 0:
                cond, rest = expr[:i], expr[i + 1:]
                d2 = 0
                for j, c2 in enumerate(rest):
                    d2 += c2 == "("
                    d2 -= c2 == ")"
                    if c2 == ":" and d2 == 0:
                        return f"(({ternary(rest[:j])}) if ({cond}) else ({ternary(rest[j + 1:])}))"
        if expr.startswith("(") and expr.endswith(")"):
            return "(" + ternary(expr[1:-1]) + ")"
        return expr

    f_js, f_po = eval("lambda n: " + ternary(py_js)), eval("lambda n: " + ternary(py_po))  # noqa: S307
    assert all(f_js(n) == f_po(n) for n in range(0, 1000))


def test_pages_render_in_both_languages(client):
    for lang in ("en", "ru"):
        client.cookies.set("wd_lang", lang)
        r = client.get("/")
        assert r.status_code == 200 and f'lang="{lang}"' in r.text
        assert "Content-Security-Policy" in r.headers
    r = client.get("/table/nope")
    assert r.status_code == 404 and "не ваш" in r.text  # translated on the server (lang cookie ru)
    r = client.get("/no/such/page")  # an address nobody serves: the same translated page, not JSON
    assert r.status_code == 404 and r.headers["content-type"].startswith("text/html") and "нет страницы" in r.text
    r = client.get("/api/no-such-call")  # a program gets JSON
    assert r.status_code == 404 and r.json() == {"error": "not_found"}
    r = client.post("/")  # other refusals keep their status, in the API's error shape
    assert r.status_code == 405 and r.json()["error"] == "method_not_allowed"
    r = client.get("/api/games/x/analysis/abc")  # a path parameter of the wrong type
    assert r.status_code == 400 and r.json()["error"] == "bad_request" and r.json()["message"].startswith("k: ")


def test_rules_pages_with_anchors_and_highlighted_options(client):
    from whistdrive.web.rules import RULES_DIR

    for path in RULES_DIR.glob("*.md"):
        game, lang = path.stem.split(".")
        r = client.get(f"/rules/{game}?lang={lang}")
        assert r.status_code == 200
        assert 'id="overview"' in r.text or "<h2 id=" in r.text
        assert "{#" not in r.text
        assert "{{example:" not in r.text
    r = client.get("/rules/german?lang=en&o.count=all26&o.scoring=difference")
    assert 'id="opt-count" class="current-option"' in r.text and "all26" in r.text
    assert client.get("/rules/chess").status_code == 404


def test_hostile_query_values_are_escaped(client):
    hostile = '"><script>alert(1)</script>'
    r = client.get("/rules/german", params={"lang": "en", "o.count": hostile, "o.<img src=x onerror=alert(1)>": "1"})
    assert r.status_code == 200
    assert "<script>alert" not in r.text and "<img src=x" not in r.text
    assert "&lt;script&gt;alert(1)" in r.text  # the value is shown, as text (cut to 40 characters)
    assert 'id="opt-count" class="current-option"' in r.text


def test_error_page_is_translated_and_escaped(client):
    client.cookies.set("wd_lang", "ru")
    r = client.get("/rules/%3Cscript%3Ealert(1)")
    assert r.status_code == 404 and "<script>alert" not in r.text
    assert "<h1>Такой игры нет.</h1>" in r.text and ">В лобби</a>" in r.text


def test_the_rules_banner_words_a_tables_options_as_the_lobby_does(client):
    from whistdrive.games import GAMES

    params = {p.name: p for p in GAMES["german"].Options.params()}
    r = client.get("/rules/german?lang=ru&o.count=all26&o.follow_suit_stage1=false&o.deals=3")
    banner = r.text.split('class="opt-banner"')[1].split("</p>")[0]
    count = params["count"]
    assert f"{count.label.ru}: {next(c.label.ru for c in count.choices if c.value == 'all26')}" in banner
    assert f"{params['follow_suit_stage1'].label.ru}: нет" in banner and f"{params['deals'].label.ru}: 3" in banner
    assert "all26" not in banner and "follow_suit_stage1" not in banner.replace('href="#opt-follow_suit_stage1"', "")


def test_the_lobby_starts_at_the_terminal_s_default_level(client):
    """One default level for the lobby and the terminal (the lobby read the second level of the list)."""
    from whistdrive.bots import DEFAULT_LEVEL, LEVELS

    meta = client.get("/api/meta").json()
    assert meta["default_level"] == DEFAULT_LEVEL and DEFAULT_LEVEL in LEVELS
    assert "meta.default_level" in (STATIC / "lobby.js").read_text()
