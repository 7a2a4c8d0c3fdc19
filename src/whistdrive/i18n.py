"""Translations of every text a person reads, from one gettext catalogue per language.

``locale/<lang>/LC_MESSAGES/messages.po`` is the single source for the web
app, the terminal, the worked examples and the analysis. English is the
source language (msgids are English sentences); Russian plurals follow the
catalogue's ``Plural-Forms`` header. Babel reads the ``.po`` and compiles it
in memory, so there is no compiled ``.mo`` to keep in sync. ``make i18n``
refreshes the catalogue from the code (``babel.cfg``).
"""

from __future__ import annotations

import functools
import gettext
import io
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import NullTranslations, Translations

LANGS = ("en", "ru")
DEFAULT_LANG = "en"
LOCALE_DIR = Path(__file__).parent / "locale"


def po_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / "messages.po"


@functools.cache
def catalog(lang: str) -> Catalog | None:
    """The parsed ``.po`` of ``lang``; ``None`` for English (the source language)."""
    path = po_path(lang)
    if not path.exists():
        return None
    with path.open("rb") as f:
        return read_po(f, locale=lang)


@functools.cache
def translations(lang: str) -> gettext.NullTranslations:
    """gettext, ngettext, pgettext and npgettext of ``lang`` (msgids unchanged where nothing is translated).

    Typed as the standard library's class, whose ``pgettext`` returns ``str`` (Babel's says ``str | object``).
    """
    if lang not in LANGS:
        raise ValueError(f"lang must be one of {', '.join(LANGS)}, not {lang!r}")
    cat = catalog(lang)
    if cat is None:
        return NullTranslations()
    buf = io.BytesIO()
    write_mo(buf, cat)
    buf.seek(0)
    return Translations(buf)


def gettext_for(lang: str):
    """``(gettext, ngettext)`` of ``lang``, to bind as ``_, ngettext = gettext_for(lang)``."""
    tr = translations(lang)
    return tr.gettext, tr.ngettext


def N_(msgid: str) -> str:
    """Mark a message for extraction where it is translated later, through a variable."""
    return msgid
