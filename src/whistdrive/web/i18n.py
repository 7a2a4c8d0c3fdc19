"""The web's side of the translations: the language of a request and the browser's catalogue.

The catalogue itself is the package's (:mod:`whistdrive.i18n`, shared with
the terminal and the worked examples); this module serves it to the browser
as a small JSON catalogue (with the plural rule) for ``static/i18n.js``.
"""

from __future__ import annotations

import functools

from whistdrive.i18n import DEFAULT_LANG, LANGS, catalog, gettext_for, translations

__all__ = ["DEFAULT_LANG", "LANGS", "catalog", "gettext_for", "js_catalog", "pick_lang", "translations"]


@functools.cache
def js_catalog(lang: str) -> dict:
    """``{"lang", "plural": formula, "messages": {msgid: str | [forms]}}`` for static/i18n.js."""
    cat = catalog(lang)
    messages: dict = {}
    plural = "(n != 1)"
    if cat is not None:
        plural = cat.plural_expr
        for m in cat:
            if not m.id or m.fuzzy or m.context:  # the browser asks for no context
                continue
            if isinstance(m.id, tuple):
                strings = m.string if isinstance(m.string, (tuple, list)) else ()
                forms = [s for s in strings if s]
                if forms and len(forms) == len(strings):
                    messages[m.id[0]] = list(strings)
            elif m.string:
                messages[m.id] = m.string
    return {"lang": lang, "plural": plural, "messages": messages}


def pick_lang(cookie: str | None, accept: str | None) -> str:
    if cookie in LANGS:
        return cookie
    for part in (accept or "").split(","):
        code = part.split(";")[0].strip().lower()[:2]
        if code in LANGS:
            return code
    return DEFAULT_LANG
