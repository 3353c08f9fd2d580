"""Child process for the crash tests: runs or resumes a 5-subtask wave on Postgres.

Usage: crash_child.py URI THREAD run|resume|retry|retry-resume CALLS [REPO [TOPOLOGY]]
Every executor call appends the subtask id to CALLS. In "run" mode s4 and s5 block once s1-s3
have finished and their writes are in Postgres, print {"ready": true} and wait to be killed.
With REPO, the run has a git workspace: each subtask writes `<id>.py` in its worktree before
anything else, and its CALLS line also says whether that file was already there (`reused`;
a resumed attempt starts from its base commit, so the killed run's file is gone: `new`) and
the worktree's path.
"retry" runs r1 -> r2 instead: r1's first attempt raises, its retry prints {"ready": true} and
waits to be killed; "retry-resume" resumes it. CALLS lines are "<id> <attempt>".
"""

from __future__ import annotations

import json
import os
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

import psycopg

from langgraph_council.checkpoints import postgres_checkpointer
from langgraph_council.graphs import ManualDecomposer, WorkspaceConfig, create_coordination_graph
from langgraph_council.nodes import Org, Task
from langgraph_council.nodes._pipeline.models import SubtaskRun

ORG = Path(__file__).resolve().parents[1] / "data" / "org.yaml"
PLAN = [{"id": f"s{i}", "title": f"Part {i}", "required_skills": ["python"]} for i in range(1, 6)]
RETRY_PLAN = [
    {"id": "r1", "title": "Flaky part", "required_skills": ["python"]},
    {"id": "r2", "title": "After it", "required_skills": ["python"], "dependencies": ["r1"]},
]


def _note(calls_file: Path, line: str) -> None:
    with calls_file.open("a") as f:
        f.write(line + "\n")
        f.flush()
        os.fsync(f.fileno())


def retry_executor(mode: str, calls_file: Path) -> Callable[[SubtaskRun], str]:
    """r1 fails once; in "retry" mode its retry is where the parent kills the process."""

    def executor(run: SubtaskRun) -> str:
        _note(calls_file, f"{run.subtask.id} {run.attempt}")
        if run.workspace_path is not None:
            Path(run.workspace_path, f"{run.subtask.id}.py").write_text(f"TRY = {run.attempt}\n")
        if run.subtask.id == "r1" and run.attempt == 1:
            raise RuntimeError("first try broke")
        if mode == "retry" and run.subtask.id == "r1":
            sys.stdout.write(json.dumps({"ready": True}) + "\n")
            sys.stdout.flush()
            time.sleep(60)  # the parent SIGKILLs us here, mid-retry
        return f"{run.subtask.id} done by {run.agent.id} on attempt {run.attempt}"

    return executor


def main() -> None:
    uri, thread, mode, calls = sys.argv[1:5]
    repo = sys.argv[5] if len(sys.argv) > 5 else None
    topology = sys.argv[6] if len(sys.argv) > 6 else None
    calls_file = Path(calls)
    said = threading.Lock()

    def finished_writes() -> int:
        with psycopg.connect(uri) as conn:
            row = conn.execute(
                "SELECT count(*) FROM checkpoint_writes"
                " WHERE thread_id = %s AND channel = 'outcomes'"
                " AND task_path LIKE '~__pregel_push%%'",  # executor tasks (Send), not planning
                (thread,),
            ).fetchone()
        return int(row[0]) if row else 0

    def executor(run: SubtaskRun) -> str:
        line = run.subtask.id
        if run.workspace_path is not None:
            work = Path(run.workspace_path) / f"{run.subtask.id}.py"
            line += f" {'reused' if work.exists() else 'new'} {run.workspace_path}"
            work.write_text(f"PART = {run.subtask.id!r}\n")
        with calls_file.open("a") as f:
            f.write(line + "\n")
            f.flush()
            os.fsync(f.fileno())
        if mode == "run" and run.subtask.id in ("s4", "s5"):
            deadline = time.monotonic() + 30
            while time.monotonic() < deadline:
                if finished_writes() >= 3 and len(calls_file.read_text().splitlines()) >= 5:
                    with said:  # s4 and s5 both get here: one whole line each
                        sys.stdout.write(json.dumps({"ready": True}) + "\n")
                        sys.stdout.flush()
                    break
                time.sleep(0.05)
            time.sleep(60)  # the parent SIGKILLs us here
        return f"{run.subtask.id} done by {run.agent.id}"

    retrying = mode.startswith("retry")
    config = {"configurable": {"thread_id": thread}}
    with postgres_checkpointer(uri) as saver:
        graph = create_coordination_graph(
            Org.load(ORG),
            executor=retry_executor(mode, calls_file) if retrying else executor,
            decomposer=ManualDecomposer(RETRY_PLAN if retrying else PLAN),
            checkpointer=saver,
            workspace=None if repo is None else WorkspaceConfig(repo_path=Path(repo)),
        )
        resuming = mode in ("resume", "retry-resume")
        start = Task(id="crash", title="Five parts", topology=topology)  # type: ignore[arg-type]
        task = None if resuming else {"task": start}
        result = graph.invoke(task, config)["result"]
    merges = {m.subtask_id: m.status for m in result.merges}
    branch = result.integration.branch if result.integration else None
    summary = {"statuses": result.statuses, "rollup": result.rollup, "merges": merges}
    summary["shared"] = list(result.topology.shared_worktree) if result.topology else []
    summary["attempts"] = {
        r.subtask_id: [[a.number, a.status] for a in r.attempts] for w in result.waves
        for r in w.outcomes
    }  # fmt: skip
    print(json.dumps({**summary, "integration": branch}), flush=True)


if __name__ == "__main__":
    main()
