"""Answering escalations: the `Command(resume=...)` that reaches the right `interrupt()` calls."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from langchain_core.runnables import RunnableConfig
from langgraph.pregel import Pregel
from langgraph.types import Command, StateSnapshot

from langgraph_council.nodes._escalation.flow import SUBGRAPH_KEY
from langgraph_council.nodes._escalation.models import Escalation, EscalationError

__all__ = [
    "aescalation_resume_command",
    "check_parent_graph",
    "current_output",
    "escalation_resume_command",
    "resume_command",
    "thread_config",
    "waiting_escalations",
]


def thread_config(thread_id: str) -> RunnableConfig:
    """The run config of `thread_id`."""
    return {"configurable": {"thread_id": thread_id}}


def waiting_escalations(state: StateSnapshot) -> dict[str, str]:
    """The escalations a thread waits on: our `escalation_id` -> LangGraph's interrupt id."""
    return {
        str(i.value["escalation_id"]): i.id
        for i in state.interrupts
        if isinstance(i.value, Mapping) and i.value.get("escalation_id")
    }


def resume_command(state: StateSnapshot, thread_id: str, values: Mapping[str, Any]) -> Command[Any]:
    """`Command(resume={interrupt_id: value})` answering escalations by our ids.

    Raises:
        EscalationError: The thread does not wait on one of the escalations.
    """
    by_escalation = waiting_escalations(state)
    missing = sorted(set(values) - set(by_escalation))
    if missing:
        raise EscalationError(
            f"thread {thread_id!r} is not waiting on escalation(s) {missing}; waiting on "
            f"{sorted(by_escalation)}",
            escalation_id=missing[0],
        )
    return Command(resume={by_escalation[e]: value for e, value in values.items()})


def check_parent_graph(row: Escalation, graph: Pregel[Any, Any]) -> None:
    """Refuse to resume an escalation opened inside a subgraph through a graph that does not
    run that subgraph (the council graph itself instead of the supervisor or swarm app): it
    would run on the parent's thread with the wrong channels.

    Raises:
        EscalationError: Naming the parent's node and the graph to pass.
    """
    namespace = row.details.get(SUBGRAPH_KEY)
    nodes = getattr(graph, "nodes", None)
    if not isinstance(namespace, str) or not namespace or not isinstance(nodes, Mapping):
        return
    node = namespace.split("|", 1)[0].split(":", 1)[0]
    if node not in nodes:
        raise EscalationError(
            f"escalation {row.id!r} waits in a subgraph that node {node!r} of thread "
            f"{row.thread_id!r} runs; pass the parent graph (the app with node {node!r}, such "
            "as the supervisor or swarm), not the council graph",
            escalation_id=row.id,
        )


def current_output(state: StateSnapshot) -> dict[str, Any]:
    """A thread's values as `invoke` would return them (with `__interrupt__` when waiting)."""
    values = dict(state.values)
    if state.interrupts:
        values["__interrupt__"] = list(state.interrupts)
    return values


def escalation_resume_command(
    graph: Pregel[Any, Any], thread_id: str, values: Mapping[str, Any]
) -> Command[Any]:
    """`Command(resume={interrupt_id: value})` answering several escalations of one thread at once.

    Example:
        >>> cmd = escalation_resume_command(graph, "t1", {a_id: a, b_id: b})  # doctest: +SKIP
        >>> graph.invoke(cmd, {"configurable": {"thread_id": "t1"}})  # doctest: +SKIP
    """
    return resume_command(graph.get_state(thread_config(thread_id)), thread_id, values)


async def aescalation_resume_command(
    graph: Pregel[Any, Any], thread_id: str, values: Mapping[str, Any]
) -> Command[Any]:
    """Async twin of `escalation_resume_command`."""
    return resume_command(await graph.aget_state(thread_config(thread_id)), thread_id, values)
