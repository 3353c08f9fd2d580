"""The `scripted` agents of `council run FILE.yaml`: canned replies that say they are placeholders.

A file's agents with `model: scripted` (or no model at all) answer with text about the file's
own topic, marked as a placeholder, never the demo's REST-or-GraphQL lines; structured calls
(a verdict, a meeting's synthesis, a position) get a valid instance saying the same.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from pydantic import BaseModel

from langgraph_council.nodes._meetings.synthesis import PositionDraft, SynthesisOutput
from langgraph_council.nodes._records.conflicts import Verdict
from langgraph_council.nodes.testing import ScriptCall, last_human_text

__all__ = ["placeholder_reply"]


def _placeholder_structured(
    call: ScriptCall, schema: type[BaseModel], topic: str, agents: tuple[str, ...]
) -> Any:
    parties = [a for a in re.findall(r"[\w.-]+", last_human_text(call)) if a in agents]
    parties = list(dict.fromkeys(p for p in parties if p != call.agent_id)) or [str(call.agent_id)]
    if schema is Verdict:
        why = f"Scripted placeholder: no weighing of {topic!r} happened; set a real model."
        return Verdict(winning_agent_id=parties[0], confidence=0.5, reasoning=why)
    if schema is SynthesisOutput:
        return SynthesisOutput(
            summary=f"Placeholder minutes on {topic!r}: scripted agents, no real deliberation.",
            decisions=[f"Discuss {topic!r} again with real models"],
            positions=[
                PositionDraft(agent_id=a, claim=_claim(a, topic), confidence=0.5) for a in parties
            ],
        )
    data: dict[str, Any] = {}
    for name in schema.model_fields:
        if name in {"statement", "reasoning", "summary", "content"}:
            data[name] = _claim(str(call.agent_id), topic)
        elif name == "confidence":
            data[name] = 0.5
    return schema.model_validate(data)


def _claim(agent: str, topic: str) -> str:
    return f"{agent}: a scripted placeholder view on {topic!r}"


def placeholder_reply(topic: str, agents: tuple[str, ...]) -> Callable[[ScriptCall], Any]:
    """The `scripted` agents of a file: canned replies about `topic` that say they are
    placeholders (a file's agenda is not the demo's REST-or-GraphQL question)."""

    def reply(call: ScriptCall) -> Any:
        if call.tools:  # answer a task directly: a placeholder does not hand work around
            return f"{_claim(str(call.agent_id), topic)}; a real model would do the work."
        if isinstance(call.schema, type) and issubclass(call.schema, BaseModel):
            return _placeholder_structured(call, call.schema, topic, agents)
        text = last_human_text(call)
        if "genuinely conflict" in text:
            return "NONE"
        if "Premortem" in text or "devil's advocate" in text or "rebut or concede" in text:
            return f"{_claim(str(call.agent_id), topic)} (no real argument)."
        return (
            f"Position: {_claim(str(call.agent_id), topic)}\nConfidence: 0.5\n"
            "Evidence:\n- none: scripted placeholder\n"
        )

    return reply
