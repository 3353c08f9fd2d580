"""Structured replies and output caps on any OpenAI-compatible server (issue 22 items 1-2): each
meeting protocol, a debate and the pipeline planner through the real `ChatOpenAI` against a
loopback server that honours `json_schema`, refuses it, ignores it, or reads only `max_tokens`."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from langchain_openai import ChatOpenAI
from langgraph.checkpoint.memory import InMemorySaver

from langgraph_council.graphs import (
    ConflictResolutionConfig,
    create_conflict_graph,
    create_coordination_graph,
    create_meeting_graph,
)
from langgraph_council.nodes import Org, Roster, Task
from langgraph_council.nodes._meetings.synthesis import SynthesisOutput
from tests.nodes.samples import TWO_STEP_PLAN, release_conflict
from tests.openai_server import (
    LoopbackOpenAI,
    ServerMode,
    agent_of,
    loopback_openai,
    schema_name,
)

MODES: list[ServerMode] = ["honours", "refuses", "ignores", "max_tokens_only"]
FALLS_BACK = {"refuses", "ignores"}
STANCES = {
    "senior_dev": "Position: Ship on Friday\nConfidence: 0.8\nEvidence:\n- CI is green",
    "ui_dev": "Position: Wait for the design review\nConfidence: 0.6\nEvidence:\n- review Monday",
    "qa_head": "Position: Ship on Friday\nConfidence: 0.7\nEvidence:\n- 140 contract tests pass",
}
ANSWERS = {
    "SynthesisOutput": {
        "summary": "Ship on Friday after a smoke test.",
        "decisions": ["Ship on Friday"],
        "action_items": [{"description": "Run the smoke test", "assignee": "qa_head"}],
    },
    "Verdict": {"winning_agent_id": "ui_dev", "confidence": 0.9, "reasoning": "Review first."},
    "DecompositionPlan": TWO_STEP_PLAN,
}
MEETING = {
    "agenda": {"title": "Release date"},
    "leader_id": "cto",
    "participant_ids": ["senior_dev", "ui_dev", "qa_head"],
    "token_budget": 20_000,
}


def _respond(body: dict[str, Any]) -> str:
    answer = ANSWERS.get(schema_name(body) or "")
    if answer is not None:
        return json.dumps(answer)
    return STANCES.get(agent_of(body) or "", "I agree: Ship on Friday.")


@contextmanager
def _served(org: Org, mode: ServerMode) -> Iterator[tuple[LoopbackOpenAI, Roster]]:
    with loopback_openai(_respond, mode=mode) as server:
        model = ChatOpenAI(
            model="gpt-4o-mini", base_url=server.base_url, api_key="test", max_retries=0
        )
        yield server, Roster(org, default_model=model)


def _caps_sent_as_max_tokens(server: LoopbackOpenAI) -> None:
    capped = [r for r in server.requests if "max_completion_tokens" in r]
    assert capped and all(r["max_tokens"] == r["max_completion_tokens"] for r in capped)


def _flagged(warnings: tuple[str, ...], mode: ServerMode, what: str) -> None:
    from_text = any(f"{what} by" in w and "read from its text" in w for w in warnings)
    assert from_text == (mode != "honours"), warnings  # a cut reply is read from its text too
    if mode in FALLS_BACK:
        assert any(f"{mode[:-1]}" in w or "refused" in w for w in warnings), warnings


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("protocol", ["round_robin", "position_papers", "structured_phases"])
def test_a_meeting_gets_minutes_on_every_server(org: Org, protocol: str, mode: ServerMode) -> None:
    with _served(org, mode) as (server, roster):
        minutes = create_meeting_graph(roster, protocol=protocol).invoke(MEETING)["minutes"]
    assert minutes.status == "completed" and minutes.decisions == ("Ship on Friday",)
    assert (minutes.total_input_tokens, minutes.total_output_tokens) == server.tokens()
    _flagged(minutes.warnings, mode, "the synthesis")
    refused = [r for r in server.requests if r.get("response_format") and mode == "refuses"]
    assert len(server.requests) == len(minutes.contributions) + len(refused)
    cut = [c for c in minutes.contributions if c.over_cap]
    if mode == "max_tokens_only":
        _caps_sent_as_max_tokens(server)
        assert len(cut) == len(minutes.contributions)  # every reply rambled to its cap
        assert any("past their output cap" in w for w in minutes.warnings)
    else:
        assert not cut


@pytest.mark.parametrize("mode", MODES)
def test_a_debate_gets_a_verdict_on_every_server(org: Org, mode: ServerMode) -> None:
    debate = ConflictResolutionConfig(strategy="debate")
    with _served(org, mode) as (server, roster):
        out = create_conflict_graph(org, roster, config=debate).invoke(
            {"conflict": release_conflict()}
        )
    resolution = out["resolution"]
    assert resolution.outcome == "resolved_by_debate" and resolution.winning_agent_id == "ui_dev"
    assert out["tokens_used"] == sum(server.tokens())
    verdict_from_text = any("verdict by cto was read" in w for w in resolution.warnings)
    # the verdict call is capped too (issue 34): cut at its cap, it is read from its text
    assert verdict_from_text == (mode in {*FALLS_BACK, "max_tokens_only"}), resolution.warnings
    cut = [w for w in resolution.warnings if "ran past its output cap" in w]
    if mode == "max_tokens_only":
        _caps_sent_as_max_tokens(server)
        assert len(cut) == 5  # two arguments, two rebuttals, the verdict
    else:
        assert not cut


@pytest.mark.parametrize("mode", MODES)
def test_the_planner_gets_a_plan_on_every_server(org: Org, mode: ServerMode) -> None:
    task = Task(id="billing", title="Ship billing", owner_id="cto")
    with _served(org, mode) as (server, roster):
        graph = create_coordination_graph(org, roster, executor=lambda run: "done")
        result = graph.invoke({"task": task})["result"]
    assert result.rollup == "completed" and [s.id for s in result.subtasks] == [
        "invoices",
        "payments",
    ]
    plan = result.plan
    assert (plan.planner_input_tokens, plan.planner_output_tokens) == server.tokens()
    from_text = any("the plan by cto was read from its text" in w for w in result.warnings)
    assert from_text == (mode != "honours"), result.warnings
    over = any("the plan by cto ran past its output cap" in w for w in result.warnings)
    assert over == (mode == "max_tokens_only")
    if mode == "max_tokens_only":
        _caps_sent_as_max_tokens(server)


@pytest.mark.parametrize("mode", ["refuses", "ignores"])
def test_what_worked_is_remembered_per_model(org: Org, mode: ServerMode) -> None:
    with _served(org, mode) as (server, roster):
        first = roster.call_structured("cto", "Decide.", SynthesisOutput, max_tokens=300)
        second = roster.call_structured("ceo", "Decide.", SynthesisOutput, max_tokens=300)
    assert first.parsed is not None and second.parsed is not None
    assert first.parsed.decisions == second.parsed.decisions == ["Ship on Friday"]
    assert first.reply.fallback_reason and second.reply.fallback_reason
    assert (first.reply.structured_mode, second.reply.structured_mode) == (
        "text" if mode == "refuses" else "json_schema",
        "text",
    )
    asked = [bool(r.get("response_format")) for r in server.requests]
    # refused: json_schema, then text, then text directly; ignored: json_schema, then text
    assert asked == ([True, False, False] if mode == "refuses" else [True, False])
    assert "matches this JSON schema" in server.requests[-1]["messages"][-1]["content"]
    billed = first.reply.total_tokens + second.reply.total_tokens
    assert billed == sum(server.tokens())


def test_a_cap_sent_only_as_max_completion_tokens_is_run_past(org: Org) -> None:
    with loopback_openai(_respond, mode="max_tokens_only") as server:
        raw = ChatOpenAI(
            model="gpt-4o-mini", base_url=server.base_url, api_key="test", max_tokens=20
        ).invoke("Status?")
        reply = Roster(
            org,
            default_model=ChatOpenAI(model="gpt-4o-mini", base_url=server.base_url, api_key="t"),
        ).call("qa_head", "Status?", max_tokens=20)
    assert "max_tokens" not in server.requests[0]  # langchain-openai alone: the cap is lost
    assert raw.usage_metadata is not None and raw.usage_metadata["output_tokens"] > 20
    assert server.requests[1]["max_tokens"] == 20  # the roster also sends `max_tokens`
    assert reply.over_cap and reply.output_tokens == 20


def test_json_mode_sends_the_schema_in_the_prompt(org: Org) -> None:
    with loopback_openai(_respond) as server:
        model = ChatOpenAI(model="gpt-4o-mini", base_url=server.base_url, api_key="test")
        out = Roster(org, default_model=model, structured_method="json_mode").call_structured(
            "cto", "Decide.", SynthesisOutput
        )
    assert out.parsed is not None and out.parsed.decisions == ["Ship on Friday"]
    assert (out.reply.structured_mode, out.parsed_from_text) == ("json_mode", False)
    sent = server.requests[0]
    assert sent["response_format"] == {"type": "json_object"}
    assert "matches this JSON schema" in sent["messages"][-1]["content"]


def test_refused_tools_fall_back_to_text(org: Org) -> None:
    with loopback_openai(_respond, mode="refuses") as server:
        model = ChatOpenAI(
            model="gpt-4o-mini", base_url=server.base_url, api_key="test", max_retries=0
        )
        roster = Roster(org, default_model=model, structured_method="function_calling")
        out = roster.call_structured("cto", "Decide.", SynthesisOutput)
    assert out.parsed is not None and out.reply.structured_mode == "text"
    assert "function_calling refused: HTTP 500" in (out.reply.fallback_reason or "")
    assert [bool(r.get("tools")) for r in server.requests] == [True, False]


def _evaluators(verdict: str) -> Any:
    def respond(body: dict[str, Any]) -> str:
        if schema_name(body) == "Verdict":
            return verdict
        return STANCES.get(agent_of(body) or "", "I hold my position.")

    return respond


EVALUATED = {
    "hybrid": {"escalate_on_ambiguity": False},
    "ladder": {"max_rounds": 1, "arbitrator": "cto"},
}


@pytest.mark.parametrize("strategy", ["debate", "hybrid", "ladder"])
def test_a_verdict_read_from_text_is_flagged_on_every_evaluator(org: Org, strategy: str) -> None:
    config = ConflictResolutionConfig.model_validate({"strategy": strategy, **EVALUATED})
    with _served(org, "refuses") as (server, roster):
        out = create_conflict_graph(org, roster, config=config).invoke(
            {"conflict": release_conflict()}
        )
    resolution = out["resolution"]
    assert resolution.winning_agent_id == "ui_dev" and out["tokens_used"] == sum(server.tokens())
    assert any("the verdict by" in w and "refused" in w for w in resolution.warnings), resolution


@pytest.mark.parametrize("strategy", ["debate", "hybrid", "ladder"])
def test_a_fallback_after_an_unreadable_verdict_says_what_was_refused(
    org: Org, strategy: str
) -> None:
    config = ConflictResolutionConfig.model_validate({"strategy": strategy, **EVALUATED})
    with loopback_openai(_evaluators("Both have a point."), mode="refuses") as server:
        model = ChatOpenAI(
            model="gpt-4o-mini", base_url=server.base_url, api_key="test", max_retries=0
        )
        graph = create_conflict_graph(
            org, Roster(org, default_model=model), config=config, checkpointer=InMemorySaver()
        )
        out = graph.invoke({"conflict": release_conflict()}, {"configurable": {"thread_id": "1"}})
    if strategy == "ladder":  # arbitration failed: the human is told why, refusal included
        told = out["__interrupt__"][0].value["reason"]
    else:  # the authority decided: its reasoning says why the evaluator was not used
        told = out["resolution"].reasoning
    assert "no structured verdict" in told and "json_schema refused" in told, told
