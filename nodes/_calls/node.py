"""The one agent-call node: a pure plan, the call, a pure apply; sync and async, one definition.

Every model-calling node of every graph family is built with `model_node`; this module is the
only one in the package that makes an agent call (through `Roster`, which holds the chat
models). `tests/nodes/test_one_call_path.py` keeps it that way.

- `plan(state)` is pure: it returns a `Call` to make, or an update when no call is needed
  (e.g. the budget refused it). The prompt's token estimate made while pricing rides in
  `Call.prompt_tokens`, so nothing estimates the same prompt twice.
- The call runs with `Roster.call` / `call_structured` (with `schema`), or their async twins
  under `ainvoke`, so parallel branches overlap.
- `apply(state, outcome)` is pure: it folds the reply into a partial update or a `Command`.
- A node resuming a thread (`checkpoints._runner.policy`) gets the resume note in front of
  its prompt (`nodes._calls.resume_note`), its tokens added to `prompt_tokens`.
- A model error propagates, unless the call has `on_error`, whose update is used instead (a
  failed participant is recorded; a failed judge falls back). `GraphBubbleUp` always propagates.
- Every call is traced like the org (`nodes._calls.tracing`): its run is named for the
  phase and agent and carries the identifiers the family's `trace(state)` gives (meeting or
  conflict id, subtask, wave, attempt, turn) with the agent's id and role.
- Every call has a time limit (`time_limit=`, read from the family's config at run time;
  600 s where a family has no setting): past it the call fails with `CallTimeoutError`, which
  `on_error` handles like any other error (`nodes._deadline`).

Nodes are LangGraph's internal `RunnableCallable` with `trace=False` (the graph task is traced
once), a private import kept to this module: `RunnableLambda(run, afunc=arun)` nests a traced
run per node. `bench/meetings.py`'s round robin (16 turns, no checkpointer, best of 25 against
a hand-written loop), timed in CPU time on the shared 2-core VM, three runs each: this node
0.88 ms a turn, 1.12-1.13x the loop; the same node as `RunnableLambda` 1.16-1.25 ms, 1.37-1.44x,
over the 1.25x target (langgraph 1.2.22).
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any, TypeAlias, TypeVar

from langchain_core.runnables import Runnable, RunnableConfig
from langchain_core.tools import BaseTool
from langgraph._internal._runnable import RunnableCallable
from langgraph.errors import GraphBubbleUp
from langgraph.types import Command
from pydantic import BaseModel

from langgraph_council.nodes._calls.loop_store import memory_needs_thread
from langgraph_council.nodes._calls.replies import AgentReply, estimate_tokens
from langgraph_council.nodes._calls.resume_note import resume_note_for, with_resume_note
from langgraph_council.nodes._calls.roster import Prompt, Roster
from langgraph_council.nodes._calls.tracing import Trace, call_config, traced
from langgraph_council.nodes._deadline import (
    DEFAULT_AGENT_LIMIT,
    TimeLimit,
    acall_with_limit,
    call_with_limit,
)

__all__ = ["Call", "CallOutcome", "Update", "dual_node", "model_node", "pure_node"]

Update: TypeAlias = dict[str, Any] | Command[Any]
"""What a node returns: a partial state update, or a `Command` (update plus where to go)."""

S = TypeVar("S")


@dataclass(frozen=True)
class Call:
    """One agent call a node's pure planning step asks for.

    `schema` asks for structured output (JSON in the reply text is parsed when the model gives
    none); `tools` are bound for the call and the tool calls come back on the reply.
    `prompt_tokens` is the estimate made when the call was priced. `on_error` turns a model
    error into an update; without it the error propagates.
    """

    agent_id: str
    prompt: Prompt
    max_tokens: int | None = None
    schema: type[BaseModel] | None = None
    tools: Sequence[BaseTool] = ()
    prompt_tokens: int | None = None
    on_error: Callable[[Exception], Update] | None = None

    def __post_init__(self) -> None:
        if self.schema is not None and self.tools:
            raise ValueError(
                f"Call to {self.agent_id!r}: pass `schema` or `tools`, not both; structured "
                "output already uses the model's tool calling"
            )


@dataclass(frozen=True)
class CallOutcome:
    """What came back: the reply, and the schema instance when one was asked for and parsed."""

    reply: AgentReply
    parsed: BaseModel | None = None
    prompt_tokens: int | None = None
    """The plan's estimate of the prompt (`Call.prompt_tokens`), to calibrate later pricing."""

    @property
    def tokens(self) -> int:
        """Tokens the call used, input plus output."""
        return self.reply.total_tokens

    def warnings(self, what: str) -> list[str]:
        """What a user should review about this reply (`what`, e.g. "the verdict"): a structured
        answer read from its text instead of the model's schema binding (only when something
        was read), one asked for that nothing could be read from, a reply cut at its cap or
        at the end of the context."""
        reply, found = self.reply, []
        why = f" ({reply.fallback_reason})" if reply.fallback_reason else ""
        mode = reply.structured_mode or "text"
        if reply.parsed_from_text:
            found.append(
                f"{what} by {reply.agent_id} was read from its text, asked in {mode} mode{why}"
            )
        elif reply.structured_mode is not None and self.parsed is None:
            found.append(
                f"{what} by {reply.agent_id} held no answer in the asked-for form, asked in "
                f"{mode} mode{why}"
            )
        if reply.over_cap:
            found.append(
                f"{what} by {reply.agent_id} ran past its output cap or the context's end and "
                "may be cut short (finish_reason length, or usage at the cap)"
            )
        return found


def _roster(roster: Roster | None, call: Call) -> Roster:
    if roster is None:
        raise LookupError(
            f"agent {call.agent_id!r} must be called but the graph has no roster; "
            "pass roster=Roster(org, models) to the graph factory"
        )
    return roster


def _invoke(roster: Roster | None, call: Call) -> CallOutcome:
    roster = _roster(roster, call)
    if call.schema is None:
        reply = roster.call(
            call.agent_id, call.prompt, max_tokens=call.max_tokens, tools=call.tools
        )
        return CallOutcome(reply, None, call.prompt_tokens)
    out = roster.call_structured(
        call.agent_id, call.prompt, call.schema, max_tokens=call.max_tokens
    )
    return CallOutcome(out.reply, out.parsed, call.prompt_tokens)


async def _ainvoke(roster: Roster | None, call: Call) -> CallOutcome:
    roster = _roster(roster, call)
    if call.schema is None:
        reply = await roster.acall(
            call.agent_id, call.prompt, max_tokens=call.max_tokens, tools=call.tools
        )
        return CallOutcome(reply, None, call.prompt_tokens)
    out = await roster.acall_structured(
        call.agent_id, call.prompt, call.schema, max_tokens=call.max_tokens
    )
    return CallOutcome(out.reply, out.parsed, call.prompt_tokens)


def _noted(call: Call) -> Call:
    """`call` with the resume note in front of its prompt when this node resumes a thread;
    the note's tokens are added to the plan's estimate."""
    note = resume_note_for()
    if not note:
        return call
    tokens = call.prompt_tokens
    if tokens is not None:
        tokens += estimate_tokens(note)
    return replace(call, prompt=with_resume_note(call.prompt, note), prompt_tokens=tokens)


def _limit(time_limit: TimeLimit, call: Call) -> tuple[float | None, str, str]:
    """The limit of `call`, what to call it and the setting, for `call_with_limit`."""
    return time_limit.read(), f"agent {call.agent_id!r}", time_limit.setting


def _roles(roster: Roster | None) -> dict[str, str]:
    """Each agent's role, for its calls' traces (looked up once per node, not per call)."""
    return {} if roster is None else {agent.id: agent.role for agent in roster.org}


def _failed(call: Call, exc: Exception) -> Update:
    if call.on_error is None:
        raise exc
    return call.on_error(exc)


def model_node(
    name: str,
    roster: Roster | None,
    plan: Callable[[S], Call | Update],
    apply: Callable[[S, CallOutcome], Update],
    *,
    plan_io: bool | Callable[[], bool] = False,
    time_limit: TimeLimit = DEFAULT_AGENT_LIMIT,
    trace: Callable[[S], Trace] | None = None,
) -> Runnable[S, Update]:
    """A node making at most one agent call: sync under `invoke`, async under `ainvoke`.

    `plan_io=True` (or a function of the running node saying so) says the plan may do
    blocking I/O (a meeting's cancel check reads the record store): under `ainvoke` it then
    runs in a worker thread, never on the event loop (LangGraph Server refuses blocking calls
    there). `roster` may be None for graphs that can run without models; a plan that still
    asks for a call then fails with a `LookupError` naming the agent (or its `on_error` handles it).
    `time_limit` bounds the call (`CallTimeoutError` past it, handled like any model error).
    `trace(state)` says where the call stands (meeting, conflict, subtask, wave, attempt,
    turn, phase) for its run's name, tags and metadata (`nodes._calls.tracing`).

    Example:
        >>> def plan(state):
        ...     return Call("cto", f"Decide: {state['question']}", max_tokens=200)
        >>> def apply(state, outcome):
        ...     return {"answer": outcome.reply.content}
        >>> graph.add_node("decide", model_node("decide", roster, plan, apply))  # doctest: +SKIP
    """

    roles = _roles(roster)

    def prepared(state: S, planned: Call | Update) -> tuple[Call, RunnableConfig] | Update:
        """The planned call with its resume note and its trace config, or the plan's update."""
        if not isinstance(planned, Call):
            return planned
        call = _noted(planned)
        where = trace(state) if trace is not None else None
        return call, call_config(name, call.agent_id, roles.get(call.agent_id), where)

    def run(state: S) -> Update:
        ready = prepared(state, plan(state))
        if not isinstance(ready, tuple):
            return ready
        call, extra = ready
        try:
            with traced(extra):
                outcome = call_with_limit(lambda: _invoke(roster, call), *_limit(time_limit, call))
        except GraphBubbleUp:
            raise
        except Exception as exc:  # noqa: BLE001 - handed to on_error, or re-raised
            return _failed(call, exc)
        return apply(state, outcome)

    async def arun(state: S) -> Update:
        io = plan_io() if callable(plan_io) else plan_io
        ready = prepared(state, await asyncio.to_thread(plan, state) if io else plan(state))
        if not isinstance(ready, tuple):
            return ready
        call, extra = ready
        try:
            with traced(extra):
                limit = _limit(time_limit, call)
                outcome = await acall_with_limit(lambda: _ainvoke(roster, call), *limit)
        except GraphBubbleUp:
            raise
        except Exception as exc:  # noqa: BLE001 - handed to on_error, or re-raised
            return _failed(call, exc)
        return apply(state, outcome)

    return dual_node(run, arun, name=name)


def pure_node(fn: Callable[[S], Any], *, name: str) -> Runnable[S, Any]:
    """A node without I/O: under `ainvoke` it runs on the loop, skipping the thread-pool hop.

    Example:
        >>> graph.add_node("route", pure_node(route, name="route"))  # doctest: +SKIP
    """

    async def afn(state: S) -> Any:
        return fn(state)

    return dual_node(fn, afn, name=name)


def dual_node(
    fn: Callable[..., Any], afn: Callable[..., Awaitable[Any]], *, name: str
) -> Runnable[Any, Any]:
    """A node with a sync and an async body, traced once as the graph task (`trace=False`).

    The one place the package uses LangGraph's private `RunnableCallable` (see above).
    """

    @functools.wraps(afn)  # the same parameters: LangGraph injects by signature
    async def either(*args: Any, **kwargs: Any) -> Any:
        if memory_needs_thread():  # org memory over an async-only store (`loop_store`)
            return await asyncio.to_thread(fn, *args, **kwargs)
        return await afn(*args, **kwargs)

    node: Runnable[Any, Any] = RunnableCallable(fn, either, name=name, trace=False)
    return node
