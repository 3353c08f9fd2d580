"""The conflicts' hooks into org memory: earlier rulings between the same parties (and on the
same topic) recalled beside the conflict, and each ruling filed with its dissent.

Nothing happens when the run has no `memory` context section: prompts stay as they were.
"""

from __future__ import annotations

from collections.abc import Sequence

from langgraph_council.nodes._memory.config import Active, active_memory, thread_and_run
from langgraph_council.nodes._memory.models import Recalled
from langgraph_council.nodes._memory.recall import recall
from langgraph_council.nodes._memory.records import (
    Record,
    agent_namespace,
    common,
    record_key,
    text_of,
    topic_namespace,
    write_records,
)
from langgraph_council.nodes._records.conflicts import Conflict, ConflictResolution, DissentRecord

__all__ = ["conflict_recall", "remember_ruling"]


def conflict_recall(conflict: Conflict) -> Recalled:
    """What org memory recalls for `conflict`, looked up per render (a conflict renders a
    handful of prompts; records are written only at its end)."""
    active = active_memory()
    if active is None:
        return Recalled()
    parties = [p.agent_id for p in conflict.positions]
    return recall(
        active,
        topic=active.config.topic_for(conflict.subject),
        parties=parties,
        query=conflict.subject,
        bound=active.config.max_tokens,
    )


def _records(
    active: Active,
    conflict: Conflict,
    resolution: ConflictResolution,
    strategy: str,
    dissent: Sequence[DissentRecord],
) -> list[Record]:
    thread, run = thread_and_run()
    topic = active.config.topic_for(conflict.subject)
    key = record_key(thread, conflict.id)
    parties = [p.agent_id for p in conflict.positions]
    ruling = {
        **common(active.config, "ruling", topic, thread, run, resolution.resolved_at.isoformat()),
        "conflict_id": conflict.id,
        "title": conflict.subject,
        "conflict_type": conflict.type.value,
        "parties": parties,
        "strategy": strategy,
        "outcome": resolution.outcome,
        "winning_agent_id": resolution.winning_agent_id,
        "winning_position": resolution.winning_position,
        "decided_by": resolution.decided_by,
        "reasoning": resolution.reasoning,
        "dissent": [f"{d.dissenting_agent_id}: {d.dissenting_position}" for d in dissent],
        "text": text_of(conflict.subject, resolution.winning_position, resolution.reasoning),
    }
    records: list[Record] = [(topic_namespace(active.config, topic, "rulings"), key, ruling)]
    for party in parties:
        note = {**ruling, "agent_id": party, "won": party == resolution.winning_agent_id}
        records.append((agent_namespace(active.config, party, "rulings"), key, note))
    return records


def remember_ruling(
    conflict: Conflict,
    resolution: ConflictResolution,
    strategy: str,
    dissent: Sequence[DissentRecord],
) -> None:
    """File the ruling under its topic and under each party (memory on)."""
    active = active_memory()
    if active is None or not active.config.write:
        return
    write_records(active, _records(active, conflict, resolution, strategy, dissent))
