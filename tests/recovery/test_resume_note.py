"""The nodes-side half of the reconciliation note: who sees it, and how a prompt carries it."""

from __future__ import annotations

from typing import Any

from langchain_core.messages import HumanMessage, SystemMessage
from langchain_core.runnables import RunnableConfig

from langgraph_council.nodes.resume_note import (
    RESUME_NOTE_KEY,
    resume_note_for,
    resume_note_payload,
    with_resume_note,
)

NOTE = "Resumed at work (attempt 1 of 2) after TimeoutError: read timed out."


def _config(step: int, node: str, payload: Any) -> RunnableConfig:
    return {
        "configurable": {"thread_id": "t", RESUME_NOTE_KEY: payload},
        "metadata": {"langgraph_step": step, "langgraph_node": node},
    }


def test_only_the_resuming_nodes_in_the_resuming_step_see_the_note() -> None:
    payload = resume_note_payload(NOTE, step=3, nodes=["work", "review"])
    assert resume_note_for(_config(3, "work", payload)) == NOTE
    assert resume_note_for(_config(3, "review", payload)) == NOTE
    assert resume_note_for(_config(4, "work", payload)) is None  # a later step
    assert resume_note_for(_config(3, "finish", payload)) is None  # another node
    assert resume_note_for(_config(3, "work", {"step": 3})) is None  # malformed
    assert resume_note_for({}) is None
    assert resume_note_for() is None  # outside a run


def test_a_text_prompt_gets_the_note_as_its_first_paragraph() -> None:
    assert with_resume_note("Give your view.", NOTE) == f"{NOTE}\n\nGive your view."
    assert with_resume_note("Give your view.", None) == "Give your view."


def test_a_message_prompt_gets_the_note_after_its_system_messages() -> None:
    system, ask = SystemMessage("You are Sam."), HumanMessage("Give your view.")
    noted = with_resume_note([system, ask], NOTE)
    assert isinstance(noted, list)
    assert noted[0] is system and noted[2] is ask
    assert isinstance(noted[1], HumanMessage) and noted[1].content == NOTE
    assert with_resume_note([ask], NOTE)[0].content == NOTE  # type: ignore[index]
