"""Model-call cost records (`council_call_records`): a start row before each call, finished after.

A call cut off by a kill keeps its start row, with the estimated input tokens a provider may
still bill, and no finish: `unfinished()` lists them.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import Any, Protocol, runtime_checkable

from langgraph_council.checkpoints._pg_store import BasePostgresStore

__all__ = [
    "CallRecord",
    "CallRecordStore",
    "InMemoryCallRecordStore",
    "PostgresCallRecordStore",
]


@dataclass(frozen=True)
class CallRecord:
    """One model call: started (with an estimate), and finished (with reported usage) or not."""

    call_id: str
    thread_id: str | None
    agent_id: str
    estimated_input_tokens: int
    started_at: datetime
    input_tokens: int | None = None
    output_tokens: int | None = None
    finished_at: datetime | None = None

    @property
    def finished(self) -> bool:
        """False for a call that never returned (killed, cancelled or failed)."""
        return self.finished_at is not None


@runtime_checkable
class CallRecordStore(Protocol):
    """Where call starts and finishes are written."""

    def start(
        self, call_id: str, thread_id: str | None, agent_id: str, estimated_input_tokens: int
    ) -> None:
        """Record that a call is about to be made (idempotent by `call_id`)."""
        ...

    def finish(self, call_id: str, input_tokens: int, output_tokens: int) -> None:
        """Record the usage a started call reported."""
        ...

    def get(self, call_id: str) -> CallRecord | None:
        """One record, if started."""
        ...

    def list(self, *, thread_id: str | None = None, unfinished: bool = False) -> list[CallRecord]:
        """Records, oldest first; `unfinished=True` keeps calls that never finished."""
        ...


def _check_start(call_id: str, agent_id: str, estimated_input_tokens: int) -> None:
    if not call_id:
        raise ValueError("call_id must be a non-empty string")
    if not agent_id:
        raise ValueError("agent_id must be a non-empty string")
    if estimated_input_tokens < 0:
        raise ValueError(f"estimated_input_tokens must be >= 0, got {estimated_input_tokens}")


def _check_usage(input_tokens: int, output_tokens: int) -> None:
    if input_tokens < 0 or output_tokens < 0:
        raise ValueError(
            f"token counts must be >= 0, got input={input_tokens}, output={output_tokens}"
        )


def _unknown(call_id: str) -> LookupError:
    return LookupError(f"no call record {call_id!r}: call start() before finish()")


def _finished_twice(call_id: str) -> ValueError:
    return ValueError(f"call {call_id!r} is already finished; a call finishes once")


class InMemoryCallRecordStore:
    """Call records in a dict, for tests and single-process demos."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._rows: dict[str, CallRecord] = {}

    def start(
        self, call_id: str, thread_id: str | None, agent_id: str, estimated_input_tokens: int
    ) -> None:
        """Record that a call is about to be made (idempotent by `call_id`)."""
        _check_start(call_id, agent_id, estimated_input_tokens)
        record = CallRecord(call_id, thread_id, agent_id, estimated_input_tokens, datetime.now(UTC))
        with self._lock:
            self._rows.setdefault(call_id, record)

    def finish(self, call_id: str, input_tokens: int, output_tokens: int) -> None:
        """Record the usage a started call reported."""
        _check_usage(input_tokens, output_tokens)
        with self._lock:
            record = self._rows.get(call_id)
            if record is None:
                raise _unknown(call_id)
            if record.finished:
                raise _finished_twice(call_id)
            self._rows[call_id] = replace(
                record,
                input_tokens=input_tokens,
                output_tokens=output_tokens,
                finished_at=datetime.now(UTC),
            )

    def get(self, call_id: str) -> CallRecord | None:
        """One record, if started."""
        with self._lock:
            return self._rows.get(call_id)

    def list(self, *, thread_id: str | None = None, unfinished: bool = False) -> list[CallRecord]:
        """Records, oldest first; `unfinished=True` keeps calls that never finished."""
        with self._lock:
            rows = [
                r
                for r in self._rows.values()
                if (thread_id is None or r.thread_id == thread_id)
                and not (unfinished and r.finished)
            ]
        return sorted(rows, key=lambda r: (r.started_at, r.call_id))


_START = """
INSERT INTO council_call_records (call_id, thread_id, agent_id, estimated_input_tokens)
VALUES (%s, %s, %s, %s)
ON CONFLICT (call_id) DO NOTHING"""

_FINISH = """
UPDATE council_call_records
SET input_tokens = %s, output_tokens = %s, finished_at = clock_timestamp()
WHERE call_id = %s AND finished_at IS NULL"""


def _record(row: dict[str, Any]) -> CallRecord:
    return CallRecord(**row)


class PostgresCallRecordStore(BasePostgresStore):
    """Call records in `council_call_records`; `start` commits before the call is made.

    Example:
        >>> with PostgresCallRecordStore.from_conn_string(uri) as calls:  # doctest: +SKIP
        ...     calls.list(unfinished=True)  # calls cut off by a kill
    """

    schema_name = "council_call_records table"

    def start(
        self, call_id: str, thread_id: str | None, agent_id: str, estimated_input_tokens: int
    ) -> None:
        """Record that a call is about to be made (idempotent by `call_id`)."""
        _check_start(call_id, agent_id, estimated_input_tokens)
        with self._connection() as conn:
            conn.execute(_START, (call_id, thread_id, agent_id, estimated_input_tokens))

    def finish(self, call_id: str, input_tokens: int, output_tokens: int) -> None:
        """Record the usage a started call reported."""
        _check_usage(input_tokens, output_tokens)
        with self._connection() as conn:
            if conn.execute(_FINISH, (input_tokens, output_tokens, call_id)).rowcount == 1:
                return
            exists = conn.execute(
                "SELECT 1 FROM council_call_records WHERE call_id = %s", (call_id,)
            ).fetchone()
        raise _finished_twice(call_id) if exists else _unknown(call_id)

    def get(self, call_id: str) -> CallRecord | None:
        """One record, if started."""
        with self._connection() as conn:
            row = conn.execute(
                "SELECT * FROM council_call_records WHERE call_id = %s", (call_id,)
            ).fetchone()
        return _record(row) if row else None

    def list(self, *, thread_id: str | None = None, unfinished: bool = False) -> list[CallRecord]:
        """Records, oldest first; `unfinished=True` keeps calls that never finished."""
        with self._connection() as conn:
            rows = conn.execute(
                "SELECT * FROM council_call_records "
                "WHERE (%(t)s::text IS NULL OR thread_id = %(t)s) "
                "AND (NOT %(u)s OR finished_at IS NULL) ORDER BY started_at, call_id",
                {"t": thread_id, "u": unfinished},
            ).fetchall()
        return [_record(r) for r in rows]
