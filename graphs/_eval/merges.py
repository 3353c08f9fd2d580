"""Merge checks on real git repositories: a breaking merge must be held, a harmless one kept.

Each scenario commits its `base` files to a fresh repository in a temporary folder, opens a
pipeline workspace on it, gives each branch its own subtask worktree (all branched from the
base before any merge, as a wave's subtasks are), writes the branch's files and merges the
branches in order through the pipeline's merge engine (`merge_subtask`, semantic checks on).
"""

from __future__ import annotations

import subprocess
import tempfile
from pathlib import Path

from langgraph_council.graphs._eval.play import Players, TokenCounter
from langgraph_council.graphs._eval.results import Verdict
from langgraph_council.graphs._eval.scenarios import Scenario
from langgraph_council.nodes._workspace.merge_engine import merge_subtask
from langgraph_council.nodes._workspace.models import MergeResult, WorkspaceConfig
from langgraph_council.nodes._workspace.worktrees import RunWorkspace

__all__ = ["score_merge"]

_IDENTITY = ("-c", "user.name=council eval", "-c", "user.email=eval@localhost")


def _git(cwd: Path, *args: str) -> None:
    subprocess.run(["git", "-C", str(cwd), *_IDENTITY, *args], check=True, capture_output=True)


def _write(root: Path, files: dict[str, str]) -> None:
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)


def merged(scenario: Scenario, root: Path) -> list[MergeResult]:
    """Build the scenario's repository under `root` and merge its branches in order."""
    repo = root / "repo"
    repo.mkdir()
    _git(repo, "init", "-q", "-b", "main")
    _write(repo, scenario.base)
    _git(repo, "add", "-A")
    _git(repo, "commit", "-q", "-m", f"base of {scenario.id}")
    workspace = RunWorkspace.open(WorkspaceConfig(repo_path=repo), "eval")
    names = [f"branch{i}" for i in range(len(scenario.branches))]
    for name, files in zip(names, scenario.branches, strict=True):
        _write(workspace.create_worktree(name).path, files)
    return [merge_subtask(workspace, name) for name in names]


def score_merge(scenario: Scenario, players: Players, counter: TokenCounter) -> list[Verdict]:
    """Run and score one merge scenario (no model is called: the checks are the framework)."""
    with tempfile.TemporaryDirectory(prefix="council-eval-") as tmp:
        results = merged(scenario, Path(tmp))
    held = [r for r in results if r.needs_decision]
    kinds = sorted({i.kind for r in held for i in r.semantic_issues})
    expect = scenario.expect
    got = "held" if held else "merged"
    said = f"{got} ({', '.join(kinds)})" if kinds else got
    if got != expect["merge"]:
        return [Verdict(scenario.id, False, f"{said}; expected {expect['merge']}")]
    kind = expect.get("kind")
    if kind and kind not in kinds:
        return [Verdict(scenario.id, False, f"{said}; expected an issue of kind {kind}")]
    return [Verdict(scenario.id, True, said)]
