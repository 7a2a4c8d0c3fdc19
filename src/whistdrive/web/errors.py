"""The web layer's refusals, shared by the table logic and the seats."""

from __future__ import annotations


class TableError(Exception):
    """A refused request; ``code`` is stable (the client translates it)."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code
        self.message = message
