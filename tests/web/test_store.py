"""The store on SQLite and on PostgreSQL: its schema is the migrations', its SQL works on both,
and the database lets only one writer store a game's action number ``seq``."""

from __future__ import annotations

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext

from whistdrive.web.store import GameRow, Stale, Store, metadata


@pytest.fixture
def store(database_url):
    s = Store(database_url)
    yield s
    s.close()


def new_row(gid: str = "a1", owner: str = "o" * 32, name: str = "Анна «Ж»") -> GameRow:
    places = {0: {"token": "t0-" + gid, "state": "taken", "person": owner, "name": name},
              1: {"token": "t1-" + gid, "state": "open"},
              -1: {"token": "tw-" + gid, "state": "watch"}}
    return GameRow(id=gid, owner=owner, game="german", options={"deals": 2, "note": "ü"},
                   seats=[{"kind": "human"}, {"kind": "human"}], human_seat=0, token="t0-" + gid,
                   seed=2**62 - 1, chance=[{"deal": [1, 2, 3]}], status="open", levels="", address="2001:db8::1",
                   grace=30.5, standin="expert", places=places)


def test_schema_is_the_migrations(store):
    """The tables store.py declares are exactly those the revisions build (types, keys, indexes)."""
    with store.engine.connect() as c:
        assert compare_metadata(MigrationContext.configure(c), metadata) == []


def test_a_game_round_trips(store):
    row = new_row()
    store.create(row, {"d" * 64: 1}, 1e10)
    got = store.load("a1")
    assert (got.options, got.seats, got.seed, got.chance) == (row.options, row.seats, 2**62 - 1, row.chance)
    assert (got.address, got.grace, got.standin, got.status) == ("2001:db8::1", 30.5, "expert", "open")
    assert got.places[0]["name"] == "Анна «Ж»" and got.places[1]["state"] == "open"
    assert got.places[-1] == {"token": "tw-a1", "state": "watch", "person": None, "name": None, "won": None}
    assert store.find_token("t1-a1") == ("a1", 1) and store.find_token("tw-a1") == ("a1", -1)
    assert store.find_invite("d" * 64) == ("a1", 1, 1e10) and store.find_invite("e" * 64) is None
    assert store.load("nope") is None


def test_actions_undo_and_statistics(store):
    owner = "p" * 32
    store.create(new_row("g1", owner), {"d" * 64: 1}, 1e10)
    seats, levels, places = store.start("g1", "random")
    assert (seats, levels) == ([{"kind": "human"}, {"kind": "bot", "level": "random"}], "random")
    assert places[1]["state"] == "bot" and store.load("g1").places[1]["state"] == "bot"
    assert store.find_invite("d" * 64) is None and store.start("g1", "expert") is None
    for seq, (seat, action) in enumerate([(0, "AS"), (1, "2S"), (0, "KH")]):
        store.append_action("g1", seq, seat, action, [{"deal": seq}] if seq == 1 else None)
    assert store.load("g1").actions == [(0, "AS"), (1, "2S"), (0, "KH")]
    store.truncate("g1", 1, seed=5, chance=[{"deal": 9}], had=3, undos=0)
    got = store.load("g1")
    assert (got.actions, got.seed, got.chance, got.undos) == ([(0, "AS")], 5, [{"deal": 9}], 1)
    assert store.count_unfinished(owner) == 1 and store.count_unfinished(None, "2001:db8::1") == 1
    store.append_action("g1", 1, 1, "3S", None, finished={"result": {"winner": 0}, "human_won": 1,
                                                           "places": {0: 1}}, undos=1)
    assert store.count_unfinished(owner) == 0 and store.ids("finished") == ["g1"]
    listing = store.listing(owner)
    assert [g["id"] for g in listing["finished"]] == ["g1"] and listing["unfinished"] == []
    assert listing["stats"] == [{"game": "german", "levels": "random", "played": 1, "won": 1, "undo": 1}]


def test_one_writer_per_action_number(database_url, store):
    """Two stores (two server processes) storing move 0 of one game: the second is stale, the first kept;
    a move written before an undo it did not see is stale too."""
    other = Store(database_url)
    store.create(new_row("g2"))
    store.append_action("g2", 0, 0, "AS", None)
    with pytest.raises(Stale):
        other.append_action("g2", 0, 1, "KS", None)
    store.append_action("g2", 1, 1, "2S", None)
    store.truncate("g2", 1, seed=7, chance=[], had=2, undos=0)
    with pytest.raises(Stale):
        other.append_action("g2", 1, 1, "3S", None, undos=0)  # the right count of moves, but before the undo
    with pytest.raises(Stale):
        other.truncate("g2", 0, seed=8, chance=[], had=2, undos=0)
    other.close()
    got = store.load("g2")
    assert (got.actions, got.undos, got.seed) == ([(0, "AS")], 1, 7)


def test_the_lease_goes_to_a_process_that_knows_the_position(postgres):
    """Two processes and one game's computer players (leases are for PostgreSQL, where several
    processes serve): the lease is theirs one at a time, and never for a process asking at a
    position the game has left (it has not heard of the last move yet)."""
    url = postgres.new_database()
    store, other = Store(url), Store(url)
    store.create(new_row("g3"))
    assert store.lease("g3", 30, (0, 0)) and not other.lease("g3", 30, (0, 0))
    store.append_action("g3", 0, 1, "AS", None)
    store.keep_leases([], 30)  # the person is to move: the driver gives the lease back
    assert not other.lease("g3", 30, (0, 0)), "a process one move behind took the lease"
    assert not other.lease("g3", 30, (1, 1)), "a process that saw an undo that never was took the lease"
    assert other.lease("g3", 30, (1, 0)) and not store.lease("g3", 30, (1, 0))
    store.close()
    other.close()


def test_missing_postgresql_fails_the_tests(monkeypatch):
    """Without PostgreSQL's binaries the server fixture fails with what to install (a skip would hide it)."""
    from . import pg

    monkeypatch.setattr(pg.glob, "glob", lambda pattern: [])
    monkeypatch.setattr(pg.shutil, "which", lambda name: None)
    with pytest.raises(pytest.fail.Exception, match="install Debian's postgresql package"):
        pg.bindir()


def test_an_invitation_seats_one_person_once_before_it_expires(store):
    """The database takes the seat: a second use, another seat's expired invitation, or a table
    already started are refused, whichever process asks."""
    row = new_row("i1")
    row.seats.append({"kind": "human"})
    row.places[2] = {"token": "t2-i1", "state": "open"}
    store.create(row, {"d" * 64: 1, "e" * 64: 1}, 1e10)
    store.invite("i1", {"f" * 64: 2}, 1.0)  # expired long ago
    assert store.claim("i1", 2, "f" * 64, "q" * 32, "Late") is None
    assert store.claim("i1", 2, "d" * 64, "q" * 32, "Wrong seat") is None
    places = store.claim("i1", 1, "e" * 64, "p" * 32, "Bo")
    assert places[1] == {"token": "t1-i1", "state": "taken", "person": "p" * 32, "name": "Bo", "won": None}
    assert places[2]["state"] == "open" and store.load("i1").places == places
    assert store.find_invite("d" * 64) is None  # the seat's other invitation died with it
    assert store.claim("i1", 1, "e" * 64, "q" * 32, "Eve") is None
    store.invite("i1", {"a" * 64: 2}, 1e10)
    store.start("i1", "beginner")
    assert store.claim("i1", 2, "a" * 64, "q" * 32, "Too late") is None
    assert store.load("i1").places[2]["state"] == "bot"
