"""The conflicts' hooks into org memory: earlier rulings between the same parties (and on the
same topic) recalled beside the conflict, and each ruling filed with its dissent
(`nodes._memory.hooks` does both, and nothing when memory is off).
"""

from __future__ import annotations

from collections.abc import Sequence

from langgraph_council.nodes._memory.hooks import Filing, file_records, recall_for
from langgraph_council.nodes._memory.models import Recalled
from langgraph_council.nodes._memory.records import Record, text_of
from langgraph_council.nodes._records.conflicts import Conflict, ConflictResolution, DissentRecord

__all__ = ["conflict_recall", "remember_ruling"]


def conflict_recall(conflict: Conflict) -> Recalled:
    """What org memory recalls for `conflict`, looked up per render (a conflict renders a
    handful of prompts; records are written only at its end)."""
    return recall_for(
        conflict.subject,
        parties=[p.agent_id for p in conflict.positions],
        query=conflict.subject,
    )


def _records(
    filing: Filing,
    conflict: Conflict,
    resolution: ConflictResolution,
    strategy: str,
    dissent: Sequence[DissentRecord],
) -> list[Record]:
    parties = [p.agent_id for p in conflict.positions]
    ruling = {
        **filing.fields("ruling", resolution.resolved_at.isoformat()),
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
    records = [filing.on_topic("rulings", ruling)]
    for party in parties:
        note = {**ruling, "agent_id": party, "won": party == resolution.winning_agent_id}
        records.append(filing.for_agent(party, "rulings", note))
    return records


def remember_ruling(
    conflict: Conflict,
    resolution: ConflictResolution,
    strategy: str,
    dissent: Sequence[DissentRecord],
) -> None:
    """File the ruling under its topic and under each party (memory on)."""
    file_records(
        conflict.subject,
        conflict.id,
        lambda filing: _records(filing, conflict, resolution, strategy, dissent),
    )
