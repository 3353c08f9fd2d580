"""The pipeline's own model calls (planner, replacement rows, review agent) show their billed
tokens and any structured-output fallback in `CoordinationResult`, even when the reply is
unusable; `result.usage` adds them up to what the provider billed (issue 22)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from langchain_core.messages import AIMessage
from langchain_openai import ChatOpenAI

from langgraph_council.graphs import create_coordination_graph
from langgraph_council.nodes import CoordinationResult, Org, Roster, Task
from langgraph_council.nodes.testing import ScriptedChatModel
from tests.coordination import workspace_pipeline as wp
from tests.coordination.gitrepo import make_repo
from tests.coordination.test_pipeline_merges import APP, LIB, RENAME, RENAME_EDITS, _pipeline
from tests.coordination.test_recovery import REPLACEMENT, Flaky, _replan_graph
from tests.openai_server import loopback_openai, schema_name

from .conftest import arun, run

TASK = Task(id="billing", title="Ship billing", owner_id="cto")


def _billed(text: str, tokens_in: int, tokens_out: int) -> AIMessage:
    usage = {"input_tokens": tokens_in, "output_tokens": tokens_out}
    return AIMessage(content=text, usage_metadata={**usage, "total_tokens": tokens_in + tokens_out})


def _chat(base_url: str) -> ChatOpenAI:
    return ChatOpenAI(model="gpt-4o-mini", base_url=base_url, api_key="test", max_retries=0)


def _planned(org: Org) -> Any:
    model = ScriptedChatModel({"cto": [_billed("I would rather not split this.", 321, 12)]})
    roster = Roster(org, default_model=model)
    return create_coordination_graph(org, roster, executor=lambda run: "done")


def _no_plan_billed(result: CoordinationResult) -> None:
    decompose = result.phase("decompose")
    assert result.plan is None and decompose is not None and not decompose.success
    assert (decompose.input_tokens, decompose.output_tokens) == (321, 12)
    assert result.usage == (321, 12)


def test_a_planner_without_a_plan_still_reports_its_tokens(org: Org) -> None:
    _no_plan_billed(run(_planned(org), TASK))


async def test_a_planner_without_a_plan_reports_its_tokens_under_ainvoke(org: Org) -> None:
    _no_plan_billed(await arun(_planned(org), TASK))


def test_a_refused_schema_and_an_unusable_plan_show_usage_and_fallback(org: Org) -> None:
    """The server refuses `json_schema` (500), the text fallback answers prose: the decompose
    phase carries what the server billed, and the run's warnings say the schema was refused."""
    with loopback_openai(lambda body: "Split it however you like.", mode="refuses") as server:
        roster = Roster(org, default_model=_chat(server.base_url))
        graph = create_coordination_graph(org, roster, executor=lambda run: "done")
        result = run(graph, TASK)
    decompose = result.phase("decompose")
    assert decompose is not None and "no parsable plan" in (decompose.error or "")
    assert server.tokens() != (0, 0)
    assert (decompose.input_tokens, decompose.output_tokens) == server.tokens()
    assert result.usage == server.tokens()
    assert any("the plan by cto" in w and "refused" in w for w in result.warnings), result.warnings


VERDICT = {"decision": "drop", "reasoning": "app.py still calls compute"}


def _reviewer(body: dict[str, Any]) -> str:
    assert schema_name(body) == "MergeVerdict", body
    return f"The rename breaks a caller.\n```json\n{json.dumps(VERDICT)}\n```"


def test_a_review_agents_verdict_shows_its_tokens_and_fallback(org: Org, tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "repo", {"lib.py": LIB, "app.py": APP})
    with loopback_openai(_reviewer, mode="refuses") as server:
        roster = Roster(org, default_model=_chat(server.base_url))
        graph, _ = _pipeline(
            org, repo, RENAME, RENAME_EDITS, roster=roster,
            workspace={"conflict_escalation": "review_agent"},
        )  # fmt: skip
        result = run(graph, wp.TASK)
    merge = result.merge("rename")
    assert "drop by agent:cto" in merge.message
    assert len(server.requests) == 2  # json_schema refused, then the text fallback
    assert (merge.input_tokens, merge.output_tokens) == server.tokens() != (0, 0)
    assert result.usage == server.tokens()
    flagged = [w for w in result.warnings if "the verdict on subtask rename by cto" in w]
    assert flagged and "refused" in flagged[0], result.warnings


def test_a_review_agent_without_a_verdict_still_bills_its_call(org: Org, tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "repo", {"lib.py": LIB, "app.py": APP})
    model = ScriptedChatModel({"cto": [_billed("Looks fine to me.", 400, 6)]})
    graph, _ = _pipeline(
        org, repo, RENAME, RENAME_EDITS, roster=Roster(org, default_model=model),
        workspace={"conflict_escalation": "review_agent"},
    )  # fmt: skip
    result = run(graph, wp.TASK)
    merge = result.merge("rename")
    assert "gave no keep/drop verdict" in merge.message
    assert (merge.input_tokens, merge.output_tokens) == (400, 6)
    assert result.usage == (400, 6)


@pytest.mark.parametrize("usable", [True, False], ids=["replaced", "blocked"])
def test_a_replacement_row_bills_the_planner_call(org: Org, usable: bool) -> None:
    row = REPLACEMENT if usable else {**REPLACEMENT, "dependencies": ["c"]}
    flaky = Flaky(lambda r: r.subtask.title == "Do b")
    result = run(_replan_graph(org, _billed(json.dumps(row), 250, 40), flaky))
    (replan,) = [a for a in result.outcome("b").attempts if a.status in ("replanned", "blocked")]
    assert (replan.step, replan.status) == ("replan", "replanned" if usable else "blocked")
    assert (replan.input_tokens, replan.output_tokens) == (250, 40)
    assert result.usage == (250, 40)
