"""The schema version every family's checkpointed state carries, checked whenever a thread loads.

One number for the whole package: version 1 is every thread saved before versions existed
(6516df4 and up to issue 33); version 2 stores a meeting's transcript once (contributions refer
to their messages); version 3 stores the minutes' contributions as references to their
messages too (`nodes._meetings.stored_minutes`), with no write of the minutes in
`checkpoint_writes`; version 4 writes no contribution for a spoken turn: its message records
it (`nodes._meetings.transcript.contributions_of`). Each family's first node writes
`state_version` once per run, so it costs no row per step; a thread whose stored version is
newer than this package's fails as soon as LangGraph loads its checkpoint (a run, a resume,
`get_state`), with `StateVersionError` naming the version and the fix.
"""

from __future__ import annotations

from typing import Annotated, Any, Self

from langgraph.channels.last_value import LastValue

from langgraph_council.nodes._errors import CouncilError

__all__ = [
    "LEGACY_STATE_VERSION",
    "STATE_VERSION",
    "StateVersion",
    "StateVersionError",
    "StateVersionKey",
    "check_state_version",
    "versioned",
]

_EMPTY: Any = LastValue(int).value
"""LangGraph's "no value" sentinel, as a fresh channel holds it (its module is private)."""

STATE_VERSION = 4
"""The layout this package writes and reads. Bump it with every change to what a thread stores,
and say in docs/design.md ("State versions") how older threads resume or migrate."""

LEGACY_STATE_VERSION = 1
"""What a thread without a `state_version` channel is: saved before versions existed."""


class StateVersionError(CouncilError, RuntimeError):
    """A thread was saved by a newer langgraph-council than the one reading it.

    Attributes: `version` (the thread's) and `supported` (this package's `STATE_VERSION`).
    """

    def __init__(self, version: int, *, thread: str | None = None) -> None:
        self.version = version
        self.supported = STATE_VERSION
        where = f"thread {thread!r}" if thread else "this thread"
        super().__init__(
            f"{where} has state version {version}, newer than the {STATE_VERSION} this "
            "langgraph-council reads; upgrade the package (pip install -U langgraph-council)"
        )


def check_state_version(value: Any, *, thread: str | None = None) -> int:
    """The stored version as an int (1 when absent); raises `StateVersionError` past ours."""
    if value is None or value is _EMPTY:
        return LEGACY_STATE_VERSION
    version = int(value)
    if version > STATE_VERSION:
        raise StateVersionError(version, thread=thread)
    return version


class StateVersion(LastValue[int]):
    """A `LastValue` channel that refuses a checkpoint written by a newer package on load."""

    __slots__ = ()

    def from_checkpoint(self, checkpoint: Any) -> Self:
        """Load the stored version, refusing one newer than `STATE_VERSION`."""
        if checkpoint is not _EMPTY and checkpoint is not None:
            check_state_version(checkpoint)
        return super().from_checkpoint(checkpoint)


StateVersionKey = Annotated[int, StateVersion(int)]
"""The `state_version` key of every family's state (absent in threads saved before it)."""


def versioned() -> dict[str, int]:
    """The update a family's first node adds: this package's version, once per run."""
    return {"state_version": STATE_VERSION}
