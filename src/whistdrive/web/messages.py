"""Find every translatable string of the web app (used by the tests and to refresh the .po files).

JavaScript: literal ``t("…")`` / ``tn("…", "…", n)`` calls, and every string on
a line marked ``// i18n`` (tables of names translated through a variable).
Python: literal ``_("…")`` calls in this package. Bot level names are added
as "Random", "Beginner"... (the lobby shows levels capitalised).
"""

from __future__ import annotations

import re
from pathlib import Path

HERE = Path(__file__).parent
_T = re.compile(r'(?:WD\.|(?<![\w.]))(tn|t|_)\(\s*"((?:[^"\\]|\\.)*)"(?:\s*,\s*"((?:[^"\\]|\\.)*)")?')
_STR = re.compile(r'"((?:[^"\\]|\\.)*)"\s*[,}\]]')


def extract() -> tuple[set[str], dict[str, str]]:
    singles: set[str] = set()
    plurals: dict[str, str] = {}
    for f in sorted((HERE / "static").glob("*.js")):
        for line in f.read_text(encoding="utf-8").splitlines():
            for kind, a, b in _T.findall(line):
                if kind == "tn" and b:
                    plurals[a] = b
                else:
                    singles.add(a)
            if line.rstrip().endswith("// i18n"):
                for s in _STR.findall(line):
                    if s.strip(" .…"):
                        singles.add(s)
    for f in sorted(HERE.glob("*.py")):
        for kind, a, _b in _T.findall(f.read_text(encoding="utf-8")):
            if kind == "_":
                singles.add(a)
    from .botpool import levels

    singles.update(lv[:1].upper() + lv[1:] for lv in levels())
    singles -= set(plurals)
    return singles, plurals
