"""The roster drives the real `langchain-openai` client against a loopback server."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from langchain_openai import ChatOpenAI
from pydantic import BaseModel

from langgraph_council.nodes import Org, Roster
from tests.openai_server import LoopbackOpenAI, loopback_openai


class Verdict(BaseModel):
    winner: str
    confidence: float


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
