"""Scheduled meetings on LangGraph Server: one assistant and one cron per scheduled type.

The server runs the crons (any replica's scheduler, each firing once); every run is a new
thread of the type's meeting graph (`meeting_<protocol>` in `langgraph.json`), kept after it
ends so its minutes and any failure stay visible (`client.runs.list`, Studio, the thread).
The type's tunables live on its own assistant, not on the cron: the server adds the cron id
to each run's `configurable`, and refuses a run that has both `configurable` and `context`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from langgraph_sdk.client import LangGraphClient
from langgraph_sdk.schema import Run

from langgraph_council.checkpoints._runner.meetings import MeetingType, scheduled_input
from langgraph_council.nodes._meetings.frequency import cron_schedule

__all__ = ["CRON_KEY", "create_meeting_crons"]

CRON_KEY = "council_meeting_type"
"""Metadata key naming the meeting type on its cron and on every run the cron makes."""


async def create_meeting_crons(
    client: LangGraphClient,
    meeting_types: Sequence[MeetingType],
    *,
    graph_ids: Mapping[str, str] | None = None,
    timezone: str | None = None,
) -> list[Run]:
    """Create a LangGraph Server cron for every meeting type that has a `frequency`.

    Idempotent per type: the type's earlier cron (found by its metadata) is replaced, so
    running it again after editing the config leaves one cron per type. Frequencies become
    cron expressions at 09:00 (`timezone`, default UTC); a test interval `"<N>s"` becomes every
    minute. Types with a `trigger` are left out (they run on events).

    Args:
        client: An async SDK client (`langgraph_sdk.get_client(url=...)`).
        meeting_types: The configured types; those without a frequency are skipped.
        graph_ids: Protocol -> served graph id (default `meeting_<protocol>`).
        timezone: IANA zone of the schedules.

    Returns:
        The crons as the server created them (the SDK types its reply as `Run`).

    Example:
        >>> crons = await create_meeting_crons(get_client(url=url), types)  # doctest: +SKIP
    """
    created: list[Run] = []
    for kind in meeting_types:
        if kind.frequency is None:
            continue
        graph_id = (graph_ids or {}).get(kind.protocol, f"meeting_{kind.protocol}")
        for old in await client.crons.search(metadata={CRON_KEY: kind.name}, limit=100):
            await client.crons.delete(old["cron_id"])
        assistant_id = await _assistant(client, graph_id, kind)
        created.append(
            await client.crons.create(
                assistant_id,
                schedule=cron_schedule(kind.frequency),
                input=_json(scheduled_input(kind)),
                metadata={CRON_KEY: kind.name},
                on_run_completed="keep",
                timezone=timezone,
            )
        )
    return created


async def _assistant(client: LangGraphClient, graph_id: str, kind: MeetingType) -> str:
    """The type's assistant on `graph_id`, carrying its tunables as context (made or updated)."""
    context = {
        **kind.config.model_dump(mode="json", exclude_defaults=True),
        "meeting_type": kind.name,
    }
    metadata = {CRON_KEY: kind.name}
    found = await client.assistants.search(graph_id=graph_id, metadata=metadata, limit=1)
    if found:
        assistant_id = str(found[0]["assistant_id"])
        await client.assistants.update(assistant_id, graph_id=graph_id, context=context)
        return assistant_id
    made = await client.assistants.create(
        graph_id, context=context, metadata=metadata, name=f"meeting: {kind.name}"
    )
    return str(made["assistant_id"])


def _json(inp: Mapping[str, Any]) -> dict[str, Any]:
    agenda = inp["agenda"]
    return {**inp, "agenda": agenda.model_dump(mode="json")}
