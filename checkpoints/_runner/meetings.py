"""Event-triggered meetings: every meeting type whose trigger matches runs, side by side.

The graphs to run come in from outside (`langgraph_council.graphs.MeetingTriggers` builds one
per protocol with `create_meeting_graph` and hands them to a `MeetingRunner`): this module
decides which types an event triggers, keeps their cooldowns, builds the inputs, and runs the
meetings, in threads (`trigger_meetings`) or tasks (`atrigger_meetings`) over one flow each.
"""

from __future__ import annotations

import asyncio
import threading
import time
import uuid
from collections.abc import Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from langchain_core.runnables import RunnableConfig
from langgraph.errors import GraphBubbleUp
from langgraph.pregel import Pregel
from langgraph.runtime import RunControl
from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from langgraph_council.checkpoints._runner.steps import Flow, arun, invoke, run
from langgraph_council.nodes._meetings.config import MeetingProtocolConfig
from langgraph_council.nodes._meetings.frequency import check_frequency
from langgraph_council.nodes._meetings.models import MeetingAgenda, MeetingMinutes
from langgraph_council.nodes._meetings.records import MeetingRecorder

__all__ = ["MeetingRunner", "MeetingType", "TriggeredMeeting", "scheduled_input"]


class MeetingType(BaseModel):
    """A configured meeting that runs when `trigger` (an event name) fires, or on a schedule.

    Exactly one of `trigger` and `frequency` is set. `frequency` is `daily`, `weekly`,
    `bi_weekly`, `per_sprint_day`, `monthly`, or `"<N>s"` (every N seconds, for tests).
    `leader` and `participants` are references; a reference that is a key of the event context
    is replaced by that value first (e.g. `"author"` -> the PR author's agent id).
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = Field(min_length=1)
    trigger: str | None = Field(default=None, min_length=1)
    frequency: str | None = None
    protocol: str = "structured_phases"
    leader: str = Field(min_length=1)
    participants: tuple[str, ...] = Field(min_length=1)
    agenda: MeetingAgenda
    token_budget: int = Field(gt=0)
    config: MeetingProtocolConfig = Field(default_factory=MeetingProtocolConfig)
    min_interval_seconds: float = Field(default=0.0, ge=0.0)

    @field_validator("name")
    @classmethod
    def _one_line(cls, value: str) -> str:
        # the name is a log line, a thread id's part and a cooldown key: one printable line
        if not value.isprintable():
            raise ValueError(f"must be one printable line (no line breaks), got {value!r}")
        return value

    @field_validator("frequency")
    @classmethod
    def _known_frequency(cls, value: str | None) -> str | None:
        return None if value is None else check_frequency(value)

    @model_validator(mode="after")
    def _frequency_or_trigger(self) -> MeetingType:
        if (self.trigger is None) == (self.frequency is None):
            given = "both" if self.trigger is not None else "neither"
            raise ValueError(
                f"meeting type {self.name!r}: set exactly one of frequency (a schedule) or "
                f"trigger (an event name), got {given}"
            )
        return self


class TriggeredMeeting(BaseModel):
    """One meeting type's outcome for an event: its minutes, why it was skipped, or the error
    it failed with (one failing meeting never discards the others' outcomes)."""

    model_config = ConfigDict(frozen=True)

    meeting_type: str
    thread_id: str | None = None
    minutes: MeetingMinutes | None = None
    skipped: str | None = None
    error: str | None = None

    @property
    def ran(self) -> bool:
        """True when the meeting ran to its minutes (whatever their status)."""
        return self.minutes is not None


_NOT_RUN = TriggeredMeeting(meeting_type="-", error="not run")


def _from_context(ref: str, context: Mapping[str, Any]) -> list[str]:
    value = context.get(ref)
    if value is None:
        return [ref]
    return [str(v) for v in value] if isinstance(value, list | tuple) else [str(value)]


def _input(kind: MeetingType, note: str, context: Mapping[str, Any]) -> dict[str, Any]:
    """The meeting graph's input for one run of `kind`; `note` joins the agenda's context."""
    agenda = kind.agenda.model_copy(update={"context": f"{kind.agenda.context}\n{note}".strip()})
    return {
        "agenda": agenda,
        "leader_id": _from_context(kind.leader, context)[0],
        "participant_ids": [p for r in kind.participants for p in _from_context(r, context)],
        "token_budget": kind.token_budget,
    }


def scheduled_input(kind: MeetingType) -> dict[str, Any]:
    """The meeting graph's input for a scheduled run of `kind` (here or in a server cron)."""
    return _input(kind, f"Scheduled meeting ({kind.frequency}).", {})


class MeetingRunner:
    """Runs configured meeting types on events, with a per-type cooldown.

    `graphs` maps each protocol the types use to its compiled meeting graph; `durable` runs
    them with `durability="sync"` (give it when the graphs have a checkpointer).
    """

    def __init__(
        self,
        meeting_types: Sequence[MeetingType],
        graphs: Mapping[str, Pregel[Any, Any]],
        *,
        records: MeetingRecorder | None = None,
        durable: bool = False,
    ) -> None:
        names = [t.name for t in meeting_types]
        duplicates = sorted({n for n in names if names.count(n) > 1})
        if duplicates:
            raise ValueError(f"meeting_types: names must be unique, repeated: {duplicates}")
        missing = sorted({t.protocol for t in meeting_types} - set(graphs))
        if missing:
            raise ValueError(f"graphs: no meeting graph for protocol(s) {missing}")
        self._types = tuple(meeting_types)
        self._graphs = dict(graphs)
        self._records = records
        self._last: dict[str, float] = {}
        self._running: set[str] = set()
        self._lock = threading.Lock()
        # `sync` wherever a lost step would repeat a model call; meaningless without a saver.
        self._durability: dict[str, Any] = {"durability": "sync"} if durable else {}

    @property
    def scheduled(self) -> tuple[MeetingType, ...]:
        """The types that run on a frequency, not on an event."""
        return tuple(t for t in self._types if t.frequency is not None)

    def last_started(self, name: str) -> float | None:
        """When type `name` last ran (POSIX seconds): in this process, or in the records."""
        with self._lock:
            last = self._last.get(name)
        started = self._records.last_started(name) if self._records is not None else None
        if started is not None:
            last = max(last or 0.0, started.timestamp())
        return last

    def _claim(self, kind: MeetingType) -> str | None:
        """Reserve a run of `kind`; the reason to skip when it runs or ran too recently.

        The cooldown itself starts when a meeting actually ran (`_finish`), not here: a meeting
        that failed (an exception, or minutes with an error) does not hold the next event back.
        """
        now = time.time()
        with self._lock:
            if kind.name in self._running:
                return "already running for an earlier event"
            last = self._last.get(kind.name)
            if self._records is not None:
                started = self._records.last_started(kind.name)
                if started is not None:
                    last = max(last or 0.0, started.timestamp())
            if (
                kind.frequency is None
                and last is not None
                and now - last < kind.min_interval_seconds
            ):
                wait = kind.min_interval_seconds
                return f"cooldown: ran {now - last:.0f}s ago, min_interval_seconds={wait}"
            self._running.add(kind.name)
        return None

    def _finish(self, kind: MeetingType, started: float, outcome: TriggeredMeeting) -> None:
        with self._lock:
            self._running.discard(kind.name)
            # minutes with an error (a model that was down: issue 34) hold nothing back either
            if outcome.minutes is not None and not outcome.minutes.error:
                self._last[kind.name] = started

    def _failed(self, kind: MeetingType, thread: str, exc: Exception) -> TriggeredMeeting:
        if isinstance(exc, GraphBubbleUp):
            raise exc
        return TriggeredMeeting(
            meeting_type=kind.name, thread_id=thread, error=f"{type(exc).__name__}: {exc}"
        )

    def _plan(self, event: str, context: Mapping[str, Any]) -> list[tuple[MeetingType, Any]]:
        plans: list[tuple[MeetingType, Any]] = []
        for kind in (t for t in self._types if t.trigger == event):
            skipped = self._claim(kind)
            if skipped:
                plans.append((kind, TriggeredMeeting(meeting_type=kind.name, skipped=skipped)))
                continue
            details = "; ".join(f"{k}={v}" for k, v in sorted(context.items()))
            plans.append((kind, _input(kind, f"Event {event}: {details}", context)))
        return plans

    def run_scheduled(self, name: str, *, control: RunControl | None = None) -> TriggeredMeeting:
        """Run the scheduled type `name` once, now (the scheduler calls it when it is due).

        `control` lets a signal drain the run at a step boundary (`GraphDrained` propagates).

        Raises:
            ValueError: No scheduled type `name`.
        """
        kind = next((t for t in self._types if t.name == name and t.frequency), None)
        if kind is None:
            known = sorted(t.name for t in self._types if t.frequency)
            raise ValueError(f"no scheduled meeting type {name!r}; scheduled types: {known}")
        skipped = self._claim(kind)
        if skipped:
            return TriggeredMeeting(meeting_type=name, skipped=skipped)
        return run(self._meeting(kind, scheduled_input(kind), control=control))

    def _config(self, kind: MeetingType) -> tuple[str, RunnableConfig, MeetingProtocolConfig]:
        thread = f"{kind.name}:{uuid.uuid4().hex}"
        ctx = kind.config.model_copy(update={"meeting_type": kind.name})
        config: RunnableConfig = {"configurable": {"thread_id": thread}}
        return thread, config, ctx

    def _meeting(
        self, kind: MeetingType, inp: Any, *, control: RunControl | None = None
    ) -> Flow[TriggeredMeeting]:
        """One meeting of an event: its minutes, or why it was skipped or failed."""
        if isinstance(inp, TriggeredMeeting):
            return inp
        thread, config, ctx = self._config(kind)
        started, outcome = time.time(), _NOT_RUN
        extra: dict[str, Any] = {**self._durability}
        if control is not None:
            extra["control"] = control
        try:
            graph = self._graphs[kind.protocol]
            out = yield invoke(graph, inp, config, context=ctx, **extra)
            outcome = TriggeredMeeting(
                meeting_type=kind.name, thread_id=thread, minutes=out["minutes"]
            )
        except Exception as exc:  # noqa: BLE001 - reported per meeting, see _failed
            outcome = self._failed(kind, thread, exc)
        finally:
            self._finish(kind, started, outcome)
        return outcome

    def trigger_meetings(
        self, event: str, context: Mapping[str, Any] | None = None
    ) -> list[TriggeredMeeting]:
        """Run every meeting type whose trigger is `event`, in parallel threads."""
        plans = self._plan(event, context or {})
        if not plans:
            return []
        with ThreadPoolExecutor(max_workers=len(plans)) as pool:
            return list(pool.map(lambda p: run(self._meeting(*p)), plans))

    async def atrigger_meetings(
        self, event: str, context: Mapping[str, Any] | None = None
    ) -> list[TriggeredMeeting]:
        """Async twin of `trigger_meetings`: the meetings run concurrently on the event loop."""
        plans = self._plan(event, context or {})
        return list(await asyncio.gather(*(arun(self._meeting(k, i)) for k, i in plans)))
