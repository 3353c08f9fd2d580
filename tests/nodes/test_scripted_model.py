"""ScriptedChatModel behaves like a real provider and fails loudly when misused."""

from __future__ import annotations

import pytest
from langchain_core.messages import AIMessage, HumanMessage
from langchain_core.tools import tool

from langgraph_council.nodes import Org, Roster
from langgraph_council.nodes.testing import (
    ScriptCall,
    ScriptedChatModel,
    ScriptExhaustedError,
    last_human_text,
)


def test_replies_are_used_in_order_and_calls_recorded() -> None:
    model = ScriptedChatModel(["one", "two"])
    assert [model.invoke(f"q{i}").content for i in range(2)] == ["one", "two"]
    assert [c.prompt for c in model.calls] == ["q0", "q1"]


def test_usage_metadata_is_reported() -> None:
    message = ScriptedChatModel(["abcdefgh"]).invoke("1234")
    assert message.usage_metadata == {"input_tokens": 1, "output_tokens": 2, "total_tokens": 3}


def test_running_out_names_the_agent(org: Org) -> None:
    roster = Roster(org, default_model=ScriptedChatModel({"cto": ["only"]}))
    roster.call("cto", "first")
    with pytest.raises(ScriptExhaustedError, match="agent 'cto' has no reply left after 1"):
        roster.call("cto", "second")
    with pytest.raises(ScriptExhaustedError, match="agent 'ceo'"):
        roster.call("ceo", "never scripted")


def test_shared_script_running_out() -> None:
    model = ScriptedChatModel([])
    with pytest.raises(ScriptExhaustedError, match="the shared script"):
        model.invoke("x")


def test_function_script_sees_agent_and_prompt(org: Org) -> None:
    def echo(call: ScriptCall) -> str:
        return f"{call.agent_id}:{last_human_text(call)}"

    roster = Roster(org, default_model=ScriptedChatModel(echo))
    assert roster.call("qa_head", "ping").content == "qa_head:ping"


def test_an_exception_in_the_script_is_raised(org: Org) -> None:
    roster = Roster(org, default_model=ScriptedChatModel([TimeoutError("provider timed out")]))
    with pytest.raises(TimeoutError, match="provider timed out"):
        roster.call("cto", "hi")


def test_bind_tools_passes_tools_and_returns_scripted_tool_calls() -> None:
    @tool
    def delegate_to(agent_id: str, refinement: str) -> str:
        """Hand the task to another agent."""
        return agent_id

    call = {"name": "delegate_to", "args": {"agent_id": "b", "refinement": "r"}, "id": "t1"}
    model = ScriptedChatModel([AIMessage(content="", tool_calls=[call])])
    out = model.bind_tools([delegate_to]).invoke([HumanMessage(content="go")])
    assert isinstance(out, AIMessage)
    assert out.tool_calls[0]["args"] == {"agent_id": "b", "refinement": "r"}
    assert len(model.calls[0].tools) == 1


def test_bind_tools_binds_openai_format_dicts_like_real_providers() -> None:
    """LangGraph's prebuilt agent reads bound tools as OpenAI-format dicts (`.get`)."""

    @tool
    def lookup(term: str) -> str:
        """Look a term up."""
        return term

    model = ScriptedChatModel(["done"])
    bound = model.bind_tools([lookup], tool_choice="auto")
    kwargs = bound.kwargs  # type: ignore[attr-defined]
    assert kwargs["tools"][0]["type"] == "function"
    assert kwargs["tools"][0]["function"]["name"] == "lookup"
    assert kwargs["tool_choice"] == "auto"
    bound.invoke([HumanMessage(content="go")])
    assert model.calls[0].tool_names == ["lookup"]


def test_function_script_sees_the_requested_schema(org: Org) -> None:
    from pydantic import BaseModel

    class Vote(BaseModel):
        choice: str

    def answer(call: ScriptCall) -> object:
        return call.schema(choice="yes") if call.schema else "plain"

    roster = Roster(org, default_model=ScriptedChatModel(answer))
    assert roster.call_structured("cto", "vote", Vote).parsed == Vote(choice="yes")
    assert roster.call("cto", "talk").content == "plain"
