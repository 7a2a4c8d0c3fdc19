"""``whistdrive serve``: run the web app (lobby, tables, replays, rules); ``whistdrive db``: its database."""

from __future__ import annotations


def register(subparsers) -> None:
    p = subparsers.add_parser("serve", help="serve the web app (default http://127.0.0.1:8000)",
                              description="Serve the card table in the browser. Games are kept in a SQLite "
                                          "file or a PostgreSQL database, upgraded to this version's schema at "
                                          "start; unfinished games resume after a restart.")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    p.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    database_arguments(p)
    p.add_argument("--allowed-host", action="append", default=[],
                   help="an extra Host name to accept (repeatable; '*' accepts any — not recommended)")
    p.add_argument("--bot-pool", choices=("process", "thread"), default="process",
                   help="where computer players think (default: a process pool)")
    p.add_argument("--bot-workers", type=int, default=2, metavar="N",
                   help="bot worker count (default 2; at most the machine's cores that the server may use)")
    p.add_argument("--max-tables", type=int, default=0, metavar="M",
                   help="tables in play on this server (a connection here, a computer thinking here, or just "
                        "created); past it, or when its computer players are measured short of time, new tables "
                        "are refused (default 0: 50 per bot worker)")
    p.add_argument("--http-rate", type=float, default=50.0,
                   help="HTTP requests per second allowed from one address (default 50; 0: no limit)")
    p.add_argument("--http-burst", type=float, default=200.0,
                   help="HTTP requests one address may send at once before the rate applies (default 200)")
    p.add_argument("--grace", type=float, default=60.0,
                   help="seconds before a computer plays for a person whose connection dropped (default 60)")
    p.add_argument("--max-tables-per-person", type=int, default=20,
                   help="unfinished tables one browser may create (default 20)")
    p.add_argument("--max-tables-per-address", type=int, default=60,
                   help="unfinished tables one network address may create (default 60)")
    p.add_argument("--idle-seconds", type=float, default=300.0,
                   help="seconds before a table nobody uses leaves memory; the database keeps it (default 300)")
    p.add_argument("--log-level", default="info", choices=("debug", "info", "warning", "error", "critical"),
                   help="how much the server logs (default info)")
    p.set_defaults(run=serve)

    d = subparsers.add_parser("db", help="the web app's database: upgrade its schema, or show its revision",
                              description="The schema of the web app's database, under Alembic revisions. "
                                          "serve upgrades it at start; this upgrades it beforehand (e.g. once "
                                          "before starting several server processes) or shows its revision.")
    d.add_argument("action", choices=("upgrade", "current"),
                   help="upgrade: to this version's newest revision; current: the database's revision and the newest")
    database_arguments(d)
    d.set_defaults(run=db)


def database_arguments(p) -> None:
    p.add_argument("--db", help="SQLite file for games (default: a per-user data dir, else ./whistdrive.db)")
    p.add_argument("--database-url", help="SQLAlchemy URL instead of --db: sqlite:////var/lib/w.db, or "
                                          "postgresql+psycopg://user:password@host/dbname")


def database_url(args) -> str:
    from .store import default_db_path

    return args.database_url or "sqlite:///" + str(args.db or default_db_path())


def shown(url: str) -> str:
    """The URL without its password, for messages."""
    from sqlalchemy.engine import make_url

    return make_url(url).render_as_string(hide_password=True)


def unusable(url: str, error: Exception) -> Exception:
    """A database error as the command line's one-line report."""
    from sqlalchemy.exc import ArgumentError

    from whistdrive.errors import UsageError

    if isinstance(error, ArgumentError):
        return UsageError(f"not a database URL: {error}")
    return UsageError(f"cannot use the database {shown(url)}: {getattr(error, 'orig', None) or error}")


def open_store(url: str):
    """The store, its database upgraded."""
    from sqlalchemy.exc import ArgumentError, SQLAlchemyError

    from .store import Store

    try:
        return Store(url)
    except (ArgumentError, SQLAlchemyError) as e:
        raise unusable(url, e) from None


def db(args) -> int:
    from sqlalchemy.exc import ArgumentError, SQLAlchemyError

    from . import migrate
    from .store import engine_for

    url = database_url(args)
    if args.action == "upgrade":
        open_store(url).close()
    try:
        engine = engine_for(url)
        with engine.connect() as c:
            have = migrate.current(c)
        engine.dispose()
    except (ArgumentError, SQLAlchemyError) as e:
        raise unusable(url, e) from None
    print(f"{shown(url)}: revision {', '.join(have) or 'none'} (newest known: {migrate.head()})")
    return 0


def serve(args) -> int:
    import logging

    import uvicorn

    from whistdrive.errors import UsageError

    from .app import Settings, create_app
    from .security import MAX_WS_MESSAGE
    from .tables import Limits

    if args.bot_workers < 1 or args.max_tables < 0:
        raise UsageError("--bot-workers must be at least 1 and --max-tables at least 0 (0: 50 per bot worker)")
    url = database_url(args)
    open_store(url).close()  # upgraded now: an unusable database is reported here, not by a failed start-up
    hosts = ["127.0.0.1", "localhost", "[::1]"] + list(args.allowed_host)
    if args.host not in ("0.0.0.0", "::"):
        hosts.append(args.host)
    logging.basicConfig(level=args.log_level.upper(), format="%(asctime)s %(name)s %(levelname)s %(message)s")
    app = create_app(Settings(database_url=url, allowed_hosts=hosts, bot_pool=args.bot_pool,
                              bot_workers=args.bot_workers, max_tables=args.max_tables, http_rate=args.http_rate,
                              http_burst=args.http_burst, grace=args.grace,
                              limits=Limits(args.max_tables_per_person, args.max_tables_per_address),
                              idle=args.idle_seconds))
    print(f"whistdrive: serving http://{args.host}:{args.port}  (games in {shown(url)})", flush=True)
    uvicorn.run(app, host=args.host, port=args.port, log_level=args.log_level, ws_max_size=16 * MAX_WS_MESSAGE,
                ws_ping_interval=20, ws_ping_timeout=20, timeout_graceful_shutdown=3)
    return 0

