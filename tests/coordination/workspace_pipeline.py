"""Helpers for the pipeline-over-git tests: executors that write real files, and the graph
factory `council escalations decide --graph tests/coordination/workspace_pipeline.py:make_graph`
resumes in a second OS process.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from langgraph_council.checkpoints import CouncilStores
from langgraph_council.graphs import (
    ManualDecomposer,
    WorkspaceConfig,
    create_coordination_graph,
)
from langgraph_council.nodes import Org, Task
from langgraph_council.nodes._pipeline.models import SubtaskRun
from tests.coordination.gitrepo import commit_all, write

ORG_YAML = Path(__file__).resolve().parents[1] / "data" / "org.yaml"
REPO_ENV = "COUNCIL_TEST_REPO"
TASK = Task(id="billing", title="Ship billing", owner_id="cto")

Edit = str | Callable[[Path], None]
"""New file text, or a function that edits the worktree."""


class Writer:
    """An executor that writes each subtask's files in its worktree and commits them.

    `edits[subtask][path]` is the new text (or a function of the worktree). It records what
    each subtask saw in its worktree when it started (`seen`), its worktree (`paths`) and the
    order of calls. `delay[subtask]` seconds of sleep orders completion; `fail` names subtasks
    that raise after writing (their work is left uncommitted); `commit=False` leaves all work
    uncommitted (council commits it before merging).
    """

    def __init__(
        self,
        edits: Mapping[str, Mapping[str, Edit]],
        *,
        delay: Mapping[str, float] | None = None,
        fail: tuple[str, ...] = (),
        commit: bool = True,
    ) -> None:
        self.edits, self.delay, self.fail, self.commit = edits, delay or {}, fail, commit
        self.calls: list[str] = []
        self.seen: dict[str, set[str]] = {}
        self.paths: dict[str, Path] = {}
        self._lock = threading.Lock()

    def __call__(self, run: SubtaskRun) -> str:
        sid = run.subtask.id
        assert run.workspace_path is not None, f"{sid} got no worktree"
        root = Path(run.workspace_path)
        with self._lock:
            self.calls.append(sid)
            self.paths[sid] = root
            self.seen[sid] = {
                p.relative_to(root).as_posix()
                for p in root.rglob("*")
                if p.is_file() and ".git" not in p.relative_to(root).parts
            }
        time.sleep(self.delay.get(sid, 0.0))
        for rel, edit in self.edits.get(sid, {}).items():
            if callable(edit):
                edit(root)
            else:
                write(root, rel, edit)
        if sid in self.fail:
            raise RuntimeError(f"{sid} broke halfway")
        if self.commit and self.edits.get(sid):
            commit_all(root, f"{sid}: edit {', '.join(sorted(self.edits[sid]))}")
        return f"{sid} done by {run.agent.id}"


SHARED = "greeting = 'hello'\nfarewell = 'bye'\n"
SAME_LINE = [
    {"id": "left", "title": "Greet left", "required_skills": ["python"]},
    {"id": "right", "title": "Greet right", "required_skills": ["python"]},
    {"id": "after", "title": "Build on both", "required_skills": ["python"],
     "dependencies": ["left", "right"]},
]  # fmt: skip
SAME_LINE_EDITS: dict[str, dict[str, Edit]] = {
    "left": {"shared.py": SHARED.replace("'hello'", "'hello from left'")},
    "right": {"shared.py": SHARED.replace("'hello'", "'hello from right'")},
    "after": {"after.py": "import shared\n\nprint(shared.greeting)\n"},
}
SAME_LINE_DELAY = {"right": 0.3}  # left finishes (and merges) first: right conflicts


def make_graph(*, checkpointer: Any, escalations: Any, **kw: Any) -> Any:
    """The two-subtasks-one-line pipeline over the repository named by `COUNCIL_TEST_REPO`."""
    return create_coordination_graph(
        Org.load(ORG_YAML),
        executor=Writer(SAME_LINE_EDITS, delay=SAME_LINE_DELAY),
        decomposer=ManualDecomposer(SAME_LINE),
        workspace=WorkspaceConfig(repo_path=Path(os.environ[REPO_ENV])),
        stores=CouncilStores(escalations=escalations),
        checkpointer=checkpointer,
        **kw,
    )
