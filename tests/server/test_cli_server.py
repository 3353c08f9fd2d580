"""`council escalations` against a deployment: list from the shared database, decide via `--server`.

The decision is checked and stored by the CLI's escalation queue in the shared PostgreSQL; the
resumed run belongs to the server (a run created on the thread with `command={"resume": ...}`).
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from langgraph_sdk.client import LangGraphClient

from tests.cli_runner import council
from tests.served import conflict_waiting_for_a_human
from tests.server.cluster import Cluster, free_port

pytestmark = [pytest.mark.server, pytest.mark.postgres, pytest.mark.slow]


def _shown(escalation_id: str, deployment: Cluster) -> dict[str, Any]:
    shown = council(
        "escalations", "show", escalation_id, "--json",
        COUNCIL_DATABASE_URL=deployment.database_url,
    )  # fmt: skip
    return dict(json.loads(shown.stdout)["escalation"])


async def test_an_escalation_raised_on_a_is_listed_and_decided_through_b(
    deployment: Cluster, replica_a: LangGraphClient, replica_b: LangGraphClient
) -> None:
    thread_id = await conflict_waiting_for_a_human(replica_a, own_id=True)
    listed = council("escalations", "list", "--json", COUNCIL_DATABASE_URL=deployment.database_url)
    assert listed.returncode == 0, listed.stderr
    (escalation,) = [e for e in json.loads(listed.stdout)["pending"] if e["thread_id"] == thread_id]
    assert escalation["kind"] == "conflict"

    decided = council(
        "escalations", "decide", escalation["id"], "--winner", "frontend_lead",
        "--reason", "Mobile first", "--by", "ann", "--json",
        "--server", deployment.replicas["b"].url, COUNCIL_DATABASE_URL=deployment.database_url,
    )  # fmt: skip
    assert decided.returncode == 0, decided.stderr
    assert json.loads(decided.stdout)["resolution"]["winning_agent_id"] == "frontend_lead"

    done: Any = await replica_a.threads.get_state(thread_id)
    assert done["next"] == []
    assert done["values"]["resolution"]["outcome"] == "resolved_by_human"
    assert done["values"]["resolution"]["decided_by"] == "human:ann"
    runs = await replica_b.runs.list(thread_id)
    assert [r["status"] for r in runs] == ["success", "success"]  # the server ran the resume
    row = _shown(escalation["id"], deployment)
    assert row["status"] == "decided" and row["resumed_at"] is not None


async def test_decide_with_an_unreachable_or_wrong_server_is_one_line_and_non_zero(
    deployment: Cluster, replica_a: LangGraphClient
) -> None:
    thread_id = await conflict_waiting_for_a_human(replica_a, own_id=True)
    listed = council("escalations", "list", "--json", COUNCIL_DATABASE_URL=deployment.database_url)
    (escalation,) = [e for e in json.loads(listed.stdout)["pending"] if e["thread_id"] == thread_id]
    decide = ("escalations", "decide", escalation["id"], "--winner", "frontend_lead")

    down = f"http://127.0.0.1:{free_port()}"
    for server, expected in [
        (down, f"--server {down}: cannot reach the server"),
        ("127.0.0.1:2024", "is not a server URL: use http://HOST:PORT"),
    ]:
        failed = council(*decide, "--server", server, COUNCIL_DATABASE_URL=deployment.database_url)
        assert failed.returncode == 1
        assert expected in failed.stderr and len(failed.stderr.strip().splitlines()) == 1
    both = council(
        *decide, "--server", down, "--graph", "x:y", COUNCIL_DATABASE_URL=deployment.database_url
    )
    assert both.returncode == 1 and "--graph and --server exclude each other" in both.stderr

    still: Any = await replica_a.threads.get_state(thread_id)  # nothing was decided
    assert still["next"] == ["await_human"]
    assert _shown(escalation["id"], deployment)["status"] == "pending"
