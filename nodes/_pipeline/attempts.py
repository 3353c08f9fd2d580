"""Attempts at a subtask and the check that gates its merge: what each try did and why it failed."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from pydantic import AwareDatetime, BaseModel, ConfigDict, Field

from langgraph_council.nodes._workspace.models import CheckResult

__all__ = [
    "Attempt",
    "AttemptStatus",
    "RecoveryStep",
    "feedback_for",
    "work_attempts",
]

RecoveryStep = Literal["retry", "reassign", "replan"]
"""Why an attempt after the first happens: the same agent again with the feedback (`retry`),
the next-best routed agent (`reassign`), or a replacement plan row from the planner (`replan`)."""

AttemptStatus = Literal["scheduled", "completed", "failed", "blocked", "cancelled", "replanned"]
"""`scheduled`: decided, not run yet; `blocked`: the step could not happen (the guard refused the
hand-off, the planner gave no usable row), so nobody worked on it; `replanned`: the planner
(`agent_id`) replaced the subtask's row, whose first attempt is the next entry."""

_FROZEN = ConfigDict(frozen=True, extra="forbid")
_FEEDBACK_CHARS = 4000


class Attempt(BaseModel):
    """One try at a subtask: who, why it happened, how it ended and, if it failed, why.

    `number` counts from 1 over every entry of `SubtaskResult.attempts`; `step` is `initial`
    for the routed agent's first try, else the recovery step that scheduled it. `check` is the
    check's verdict on this attempt's work (None when no check ran). `note` says what a step
    changed (a replacement row's title, the guard's mechanism). `input_tokens`/`output_tokens`:
    what the planner agent's call cost on a `replan` entry (0 elsewhere: executors bill their own).
    """

    model_config = _FROZEN

    subtask_id: str
    number: int = Field(ge=1)
    agent_id: str
    step: Literal["initial", "retry", "reassign", "replan"] = "initial"
    status: AttemptStatus
    error: str | None = None
    failure_category: Literal["direct", "quality_gate"] | None = None
    check: CheckResult | None = None
    duration_s: float = Field(default=0.0, ge=0.0)
    finished_at: AwareDatetime | None = None
    note: str = ""
    input_tokens: int = Field(default=0, ge=0)
    output_tokens: int = Field(default=0, ge=0)


def work_attempts(attempts: Sequence[Attempt]) -> list[Attempt]:
    """The attempts somebody actually worked on (not scheduled, not blocked)."""
    return [a for a in attempts if a.status not in ("scheduled", "blocked", "replanned")]


def _tail(text: str, chars: int) -> str:
    return text if len(text) <= chars else "…" + text[-(chars - 1) :]


def feedback_for(attempts: Sequence[Attempt], *, chars: int = _FEEDBACK_CHARS) -> str:
    """What went wrong so far, for the next attempt: one line per earlier failure, then the
    last failure's error and check output in full (its tail, up to `chars`). '' when none."""
    failed = [a for a in attempts if a.status in ("failed", "blocked")]
    if not failed:
        return ""
    lines = [
        f"Attempt {a.number} ({a.step}) by {a.agent_id} {a.status}: "
        f"{' '.join((a.error or 'no error given').split())[:300]}"
        for a in failed[:-1]
    ]
    last = failed[-1]
    lines.append(f"Attempt {last.number} ({last.step}) by {last.agent_id} {last.status}:")
    lines.append(last.error or "no error given")
    if last.check is not None and not last.check.passed:
        shown = " ".join(last.check.command) or "the check"
        lines.append(f"Output of {shown} (exit {last.check.exit_code}):")
        lines.append(last.check.output)
    return _tail("\n".join(lines), chars)
