"""The one escalation path: decision models per kind, and a graph of a new kind built on it."""

from __future__ import annotations

from typing import Any, NotRequired

import pytest
from langchain_core.runnables import RunnableConfig
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.graph import END, START, StateGraph
from langgraph.types import Command
from pydantic import ValidationError
from typing_extensions import TypedDict

from langgraph_council.checkpoints import InMemoryEscalationQueue
from langgraph_council.nodes._escalation.flow import (
    await_decision,
    open_escalation,
    opened,
    require_thread_id,
)
from langgraph_council.nodes._escalation.models import (
    DelegationDecision,
    Escalation,
    EscalationError,
    MergeDecision,
    parse_decision,
)

BY = {"reasoning": "r", "decided_by": "human:a"}


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ({"decision": "keep", "reasoning": "r", "decided_by": "ann"}, "human:<who>"),
        ({"decision": "drop", "resolution_commit": "abc1234", **BY}, "takes no resolution_commit"),
        ({"decision": "keep", "resolution_commit": "HEAD~1", **BY}, "hex commit sha"),
        ({"decision": "merge it", **BY}, "decision"),
        ("keep", "must be a mapping"),
    ],
)
def test_malformed_merge_decisions_are_explained(value: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parse_decision(value, "merge")


def test_each_kind_parses_its_own_decision() -> None:
    keep = parse_decision(
        {"decision": "keep", "resolution_commit": "0a1b2c3d", "reasoning": "resolved by hand",
         "decided_by": "human:ann"}, "merge",
    )  # fmt: skip
    assert isinstance(keep, MergeDecision) and keep.resolution_commit == "0a1b2c3d"
    assert parse_decision("use Postgres", "delegation").decided_by == "human:unknown"
    with pytest.raises(ValueError, match="'ceo' is not a party"):
        parse_decision({"decision": "winner", "winning_agent_id": "ceo", **BY}, "conflict", ("a",))


def test_a_conflict_is_required_for_conflicts_and_only_for_them() -> None:
    with pytest.raises(ValidationError, match="conflict is required for kind 'conflict'"):
        Escalation(id="e", thread_id="t", subject="s")
    with pytest.raises(ValidationError, match="takes a merge decision"):
        Escalation(
            id="e",
            thread_id="t",
            kind="merge",
            subject="s",
            decision=DelegationDecision(answer="x", decided_by="human:a"),
        )


class MergeState(TypedDict):
    """A pipeline-like merge step: the subtask, then the human's keep or drop."""

    subtask: str
    kept: NotRequired[bool]
    escalation_id: NotRequired[str | None]
    escalation_expires_at: NotRequired[str | None]
    escalation_attempts: NotRequired[int]
    escalation_error: NotRequired[str | None]
    escalation_decision: NotRequired[MergeDecision | None]


def _merge_graph(queue: InMemoryEscalationQueue) -> Any:
    def open_merge(state: MergeState, config: RunnableConfig) -> dict[str, Any]:
        draft = Escalation(
            id="draft",
            thread_id=require_thread_id(config),
            kind="merge",
            subject=f"Merge conflict in subtask {state['subtask']}",
            options=("keep", "drop"),
            details={"subtask": state["subtask"], "files": ["app.py"]},
        )
        return opened(open_escalation(queue.store, draft, key=f"merge\x1f{state['subtask']}"))

    def await_merge(state: MergeState) -> Command[Any]:
        awaited = await_decision(queue.store, state, {"subtask": state["subtask"]}, kind="merge")
        if awaited.decision is None:
            return Command(goto="await_merge", update=awaited.update)
        kept = awaited.decision.decision == "keep"
        return Command(goto=END, update={**awaited.update, "kept": kept})

    builder = StateGraph(MergeState)
    builder.add_node("open_merge", open_merge)
    builder.add_node("await_merge", await_merge, destinations=("await_merge", END))
    builder.add_edge(START, "open_merge")
    builder.add_edge("open_merge", "await_merge")
    return builder.compile(checkpointer=InMemorySaver())


def test_a_merge_escalation_is_opened_listed_and_decided_through_the_queue() -> None:
    queue = InMemoryEscalationQueue()
    graph = _merge_graph(queue)
    cfg: Any = {"configurable": {"thread_id": "pipeline-1"}}
    asked = graph.invoke({"subtask": "s1"}, cfg)["__interrupt__"][0].value
    (row,) = queue.pending(kind="merge")
    assert (asked["escalation_id"], asked["kind"], asked["options"]) == (
        row.id,
        "merge",
        ["keep", "drop"],
    )
    again = graph.invoke(Command(resume={"decision": "keep", "decided_by": "human:a"}), cfg)
    assert "reasoning" in again["__interrupt__"][0].value["error"]  # re-asked, nothing stored
    decision = {"decision": "drop", "reasoning": "redo it", "decided_by": "human:ann"}
    out = queue.decide(row.id, decision, graph)
    assert out["kept"] is False and queue.get(row.id).decision == MergeDecision(**decision)
    with pytest.raises(EscalationError, match="already decided"):
        queue.decide(row.id, {**decision, "decision": "keep"}, graph)
    assert queue.decide(row.id, decision, graph)["kept"] is False  # the same answer: the result
