"""The pipeline's closing message is prose: status, counts, where the work is, merges held."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from langgraph.types import Command

from langgraph_council.nodes import Org
from tests.coordination import workspace_pipeline as wp
from tests.coordination.gitrepo import make_repo, no_git_identity
from tests.coordination.test_pipeline_merges import (
    APP,
    BY,
    LIB,
    RENAME,
    RENAME_EDITS,
    _pipeline,
    _reviewer,
    _thread,
)

__all__ = ["no_git_identity"]


def _closing(out: dict[str, Any]) -> str:
    last = out["messages"][-1]
    assert (last.name, last.response_metadata["kind"]) == ("council", "outcome")
    assert not last.content.lstrip().startswith("{")
    return str(last.content)


def test_the_rollup_says_where_the_work_is_and_what_was_merged(org: Org, tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "repo")
    plan = [{"id": i, "title": i, "required_skills": ["python"]} for i in ("one", "two")]
    edits = {i: {f"{i}.py": "X = 1\n"} for i in ("one", "two")}
    graph, _ = _pipeline(org, repo, plan, edits, workspace={"merge_order": "manual"})
    graph.invoke({"task": wp.TASK}, _thread("manual"))
    graph.invoke(Command(resume={"decision": "keep", **BY}), _thread("manual"))
    out = graph.invoke(Command(resume={"decision": "drop", **BY}), _thread("manual"))
    result, text = out["result"], _closing(out)
    assert text.startswith(f"Task {result.task_id}: {result.parent_status}. 2 subtasks:")
    integration = result.integration
    assert f"The work is on branch {integration.branch} at {integration.head_sha[:12]}" in text
    assert "Merges held back: two (dropped)." in text and "Merged: one." in text


def test_the_rollup_names_the_merges_held_back(org: Org, tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "repo", {"lib.py": LIB, "app.py": APP})
    graph, _ = _pipeline(
        org, repo, RENAME, RENAME_EDITS, roster=_reviewer("Looks fine to me.")[0],
        workspace={"conflict_escalation": "review_agent"},
    )  # fmt: skip
    out = graph.invoke({"task": wp.TASK}, _thread("held"))
    result, text = out["result"], _closing(out)
    assert result.merge("rename").status == "dropped"  # the review gave no verdict
    assert "Merges held back: rename (dropped)." in text
    assert "2 subtasks: 0 done, 1 failed, 1 skipped or not run." in text
    assert "Subtasks:\n- rename [failed]" in text
