"""Scheduled meetings, self-hosted: a loop that runs each due meeting type and keeps going.

One run at a time, in the calling thread. A failing run is reported (`on_run`) and the type
waits its full interval before it is tried again, so one broken type neither stops the loop
nor spins it. `stop()` is safe from a signal handler (two attribute writes): the loop ends at
its next check, and a meeting in progress is drained at its next step boundary
(`langgraph.runtime.RunControl`), its thread left resumable and the run reported `abandoned`.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from datetime import UTC, datetime

from langgraph.errors import GraphDrained
from langgraph.runtime import RunControl
from pydantic import AwareDatetime, BaseModel, ConfigDict

from langgraph_council.checkpoints._runner.meetings import MeetingRunner, TriggeredMeeting
from langgraph_council.nodes._meetings.frequency import next_due

__all__ = ["MeetingScheduler", "ScheduledRun"]

_TICK_SECONDS = 0.1


class ScheduledRun(BaseModel):
    """One scheduled run as the schedule log keeps it: when, which type, how it ended."""

    model_config = ConfigDict(frozen=True)

    at: AwareDatetime
    meeting_type: str
    status: str
    """`ran`, `failed`, `skipped` or `abandoned` (drained by a stop; the thread resumes)."""
    thread_id: str | None = None
    minutes_status: str | None = None
    detail: str | None = None

    @classmethod
    def from_outcome(cls, at: datetime, outcome: TriggeredMeeting) -> ScheduledRun:
        """The log entry of a runner outcome."""
        status = "ran" if outcome.ran else "skipped" if outcome.skipped else "failed"
        return cls(
            at=at,
            meeting_type=outcome.meeting_type,
            status=status,
            thread_id=outcome.thread_id,
            minutes_status=outcome.minutes.status if outcome.minutes else None,
            # a meeting whose model failed ends with minutes that say why (issue 34)
            detail=outcome.error or outcome.skipped or (outcome.minutes and outcome.minutes.error),
        )


class MeetingScheduler:
    """Runs the runner's scheduled types whenever they are due, until `stop()`.

    `on_run` receives every run's `ScheduledRun` (the CLI appends it to the schedule log).
    """

    def __init__(
        self,
        runner: MeetingRunner,
        *,
        on_run: Callable[[ScheduledRun], object] | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        if not runner.scheduled:
            raise ValueError("meeting_types: none has a frequency; nothing to schedule")
        self._runner = runner
        self._on_run = on_run
        self._clock = clock
        self._tried: dict[str, float] = {}
        self._stopping = False
        self._control: RunControl | None = None

    def due(self, now: float | None = None) -> dict[str, float]:
        """Each scheduled type's next due time (POSIX seconds), as of `now` (the clock's)."""
        due: dict[str, float] = {}
        now = self._clock() if now is None else now
        for kind in self._runner.scheduled:
            assert kind.frequency is not None
            last = max(
                (
                    t
                    for t in (self._runner.last_started(kind.name), self._tried.get(kind.name))
                    if t
                ),
                default=None,
            )
            due[kind.name] = next_due(kind.frequency, last, now)
        return due

    def stop(self, reason: str = "stop requested") -> None:
        """End the loop; drain the meeting in progress at its next step boundary."""
        self._stopping = True
        control = self._control
        if control is not None:
            control.request_drain(reason)

    def run_due(self, *, limit: int | None = None) -> list[ScheduledRun]:
        """Run every type that is due now (at most `limit`), one after another, unless stopped
        meanwhile; the longest overdue first."""
        now = self._clock()
        runs: list[ScheduledRun] = []
        for name, due in sorted(self.due(now).items(), key=lambda item: item[1]):
            if self._stopping or (limit is not None and len(runs) >= limit):
                break
            if due <= now:
                runs.append(self._run_one(name))
        return runs

    def run(self, *, max_runs: int | None = None) -> int:
        """Loop until `stop()` (or `max_runs` runs); returns how many runs were made."""
        made = 0
        while not self._stopping:
            made += len(self.run_due(limit=None if max_runs is None else max_runs - made))
            if max_runs is not None and made >= max_runs:
                break
            wake = min(self.due().values())
            while not self._stopping and self._clock() < wake:
                time.sleep(min(_TICK_SECONDS, max(wake - self._clock(), 0.0)))
        return made

    def _run_one(self, name: str) -> ScheduledRun:
        self._tried[name] = self._clock()
        at = datetime.now(UTC)
        control = self._control = RunControl()
        if self._stopping:  # stopped between the check and now: drain before the first step
            control.request_drain("stop requested")
        try:
            outcome = self._runner.run_scheduled(name, control=control)
            entry = ScheduledRun.from_outcome(at, outcome)
        except GraphDrained as drained:
            entry = ScheduledRun(
                at=at,
                meeting_type=name,
                status="abandoned",
                detail=f"drained at a step boundary ({drained}); the thread resumes",
            )
        finally:
            self._control = None
        if self._on_run is not None:
            self._on_run(entry)
        return entry
