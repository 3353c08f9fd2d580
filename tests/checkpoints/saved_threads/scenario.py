"""The four threads saved by commit 6516df4: their org, inputs, configs, scripts and graphs.

`make_fixture.py` runs them on 6516df4 and saves them; `test_saved_threads.py` resumes them
with the code of the day. Both build the graphs here, through the public factories only, as a
user's own code would, so a later change that breaks a saved thread fails the test instead of
a user's resume. What these functions build is part of the fixture's meaning: they must keep
building the same graphs (and must still run on 6516df4), so change them only as far as a
renamed public name forces.
"""

from __future__ import annotations

import os
import subprocess
import threading
from collections.abc import Callable, Mapping, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from langgraph.types import Checkpointer

from langgraph_council.checkpoints import CouncilStores
from langgraph_council.graphs import (
    ConflictResolutionConfig,
    ManualDecomposer,
    WorkspaceConfig,
    create_conflict_graph,
    create_coordination_graph,
    create_delegation_graph,
    create_meeting_graph,
)
from langgraph_council.nodes import Conflict, ConflictPosition, Org, Roster, Task
from langgraph_council.nodes.testing import ScriptCall, ScriptedChatModel

HERE = Path(__file__).resolve().parent
ORG_YAML = HERE / "org.yaml"
DUMP = HERE / "dump.sql"
REPO_ARCHIVE = HERE / "repo.tar.gz"
MANIFEST = HERE / "manifest.json"
COMMIT = "6516df4"

SAVED_ROOT = Path("/tmp/council-saved-6516df4")
"""Where the pipeline's repository lives, at generation and at resume: git worktree links and
the checkpoint hold absolute paths, so the archive is extracted to the same place."""
REPO = SAVED_ROOT / "repo"
REPO_LOCK = Path("/tmp/council-saved-6516df4.lock")
"""A file lock held while the repository under `SAVED_ROOT` is made or used."""

GIT_IDENTITY = ("-c", "user.name=fixture", "-c", "user.email=fixture@localhost")
GIT_DATES = {
    "GIT_AUTHOR_DATE": "2026-11-26T09:00:00+00:00",
    "GIT_COMMITTER_DATE": "2026-11-26T09:00:00+00:00",
}

# -- a: a round-robin meeting paused at a step boundary after three of its six turns -------

MEETING_THREAD = "saved-meeting"
MEETING_INPUT: dict[str, Any] = {
    "agenda": {"title": "Pick the primary database", "context": "New billing service"},
    "leader_id": "cto",
    "participant_ids": ["senior_dev", "junior_dev", "ui_dev"],
    "token_budget": 20_000,
    "meeting_id": "saved-meeting-1",
}
MEETING_CONFIG: dict[str, Any] = {"round_robin": {"max_turns_per_agent": 2}}
MEETING_BEFORE_PAUSE: dict[str, list[str]] = {
    "senior_dev": ["I propose Postgres: we already run it."],
    "junior_dev": ["Postgres works for me; I know its JSON columns."],
    "ui_dev": ["Fine by me if the API stays the same."],
}
MEETING_AFTER_PAUSE: dict[str, list[str]] = {
    "senior_dev": ["Then Postgres with one schema per service."],
    "junior_dev": ["I will write the migration scripts."],
    "ui_dev": ["No objection."],
    "cto": [
        "Summary: we use Postgres.\nDecisions:\n- Adopt Postgres for billing\n"
        "# Action Items\n- Write the migration scripts (assigned to junior_dev) [priority: high]"
    ],
}

# -- b: a conflict with the human strategy, waiting at its interrupt ----------------------

CONFLICT_THREAD = "saved-conflict"
CONFLICT_CONFIG = ConflictResolutionConfig(strategy="human", human={"timeout_seconds": None})
CONFLICT_DECISION: dict[str, Any] = {
    "decision": "winner",
    "winning_agent_id": "junior_dev",
    "reasoning": "the cron job is simpler and enough",
    "decided_by": "human:ann",
}

# -- c: a delegation the guard blocked at the top of the hierarchy -----------------------

DELEGATION_THREAD = "saved-delegation"
DELEGATION_INPUT: dict[str, Any] = {
    "task": "Launch the billing API before the Q3 partner deadline",
    "entry_agent": "ceo",
    "task_id": "saved-delegation-task",
}
DELEGATION_CONFIG: dict[str, Any] = {"human_timeout_seconds": None}
DELEGATION_DECISION: dict[str, Any] = {
    "answer": "Launch on 1 July with the REST API only.",
    "decided_by": "human:cora",
}

# -- d: a coordination pipeline paused on a merge held for a human -----------------------

PIPELINE_THREAD = "saved-pipeline"
PIPELINE_TASK = Task(id="saved-billing", title="Ship billing", owner_id="cto")
SHARED = "greeting = 'hello'\nfarewell = 'bye'\n"
PIPELINE_PLAN: list[dict[str, Any]] = [
    {"id": "left", "title": "Greet left", "required_skills": ["python"]},
    {"id": "right", "title": "Greet right", "required_skills": ["python"]},
    {"id": "after", "title": "Build on both", "required_skills": ["python"],
     "dependencies": ["left", "right"]},
]  # fmt: skip
PIPELINE_EDITS: dict[str, dict[str, str]] = {
    "left": {"shared.py": SHARED.replace("'hello'", "'hello from left'")},
    "right": {"shared.py": SHARED.replace("'hello'", "'hello from right'")},
    "after": {"after.py": "import shared\n\nprint(shared.greeting)\n"},
}
PIPELINE_DECISION: dict[str, Any] = {
    "decision": "keep",
    "reasoning": "right's greeting is the one we ship",
    "decided_by": "human:dana",
}


def org() -> Org:
    """The fixture's org (a frozen copy of the suite's org as 6516df4 had it)."""
    return Org.load(ORG_YAML)


def thread(thread_id: str) -> Any:
    """The run config of `thread_id`."""
    return {"configurable": {"thread_id": thread_id}}


def meeting_graph(
    script: Mapping[str, Sequence[str]] | Callable[[ScriptCall], str],
    checkpointer: Checkpointer,
    stores: CouncilStores,
) -> Any:
    """The round-robin meeting, its agents scripted by `script`."""
    roster = Roster(org(), default_model=ScriptedChatModel(script))
    return create_meeting_graph(
        roster, protocol="round_robin", config=MEETING_CONFIG, stores=stores,
        checkpointer=checkpointer,
    )  # fmt: skip


def conflict() -> Conflict:
    """Two backend developers disagree; the human strategy asks a person."""
    people = org()
    positions = []
    for agent, text in (("junior_dev", "a cron job"), ("senior_dev", "a job queue")):
        profile = people.get(agent)
        positions.append(
            ConflictPosition(
                agent_id=agent,
                agent_department=profile.department,
                agent_level=profile.level,
                position=f"Run the nightly jobs with {text}",
                reasoning=f"{agent} has measured it",
                evidence=(f"{agent}-benchmark",),
                timestamp=datetime(2026, 11, 26, 9, 0, tzinfo=UTC),
            )
        )
    return Conflict(
        id="saved-conflict-1",
        type="architecture",
        subject="Queue or cron for the nightly python jobs?",
        positions=tuple(positions),
        detected_at=datetime(2026, 11, 26, 9, 0, tzinfo=UTC),
    )


def conflict_graph(checkpointer: Checkpointer, stores: CouncilStores) -> Any:
    """The conflict graph with the human strategy and no deadline."""
    return create_conflict_graph(
        org(), config=CONFLICT_CONFIG, stores=stores, checkpointer=checkpointer
    )


def delegation_graph(
    script: Callable[[ScriptCall], Any], checkpointer: Checkpointer, stores: CouncilStores
) -> Any:
    """The delegation graph, its agents scripted by `script`."""
    roster = Roster(org(), default_model=ScriptedChatModel(script))
    return create_delegation_graph(
        roster.org, roster, config=DELEGATION_CONFIG, stores=stores, checkpointer=checkpointer
    )


class Writer:
    """The pipeline's executor: writes a subtask's files in its worktree and commits them."""

    def __init__(self) -> None:
        self.calls: list[str] = []
        self._lock = threading.Lock()

    def __call__(self, run: Any) -> str:
        sid = run.subtask.id
        root = Path(run.workspace_path)
        with self._lock:
            self.calls.append(sid)
        for rel, text in PIPELINE_EDITS[sid].items():
            (root / rel).write_text(text)
        git(root, "add", "-A")
        git(root, "commit", "-q", "-m", f"{sid}: edit {', '.join(sorted(PIPELINE_EDITS[sid]))}")
        return f"{sid} done by {run.agent.id}"


def git(cwd: Path, *args: str) -> str:
    """Run git in `cwd` as the fixture's own user, with fixed dates."""
    done = subprocess.run(
        ["git", "-C", str(cwd), *GIT_IDENTITY, *args],
        capture_output=True, text=True, check=False, env={**os.environ, **GIT_DATES},
    )  # fmt: skip
    if done.returncode != 0:
        raise RuntimeError(f"git {' '.join(args)} in {cwd}: {done.stderr.strip()}")
    return done.stdout


def pipeline_graph(executor: Writer, checkpointer: Checkpointer, stores: CouncilStores) -> Any:
    """The pipeline over `REPO`: left and right edit one line, `after` needs both.

    `merge_order="priority"` merges left first whatever finishes first (both have one
    dependent, ties go in plan order), so right's merge is the one held.
    """
    return create_coordination_graph(
        org(),
        executor=executor,
        decomposer=ManualDecomposer(PIPELINE_PLAN),
        workspace=WorkspaceConfig(repo_path=REPO, merge_order="priority"),
        stores=stores,
        checkpointer=checkpointer,
    )
