"""Scripted hand-off replies and small orgs shared by the delegation tests."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any

from langchain_core.messages import AIMessage

from langgraph_council.nodes import AgentProfile, Org
from langgraph_council.nodes.testing import ScriptCall

_ids = itertools.count()

HandOffReply = Callable[..., AIMessage]


def hand_to(agent_id: str, refinement: str = "please take this") -> AIMessage:
    """A scripted reply that calls `delegate_to`."""
    return AIMessage(
        content="",
        tool_calls=[
            {
                "name": "delegate_to",
                "args": {"agent_id": agent_id, "refinement": refinement},
                "id": f"call_{next(_ids)}",
                "type": "tool_call",
            }
        ],
    )


def ping_pong(call: ScriptCall) -> AIMessage | str:
    """alice always hands to bob, bob always back to alice; mia (the manager) answers."""
    other = {"alice": "bob", "bob": "alice"}
    if call.agent_id in other:
        return hand_to(other[call.agent_id], "you do it")
    return f"{call.agent_id}: I decided it myself"


def agent(agent_id: str, manager_id: str | None = None, **kw: object) -> AgentProfile:
    """A senior engineer profile (override any field with keywords)."""
    fields: dict[str, object] = {
        "name": agent_id.title(),
        "role": "engineer",
        "department": "eng",
        "level": "senior",
        **kw,
    }
    return AgentProfile(id=agent_id, manager_id=manager_id, **fields)  # type: ignore[arg-type]


def peers() -> Org:
    """Two peers `alice` and `bob` under the manager `mia`."""
    return Org([agent("mia", level="lead"), agent("alice", "mia"), agent("bob", "mia")])


def roots() -> Org:
    """Two peers at the top of the hierarchy: nobody to escalate to but a human."""
    return Org([agent("alice"), agent("bob")])


async def run(graph: Any, inp: Any, mode: str, **kw: Any) -> dict[str, Any]:
    """`graph.invoke(inp, **kw)`, or `ainvoke` when `mode` is "async"."""
    if mode == "async":
        return await graph.ainvoke(inp, **kw)  # type: ignore[no-any-return]
    return graph.invoke(inp, **kw)  # type: ignore[no-any-return]
