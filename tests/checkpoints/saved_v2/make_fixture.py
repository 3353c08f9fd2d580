"""Write the state-version-2 meeting fixture: run with a package at commit 8010178.

Two round-robin meetings on the 6516df4 scenario's org and scripts (`saved_threads/scenario`),
saved on Postgres by the code that stored the minutes with their words (state version 2):

- `v2-paused`: drained at a step boundary after 3 of its 6 turns, as `saved-meeting` was;
- `v2-finished`: ended, its minutes (words and all) in the checkpoint's `minutes` blob.

Run it from this worktree with a Python whose `langgraph_council` is 8010178's, e.g.
`PYTHONPATH=. /work/main/.venv/bin/python -m tests.checkpoints.saved_v2.make_fixture`; it
refuses another package, and writes `dump.sql` (pg_dump, plain SQL) next to this file.
"""

from __future__ import annotations

import contextlib
import subprocess
import sys
from pathlib import Path
from typing import Any

import psycopg
from langgraph.errors import GraphDrained
from langgraph.runtime import RunControl

import langgraph_council
from langgraph_council.checkpoints import CouncilStores, postgres_checkpointer, setup_database
from langgraph_council.checkpoints._embedded import _bin_dir, given_or_scratch_server
from langgraph_council.nodes.testing import ScriptCall
from tests.checkpoints.saved_threads import scenario as s

COMMIT = "8010178"
DUMP = Path(__file__).resolve().parent / "dump.sql"
PAUSED, FINISHED = "v2-paused", "v2-finished"
PACKAGE_DIRS = ("graphs", "nodes", "guards", "checkpoints", "pyproject.toml")


def check_commit() -> None:
    """Refuse to run unless the imported package is 8010178's, unchanged."""
    root = Path(langgraph_council.graphs.__file__).resolve().parents[1]
    done = subprocess.run(
        ["git", "-C", str(root), "diff", "--quiet", COMMIT, "--", *PACKAGE_DIRS],
        capture_output=True, check=False,
    )  # fmt: skip
    if done.returncode != 0:
        sys.exit(f"the package at {root} is not {COMMIT}'s: run this on a checkout of it")


def meeting_input(thread: str) -> dict[str, Any]:
    """The 6516df4 scenario's meeting, under its own meeting id."""
    return {**s.MEETING_INPUT, "meeting_id": f"{thread}-1"}


def run(saver: Any, stores: CouncilStores) -> None:
    """The paused meeting (3 turns, then a drain) and the finished one (all 7 replies)."""
    control = RunControl()
    left = {agent: list(replies) for agent, replies in s.MEETING_BEFORE_PAUSE.items()}

    def reply(call: ScriptCall) -> str:
        said = left[str(call.agent_id)].pop(0)
        if not any(left.values()):
            control.request_drain("fixture: paused after three turns")
        return said

    graph = s.meeting_graph(reply, saver, stores)
    with contextlib.suppress(GraphDrained):
        graph.invoke(meeting_input(PAUSED), s.thread(PAUSED), control=control)
    assert graph.get_state(s.thread(PAUSED)).next == ("take_turn",)
    both = {a: [*s.MEETING_BEFORE_PAUSE.get(a, []), *r] for a, r in s.MEETING_AFTER_PAUSE.items()}
    whole = s.meeting_graph(both, saver, stores)
    out = whole.invoke(meeting_input(FINISHED), s.thread(FINISHED))
    assert out["minutes"].status == "completed" and len(out["minutes"].contributions) == 7


def main() -> None:
    check_commit()
    with given_or_scratch_server(None, prefix="council-saved-v2-") as server:
        with psycopg.connect(server, autocommit=True) as conn:
            conn.execute("CREATE DATABASE saved_v2")
        uri = str(psycopg.conninfo.make_conninfo(server, dbname="saved_v2"))
        setup_database(uri)
        with (
            postgres_checkpointer(uri, setup=False) as saver,
            CouncilStores.from_conn_string(uri) as stores,
        ):
            run(saver, stores)
        with DUMP.open("w") as out:
            subprocess.run(
                [str(_bin_dir() / "pg_dump"), "--no-owner", "--no-privileges",
                 "--restrict-key=council8010178", "--dbname", uri],
                stdout=out, check=True,
            )  # fmt: skip


if __name__ == "__main__":
    main()
