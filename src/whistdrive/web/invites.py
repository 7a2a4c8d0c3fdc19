"""Invitation links and display names.

An invitation is a random token handed to the creator; the store keeps only
its SHA-256, so a copy of the database cannot take a seat. It opens one seat,
once, until it expires (a seat may have several: each server process makes its
own when the creator asks it for the links).
"""

from __future__ import annotations

import hashlib
import secrets
import time
import unicodedata

INVITE_TTL = 24 * 3600.0  # seconds an invitation stays valid
MAX_NAME = 24
NAME_RULE = f"a name of 1 to {MAX_NAME} characters, not one the table uses itself"  # what a refused name is told
# Words the table itself shows in a seat's place: a person named so would pass for a computer, for the
# reader, or for a seat (letters only, case folded: "Computer 2" and "ВЫ" are refused too).
RESERVED = frozenset({
    "computer", "bot", "you", "me", "opponent", "partner", "spectator", "player", "north", "east", "south",
    "west", "random", "beginner", "intermediate", "expert",
    "компьютер", "бот", "вы", "ты", "я", "соперник", "партнёр", "партнер", "зритель", "игрок", "север",
    "восток", "юг", "запад", "новичок", "любитель", "эксперт", "случайный"})
JOINERS = {"\u200d"}  # a format character that joins emoji (families, flags of people): part of a name


def new_token() -> str:
    """A seat, spectator or invitation token: 192 random bits, URL-safe."""
    return secrets.token_urlsafe(24)


def digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def well_formed(token: object) -> bool:
    return isinstance(token, str) and 16 <= len(token) <= 64 and all(c.isalnum() or c in "-_" for c in token)


def expired(expires: float | None, now: float | None = None) -> bool:
    return expires is None or (now if now is not None else time.time()) > expires


def clean_name(name: object) -> str | None:
    """A display name: printable, trimmed, 1..24 characters, not a word the table uses for its own
    seats (:data:`RESERVED`); None if unusable."""
    if not isinstance(name, str):
        return None
    name = unicodedata.normalize("NFC", " ".join(name.split()))
    if not 1 <= len(name) <= MAX_NAME or any(unicodedata.category(ch)[0] == "C" and ch not in JOINERS
                                            for ch in name):
        return None
    if "".join(ch for ch in name.casefold() if ch.isalpha()) in RESERVED:
        return None
    return name
