"""Translations: gettext catalogues (``locale/<lang>/LC_MESSAGES/messages.po``).

The ``.po`` files are the single source. At start-up Babel reads them and
compiles them in memory into :class:`gettext.GNUTranslations` for the server,
and into a small JSON catalogue (with the plural rule) for the browser, so
there is no build step and no compiled ``.mo`` file to keep in sync.
English is the source language: its catalogue only needs plural forms.
"""

from __future__ import annotations

import functools
import gettext
import io
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

LANGS = ("en", "ru")
DEFAULT_LANG = "en"
LOCALE_DIR = Path(__file__).parent / "locale"


def _po_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / "messages.po"


@functools.cache
def catalog(lang: str):
    path = _po_path(lang)
    if not path.exists():
        return None
    with path.open("rb") as f:
        return read_po(f, locale=lang)


@functools.cache
def translations(lang: str) -> gettext.NullTranslations:
    cat = catalog(lang)
    if cat is None:
        return gettext.NullTranslations()
    buf = io.BytesIO()
    write_mo(buf, cat)
    buf.seek(0)
    return gettext.GNUTranslations(buf)


@functools.cache
def js_catalog(lang: str) -> dict:
    """``{"lang", "plural": formula, "messages": {msgid: str | [forms]}}`` for static/i18n.js."""
    cat = catalog(lang)
    messages: dict = {}
    plural = "(n != 1)"
    if cat is not None:
        plural = cat.plural_expr
        for m in cat:
            if not m.id or m.fuzzy:
                continue
            if isinstance(m.id, tuple):
                forms = [s for s in m.string if s]
                if len(forms) == len(m.string):
                    messages[m.id[0]] = list(m.string)
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


def gettext_for(lang: str):
    tr = translations(lang)
    return tr.gettext, tr.ngettext
