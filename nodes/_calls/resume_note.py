"""How a resumed run tells the agents that resume where and why: a note in the run config.

`checkpoints._runner.policy` puts the note under `configurable[RESUME_NOTE_KEY]` when it resumes
a thread; the call node reads it with `resume_note_for` and prepends it with `with_resume_note`.
Only the nodes that resume, in the super-step that resumes, see it: later steps and other nodes
run as usual. The config travels through LangGraph Server too (`configurable` is part of a run).
Nodes inside a resuming subgraph do not see it (their step numbers are the subgraph's own).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from langchain_core.messages import BaseMessage, HumanMessage, SystemMessage
from langchain_core.runnables import RunnableConfig

from langgraph_council.nodes._calls.roster import Prompt

__all__ = ["RESUME_NOTE_KEY", "resume_note_for", "resume_note_payload", "with_resume_note"]

RESUME_NOTE_KEY = "council_resume_note"


def resume_note_payload(text: str, *, step: int, nodes: Sequence[str]) -> dict[str, Any]:
    """The `configurable[RESUME_NOTE_KEY]` value for a run resuming `nodes` at super-step `step`."""
    return {"text": text, "step": step, "nodes": list(nodes)}


def _current_config() -> RunnableConfig | None:
    from langgraph.config import get_config

    try:
        return get_config()
    except RuntimeError:  # called outside a runnable context
        return None


def resume_note_for(config: RunnableConfig | None = None) -> str | None:
    """The note for a model call made now by the running node, or None.

    `config` defaults to the running node's config (`langgraph.config.get_config()`).
    """
    config = config if config is not None else _current_config()
    if not config:
        return None
    payload = (config.get("configurable") or {}).get(RESUME_NOTE_KEY)
    if not isinstance(payload, Mapping) or not isinstance(payload.get("text"), str):
        return None
    metadata = config.get("metadata") or {}
    if metadata.get("langgraph_step") != payload.get("step"):
        return None
    if metadata.get("langgraph_node") not in (payload.get("nodes") or ()):
        return None
    return payload["text"] or None


def with_resume_note(prompt: Prompt, note: str | None) -> Prompt:
    """`prompt` with `note` in front: a first paragraph of a text prompt, or a human message
    before the first non-system message of a message prompt. No note: `prompt` unchanged.

    Example:
        >>> with_resume_note("Give your view.", "Resumed at speak after TimeoutError.")
        'Resumed at speak after TimeoutError.\\n\\nGive your view.'
    """
    if not note:
        return prompt
    if isinstance(prompt, str):
        return f"{note}\n\n{prompt}"
    messages: list[BaseMessage] = list(prompt)
    at = next((i for i, m in enumerate(messages) if not isinstance(m, SystemMessage)), 0)
    return [*messages[:at], HumanMessage(content=note), *messages[at:]]
