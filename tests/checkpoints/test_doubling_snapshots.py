"""The conversation channel copies itself whole only when it has doubled, so a long thread
stores linearly (`nodes/_doubling.py`), and the thread reads back whole."""

from __future__ import annotations

from typing import Any

from langchain_core.messages import AIMessage
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.graph import END, START, StateGraph
from typing_extensions import TypedDict

from langgraph_council.nodes._messages import Messages

STEPS = 850


class _Talk(TypedDict, total=False):
    messages: Messages
    n: int


def _talk(checkpointer: Any) -> Any:
    def say(state: _Talk) -> dict[str, Any]:
        n = state.get("n", 0) + 1
        return {"messages": [AIMessage(f"turn {n}", id=f"m{n}")], "n": n}

    graph = StateGraph(_Talk)
    graph.add_node("say", say)
    graph.add_edge(START, "say")
    graph.add_conditional_edges("say", lambda s: "say" if s["n"] < STEPS else END)
    return graph.compile(checkpointer=checkpointer)


def test_a_long_conversation_is_copied_whole_at_doublings_only() -> None:
    saver = InMemorySaver()
    config = {"configurable": {"thread_id": "long"}, "recursion_limit": STEPS + 10}
    _talk(saver).invoke({}, config)
    snapshots = [
        len(saver.serde.loads_typed(stored).value)
        for (thread, _, channel, _), stored in saver.blobs.items()
        if thread == "long" and channel == "messages" and stored[0] != "empty"
    ]
    # every 100 updates, LangGraph's default, would be 8 copies holding 3,600 messages
    assert sorted(snapshots) == [100, 200, 400, 800]
    values = _talk(saver).get_state(config).values
    assert [m.content for m in values["messages"]] == [f"turn {n}" for n in range(1, STEPS + 1)]
