"""The worker's loop steps: call the agent with its tools, run the tools it asked for, report."""

from __future__ import annotations

import asyncio
import operator
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, ToolMessage
from langchain_core.tools import BaseTool
from typing_extensions import TypedDict

from langgraph_council.nodes._calls.node import Call, CallOutcome, Update
from langgraph_council.nodes._calls.roster import Roster
from langgraph_council.nodes._errors import CouncilError
from langgraph_council.nodes._pipeline.models import SubtaskResult, SubtaskRun
from langgraph_council.nodes._worker.commands import CommandPolicy, command_tool
from langgraph_council.nodes._worker.prompts import render_worker_prompt
from langgraph_council.nodes._worker.tools import file_tools
from langgraph_council.nodes._workspace.git import try_git

__all__ = [
    "WorkerBudgetExceededError",
    "WorkerError",
    "WorkerSettings",
    "WorkerState",
    "WorkerSteps",
    "WorkerStepsExhaustedError",
    "changed_files",
]


class WorkerError(CouncilError, RuntimeError):
    """The worktree worker stopped before the agent finished; the subtask fails with this."""


class WorkerStepsExhaustedError(WorkerError):
    """The agent was still calling tools after `max_steps` replies."""

    def __init__(self, agent_id: str, subtask_id: str, max_steps: int, tokens: int) -> None:
        super().__init__(
            f"worktree worker: agent {agent_id!r} did not finish subtask {subtask_id!r} within "
            f"max_steps={max_steps} replies ({tokens} tokens used); raise max_steps or split "
            "the subtask"
        )
        self.agent_id, self.subtask_id, self.max_steps, self.tokens = (
            agent_id, subtask_id, max_steps, tokens,
        )  # fmt: skip


class WorkerBudgetExceededError(WorkerError):
    """The next call would take the worker past its `token_budget`."""

    def __init__(self, agent_id: str, subtask_id: str, budget: int, needed: int) -> None:
        super().__init__(
            f"worktree worker: agent {agent_id!r} ran out of tokens on subtask {subtask_id!r} "
            f"(token_budget={budget}, the next call needs about {needed}); raise token_budget"
        )
        self.agent_id, self.subtask_id, self.budget, self.needed = (
            agent_id, subtask_id, budget, needed,
        )  # fmt: skip


class WorkerState(TypedDict):
    """The worker's conversation with its agent for one subtask (never checkpointed)."""

    run: SubtaskRun
    messages: Annotated[list[BaseMessage], operator.add]
    steps: Annotated[int, operator.add]
    tokens_used: Annotated[int, operator.add]
    result: SubtaskResult


@dataclass(frozen=True)
class WorkerSettings:
    """What `worktree_agent` was built with."""

    roster: Roster
    tools: Sequence[BaseTool] = ()
    commands: CommandPolicy | None = None
    max_steps: int = 30
    max_tokens: int | None = 4096
    token_budget: int | None = None
    max_tool_calls: int = 16
    read_only: tuple[Path, ...] = ()
    """The user's repository, which `run_command` sees read-only: set by the coordination
    graph from its `WorkspaceConfig` (a worker used on its own protects nothing)."""


def _root(run: SubtaskRun) -> Path:
    if run.workspace_path is None:
        raise WorkerError(
            f"worktree worker: subtask {run.subtask.id!r} has no worktree; give the "
            "coordination graph workspace=WorkspaceConfig(repo_path=...)"
        )
    return Path(run.workspace_path)


def changed_files(root: Path) -> tuple[str, ...]:
    """Paths that differ from the worktree's HEAD (tracked or not), sorted."""
    status = try_git(root, "status", "--porcelain=v1", "-z", "--untracked-files=all")
    entries = status.stdout.split("\0") if status.ok else []
    paths: set[str] = set()
    skip = False
    for entry in entries:
        if skip or len(entry) < 4:
            skip = False
            continue
        paths.add(entry[3:])
        skip = entry[0] in "RC"  # a rename's source path follows
    return tuple(sorted(paths))


class WorkerSteps:
    """The loop's steps for one `WorkerSettings`: plan and apply around the call, tools, report."""

    def __init__(self, settings: WorkerSettings) -> None:
        self.settings = settings

    def tools_for(self, run: SubtaskRun) -> list[BaseTool]:
        """The tools the agent gets in `run`'s worktree: files, the command tool, the user's."""
        root = _root(run)
        tools = file_tools(root)
        if self.settings.commands is not None:
            tools.append(command_tool(root, self.settings.commands, self.settings.read_only))
        return [*tools, *self.settings.tools]

    def prompt(self, state: WorkerState) -> list[BaseMessage]:
        """The conversation so far, after the task prompt."""
        run, s = state["run"], self.settings
        allowed = s.commands.describe() if s.commands is not None else None
        text = render_worker_prompt(
            run, s.roster.org, max_steps=s.max_steps, allowed_commands=allowed
        )
        return [HumanMessage(content=text), *state["messages"]]

    def plan(self, state: WorkerState) -> Call | Update:
        """The next agent call, unless the step or token bound is reached (then raise)."""
        run, s = state["run"], self.settings
        agent, used = run.agent.id, state.get("tokens_used", 0)
        if state.get("steps", 0) >= s.max_steps:
            raise WorkerStepsExhaustedError(agent, run.subtask.id, s.max_steps, used)
        prompt = self.prompt(state)
        estimate = s.roster.estimate_prompt_tokens(agent, prompt)
        if s.token_budget is not None and used + estimate > s.token_budget:
            raise WorkerBudgetExceededError(agent, run.subtask.id, s.token_budget, estimate)
        return Call(
            agent,
            prompt,
            max_tokens=s.max_tokens,
            tools=self.tools_for(run),
            prompt_tokens=estimate,
        )

    def apply(self, state: WorkerState, outcome: CallOutcome) -> Update:
        """Append the agent's reply; its tool calls (if any) run next. An agent (built by an
        `AgentFactory`) ran its tools itself: its reply is final."""
        reply = outcome.reply
        calls = [] if self.settings.roster.is_agent(reply.agent_id) else list(reply.tool_calls)
        message = AIMessage(content=reply.content, tool_calls=calls, name=reply.agent_id)
        return {"messages": [message], "steps": 1, "tokens_used": reply.total_tokens}

    @staticmethod
    def route(state: WorkerState) -> str:
        """`run_tools` while the agent asks for tools, else `report_result`."""
        last = state["messages"][-1]
        return "run_tools" if isinstance(last, AIMessage) and last.tool_calls else "report_result"

    def _calls(self, state: WorkerState) -> tuple[dict[str, BaseTool], list[dict[str, Any]]]:
        last = state["messages"][-1]
        assert isinstance(last, AIMessage)
        tools = {t.name: t for t in self.tools_for(state["run"])}
        calls = [{**c, "id": c.get("id") or f"call_{i}"} for i, c in enumerate(last.tool_calls)]
        return tools, calls

    def run_tools(self, state: WorkerState) -> dict[str, Any]:
        """Run each tool call in order, at most `max_tool_calls` of one reply (the rest are
        answered with an error, so every call has its answer); errors come back to the model
        as error messages."""
        tools, calls = self._calls(state)
        cap = self.settings.max_tool_calls
        out = [
            _unknown(c, tools) if c["name"] not in tools else tools[c["name"]].invoke(c)
            for c in calls[:cap]
        ]
        return {"messages": [*out, *(_over_cap(c, cap) for c in calls[cap:])]}

    async def arun_tools(self, state: WorkerState) -> dict[str, Any]:
        """`run_tools` under `ainvoke`: the tools' async paths (sync tools run in threads)."""
        tools, calls = self._calls(state)
        cap = self.settings.max_tool_calls
        out = []
        for c in calls[:cap]:  # in order: a later call may read what an earlier one wrote
            known = c["name"] in tools
            out.append(await tools[c["name"]].ainvoke(c) if known else _unknown(c, tools))
        return {"messages": [*out, *(_over_cap(c, cap) for c in calls[cap:])]}

    def report(self, state: WorkerState) -> dict[str, Any]:
        """The final reply as the subtask's result, with the files changed in the worktree."""
        run = state["run"]
        last = state["messages"][-1]
        summary = last.content if isinstance(last.content, str) else str(last.content)
        result = SubtaskResult(
            subtask_id=run.subtask.id,
            agent_id=run.agent.id,
            output=summary,
            artifacts=changed_files(_root(run)),
        )
        return {"result": result}

    async def areport(self, state: WorkerState) -> dict[str, Any]:
        """`report` off the event loop (it runs `git status`)."""
        return await asyncio.to_thread(self.report, state)


def _over_cap(call: dict[str, Any], cap: int) -> ToolMessage:
    return ToolMessage(
        content=f"error: not run; one reply may make at most {cap} tool calls "
        "(max_tool_calls); ask for the rest in your next reply",
        tool_call_id=call["id"],
        name=str(call["name"]),
        status="error",
    )


def _unknown(call: dict[str, Any], tools: dict[str, BaseTool]) -> ToolMessage:
    return ToolMessage(
        content=f"error: there is no tool {call['name']!r}; use one of {sorted(tools)}",
        tool_call_id=call["id"],
        name=str(call["name"]),
        status="error",
    )
