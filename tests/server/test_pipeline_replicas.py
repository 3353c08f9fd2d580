"""The Studio `coordination` pipeline on two LangGraph Server replicas sharing one PostgreSQL and
one repository path (`COUNCIL_PIPELINE_REPO`, a real git checkout of the user's).

The replica running a wave is SIGKILLed and the other finishes the run, merging each subtask
once; a thread paused on a merge survives a restart of the whole deployment. Each demo subtask
takes `SUBTASK_SECONDS` (`COUNCIL_DEMO_LATENCY`), so the kill lands while the wave works.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from langgraph_sdk import get_client

from langgraph_council.graphs._demo.pipeline import DEMO_PIPELINE_TASK, demo_pipeline_repo
from langgraph_council.nodes._pipeline.report import CoordinationResult
from tests.coordination.gitrepo import git, snapshot
from tests.served import run_values
from tests.server.cluster import Cluster, served_cluster

pytestmark = [pytest.mark.server, pytest.mark.postgres, pytest.mark.slow]

SUBTASK_SECONDS = "4"
SUBTASKS = ["tax-rules", "rename-total", "monthly-report", "invoice-api"]
WAVE_ONE = ("tax-rules", "rename-total", "monthly-report")
NEW_FILES = {"tax-rules": "tax.py", "monthly-report": "report.py"}
"""Files two of the first wave's executors add, once their `SUBTASK_SECONDS` have passed."""
TASK: Any = DEMO_PIPELINE_TASK.model_dump(mode="json")
KEEP: Any = {
    "decision": "keep",
    "reasoning": "invoice-api moves report.py to invoice_total",
    "decided_by": "human:replica-test",
}


@pytest.fixture(scope="module")
def checkout(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The user's checkout the replicas share: the billing service, with an uncommitted edit
    and an untracked file the pipeline must leave alone."""
    repo = demo_pipeline_repo(tmp_path_factory.mktemp("shared").resolve() / "billing")
    (repo / "README.md").write_text("# Billing service\n\nLocal notes, not committed.\n")
    (repo / "scratch.txt").write_text("untracked\n")
    return repo


@pytest.fixture(scope="module")
def pipeline_deployment(pg_server: str, checkout: Path) -> Iterator[Cluster]:
    """Replicas `a` and `b` on a fresh database, both on `checkout`; stopped by pid."""
    with served_cluster(
        pg_server,
        "pipeline",
        COUNCIL_DEMO_LATENCY=SUBTASK_SECONDS,
        COUNCIL_PIPELINE_REPO=str(checkout),
    ) as running:
        yield running


def _worktrees(repo: Path) -> list[Path]:
    out = git(repo, "worktree", "list", "--porcelain")
    return [
        Path(line.removeprefix("worktree "))
        for line in out.splitlines()
        if line.startswith("worktree ")
    ]


async def _wait_for_wave(repo: Path) -> dict[str, Path]:
    """The first wave's worktrees by subtask, once all exist (their executors are then at work)."""
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        tasks = {p.name: p for p in _worktrees(repo) if p.parent.name == "tasks"}
        if len(tasks) == len(WAVE_ONE):
            return tasks
        await asyncio.sleep(0.1)
    pytest.fail("the first wave's three worktrees did not appear in 120 s")


def _merged_subtasks(repo: Path, branch: str) -> list[str]:
    """The `Council-Subtask` trailer of every commit on `branch`'s first-parent line."""
    out = git(
        repo, "log", "--first-parent", "--format=%(trailers:key=Council-Subtask,valueonly)", branch
    )
    return sorted(line.strip() for line in out.splitlines() if line.strip())


def _assert_finished(out: Any, repo: Path) -> CoordinationResult:
    result = CoordinationResult.model_validate(out["result"])
    assert result.rollup == "completed"
    assert sorted((m.subtask_id, m.status) for m in result.merges) == sorted(
        (s, "merged") for s in SUBTASKS
    )
    assert result.integration is not None
    assert _merged_subtasks(repo, result.integration.branch) == sorted(SUBTASKS)  # each once
    assert _worktrees(repo) == [repo]  # no subtask or integration worktree left
    return result


async def test_a_killed_replicas_wave_is_finished_by_the_other_merging_each_subtask_once(
    pipeline_deployment: Cluster, checkout: Path
) -> None:
    deployment, before = pipeline_deployment, snapshot(checkout)
    a, b = deployment.replicas["a"], deployment.replicas["b"]
    async with get_client(url=a.url) as on_a, get_client(url=b.url) as on_b:
        thread = await on_a.threads.create()
        thread_id = thread["thread_id"]
        run: Any = await on_a.runs.create(
            thread_id, "coordination", input={"task": TASK}, durability="sync"
        )
        tasks = await _wait_for_wave(checkout)
        runner = deployment.runner_of(run["run_id"])
        deployment.replicas[runner].kill()
        assert sorted(tasks) == sorted(WAVE_ONE)
        unwritten = [s for s, name in NEW_FILES.items() if not (tasks[s] / name).exists()]
        assert unwritten, "the kill came after the wave's executors had written their files"

        survivor, client = ("b", on_b) if runner == "a" else ("a", on_a)
        await asyncio.wait_for(client.runs.join(thread_id, run["run_id"]), 180)
        assert deployment.replicas[survivor].runs_started().get(run["run_id"], 0) >= 2
        paused: Any = await client.threads.get_state(thread_id)  # the semantic conflict
        assert paused["next"] == ["await_merge_decision"]
        assert paused["interrupts"][0]["value"]["subtask"] == "monthly-report"
        out: Any = await asyncio.wait_for(
            run_values(client, thread_id, "coordination", command={"resume": KEEP}), 180
        )
    _assert_finished(out, checkout)
    assert snapshot(checkout) == before  # the user's branch, index and files as they were


async def test_a_thread_paused_on_a_merge_resumes_after_the_server_restarts(
    pipeline_deployment: Cluster, checkout: Path
) -> None:
    deployment = pipeline_deployment
    for name, replica in deployment.replicas.items():
        if not replica.alive():  # killed by the test above
            deployment.start(name)
    async with get_client(url=deployment.replicas["a"].url) as client:
        thread = await client.threads.create()
        thread_id = thread["thread_id"]
        await asyncio.wait_for(
            client.runs.wait(thread_id, "coordination", input={"task": TASK}), 180
        )
        paused: Any = await client.threads.get_state(thread_id)
    assert paused["next"] == ["await_merge_decision"]

    deployment.stop()  # every server process, then a fresh one on the same PostgreSQL
    restarted = deployment.start("a")
    async with get_client(url=restarted.url) as client:
        again: Any = await client.threads.get_state(thread_id)
        assert again["next"] == ["await_merge_decision"]
        assert again["interrupts"][0]["value"] == paused["interrupts"][0]["value"]
        out: Any = await asyncio.wait_for(
            run_values(client, thread_id, "coordination", command={"resume": KEEP}), 180
        )
    _assert_finished(out, checkout)
