"""A throwaway PostgreSQL server for the tests: Debian's binaries, run as an unprivileged user.

PostgreSQL refuses to run as root, and CI runs as root: then the server runs as
``nobody`` (through ``runuser``) in a temporary directory given to it. It
listens on a Unix socket in that directory only (no TCP port to collide with),
trusts local connections, and skips fsync: the data dies with the tests.
Each pytest-xdist worker starts its own server; each test gets a fresh database.
A server whose test process was killed (so never stopped it) is stopped by the next run.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

UNPRIVILEGED = "nobody"
PREFIX = "wd-pg-"
MISSING = ("PostgreSQL's server binaries (initdb, pg_ctl) were not found in /usr/lib/postgresql/*/bin nor on the "
           "PATH: install Debian's postgresql package (apt-get install -y postgresql; .ci/run does it)")


def bindir() -> Path:
    """The newest installed PostgreSQL's bin directory; the test fails (not skips) without one."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(Path(p).parts[-3]))
    if found:
        return Path(found[-1]).parent
    initdb = shutil.which("initdb")
    if initdb and shutil.which("pg_ctl"):
        return Path(initdb).parent
    pytest.fail(MISSING, pytrace=False)


class Server:
    """One PostgreSQL cluster in a temporary directory; :meth:`new_database` hands out empty databases."""

    def __init__(self) -> None:
        self.bin = bindir()
        self.as_user: list[str] = ["runuser", "-u", UNPRIVILEGED, "--"] if os.geteuid() == 0 else []
        self.stop_orphans()
        self.dir = Path(tempfile.mkdtemp(prefix=PREFIX))
        (self.dir / "owner").write_text(str(os.getpid()))
        self.data = self.dir / "data"
        if self.as_user:
            user = pwd.getpwnam(UNPRIVILEGED)
            os.chown(self.dir, user.pw_uid, user.pw_gid)
        self.count = 0

    def stop_orphans(self) -> None:
        """Stop the servers of test processes that died without stopping them."""
        for owner in Path(tempfile.gettempdir()).glob(f"{PREFIX}*/owner"):
            try:
                os.kill(int(owner.read_text()), 0)
                continue  # its test process is alive
            except (ProcessLookupError, ValueError):
                pass
            except PermissionError:
                continue
            subprocess.run([*self.as_user, str(self.bin / "pg_ctl"), "-D", str(owner.parent / "data"), "-m",
                            "immediate", "-w", "stop"], capture_output=True)
            shutil.rmtree(owner.parent, ignore_errors=True)

    def _run(self, *args: str) -> None:
        done = subprocess.run([*self.as_user, *args], capture_output=True, text=True, cwd=self.dir)
        if done.returncode:
            log = self.dir / "log"
            tail = log.read_text()[-2000:] if log.exists() else ""
            raise RuntimeError(f"{' '.join(args[:2])} failed ({done.returncode}): {done.stderr.strip()}\n{tail}")

    def start(self) -> Server:
        self._run(str(self.bin / "initdb"), "-D", str(self.data), "-U", "whistdrive", "--auth=trust",
                  "--encoding=UTF8", "--no-locale", "--no-sync")
        options = f"-c listen_addresses='' -k {self.dir} -c fsync=off -c full_page_writes=off -c max_connections=50"
        self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-l", str(self.dir / "log"), "-o", options,
                  "-w", "-t", "60", "start")
        return self

    def url(self, database: str = "postgres") -> str:
        return f"postgresql+psycopg://whistdrive@/{database}?host={self.dir}"

    def new_database(self) -> str:
        """The URL of a new, empty database."""
        import psycopg

        self.count += 1
        name = f"test_{os.getpid()}_{self.count}"
        with psycopg.connect(f"dbname=postgres user=whistdrive host={self.dir}", autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)

    def stop(self) -> None:
        try:
            if (self.data / "postmaster.pid").exists():
                self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self.dir, ignore_errors=True)
