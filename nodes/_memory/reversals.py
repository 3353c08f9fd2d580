"""Reversals: the leader says which new decision reverses an earlier one (a model judgement).

When a synthesis prompt shows earlier decisions (labelled `D1`, `D2`...), the leader is asked
to list the decisions of this meeting that reverse one of them, structured (`reversals`) or as
a `Reverses:` section in prose. Nothing here compares decision texts: a decision that agrees
with an earlier one in other words is simply not listed by the leader, and a label or number
the leader did not show or write is ignored.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from langgraph_council.nodes._memory.models import EarlierDecision, Reversal

__all__ = [
    "REVERSAL_DIRECTIVE",
    "ReversalDraft",
    "parse_reversal_text",
    "resolve_reversals",
    "without_reversals",
]

REVERSAL_DIRECTIVE = (
    "Org memory below shows earlier decisions labelled D1, D2, ... If one of your decisions "
    "reverses (contradicts or undoes) an earlier decision, list it under reversals: the number "
    "of your decision (1 = first), the label of the earlier one and why; in prose, a "
    "'Reverses:' section with bullets like '- decision 1 reverses D2: why'. A decision that "
    "agrees with an earlier one, in any words, is not a reversal: leave it out."
)


class ReversalDraft(BaseModel):
    """One reversal as the leader wrote it."""

    model_config = ConfigDict(extra="ignore")

    decision: int = Field(description="The number of your decision (1 = first).")
    earlier: str = Field(description="The label of the earlier decision it reverses, e.g. D1.")
    why: str = ""


_HEADER = re.compile(r"^\s*(?:#+\s*|\*\*)?revers(?:als?|es|ed|ing)?\b[^:\n]*:?\s*(.*)$", re.I)
_OTHER_HEADER = re.compile(
    r"^\s*(?:#+\s*|\*\*)?(summary|decisions?|action[ _-]?items?|justification|positions?|"
    r"adopted)\b",
    re.I,
)
_NUMBER = re.compile(r"decision\s*#?\s*(\d+)", re.I)
_LABEL = re.compile(r"\b(D\d+)\b")


def parse_reversal_text(text: str) -> list[ReversalDraft]:
    """The bullets of a `Reverses:` section of a prose synthesis."""
    drafts: list[ReversalDraft] = []
    inside = False
    for line in text.splitlines():
        head = _HEADER.match(line)
        if head and not _NUMBER.match(line.strip(" -*")):
            inside = True
            line = head.group(1)
        elif _OTHER_HEADER.match(line):
            inside = False
            continue
        if not inside:
            continue
        number, label = _NUMBER.search(line), _LABEL.search(line)
        if number and label:
            why = line[label.end() :].lstrip(" :-–—").strip()
            drafts.append(
                ReversalDraft(decision=int(number.group(1)), earlier=label.group(1), why=why)
            )
    return drafts


def without_reversals(text: str) -> str:
    """`text` without its `Reverses:` section, so its bullets are not read as decisions."""
    kept: list[str] = []
    inside = False
    for line in text.splitlines():
        if _HEADER.match(line) and not _NUMBER.match(line.strip(" -*")):
            inside = True
            continue
        if _OTHER_HEADER.match(line):
            inside = False
        if not inside:
            kept.append(line)
    return "\n".join(kept)


def _date(text: str) -> datetime:
    try:
        parsed = datetime.fromisoformat(text)
    except ValueError:
        return datetime(1970, 1, 1, tzinfo=UTC)
    return parsed if parsed.tzinfo else parsed.replace(tzinfo=UTC)


def resolve_reversals(
    drafts: Sequence[ReversalDraft | Any],
    decisions: Sequence[str],
    earlier: Sequence[EarlierDecision],
) -> tuple[Reversal, ...]:
    """The drafts that name one of `decisions` and an earlier decision that was shown."""
    shown = {e.label.upper(): e for e in earlier}
    found: dict[tuple[str, str], Reversal] = {}
    for draft in drafts:
        if not isinstance(draft, ReversalDraft):
            continue
        before = shown.get(draft.earlier.strip().upper())
        if before is None or not 1 <= draft.decision <= len(decisions):
            continue
        decision = decisions[draft.decision - 1]
        found.setdefault(
            (decision, before.label),
            Reversal(
                decision=decision,
                earlier_decision=before.text,
                earlier_date=_date(before.decided_at),
                earlier_thread_id=before.thread_id,
                earlier_meeting_id=before.meeting_id,
                earlier_title=before.title,
                reason=draft.why.strip(),
            ),
        )
    return tuple(found.values())
