"""Babel's extractor for the browser's texts (``babel.cfg`` maps ``static/*.js`` to :func:`extract_js`).

Literal ``t("…")`` / ``tn("…", "…", n)`` calls (also as ``WD.t``), and every
string on a line marked ``// i18n`` (tables of names translated through a
variable). The lobby shows the bot levels capitalised through a variable,
so ``lobby.js`` also yields their names ("Random", "Beginner"...).
"""

from __future__ import annotations

import re
from pathlib import Path

_T = re.compile(r'(?:WD\.|(?<![\w.]))(tn|t)\(\s*"((?:[^"\\]|\\.)*)"(?:\s*,\s*"((?:[^"\\]|\\.)*)")?')
_STR = re.compile(r'"((?:[^"\\]|\\.)*)"\s*[,}\]]')


def extract_js(fileobj, keywords, comment_tags, options):
    """``(lineno, funcname, message, comments)`` for each text of one JavaScript file."""
    for lineno, raw in enumerate(fileobj, 1):
        line = raw.decode("utf-8")
        for kind, a, b in _T.findall(line):
            if kind == "tn" and b:
                yield lineno, "ngettext", (a, b), []
            else:
                yield lineno, "gettext", a, []
        if line.rstrip().endswith("// i18n"):
            for s in _STR.findall(line):
                if s.strip(" .…"):
                    yield lineno, "gettext", s, []
    if Path(getattr(fileobj, "name", "")).name == "lobby.js":
        from whistdrive.bots import LEVELS

        for level in LEVELS:
            yield 0, "gettext", level[:1].upper() + level[1:], []
