"""Resume attempts per thread (`council_resume_attempts`), in Postgres and in memory.

The counter must outlive the restarts it counts, so the Postgres store is the real one; the
in-memory twin is for tests and single-process demos.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import Any, Protocol, runtime_checkable

from langgraph_council.checkpoints._failures import FailureCategory, describe_error
from langgraph_council.checkpoints._pg_store import BasePostgresStore
from langgraph_council.checkpoints._reconciliation import redact_secrets

__all__ = [
    "InMemoryResumeAttemptStore",
    "PostgresResumeAttemptStore",
    "ResumeAttemptStore",
    "ResumeStatus",
    "stored_error_text",
]

STORED_ERROR_CHARS = 2000


def stored_error_text(error: BaseException | str | None) -> str | None:
    """How an error is kept in the table: one line, credentials redacted, bounded."""
    if error is None:
        return None
    text = redact_secrets(describe_error(error))
    return text if len(text) <= STORED_ERROR_CHARS else text[: STORED_ERROR_CHARS - 1] + "…"


@dataclass(frozen=True)
class ResumeStatus:
    """A thread's resume record; a thread never resumed has `attempts == 0`."""

    thread_id: str
    attempts: int = 0
    last_error: str | None = None
    failed_category: FailureCategory | None = None
    updated_at: datetime | None = None

    @property
    def failed(self) -> bool:
        """True once the thread was given up on (see `failed_category`)."""
        return self.failed_category is not None


@runtime_checkable
class ResumeAttemptStore(Protocol):
    """Counts resume attempts per thread and remembers threads given up on."""

    def record_attempt(self, thread_id: str, error: BaseException | str | None) -> int:
        """Count one more attempt, caused by `error`; returns the new count."""
        ...

    def attempts(self, thread_id: str) -> int:
        """Attempts counted since the last `clear`."""
        ...

    def mark_failed(
        self, thread_id: str, category: FailureCategory, error: BaseException | str | None
    ) -> None:
        """Give the thread up: it is not resumed again until `clear`."""
        ...

    def clear(self, thread_id: str) -> None:
        """Forget the thread's attempts and failure (after a successful finish)."""
        ...

    def status(self, thread_id: str) -> ResumeStatus:
        """The thread's record (zero attempts if none)."""
        ...

    def statuses(self) -> list[ResumeStatus]:
        """Every thread with a record, most recently updated first."""
        ...


def _check_thread(thread_id: str) -> None:
    if not isinstance(thread_id, str) or not thread_id:
        raise ValueError(f"thread_id must be a non-empty string, got {thread_id!r}")


class _AttemptsFromStatus:
    """`attempts`, read from `status`: written once for both stores."""

    def status(self, thread_id: str) -> ResumeStatus:
        raise NotImplementedError

    def attempts(self, thread_id: str) -> int:
        """Attempts counted since the last `clear`."""
        return self.status(thread_id).attempts


class InMemoryResumeAttemptStore(_AttemptsFromStatus):
    """Resume attempts in a dict: lost on restart, so only for tests and demos."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._rows: dict[str, ResumeStatus] = {}

    def record_attempt(self, thread_id: str, error: BaseException | str | None) -> int:
        """Count one more attempt, caused by `error`; returns the new count."""
        _check_thread(thread_id)
        with self._lock:
            old = self._rows.get(thread_id, ResumeStatus(thread_id))
            new = replace(
                old,
                attempts=old.attempts + 1,
                last_error=stored_error_text(error),
                updated_at=datetime.now(UTC),
            )
            self._rows[thread_id] = new
            return new.attempts

    def mark_failed(
        self, thread_id: str, category: FailureCategory, error: BaseException | str | None
    ) -> None:
        """Give the thread up: it is not resumed again until `clear`."""
        _check_thread(thread_id)
        category = FailureCategory(category)
        with self._lock:
            old = self._rows.get(thread_id, ResumeStatus(thread_id))
            self._rows[thread_id] = replace(
                old,
                failed_category=category,
                last_error=stored_error_text(error) or old.last_error,
                updated_at=datetime.now(UTC),
            )

    def clear(self, thread_id: str) -> None:
        """Forget the thread's attempts and failure (after a successful finish)."""
        with self._lock:
            self._rows.pop(thread_id, None)

    def status(self, thread_id: str) -> ResumeStatus:
        """The thread's record (zero attempts if none)."""
        with self._lock:
            return self._rows.get(thread_id, ResumeStatus(thread_id))

    def statuses(self) -> list[ResumeStatus]:
        """Every thread with a record, most recently updated first."""
        with self._lock:
            rows = list(self._rows.values())
        return sorted(rows, key=lambda s: s.updated_at or datetime.min, reverse=True)


_RECORD = """
INSERT INTO council_resume_attempts AS r (thread_id, attempts, last_error)
VALUES (%(thread_id)s, 1, %(error)s)
ON CONFLICT (thread_id) DO UPDATE
    SET attempts = r.attempts + 1, last_error = EXCLUDED.last_error, updated_at = now()
RETURNING attempts"""

_FAIL = """
INSERT INTO council_resume_attempts AS r (thread_id, attempts, last_error, failed_category,
    failed_at)
VALUES (%(thread_id)s, 0, %(error)s, %(category)s, now())
ON CONFLICT (thread_id) DO UPDATE
    SET failed_category = EXCLUDED.failed_category, failed_at = EXCLUDED.failed_at,
        last_error = coalesce(EXCLUDED.last_error, r.last_error), updated_at = now()"""

_COLUMNS = "thread_id, attempts, last_error, failed_category, updated_at"


def _status(row: dict[str, Any]) -> ResumeStatus:
    category = row["failed_category"]
    return ResumeStatus(
        thread_id=row["thread_id"],
        attempts=row["attempts"],
        last_error=row["last_error"],
        failed_category=FailureCategory(category) if category else None,
        updated_at=row["updated_at"],
    )


class PostgresResumeAttemptStore(_AttemptsFromStatus, BasePostgresStore):
    """Resume attempts in `council_resume_attempts`; each change is one atomic statement.

    Example:
        >>> with PostgresResumeAttemptStore.from_conn_string(uri) as attempts:  # doctest: +SKIP
        ...     resume_thread(graph, "t-1", attempts_store=attempts)
    """

    schema_name = "council_resume_attempts table"

    def record_attempt(self, thread_id: str, error: BaseException | str | None) -> int:
        """Count one more attempt, caused by `error`; returns the new count."""
        _check_thread(thread_id)
        params = {"thread_id": thread_id, "error": stored_error_text(error)}
        with self._connection() as conn:
            row = conn.execute(_RECORD, params).fetchone()
        assert row is not None  # RETURNING always yields the upserted row
        return int(row["attempts"])

    def mark_failed(
        self, thread_id: str, category: FailureCategory, error: BaseException | str | None
    ) -> None:
        """Give the thread up: it is not resumed again until `clear`."""
        _check_thread(thread_id)
        params = {
            "thread_id": thread_id,
            "error": stored_error_text(error),
            "category": FailureCategory(category).value,
        }
        with self._connection() as conn:
            conn.execute(_FAIL, params)

    def clear(self, thread_id: str) -> None:
        """Forget the thread's attempts and failure (after a successful finish)."""
        with self._connection() as conn:
            conn.execute("DELETE FROM council_resume_attempts WHERE thread_id = %s", (thread_id,))

    def status(self, thread_id: str) -> ResumeStatus:
        """The thread's record (zero attempts if none)."""
        with self._connection() as conn:
            row = conn.execute(
                f"SELECT {_COLUMNS} FROM council_resume_attempts WHERE thread_id = %s",
                (thread_id,),
            ).fetchone()
        return _status(row) if row else ResumeStatus(thread_id)

    def statuses(self) -> list[ResumeStatus]:
        """Every thread with a record, most recently updated first."""
        with self._connection() as conn:
            rows = conn.execute(
                f"SELECT {_COLUMNS} FROM council_resume_attempts "
                "ORDER BY updated_at DESC, thread_id"
            ).fetchall()
        return [_status(r) for r in rows]
