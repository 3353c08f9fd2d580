"""Make the saved-thread fixture: four threads saved by commit 6516df4, on Postgres.

It must run on the package code of commit 6516df4 (the main that issue 33's wave started
from), so that the fixture holds what that code stored; it refuses otherwise. The package
folders of this branch's first commits are 6516df4's, so from the repository root:

    git diff --quiet 6516df4 -- graphs nodes guards checkpoints pyproject.toml   # unchanged
    .venv/bin/python -m tests.checkpoints.saved_threads.make_fixture

On a later tree, check out 6516df4's package beside it first (`git worktree add /tmp/old
6516df4`, copy this folder into it, install it in a venv) and run the same command there.

On a throwaway embedded PostgreSQL it sets up a fresh database with `setup_database` and runs,
with scripted models, the Postgres checkpointer and `CouncilStores` (escalation queue, guard
state, dissent, meeting and loop records) as a user would:
  a. a round-robin meeting drained at a step boundary after 3 of its 6 turns;
  b. a conflict with the `human` strategy waiting at its interrupt (a pending escalation);
  c. a delegation the guard blocked at the top of the hierarchy, waiting for a human;
  d. a pipeline whose second merge (a same-line conflict) is held for a human.
Then it writes, next to this file: `dump.sql` (pg_dump, plain SQL, schema and data, every
table), `repo.tar.gz` (the pipeline's repository with its .git and worktrees, made under the
fixed path `scenario.REPO` because worktree links and the checkpoint hold absolute paths) and
`manifest.json` (thread ids, what each waits for, how to resume it, the replies it still needs).
"""

from __future__ import annotations

import contextlib
import fcntl
import gzip
import json
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path
from typing import Any

import psycopg
from langchain_core.messages import AIMessage
from langgraph.errors import GraphDrained
from langgraph.runtime import RunControl

import langgraph_council
from langgraph_council.checkpoints import CouncilStores, postgres_checkpointer, setup_database
from langgraph_council.checkpoints._embedded import _bin_dir, given_or_scratch_server
from langgraph_council.nodes.testing import ScriptCall
from tests.checkpoints.saved_threads import scenario as s

RESTRICT_KEY = "council6516df4"
"""pg_dump's `\\restrict` key, fixed so that two runs write the same header."""
PACKAGE_DIRS = ("graphs", "nodes", "guards", "checkpoints", "pyproject.toml")


def check_commit() -> None:
    """Refuse to run unless the imported package is 6516df4's, unchanged."""
    root = Path(langgraph_council.graphs.__file__).resolve().parents[1]
    done = subprocess.run(
        ["git", "-C", str(root), "diff", "--quiet", s.COMMIT, "--", *PACKAGE_DIRS],
        capture_output=True, check=False,
    )  # fmt: skip
    if done.returncode != 0:
        sys.exit(f"the package at {root} is not {s.COMMIT}'s: run this on a checkout of it")


def run_meeting(saver: Any, stores: CouncilStores) -> dict[str, Any]:
    """a: three turns said, then a drain request: the run stops at the next step boundary."""
    control = RunControl()
    left = {agent: list(replies) for agent, replies in s.MEETING_BEFORE_PAUSE.items()}
    said: list[str] = []

    def reply(call: ScriptCall) -> str:
        said.append(str(call.agent_id))
        if len(said) == 3:
            control.request_drain("fixture: paused after three turns")
        return left[str(call.agent_id)].pop(0)

    graph = s.meeting_graph(reply, saver, stores)
    with contextlib.suppress(GraphDrained):  # the drain ends the run at the boundary
        graph.invoke(s.MEETING_INPUT, s.thread(s.MEETING_THREAD), control=control)
    state = graph.get_state(s.thread(s.MEETING_THREAD))
    assert said == ["senior_dev", "junior_dev", "ui_dev"] and state.next, (said, state.next)
    return {
        "thread_id": s.MEETING_THREAD,
        "family": "meeting (round_robin)",
        "waits_for": "nothing: drained at a step boundary after 3 of 6 turns",
        "next": list(state.next),
        "resume": "resume_thread(graph, thread_id) with scenario.MEETING_AFTER_PAUSE replies",
        "said_before_pause": said,
        "replies_needed": s.MEETING_AFTER_PAUSE,
    }


def run_conflict(saver: Any, stores: CouncilStores) -> dict[str, Any]:
    """b: the human strategy writes a pending escalation and interrupts."""
    graph = s.conflict_graph(saver, stores)
    out = graph.invoke({"conflict": s.conflict()}, s.thread(s.CONFLICT_THREAD))
    (asked,) = out["__interrupt__"]
    assert stores.escalations is not None
    (row,) = stores.escalations.pending(kind="conflict")
    assert row.id == asked.value["escalation_id"]
    return {
        "thread_id": s.CONFLICT_THREAD,
        "family": "conflict (human)",
        "waits_for": "a human decision on a pending conflict escalation",
        "escalation_id": row.id,
        "resume": "EscalationQueue.decide(escalation_id, scenario.CONFLICT_DECISION, graph)",
        "replies_needed": {},
    }


def delegation_reply(call: ScriptCall) -> Any:
    """The CEO hands the task to the CTO, who hands it back up (refused: authority; it goes to
    the CTO's manager, the CEO), and the CEO hands it down again (refused: dedup): a human."""
    if call.agent_id == "ceo":
        return hand_to("cto", "Own the billing API launch.", call)
    if call.agent_id == "cto":
        return hand_to("ceo", "This needs your call.", call)
    raise AssertionError(f"unexpected call to {call.agent_id}")


def hand_to(target: str, refinement: str, call: ScriptCall) -> Any:
    """A scripted `delegate_to` tool call with a fixed id."""
    return AIMessage(
        content="",
        tool_calls=[
            {
                "name": "delegate_to",
                "args": {"agent_id": target, "refinement": refinement},
                "id": f"saved-{call.agent_id}-to-{target}-{len(call.messages)}",
                "type": "tool_call",
            }
        ],
    )


def run_delegation(saver: Any, stores: CouncilStores) -> dict[str, Any]:
    """c: the guard refuses the CEO's second hand-off at the top of the hierarchy: a human."""
    graph = s.delegation_graph(delegation_reply, saver, stores)
    out = graph.invoke(s.DELEGATION_INPUT, s.thread(s.DELEGATION_THREAD))
    (asked,) = out["__interrupt__"]
    assert stores.escalations is not None
    (row,) = stores.escalations.pending(kind="delegation")
    assert row.id == asked.value["escalation_id"]
    return {
        "thread_id": s.DELEGATION_THREAD,
        "family": "delegation",
        "waits_for": (
            f"a human answer: the guard refused {' -> '.join(asked.value['chain'])} -> cto "
            f"({asked.value['mechanism']}) at the top of the hierarchy"
        ),
        "replies_needed": {"ceo": ["a plain-text answer after the human's"]},
        "escalation_id": row.id,
        "resume": "EscalationQueue.decide(escalation_id, scenario.DELEGATION_DECISION, graph)",
    }


def make_repo() -> None:
    """A fresh repository at `scenario.REPO` on `main` with `shared.py`."""
    if s.SAVED_ROOT.exists():
        shutil.rmtree(s.SAVED_ROOT)
    s.REPO.mkdir(parents=True)
    s.git(s.REPO, "init", "-q", "-b", "main")
    (s.REPO / "shared.py").write_text(s.SHARED)
    s.git(s.REPO, "add", "-A")
    s.git(s.REPO, "commit", "-q", "-m", "initial")


def run_pipeline(saver: Any, stores: CouncilStores) -> dict[str, Any]:
    """d: left merges, right's same-line edit conflicts and is held for a human."""
    make_repo()
    writer = s.Writer()
    graph = s.pipeline_graph(writer, saver, stores)
    out = graph.invoke({"task": s.PIPELINE_TASK}, s.thread(s.PIPELINE_THREAD))
    (asked,) = out["__interrupt__"]
    held = (asked.value["subtask"], asked.value["status"], asked.value["files"])
    assert held == ("right", "conflict", ["shared.py"]), held
    assert stores.escalations is not None
    (row,) = stores.escalations.pending(kind="merge")
    state = graph.get_state(s.thread(s.PIPELINE_THREAD)).values
    return {
        "thread_id": s.PIPELINE_THREAD,
        "family": "coordination pipeline",
        "waits_for": "a human decision on right's merge (a same-line conflict in shared.py)",
        "escalation_id": row.id,
        "run_id": state["workspace_id"],
        "repository": str(s.REPO),
        "executor_calls_before_pause": sorted(writer.calls),
        "replies_needed": {"executor": ["after"]},
        "resume": "EscalationQueue.decide(escalation_id, scenario.PIPELINE_DECISION, graph); "
        "the executor then runs `after` only",
    }


def dump(uri: str) -> None:
    """pg_dump of the whole database as plain SQL, with no owners or grants."""
    with s.DUMP.open("w") as out:
        subprocess.run(
            [str(_bin_dir() / "pg_dump"), "--no-owner", "--no-privileges",
             f"--restrict-key={RESTRICT_KEY}", "--dbname", uri],
            stdout=out, check=True,
        )  # fmt: skip


def archive() -> None:
    """`scenario.REPO` as a gzipped tar, members sorted and stamped with one time."""

    def clean(info: tarfile.TarInfo) -> tarfile.TarInfo:
        info.uid = info.gid = 0
        info.uname = info.gname = ""
        return info

    paths = sorted(s.REPO.rglob("*"))
    with (
        gzip.GzipFile(s.REPO_ARCHIVE, "wb", mtime=0) as raw,
        tarfile.open(fileobj=raw, mode="w") as tar,
    ):
        tar.add(s.REPO, arcname=s.REPO.name, recursive=False, filter=clean)
        for path in paths:
            arcname = str(Path(s.REPO.name) / path.relative_to(s.REPO))
            tar.add(path, arcname=arcname, recursive=False, filter=clean)


def main() -> None:
    check_commit()
    s.REPO_LOCK.touch()
    with (
        s.REPO_LOCK.open() as lock,
        given_or_scratch_server(None, prefix="council-saved-") as server,
    ):
        fcntl.flock(lock, fcntl.LOCK_EX)
        with psycopg.connect(server, autocommit=True) as conn:
            conn.execute("CREATE DATABASE saved_threads")
        uri = str(psycopg.conninfo.make_conninfo(server, dbname="saved_threads"))
        setup_database(uri)
        with (
            postgres_checkpointer(uri, setup=False) as saver,
            CouncilStores.from_conn_string(uri) as stores,
        ):
            threads = [
                run_meeting(saver, stores),
                run_conflict(saver, stores),
                run_delegation(saver, stores),
                run_pipeline(saver, stores),
            ]
        dump(uri)
        archive()
        shutil.rmtree(s.SAVED_ROOT)
    manifest = {"commit": s.COMMIT, "repository": str(s.REPO), "threads": threads}
    s.MANIFEST.write_text(json.dumps(manifest, indent=2, sort_keys=True) + "\n")
    print(json.dumps(manifest, indent=2))


if __name__ == "__main__":
    main()
