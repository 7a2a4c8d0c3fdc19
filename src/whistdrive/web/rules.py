"""Rules pages: the Markdown of ``content/rules/<game>.<lang>.md`` rendered with markdown-it-py.

Headings may end with ``{#anchor}`` (every section is reachable by link;
options use ``#opt-<name>``); a paragraph ``{{example:ID}}`` becomes a
step-through diagram drawn by ``static/replay.js`` from the example's record.
"""

from __future__ import annotations

import functools
import html
import re
from pathlib import Path

from markdown_it import MarkdownIt

CONTENT = Path(__file__).parent / "content"
RULES_DIR = CONTENT / "rules"
EXAMPLE_DIRS = (CONTENT / "examples", Path(__file__).parent.parent / "examples")
ANCHOR = re.compile(r"\s*\{#([A-Za-z0-9_-]+)\}\s*$")
EXAMPLE = re.compile(r"<p>\{\{example:([A-Za-z0-9_.-]+)\}\}</p>")
SAFE_ID = re.compile(r"^[A-Za-z0-9_.-]{1,64}$")


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
    body = EXAMPLE.sub(lambda m: f'<div class="rules-example" data-example="{html.escape(m.group(1))}"></div>', body)
    return title, body, toc


def render(game: str, lang: str) -> tuple[str, str, list] | None:
    p = rules_path(game, lang)
    if p is None:
        return None
    return _render(str(p), p.stat().st_mtime)


def highlight(body: str, options: dict[str, str], label: str) -> str:
    """Mark the headings ``#opt-<name>`` of the options the table uses."""
    for name, value in options.items():
        if not re.fullmatch(r"[a-z0-9_]{1,32}", name):
            continue
        needle = f'id="opt-{name}"'
        badge = f' <span class="opt-current">{html.escape(label)}: <code>{html.escape(value)}</code></span>'
        i = body.find(needle)
        if i < 0:
            continue
        body = body[:i] + needle + ' class="current-option"' + body[i + len(needle):]
        end = body.find("</h", i)
        if end > 0:
            body = body[:end] + badge + body[end:]
    return body


def example_record(example_id: str) -> dict | None:
    if not SAFE_ID.match(example_id):
        return None
    import json

    for d in EXAMPLE_DIRS:
        for p in (d / f"{example_id}.json", d / example_id / "record.json"):
            if p.is_file():
                data = json.loads(p.read_text(encoding="utf-8"))
                return data.get("record", data) if isinstance(data, dict) else None
    return None
