"""Workspace config and names: defaults, JSON round trip, and ids that could escape or inject."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import ValidationError

from langgraph_council.nodes import CouncilError
from langgraph_council.nodes._workspace.models import (
    MergeResult,
    SemanticIssue,
    WorkspaceConfig,
    validate_branch_name,
    validate_id,
)
from langgraph_council.nodes._workspace.worktrees import RunWorkspace
from tests.coordination.gitrepo import branches, config, make_repo, no_git_identity

__all__ = ["no_git_identity"]

BAD_IDS = [
    "",
    "..",
    "../escape",
    "a..b",
    "-rf",
    "--upload-pack=touch /tmp/x",
    "a/b",
    "/abs",
    "a\\b",
    "has space",
    "tab\there",
    "new\nline",
    "nul\x00",
    "bell\x07",
    "x.lock",
    "trailing.",
    ".hidden",
    "ref@{1}",
    "star*",
    "x" * 101,
]


def test_defaults_are_the_documented_ones() -> None:
    cfg = WorkspaceConfig(repo_path=Path("/src/app"))
    assert (cfg.base_branch, cfg.max_concurrent_worktrees, cfg.merge_order) == (
        "main",
        8,
        "completion",
    )
    assert (cfg.conflict_escalation, cfg.semantic_analysis, cfg.cleanup_on_merge) == (
        "human",
        True,
        True,
    )
    assert cfg.merge_into_base is False


def test_config_survives_a_json_round_trip_and_is_frozen() -> None:
    cfg = WorkspaceConfig(
        repo_path=Path("/src/app"), base_branch="release/2.0", merge_order="priority",
        conflict_escalation="review_agent", merge_into_base=True, worktree_root=Path("/w"),
    )  # fmt: skip
    assert WorkspaceConfig.model_validate_json(cfg.model_dump_json()) == cfg
    with pytest.raises(ValidationError):
        cfg.base_branch = "other"  # type: ignore[misc]


def test_results_survive_a_json_round_trip() -> None:
    issue = SemanticIssue(kind="import_conflict", file="a.py", line=3, name="f", message="m")
    result = MergeResult(
        subtask_id="a", branch="council/r/task/a", status="semantic_conflict",
        files=("a.py",), semantic_issues=(issue,),
    )  # fmt: skip
    assert MergeResult.model_validate_json(result.model_dump_json()) == result
    assert result.needs_decision


@pytest.mark.parametrize(
    ("field", "value"),
    [("merge_order", "random"), ("conflict_escalation", "nobody"), ("max_concurrent_worktrees", 0)],
)
def test_bad_config_values_name_the_field(field: str, value: object) -> None:
    with pytest.raises(ValidationError, match=field):
        WorkspaceConfig.model_validate({"repo_path": "/x", field: value})


@pytest.mark.parametrize("name", ["-main", "a..b", "a b", "a:b", "a//b", "/a", "a/", "x.lock", "@"])
def test_base_branch_is_checked_against_git_ref_rules(name: str) -> None:
    with pytest.raises(ValueError, match="base_branch") as caught:  # one CouncilError line
        WorkspaceConfig(repo_path=Path("/x"), base_branch=name)
    assert isinstance(caught.value, CouncilError) and len(str(caught.value).splitlines()) == 1


def test_good_names_pass() -> None:
    assert validate_id("T1.2_api-tests", "subtask_id") == "T1.2_api-tests"
    assert validate_id("x" * 100, "subtask_id") == "x" * 100  # pipeline-core's id bound
    assert validate_branch_name("feature/x-1", "base_branch") == "feature/x-1"


@pytest.mark.parametrize("value", BAD_IDS)
def test_unsafe_ids_are_rejected_naming_the_field(value: str) -> None:
    with pytest.raises(ValueError, match="subtask_id"):
        validate_id(value, "subtask_id")


@pytest.mark.parametrize("value", ["../../outside", "-b", "a/b", "x\ny", ".."])
def test_workspace_refuses_unsafe_ids_before_touching_git(tmp_path: Path, value: str) -> None:
    repo = make_repo(tmp_path / "repo")
    with pytest.raises(ValueError, match="run_id"):
        RunWorkspace.open(config(repo), value)
    workspace = RunWorkspace.open(config(repo), "run-1")
    before = branches(repo)
    with pytest.raises(ValueError, match="subtask_id"):
        workspace.create_worktree(value)
    assert branches(repo) == before
    assert not (tmp_path / "outside").exists()
    assert sorted(p.name for p in workspace.run_dir.iterdir() if p.name != ".lock") == [
        "integration"
    ]


def test_open_names_a_bad_repo_path_or_base_branch(tmp_path: Path) -> None:
    (tmp_path / "plain").mkdir()
    with pytest.raises(ValueError, match="repo_path"):
        RunWorkspace.open(config(tmp_path / "plain"), "run-1")
    with pytest.raises(ValueError, match="repo_path"):
        RunWorkspace.open(config(tmp_path / "missing"), "run-1")
    repo = make_repo(tmp_path / "repo")
    with pytest.raises(ValueError, match="base_branch"):
        RunWorkspace.open(config(repo, base_branch="develop"), "run-1")
