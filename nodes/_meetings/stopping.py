"""Stop conditions: composable `StopWhen` checks at turn boundaries, and the external cancel.

A condition is data (a frozen pydantic model), so it travels in the run context, in node
metadata and through LangGraph Server as JSON: `{"any_of": [{"mentioned": "DONE"},
{"tokens_used": 5000}]}` is `StopWhen.mention("DONE") | StopWhen.tokens(5000)`.

The cancel is a flag in the meeting record store (`request_cancel(thread_id)`; Postgres:
`council_meeting_cancels`), so a process other than the one running the meeting can set it.
The graph factory hands the store to the nodes through a token in node metadata (nodes never
open connections; the store object itself never enters metadata, which traces serialise).
"""

from __future__ import annotations

import uuid
import weakref
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from typing import Any, Literal, Protocol, runtime_checkable

from langgraph.config import get_config
from pydantic import ConfigDict, Field, model_validator

from langgraph_council.nodes._input_errors import CouncilModel
from langgraph_council.nodes._meetings.detectors import keyword_conflicts, mean_pairwise_similarity
from langgraph_council.nodes._meetings.ledger import tokens_spent
from langgraph_council.nodes._meetings.models import Contribution
from langgraph_council.nodes._meetings.positions import extract_position
from langgraph_council.nodes._meetings.transcript import transcript

__all__ = [
    "CANCELS_KEY",
    "MeetingCancels",
    "StopWhen",
    "at_boundary",
    "cancel_metadata",
    "cancel_source_present",
    "stop_reason",
]

_NOT_SPEECH = frozenset({"summary", "synthesis", "speaker_selection", "conflict_judge"})
"""Phases that are not a participant speaking (the leader deciding, the selector choosing)."""


class StopWhen(CouncilModel):
    """A stop condition for any meeting protocol, checked at every turn boundary.

    Exactly one of the fields is set: `mentioned` (a participant's contribution contains the
    text), `tokens_used` (the meeting has used at least that many tokens), `elapsed_seconds`
    (the meeting has run that long), `agreement` (every participant has spoken and their
    latest contributions agree: one stated claim, or word similarity at least this with no
    disagreement marker), `any_of` (`a | b`) or `all_of` (`a & b`). When one fires the talk
    ends and the protocol's synthesis (if any) still runs; the minutes say why in
    `stop_reason`, with status `completed`.

    Example:
        >>> stop = StopWhen.mention("DONE") | StopWhen.tokens(5_000)
        >>> stop.model_dump(exclude_defaults=True)
        {'any_of': ({'mentioned': 'DONE'}, {'tokens_used': 5000})}
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    mentioned: str | None = Field(default=None, min_length=1)
    tokens_used: int | None = Field(default=None, ge=1)
    elapsed_seconds: float | None = Field(default=None, ge=0)
    agreement: float | None = Field(default=None, gt=0, le=1)
    any_of: tuple[StopWhen, ...] = ()
    all_of: tuple[StopWhen, ...] = ()

    @model_validator(mode="after")
    def _one_kind(self) -> StopWhen:
        kinds = [k for k in _KINDS if getattr(self, k) not in (None, ())]
        if len(kinds) != 1:
            raise ValueError(
                f"stop_when: set exactly one of {list(_KINDS)}, got {kinds or 'none'}; "
                "combine conditions with | (any) or & (all)"
            )
        return self

    @classmethod
    def mention(cls, text: str) -> StopWhen:
        """Stop once a participant's contribution contains `text` (case-sensitive)."""
        return cls(mentioned=text)

    @classmethod
    def tokens(cls, limit: int) -> StopWhen:
        """Stop once the meeting has used `limit` tokens (prompts and replies)."""
        return cls(tokens_used=limit)

    @classmethod
    def timeout(cls, *, seconds: float = 0.0, minutes: float = 0.0) -> StopWhen:
        """Stop once the meeting has run `minutes` and `seconds` (wall clock)."""
        return cls(elapsed_seconds=seconds + 60 * minutes)

    @classmethod
    def consensus(cls, similarity: float = 0.85) -> StopWhen:
        """Stop once every participant spoke and their latest contributions agree."""
        return cls(agreement=similarity)

    def __or__(self, other: StopWhen) -> StopWhen:
        return StopWhen(any_of=(*_parts(self, "any_of"), *_parts(other, "any_of")))

    def __and__(self, other: StopWhen) -> StopWhen:
        return StopWhen(all_of=(*_parts(self, "all_of"), *_parts(other, "all_of")))


_KINDS = ("mentioned", "tokens_used", "elapsed_seconds", "agreement", "any_of", "all_of")


def _parts(condition: StopWhen, kind: Literal["any_of", "all_of"]) -> tuple[StopWhen, ...]:
    parts: tuple[StopWhen, ...] = getattr(condition, kind)
    return parts or (condition,)


def _latest_speech(contributions: Sequence[Contribution]) -> dict[str, Contribution]:
    latest: dict[str, Contribution] = {}
    for c in contributions:
        if c.phase not in _NOT_SPEECH:
            latest[c.agent_id] = c
    return latest


def _agree(contributions: Sequence[Contribution], participants: Sequence[str], at: float) -> bool:
    latest = _latest_speech(contributions)
    said = [latest[a] for a in participants if a in latest]
    if len(participants) < 2 or len(said) < len(participants):
        return False
    claims = [p.claim.casefold().strip(" .") for c in said if (p := extract_position(c))]
    if len(claims) == len(said):
        return len(set(claims)) == 1
    texts = [c.content for c in said]
    return mean_pairwise_similarity(texts) >= at and not keyword_conflicts(said)


def stop_reason(
    condition: StopWhen,
    *,
    contributions: Sequence[Contribution],
    participants: Sequence[str],
    tokens_used: int,
    started_at: datetime,
    now: datetime | None = None,
) -> str | None:
    """Why `condition` holds now (a short phrase for the minutes), or None."""
    c = condition
    if c.mentioned is not None:
        who = next(
            (
                x.agent_id
                for x in contributions
                if x.phase not in _NOT_SPEECH and c.mentioned in x.content
            ),
            None,
        )
        return None if who is None else f"{who} mentioned {c.mentioned!r}"
    if c.tokens_used is not None:
        return (
            f"{tokens_used} tokens used (limit {c.tokens_used})"
            if tokens_used >= c.tokens_used
            else None
        )
    if c.elapsed_seconds is not None:
        elapsed = ((now or datetime.now(UTC)) - started_at).total_seconds()
        return f"timeout after {c.elapsed_seconds:g} s" if elapsed >= c.elapsed_seconds else None
    if c.agreement is not None:
        return "consensus" if _agree(contributions, participants, c.agreement) else None
    kw: dict[str, Any] = {
        "contributions": contributions,
        "participants": participants,
        "tokens_used": tokens_used,
        "started_at": started_at,
        "now": now,
    }
    reasons = [stop_reason(part, **kw) for part in (c.any_of or c.all_of)]
    if c.any_of:
        return next((r for r in reasons if r), None)
    return " and ".join(r for r in reasons if r) if all(reasons) else None


@runtime_checkable
class MeetingCancels(Protocol):
    """Where a cancel for a thread's running meeting is asked for and read (record stores)."""

    def request_cancel(self, thread_id: str, *, reason: str = "") -> None:
        """Ask the meeting running on `thread_id` to end at its next turn boundary."""
        ...

    def cancel_requested(self, thread_id: str) -> str | None:
        """The pending cancel's reason ("" when none was given), or None."""
        ...

    def clear_cancel(self, thread_id: str) -> None:
        """Forget a cancel for `thread_id` (a new meeting opens on the thread)."""
        ...


CANCELS_KEY = "council_meeting_cancels"
"""Node-metadata key naming the graph's cancel source (a token, see the module docstring)."""

_SOURCES: weakref.WeakValueDictionary[str, Any] = weakref.WeakValueDictionary()


def cancel_metadata(source: MeetingCancels) -> dict[str, str]:
    """The node metadata that lets a graph's nodes read cancels from `source` (kept alive by
    the graph, which holds the store in its nodes)."""
    token = uuid.uuid4().hex
    _SOURCES[token] = source
    return {CANCELS_KEY: token}


def _cancels(metadata: Mapping[str, Any] | None) -> MeetingCancels | None:
    token = (metadata or {}).get(CANCELS_KEY)
    return _SOURCES.get(token) if isinstance(token, str) else None


def cancel_source_present() -> bool:
    """True when the running meeting node can read cancels (its graph has a record store)."""
    return _cancels(get_config().get("metadata")) is not None


def _thread_id(config: Mapping[str, Any]) -> str | None:
    thread = (config.get("configurable") or {}).get("thread_id")
    return None if thread is None else str(thread)


def at_boundary(
    state: Mapping[str, Any], stop_when: StopWhen | None, *, cancel: bool = True
) -> tuple[str, str] | None:
    """At a turn boundary: `("cancelled", why)` when a cancel is pending for this thread
    (read only with `cancel`: it is I/O), `("stopped", why)` when `stop_when` holds, else None."""
    config = get_config()
    source, thread = _cancels(config.get("metadata")), _thread_id(config)
    if cancel and source is not None and thread is not None:
        reason = source.cancel_requested(thread)
        if reason is not None:
            return "cancelled", f"cancelled{': ' + reason if reason else ''}"
    if stop_when is None:
        return None
    why = stop_reason(
        stop_when,
        contributions=transcript(state),
        participants=state["participant_ids"],
        tokens_used=tokens_spent(state),
        started_at=state["started_at"],
    )
    return None if why is None else ("stopped", why)
