"""A conflict as a conversation: arguments, rebuttals and the resolution as named AI messages."""

from __future__ import annotations

from typing import Any

from langchain_core.messages import AIMessage
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.types import Command

from langgraph_council.checkpoints import CouncilStores, InMemoryEscalationQueue
from langgraph_council.checkpoints._runner.commands import escalation_resume_command
from langgraph_council.graphs import ConflictResolutionConfig, create_conflict_graph
from langgraph_council.nodes import ConflictResolution, Org, Roster
from langgraph_council.nodes._conflicts.prose import ruling_prose
from langgraph_council.nodes.testing import ScriptedChatModel

PARTIES = ("junior_dev", "senior_dev")


def verdict(winner: str, confidence: float) -> dict[str, Any]:
    return {"winning_agent_id": winner, "confidence": confidence, "reasoning": "benchmarks win"}


def _named(messages: list[Any]) -> list[tuple[str | None, str]]:
    assert all(isinstance(m, AIMessage) for m in messages)
    return [(m.name, m.content) for m in messages]


def _graph(org: Org, script: dict[str, list[Any]], strategy: str, **kw: Any) -> Any:
    """A checkpointed conflict graph whose parties and judge follow `script`."""
    roster = Roster(org, default_model=ScriptedChatModel(script))
    config = ConflictResolutionConfig(strategy=strategy)
    return create_conflict_graph(org, roster, config=config, checkpointer=InMemorySaver(), **kw)


def test_a_debate_reads_as_arguments_rebuttals_then_the_verdict(kit: Any, org: Org) -> None:
    script: dict[str, list[Any]] = {a: [f"{a} argues", f"{a} rebuts"] for a in PARTIES}
    script["backend_lead"] = [verdict("junior_dev", 0.9)]
    graph = _graph(org, script, "debate")
    cfg = kit.thread("debate")
    out = graph.invoke({"conflict": kit.conflict(*PARTIES)}, cfg)
    messages = graph.get_state(cfg).values["messages"]
    assert _named(messages[:4]) == [
        ("junior_dev", "junior_dev argues"),
        ("senior_dev", "senior_dev argues"),
        ("junior_dev", "junior_dev rebuts"),
        ("senior_dev", "senior_dev rebuts"),
    ]
    (last,) = messages[4:]
    assert last.name == "council"  # the run's closing message; who decided is in it
    assert "junior_dev's position stands" in last.content and "benchmarks win" in last.content
    assert "Decided by: backend_lead" in last.content
    assert last.response_metadata["decided_by"] == "backend_lead"
    assert [m.response_metadata["kind"] for m in messages] == [
        "argument",
        "argument",
        "rebuttal",
        "rebuttal",
        "outcome",
    ]
    assert out["messages"] == messages


def test_a_human_decision_after_interrupts_is_one_message_and_nothing_repeats(
    kit: Any, org: Org
) -> None:
    script: dict[str, list[Any]] = {a: [f"{a} argues"] for a in PARTIES}
    script["backend_lead"] = [verdict("junior_dev", 0.3)]  # too unsure: a human decides
    graph = _graph(
        org, script, "hybrid", stores=CouncilStores(escalations=InMemoryEscalationQueue())
    )
    cfg = kit.thread("human")
    first = graph.invoke({"conflict": kit.conflict(*PARTIES)}, cfg)
    escalation_id = first["__interrupt__"][0].value["escalation_id"]
    argued = [("junior_dev", "junior_dev argues"), ("senior_dev", "senior_dev argues")]
    assert _named(graph.get_state(cfg).values["messages"]) == argued
    again = graph.invoke(Command(resume={"decision": "winner", "decided_by": "ann"}), cfg)
    assert again["__interrupt__"]  # malformed: asked again, the node re-ran
    assert _named(graph.get_state(cfg).values["messages"]) == argued
    done = graph.invoke(
        escalation_resume_command(graph, "human", {escalation_id: kit.decide_junior}), cfg
    )
    messages = graph.get_state(cfg).values["messages"]
    assert _named(messages[:2]) == argued
    (decided,) = messages[2:]
    assert decided.name == "council" and kit.decide_junior["reasoning"] in decided.content
    assert decided.response_metadata["decided_by"] == "human:ann"
    assert "junior_dev's position stands (by a human)" in decided.content
    assert "Decided by: human:ann." in decided.content
    assert done["resolution"].winning_agent_id == "junior_dev"
    assert len({m.id for m in messages}) == 3


def test_an_escalation_and_a_rejection_read_as_prose(kit: Any) -> None:
    conflict = kit.conflict(*PARTIES)
    common = {"conflict_id": conflict.id, "reasoning": "nobody answered in time"}
    waiting = ConflictResolution(outcome="escalated_to_human", decided_by="timeout", **common)
    text = ruling_prose(waiting, conflict)
    assert text.startswith(f"Ruling on {conflict.subject}: escalated to a human; no winner yet.")
    assert "Why: nobody answered in time" in text
    rejected = ConflictResolution(outcome="rejected_by_human", decided_by="human:ann", **common)
    assert "rejected; no position stands." in ruling_prose(rejected, conflict)
