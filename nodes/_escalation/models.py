"""Escalations to a human, of every kind, and the decision each kind is answered with.

One model for every human decision a graph waits on: a conflict (`HumanDecision`: a winner or
reject), a delegation blocked at the top of the hierarchy (`DelegationDecision`: the human's
answer) and a pipeline merge (`MergeDecision`: keep or drop). `expired` is never a human's
answer: the escalation queue sends it when the deadline passed, the escalation was cancelled or
the human kept answering malformed values (`decided_by` then starts with `system:`).
"""

from __future__ import annotations

import re
import uuid
from collections.abc import Mapping
from datetime import UTC, datetime
from enum import StrEnum
from typing import Annotated, Any, ClassVar, Literal, TypeAlias, get_args

from pydantic import (
    AfterValidator,
    AwareDatetime,
    BaseModel,
    ConfigDict,
    Field,
    JsonValue,
    ValidationError,
    model_validator,
)

from langgraph_council.nodes._errors import CouncilError
from langgraph_council.nodes._records.conflicts import Conflict
from langgraph_council.nodes._text import NulFree

__all__ = [
    "DECISION_MODELS",
    "DEFAULT_TIMEOUT_SECONDS",
    "DelegationDecision",
    "Escalation",
    "EscalationDecision",
    "EscalationError",
    "EscalationKind",
    "EscalationStatus",
    "HumanDecision",
    "MergeDecision",
    "escalation_id_for",
    "expired_decision",
    "parse_decision",
]

EscalationKind = Literal["conflict", "delegation", "merge"]
"""What a human is asked to decide: a conflict, a blocked delegation, a pipeline merge."""

DEFAULT_TIMEOUT_SECONDS = 24 * 3600.0
"""The default deadline of a human escalation (conflicts and delegations): 24 hours."""

_FROZEN = ConfigDict(frozen=True, extra="forbid")
_NAMESPACE = uuid.UUID("7c0f8a52-1d7e-4e8e-9a55-3c1f2b8e6d10")
_COMMIT = re.compile(r"^[0-9a-f]{7,40}$")


def _utc_now() -> datetime:
    return datetime.now(UTC)


class EscalationError(CouncilError, ValueError):
    """An escalation cannot take this step; `escalation_id` and `status` say which and why."""

    def __init__(self, message: str, *, escalation_id: str, status: str | None = None) -> None:
        super().__init__(message)
        self.escalation_id = escalation_id
        self.status = status


def _commit_sha(value: str) -> str:
    if not _COMMIT.match(value):
        raise ValueError(
            f"resolution_commit must be a hex commit sha (7-40 lowercase characters), got {value!r}"
        )
    return value


class _Decision(NulFree):
    """Fields every decision has: who decided (`human:<who>`, or `system:` for expiry), why.

    Each kind adds one detail field that only one of its decisions takes (`detail`); its
    `description` is what `expected` shows the human for it.
    """

    model_config = _FROZEN
    kind: ClassVar[EscalationKind]
    detail: ClassVar[tuple[str, str]]
    """The kind's detail field and the one decision that takes it."""
    expected: ClassVar[dict[str, str]]
    """What a human answers with, field by field (built from the fields, see below)."""

    decision: str
    reasoning: str = Field(min_length=1, description="text")
    decided_by: str = Field(min_length=1, description="human:<who>")

    @classmethod
    def __pydantic_init_subclass__(cls, **kwargs: Any) -> None:
        """`expected`: the decisions a human may send (never `expired`), then each field's hint."""
        super().__pydantic_init_subclass__(**kwargs)
        answers = get_args(cls.model_fields["decision"].annotation)
        hints = {name: field.description or "" for name, field in cls.model_fields.items()}
        cls.expected = {
            "decision": " | ".join(a for a in answers if a != "expired"),
            cls.detail[0]: hints[cls.detail[0]],
            "reasoning": hints["reasoning"],
            "decided_by": hints["decided_by"],
        }

    @model_validator(mode="after")
    def _decider(self) -> _Decision:
        prefix = "system:" if self.decision == "expired" else "human:"
        if not self.decided_by.startswith(prefix) or len(self.decided_by) == len(prefix):
            raise ValueError(f"decided_by must look like '{prefix}<who>', got {self.decided_by!r}")
        return self

    @model_validator(mode="after")
    def _detail_only_with_its_decision(self) -> _Decision:
        field, decision = self.detail
        if self.decision != decision and getattr(self, field) is not None:
            raise ValueError(f"decision {self.decision!r} takes no {field}")
        return self


class HumanDecision(_Decision):
    """The answer to a conflict escalation: a winning party, or reject every position.

    `winner` needs `winning_agent_id` (one of the parties); `decided_by` starts with `human:`.
    """

    kind: ClassVar[EscalationKind] = "conflict"
    detail: ClassVar[tuple[str, str]] = ("winning_agent_id", "winner")

    decision: Literal["winner", "reject", "expired"]
    winning_agent_id: str | None = Field(None, description="one of options (winner only)")

    @model_validator(mode="after")
    def _winner(self) -> HumanDecision:
        if self.decision == "winner" and not self.winning_agent_id:
            raise ValueError("decision 'winner' needs winning_agent_id (one of the parties)")
        return self


class DelegationDecision(_Decision):
    """The answer to a delegation blocked at the top of the hierarchy: the human does the task.

    A plain string resume value is read as the answer of `human:unknown`.
    """

    kind: ClassVar[EscalationKind] = "delegation"
    detail: ClassVar[tuple[str, str]] = ("answer", "answer")

    decision: Literal["answer", "expired"] = "answer"
    answer: str | None = Field(None, description="the answer to the blocked task")
    reasoning: str = Field("answered by a human", description="text (optional)")

    @model_validator(mode="after")
    def _answer(self) -> DelegationDecision:
        if self.decision == "answer" and not (self.answer or "").strip():
            raise ValueError("decision 'answer' needs a non-blank answer")
        return self


class MergeDecision(_Decision):
    """The answer to a pipeline merge conflict: keep the merge, or drop the subtask's merge.

    `keep` may name `resolution_commit`, the human's resolution commit on the subtask branch.
    """

    kind: ClassVar[EscalationKind] = "merge"
    detail: ClassVar[tuple[str, str]] = ("resolution_commit", "keep")

    decision: Literal["keep", "drop", "expired"]
    resolution_commit: Annotated[str, AfterValidator(_commit_sha)] | None = Field(
        None, description="commit sha on the subtask branch (optional, keep only)"
    )


EscalationDecision: TypeAlias = HumanDecision | DelegationDecision | MergeDecision
DECISION_MODELS: dict[str, type[EscalationDecision]] = {
    "conflict": HumanDecision,
    "delegation": DelegationDecision,
    "merge": MergeDecision,
}


class EscalationStatus(StrEnum):
    """Life cycle of an escalation: pending, then exactly one terminal state."""

    PENDING = "pending"
    DECIDED = "decided"
    EXPIRED = "expired"
    CANCELLED = "cancelled"


class Escalation(BaseModel):
    """A decision waiting for (or answered by) a human, as the escalation queue stores it.

    `subject` is the one-line question, `summary` the context, `options` what the human picks
    from (the parties of a conflict), `details` kind-specific JSON (a delegation's delegator,
    delegatee, mechanism and chain; a merge's subtask and branch). `conflict` and `strategy`
    belong to kind `conflict` only. `resumed_at` is set once the waiting thread acted on it.
    """

    model_config = _FROZEN

    id: str = Field(min_length=1)
    thread_id: str = Field(min_length=1)
    kind: EscalationKind = "conflict"
    subject: str = Field(min_length=1)
    summary: str | None = None
    options: tuple[str, ...] = ()
    details: dict[str, JsonValue] = Field(default_factory=dict)
    conflict: Conflict | None = None
    strategy: str | None = None
    analysis: str | None = None
    status: EscalationStatus = EscalationStatus.PENDING
    created_at: AwareDatetime = Field(default_factory=_utc_now)
    expires_at: AwareDatetime | None = None
    decision: EscalationDecision | None = None
    closed_at: AwareDatetime | None = None
    resumed_at: AwareDatetime | None = None

    @model_validator(mode="before")
    @classmethod
    def _by_kind(cls, data: Any) -> Any:
        if not isinstance(data, Mapping):
            return data
        values = dict(data)
        kind = values.setdefault("kind", "conflict")
        conflict = values.get("conflict")
        if kind == "conflict" and conflict is not None:
            parsed = Conflict.model_validate(conflict)
            values.setdefault("subject", parsed.subject)
            values.setdefault("options", parsed.agent_ids)
            values.setdefault("strategy", "human")
        decision = values.get("decision")
        if isinstance(decision, Mapping) and kind in DECISION_MODELS:
            values["decision"] = DECISION_MODELS[kind].model_validate(dict(decision))
        return values

    @model_validator(mode="after")
    def _conflict_only_for_conflicts(self) -> Escalation:
        if (self.kind == "conflict") != (self.conflict is not None):
            raise ValueError("conflict is required for kind 'conflict' and only for it")
        if self.decision is not None and self.decision.kind != self.kind:
            raise ValueError(f"a {self.kind} escalation takes a {self.kind} decision")
        return self

    @property
    def conflict_id(self) -> str | None:
        """The id of the conflict this escalation is about (kind `conflict` only)."""
        return None if self.conflict is None else self.conflict.id


def escalation_id_for(thread_id: str, key: str, *, round: int = 0) -> str:
    """Stable escalation id for `key` (a conflict id, a hand-off attempt...) in a thread.

    A re-run node computes the same id, so it writes the same row; `round` counts earlier,
    already closed escalations of the same key in the thread.
    """
    text = f"{thread_id}\x1f{key}" + (f"\x1f{round}" if round else "")
    return str(uuid.uuid5(_NAMESPACE, text))


def _problems(exc: ValidationError) -> str:
    return "; ".join(
        f"{'.'.join(str(p) for p in e['loc']) or 'value'}: {e['msg']}" for e in exc.errors()
    )


def parse_decision(
    value: object, kind: EscalationKind, options: tuple[str, ...] = ()
) -> EscalationDecision:
    """Validate a resume value into the decision model of `kind`.

    A conflict's winner must be one of `options`; a delegation also takes a plain string.

    Raises:
        ValueError: Naming the field and the fix.
    """
    model = DECISION_MODELS[kind]
    if kind == "delegation" and isinstance(value, str):
        value = {"answer": value, "decided_by": "human:unknown"}
    if isinstance(value, model):
        decision: EscalationDecision = value
    elif isinstance(value, Mapping):
        try:
            decision = model.model_validate(dict(value))
        except ValidationError as exc:
            raise ValueError(f"invalid decision: {_problems(exc)}") from None
    else:
        raise ValueError(
            f"a decision must be a mapping like {model.expected}, got {type(value).__name__}"
        )
    winner = getattr(decision, "winning_agent_id", None)
    if winner is not None and winner not in options:
        raise ValueError(f"winning_agent_id {winner!r} is not a party; pick one of {list(options)}")
    return decision


def expired_decision(kind: EscalationKind, reasoning: str, decided_by: str) -> EscalationDecision:
    """The `expired` decision of `kind` (deadline, cancellation or malformed answers)."""
    return DECISION_MODELS[kind](decision="expired", reasoning=reasoning, decided_by=decided_by)
