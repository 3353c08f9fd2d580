"""What every family's memory hooks share: recall for a subject, and filing its records.

A family says what it recalls for (its subject, parties and query) and what it files (its
records, built from a `Filing`); this module does the rest the same way for all of them. Both
do nothing when the run has no `memory` context section (filing also when `write=False`), so
the prompts and the state are then exactly what they were before org memory existed.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from langgraph_council.nodes._memory.config import (
    Active,
    MemoryConfig,
    active_memory,
    thread_and_run,
)
from langgraph_council.nodes._memory.models import Recalled
from langgraph_council.nodes._memory.recall import cached, recall
from langgraph_council.nodes._memory.records import (
    Record,
    agent_namespace,
    common,
    record_key,
    topic_namespace,
    write_records,
)

__all__ = ["Filing", "file_records", "recall_for"]


def recall_for(
    subject: str,
    *,
    parties: Sequence[str],
    query: str,
    bound: int | None = None,
    once_per: Hashable | None = None,
    active: Active | None = None,
) -> Recalled:
    """What org memory recalls for a run on `subject` among `parties` (nothing when it is off).

    `bound` caps the block's tokens below the configured `max_tokens`; `once_per` (a meeting's
    id) looks the records up once per thread and id, for a prompt rendered on every turn;
    `active` is this run's memory when the caller has read it already (`active_memory`).
    """
    on = active or active_memory()
    if on is None:
        return Recalled()

    def look_up() -> Recalled:
        return recall(
            on,
            topic=on.config.topic_for(subject),
            parties=parties,
            query=query,
            bound=on.config.max_tokens if bound is None else bound,
        )

    if once_per is None:
        return look_up()
    thread, _ = thread_and_run()
    return cached((id(on.store), thread, once_per, on.config), look_up)


@dataclass(frozen=True)
class Filing:
    """One outcome on its way into org memory: its topic, its key and the run it came from."""

    config: MemoryConfig
    topic: str
    key: str
    thread: str | None
    run: str | None

    def fields(self, kind: str, at: str) -> dict[str, Any]:
        """The fields every record of `kind` written `at` (ISO time) carries."""
        return common(self.config, kind, self.topic, self.thread, self.run, at)

    def on_topic(self, shelf: str, value: dict[str, Any]) -> Record:
        """`value` filed under the topic's `shelf` ("meetings", "rulings", "outcomes")."""
        return topic_namespace(self.config, self.topic, shelf), self.key, value

    def for_agent(self, agent_id: str, shelf: str, value: dict[str, Any]) -> Record:
        """`value` filed among `agent_id`'s notes on `shelf` ("positions", "rulings"...)."""
        return agent_namespace(self.config, agent_id, shelf), self.key, value


def file_records(subject: str, record_id: str, build: Callable[[Filing], Iterable[Record]]) -> None:
    """Write the records `build` makes for the outcome `record_id` on `subject` (memory on
    and writing; nothing is written when `build` makes none).

    Raises:
        ValueError: `ttl_minutes` is set but the store keeps no TTLs.
    """
    active = active_memory()
    if active is None or not active.config.write:
        return
    thread, run = thread_and_run()
    topic = active.config.topic_for(subject)
    records = list(build(Filing(active.config, topic, record_key(thread, record_id), thread, run)))
    if records:
        write_records(active, records)
