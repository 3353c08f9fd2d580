"""Every call site degrades (issue 34, Done-when 1): each family runs with a model that fails
at each of its calls in turn, and every run ends with a result that notes the failure.

Three failures: the model raises; the server answers HTTP 400 "maximum context length" (the
loopback OpenAI-compatible server through the real `ChatOpenAI`); the reply is JSON nested
100,000 deep (which `json` would answer with `RecursionError`). The calls are counted on a
clean run first, so a family that gains a call site is covered by the same test.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import pytest
from langchain_core.messages import AIMessage, convert_to_messages
from langchain_openai import ChatOpenAI
from langgraph.checkpoint.memory import InMemorySaver
from pydantic import BaseModel

from langgraph_council.graphs import (
    ConflictResolutionConfig,
    create_conflict_graph,
    create_coordination_graph,
    create_delegation_graph,
    create_meeting_graph,
)
from langgraph_council.nodes import Roster, Task
from langgraph_council.nodes._conflicts.ladder import NegotiationReply
from langgraph_council.nodes._conflicts.models import Verdict
from langgraph_council.nodes._demo import (
    DEMO_TASK,
    demo_agenda,
    demo_conflict,
    demo_org,
    demo_reply,
)
from langgraph_council.nodes._meetings.synthesis import JudgedSynthesisOutput, SynthesisOutput
from langgraph_council.nodes._pipeline.planner import DecompositionPlan
from langgraph_council.nodes.testing import ScriptCall, ScriptedChatModel
from tests.nodes.samples import TWO_STEP_PLAN
from tests.openai_server import Failure, agent_of, loopback_openai, schema_name

DEEP = '{"summary": ' + "[" * 100_000 + "]" * 100_000 + "}"
CONTEXT = (
    "This model's maximum context length is 4096 tokens. However, you requested 5120 tokens "
    "(1024 in the messages, 4096 in the completion). Please reduce the length."
)
SCHEMAS: dict[str, type[BaseModel]] = {
    s.__name__: s for s in (Verdict, SynthesisOutput, JudgedSynthesisOutput, NegotiationReply)
}


HAND_OFF = AIMessage(
    content="",
    tool_calls=[
        {
            "name": "delegate_to",
            "args": {"agent_id": "cto", "refinement": "Own the launch."},
            "id": "h1",
            "type": "tool_call",
        }
    ],
)


@dataclass
class Family:
    """One family run: build its graph on a roster, its input, and what a result looks like."""

    name: str
    run: Callable[[Roster], dict[str, Any]]
    ended: Callable[[dict[str, Any]], bool]
    noted: Callable[[dict[str, Any]], str]


def _meeting(protocol: str, **config: Any) -> Callable[[Roster], dict[str, Any]]:
    def run(roster: Roster) -> dict[str, Any]:
        graph = create_meeting_graph(roster, protocol=protocol, config=config or None)
        payload = {
            "agenda": demo_agenda(),
            "leader_id": "cto",
            "token_budget": 60_000,
            "participant_ids": ["backend_lead", "frontend_lead", "qa_head"],
        }
        return graph.invoke(payload)

    return run


def _minutes_notes(out: dict[str, Any]) -> str:
    m = out["minutes"]
    failures = " ".join(f"{f.agent_id} {f.error}" for f in m.failures)
    return " ".join([*m.warnings, failures, m.error or ""])


def _conflict(strategy: str) -> Callable[[Roster], dict[str, Any]]:
    def run(roster: Roster) -> dict[str, Any]:
        graph = create_conflict_graph(roster.org, roster, checkpointer=InMemorySaver())
        # hybrid: an ambiguous review goes to the authority ladder, not to a human (which
        # needs a checkpointer: the documented exception)
        context = ConflictResolutionConfig(
            strategy=strategy, hybrid={"escalate_on_ambiguity": False}
        )
        thread = {"configurable": {"thread_id": "t"}}
        return graph.invoke({"conflict": demo_conflict()}, thread, context=context)

    return run


def _resolved(out: dict[str, Any]) -> bool:
    """Resolved, or handed to a human with the reason (the ladder's last rung)."""
    return out.get("resolution") is not None or bool(out.get("__interrupt__"))


def _resolution_notes(out: dict[str, Any]) -> str:
    r = out.get("resolution")
    if r is None:
        return f"{out.get('fallback_reason')} {out['__interrupt__']}"
    return " ".join([r.reasoning, *r.warnings])


def _delegation(roster: Roster) -> dict[str, Any]:
    graph = create_delegation_graph(roster.org, roster)
    return graph.invoke({"task": DEMO_TASK, "entry_agent": "ceo"})


def _pipeline(roster: Roster) -> dict[str, Any]:
    graph = create_coordination_graph(roster.org, roster, executor=lambda run: "done")
    return graph.invoke({"task": Task(id="billing", title="Ship billing", owner_id="cto")})


def _pipeline_notes(out: dict[str, Any]) -> str:
    result = out["result"]
    return " ".join([*(str(p.error or "") for p in result.phases), *result.warnings])


FAMILIES = [
    *(
        Family(f"meeting-{p}", _meeting(p), lambda o: o.get("minutes") is not None, _minutes_notes)
        for p in ("round_robin", "position_papers", "selector")
    ),
    Family(
        "meeting-structured_phases-judge",
        _meeting(
            "structured_phases",
            structured_phases={"conflict_detector": "llm_judge", "premortem": True},
        ),
        lambda o: o.get("minutes") is not None,
        _minutes_notes,
    ),
    Family(
        "meeting-structured_phases-devils_advocate",
        _meeting(
            "structured_phases",
            structured_phases={
                "conflict_detector": "keyword",
                "similarity_threshold": 0.0,
                "min_disagreements": 99,
            },
        ),
        lambda o: o.get("minutes") is not None,
        _minutes_notes,
    ),
    *(
        Family(
            f"conflict-{s}",
            _conflict(s),
            _resolved,
            _resolution_notes,
        )
        for s in ("authority", "debate", "hybrid", "ladder")
    ),
    Family("pipeline-planner", _pipeline, lambda o: o.get("result") is not None, _pipeline_notes),
    Family(
        "delegation",
        _delegation,
        lambda o: o.get("result") is not None,
        lambda o: " ".join([o["result"].status, *o["result"].warnings]),
    ),
]


class Injector:
    """Counts calls; call number `at` fails as `kind` (None: no call fails)."""

    def __init__(self, kind: str, at: int | None) -> None:
        self.kind, self.at, self.calls, self.handed = kind, at, 0, False

    def reply(self, call: ScriptCall) -> Any:
        """The demo's agents, except in delegation: the CEO hands the task to the CTO once and
        everyone answers (the demo's own hand-offs go up to a human)."""
        if call.schema is DecompositionPlan:
            return DecompositionPlan.model_validate(TWO_STEP_PLAN)
        if not call.tools:
            return demo_reply(call)
        if call.agent_id == "ceo" and not self.handed:
            self.handed = True
            return HAND_OFF
        return f"{call.agent_id}: we launch on Friday."

    def fails_now(self) -> bool:
        now, self.calls = self.calls, self.calls + 1
        return now == self.at

    def scripted(self, call: ScriptCall) -> Any:
        if self.fails_now():
            return DEEP if self.kind == "deep_json" else RuntimeError("provider down: boom")
        return self.reply(call)

    def served(self, body: dict[str, Any]) -> str | AIMessage | Failure:
        if self.fails_now():
            return Failure(status=400, message=CONTEXT)
        call = ScriptCall(
            messages=tuple(convert_to_messages(body["messages"])),
            agent_id=agent_of(body),
            max_tokens=body.get("max_tokens"),
            tools=tuple(body.get("tools") or ()),
            schema=SCHEMAS.get(schema_name(body) or ""),
        )
        reply = self.reply(call)
        if isinstance(reply, BaseModel):
            return reply.model_dump_json()
        return reply if isinstance(reply, AIMessage) else str(reply)


@contextmanager
def roster_for(kind: str, injector: Injector) -> Iterator[Roster]:
    if kind != "http_400":
        yield Roster(demo_org(), default_model=ScriptedChatModel(injector.scripted))
        return
    with loopback_openai(injector.served) as server:
        model = ChatOpenAI(model="loopback", base_url=server.base_url, api_key="test")
        yield Roster(demo_org(), default_model=model)


def _run(family: Family, kind: str, at: int | None) -> tuple[dict[str, Any], int]:
    injector = Injector(kind, at)
    with roster_for(kind, injector) as roster:
        out = family.run(roster)
    return out, injector.calls


@pytest.mark.parametrize("kind", ["exception", "http_400", "deep_json"])
@pytest.mark.parametrize("family", FAMILIES, ids=[f.name for f in FAMILIES])
def test_a_failure_at_each_call_site_ends_with_a_result_that_notes_it(
    family: Family, kind: str
) -> None:
    clean, calls = _run(family, kind, None)
    assert family.ended(clean) and calls > 0
    for at in range(calls):
        out, _ = _run(family, kind, at)  # raising here is the bug this test is for
        assert family.ended(out), (family.name, kind, at, out)
        if kind != "deep_json":  # a deep reply may be fine as text (a turn of prose)
            said = family.noted(out)
            assert "boom" in said or "maximum context length" in said, (at, said)


def test_deep_json_is_read_as_nothing_and_never_parsed() -> None:
    from langgraph_council.nodes._structured import parse_from_text

    assert parse_from_text(DEEP, SynthesisOutput) is None
    assert json.loads('{"summary": "fine"}')  # the bound is on depth, not on JSON
