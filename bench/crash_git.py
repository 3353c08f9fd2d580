"""The pipeline's git repository after a crash case: every subtask merged exactly once into the
integration branch, no worktree left behind, the user's checkout untouched, and re-run subtasks
working in the worktree their killed run had made.
"""

from __future__ import annotations

import subprocess
from pathlib import Path
from typing import Any

from bench.crash_families import PLAN

__all__ = ["git_facts", "git_problems"]


def _git(repo: Path, *args: str) -> str:
    done = subprocess.run(
        ["git", "-C", str(repo), *args], capture_output=True, text=True, check=True
    )
    return done.stdout


def _added(repo: Path, branch: str, sid: str) -> int:
    """How many commits on `branch` add `<sid>.py`."""
    log = _git(repo, "log", "--format=%H", "--diff-filter=A", branch, "--", f"{sid}.py")
    return len(log.split())


def _reruns(events: list[dict[str, Any]]) -> dict[str, Any]:
    """Subtasks run again after the kill whose killed run had reached the executor (so their
    worktree existed), and whether they ran in that same worktree."""
    first = {
        e["file"]: e["path"] for e in events if e["event"] == "worktree" and e["mode"] == "run"
    }
    reran = [
        e for e in events if e["event"] == "worktree" and e["mode"] != "run" and e["file"] in first
    ]
    return {
        "reran": len(reran),
        "reused": sum(1 for e in reran if first[e["file"]] == e["path"]),
        "rerun_elsewhere": [e["file"] for e in reran if first[e["file"]] != e["path"]],
    }


def git_facts(repo: Path, final: dict[str, Any], events: list[dict[str, Any]]) -> dict[str, Any]:
    """What the repository shows after the run (everything JSON-able)."""
    branch = final.get("integration")
    facts: dict[str, Any] = {"integration": branch, **_reruns(events)}
    if branch is None:
        return facts
    subjects = _git(repo, "log", "--format=%s", branch).splitlines()
    ids = [s["id"] for s in PLAN]
    facts["merges"] = {
        sid: sum(x.startswith(f"Merge subtask {sid} into") for x in subjects) for sid in ids
    }
    facts["added"] = {sid: _added(repo, branch, sid) for sid in ids}
    facts["tree"] = {sid: _git(repo, "show", f"{branch}:{sid}.py") for sid in ids}
    facts["worktrees"] = _git(repo, "worktree", "list", "--porcelain").count("worktree ")
    facts["checkout"] = [
        _git(repo, "symbolic-ref", "HEAD").strip(),
        _git(repo, "log", "--format=%s", "main").splitlines(),
        _git(repo, "status", "--porcelain", "--untracked-files=all"),
    ]
    return facts


def git_problems(facts: dict[str, Any], base: dict[str, Any]) -> list[str]:
    """What is wrong with `facts` against the uninterrupted run's `base` (empty: all good)."""
    if facts.get("integration") is None:
        return ["no integration branch"]
    problems = [f"{sid} merged {n} times" for sid, n in facts["merges"].items() if n != 1]
    problems += [f"{sid}.py added {n} times" for sid, n in facts["added"].items() if n != 1]
    if facts["tree"] != base["tree"]:
        problems.append("integration tree differs from the uninterrupted run")
    if facts["worktrees"] != 1:
        problems.append(f"{facts['worktrees'] - 1} worktree(s) left behind")
    if facts["checkout"] != base["checkout"]:
        problems.append(f"user checkout changed: {facts['checkout']}")
    if facts["rerun_elsewhere"]:
        problems.append(f"re-run in a new worktree: {facts['rerun_elsewhere']}")
    return problems
