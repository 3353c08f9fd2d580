"""The built-in worktree worker: `worktree_agent(roster)`, a tool-calling agent as `executor=`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from langchain_core.runnables import Runnable, RunnableConfig, ensure_config
from langchain_core.tools import BaseTool
from langgraph.graph import END, START, StateGraph
from langgraph.graph.state import CompiledStateGraph

from langgraph_council.graphs._compile import durability_key
from langgraph_council.nodes._calls.factories import AgentFactory
from langgraph_council.nodes._calls.node import dual_node, model_node
from langgraph_council.nodes._calls.roster import Roster
from langgraph_council.nodes._input_errors import InvalidInputError, InvalidInputTypeError
from langgraph_council.nodes._org import Org
from langgraph_council.nodes._pipeline.models import SubtaskResult, SubtaskRun
from langgraph_council.nodes._worker.commands import COMMAND_TOOL_NAME, CommandPolicy
from langgraph_council.nodes._worker.loop import WorkerSettings, WorkerState, WorkerSteps
from langgraph_council.nodes._worker.own_tools import OwnToolsAgent, is_messages_agent
from langgraph_council.nodes._worker.tools import FILE_TOOL_NAMES

__all__ = ["WorktreeAgent", "build_worker_graph", "pipeline_executor", "worktree_agent"]

CALL_AGENT = "call_agent"
RUN_TOOLS = "run_tools"
REPORT_RESULT = "report_result"


def build_worker_graph(settings: WorkerSettings) -> StateGraph[Any, Any, Any, Any]:
    """The worker loop: call_agent -> run_tools -> call_agent ... -> report_result."""
    steps = WorkerSteps(settings)
    graph: StateGraph[Any, Any, Any, Any] = StateGraph(WorkerState)
    graph.add_node(CALL_AGENT, model_node(CALL_AGENT, settings.roster, steps.plan, steps.apply))
    graph.add_node(RUN_TOOLS, dual_node(steps.run_tools, steps.arun_tools, name=RUN_TOOLS))
    graph.add_node(REPORT_RESULT, dual_node(steps.report, steps.areport, name=REPORT_RESULT))
    graph.add_edge(START, CALL_AGENT)
    graph.add_conditional_edges(CALL_AGENT, steps.route, [RUN_TOOLS, REPORT_RESULT])
    graph.add_edge(RUN_TOOLS, CALL_AGENT)
    graph.add_edge(REPORT_RESULT, END)
    return graph


class WorktreeAgent(Runnable[SubtaskRun, SubtaskResult]):
    """A pipeline executor that runs the routed agent over its subtask's worktree.

    `graph` is the compiled loop (draw it, or stream it with the parent's
    `stream(..., subgraphs=True)`). It keeps no checkpoints of its own: after a crash the
    subtask's worker starts again from its first step, in the worktree as the crash left it.
    """

    def __init__(self, settings: WorkerSettings) -> None:
        self.settings = settings
        self.graph: CompiledStateGraph[Any, Any, Any, Any] = build_worker_graph(settings).compile(
            checkpointer=False, name="worktree_agent"
        )

    def _config(self, config: RunnableConfig | None) -> RunnableConfig:
        """The caller's config (the parent node's, streaming included) with our own bounds.

        Our step bound ends the loop first; the recursion limit is only a last guard. The
        parent's `durability="sync"` is not inherited: langgraph 1.2.24 then waits for a
        checkpoint that a `checkpointer=False` graph never writes (AttributeError
        `_put_checkpoint_fut`).
        """
        merged = ensure_config(config)
        configurable = {**merged.get("configurable", {}), durability_key(): "async"}
        limit = 2 * self.settings.max_steps + 4
        return {**merged, "recursion_limit": limit, "configurable": configurable}

    def invoke(
        self, input: SubtaskRun, config: RunnableConfig | None = None, **kwargs: Any
    ) -> SubtaskResult:
        """Run the agent on `input` (a `SubtaskRun`) and return its result; raise on failure."""
        out = self.graph.invoke({"run": input}, self._config(config))
        result: SubtaskResult = out["result"]
        return result

    async def ainvoke(
        self, input: SubtaskRun, config: RunnableConfig | None = None, **kwargs: Any
    ) -> SubtaskResult:
        """`invoke` under `ainvoke`: parallel subtasks' agents overlap."""
        out = await self.graph.ainvoke({"run": input}, self._config(config))
        result: SubtaskResult = out["result"]
        return result


def worktree_agent(
    roster: Roster,
    *,
    tools: Sequence[BaseTool] = (),
    commands: CommandPolicy | None = None,
    max_steps: int = 30,
    max_tokens: int | None = 4096,
    token_budget: int | None = None,
    max_tool_calls: int = 16,
) -> WorktreeAgent:
    """A built-in executor: the routed agent edits its subtask's worktree through tools.

    The agent (`run.agent.id` in `roster`) gets file tools confined to the worktree
    (`list_files`, `read_file`, `search`, `write_file`, `edit_file`, `delete_path`), the
    `run_command` tool when `commands` is given, and `tools` of your own. Paths that leave the
    worktree (`..`, absolute paths, links out, `.git`) are refused with a tool error the agent
    reads; writes never follow a link. Its final reply (no tool calls) is the subtask's result,
    with the changed files as `artifacts`; the pipeline commits and merges the worktree.

    Args:
        roster: Who can be called; the routed agent's chat model must support tool calling.
        tools: Extra tools for every agent (their names must not clash with the built-ins).
        commands: Which commands `run_command` may run (e.g. the test suite), if any.
        max_steps: Agent replies per subtask; more fails the subtask with a clear error.
        max_tokens: Output cap of each reply.
        token_budget: Tokens (input plus output, summed over the calls) per subtask.
        max_tool_calls: Tool calls run per reply; the calls beyond it are not run and are
            answered with an error the agent reads (so one reply cannot do unbounded work).

    An agent entry must be an `AgentFactory` (`AgentFactory(lambda tools: create_agent(model,
    tools))`): it is built around the worktree's tools for each subtask and runs them itself,
    so its whole run is one step; `max_steps` bounds it through the recursion limit, and
    `token_budget` / `max_tool_calls` cannot reach inside it.

    Raises:
        ValueError: If a bound is not positive or a tool name clashes.
        InvalidInputTypeError: If an agent that may be routed work is a compiled agent (its tools
            are fixed, so the worktree's cannot reach it): pass an `AgentFactory` instead.

    Example:
        >>> graph = create_coordination_graph(  # doctest: +SKIP
        ...     org, roster, executor=worktree_agent(roster, commands=CommandPolicy(
        ...         allow=["pytest -q"])), workspace=WorkspaceConfig(repo_path="."))
    """
    _check(tools, max_steps, max_tokens, token_budget, max_tool_calls)
    _check_agents(roster)
    settings = WorkerSettings(
        roster=roster,
        tools=tuple(tools),
        commands=commands,
        max_steps=max_steps,
        max_tokens=max_tokens,
        token_budget=token_budget,
        max_tool_calls=max_tool_calls,
    )
    return WorktreeAgent(settings)


def _check(
    tools: Sequence[BaseTool],
    max_steps: int,
    max_tokens: int | None,
    budget: int | None,
    max_tool_calls: int,
) -> None:
    for name, value in (("max_steps", max_steps), ("max_tokens", max_tokens),
                        ("token_budget", budget), ("max_tool_calls", max_tool_calls)):  # fmt: skip
        if value is not None and (not isinstance(value, int) or value < 1):
            raise InvalidInputError(
                f"worktree_agent: {name} must be a positive integer, got {value!r}"
            )
    taken = {*FILE_TOOL_NAMES, COMMAND_TOOL_NAME}
    names = [getattr(t, "name", None) for t in tools]
    clashes = sorted({n for n in names if n in taken or names.count(n) > 1}, key=str)
    if clashes or not all(isinstance(t, BaseTool) for t in tools):
        raise InvalidInputError(
            f"worktree_agent: tools must be BaseTool objects with unique names other than the "
            f"built-in {sorted(taken)}; clashing: {clashes}"
        )


def _check_agents(roster: Roster) -> None:
    """Refuse a compiled agent that may be routed work: the worktree tools cannot reach it."""
    for agent in roster.org:
        routable = agent.active and agent.accepts_subtasks
        if routable and roster.is_agent(agent.id) and roster.agent_factory(agent.id) is None:
            raise InvalidInputTypeError(
                f"worktree_agent: agent {agent.id!r} is a compiled agent, so the worktree tools "
                f"cannot reach it; give it as AgentFactory(lambda tools: create_agent(model, "
                "tools)) in the roster"
            )


def pipeline_executor(executor: Any, org: Org) -> Any:
    """What runs a subtask for `executor=`: an `AgentFactory` becomes the worktree worker over
    it (every routed agent runs the agent it builds around the worktree tools); a compiled
    agent over `messages` runs with its own tools (`OwnToolsAgent`); anything else as given."""
    if isinstance(executor, AgentFactory):
        return worktree_agent(Roster(org, default_model=executor))
    if is_messages_agent(executor):
        return OwnToolsAgent(executor, org)
    return executor
