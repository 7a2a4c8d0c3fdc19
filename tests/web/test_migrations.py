"""Schema versions: a database of the previous release upgrades and its games resume exactly; a new
database starts at the newest revision; upgrading again changes nothing; a newer schema is refused.

``fixtures/previous_release.sqlite`` was written by the previous release's own server
(``fixtures/make_previous_release_db.py``); on PostgreSQL its rows are copied into a
database at the baseline revision, the schema that release created.
"""

from __future__ import annotations

import json
import random
import shutil
from pathlib import Path

import pytest
from alembic import command
from sqlalchemy import MetaData, create_engine, event, func, insert, select, text

from whistdrive import new_game
from whistdrive.cli import main
from whistdrive.web import migrate
from whistdrive.web.store import Store, games_table, places_table

from .conftest import Seat, make_client

FIXTURES = Path(__file__).parent / "fixtures"
EXPECTED = json.loads((FIXTURES / "previous_release.json").read_text())


def release_rows(tmp_path) -> dict[str, list[dict]]:
    """The previous release's games and actions, read from a copy of the fixture."""
    copy = tmp_path / "release-copy.sqlite"
    shutil.copy(FIXTURES / "previous_release.sqlite", copy)
    engine = create_engine(f"sqlite:///{copy}")
    old = MetaData()
    old.reflect(engine)
    assert set(old.tables) == {"games", "actions"}  # no version table: the release had none
    with engine.connect() as c:
        rows = {name: [dict(r) for r in c.execute(old.tables[name].select()).mappings()] for name in old.tables}
    engine.dispose()
    return rows


def previous_release(database_url: str, tmp_path) -> str:
    """``database_url`` holding the previous release's database (not yet upgraded)."""
    if database_url.startswith("sqlite"):
        shutil.copy(FIXTURES / "previous_release.sqlite", database_url.removeprefix("sqlite:///"))
        return database_url
    engine = create_engine(database_url)
    with engine.begin() as c:
        command.upgrade(migrate.config(c), migrate.BASELINE)
    old = MetaData()
    old.reflect(engine, only=["games", "actions"])
    with engine.begin() as c:
        for name, rows in release_rows(tmp_path).items():
            c.execute(insert(old.tables[name]), rows)
    engine.dispose()
    return database_url


def replayed(row: dict, actions: list[dict]):
    """The game as its stored actions make it, replayed from its seed by the engine alone."""
    g = new_game(row["game"], json.loads(row["options"]), seed=int(row["seed"]))
    for a in sorted(actions, key=lambda a: a["seq"]):
        g.apply(a["action"], seat=a["seat"])
    assert g.chance.log == json.loads(row["chance"])[: len(g.chance.log)]
    return g


def test_previous_release_upgrades_and_resumes(database_url, tmp_path):
    rows = release_rows(tmp_path)
    url = previous_release(database_url, tmp_path)
    unfinished = [g for g in EXPECTED["games"] if not g["over"]]
    finished = [g for g in EXPECTED["games"] if g["over"]]
    assert {g["game"] for g in unfinished} == {"german", "whist", "knockout"} and finished
    rng = random.Random(12)
    with make_client(url) as c:
        c.cookies.set("wd_owner", EXPECTED["owner"])
        listing = c.get("/api/games").json()
        assert {g["id"] for g in listing["unfinished"]} == {g["id"] for g in unfinished}
        assert [g["id"] for g in listing["finished"]] == [g["id"] for g in finished]
        old = {r["id"]: r for r in rows["games"]}
        assert listing["stats"] == [{"game": "german", "levels": "random", "played": 1,
                                     "won": old[finished[0]["id"]]["human_won"], "undo": 0}]
        for g in unfinished:
            assert g["id"] not in c.app.state.tables.live  # the person's turn: on disk until opened
            seat = Seat(c, g["id"], g["token"])
            live = c.app.state.tables.live[g["id"]]
            again = replayed(old[g["id"]], [a for a in rows["actions"] if a["game_id"] == g["id"]])
            assert live.game.actions == again.actions
            for s in range(again.num_seats):
                assert live.game.observation(s) == again.observation(s)
            assert seat.last["seq"] == g["seq"]
            assert (seat.view["hand"], seat.view["legal"]) == (g["hand"], g["legal"])  # as the person left it
            seat.play_to_end(rng)
            seat.close()
            assert c.get(f"/api/games/{g['id']}/record").status_code == 200
        assert c.get("/api/games").json()["unfinished"] == []


def test_a_new_database_starts_at_the_newest_revision(database_url):
    store = Store(database_url)
    with store.engine.connect() as c:
        assert migrate.current(c) == (migrate.head(),)
        assert c.execute(select(func.count()).select_from(games_table)).scalar_one() == 0
    store.close()


def test_upgrading_again_changes_nothing(database_url, tmp_path):
    Store(previous_release(database_url, tmp_path)).close()
    store = Store(database_url)
    statements: list[str] = []
    event.listen(store.engine, "before_cursor_execute", lambda *a: statements.append(a[2].split()[0].upper()))
    migrate.upgrade(store.engine)
    assert statements and not {"CREATE", "ALTER", "DROP", "INSERT", "UPDATE", "DELETE"} & set(statements)
    with store.engine.connect() as c:
        assert migrate.current(c) == (migrate.head(),)
        assert c.execute(select(func.count()).select_from(places_table)).scalar_one() == len(EXPECTED["games"])
    store.close()


def test_a_newer_schema_is_refused(database_url, capsys):
    store = Store(database_url)
    with store.engine.begin() as c:
        c.execute(text("UPDATE alembic_version SET version_num = '9999'"))
    store.close()
    with pytest.raises(migrate.SchemaError, match="revision 9999, which this whistdrive does not know.*newer"):
        Store(database_url)
    assert main(["db", "upgrade", "--database-url", database_url]) == 2
    err = capsys.readouterr().err
    assert err.startswith("whistdrive: error: the database's schema is at revision 9999") and err.count("\n") == 1
    assert main(["db", "current", "--database-url", database_url]) == 0
    assert "revision 9999 (newest known: " in capsys.readouterr().out


def test_a_development_database_is_adopted(database_url):
    """A database written between the releases (tables patched in on opening, no version table)
    is stamped and upgraded without losing or doubling its places."""
    engine = create_engine(database_url)
    with engine.begin() as c:  # revision 0002's tables, without a version table
        command.upgrade(migrate.config(c), "0002")
        c.execute(text("DROP TABLE alembic_version"))
    with engine.begin() as c:
        c.execute(text("INSERT INTO games (id, owner, game, options, seats, human_seat, token, seed, chance, status, "
                       "levels, undos, n_actions, created, updated, grace) VALUES ('d1', 'o', 'german', '{}', '[]', "
                       "0, 't', '1', '[]', 'active', 'random', 0, 0, 0, 0, 20)"))
        c.execute(insert(places_table).values(game_id="d1", seat=0, token="t", state="taken", person="o",
                                              name="Ann"))
    engine.dispose()
    store = Store(database_url)
    got = store.load("d1")
    assert got.grace == 20.0 and list(got.places) == [0] and got.places[0]["name"] == "Ann"
    with store.engine.connect() as c:
        assert migrate.current(c) == (migrate.head(),)
    store.close()


def test_open_seats_keep_their_invitations(database_url):
    """Revision 0004 moves the invitations of open seats out of their places rows: a link sent
    before the upgrade still opens its seat; a taken seat's old hash opens nothing."""
    engine = create_engine(database_url)
    with engine.begin() as c:
        command.upgrade(migrate.config(c), "0003")
        c.execute(text("INSERT INTO games (id, owner, game, options, seats, human_seat, token, seed, chance, status, "
                       "levels, undos, n_actions, created, updated) VALUES ('v1', 'o', 'german', '{}', "
                       "'[{\"kind\": \"human\"}, {\"kind\": \"human\"}]', 0, 't0', '1', '[]', 'open', '', 0, 0, 0, 0)"))
        c.execute(text("INSERT INTO places (game_id, seat, token, state, person, invite, invite_expires) VALUES "
                       "('v1', 0, 't0', 'taken', 'o', NULL, NULL), ('v1', 1, 't1', 'open', NULL, :d, 1e10), "
                       "('v1', -1, 'tw', 'watch', NULL, :old, 5)"), {"d": "d" * 64, "old": "e" * 64})
    engine.dispose()
    store = Store(database_url)
    assert store.find_invite("d" * 64) == ("v1", 1, 1e10) and store.find_invite("e" * 64) is None
    assert store.claim("v1", 1, "d" * 64, "p", "Bo")[1]["state"] == "taken"
    store.close()
