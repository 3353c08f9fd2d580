"""Minority reports as dissent records: a meeting's overruled positions in the dissent store.

Conflicts store every overruled position as a `DissentRecord` (`nodes._conflicts.dissent`); a
meeting's minority reports were only in its minutes. Given a `DissentStore` (`dissent_store=`
of `create_meeting_graph`), the `record_dissent` node stores one record per agent of each
minority report, so `store.list(agent_id=..., strategy="meeting:position_papers", since=...)`
finds meeting dissent exactly as it finds conflict dissent. `conflict_id` is the meeting id,
`strategy_used` is `meeting:<protocol>`, `decided_by` the meeting leader.
"""

from __future__ import annotations

import uuid
from typing import Any

from langgraph.config import get_config

from langgraph_council.nodes._conflicts.dissent import DissentStore
from langgraph_council.nodes._meetings.minutes import minutes_with_words
from langgraph_council.nodes._meetings.models import MeetingMinutes
from langgraph_council.nodes._meetings.state import MeetingState
from langgraph_council.nodes._meetings.steps import MeetingNode, emit
from langgraph_council.nodes._records.conflicts import DissentRecord

__all__ = ["meeting_dissent_records", "record_meeting_dissent"]

_NAMESPACE = uuid.UUID("5d0f3c59-2f7e-4a40-9c55-6a0c6f7f1e21")


def meeting_dissent_records(minutes: MeetingMinutes, *, scope: str = "") -> list[DissentRecord]:
    """One record per agent of each minority report; ids depend on the thread (`scope`), the
    meeting, the claim and the agent, so a replayed node stores each record once."""
    own = {p.agent_id: p for p in minutes.positions}
    decided = "; ".join(minutes.decisions) or "(no decision stated)"
    records = []
    for report in minutes.minority_reports:
        for agent in report.agent_ids:
            key = "\x1f".join((scope, minutes.meeting_id, report.claim, agent))
            position = own.get(agent)
            metadata = {
                "source": "meeting",
                "meeting_id": minutes.meeting_id,
                "agenda": minutes.agenda.title,
                "evidence_weight": str(report.evidence_weight),
            }
            if minutes.evidence_warning:
                metadata["evidence_warning"] = minutes.evidence_warning
            records.append(
                DissentRecord(
                    id=str(uuid.uuid5(_NAMESPACE, key)),
                    conflict_id=minutes.meeting_id,
                    dissenting_agent_id=agent,
                    dissenting_position=report.claim,
                    reasoning=f"overruled in meeting {minutes.agenda.title!r}; decided: {decided}",
                    evidence=position.evidence if position else report.evidence,
                    strategy_used=f"meeting:{minutes.protocol}",
                    decided_by=minutes.leader_id,
                    timestamp=minutes.ended_at,
                    metadata=metadata,
                )
            )
    return records


def record_meeting_dissent(store: DissentStore) -> MeetingNode:
    """Node `record_dissent`: store the minutes' minority reports as dissent records."""

    def record_dissent(state: MeetingState) -> dict[str, Any]:
        thread = get_config().get("configurable", {}).get("thread_id")
        minutes, words = minutes_with_words(state)
        records = meeting_dissent_records(minutes, scope=str(thread or ""))
        if records:
            store.put_many(records)
            emit("dissent_recorded", count=len(records))
        return words

    return record_dissent
