"""The web app: lobby, card table, replays and rules pages (``whistdrive serve``).

Layout: :mod:`.store` persists games (SQLAlchemy), :mod:`.tables` runs them
(one authoritative :class:`~whistdrive.games.base.Game` per table, bots in a
worker pool), :mod:`.app` is the FastAPI/Starlette application (HTTP pages,
JSON API and one WebSocket per seat), :mod:`.i18n` the language of a request and the
browser's catalogue, ``templates/`` the Jinja2 pages and
``static/`` the vanilla-JS client with its SVG card drawing. See docs/web.md.
"""
