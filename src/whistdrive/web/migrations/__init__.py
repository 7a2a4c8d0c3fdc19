"""The Alembic revisions of the web app's database (run by :mod:`whistdrive.web.migrate`).

``versions/`` holds one file per schema change, oldest first; ``env.py`` runs
them on the connection whistdrive hands over, or on ``-x url=...`` from the
``alembic`` command line of a clone (docs/web.md, "Storage").
"""
