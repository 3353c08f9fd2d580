"""The nodes-side half of the reconciliation note: who sees it, and how a prompt carries it."""

from __future__ import annotations

from typing import Any

from langchain_core.messages import HumanMessage, SystemMessage
from langchain_core.runnables import RunnableConfig
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.graph import END, START, StateGraph
from typing_extensions import TypedDict

from langgraph_council.checkpoints import resume_thread
from langgraph_council.checkpoints._resume_attempts import InMemoryResumeAttemptStore
from langgraph_council.graphs._demo.data import demo_org
from langgraph_council.nodes._calls.node import Call, CallOutcome, model_node
from langgraph_council.nodes._calls.replies import estimate_tokens
from langgraph_council.nodes._calls.resume_note import (
    RESUME_NOTE_KEY,
    resume_note_for,
    resume_note_payload,
    with_resume_note,
)
from langgraph_council.nodes._calls.roster import Roster
from langgraph_council.nodes.testing import ScriptCall, ScriptedChatModel


class Turns(TypedDict, total=False):
    said: list[str]
    estimates: list[int | None]


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


def test_the_call_node_puts_the_note_in_the_resumed_agents_next_prompt_and_prices_it() -> None:
    prompts: list[str] = []

    def reply(call: ScriptCall) -> str:
        prompts.append(call.prompt)
        return "ok"

    roster = Roster(demo_org(), default_model=ScriptedChatModel(reply))

    def speaker(name: str) -> Any:
        def plan(state: Turns) -> Call:
            return Call("cto", f"Speak at {name}.", prompt_tokens=10)

        def apply(state: Turns, outcome: CallOutcome) -> dict[str, Any]:
            said = [*state.get("said", []), name]
            return {"said": said, "estimates": [*state.get("estimates", []), outcome.prompt_tokens]}

        return model_node(name, roster, plan, apply)

    builder = StateGraph(Turns)
    builder.add_node("first", speaker("first"))
    builder.add_node("second", speaker("second"))
    builder.add_node("third", speaker("third"))
    builder.add_edge(START, "first")
    builder.add_edge("first", "second")
    builder.add_edge("second", "third")
    builder.add_edge("third", END)
    graph = builder.compile(checkpointer=InMemorySaver())
    graph.invoke({}, {"configurable": {"thread_id": "t"}}, interrupt_before=["second"])  # a stop

    out = resume_thread(graph, "t", attempts_store=InMemoryResumeAttemptStore())
    note = "Resumed at second (attempt 1 of 2) after a stop that left no error"
    assert [p.split("\n\n")[0].startswith(note) for p in prompts] == [False, True, False]
    assert prompts[1].endswith("Speak at second.") and prompts[2] == "Speak at third."
    noted = prompts[1].split("\n\n")[0]
    assert out["estimates"] == [10, 10 + estimate_tokens(noted), 10]
