"""Event-triggered meetings, wired: one compiled meeting graph per protocol the types use.

`MeetingTriggers` is the one public class: it builds the graphs (the meeting protocols are
registered here, in `graphs`) and hands them to the runner
(`checkpoints._runner.meetings.MeetingRunner`), which decides, keeps cooldowns and runs them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Unpack

from langgraph.types import Checkpointer

from langgraph_council.checkpoints import CouncilStores
from langgraph_council.checkpoints._runner.meetings import (
    MeetingRunner,
    MeetingType,
    TriggeredMeeting,
)
from langgraph_council.checkpoints._runner.schedule import MeetingScheduler, ScheduledRun
from langgraph_council.graphs._meetings import MeetingStoreAliases, create_meeting_graph
from langgraph_council.graphs._shape import bundle, store_aliases
from langgraph_council.nodes._calls.roster import Roster
from langgraph_council.nodes._meetings.minutes import TaskCreator

__all__ = ["MeetingTriggers", "MeetingType", "TriggeredMeeting"]


class MeetingTriggers:
    """Runs configured meeting types on events (with a per-type cooldown) or on a schedule.

    Every type whose `trigger` is the event runs, side by side; a type that ran less than
    `min_interval_seconds` ago (in this process or, with `stores.meetings`, in any) is
    skipped. Types with a `frequency` run from `scheduler().run()` (self-hosted; `council
    schedule`) or from LangGraph Server crons (`create_meeting_crons`). `stores` is passed to
    every meeting graph; `records=` / `dissent_store=` are its deprecated spellings.

    Raises:
        ValueError: Two types share a name.

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
        stores: CouncilStores | None = None,
        task_creator: TaskCreator | None = None,
        **deprecated: Unpack[MeetingStoreAliases],
    ) -> None:
        aliases = store_aliases("MeetingTriggers", deprecated, MeetingStoreAliases)
        kept = bundle(stores, **aliases)
        records = kept.meetings
        graphs = {
            protocol: create_meeting_graph(
                roster,
                protocol=protocol,
                checkpointer=checkpointer,
                stores=kept,
                task_creator=task_creator,
            )
            for protocol in {t.protocol for t in meeting_types}
        }
        self._runner = MeetingRunner(
            meeting_types, graphs, records=records, durable=bool(checkpointer)
        )

    def trigger_meetings(
        self, event: str, context: Mapping[str, Any] | None = None
    ) -> list[TriggeredMeeting]:
        """Run every meeting type whose trigger is `event`, in parallel threads."""
        return self._runner.trigger_meetings(event, context)

    async def atrigger_meetings(
        self, event: str, context: Mapping[str, Any] | None = None
    ) -> list[TriggeredMeeting]:
        """Async twin of `trigger_meetings`: the meetings run concurrently on the event loop."""
        return await self._runner.atrigger_meetings(event, context)

    def run_scheduled(self, name: str) -> TriggeredMeeting:
        """Run the scheduled type `name` once, now; a failure is reported, not raised."""
        return self._runner.run_scheduled(name)

    def scheduler(
        self, *, on_run: Callable[[ScheduledRun], object] | None = None
    ) -> MeetingScheduler:
        """A loop over the scheduled types: `run()` until `stop()` (safe in a signal handler).

        Each type runs when its frequency is due, measured from its last start (from `records`
        when given, so a restart does not run a daily meeting twice); `on_run` gets every run,
        failed ones included, and a failure never ends the loop.

        Raises:
            ValueError: No meeting type has a frequency.
        """
        return MeetingScheduler(self._runner, on_run=on_run)
