"""Every call capped, every cut flagged (issue 34 item 2), against the loopback OpenAI-compatible
server through the real `ChatOpenAI`, counting what the server received."""

from __future__ import annotations

import json
from typing import Any

import pytest
from langchain_core.messages import AIMessage
from langchain_openai import ChatOpenAI

from langgraph_council.graphs import (
    ConflictResolutionConfig,
    create_conflict_graph,
    create_delegation_graph,
)
from langgraph_council.nodes import Roster
from langgraph_council.nodes._calls import CallOutcome
from langgraph_council.nodes._conflicts.models import Verdict
from langgraph_council.nodes._demo import demo_conflict, demo_org
from langgraph_council.nodes._replies import model_reply
from tests.openai_server import Failure, agent_of, loopback_openai, schema_name

VERDICT = {"winning_agent_id": "backend_lead", "confidence": 0.9, "reasoning": "Usage logs."}
TRACEBACK = (
    "Traceback (most recent call last):\n"
    '  File "/opt/llama/lib/python3.11/site-packages/llama_cpp/server/app.py", line 412\n'
    "    raise ValueError(...)\n"
    "ValueError: response_format json_schema is not supported by this server"
)


def _json_schema_requests(requests: list[dict[str, Any]]) -> int:
    return sum((r.get("response_format") or {}).get("type") == "json_schema" for r in requests)


@pytest.mark.parametrize("how", ["base_url", "OPENAI_BASE_URL", "OPENAI_API_BASE"])
def test_the_cap_is_sent_as_max_tokens_however_the_server_was_named(
    how: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)
    monkeypatch.delenv("OPENAI_API_BASE", raising=False)
    with loopback_openai(lambda body: "Ship it.", mode="max_tokens_only") as server:
        if how == "base_url":
            model = ChatOpenAI(model="m", api_key="test", base_url=server.base_url)
        else:
            monkeypatch.setenv(how, server.base_url)
            model = ChatOpenAI(model="m", api_key="test")
        reply = Roster(demo_org(), default_model=model).call("cto", "Decide.", max_tokens=40)
    assert [r.get("max_tokens") for r in server.requests] == [40]  # what llama.cpp reads
    assert reply.output_tokens <= 40 and reply.over_cap  # cut at the cap, and flagged


def test_a_refused_json_schema_is_sent_once_and_its_reason_is_one_clean_line() -> None:
    def respond(body: dict[str, Any]) -> str | Failure:
        if body.get("response_format"):
            return Failure(status=500, message=TRACEBACK)
        return json.dumps(VERDICT)

    with loopback_openai(respond) as server:
        model = ChatOpenAI(model="m", api_key="test", base_url=server.base_url)  # 2 retries
        out = Roster(demo_org(), default_model=model).call_structured("cto", "Judge.", Verdict)
    assert _json_schema_requests(server.requests) == 1  # not retried by the client
    assert len(server.requests) == 2  # then once in text mode
    assert isinstance(out.parsed, Verdict)
    reason = out.reply.fallback_reason or ""
    assert "json_schema is not supported" in reason
    assert "\n" not in reason and "/opt/llama" not in reason and "Traceback" not in reason


def test_a_failing_server_is_still_retried_by_the_client() -> None:
    """Sending a structured request once must not drop retries of a server that is down."""
    failures = [Failure(status=503, message="overloaded"), Failure(status=503, message="again")]

    def respond(body: dict[str, Any]) -> str | Failure:
        return failures.pop(0) if failures else json.dumps(VERDICT)

    with loopback_openai(respond) as server:
        model = ChatOpenAI(model="m", api_key="test", base_url=server.base_url)
        out = Roster(demo_org(), default_model=model).call_structured("cto", "Judge.", Verdict)
    assert isinstance(out.parsed, Verdict) and out.reply.structured_mode == "json_schema"
    assert len(server.requests) == 3


def test_nothing_read_is_never_reported_as_read_from_its_text() -> None:
    with loopback_openai(lambda body: "I would rather not say.", mode="refuses") as server:
        model = ChatOpenAI(model="m", api_key="test", base_url=server.base_url, max_retries=0)
        out = Roster(demo_org(), default_model=model).call_structured("cto", "Judge.", Verdict)
    assert out.parsed is None
    warnings = CallOutcome(out.reply, out.parsed).warnings("the verdict")
    assert not any("read from its text" in w for w in warnings), warnings
    assert any("held no answer" in w for w in warnings), warnings


def test_a_reply_billed_at_its_cap_is_flagged_even_when_the_server_says_stop() -> None:
    message = AIMessage(
        content="x" * 40,
        usage_metadata={"input_tokens": 5, "output_tokens": 10, "total_tokens": 15},
        response_metadata={"finish_reason": "stop"},
    )
    assert model_reply("cto", [], message, 0.0, max_tokens=10).over_cap
    assert not model_reply("cto", [], message, 0.0, max_tokens=11).over_cap
    cut = AIMessage(content="x", response_metadata={"finish_reason": "length"})
    assert model_reply("cto", [], cut, 0.0, max_tokens=None).over_cap  # the context ended it


def test_the_delegation_turn_is_capped_and_a_cut_answer_is_flagged() -> None:
    with loopback_openai(lambda body: "We launch Friday.", mode="max_tokens_only") as server:
        model = ChatOpenAI(model="m", api_key="test", base_url=server.base_url)
        roster = Roster(demo_org(), default_model=model)
        graph = create_delegation_graph(roster.org, roster, config={"max_tokens_per_turn": 30})
        result = graph.invoke({"task": "Launch the API", "entry_agent": "cto"})["result"]
    assert [r.get("max_tokens") for r in server.requests] == [30]
    assert result.status == "answered"
    assert any("cto" in w and "output cap" in w for w in result.warnings), result.warnings


@pytest.mark.parametrize("strategy", ["debate", "hybrid"])
def test_the_verdict_calls_are_capped(strategy: str) -> None:
    def respond(body: dict[str, Any]) -> str:
        if schema_name(body) == "Verdict":
            return json.dumps(VERDICT)
        return f"{agent_of(body)}: my position stands."

    with loopback_openai(respond) as server:
        model = ChatOpenAI(model="m", api_key="test", base_url=server.base_url)
        roster = Roster(demo_org(), default_model=model)
        graph = create_conflict_graph(roster.org, roster)
        context = ConflictResolutionConfig(strategy=strategy, max_verdict_tokens=123)
        out = graph.invoke({"conflict": demo_conflict()}, context=context)
    verdicts = [r for r in server.requests if schema_name(r) == "Verdict"]
    assert verdicts and all(r.get("max_tokens") == 123 for r in verdicts)
    assert all(r.get("max_tokens") for r in server.requests)  # every call capped
    assert out["resolution"].winning_agent_id == "backend_lead"
