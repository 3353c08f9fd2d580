"""The one call node: plan, call, apply (sync and async), errors, tools, JSON read from text."""

from __future__ import annotations

import operator
from typing import Annotated, Any

import pytest
from langchain_core.language_models.fake_chat_models import GenericFakeChatModel
from langchain_core.messages import AIMessage
from langgraph.graph import END, START, StateGraph
from typing_extensions import TypedDict

from langgraph_council.graphs import create_meeting_graph
from langgraph_council.nodes import Org, Roster
from langgraph_council.nodes._calls.node import Call, CallOutcome, Update, model_node
from langgraph_council.nodes._calls.roster import Prompt
from langgraph_council.nodes._delegation.handoff import delegate_to
from langgraph_council.nodes.testing import ScriptedChatModel
from tests.nodes.schemas import Verdict


class Ask(TypedDict, total=False):
    question: str
    answer: str
    tokens: Annotated[int, operator.add]


def _graph(roster: Roster | None, plan: Any, apply: Any) -> Any:
    graph = StateGraph(Ask)
    graph.add_node("ask", model_node("ask", roster, plan, apply))
    graph.add_edge(START, "ask")
    graph.add_edge("ask", END)
    return graph.compile()


def _ask_cto(state: Ask) -> Call | Update:
    if not state["question"]:
        return {"answer": "nothing asked"}
    return Call("cto", f"Answer: {state['question']}", max_tokens=50)


def _answered(state: Ask, outcome: CallOutcome) -> Update:
    return {"answer": outcome.reply.content, "tokens": outcome.tokens}


async def test_one_definition_runs_sync_and_async(org: Org) -> None:
    model = ScriptedChatModel(lambda call: "ship it")
    graph = _graph(Roster(org, default_model=model), _ask_cto, _answered)
    sync = graph.invoke({"question": "release?"})
    asynced = await graph.ainvoke({"question": "release?"})
    assert sync["answer"] == asynced["answer"] == "ship it"
    assert sync["tokens"] > 0
    assert [c.max_tokens for c in model.calls] == [50, 50]
    assert "Answer: release?" in model.calls[0].prompt


def test_a_plan_that_needs_no_call_makes_none(org: Org) -> None:
    model = ScriptedChatModel([])
    out = _graph(Roster(org, default_model=model), _ask_cto, _answered).invoke({"question": ""})
    assert out["answer"] == "nothing asked" and model.calls == []


def test_a_model_error_propagates_unless_the_call_handles_it(org: Org) -> None:
    roster = Roster(org, default_model=ScriptedChatModel([RuntimeError("HTTP 500")] * 2))
    with pytest.raises(RuntimeError, match="HTTP 500"):
        _graph(roster, _ask_cto, _answered).invoke({"question": "q"})

    def tolerant(state: Ask) -> Call:
        return Call("cto", "q", on_error=lambda exc: {"answer": f"failed: {exc}"})

    assert _graph(roster, tolerant, _answered).invoke({"question": "q"})["answer"] == (
        "failed: HTTP 500"
    )


def test_a_graph_without_a_roster_names_the_agent_it_must_call() -> None:
    with pytest.raises(LookupError, match="agent 'cto' must be called but the graph has no roster"):
        _graph(None, _ask_cto, _answered).invoke({"question": "q"})


def test_schema_and_tools_together_are_refused() -> None:
    with pytest.raises(ValueError, match="pass `schema` or `tools`, not both"):
        Call("cto", "q", schema=Verdict, tools=(delegate_to,))


def test_tool_calls_come_back_on_the_reply_with_usage(org: Org) -> None:
    handoff = AIMessage(
        content="",
        tool_calls=[{"name": "delegate_to", "args": {"agent_id": "ui_dev"}, "id": "t1"}],
        usage_metadata={"input_tokens": 90, "output_tokens": 12, "total_tokens": 102},
    )
    model = ScriptedChatModel([handoff])
    reply = Roster(org, default_model=model).call("cto", "Build it", tools=[delegate_to])
    assert model.calls[0].tool_names == ["delegate_to"]
    assert reply.tool_calls[0]["args"] == {"agent_id": "ui_dev"}
    assert reply.total_tokens == 102


def test_a_model_without_tool_calling_gets_a_plain_call(org: Org) -> None:
    model = GenericFakeChatModel(messages=iter([AIMessage(content="I will do it myself")]))
    reply = Roster(org, default_model=model).call("cto", "Build it", tools=[delegate_to])
    assert reply.content == "I will do it myself" and reply.tool_calls == ()


FENCED = (
    "Both sides argued well, but the benchmarks decide it.\n\n"
    '```json\n{"winner": "ui_dev", "confidence": 0.8}\n```\n\nHappy to elaborate.'
)
EMBEDDED = 'My verdict is {"winner": "ui_dev", "confidence": 0.8} and that is final.'


@pytest.mark.parametrize(
    "text",
    [FENCED, EMBEDDED, '{"winner": "ui_dev", "confidence": 0.8}'],
    ids=["fenced", "embedded", "whole"],
)
def test_text_only_models_get_their_json_read_from_the_text(org: Org, text: str) -> None:
    model = GenericFakeChatModel(messages=iter([AIMessage(content=text)]))
    out = Roster(org, default_model=model).call_structured("ceo", "Who wins?", Verdict)
    assert out.parsed == Verdict(winner="ui_dev", confidence=0.8)
    assert out.reply.parsed_from_text and out.parsed_from_text


def test_a_reply_that_skips_the_tool_still_has_its_json_read(org: Org) -> None:
    # The model supports structured output but answered in prose around a JSON block.
    roster = Roster(org, default_model=ScriptedChatModel([FENCED]))
    out = roster.call_structured("ceo", "Who wins?", Verdict)
    assert out.parsed == Verdict(winner="ui_dev", confidence=0.8) and out.parsed_from_text


@pytest.mark.parametrize(
    "text",
    [
        'Config was {"retries": 3}; no verdict from me.',  # JSON, but not a verdict
        '```json\n{"winner": "ui_dev", "confidence": "very"}\n```',  # invalid field
        "ui_dev wins, fairly sure",
    ],
)
def test_text_without_a_usable_object_still_gives_none(org: Org, text: str) -> None:
    model = GenericFakeChatModel(messages=iter([AIMessage(content=text)]))
    out = Roster(org, default_model=model).call_structured("ceo", "Who wins?", Verdict)
    assert out.parsed is None and not out.reply.parsed_from_text


def test_model_output_from_the_tool_is_not_flagged(org: Org) -> None:
    roster = Roster(org, default_model=ScriptedChatModel([{"winner": "cto", "confidence": 0.9}]))
    out = roster.call_structured("ceo", "Who wins?", Verdict)
    assert out.parsed is not None and not out.parsed_from_text


class CountingRoster(Roster):
    """Counts prompt estimates, to check that each call is priced once."""

    estimates = 0

    def estimate_prompt_tokens(self, agent_id: str, prompt: Prompt) -> int:
        CountingRoster.estimates += 1
        return super().estimate_prompt_tokens(agent_id, prompt)


def test_each_meeting_call_estimates_its_prompt_once(org: Org) -> None:
    model = ScriptedChatModel(lambda call: "Decisions:\n- ship" if call.agent_id == "cto" else "ok")
    roster = CountingRoster(org, default_model=model)
    CountingRoster.estimates = 0
    inp = {
        "agenda": "Release",
        "leader_id": "cto",
        "participant_ids": ["senior_dev", "junior_dev"],
        "token_budget": 50_000,
    }
    for protocol in ("round_robin", "position_papers"):
        create_meeting_graph(roster, protocol=protocol).invoke(inp)
    assert len(model.calls) == 5 + 3  # 4 turns + summary, 2 papers + synthesis
    assert CountingRoster.estimates == len(model.calls)
