"""A delegation and the pipeline (planner agent, review agent) with a real small model through
`ChatOpenAI`: each run ends with a status and its reason, the usage the package reports equals
the server's, and a human decides any escalation the model's hand-offs open."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from langchain_openai import ChatOpenAI
from langgraph.checkpoint.memory import InMemorySaver

from langgraph_council.checkpoints import CouncilStores, InMemoryEscalationQueue, council_serde
from langgraph_council.graphs import (
    CoordinationConfig,
    WorkspaceConfig,
    create_coordination_graph,
    create_delegation_graph,
)
from langgraph_council.nodes import Org, Roster, SubtaskRun, Task
from tests.coordination.gitrepo import commit_all, make_repo, write
from tests.coordination.gitrepo import snapshot as checkout
from tests.coordination.workspace_pipeline import SAME_LINE, SHARED
from tests.realmodel.checks import caps_sent_and_held, flagged, settle
from tests.realmodel.llama import RealModel

pytestmark = pytest.mark.realmodel

TASK = Task(
    id="billing",
    title="Add an invoices endpoint to the billing service, with its tests",
    owner_id="backend_lead",
)


def _thread(name: str) -> dict[str, Any]:
    return {"configurable": {"thread_id": name}}


def test_a_delegation_ends_answered(llama: RealModel, chat: ChatOpenAI, org: Org) -> None:
    queue = InMemoryEscalationQueue()
    graph = create_delegation_graph(
        org, Roster(org, default_model=chat),
        checkpointer=InMemorySaver(serde=council_serde()), stores=CouncilStores(escalations=queue),
    )  # fmt: skip

    def human(payload: dict[str, Any]) -> dict[str, Any]:
        assert payload["kind"] == "delegation" and payload["escalation_id"], payload
        return {"answer": "Use PostgreSQL", "decided_by": "human:realmodel-suite"}

    start = {"task": "Pick the database for the billing service", "entry_agent": "cto"}
    with llama.tally() as tally:
        out, asked = settle(graph, start, _thread("delegation"), human)
    result = out["result"]
    assert result.status == "answered" or result.warnings, result
    assert result.answer and result.answered_by, result
    if asked:
        assert queue.pending() == []
    assert result.tokens_used == tally.total()
    caps_sent_and_held(tally)
    flagged(result.warnings, tally)


def _one_file(run: SubtaskRun) -> str:
    """Every subtask writes its own module and sets the same line of `shared.py`."""
    root = Path(str(run.workspace_path))
    sid = run.subtask.id
    write(root, f"{sid}.py", f"# {run.subtask.title}\n")
    write(root, "shared.py", SHARED.replace("'hello'", f"'hello from {sid}'"))
    commit_all(root, f"{sid}: done")
    return f"{sid} done by {run.agent.id}"


def _pipeline(org: Org, chat: ChatOpenAI, repo: Path) -> Any:
    return create_coordination_graph(
        org,
        Roster(org, default_model=chat),
        executor=_one_file,
        config=CoordinationConfig(
            planner_max_tokens=240, max_retries=0, reassign=False, unroutable="closest"
        ),
        workspace=WorkspaceConfig(
            repo_path=repo, conflict_escalation="review_agent", review_max_tokens=96
        ),
        checkpointer=InMemorySaver(serde=council_serde()),
    )


def test_the_planner_agent_plans_or_the_run_says_why(
    llama: RealModel, chat: ChatOpenAI, org: Org, tmp_path: Path
) -> None:
    repo = make_repo(tmp_path / "repo", {"shared.py": SHARED})
    before = checkout(repo)
    with llama.tally() as tally:
        out, _ = settle(_pipeline(org, chat, repo), {"task": TASK}, _thread("plan"), _never)
    result = out["result"]
    assert result.rollup, result
    if result.rollup != "completed":  # a failed phase says why
        assert any(p.error for p in result.phases if not p.success) or result.warnings, result
    caps_sent_and_held(tally)
    flagged(result.warnings, tally)
    assert checkout(repo) == before  # the user's checkout is never touched
    assert {e.agent_id for e in tally.exchanges} == {"backend_lead"}  # the owner plans
    (decompose,) = [p for p in result.phases if p.phase == "decompose"]
    billed = (decompose.input_tokens, decompose.output_tokens)
    if result.plan is None:  # no plan read: the decompose phase says why, and what it cost
        assert not decompose.success and "backend_lead" in (decompose.error or ""), decompose
        assert billed == tally.tokens()
    else:  # the plan ran: a held merge may have asked the review agent too
        plan = result.plan
        assert (plan.planner_input_tokens, plan.planner_output_tokens) == billed != (0, 0)
    assert result.usage == tally.tokens()


def test_a_review_agent_decides_a_held_merge(
    llama: RealModel, chat: ChatOpenAI, org: Org, tmp_path: Path
) -> None:
    """Two subtasks set the same line: the second merge is held and the review agent (the
    task's owner) decides keep or drop; a reply without a verdict drops, saying so."""
    repo = make_repo(tmp_path / "repo", {"shared.py": SHARED})
    plan = [dict(row) for row in SAME_LINE[:2]]
    with llama.tally() as tally:
        out, _ = settle(
            _pipeline(org, chat, repo), {"task": TASK, "subtasks": plan}, _thread("review"), _never
        )
    result = out["result"]
    decided = [m for m in result.merges if "agent:" in m.message or "system:" in m.message]
    assert len(decided) == 1, [(m.subtask_id, m.status, m.message) for m in result.merges]
    assert decided[0].status in ("merged", "dropped")
    assert (
        "agent:backend_lead" in decided[0].message or "no keep/drop verdict" in decided[0].message
    )
    assert {e.agent_id for e in tally.exchanges} == {"backend_lead"}  # the owner reviews
    caps_sent_and_held(tally)
    flagged(result.warnings, tally)  # a refused json_schema shows in the run's warnings
    assert (decided[0].input_tokens, decided[0].output_tokens) == tally.tokens()
    assert result.usage == tally.tokens()


def _never(payload: dict[str, Any]) -> Any:
    raise AssertionError(f"the pipeline asked a human with a review agent configured: {payload}")
