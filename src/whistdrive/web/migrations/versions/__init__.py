"""One Alembic revision per file (the revision id is the file's number)."""
