"""The crash campaign's graph families: each builds its graph on Postgres with our stores,
answers model calls deterministically (a reply depends only on the agent and its prompt) and
says what must be equal between a resumed and an uninterrupted run.

Families: the three meeting protocols, debate, human escalation (an ambiguous hybrid review),
the ladder (negotiation -> arbitration -> human), delegation (ping-pong stopped by the guard)
and the coordination pipeline over a real git repository with worktrees.
"""

from __future__ import annotations

import hashlib
import re
import subprocess
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from langchain_core.messages import AIMessage

from bench.conflicts_bench import conflict
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
from langgraph_council.nodes import Conflict, Org, Roster, Task
from langgraph_council.nodes._pipeline.models import SubtaskRun
from langgraph_council.nodes.testing import ScriptCall

ORG = Org.load(Path(__file__).resolve().parents[1] / "tests" / "data" / "org.yaml")
PARTIES = ("junior_dev", "senior_dev", "ui_dev")
MEETINGS = ("round_robin", "position_papers", "structured_phases")
CONFLICTS = ("debate", "human", "ladder")
HUMAN = ("human", "ladder")  # they stop on interrupt(): a third process decides
FAMILIES = (*MEETINGS, *CONFLICTS, "delegation", "pipeline")
DECISION = {
    "decision": "winner",
    "winning_agent_id": "junior_dev",
    "reasoning": "cron is enough",
    "decided_by": "human:crash-campaign",
}
PLAN = [
    {"id": "s1", "title": "Part 1", "required_skills": ["python"]},
    {"id": "s2", "title": "Part 2", "required_skills": ["python"]},
    {"id": "s3", "title": "Part 3", "required_skills": ["python"]},
    {"id": "s4", "title": "Part 4", "required_skills": ["python"], "dependencies": ["s1", "s2"]},
]
GIT_USER = ("-c", "user.name=crash", "-c", "user.email=crash@localhost")
PING_PONG = {"senior_dev": "ui_dev", "ui_dev": "senior_dev"}


_AGE = re.compile(r"\d+(\.\d+)? s ago")


def key_of(agent_id: str, text: str) -> str:
    """`agent:hash-of-prompt`: the call's identity across runs and processes. Wall-clock ages
    in a prompt ("duplicate of a hand-off 0.1 s ago") are left out: after a kill the resumed
    run rightly sees an older hand-off."""
    text = _AGE.sub("N s ago", text)
    return f"{agent_id}:{hashlib.sha256(text.encode()).hexdigest()[:12]}"


def call_key(call: ScriptCall) -> str:
    """The key of one model call."""
    return key_of(call.agent_id or "?", "\n".join(str(m.content) for m in call.messages))


@dataclass
class Stores:
    """Our durable stores of one child process (all on the case's database)."""

    escalations: Any
    dissent: Any
    meetings: Any
    loops: Any
    guards: Any
    repo: Path | None = None
    extra: dict[str, Any] = field(default_factory=dict)


def reply(family: str, call: ScriptCall) -> Any:
    """The scripted answer of one model call."""
    key, agent = call_key(call), call.agent_id or "?"
    if family == "delegation":
        if agent in PING_PONG:
            target = PING_PONG[agent]
            args = {"agent_id": target, "refinement": f"you do it ({key})"}
            tool = {"name": "delegate_to", "args": args, "id": f"call_{key[-12:]}"}
            return AIMessage(content="", tool_calls=[{**tool, "type": "tool_call"}])
        return f"{agent}: decided it myself ({key})"
    if family == "ladder":
        if agent in PARTIES:
            return {"statement": f"{agent} holds ({key})", "agrees_with": None}
        return {"winning_agent_id": "nobody", "confidence": 0.9, "reasoning": f"arb {key}"}
    if family in CONFLICTS and agent not in PARTIES:
        confidence = 0.4 if family == "human" else 0.9  # ambiguous review -> a human decides
        return {"winning_agent_id": "ui_dev", "confidence": confidence, "reasoning": f"j {key}"}
    if agent == "cto":
        return f"Summary: done ({key}).\nDecisions:\n- Ship it"
    return f"{agent} speaks ({key}). Position: ship it\nEvidence:\n- {key}"


def _conflict() -> Conflict:
    return conflict("crash", PARTIES)


def make_repo(root: Path) -> Path:
    """A throwaway repository on `main` with one commit (the pipeline's user checkout), holding
    a link that leads out of it (`outside.md -> ../outside.md`)."""
    root.mkdir(parents=True, exist_ok=True)
    git = ["git", "-C", str(root), *GIT_USER]
    subprocess.run([*git, "init", "-q", "-b", "main"], check=True)
    (root / "app.py").write_text("print('hi')\n")
    # a committed link out of the repository: every subtask worktree hides it (a kill point)
    (root / "outside.md").symlink_to("../outside.md")
    subprocess.run([*git, "add", "-A"], check=True)
    subprocess.run([*git, "commit", "-q", "-m", "initial"], check=True)
    return root


def make_executor(call: Callable[[str, str, Path], str]) -> Callable[[SubtaskRun], str]:
    """The pipeline's executor: one scripted 'model call' per subtask, then a file in its
    worktree (council commits and merges it). `call(agent, prompt, worktree)` answers."""

    def execute(run: SubtaskRun) -> str:
        sid = run.subtask.id
        upstream = "|".join(f"{k}={v.output}" for k, v in sorted(run.upstream_results.items()))
        assert run.workspace_path is not None, f"{sid} got no worktree"
        root = Path(run.workspace_path)
        text = call(run.agent.id, f"subtask {sid}; upstream {upstream}", root / f"{sid}.py")
        (root / f"{sid}.py").write_text(f"PART = {text!r}\n")
        return text

    return execute


def build(
    family: str, roster: Roster, saver: Any, stores: Stores, executor_call: Callable[..., str]
) -> tuple[Any, Any, Any]:
    """The graph, its input and its run context for one family."""
    if family in CONFLICTS:
        strategy = "hybrid" if family == "human" else family
        graph = create_conflict_graph(
            ORG,
            roster,
            config=ConflictResolutionConfig(strategy=strategy),
            checkpointer=saver,
            stores=CouncilStores(escalations=stores.escalations, dissent=stores.dissent),
        )
        return graph, {"conflict": _conflict()}, None
    if family == "delegation":
        graph = create_delegation_graph(
            ORG,
            roster,
            guard_store=stores.guards,
            stores=CouncilStores(loop_records=stores.loops, escalations=stores.escalations),
            checkpointer=saver,
        )
        inp = {"task": "Pick a database", "entry_agent": "senior_dev", "task_id": "T-crash"}
        return graph, inp, {"enforce_chain_of_command": False}
    if family == "pipeline":
        assert stores.repo is not None
        graph = create_coordination_graph(
            ORG,
            executor=make_executor(executor_call),
            decomposer=ManualDecomposer(PLAN),
            workspace=WorkspaceConfig(repo_path=stores.repo),
            stores=CouncilStores(escalations=stores.escalations),
            checkpointer=saver,
        )
        return graph, {"task": Task(id="crash", title="Four parts")}, None
    graph = create_meeting_graph(
        roster,
        protocol=family,
        checkpointer=saver,
        stores=CouncilStores(meetings=stores.meetings, dissent=stores.dissent),
    )
    inp = {
        "meeting_id": f"crash-{family}",  # caller-chosen: claimed before the first model call
        "agenda": {"title": "Release"},
        "leader_id": "cto",
        "participant_ids": list(PARTIES),
        "token_budget": 50_000,
    }
    return graph, inp, {"round_robin": {"max_turns_per_agent": 2}}


def fingerprint(family: str, out: dict[str, Any]) -> Any:
    """What must be equal between a resumed and an uninterrupted run."""
    if family in CONFLICTS:
        r = out["resolution"]
        dissent = sorted(d.dissenting_agent_id for d in out.get("dissent_records", []))
        return [r.outcome.value, r.winning_agent_id, r.decided_by, r.reasoning, dissent]
    if family == "delegation":
        r = out["result"]
        blocked = [[b.delegator, b.delegatee, b.mechanism] for b in out["blocked"]]
        return [r.status, r.answer, r.answered_by, r.delegations, r.blocked, blocked]
    if family == "pipeline":
        r = out["result"]
        merges = sorted([m.subtask_id, m.status] for m in r.merges)
        outputs = sorted([o.subtask_id, o.status, o.output] for w in r.waves for o in w.outcomes)
        return [r.rollup, merges, outputs]
    minutes = out["minutes"]
    return [minutes.status, [[c.agent_id, c.turn, c.content] for c in minutes.contributions]]
