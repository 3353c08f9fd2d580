"""Held merges in the pipeline: a textual or semantic conflict waits for a human (through the
escalation queue, decided from a second OS process) or a review agent, then the run goes on."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.types import Command

from langgraph_council.checkpoints import (
    CouncilStores,
    EscalationQueue,
    InMemoryEscalationQueue,
    postgres_checkpointer,
)
from langgraph_council.graphs import ManualDecomposer, WorkspaceConfig, create_coordination_graph
from langgraph_council.nodes import Org, Roster
from langgraph_council.nodes.testing import ScriptedChatModel
from tests.cli_runner import council
from tests.coordination import workspace_pipeline as wp
from tests.coordination.gitrepo import branches, commit_all, git, make_repo, no_git_identity
from tests.coordination.gitrepo import snapshot as checkout

__all__ = ["no_git_identity"]

LIB = "def compute(x):\n    return x * 2\n"
APP = "import lib\n\nprint(lib.compute(2))\n"
RENAME = [
    {"id": "rename", "title": "Rename compute", "required_skills": ["python"]},
    {"id": "docs", "title": "Document it", "required_skills": ["python"],
     "dependencies": ["rename"]},
]  # fmt: skip
RENAME_EDITS: dict[str, dict[str, wp.Edit]] = {
    "rename": {"lib.py": LIB.replace("compute", "calculate")},  # app.py still calls compute
    "docs": {"DOCS.md": "lib.calculate doubles\n"},
}
BY = {"reasoning": "checked the diff", "decided_by": "human:dana"}


def _thread(name: str) -> Any:
    return {"configurable": {"thread_id": name}}


def _pipeline(org: Org, repo: Path, plan, edits, **kw: Any) -> tuple[Any, wp.Writer]:
    writer = wp.Writer(edits, delay=kw.pop("delay", None))
    roster = kw.pop("roster", None)
    graph = create_coordination_graph(
        org,
        roster,
        executor=writer,
        decomposer=ManualDecomposer(plan),
        workspace=WorkspaceConfig(repo_path=repo, **kw.pop("workspace", {})),
        checkpointer=kw.pop("checkpointer", InMemorySaver()),
        **kw,
    )
    return graph, writer


@pytest.fixture
def rename_repo(tmp_path: Path) -> Path:
    return make_repo(tmp_path / "repo", {"lib.py": LIB, "app.py": APP})


def test_a_semantic_conflict_is_caught_before_the_merge_is_kept(org, rename_repo) -> None:
    queue = InMemoryEscalationQueue()
    graph, writer = _pipeline(
        org, rename_repo, RENAME, RENAME_EDITS, stores=CouncilStores(escalations=queue)
    )
    asked = graph.invoke({"task": wp.TASK}, _thread("sem"))["__interrupt__"][0].value
    assert asked["status"] == "semantic_conflict" and asked["subtask"] == "rename"
    assert set(asked["files"]) == {"app.py", "lib.py"}
    assert any("compute" in issue and "app.py" in issue for issue in asked["issues"])
    assert Path(asked["worktree"]).is_dir()  # where a resolution commit can be made
    assert "issues found stay" in asked["choices"]["keep"]  # what keep means, said up front
    (row,) = queue.pending(kind="merge")
    assert row.id == asked["escalation_id"] and row.details["files"] == asked["files"]
    integration = graph.get_state(_thread("sem")).values["workspace_id"]
    head = f"council/{integration}/integration"
    assert git(rename_repo, "show", f"{head}:lib.py") == LIB  # not merged, not committed
    out = queue.decide(row.id, {"decision": "drop", **BY}, graph)["result"]
    rename = out.outcome("rename")
    assert (rename.status, rename.failure_category) == ("failed", "quality_gate")
    assert "drop by human:dana" in (rename.error or "")
    assert out.statuses["docs"] == "blocked" and writer.calls == ["rename"]
    assert out.merge("rename").status == "dropped"
    assert git(rename_repo, "show", f"{out.merge('rename').branch}:lib.py").count("calculate")


def test_a_cancelled_escalation_drops_the_merge(org, rename_repo) -> None:
    queue = InMemoryEscalationQueue()
    graph, _ = _pipeline(
        org, rename_repo, RENAME, RENAME_EDITS, stores=CouncilStores(escalations=queue)
    )
    graph.invoke({"task": wp.TASK}, _thread("cancel"))
    (row,) = queue.pending(kind="merge")
    queue.cancel(row.id, graph)
    out = graph.get_state(_thread("cancel")).values["result"]
    assert out.statuses == {"rename": "failed", "docs": "blocked"}
    assert "drop by system:" in out.merge("rename").message


def test_a_resolution_commit_is_merged_when_kept(org, rename_repo) -> None:
    queue = InMemoryEscalationQueue()
    graph, writer = _pipeline(
        org, rename_repo, RENAME, RENAME_EDITS, stores=CouncilStores(escalations=queue)
    )
    asked = graph.invoke({"task": wp.TASK}, _thread("fix"))["__interrupt__"][0].value
    tree = Path(asked["worktree"])
    (tree / "app.py").write_text(APP.replace("compute", "calculate"))
    sha = commit_all(tree, "fix the caller")
    wrong = queue.decide(asked["escalation_id"], {"decision": "keep",
                         "resolution_commit": "abcdef1", **BY}, graph)  # fmt: skip
    again = wrong["__interrupt__"][0].value  # not on the branch: asked again, nothing merged
    assert "is not on" in again["message"] and again["escalation_id"] != asked["escalation_id"]
    decision = {"decision": "keep", "resolution_commit": sha, **BY}
    out = queue.decide(again["escalation_id"], decision, graph)["result"]
    assert out.rollup == "completed" and writer.calls == ["rename", "docs"]
    merged = out.merge("rename")
    assert merged.status == "merged" and merged.semantic_issues == ()
    docs = out.merge("docs").branch  # docs' worktree started from the kept rename and fix
    assert "calculate" in git(rename_repo, "show", f"{docs}:lib.py")
    assert git(rename_repo, "show", f"{out.integration.branch}:app.py").count("calculate") == 1


def test_keep_without_a_commit_takes_the_subtasks_side(org, tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "repo", {"shared.py": wp.SHARED})
    graph, _ = _pipeline(org, repo, wp.SAME_LINE, wp.SAME_LINE_EDITS, delay=wp.SAME_LINE_DELAY)
    asked = graph.invoke({"task": wp.TASK}, _thread("keep"))["__interrupt__"][0].value
    held = (asked["subtask"], asked["status"], asked["files"])
    assert held == ("right", "conflict", ["shared.py"])
    out = graph.invoke(Command(resume={"decision": "keep", **BY}), _thread("keep"))["result"]
    assert out.rollup == "completed"
    shared = git(repo, "show", f"{out.integration.branch}:shared.py")
    assert "hello from right" in shared and "from left" not in shared


async def test_the_human_path_under_ainvoke(org, tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "repo", {"shared.py": wp.SHARED})
    queue = InMemoryEscalationQueue()
    graph, _ = _pipeline(
        org,
        repo,
        wp.SAME_LINE,
        wp.SAME_LINE_EDITS,
        delay=wp.SAME_LINE_DELAY,
        stores=CouncilStores(escalations=queue),
    )
    first = await graph.ainvoke({"task": wp.TASK}, _thread("async"))
    assert first["__interrupt__"][0].value["files"] == ["shared.py"]
    (row,) = queue.pending(kind="merge")
    out = (await queue.adecide(row.id, {"decision": "drop", **BY}, graph))["result"]
    assert out.statuses == {"left": "completed", "right": "failed", "after": "blocked"}


def _reviewer(*answers: str) -> tuple[Roster, ScriptedChatModel]:
    model = ScriptedChatModel({"cto": list(answers)})
    return Roster(Org.load(wp.ORG_YAML), default_model=model), model


def test_a_review_agent_decides_in_prose_with_fenced_json(org, rename_repo) -> None:
    verdict = 'The rename breaks app.py.\n```json\n{"decision": "drop", "reasoning": "caller"}\n```'
    roster, model = _reviewer(verdict)
    graph, _ = _pipeline(
        org, rename_repo, RENAME, RENAME_EDITS, roster=roster,
        workspace={"conflict_escalation": "review_agent"},
    )  # fmt: skip
    out = graph.invoke({"task": wp.TASK}, _thread("review"))["result"]
    assert out.outcome("rename").failure_category == "quality_gate"
    assert "drop by agent:cto: caller" in out.merge("rename").message
    (call,) = model.calls
    assert "<task-data" in call.prompt and "removed_reference in app.py" in call.prompt


def test_a_review_agent_without_a_verdict_drops(org, rename_repo) -> None:
    graph, _ = _pipeline(
        org, rename_repo, RENAME, RENAME_EDITS, roster=_reviewer("Looks fine to me.")[0],
        workspace={"conflict_escalation": "review_agent"},
    )  # fmt: skip
    out = graph.invoke({"task": wp.TASK}, _thread("mute"))["result"]
    assert "gave no keep/drop verdict" in out.merge("rename").message
    assert out.statuses == {"rename": "failed", "docs": "blocked"}


def test_manual_order_waits_for_a_go_ahead_per_merge(org, tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "repo")
    plan = [{"id": i, "title": i, "required_skills": ["python"]} for i in ("one", "two")]
    edits = {i: {f"{i}.py": "X = 1\n"} for i in ("one", "two")}
    graph, _ = _pipeline(org, repo, plan, edits, workspace={"merge_order": "manual"})
    asked = graph.invoke({"task": wp.TASK}, _thread("manual"))["__interrupt__"][0].value
    assert (asked["subtask"], asked["status"], asked["files"]) == (
        "one", "pending_approval", ["one.py"]
    )  # fmt: skip
    second = graph.invoke(Command(resume={"decision": "keep", **BY}), _thread("manual"))
    assert second["__interrupt__"][0].value["subtask"] == "two"
    out = graph.invoke(Command(resume={"decision": "drop", **BY}), _thread("manual"))["result"]
    assert [(m.subtask_id, m.status) for m in out.merges] == [("one", "merged"), ("two", "dropped")]


@pytest.mark.postgres
@pytest.mark.slow
def test_a_conflict_is_decided_from_a_second_os_process(pg_db: str, tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "repo", {"shared.py": wp.SHARED})
    before = checkout(repo)
    os.environ[wp.REPO_ENV] = str(repo)
    try:
        with (
            postgres_checkpointer(pg_db) as saver,
            EscalationQueue.from_conn_string(pg_db) as queue,
        ):
            graph = wp.make_graph(checkpointer=saver, escalations=queue)
            paused = graph.invoke({"task": wp.TASK}, _thread("two-processes"))
            asked = paused["__interrupt__"][0].value
            assert (asked["subtask"], asked["files"]) == ("right", ["shared.py"])
            # a textual conflict: keep takes the subtask's side of each line, and says so
            assert "the subtask's side wins" in asked["choices"]["keep"]
            assert "resolution_commit" in asked["choices"]["keep"]
            (row,) = queue.pending(kind="merge")
            assert "shared.py" in row.subject and row.details["files"] == ["shared.py"]
            decided = council(
                "escalations", "decide", row.id, "--drop", "--by", "dana", "--db", pg_db,
                "--json", "--graph", "tests/coordination/workspace_pipeline.py:make_graph",
            )  # fmt: skip
            assert decided.returncode == 0, decided.stdout + decided.stderr
            assert json.loads(decided.stdout)["pending"] == []
            assert "Blocked deserialization" not in decided.stderr
            result = graph.get_state(_thread("two-processes")).values["result"]
    finally:
        del os.environ[wp.REPO_ENV]
    assert result.statuses == {"left": "completed", "right": "failed", "after": "blocked"}
    assert result.outcome("right").error.startswith("merge drop")
    right = result.merge("right")
    assert right.status == "dropped" and "drop by human:dana" in right.message
    assert right.branch in branches(repo)  # the unmerged work is still there
    assert "hello from right" in git(repo, "show", f"{right.branch}:shared.py")
    assert "hello from left" in git(repo, "show", f"{result.integration.branch}:shared.py")
    assert checkout(repo) == before
