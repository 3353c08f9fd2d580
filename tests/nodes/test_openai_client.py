"""The real `langchain-openai` client against a loopback server: the roster, whole meetings and a
debate (usage, structured output, retries of a failing agent)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from langchain_openai import ChatOpenAI

from langgraph_council.graphs import (
    ConflictResolutionConfig,
    create_conflict_graph,
    create_meeting_graph,
)
from langgraph_council.nodes import Org, Roster
from tests.nodes.samples import release_conflict
from tests.nodes.schemas import Verdict
from tests.openai_server import (
    Failure,
    LoopbackOpenAI,
    Responder,
    agent_of,
    loopback_openai,
    schema_name,
)


def _respond(body: dict[str, Any]) -> str:
    if body.get("response_format"):
        return json.dumps({"winner": "cto", "confidence": 0.75})
    return "Ship on Friday."


@pytest.fixture
def server() -> Iterator[LoopbackOpenAI]:
    with loopback_openai(_respond) as running:
        yield running


def _model(server: LoopbackOpenAI) -> ChatOpenAI:
    return ChatOpenAI(model="gpt-4o-mini", base_url=server.base_url, api_key="test", max_retries=0)


def test_plain_call_counts_the_servers_usage(org: Org, server: LoopbackOpenAI) -> None:
    reply = Roster(org, default_model=_model(server)).call("cto", "When do we ship?", max_tokens=50)
    assert reply.content == "Ship on Friday."
    assert not reply.usage_estimated and reply.output_tokens == len("Ship on Friday.") // 4 + 1
    sent = server.requests[0]
    assert (
        sent["messages"][0]["role"] == "system"
        and "Agent id: cto" in sent["messages"][0]["content"]
    )
    assert (sent.get("max_tokens") or sent.get("max_completion_tokens")) == 50


def test_structured_call_parses_the_json_schema_reply(org: Org, server: LoopbackOpenAI) -> None:
    out = Roster(org, default_model=_model(server)).call_structured(
        "ceo", "Who wins?", Verdict, max_tokens=80
    )
    assert out.parsed == Verdict(winner="cto", confidence=0.75)
    sent = server.requests[0]
    assert sent["response_format"]["type"] == "json_schema"
    assert (sent.get("max_tokens") or sent.get("max_completion_tokens")) == 80


async def test_async_call(org: Org, server: LoopbackOpenAI) -> None:
    reply = await Roster(org, default_model=_model(server)).acall("qa_head", "Status?")
    assert reply.content == "Ship on Friday." and reply.input_tokens > 0


# --- Whole graphs on the real client -------------------------------------------------------

STANCES = {
    "senior_dev": "Position: Ship on Friday\nConfidence: 0.8\nEvidence:\n- CI is green",
    "ui_dev": "Position: Wait for the design review\nConfidence: 0.6\nEvidence:\n- review Monday",
    "qa_head": "Position: Ship on Friday\nConfidence: 0.7\nEvidence:\n- 140 contract tests pass",
}
SYNTHESIS = {
    "summary": "Ship on Friday after a smoke test.",
    "decisions": ["Ship on Friday"],
    "action_items": [
        {"description": "Run the smoke test", "assignee": "qa_head", "priority": "high"}
    ],
    "positions": [
        {
            "agent_id": "senior_dev",
            "claim": "Ship on Friday",
            "confidence": 0.8,
            "evidence": ["CI is green"],
        },
        {
            "agent_id": "ui_dev",
            "claim": "Wait for the design review",
            "confidence": 0.6,
            "evidence": ["review Monday"],
        },
    ],
    "justification": "CI evidence outweighs the review date.",
}
VERDICT = {"winning_agent_id": "ui_dev", "confidence": 0.9, "reasoning": "The review finds bugs."}
MEETING = {
    "agenda": {"title": "Release date"},
    "leader_id": "cto",
    "participant_ids": ["senior_dev", "ui_dev", "qa_head"],
    "token_budget": 20_000,
}


def _council(failing: str | None = None) -> Responder:
    def respond(body: dict[str, Any]) -> str | Failure:
        agent = agent_of(body)
        if agent == failing:
            return Failure(status=500)
        schema = schema_name(body)
        if schema == "SynthesisOutput":
            return json.dumps(SYNTHESIS)
        if schema == "Verdict":
            return json.dumps(VERDICT)
        return STANCES.get(agent or "", "I agree: Ship on Friday.")

    return respond


def _roster(org: Org, server: LoopbackOpenAI, *, retries: int = 0) -> Roster:
    model = ChatOpenAI(
        model="gpt-4o-mini", base_url=server.base_url, api_key="test", max_retries=retries
    )
    return Roster(org, default_model=model)


@pytest.mark.parametrize("protocol", ["round_robin", "position_papers", "structured_phases"])
def test_a_meeting_on_the_real_client_counts_the_servers_usage(org: Org, protocol: str) -> None:
    with loopback_openai(_council()) as server:
        minutes = create_meeting_graph(_roster(org, server), protocol=protocol).invoke(MEETING)[
            "minutes"
        ]
    assert minutes.status == "completed"
    assert (minutes.total_input_tokens, minutes.total_output_tokens) == server.tokens()
    assert not any(c.usage_estimated for c in minutes.contributions)
    by_agent = minutes.token_usage_by_participant
    for agent in ("cto", *MEETING["participant_ids"]):
        served = sum(
            u["prompt_tokens"] + u["completion_tokens"]
            for u in server.usage
            if u["agent_id"] == agent
        )
        assert by_agent.get(agent, 0) == served, agent
    # The synthesis went through the client's structured output and was parsed, not scraped.
    assert [schema_name(r) for r in server.requests_from("cto")][-1] == "SynthesisOutput"
    assert minutes.decisions == ("Ship on Friday",)
    assert [(a.assignee_id, a.priority) for a in minutes.action_items] == [("qa_head", "high")]
    assert minutes.justification == SYNTHESIS["justification"]


async def test_a_parallel_meeting_under_ainvoke_on_the_real_client(org: Org) -> None:
    with loopback_openai(_council()) as server:
        graph = create_meeting_graph(_roster(org, server), protocol="position_papers")
        minutes = (await graph.ainvoke(MEETING))["minutes"]
    assert minutes.status == "completed" and minutes.decisions == ("Ship on Friday",)
    assert (minutes.total_input_tokens, minutes.total_output_tokens) == server.tokens()


def test_a_debate_on_the_real_client(org: Org) -> None:
    conflict = release_conflict()
    debate = ConflictResolutionConfig(strategy="debate")
    with loopback_openai(_council()) as server:
        out = create_conflict_graph(org, _roster(org, server), config=debate).invoke(
            {"conflict": conflict}
        )
    resolution = out["resolution"]
    assert resolution.outcome == "resolved_by_debate"
    assert (resolution.winning_agent_id, resolution.confidence) == ("ui_dev", 0.9)
    assert resolution.decided_by == "cto"  # the parties' shared manager judged, not a party
    assert out["tokens_used"] == sum(server.tokens())
    assert [schema_name(r) for r in server.requests_from("cto")] == ["Verdict"]
    assert len(server.requests_from("senior_dev")) == 2  # argued once, rebutted once


@pytest.mark.parametrize("protocol", ["position_papers", "structured_phases"])
def test_a_500_is_retried_then_the_agent_is_recorded_as_failed(org: Org, protocol: str) -> None:
    with loopback_openai(_council(failing="ui_dev")) as server:
        roster = _roster(org, server, retries=1)
        minutes = create_meeting_graph(roster, protocol=protocol).invoke(MEETING)["minutes"]
    assert len(server.requests_from("ui_dev")) == 2  # the first try and one retry
    assert minutes.status == "completed"
    (failure,) = minutes.failures
    assert failure.agent_id == "ui_dev" and "500" in failure.error
    assert "ui_dev" not in minutes.token_usage_by_participant
    assert (minutes.total_input_tokens, minutes.total_output_tokens) == server.tokens()


def test_round_robin_records_a_failing_speaker(org: Org) -> None:
    # issue 13 item 3: the failed speaker is recorded once and its turns are skipped.
    with loopback_openai(_council(failing="ui_dev")) as server:
        roster = _roster(org, server, retries=1)
        minutes = create_meeting_graph(roster, protocol="round_robin").invoke(MEETING)["minutes"]
        assert len(server.requests_from("ui_dev")) == 2  # one turn: the first try and a retry
    assert minutes.status == "completed"
    assert [f.agent_id for f in minutes.failures] == ["ui_dev"]
    assert "500" in minutes.failures[0].error
    assert minutes.contributions and "ui_dev" not in {c.agent_id for c in minutes.contributions}


def test_a_server_that_ignores_the_json_schema_still_gives_minutes(org: Org) -> None:
    # Was a strict xfail: ChatOpenAI's own parser raised a ValidationError inside the client,
    # so the text fallback was never reached and the call's usage was lost.
    def plain_text_only(body: dict[str, Any]) -> str:
        if schema_name(body):
            return "Decisions:\n- Ship on Friday"
        return STANCES.get(agent_of(body) or "", "Ship on Friday.")

    with loopback_openai(plain_text_only) as server:
        graph = create_meeting_graph(_roster(org, server), protocol="position_papers")
        minutes = graph.invoke(MEETING)["minutes"]
    assert minutes.status == "completed" and minutes.decisions == ("Ship on Friday",)
    assert (minutes.total_input_tokens, minutes.total_output_tokens) == server.tokens()


def test_council_model_on_a_custom_base_url_streams_with_real_usage(
    server: LoopbackOpenAI, monkeypatch: pytest.MonkeyPatch, tmp_path: Any
) -> None:
    """langchain-openai leaves `stream_usage` off for a base URL of its own: streamed replies
    then carry no usage and budgets run on estimates. The demos, Studio and `council run`
    turn it on when they build the model from a string."""
    from langgraph_council.graphs._cli.file import load_council_file, roster_for
    from langgraph_council.graphs._demo.data import demo_model

    monkeypatch.setenv("OPENAI_BASE_URL", server.base_url)
    monkeypatch.setenv("OPENAI_API_KEY", "test")
    monkeypatch.setenv("COUNCIL_MODEL", "openai:gpt-4o-mini")
    assert ChatOpenAI(model="gpt-4o-mini").stream_usage is None  # upstream's default here
    demo = demo_model()
    assert isinstance(demo, ChatOpenAI) and demo.stream_usage is True

    path = tmp_path / "council.yaml"
    path.write_text(
        "org: {agents: [{id: cto, name: D, role: CTO, department: eng, level: vp}]}\n"
        "models: {default: 'openai:gpt-4o-mini'}\n"
        "delegation: {task: Ship it, entry_agent: cto}\n"
    )
    spec, org = load_council_file(path)
    model = roster_for(spec, org).model_for("cto")
    assert isinstance(model, ChatOpenAI) and model.stream_usage is True
