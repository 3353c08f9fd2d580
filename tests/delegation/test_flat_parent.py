"""Delegation and the pipeline in one flat parent state: own keys, and any clash named."""

from __future__ import annotations

from typing import Any

import pytest
from langgraph.graph import END, START, StateGraph

from langgraph_council.graphs import (
    ManualDecomposer,
    create_coordination_graph,
    create_delegation_graph,
)
from langgraph_council.nodes import (
    CoordinationKeys,
    CouncilError,
    DelegationKeys,
    Org,
    Roster,
    Task,
)
from langgraph_council.nodes._pipeline.models import SubtaskRun
from langgraph_council.nodes.testing import ScriptedChatModel
from tests.delegation.scripts import HandOffReply

TASK = Task(id="t1", title="Ship the billing API", owner_id="cto")
PLAN = [{"id": "api", "title": "Write the API", "required_skills": ["python"]}]


class AppState(DelegationKeys, CoordinationKeys):
    """A user's app holding both families' keys side by side."""


def _work(run: SubtaskRun) -> str:
    return f"{run.subtask.id} done"


def _app(org: Org, hand: HandOffReply, state: type[Any] = AppState) -> Any:
    model = ScriptedChatModel(
        {"cto": [hand("backend_lead", "design it"), "CTO: approved"], "backend_lead": ["designed"]}
    )
    delegation = create_delegation_graph(org, Roster(org, default_model=model))
    pipeline = create_coordination_graph(org, executor=_work, decomposer=ManualDecomposer(PLAN))
    parent = StateGraph(state)
    parent.add_node("delegate", delegation)
    parent.add_node("build", pipeline)
    parent.add_edge(START, "delegate")
    parent.add_edge("delegate", "build")
    parent.add_edge("build", END)
    return parent.compile()


def test_delegation_and_the_pipeline_run_in_one_flat_state(org: Org, hand: HandOffReply) -> None:
    out = _app(org, hand).invoke(
        {
            "delegation_task": "Decide the API shape",
            "delegation_entry_agent": "cto",
            "task": TASK,
        }
    )
    delegated, built = out["delegation_result"], out["result"]
    assert (delegated.answer, delegated.answered_by) == ("CTO: approved", "cto")
    assert built.task_id == "t1" and built.rollup == "completed"
    assert out["task"] == TASK  # the pipeline's task is untouched by the delegation
    assert [d.delegatee for d in out["delegations"]] == ["backend_lead"]
    closing = [m for m in out["messages"] if m.name == "council"]
    assert [m.response_metadata["family"] for m in closing] == ["delegation", "pipeline"]


def test_the_old_keys_still_work_when_called_directly(org: Org, hand: HandOffReply) -> None:
    model = ScriptedChatModel({"cto": ["CTO: yes"]})
    graph = create_delegation_graph(org, Roster(org, default_model=model))
    out = graph.invoke({"task": "Decide", "entry_agent": "cto"})
    assert out["result"].answer == "CTO: yes" and "delegation_result" not in out


class Clashing(CoordinationKeys):
    """A parent that hands the delegation the pipeline's `task`."""

    entry_agent: str


def test_a_remaining_clash_names_the_key_and_both_families(org: Org, hand: HandOffReply) -> None:
    with pytest.raises(CouncilError) as caught:
        _app(org, hand, Clashing).invoke({"task": TASK, "entry_agent": "cto"})
    message = str(caught.value)
    assert isinstance(caught.value, TypeError) and "\n" not in message
    assert message.startswith("task: the delegation graph reads 'task' but found a Task")
    assert "the pipeline's 'task'" in message and "delegation_task" in message
    assert "DelegationKeys" in message


class SharedTask(CoordinationKeys):
    """A parent that gives both families the delegation's text `task`."""

    entry_agent: str


def test_the_pipeline_names_the_clash_when_task_holds_text(org: Org, hand: HandOffReply) -> None:
    with pytest.raises(CouncilError) as caught:
        _app(org, hand, SharedTask).invoke({"task": "Decide the API shape", "entry_agent": "cto"})
    message = str(caught.value)
    assert message.startswith("task: the pipeline graph reads 'task' but found a str")
    assert "the delegation's 'task'" in message and "DelegationKeys" in message
