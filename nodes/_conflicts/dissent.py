"""Dissent records: every overruled (or still open) position, kept and queryable."""

from __future__ import annotations

import builtins
import threading
import uuid
import warnings
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from langgraph.config import get_config

from langgraph_council.nodes._conflicts.memory import remember_ruling
from langgraph_council.nodes._conflicts.prose import resolution_message
from langgraph_council.nodes._conflicts.state import ConflictState
from langgraph_council.nodes._records.conflicts import (
    Conflict,
    ConflictResolution,
    ConflictType,
    DissentRecord,
)

__all__ = [
    "DissentQuery",
    "DissentStore",
    "InMemoryDissentStore",
    "build_dissent_records",
    "make_record_dissent_node",
]

_DISSENT_NAMESPACE = uuid.UUID("b8e8f1a4-6f55-4b8e-8f0f-0e7d2c4a9b31")


def build_dissent_records(
    conflict: Conflict,
    resolution: ConflictResolution,
    *,
    strategy: str,
    metadata: Mapping[str, str | None] | None = None,
    scope: str = "",
) -> list[DissentRecord]:
    """One record per overruled party when there is a winner, one per position otherwise.

    Ids depend on the scope (the thread), the conflict, the decision (outcome, winner, who
    decided, strategy, escalation) and the party, never on when it was decided: a replayed
    resolution (a node re-run, a second resume) stores its records once.
    """
    extra = {k: v for k, v in (metadata or {}).items() if v is not None}
    extra["outcome"] = resolution.outcome.value
    decision = (
        scope,
        conflict.id,
        resolution.outcome.value,
        resolution.winning_agent_id or "",
        resolution.decided_by,
        strategy,
        extra.get("escalation_id", ""),
    )
    records = []
    for position in conflict.positions:
        if position.agent_id == resolution.winning_agent_id:
            continue
        key = "\x1f".join((*decision, position.agent_id))
        records.append(
            DissentRecord(
                id=str(uuid.uuid5(_DISSENT_NAMESPACE, key)),
                conflict_id=conflict.id,
                conflict_type=conflict.type,
                dissenting_agent_id=position.agent_id,
                dissenting_position=position.position,
                reasoning=position.reasoning,
                evidence=position.evidence,
                strategy_used=strategy,
                decided_by=resolution.decided_by,
                timestamp=resolution.resolved_at,
                metadata=extra,
            )
        )
    return records


@dataclass(frozen=True, slots=True)
class DissentQuery:
    """`DissentStore.list`'s filters, checked and packed once for the store implementations."""

    agent_id: str | None
    conflict_type: ConflictType | None
    strategy: str | None
    since: datetime | None

    def __post_init__(self) -> None:
        if self.since is not None and self.since.tzinfo is None:
            raise ValueError("since must be timezone-aware, e.g. datetime.now(UTC)")

    def admits(self, record: DissentRecord) -> bool:
        """True when `record` passes every given filter (filters are ANDed, `since` inclusive)."""
        return (
            (self.agent_id is None or record.dissenting_agent_id == self.agent_id)
            and (self.conflict_type is None or record.conflict_type == self.conflict_type)
            and (self.strategy is None or record.strategy_used == self.strategy)
            and (self.since is None or record.timestamp >= self.since)
        )


class DissentStore(ABC):
    """Where dissent records persist: `InMemoryDissentStore`, `checkpoints.PostgresDissentStore`.

    `list` is written here once; an implementation overrides `_list`, which takes the filters
    checked and packed in a `DissentQuery`.
    """

    @abstractmethod
    def put_many(self, records: Iterable[DissentRecord]) -> None:
        """Store records; a record whose id is already stored is kept as it was."""

    def list(
        self,
        *,
        agent_id: str | None = None,
        conflict_type: ConflictType | str | None = None,
        strategy: str | None = None,
        since: datetime | None = None,
    ) -> list[DissentRecord]:
        """Records passing every given filter (ANDed; `since` inclusive), oldest first.

        Raises:
            ValueError: `since` is naive, or `conflict_type` is not a conflict type.
        """
        kind = None if conflict_type is None else ConflictType(conflict_type)
        return self._list(DissentQuery(agent_id, kind, strategy, since))

    @abstractmethod
    def _list(self, query: DissentQuery) -> builtins.list[DissentRecord]:
        """`list`: the records `query` admits, oldest first."""

    def add(self, records: Iterable[DissentRecord]) -> None:
        """Deprecated name of `put_many` (before the store vocabulary); warns, goes in 0.3."""
        warnings.warn(
            "DissentStore.add() is deprecated and goes in 0.3; use put_many()",
            DeprecationWarning,
            stacklevel=2,
        )
        self.put_many(records)

    def query(
        self,
        *,
        agent_id: str | None = None,
        conflict_type: ConflictType | str | None = None,
        strategy: str | None = None,
        since: datetime | None = None,
    ) -> builtins.list[DissentRecord]:
        """Deprecated name of `list` (before the store vocabulary); warns, goes in 0.3."""
        warnings.warn(
            "DissentStore.query() is deprecated and goes in 0.3; use list()",
            DeprecationWarning,
            stacklevel=2,
        )
        return self.list(
            agent_id=agent_id, conflict_type=conflict_type, strategy=strategy, since=since
        )


class InMemoryDissentStore(DissentStore):
    """A process-local `DissentStore` for tests and demos.

    Example:
        >>> store = InMemoryDissentStore()
        >>> store.list(agent_id="junior_dev")
        []
    """

    def __init__(self) -> None:
        self._records: dict[str, DissentRecord] = {}
        self._lock = threading.Lock()

    def put_many(self, records: Iterable[DissentRecord]) -> None:
        """Store `records`; a record whose id is already stored is skipped."""
        with self._lock:
            for record in records:
                self._records.setdefault(record.id, record)

    def _list(self, query: DissentQuery) -> list[DissentRecord]:
        with self._lock:
            found = [r for r in self._records.values() if query.admits(r)]
        return sorted(found, key=lambda r: (r.timestamp, r.conflict_id, r.dissenting_agent_id))


def make_record_dissent_node(store: DissentStore | None) -> Any:
    """Node `record_dissent`: build the dissent records and persist them (idempotent)."""

    def record_dissent(state: ConflictState) -> dict[str, Any]:
        resolution = state.get("resolution")
        if resolution is None:
            raise ValueError("record_dissent ran before a resolution was made")
        # A checkpointer without this package's msgpack allowlist hands models back as dicts.
        if isinstance(resolution, Mapping):
            resolution = ConflictResolution.model_validate(dict(resolution))
        conflict = state["conflict"]
        if isinstance(conflict, Mapping):
            conflict = Conflict.model_validate(dict(conflict))
        records = build_dissent_records(
            conflict,
            resolution,
            strategy=state.get("strategy", "unknown"),
            metadata={
                "fallback_reason": state.get("fallback_reason"),
                "escalation_id": state.get("escalation_id"),
                "winning_agent_id": resolution.winning_agent_id,
            },
            scope=str(get_config().get("configurable", {}).get("thread_id") or ""),
        )
        if store is not None:
            store.put_many(records)
        remember_ruling(conflict, resolution, state.get("strategy", "unknown"), records)
        return {"dissent_records": records, "messages": [resolution_message(resolution, conflict)]}

    return record_dissent
