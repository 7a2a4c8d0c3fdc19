"""Rules pages: the Markdown of ``content/rules/<game>.<lang>.md`` rendered with markdown-it-py.

Everything happens on markdown-it's token stream, never on rendered HTML:

* a heading may end with ``{#anchor}``, which becomes its id (options use
  ``#opt-<name>``); ``anchors_plugin`` (mdit-py-plugins) gives any heading
  of level 2–3 written without one a generated id, so every section is
  reachable by link;
* a paragraph ``{{example:ID}}`` becomes a ``<figure class="rules-example"
  data-example=ID>`` holding the example's claim (``content/examples.json``,
  the page's language) above an empty diagram box that ``static/examples.js``
  fills with the step-through of :func:`whistdrive.examples.frames`, served
  by :func:`example_json`; the paragraph after the placeholder, when it
  states that claim, moves into the figure (with its code spans);
* the options of the reader's table (``?o.<name>=<value>``) are marked at
  render time: their ``#opt-<name>`` heading gets ``class="current-option"``
  and a badge with the value, and an option without a section of its own
  gets an empty ``#opt-<name>`` target after the options heading.
"""

from __future__ import annotations

import functools
import json
import re
from pathlib import Path

from markdown_it import MarkdownIt
from markdown_it.rules_core import StateCore
from markdown_it.token import Token
from mdit_py_plugins.anchors import anchors_plugin

CONTENT = Path(__file__).parent / "content"
RULES_DIR = CONTENT / "rules"
ANCHOR = re.compile(r"\s*\{#([A-Za-z0-9_-]+)\}\s*$")
EXAMPLE = re.compile(r"\{\{example:([A-Za-z0-9_.-]+)\}\}")
OPTION_NAME = re.compile(r"[a-z0-9_]{1,32}")
LANGS = ("en", "ru")


def rules_path(game: str, lang: str) -> Path | None:
    for lg in (lang, "en", "ru"):
        p = RULES_DIR / f"{game}.{lg}.md"
        if p.exists():
            return p
    return None


def _heading_ids(state: StateCore) -> None:
    """``## Title {#id}``: the id goes to the heading (and its closing token), the marker leaves the text."""
    tokens = state.tokens
    for i, tok in enumerate(tokens):
        if tok.type != "heading_open":
            continue
        inline = tokens[i + 1]
        m = ANCHOR.search(inline.content)
        if not m:
            continue
        tok.attrSet("id", m.group(1))
        tokens[i + 2].meta["id"] = m.group(1)
        inline.content = inline.content[: m.start()]
        if inline.children and inline.children[-1].type == "text":
            inline.children[-1].content = ANCHOR.sub("", inline.children[-1].content)


def _plain(inline: Token) -> str:
    """The words of an inline token, code ticks dropped, whitespace collapsed."""
    words = [c.content if c.type in ("text", "code_inline") else " " for c in inline.children or []]
    return " ".join("".join(words).split())


def _example_figures(state: StateCore) -> None:
    """Each ``{{example:ID}}`` paragraph becomes a figure: the claim above an empty diagram box."""
    lang = state.env.get("lang", "en")
    tokens, out, i = state.tokens, [], 0
    while i < len(tokens):
        tok = tokens[i]
        m = EXAMPLE.fullmatch(tokens[i + 1].content.strip()) if tok.type == "paragraph_open" else None
        if m is None:
            out.append(tok)
            i += 1
            continue
        info = examples_info().get(m.group(1), {})
        claim = (info.get("claim") or {}).get(lang, "")
        title = (info.get("title") or {}).get(lang, "")
        i += 3  # the placeholder's paragraph
        after = tokens[i:i + 3] if i < len(tokens) and tokens[i].type == "paragraph_open" else []
        if after and claim and _plain(after[1]) == " ".join(claim.replace("`", "").split()):
            caption, i = after, i + 3  # the text states the claim: that paragraph moves into the figure
        elif claim:
            text = Token("text", "", 0, content=claim)
            caption = [Token("paragraph_open", "p", 1, block=True),
                       Token("inline", "", 0, content=claim, children=[text]),
                       Token("paragraph_close", "p", -1, block=True)]
        else:
            caption = []
        if caption:
            caption[0].attrSet("class", "ex-claim")
        figure = Token("figure_open", "figure", 1, block=True)
        figure.attrs = {"class": "rules-example", "data-example": m.group(1), "data-title": title}
        out += [figure, Token("figcaption_open", "figcaption", 1, block=True, attrs={"class": "ex-head"}),
                *caption, Token("figcaption_close", "figcaption", -1, block=True),
                Token("div_open", "div", 1, block=True, attrs={"class": "ex-diagram"}),
                Token("div_close", "div", -1, block=True), Token("figure_close", "figure", -1, block=True)]
    state.tokens = out


def _heading_open(self, tokens, idx, options, env) -> str:
    """The heading of an option the reader's table uses is marked ``current-option``."""
    tok = tokens[idx]
    if str(tok.attrGet("id") or "")[4:] in env.get("chosen", {}) and str(tok.attrGet("id")).startswith("opt-"):
        marked = tok.copy(attrs={**tok.attrs, "class": "current-option"})
        tokens = [*tokens[:idx], marked, *tokens[idx + 1:]]
    return self.renderToken(tokens, idx, options, env)


def _heading_close(self, tokens, idx, options, env) -> str:
    """The chosen value's badge inside its heading; after the options heading, targets for options without one."""
    anchor = tokens[idx].meta.get("id", "")
    chosen = env.get("chosen", {})
    extra: list[Token] = []
    if anchor.startswith("opt-") and anchor[4:] in chosen:
        extra = [Token("text", "", 0, content=" "),
                 Token("span_open", "span", 1, attrs={"class": "opt-current"}),
                 Token("text", "", 0, content=f"{env.get('label', '')}: "),
                 Token("code_inline", "code", 0, content=chosen[anchor[4:]]),
                 Token("span_close", "span", -1)]
        closing = self.renderToken(tokens, idx, options, env)
        return self.renderInline(extra, options, env) + closing
    closing = self.renderToken(tokens, idx, options, env)
    if anchor == "options":
        for name in env.get("missing", ()):
            extra += [Token("span_open", "span", 1, attrs={"id": f"opt-{name}", "class": "opt-anchor"}),
                      Token("span_close", "span", -1)]
        closing = closing.rstrip("\n") + self.renderInline(extra, options, env) + "\n"
    return closing


@functools.cache
def _markdown() -> MarkdownIt:
    md = MarkdownIt("commonmark", {"html": False, "typographer": False}).enable("table")
    md.core.ruler.push("heading_ids", _heading_ids)
    md.use(anchors_plugin, min_level=2, max_level=3)
    md.core.ruler.push("example_figures", _example_figures)
    md.add_render_rule("heading_open", _heading_open)
    md.add_render_rule("heading_close", _heading_close)
    return md


@functools.lru_cache(maxsize=32)
def _parse(path: str, mtime: float) -> tuple[list[Token], str, list[tuple[int, str, str]], frozenset[str]]:
    """The page's tokens, its title (the first ``#`` heading), its contents (``##`` headings) and its ids."""
    lang = Path(path).name.split(".")[-2]
    tokens = _markdown().parse(Path(path).read_text(encoding="utf-8"), {"lang": lang if lang in LANGS else "en"})
    title, toc, ids = "", [], set()
    for i, tok in enumerate(tokens):
        if tok.type != "heading_open":
            continue
        text = "".join(c.content for c in tokens[i + 1].children or [] if c.type in ("text", "code_inline"))
        anchor = tok.attrGet("id")
        if anchor:
            ids.add(str(anchor))
        if tok.tag == "h1" and not title:
            title = text
        elif tok.tag == "h2" and anchor:
            toc.append((2, str(anchor), text))
    return tokens, title, toc, frozenset(ids)


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


def render(game: str, lang: str, chosen: dict[str, str] | None = None,
           label: str = "") -> tuple[str, str, list] | None:
    """``(title, body HTML, contents)`` of a rules page; ``chosen`` (option name -> value) marks the
    options of the reader's table, ``label`` their badge ("at your table")."""
    p = rules_path(game, lang)
    if p is None:
        return None
    tokens, title, toc, ids = _parse(str(p), p.stat().st_mtime)
    chosen = {k: v for k, v in (chosen or {}).items() if OPTION_NAME.fullmatch(k)}
    if not chosen:
        return title, _plain_html(str(p), p.stat().st_mtime), toc
    env = {"chosen": chosen, "label": label, "missing": [k for k in chosen if f"opt-{k}" not in ids]}
    md = _markdown()
    return title, md.renderer.render(tokens, md.options, env), toc


@functools.lru_cache(maxsize=32)
def _plain_html(path: str, mtime: float) -> str:
    """The page as most readers get it (no table's options to mark), rendered once."""
    md = _markdown()
    return md.renderer.render(_parse(path, mtime)[0], md.options, {})
