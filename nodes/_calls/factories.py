"""Agent factories: an agent built around the tools a family offers (worktree tools, hand-off).

A compiled agent (`create_agent(model, tools)`) has its tools fixed when it is built, so a
family cannot give it the worktree's file tools or the hand-off tool. An `AgentFactory` wraps a
callable that builds the agent around the tools it is given; `Roster` calls it with no tools
for ordinary calls (meetings, conflicts) and with the family's tools when a family offers some
(`Roster.call(..., tools=...)`). The marker is explicit: a plain callable already means "an
executor taking a SubtaskRun" to the pipeline, so guessing would be ambiguous there.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from langchain_core.language_models import BaseChatModel
from langchain_core.runnables import Runnable
from langchain_core.tools import BaseTool

from langgraph_council.nodes._calls.agent_runs import AgentRun
from langgraph_council.nodes._calls.replies import AgentReply
from langgraph_council.nodes._input_errors import InvalidInputTypeError

__all__ = [
    "DEFAULT_RECURSION_LIMIT",
    "AgentFactory",
    "resolve_factories",
    "with_final_calls",
]

DEFAULT_RECURSION_LIMIT = 61
"""LangGraph steps per run of a factory-built agent: 30 replies, each with its tool step."""


class AgentFactory:
    """A roster entry or `executor=` that builds an agent around the tools it is given.

    `build(tools)` must return an agent: a Runnable over `{"messages": [...]}` such as
    `langchain.agents.create_agent(model, tools)` or langgraph's `create_react_agent`. The
    tools are the family's (the worktree's file tools under `worktree_agent`, the hand-off
    tool in the delegation graph); add your own next to them. Called with no tools, it builds
    the agent used for meetings and conflicts.

    Each run of a built agent is bounded by `recursion_limit` LangGraph steps (a nested
    agent does not inherit its caller's limit, and langgraph's own default is ~10,000): the
    default, 61, is 30 model replies with their tool steps; past it the run raises
    `GraphRecursionError`, which fails the call (a pipeline subtask fails and recovers).

    Example:
        >>> from langchain.agents import create_agent  # doctest: +SKIP
        >>> roster = Roster(org, {"dev": AgentFactory(  # doctest: +SKIP
        ...     lambda tools: create_agent(model, [*tools, my_search]))})

    Raises:
        TypeError: If `build` is not callable, or is already an agent or a chat model.
    """

    def __init__(
        self,
        build: Callable[[list[BaseTool]], Runnable[Any, Any]],
        *,
        recursion_limit: int = DEFAULT_RECURSION_LIMIT,
    ) -> None:
        if not isinstance(recursion_limit, int) or recursion_limit < 1:
            raise InvalidInputTypeError(
                f"AgentFactory: recursion_limit must be a positive integer, got {recursion_limit!r}"
            )
        self.recursion_limit = recursion_limit
        if isinstance(build, Runnable) or not callable(build):
            raise InvalidInputTypeError(
                f"AgentFactory takes a callable that builds an agent from a list of tools, "
                f"got {type(build).__name__}; e.g. AgentFactory(lambda tools: "
                "create_agent(model, tools))"
            )
        self.build = build

    def __call__(self, tools: Sequence[BaseTool], *, agent_id: str = "") -> Runnable[Any, Any]:
        """The agent built around `tools`; `InvalidInputTypeError` when the result is not one."""
        agent = self.build(list(tools))
        if not isinstance(agent, Runnable) or isinstance(agent, BaseChatModel):
            who = f" of agent {agent_id!r}" if agent_id else ""
            raise InvalidInputTypeError(
                f"the AgentFactory{who} returned {type(agent).__name__}, not an agent; return "
                "a Runnable over {'messages': [...]}, e.g. create_agent(model, tools)"
            )
        return agent.with_config(recursion_limit=self.recursion_limit)

    def __repr__(self) -> str:
        return f"AgentFactory({getattr(self.build, '__name__', type(self.build).__name__)})"


def resolve_factories(
    models: Mapping[str, object], default: object | None
) -> tuple[dict[str, object], object | None, dict[str, AgentFactory], AgentFactory | None]:
    """The roster's entries with each factory replaced by the agent it builds with no tools,
    the factories by agent id, and the default's factory (None when not a factory).

    Raises:
        InvalidInputTypeError: A factory did not build an agent.
    """
    factories = {a: f for a, f in models.items() if isinstance(f, AgentFactory)}
    entries = {
        a: (f((), agent_id=a) if isinstance(f, AgentFactory) else f) for a, f in models.items()
    }
    default_factory = default if isinstance(default, AgentFactory) else None
    if default_factory is not None:
        default = default_factory(())
    return entries, default, factories, default_factory


def with_final_calls(reply: AgentReply, run: AgentRun, tools: Sequence[BaseTool]) -> AgentReply:
    """`reply` with the calls of the run's last AI message to the family's `tools`.

    An agent runs its tools itself, so its last AI message normally asks for none; one that
    does was ended by a `return_direct` tool (the hand-off), which the family reads.
    """
    names = {t.name for t in tools}
    calls = tuple(dict(c) for c in run.reply.tool_calls if c.get("name") in names)
    return reply.model_copy(update={"tool_calls": calls}) if calls else reply
