"""Rules pages: the Markdown of ``content/rules/<game>.<lang>.md`` rendered with markdown-it-py.

Headings may end with ``{#anchor}`` (every section is reachable by link;
options use ``#opt-<name>``); a paragraph ``{{example:ID}}`` becomes a
``<figure class="rules-example" data-example=ID>`` with the example's claim
(``content/examples.json``, the page's language) above an empty diagram box
that ``static/examples.js`` fills with the step-through of
:func:`whistdrive.examples.frames`, served by :func:`example_json`.
"""

from __future__ import annotations

import functools
import html
import json
import re
from pathlib import Path

from markdown_it import MarkdownIt

CONTENT = Path(__file__).parent / "content"
RULES_DIR = CONTENT / "rules"
ANCHOR = re.compile(r"\s*\{#([A-Za-z0-9_-]+)\}\s*$")
EXAMPLE = re.compile(r"<p>\{\{example:([A-Za-z0-9_.-]+)\}\}</p>\n?(?:(<p>(?:(?!</p>).)*</p>)\n?)?", re.S)
TAG = re.compile(r"<[^>]+>")
STYLESHEET = '<link rel="stylesheet" href="/static/rules.css">\n'
LANGS = ("en", "ru")


def rules_path(game: str, lang: str) -> Path | None:
    for lg in (lang, "en", "ru"):
        p = RULES_DIR / f"{game}.{lg}.md"
        if p.exists():
            return p
    return None


@functools.lru_cache(maxsize=32)
def _render(path: str, mtime: float) -> tuple[str, str, list[tuple[int, str, str]]]:
    md = MarkdownIt("commonmark", {"html": False, "typographer": False}).enable("table")
    tokens = md.parse(Path(path).read_text(encoding="utf-8"))
    title, toc = "", []
    for i, tok in enumerate(tokens):
        if tok.type == "heading_open":
            inline = tokens[i + 1]
            m = ANCHOR.search(inline.content)
            if m:
                tok.attrSet("id", m.group(1))
                inline.content = inline.content[: m.start()]
                if inline.children:
                    last = inline.children[-1]
                    if last.type == "text":
                        last.content = ANCHOR.sub("", last.content)
            level = int(tok.tag[1])
            text = "".join(c.content for c in inline.children or [] if c.type in ("text", "code_inline"))
            if level == 1 and not title:
                title = text
            elif level == 2 and tok.attrGet("id"):
                toc.append((level, str(tok.attrGet("id")), text))
    body = md.renderer.render(tokens, md.options, {})
    lang = Path(path).name.split(".")[-2]
    body = EXAMPLE.sub(lambda m: _figure(m.group(1), m.group(2), lang if lang in LANGS else "en"), body)
    return title, STYLESHEET + body, toc


def _plain(fragment: str) -> str:
    """The text of an HTML fragment, whitespace collapsed, Markdown code ticks dropped."""
    return " ".join(html.unescape(TAG.sub("", fragment)).replace("`", "").split())


def _figure(example_id: str, after: str | None, lang: str) -> str:
    """A diagram box for one example: its claim above it, in the page's language.

    The rules text states each claim in the paragraph after the placeholder; that
    paragraph (kept as rendered, with its code spans) moves above the diagram.
    """
    info = examples_info().get(example_id, {})
    claim = (info.get("claim") or {}).get(lang, "")
    title = (info.get("title") or {}).get(lang, "")
    rest = ""
    if after is not None and claim and _plain(after) == _plain(claim):
        claim_html = after.replace("<p>", '<p class="ex-claim">', 1)
    else:
        claim_html = f'<p class="ex-claim">{html.escape(claim)}</p>' if claim else ""
        rest = after or ""
    eid = html.escape(example_id, quote=True)
    return (f'<figure class="rules-example" data-example="{eid}" data-title="{html.escape(title, quote=True)}">'
            f'<figcaption class="ex-head">{claim_html}</figcaption>'
            f'<div class="ex-diagram"></div></figure>\n{rest}')


@functools.lru_cache(maxsize=1)
def examples_info() -> dict[str, dict]:
    """``content/examples.json`` by example id: title, claim and checks in both languages."""
    data = json.loads((CONTENT / "examples.json").read_text(encoding="utf-8"))
    return {e["id"]: e for e in data if isinstance(e, dict) and "id" in e}


@functools.lru_cache(maxsize=64)
def _example_payload(example_id: str, lang: str) -> dict:
    from whistdrive.examples import frames, load

    info = examples_info().get(example_id, {})
    record = load(example_id)
    return {
        "id": example_id,
        "game": record["game"],
        "lang": lang,
        "title": (info.get("title") or {}).get(lang, example_id),
        "claim": (info.get("claim") or {}).get(lang, ""),
        "options": record.get("options") or {},
        "frames": frames(example_id, lang),
    }


def example_json(example_id: str, lang: str | None) -> tuple[int, dict]:
    """``(status, body)`` of ``GET /api/examples/{id}?lang=..``: 404 for an unknown id,
    400 for a language other than ``en``/``ru`` (missing means ``en``)."""
    from whistdrive.examples import EXAMPLES

    if example_id not in EXAMPLES:
        return 404, {"error": "not_found", "message": "no such example"}
    lang = "en" if lang is None else lang
    if lang not in LANGS:
        return 400, {"error": "bad_lang", "message": "lang must be en or ru"}
    return 200, _example_payload(example_id, lang)


def render(game: str, lang: str) -> tuple[str, str, list] | None:
    p = rules_path(game, lang)
    if p is None:
        return None
    return _render(str(p), p.stat().st_mtime)


def highlight(body: str, options: dict[str, str], label: str) -> str:
    """Mark the headings ``#opt-<name>`` of the options the table uses.

    An option without a section of its own (German Whist ``deals``, Whist
    ``length``) gets an empty ``#opt-<name>`` target at the top of the options
    section, so the page's "Options at your table" links never dangle.
    """
    missing = []
    for name, value in options.items():
        if not re.fullmatch(r"[a-z0-9_]{1,32}", name):
            continue
        needle = f'id="opt-{name}"'
        badge = f' <span class="opt-current">{html.escape(label)}: <code>{html.escape(value)}</code></span>'
        i = body.find(needle)
        if i < 0:
            missing.append(name)
            continue
        body = body[:i] + needle + ' class="current-option"' + body[i + len(needle):]
        end = body.find("</h", i)
        if end > 0:
            body = body[:end] + badge + body[end:]
    if missing:
        targets = "".join(f'<span id="opt-{n}" class="opt-anchor"></span>' for n in missing)
        i = body.find('id="options"')
        end = body.find(">", body.find("</h", i)) + 1 if i >= 0 else 0
        body = body[:end] + targets + body[end:]
    return body
