"""The demo org, scenarios and scripted agents used by `council demo` and LangGraph Studio."""

from __future__ import annotations

import importlib
import os
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage
from pydantic import BaseModel

from langgraph_council.nodes._agents import Roster
from langgraph_council.nodes._conflicts.models import Conflict, ConflictPosition, Verdict
from langgraph_council.nodes._meetings.models import MeetingAgenda
from langgraph_council.nodes._meetings.synthesis import (
    ActionItemDraft,
    PositionDraft,
    SynthesisOutput,
)
from langgraph_council.nodes._org import Org
from langgraph_council.nodes._workspace.git import run_git
from langgraph_council.nodes.testing import ScriptCall, ScriptedChatModel, last_human_text

__all__ = [
    "DEMO_AGENTS",
    "DEMO_TASK",
    "MODEL_ENV",
    "demo_agenda",
    "demo_conflict",
    "demo_model",
    "demo_org",
    "demo_reply",
    "demo_repo",
    "demo_roster",
    "with_stream_usage",
]

MODEL_ENV = "COUNCIL_MODEL"
"""Set to e.g. `openai:gpt-4o-mini` to run the demos on a real model instead of scripts."""

DEMO_AGENTS: tuple[dict[str, Any], ...] = (
    {
        "id": "ceo",
        "name": "Cora",
        "role": "ceo",
        "department": "executive",
        "level": "c_suite",
        "primary_skills": ["strategy"],
    },
    {
        "id": "cto",
        "name": "Tariq",
        "role": "cto",
        "department": "engineering",
        "level": "vp",
        "manager_id": "ceo",
        "primary_skills": ["architecture", "strategy"],
    },
    {
        "id": "backend_lead",
        "name": "Bea",
        "role": "backend_lead",
        "department": "backend",
        "level": "lead",
        "manager_id": "cto",
        "primary_skills": ["python", "api_design"],
    },
    {
        "id": "senior_dev",
        "name": "Sam",
        "role": "backend_dev",
        "department": "backend",
        "level": "senior",
        "manager_id": "backend_lead",
        "primary_skills": ["python", "databases"],
    },
    {
        "id": "frontend_lead",
        "name": "Fay",
        "role": "frontend_lead",
        "department": "frontend",
        "level": "lead",
        "manager_id": "cto",
        "primary_skills": ["react", "graphql"],
    },
    {
        "id": "ui_dev",
        "name": "Uma",
        "role": "frontend_dev",
        "department": "frontend",
        "level": "mid",
        "manager_id": "frontend_lead",
        "primary_skills": ["react", "css"],
    },
    {
        "id": "qa_head",
        "name": "Quinn",
        "role": "qa_head",
        "department": "qa",
        "level": "director",
        "primary_skills": ["testing", "api_design"],
    },
)

# What each scripted agent believes about the demo question, with its evidence.
_STANCES: dict[str, tuple[str, float, tuple[str, ...]]] = {
    "backend_lead": (
        "Keep REST and add versioned endpoints",
        0.8,
        ("p95 latency report 2026-Q3", "API usage logs: 92% of calls hit 6 endpoints"),
    ),
    "senior_dev": (
        "Keep REST and add versioned endpoints",
        0.7,
        ("API usage logs: 92% of calls hit 6 endpoints",),
    ),
    "frontend_lead": (
        "Move the public API to GraphQL",
        0.7,
        ("mobile over-fetching audit: 38% unused payload",),
    ),
    "ui_dev": (
        "Move the public API to GraphQL",
        0.6,
        ("mobile over-fetching audit: 38% unused payload",),
    ),
    "qa_head": (
        "Keep REST and add versioned endpoints",
        0.6,
        ("contract test suite covers 140 REST endpoints",),
    ),
}
_DEFAULT_STANCE = ("Keep REST and add versioned endpoints", 0.5, ("team experience",))


def demo_org() -> Org:
    """CEO -> CTO -> backend and frontend teams, plus a separate QA head."""
    return Org(DEMO_AGENTS)


def demo_repo(root: Path, files: Mapping[str, str], message: str) -> Path:
    """A fresh git repository at `root` (which must not exist) with `files` in one commit."""
    if root.exists():
        raise ValueError(f"--repo {str(root)!r} exists; name a new directory for the demo")
    root.mkdir(parents=True)
    for name, text in files.items():
        (root / name).write_text(text)
    run_git(root, "init", "-q", "-b", "main", discover=True)
    run_git(root, "add", "-A")
    run_git(root, "commit", "-q", "-m", message, identity=True)
    return root


def demo_agenda() -> MeetingAgenda:
    """The demo meeting's question."""
    return MeetingAgenda(
        title="Public API: stay on REST or move to GraphQL before Q3?",
        context="Mobile clients complain about payload size; partners rely on the REST API.",
    )


def demo_conflict() -> Conflict:
    """Two leads of equal rank and a mid-level engineer disagree about the API style."""
    org = demo_org()
    parties = ("backend_lead", "frontend_lead", "ui_dev")
    return Conflict(
        id="demo-api-style",
        type="architecture",
        subject="Public API style for Q3",
        positions=tuple(
            ConflictPosition(
                agent_id=agent,
                agent_department=org.get(agent).department,
                agent_level=org.get(agent).level,
                position=_STANCES[agent][0],
                reasoning=f"{org.get(agent).name} weighed {', '.join(_STANCES[agent][2])}.",
                evidence=_STANCES[agent][2],
            )
            for agent in parties
        ),
    )


DEMO_TASK = "Launch the billing API before the Q3 partner deadline"
"""The demo delegation: the CEO hands it to the CTO, who tries to hand it back up."""


def _delegation_reply(call: ScriptCall) -> AIMessage | str:
    """CEO delegates to the CTO, the CTO hands it back up (refused), a human settles it."""
    text = last_human_text(call)
    if call.agent_id == "ceo" and "answered by" in text:
        return "CEO: we launch the billing API as the human decided; owners are informed."
    target = {"ceo": "cto", "cto": "ceo"}.get(str(call.agent_id))
    if target is None:
        return f"{call.agent_id}: done."
    return AIMessage(
        content="",
        tool_calls=[
            {
                "name": "delegate_to",
                "args": {"agent_id": target, "refinement": "Own the billing API launch."},
                "id": f"demo-{call.agent_id}-{len(call.messages)}",
                "type": "tool_call",
            }
        ],
    )


def _stance_text(agent: str) -> str:
    claim, confidence, evidence = _STANCES.get(agent, _DEFAULT_STANCE)
    lines = "\n".join(f"- {e}" for e in evidence)
    return f"Position: {claim}\nConfidence: {confidence}\nEvidence:\n{lines}\n"


def _parties(text: str) -> list[str]:
    known = [str(a["id"]) for a in DEMO_AGENTS]
    found = re.findall(r"\b(" + "|".join(known) + r")\b", text)
    return list(dict.fromkeys(found))


def _structured(call: ScriptCall, schema: type[BaseModel]) -> BaseModel | dict[str, Any]:
    text = last_human_text(call)
    if schema is Verdict:
        parties = [p for p in _parties(text) if p != call.agent_id] or [str(call.agent_id)]
        winner = "backend_lead" if "backend_lead" in parties else parties[0]
        return Verdict(
            winning_agent_id=winner,
            confidence=0.8,
            reasoning="Usage logs and latency data outweigh the payload audit for partners.",
        )
    if schema is SynthesisOutput:
        return SynthesisOutput(
            summary="Stay on REST for partners; fix mobile payloads with sparse fieldsets.",
            decisions=[
                "Keep the public REST API and add versioned endpoints",
                "Add sparse fieldsets for mobile clients",
            ],
            action_items=[
                ActionItemDraft(
                    description="Draft the v2 endpoint plan",
                    assignee="backend_lead",
                    priority="high",
                ),
                ActionItemDraft(
                    description="Measure payload size after sparse fieldsets",
                    assignee="frontend_lead",
                ),
                ActionItemDraft(
                    description="Update the design system docs", assignee="ui_dev", priority="low"
                ),
            ],
            positions=[
                PositionDraft(agent_id=agent, claim=claim, confidence=conf, evidence=list(ev))
                for agent, (claim, conf, ev) in _STANCES.items()
                if agent in _parties(text)
            ],
            justification="Independent evidence (usage logs, latency, contract tests) wins.",
        )
    fields = schema.model_fields
    data: dict[str, Any] = {}
    for name in fields:
        if name in {"statement", "reasoning", "summary", "content"}:
            data[name] = _STANCES.get(str(call.agent_id), _DEFAULT_STANCE)[0]
        elif name == "agrees_with":
            data[name] = None
        elif name == "confidence":
            data[name] = 0.7
    return schema.model_validate(data)


def demo_reply(call: ScriptCall) -> Any:
    """A scripted agent that argues its stance on the demo question, whatever it is asked.

    Offered the hand-off tool (the delegation demo), it plays `DEMO_TASK` instead.
    """
    if call.tools:
        return _delegation_reply(call)
    if isinstance(call.schema, type) and issubclass(call.schema, BaseModel):
        return _structured(call, call.schema)
    text = last_human_text(call)
    agent = str(call.agent_id)
    if "choose who speaks next" in text:  # the selector protocol: the last candidate listed
        candidates = re.findall(r"^- ([\w-]+):", text, re.MULTILINE)
        return candidates[-1] if candidates else "nobody"
    if "genuinely conflict" in text:
        return "CONFLICT: backend_lead, frontend_lead - REST versus GraphQL for the public API"
    if "Premortem" in text:
        return (
            "- Partners break on a silent schema change (likelihood: medium; mitigation: "
            "contract tests in CI)\n- Mobile payloads stay large (likelihood: high; "
            "mitigation: sparse fieldsets)"
        )
    if "devil's advocate" in text:
        return (
            "The consensus ignores mobile: 38% of payload is unused. Evidence could prove us wrong."
        )
    if "rebut or concede" in text:
        claim = _STANCES.get(agent, _DEFAULT_STANCE)[0]
        return f"I maintain: {claim}. My evidence is independent; the other side's is one audit."
    return _stance_text(agent)


def demo_model() -> BaseChatModel:
    """`COUNCIL_MODEL` through `init_chat_model` when set, else the scripted demo agents."""
    spec = os.environ.get(MODEL_ENV)
    if spec:
        try:
            chat_models = importlib.import_module("langchain.chat_models")
        except ImportError as exc:
            raise RuntimeError(
                f"{MODEL_ENV}={spec!r} needs `pip install langchain` and the provider's package "
                "(e.g. langchain-openai); unset it to run on the scripted demo agents"
            ) from exc
        model: BaseChatModel = chat_models.init_chat_model(spec)
        return with_stream_usage(model)
    return ScriptedChatModel(demo_reply)


def with_stream_usage(model: BaseChatModel) -> BaseChatModel:
    """`model` reporting real token usage when it streams.

    langchain-openai turns `stream_usage` on only for OpenAI's own endpoint: with a custom
    base URL (`OPENAI_BASE_URL`, a proxy, vLLM) a streamed reply has no usage, and budgets run
    on estimates. A model that has the field and leaves it unset gets `stream_usage=True`.
    """
    fields = getattr(type(model), "model_fields", {})
    if "stream_usage" in fields and getattr(model, "stream_usage", None) is None:
        return model.model_copy(update={"stream_usage": True})
    return model


def demo_roster(org: Org | None = None) -> Roster:
    """Every demo agent on `demo_model()`."""
    return Roster(org or demo_org(), default_model=demo_model())
