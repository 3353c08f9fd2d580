"""Time limits in conflicts: a party agent that hangs is a failed statement and the debate
goes on to its judge; a judge that hangs falls back to authority; each within its limit."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from langchain_core.messages import AIMessage
from langgraph.graph import START, MessagesState, StateGraph

from langgraph_council.graphs import ConflictResolutionConfig, create_conflict_graph
from langgraph_council.nodes import ConflictOutcome, ConflictResolution, Org, Roster
from langgraph_council.nodes.testing import ScriptedChatModel

PARTIES = ("junior_dev", "senior_dev")
DEBATE = ConflictResolutionConfig(strategy="debate", agent_timeout_seconds=1)
VERDICT = {"winning_agent_id": "senior_dev", "confidence": 0.8, "reasoning": "it was argued"}
MARGIN_S = 60.0


@pytest.fixture
def gate() -> Iterator[threading.Event]:
    """What the hanging agent waits on; opened at teardown so its thread ends."""
    event = threading.Event()
    yield event
    event.set()


def hanging_agent(gate: threading.Event) -> Any:
    def think(state: MessagesState) -> dict[str, Any]:
        gate.wait()
        return {"messages": [AIMessage("too late")]}

    graph = StateGraph(MessagesState)
    graph.add_node("think", think)
    graph.add_edge(START, "think")
    return graph.compile()


def finish(run: Callable[[], dict[str, Any]]) -> ConflictResolution:
    box: list[Any] = []
    worker = threading.Thread(target=lambda: box.append(run()), daemon=True)
    worker.start()
    worker.join(MARGIN_S)
    assert box, f"the conflict was still running after {MARGIN_S:g} s"
    resolution: ConflictResolution = box[0]["resolution"]
    return resolution


def test_a_hanging_party_is_a_failed_statement(kit: Any, org: Org, gate: threading.Event) -> None:
    model = ScriptedChatModel(
        {"senior_dev": ["queue: measured 3x throughput"], "backend_lead": [VERDICT]}
    )
    roster = Roster(org, {"junior_dev": hanging_agent(gate)}, default_model=model)
    graph = create_conflict_graph(org, roster, config=DEBATE)
    resolution = finish(lambda: graph.invoke({"conflict": kit.conflict(*PARTIES)}))
    assert resolution.outcome is ConflictOutcome.RESOLVED_BY_DEBATE
    assert resolution.winning_agent_id == "senior_dev"
    assert "Failed parties: junior_dev (argument: CallTimeoutError" in resolution.reasoning
    judge = next(c for c in model.calls if c.agent_id == "backend_lead")
    assert "the call to junior_dev failed" in judge.prompt


def test_a_hanging_judge_falls_back_to_authority(kit: Any, org: Org, gate: threading.Event) -> None:
    model = ScriptedChatModel({"junior_dev": ["cron", "cron still"], "senior_dev": ["q", "q2"]})
    roster = Roster(org, {"backend_lead": hanging_agent(gate)}, default_model=model)
    graph = create_conflict_graph(org, roster, config=DEBATE)
    resolution = finish(lambda: graph.invoke({"conflict": kit.conflict(*PARTIES)}))
    assert resolution.outcome is ConflictOutcome.RESOLVED_BY_AUTHORITY
    assert resolution.winning_agent_id == "senior_dev"
    assert "did not finish within its time limit of 1 s" in resolution.reasoning
