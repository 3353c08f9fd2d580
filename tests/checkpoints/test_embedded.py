"""The embedded server: durable data dir, clean stop, clear errors."""

from __future__ import annotations

from pathlib import Path

import psycopg
import pytest

from langgraph_council.checkpoints import EmbeddedPostgresError, embedded_postgres

pytestmark = [pytest.mark.postgres, pytest.mark.slow]


def test_a_second_start_on_the_same_data_dir_sees_earlier_rows(tmp_path: Path) -> None:
    data = tmp_path / "pg"
    with embedded_postgres(data, fsync=False) as uri:
        assert uri.startswith("postgresql://postgres@127.0.0.1:")
        with psycopg.connect(uri, autocommit=True) as conn:
            conn.execute("CREATE TABLE notes (body text)")
            conn.execute("INSERT INTO notes VALUES ('kept')")
    assert not (data / "postmaster.pid").exists()  # stopped cleanly
    with embedded_postgres(data, fsync=False) as uri, psycopg.connect(uri) as conn:
        assert conn.execute("SELECT body FROM notes").fetchall() == [("kept",)]


def test_nested_use_reuses_the_running_server(tmp_path: Path) -> None:
    data = tmp_path / "pg"
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
