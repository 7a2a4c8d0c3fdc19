"""/healthz says the process is up; /readyz makes a database round trip and says 503 when it fails."""

from sqlalchemy import create_engine


def test_healthz_answers(client):
    r = client.get("/healthz")
    assert r.status_code == 200 and r.json() == {"status": "ok"}
    assert r.headers["cache-control"] == "no-store"


def test_readyz_is_ready_with_a_working_database(client):
    r = client.get("/readyz")
    assert r.status_code == 200 and r.json() == {"status": "ready"}


def test_readyz_is_503_when_the_database_fails(client, tmp_path):
    store = client.app.state.store
    working = store.engine
    store.engine = create_engine(f"sqlite:///{tmp_path}/missing-dir/games.db")  # cannot be opened
    try:
        r = client.get("/readyz")
        assert r.status_code == 503 and r.json() == {"status": "database unavailable"}
        assert client.get("/healthz").status_code == 200  # the process itself is still alive
    finally:
        store.engine.dispose()
        store.engine = working
    assert client.get("/readyz").status_code == 200
