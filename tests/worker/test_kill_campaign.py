"""The worker's kill campaign: SIGKILL the built-in worker right after each kind of tool call and
at random points, resume in a new process, and compare with an unkilled run.

Compared: each subtask's final status, the integration branch's tree, and the user's checkout
(HEAD, branch, refs, index, status and file bytes): 0 differences expected. Model calls may
repeat after a kill; the worktree may not carry the killed run's edits into the resumed one.
The kills after each tool kind run in the default suite; the long random campaign is marked
`campaign` (`pytest -m campaign tests/worker/test_kill_campaign.py`, run by `.ci/run`).
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tests.coordination.gitrepo import make_repo, no_git_identity, snapshot
from tests.processes import child_env
from tests.worker.kill_child import FILES, TOOL_KINDS

__all__ = ["no_git_identity"]

CHILD = Path(__file__).with_name("kill_child.py")
RANDOM_KILLS = int(os.environ.get("COUNCIL_CAMPAIGN_KILLS", "20"))
SEED = int(os.environ.get("COUNCIL_CAMPAIGN_SEED", "30"))


@dataclass(frozen=True)
class Outcome:
    """What a user would compare between two runs of the same case."""

    statuses: dict[str, str]
    tree: str
    checkout: dict[str, object]
    events: int
    tools: list[str]
    killed: bool


def _child(args: list[str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(CHILD), *args],
        capture_output=True,
        text=True,
        timeout=300,
        env=child_env({"LANGGRAPH_STRICT_MSGPACK": "true"}),
        check=False,
    )


def run_case(pg_db: str, root: Path, name: str, kill: str) -> Outcome:
    """One case in its own repository and thread: run (killed at `kill`), then resume in a
    new process if it was killed."""
    repo = make_repo(root / name, FILES)
    before = snapshot(repo)
    first = _child([pg_db, name, "run", str(repo), kill])
    killed = first.returncode == -signal.SIGKILL
    done = _child([pg_db, name, "resume", str(repo), "none"]) if killed else first
    assert done.returncode == 0, (kill, first.stderr[-3000:], done.stderr[-3000:])
    found: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    after = snapshot(repo)
    assert after == before, f"{kill}: the user's checkout changed"
    checkout = {k: v for k, v in after.items() if k not in ("head", "refs", "index")}  # per repo
    return Outcome(found["statuses"], found["tree"], checkout, found["events"], found["tools"],
                   killed)  # fmt: skip


def differences(base: Outcome, other: Outcome) -> list[str]:
    """What differs between an unkilled run and a killed-and-resumed one."""
    found = []
    if other.statuses != base.statuses:
        found.append(f"statuses {other.statuses} != {base.statuses}")
    if other.tree != base.tree:
        found.append(f"integration tree {other.tree} != {base.tree}")
    if other.checkout != base.checkout:
        found.append("the user's checkout")
    return found


@pytest.mark.postgres
@pytest.mark.slow
def test_a_worker_killed_right_after_its_edit_resumes_from_the_attempts_base(
    pg_db: str, tmp_path: Path
) -> None:
    """Killed right after `edit_file`, the resumed worker starts from the attempt's base
    commit: the edit is applied once, the check passes, the integration tree is the unkilled
    run's (before, the edit applied twice and the subtask failed its check)."""
    base = run_case(pg_db, tmp_path, "base", "none")
    assert base.statuses == {"a": "completed", "b": "completed"}, base
    assert set(base.tools) == set(TOOL_KINDS)
    case = run_case(pg_db, tmp_path, "after-edit", "tool:edit_file:1")
    assert case.killed
    assert differences(base, case) == []


@pytest.mark.postgres
@pytest.mark.campaign
def test_kill_campaign_over_the_worker(pg_db: str, tmp_path: Path) -> None:
    """Kills right after every call of each tool kind, then `RANDOM_KILLS` kills at random
    callback events of the run (model calls, tool calls, steps); each resumed in a new
    process and compared with the unkilled run: 0 differences."""
    base = run_case(pg_db, tmp_path, "base", "none")
    assert base.statuses == {"a": "completed", "b": "completed"}, base
    assert set(base.tools) == set(TOOL_KINDS)
    after_tools = [
        f"tool:{kind}:{n}" for kind in TOOL_KINDS for n in range(1, base.tools.count(kind) + 1)
    ]
    chosen = random.Random(SEED).sample(range(1, base.events + 1), k=min(RANDOM_KILLS, base.events))
    kills = after_tools + [f"event:{k}" for k in sorted(chosen)]
    problems: dict[str, list[str]] = {}
    landed = 0
    for number, kill in enumerate(kills):
        case = run_case(pg_db, tmp_path, f"kill-{number}", kill)
        landed += case.killed
        if found := differences(base, case):
            problems[kill] = found
    assert problems == {}, problems
    assert landed == len(kills)  # every kill point exists in the run, so every kill landed
