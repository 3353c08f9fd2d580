"""Our graphs on two LangGraph Server replicas sharing one PostgreSQL (and one Redis).

Clients talk to the replica of their choice; runs go through the runtime's shared queue, so any
replica's worker may execute them. Each replica's log tells which worker started which run (and
which attempt), which the takeover test reads. Scripted agents answer in 50 ms.
"""

from __future__ import annotations

import asyncio
import time
from collections import Counter
from typing import Any

import pytest
from langgraph_sdk.client import LangGraphClient

from langgraph_council.nodes import Contribution, MeetingMinutes
from langgraph_council.nodes._meetings.transcript import contributions_of
from tests.served import conflict_waiting_for_a_human, run_values
from tests.server.cluster import Cluster

pytestmark = [pytest.mark.server, pytest.mark.postgres, pytest.mark.slow]

WINNER: Any = {
    "decision": "winner",
    "winning_agent_id": "frontend_lead",
    "reasoning": "Mobile is where the users are.",
    "decided_by": "human:scaleout-test",
}


def meeting(participants: list[str], budget: int = 50_000) -> Any:
    return {
        "agenda": {"title": "REST or GraphQL?"},
        "leader_id": "cto",
        "participant_ids": participants,
        "token_budget": budget,
    }


async def test_a_human_conflict_interrupted_on_a_is_resumed_on_b(
    replica_a: LangGraphClient, replica_b: LangGraphClient
) -> None:
    thread_id = await conflict_waiting_for_a_human(replica_a)
    paused: Any = await replica_b.threads.get_state(thread_id)  # B sees A's interrupt
    assert paused["next"] == ["await_human"]
    (question,) = paused["interrupts"]
    assert question["value"]["party_ids"] == ["backend_lead", "frontend_lead", "ui_dev"]

    out: Any = await run_values(
        replica_b, thread_id, "conflict", command={"resume": WINNER}, context={"strategy": "human"}
    )
    assert out["resolution"]["outcome"] == "resolved_by_human"
    assert out["resolution"]["winning_agent_id"] == "frontend_lead"
    assert sorted(d["dissenting_agent_id"] for d in out["dissent_records"]) == [
        "backend_lead",
        "ui_dev",
    ]
    done: Any = await replica_a.threads.get_state(thread_id)
    assert done["next"] == [] and done["values"]["resolution"] == out["resolution"]


async def test_forty_meetings_spread_over_both_replicas_all_complete(
    deployment: Cluster, replica_a: LangGraphClient, replica_b: LangGraphClient
) -> None:
    async def one(client: LangGraphClient) -> tuple[str, Any]:
        thread = await client.threads.create()
        out = await run_values(
            client,
            thread["thread_id"],
            "meeting_round_robin",
            input=meeting(["backend_lead", "frontend_lead"]),
            context={"round_robin": {"max_turns_per_agent": 1}},
        )
        return thread["thread_id"], out

    clients = [replica_a, replica_b] * 20
    results = await asyncio.wait_for(asyncio.gather(*(one(c) for c in clients)), timeout=240)
    minutes = [MeetingMinutes.model_validate(out["minutes"]) for _, out in results]
    assert [m.status for m in minutes] == ["completed"] * 40
    assert all(len(m.contributions) == 3 for m in minutes)  # two turns and the summary
    assert len({thread_id for thread_id, _ in results}) == 40
    started = deployment.all_runs_started()
    assert all(started[name] for name in ("a", "b")), f"one replica ran nothing: {started}"


async def test_delegations_through_both_replicas_never_pass_the_pair_rate_limit_together(
    replica_a: LangGraphClient, replica_b: LangGraphClient
) -> None:
    """ceo -> cto, 20 times at once through both replicas: 10 a minute plus a burst of 3 pass.

    `max_handoffs=1` ends each run after its one guarded hand-off (no bounce trips the breaker).
    """

    async def one(client: LangGraphClient, n: int) -> Any:
        thread = await client.threads.create()
        return await run_values(
            client,
            thread["thread_id"],
            "delegation",
            input={"task": "Launch the billing API", "entry_agent": "ceo", "task_id": f"rl-{n}"},
            context={"max_handoffs": 1},
        )

    clients = [replica_a, replica_b] * 10
    outs = await asyncio.gather(*(one(c, n) for n, c in enumerate(clients)))
    passed = [d for out in outs for d in out.get("delegations", []) if d["delegator"] == "ceo"]
    blocked = Counter(b["mechanism"] for out in outs for b in out.get("blocked", []))
    seen = [
        (out.get("task_id"), len(out.get("delegations", [])), len(out.get("blocked", [])))
        for out in outs
    ]
    assert len(passed) == 13, (seen, blocked)  # never more, though two replicas raced
    assert blocked == {"rate_limit": 7}, blocked


async def _wait_for_contributions(
    client: LangGraphClient, thread_id: str, *, at_least: int
) -> list[Contribution]:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        state: Any = await client.threads.get_state(thread_id)
        found = contributions_of(state.get("values") or {})
        if len(found) >= at_least:
            return found
        await asyncio.sleep(0.05)
    pytest.fail(f"the meeting did not reach {at_least} turns in 60 s")


@pytest.mark.parametrize("graph_id", ["meeting_position_papers", "meeting_structured_phases"])
async def test_every_meeting_protocol_completes_with_the_servers_empty_context(
    replica_b: LangGraphClient, graph_id: str
) -> None:
    thread = await replica_b.threads.create()
    out: Any = await run_values(
        replica_b,
        thread["thread_id"],
        graph_id,
        input=meeting(["backend_lead", "frontend_lead", "qa_head"]),
    )
    minutes = MeetingMinutes.model_validate(out["minutes"])
    assert minutes.status == "completed" and minutes.contributions


async def test_a_killed_replicas_run_is_finished_by_the_other_without_repeating_turns(
    deployment: Cluster, replica_a: LangGraphClient, replica_b: LangGraphClient
) -> None:
    participants = ["backend_lead", "frontend_lead", "senior_dev", "qa_head"]
    turns_each = 6
    thread = await replica_a.threads.create()
    run: Any = await replica_a.runs.create(
        thread["thread_id"],
        "meeting_round_robin",
        input=meeting(participants, budget=500_000),
        context={"round_robin": {"max_turns_per_agent": turns_each, "max_total_turns": 24}},
        durability="sync",
    )
    before = await _wait_for_contributions(replica_a, thread["thread_id"], at_least=3)
    runner = deployment.runner_of(run["run_id"])
    survivor = "b" if runner == "a" else "a"
    deployment.replicas[runner].kill()
    killed_at = time.monotonic()

    client = replica_b if survivor == "b" else replica_a
    out: Any = await asyncio.wait_for(client.runs.join(thread["thread_id"], run["run_id"]), 90)
    took_over = time.monotonic() - killed_at
    minutes = MeetingMinutes.model_validate(out["minutes"])
    assert minutes.status == "completed"
    assert deployment.replicas[survivor].runs_started().get(run["run_id"], 0) >= 2, took_over

    state: Any = await client.threads.get_state(thread["thread_id"])
    kept = contributions_of(state["values"])
    keys = [(c.agent_id, c.turn) for c in kept]
    assert len(keys) == len(set(keys)), f"a finished turn ran twice: {Counter(keys)}"
    assert len(kept) == len(participants) * turns_each + 1  # every turn once, and the summary
    assert kept[: len(before)] == before  # what was finished before the kill stayed as it was
    history = await client.threads.get_history(thread["thread_id"], limit=200)
    counts = [len(contributions_of(h["values"])) for h in reversed(history)]
    assert counts == sorted(counts), "the transcript shrank or restarted after the takeover"
