"""Every family run once on scripted agents, returning the calls its models received: the prompt
snapshots (taken before org memory existed) and the memory tests share these runs."""

from __future__ import annotations

import re
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from langchain_core.messages import HumanMessage, SystemMessage, ToolMessage
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.store.base import BaseStore
from langgraph.types import Command

from langgraph_council.graphs import (
    ConflictResolutionConfig,
    ManualDecomposer,
    WorkspaceConfig,
    create_conflict_graph,
    create_coordination_graph,
    create_delegation_graph,
    create_meeting_graph,
)
from langgraph_council.graphs._demo.data import (
    DEMO_TASK,
    demo_agenda,
    demo_conflict,
    demo_org,
    demo_reply,
)
from langgraph_council.graphs._demo.pipeline import (
    DEMO_PIPELINE_TASK,
    DemoAgents,
    demo_pipeline_repo,
    demo_pipeline_roster,
    demo_workspace,
)
from langgraph_council.graphs._demo.worker import (
    AGENTS_DEMO_PLAN,
    AGENTS_DEMO_TASK,
    agents_demo_check,
    agents_demo_repo,
    agents_demo_roster,
)
from langgraph_council.graphs._worker import worktree_agent
from langgraph_council.guards import InMemoryGuardStateStore
from langgraph_council.nodes import Roster
from langgraph_council.nodes._worker.commands import CommandPolicy
from langgraph_council.nodes.testing import ScriptCall, ScriptedChatModel

MEETING_PROTOCOLS = ("position_papers", "round_robin", "selector", "structured_phases")
CONFLICT_STRATEGIES = ("authority", "debate", "human", "hybrid", "ladder")
PARTICIPANTS = ["backend_lead", "senior_dev", "frontend_lead", "qa_head"]
HUMAN_DECISION = {
    "decision": "winner",
    "winning_agent_id": "backend_lead",
    "reasoning": "Partners first.",
    "decided_by": "human:ann",
}


def scripted_roster(reply: Any = demo_reply) -> tuple[Roster, ScriptedChatModel]:
    """The demo org on one scripted model (`demo_reply` unless given), and that model."""
    model = ScriptedChatModel(reply)
    return Roster(demo_org(), default_model=model), model


def _cfg(thread: str) -> Any:
    return {"configurable": {"thread_id": thread}}


def run_meeting(
    protocol: str,
    *,
    store: BaseStore | None = None,
    context: Mapping[str, Any] | None = None,
    thread: str = "meeting-1",
    reply: Any = demo_reply,
    checkpointer: Any = None,
    agenda: Any = None,
) -> tuple[dict[str, Any], list[ScriptCall]]:
    """The demo meeting under `protocol`: its final state and the calls its agents received."""
    roster, model = scripted_roster(reply)
    graph = create_meeting_graph(
        roster, protocol=protocol, checkpointer=checkpointer or InMemorySaver(), store=store
    )
    payload = {
        "agenda": agenda or demo_agenda(),
        "leader_id": "cto",
        "participant_ids": PARTICIPANTS,
        "token_budget": 40_000,
    }
    out = graph.invoke(payload, _cfg(thread), context=dict(context or {}))
    return out, model.calls


def run_conflict(
    strategy: str,
    *,
    store: BaseStore | None = None,
    context: Mapping[str, Any] | None = None,
    thread: str = "conflict-1",
    reply: Any = demo_reply,
    checkpointer: Any = None,
) -> tuple[dict[str, Any], list[ScriptCall]]:
    """The demo conflict under `strategy` (the human path decided at once)."""
    roster, model = scripted_roster(reply)
    graph = create_conflict_graph(
        roster.org,
        roster,
        config=ConflictResolutionConfig(strategy=strategy),  # type: ignore[arg-type]
        checkpointer=checkpointer or InMemorySaver(),
        store=store,
    )
    ctx = dict(context or {})
    out = graph.invoke({"conflict": demo_conflict()}, _cfg(thread), context=ctx)
    if out.get("resolution") is None:
        out = graph.invoke(Command(resume=HUMAN_DECISION), _cfg(thread), context=ctx)
    return out, model.calls


def run_delegation(
    *, store: BaseStore | None = None, context: Mapping[str, Any] | None = None
) -> tuple[dict[str, Any], list[ScriptCall]]:
    """The demo delegation: CEO -> CTO -> back up (refused) -> a human answers."""
    roster, model = scripted_roster()
    graph = create_delegation_graph(
        roster.org,
        roster,
        guard_store=InMemoryGuardStateStore(),
        checkpointer=InMemorySaver(),
        store=store,
    )
    ctx = dict(context or {})
    out = graph.invoke({"task": DEMO_TASK, "entry_agent": "ceo"}, _cfg("deleg-1"), context=ctx)
    if out.get("result") is None:
        out = graph.invoke(
            Command(resume="Launch it; Tariq owns it."), _cfg("deleg-1"), context=ctx
        )
    return out, model.calls


def run_pipeline(
    root: Path, *, store: BaseStore | None = None, context: Mapping[str, Any] | None = None
) -> tuple[dict[str, Any], list[ScriptCall]]:
    """The scripted pipeline demo: the CTO decomposes, routing, merges, the QA head reviews."""
    roster = demo_pipeline_roster()
    model = roster.model_for("cto")
    assert isinstance(model, ScriptedChatModel)
    graph = create_coordination_graph(
        roster.org,
        roster,
        executor=DemoAgents(pause=0.0),
        workspace=demo_workspace(demo_pipeline_repo(root / "billing")),
        checkpointer=InMemorySaver(),
        store=store,
    )
    cfg = _cfg("pipeline-1")
    out = graph.invoke({"task": DEMO_PIPELINE_TASK}, cfg, context=dict(context or {}))
    return out, model.calls


def run_worker(
    root: Path, *, store: BaseStore | None = None, context: Mapping[str, Any] | None = None
) -> tuple[dict[str, Any], list[ScriptCall]]:
    """The worker demo: worktree agents with tools, a check, a retry and a reassignment."""
    roster = agents_demo_roster()
    model = roster.model_for("cto")
    assert isinstance(model, ScriptedChatModel)
    check = agents_demo_check()
    graph = create_coordination_graph(
        roster.org,
        roster,
        executor=worktree_agent(roster, commands=CommandPolicy(allow=[check[:-1]])),
        decomposer=ManualDecomposer(AGENTS_DEMO_PLAN),
        workspace=WorkspaceConfig(
            repo_path=agents_demo_repo(root / "shop"), check_timeout_seconds=120
        ),
        check=list(check),
        checkpointer=InMemorySaver(),
        store=store,
    )
    cfg = _cfg("worker-1")
    out = graph.invoke({"task": AGENTS_DEMO_TASK}, cfg, context=dict(context or {}))
    return out, model.calls


_VOLATILE = (
    (re.compile(r"/tmp/[^\s'\"`)]*"), "<tmp>"),
    (re.compile(r"\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b"), "<uuid>"),
    (re.compile(r"\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(\.\d+)?(\+00:00|Z)?"), "<time>"),
    (re.compile(r"\b[0-9a-f]{7,40}\b"), "<hex>"),
    (re.compile(r"\d+\.\d+ ?s\b"), "<secs>"),
)


def normalised(text: str) -> str:
    """`text` with temp paths, uuids, times, commit ids and durations replaced by placeholders."""
    text = text.replace(sys.executable, "<python>")  # the venv's path differs per checkout
    for pattern, placeholder in _VOLATILE:
        text = pattern.sub(placeholder, text)
    return text


def prompts(calls: list[ScriptCall]) -> list[str]:
    """What each call sent, normalised: system prompt, human and tool messages, the schema."""
    shown = []
    for call in calls:
        parts = [f"agent: {call.agent_id}  max_tokens: {call.max_tokens}"]
        if call.schema is not None:
            parts.append(f"schema: {getattr(call.schema, '__name__', call.schema)}")
        if call.tool_names:
            parts.append(f"tools: {', '.join(call.tool_names)}")
        for message in call.messages:
            kind = {SystemMessage: "system", HumanMessage: "human", ToolMessage: "tool"}.get(
                type(message), type(message).__name__
            )
            if kind == "tool":  # tool output (test runs, timings) is not a prompt we write
                continue
            parts.append(f"--- {kind}\n{normalised(str(message.content))}")
        shown.append("\n".join(parts))
    return shown
