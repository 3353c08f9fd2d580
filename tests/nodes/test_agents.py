"""The agent-call layer: prompts, usage accounting, max_tokens, structured output."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from langchain_core.language_models.fake_chat_models import GenericFakeChatModel
from langchain_core.messages import AIMessage

from langgraph_council.nodes import Org, Roster
from langgraph_council.nodes.testing import ScriptedChatModel
from tests.nodes.schemas import Verdict
from tests.probes import Overlap, OverlapModel


def test_usage_comes_from_usage_metadata(org: Org) -> None:
    reply = AIMessage(
        content="done",
        usage_metadata={"input_tokens": 120, "output_tokens": 7, "total_tokens": 127},
    )
    roster = Roster(org, {"cto": ScriptedChatModel([reply])})
    result = roster.call("cto", "Plan the release")
    assert (result.input_tokens, result.output_tokens, result.total_tokens) == (120, 7, 127)
    assert not result.usage_estimated


def test_usage_is_estimated_and_flagged_when_the_model_reports_none(org: Org) -> None:
    model = GenericFakeChatModel(messages=iter([AIMessage(content="x" * 40)]))
    result = Roster(org, default_model=model).call("cto", "hello")
    assert result.usage_estimated
    assert result.output_tokens == 10
    assert result.input_tokens > 10  # the system prompt counts too


def test_system_prompt_carries_profile_and_domain_rules(org: Org) -> None:
    model = ScriptedChatModel(["fine"])
    Roster(org, default_model=model).call("ui_dev", "Build the page")
    system = model.calls[0].system
    assert "Uma" in system and "frontend_dev" in system and "react" in system
    assert "IF a change touches the design system THEN ask frontend_lead for review" in system
    assert "route it to backend_lead" not in system  # global rules are for routers


def test_max_tokens_reaches_the_model_and_caps_the_reply(org: Org) -> None:
    model = ScriptedChatModel(["word " * 200])
    result = Roster(org, default_model=model).call("cto", "Talk", max_tokens=10)
    assert model.calls[0].max_tokens == 10
    assert result.output_tokens <= 10


def test_agent_without_a_model_fails_naming_it(org: Org) -> None:
    roster = Roster(org, {"cto": ScriptedChatModel(["x"])})
    assert roster.has_model("cto") and not roster.has_model("ceo")
    with pytest.raises(LookupError, match="agent 'ceo' has no chat model"):
        roster.call("ceo", "hi")


def test_models_for_unknown_agents_are_refused(org: Org) -> None:
    with pytest.raises(ValueError, match=r"\['ghost'\]"):
        Roster(org, {"ghost": ScriptedChatModel([])})


def test_structured_call_parses_and_counts_tokens(org: Org) -> None:
    roster = Roster(org, default_model=ScriptedChatModel([{"winner": "cto", "confidence": 0.9}]))
    out = roster.call_structured("ceo", "Who wins?", Verdict)
    assert out.parsed == Verdict(winner="cto", confidence=0.9)
    assert out.reply.output_tokens > 0 and not out.reply.usage_estimated


def test_structured_call_returns_none_and_the_text_when_unparsable(org: Org) -> None:
    roster = Roster(org, default_model=ScriptedChatModel(["Winner: cto, quite sure"]))
    out = roster.call_structured("ceo", "Who wins?", Verdict)
    assert out.parsed is None
    assert out.reply.content == "Winner: cto, quite sure"


def test_structured_call_falls_back_for_models_without_structured_output(org: Org) -> None:
    model = GenericFakeChatModel(messages=iter([AIMessage(content="cto wins")]))
    out = Roster(org, default_model=model).call_structured("ceo", "Who wins?", Verdict)
    assert out.parsed is None and out.reply.content == "cto wins"


async def test_async_calls_overlap(org: Org) -> None:
    overlap = Overlap(gate=5)
    roster = Roster(org, default_model=OverlapModel(lambda call: "ok", overlap=overlap))
    ids = ["cto", "ceo", "backend_lead", "ui_dev", "qa_head"]
    replies = await asyncio.gather(*(roster.acall(i, "go") for i in ids))
    assert overlap.peak == 5  # five calls in flight together, not one after another
    assert [r.agent_id for r in replies] == ids


async def test_async_structured_call(org: Org) -> None:
    script: dict[str, Any] = {"qa_head": [{"winner": "qa_head", "confidence": 0.5}]}
    roster = Roster(org, default_model=ScriptedChatModel(script))
    out = await roster.acall_structured("qa_head", "Decide", Verdict)
    assert out.parsed is not None and out.parsed.winner == "qa_head"
