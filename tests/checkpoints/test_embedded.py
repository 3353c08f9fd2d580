"""The embedded server: durable data dir, clean stop, clear errors."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest

from langgraph_council.checkpoints import EmbeddedPostgresError, embedded_postgres
from tests.processes import HANG

pytestmark = [pytest.mark.postgres, pytest.mark.slow]


@pytest.fixture
def server_dir() -> Iterator[Path]:
    """A folder for a data dir the server's account can always reach.

    Not `tmp_path`: as root the server runs as `council_pg`, which walks down to its data dir
    through `/tmp/pytest-of-root`, and every pytest session that starts as root (another
    shell's, or one a test runs in a subprocess) resets that folder to mode 0700. A server
    started before that loses its own data dir mid-test (`pg_control`: permission denied, or
    a `pg_ctl stop` that cannot read `postmaster.pid`): on a busy machine sessions overlap.
    """
    with tempfile.TemporaryDirectory(prefix="council-embedded-test-") as tmp:
        yield Path(tmp)


def test_a_second_start_on_the_same_data_dir_sees_earlier_rows(server_dir: Path) -> None:
    data = server_dir / "pg"
    with embedded_postgres(data, fsync=False) as uri:
        assert uri.startswith("postgresql://postgres@127.0.0.1:")
        with psycopg.connect(uri, autocommit=True) as conn:
            conn.execute("CREATE TABLE notes (body text)")
            conn.execute("INSERT INTO notes VALUES ('kept')")
    assert not (data / "postmaster.pid").exists()  # stopped cleanly
    with embedded_postgres(data, fsync=False) as uri, psycopg.connect(uri) as conn:
        assert conn.execute("SELECT body FROM notes").fetchall() == [("kept",)]


def test_nested_use_reuses_the_running_server(server_dir: Path) -> None:
    data = server_dir / "pg"
    with embedded_postgres(data, fsync=False) as outer:
        with embedded_postgres(data, fsync=False) as inner:
            assert inner == outer
        with psycopg.connect(outer) as conn:  # the inner exit did not stop it
            assert conn.execute("SELECT 1").fetchone() == (1,)


def test_unusable_data_dir_gives_a_clear_error(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    with pytest.raises(EmbeddedPostgresError, match="data dir"), embedded_postgres(blocker / "pg"):
        pass


# -- issue 14 item 4: several users of one data dir -------------------------------------------


@contextlib.contextmanager
def _council_meeting(data: Path) -> Iterator[subprocess.Popen[str]]:
    """`council demo meeting` on `data`; on the way out it is resumed, killed if still running
    and reaped, and its pipes closed (a leaked process or pipe is a `ResourceWarning` that
    fails whichever later test the garbage collector happens to run in)."""
    council = Path(sys.executable).with_name("council")
    with subprocess.Popen(
        [str(council), "demo", "meeting", "--data-dir", str(data)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1", "COLUMNS": "200"},
    ) as proc:
        try:
            yield proc
        finally:
            if proc.poll() is None:
                proc.send_signal(signal.SIGCONT)
                proc.kill()


def _wait_for_line(proc: subprocess.Popen[str], needle: str) -> None:
    assert proc.stdout is not None
    for line in proc.stdout:
        if needle in line:
            return
    pytest.fail(f"{needle!r} never printed; stderr: {proc.stderr.read() if proc.stderr else ''}")


def _port(data: Path) -> int:
    return int((data / "postmaster.pid").read_text().splitlines()[3])


def test_the_first_council_process_exiting_leaves_the_server_up_for_the_second(
    server_dir: Path,
) -> None:
    """Two `council demo meeting` on one data dir: the one that started the server exits while
    the other is mid-meeting; the second still finishes (processes are paused with SIGSTOP at
    known points, so the overlap is certain)."""
    data = server_dir / "pg"
    with _council_meeting(data) as first:
        _wait_for_line(first, "open_meeting")  # it started the server and is mid-meeting
        first.send_signal(signal.SIGSTOP)
        with _council_meeting(data) as second:
            _wait_for_line(second, "open_meeting")  # it reused the server
            second.send_signal(signal.SIGSTOP)
            uri = f"postgresql://postgres@127.0.0.1:{_port(data)}/postgres"
            first.send_signal(signal.SIGCONT)
            out, err = first.communicate(timeout=HANG)
            assert first.returncode == 0, err
            with psycopg.connect(uri) as conn:
                assert conn.execute("SELECT 1").fetchone() == (1,)  # still up for the second
            second.send_signal(signal.SIGCONT)
            out, err = second.communicate(timeout=HANG)
            assert second.returncode == 0, err
            assert "completed" in out
    assert not (data / "postmaster.pid").exists()  # the last user out stopped it


def test_a_stale_pid_file_naming_another_live_process_starts_a_fresh_server(
    server_dir: Path,
) -> None:
    data = server_dir / "pg"
    with embedded_postgres(data, fsync=False, stop_on_exit=False):
        pass
    postmaster = int((data / "postmaster.pid").read_text().splitlines()[0])
    os.kill(postmaster, signal.SIGKILL)  # a crash: the pid file stays behind
    deadline = time.monotonic() + HANG
    while time.monotonic() < deadline and Path(f"/proc/{postmaster}").exists():
        time.sleep(0.05)
    with subprocess.Popen(["sleep", "60"]) as other:  # the pid now belongs to someone else
        lines = (data / "postmaster.pid").read_text().splitlines()
        lines[0] = str(other.pid)
        (data / "postmaster.pid").write_text("\n".join(lines) + "\n")
        try:
            with embedded_postgres(data, fsync=False) as uri, psycopg.connect(uri) as conn:
                assert conn.execute("SELECT 1").fetchone() == (1,)
        finally:
            other.kill()


def test_a_non_empty_folder_that_is_no_data_dir_is_refused_untouched(tmp_path: Path) -> None:
    parent = tmp_path / "home"
    folder = parent / "documents"
    folder.mkdir(parents=True)
    (folder / "thesis.txt").write_text("precious")
    parent.chmod(0o700)
    before = [(p.stat().st_uid, p.stat().st_mode) for p in (folder, parent)]
    with (
        pytest.raises(EmbeddedPostgresError, match=r"documents.*not a PostgreSQL data dir"),
        embedded_postgres(folder),
    ):
        pass
    assert [(p.stat().st_uid, p.stat().st_mode) for p in (folder, parent)] == before
    assert (folder / "thesis.txt").read_text() == "precious"


def test_council_data_dir_sets_the_default(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from langgraph_council.checkpoints._embedded import default_data_dir

    monkeypatch.setenv("COUNCIL_DATA_DIR", str(tmp_path / "here"))
    assert default_data_dir() == tmp_path / "here"
