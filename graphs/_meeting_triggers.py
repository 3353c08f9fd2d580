"""Event-triggered meetings, wired: one compiled meeting graph per protocol the types use.

The trigger logic (`MeetingType`, cooldowns, running types side by side) lives in
`langgraph_council.nodes._meetings.triggers`; this module only builds the graphs.
"""

from __future__ import annotations

from collections.abc import Sequence

from langgraph.types import Checkpointer

from langgraph_council.graphs._meetings import create_meeting_graph
from langgraph_council.nodes._agents import Roster
from langgraph_council.nodes._conflicts.dissent import DissentStore
from langgraph_council.nodes._meetings import triggers
from langgraph_council.nodes._meetings.minutes import TaskCreator
from langgraph_council.nodes._meetings.records import MeetingRecorder
from langgraph_council.nodes._meetings.triggers import MeetingType, TriggeredMeeting

__all__ = ["MeetingTriggers", "MeetingType", "TriggeredMeeting"]


class MeetingTriggers(triggers.MeetingTriggers):
    """Runs configured meeting types on events, with a per-type cooldown.

    Example:
        >>> triggers = MeetingTriggers(roster, [review_type])  # doctest: +SKIP
        >>> triggers.trigger_meetings("on_pr", {"author": "junior_dev"})  # doctest: +SKIP
    """

    def __init__(
        self,
        roster: Roster,
        meeting_types: Sequence[MeetingType],
        *,
        checkpointer: Checkpointer = None,
        records: MeetingRecorder | None = None,
        task_creator: TaskCreator | None = None,
        dissent_store: DissentStore | None = None,
    ) -> None:
        graphs = {
            protocol: create_meeting_graph(
                roster,
                protocol=protocol,
                checkpointer=checkpointer,
                records=records,
                task_creator=task_creator,
                dissent_store=dissent_store,
            )
            for protocol in {t.protocol for t in meeting_types}
        }
        super().__init__(meeting_types, graphs, records=records, durable=bool(checkpointer))
