"""Nodes of the delegation graph other than the guard and the human path: start, turn, finish."""

from __future__ import annotations

import logging
import uuid
from collections.abc import Mapping
from typing import Any

from langchain_core.messages import AIMessage
from langchain_core.runnables import Runnable, RunnableLambda
from langgraph.types import Command, Overwrite
from pydantic import BaseModel

from langgraph_council.nodes._calls.node import Call, CallOutcome, Update, model_node
from langgraph_council.nodes._calls.roster import Roster
from langgraph_council.nodes._calls.tracing import Trace
from langgraph_council.nodes._clash import key_clash
from langgraph_council.nodes._context import build_time_config, run_context
from langgraph_council.nodes._delegation.from_messages import asked_delegation
from langgraph_council.nodes._delegation.handoff import AgentTurn, delegate_to, read_turn
from langgraph_council.nodes._delegation.models import DelegationConfig, DelegationResult
from langgraph_council.nodes._delegation.prompts import build_agent_prompt
from langgraph_council.nodes._delegation.prose import result_message
from langgraph_council.nodes._delegation.state import DelegationState, Frame, HandOff
from langgraph_council.nodes._errors import describe_error
from langgraph_council.nodes._fencing import fence_peer
from langgraph_council.nodes._messages import said
from langgraph_council.nodes._org import Org
from langgraph_council.nodes._state_version import versioned
from langgraph_council.nodes._text import refuse_nul

__all__ = [
    "CALL_AGENT",
    "DELEGATION_GUARD",
    "ESCALATE_TO_HUMAN",
    "ESCALATE_TO_MANAGER",
    "FINISH",
    "START_TASK",
    "answer_flows_up",
    "current_task_id",
    "delegation_context",
    "finish",
    "make_agent_node",
    "make_escalate_to_manager_node",
    "make_start_node",
    "turn_message",
]

START_TASK = "start_task"
CALL_AGENT = "call_agent"
DELEGATION_GUARD = "delegation_guard"
ESCALATE_TO_MANAGER = "escalate_to_manager"
ESCALATE_TO_HUMAN = "escalate_to_human"
FINISH = "finish"

# `finish` must run with at least one step left. An answer leads to one more agent turn, a
# hand-off to guard -> (escalation) -> agent turn; each turn must still be able to finish.
_STEPS_TO_FINISH = 2
MAX_HUMAN_ANSWERS = 5
_STEPS_FOR_HANDOFF = 5


_DEFAULT = DelegationConfig()
_log = logging.getLogger(__name__)


def delegation_context() -> DelegationConfig:
    """The run's `DelegationConfig`: the run context (flat, or its `delegation` section) merged
    over the graph's build-time `config=` (carried in node metadata), else over the defaults."""
    default = build_time_config("delegation", DelegationConfig, _DEFAULT)
    return run_context("delegation", DelegationConfig, default)


def current_task_id(state: DelegationState) -> str:
    """The running task's id (set by `start_task`)."""
    task_id = state.get("task_id")
    if not task_id:
        raise RuntimeError(f"no task id in the state: {START_TASK} has not run for this task")
    return task_id


def _input_keys(state: Mapping[str, Any]) -> tuple[bool, object, object, object]:
    """Whether the run was started through `DelegationKeys`, and its task, entry agent and id.

    Raises:
        InvalidInputTypeError: `task` holds the pipeline's `Task` (a flat state with both families).
    """
    if state.get("delegation_task") is not None:
        entry = state.get("delegation_entry_agent") or state.get("entry_agent")
        return True, state.get("delegation_task"), entry, state.get("delegation_task_id")
    task = state.get("task")
    if isinstance(task, BaseModel | Mapping):  # the pipeline's `Task`, or its JSON dict
        raise key_clash(
            "task",
            task,
            reader="delegation",
            writer="pipeline",
            fix="give the delegation its own keys: delegation_task and delegation_entry_agent "
            "(inherit DelegationKeys in the parent state)",
        )
    return False, task, state.get("entry_agent"), state.get("task_id")


def make_start_node(org: Org, roster: Roster) -> RunnableLambda[DelegationState, dict[str, Any]]:
    """Validate the input before any model call and open the entry agent's frame."""

    def start_task(state: DelegationState) -> dict[str, Any]:
        delegation_context()
        asked = asked_delegation(state, roster)
        keyed, task, entry, given_id = _input_keys(state if asked is None else asked)
        if not isinstance(task, str) or not task.strip():
            raise ValueError("task must be a non-empty string describing the work")
        refuse_nul(task, "task")
        if not isinstance(entry, str) or entry not in org:
            raise ValueError(
                f"entry_agent {entry!r} is not in the org; use one of {sorted(a.id for a in org)}"
            )
        if not roster.has_model(entry):
            raise ValueError(f"entry_agent {entry!r} has no chat model in the roster")
        task_id = given_id or f"task-{uuid.uuid4().hex[:12]}"
        if not isinstance(task_id, str):
            raise TypeError(f"task_id must be a string, got {type(task_id).__name__}")
        refuse_nul(task_id, "task_id")
        # A thread may run several tasks: each run starts from clean per-run channels.
        return {
            "task": task,
            **versioned(),
            "entry_agent": entry,
            "keyed": keyed,
            "task_id": task_id,
            "run_id": uuid.uuid4().hex,
            "frames": [Frame(agent_id=entry, task=task, assignee=entry)],
            "pending": None,
            "handoff_attempts": 0,
            "inbox": {},
            "status": "answered",
            "answer": None,
            "answered_by": None,
            "tokens_used": Overwrite(0),
            "delegations": Overwrite([]),
            "blocked": Overwrite([]),
            # A run started from messages keeps the conversation it answers.
            **({"messages": Overwrite([])} if asked is None else {}),
            "call_notes": [],
        }

    return RunnableLambda(start_task, name=START_TASK)


def turn_message(state: DelegationState, agent_id: str, content: str) -> AIMessage:
    """A turn's answer or hand-off as a named AI message.

    Its id is the run id and the conversation's length so far: the state a node re-runs from
    is the same, so a re-run after a crash or an interrupt replaces the message, never adds one.
    """
    at = len(state.get("messages") or ())
    return said(agent_id, content, message_id=f"{state.get('run_id', '')}:{at}")


def answer_flows_up(
    state: DelegationState,
    answer: str,
    by: str,
    extra: Mapping[str, Any] | None = None,
    *,
    speaker: str | None = None,
) -> Command[str]:
    """Close the top frame with `answer`; the parent agent sees it next, or the run finishes.

    `speaker` names the fence's author when `by` is free text (a human's `decided_by`).
    """
    frames = state["frames"]
    done, rest = frames[-1], frames[:-1]
    extra = {**(extra or {}), "messages": [turn_message(state, speaker or by, answer)]}
    if not rest:
        update = {"frames": [], "status": "answered", "answer": answer, "answered_by": by}
        return Command(goto=FINISH, update={**update, **extra})
    parent = rest[-1]
    assignee = done.assignee or done.agent_id
    # `by` may be a human's free text (`decided_by`): it goes inside the fence with the answer.
    note = f"The part handed to {assignee} is done:\n" + fence_peer(
        f"answered by: {by}\n{answer}", agent_id=speaker or by, label="delegated-answer"
    )
    updated = parent.model_copy(update={"notes": (*parent.notes, note)})
    return Command(goto=CALL_AGENT, update={"frames": [*rest[:-1], updated], **extra})


def _delivered(state: DelegationState, turn: AgentTurn) -> dict[str, Any]:
    """The update that spends the turn's tokens and empties the agent's inbox (it read it)."""
    inbox = state.get("inbox") or {}
    update: dict[str, Any] = {"tokens_used": turn.tokens}
    if turn.agent_id in inbox:
        update["inbox"] = {k: v for k, v in inbox.items() if k != turn.agent_id}
    return update


def _apply_turn(state: DelegationState, turn: AgentTurn, config: DelegationConfig) -> Command[str]:
    read = _delivered(state, turn)
    if turn.delegatee is None:
        return answer_flows_up(state, turn.answer or "", turn.agent_id, read)
    attempts = state.get("handoff_attempts", 0)
    if state["remaining_steps"] < _STEPS_FOR_HANDOFF:
        return Command(goto=FINISH, update={**read, "status": "step_limit"})
    if attempts >= config.max_handoffs:
        return Command(goto=FINISH, update={**read, "status": "handoff_limit"})
    rounds = config.max_delegation_rounds
    if rounds is not None and attempts >= 2 * rounds:
        return Command(goto=FINISH, update={**read, "status": "round_limit"})
    handoff = HandOff(
        attempt_id=f"{state['run_id']}:{attempts + 1}",
        delegator=turn.agent_id,
        delegatee=turn.delegatee,
        refinement=turn.refinement,
    )
    asked = turn_message(state, turn.agent_id, f"Handing to {turn.delegatee}: {turn.refinement}")
    return Command(
        goto=DELEGATION_GUARD,
        update={**read, "pending": handoff, "handoff_attempts": attempts + 1, "messages": [asked]},
    )


def make_agent_node(org: Org, roster: Roster) -> Runnable[DelegationState, Update]:
    """The top frame's agent takes one turn: it answers or asks for a hand-off (a tool call)."""

    def plan(state: DelegationState) -> Call | Update:
        config = delegation_context()
        if state["remaining_steps"] <= _STEPS_TO_FINISH:
            return Command(goto=FINISH, update={"status": "step_limit"})
        frame = state["frames"][-1]
        inbox = (state.get("inbox") or {}).get(frame.agent_id, [])
        prompt = build_agent_prompt(
            org,
            frame,
            config,
            root_task=state["task"],
            inbox=inbox,
            handoffs=state.get("handoff_attempts", 0),
        )
        agent = frame.agent_id

        def failed(exc: Exception) -> Update:
            # A failing agent ends the run as `agent_failed`, the reason on its warnings.
            note = f"agent {agent} failed: {describe_error(exc)}"
            _log.warning(note)
            notes = [*state.get("call_notes", []), note]
            return Command(goto=FINISH, update={"status": "agent_failed", "call_notes": notes})

        cap = config.max_tokens_per_turn
        return Call(agent, prompt, max_tokens=cap, tools=(delegate_to,), on_error=failed)

    def apply(state: DelegationState, outcome: CallOutcome) -> Update:
        done = _apply_turn(state, read_turn(outcome.reply), delegation_context())
        cut = outcome.warnings(f"the turn of {outcome.reply.agent_id}")
        if not cut:
            return done
        update = {**(done.update or {}), "call_notes": [*state.get("call_notes", []), *cut]}
        return Command(goto=done.goto, update=update)

    return model_node(CALL_AGENT, roster, plan, apply, trace=_trace)


def _trace(state: DelegationState) -> Trace:
    """Where a delegation's call stands: its task (the agent is the call's own)."""
    return Trace(task_id=state.get("task_id") or None)


def make_escalate_to_manager_node(org: Org) -> RunnableLambda[DelegationState, dict[str, Any]]:
    """The blocked sender's manager takes over its frame, told what was blocked and why."""

    def escalate_to_manager(state: DelegationState) -> dict[str, Any]:
        blocked = state["blocked"][-1]
        frame = state["frames"][-1]
        manager = org.manager_of(blocked.delegator)
        if manager is None:
            raise RuntimeError(f"{blocked.delegator} has no manager; route to {ESCALATE_TO_HUMAN}")
        # The delegatee id was chosen by a model and the guard's message quotes it: fenced.
        note = (
            f"Escalated to you: {blocked.delegator} tried to hand this task off, but the "
            "delegation guard blocked it. Decide: answer it yourself or delegate it to someone "
            "else. The blocked hand-off:\n"
            + fence_peer(
                f"delegatee: {blocked.delegatee}\nguard: {blocked.message}",
                agent_id="delegation_guard",
                label="blocked-handoff",
            )
        )
        # The manager owns the case from here; if it already delegated this task, the chain
        # goes back to where the manager held it, so nobody appears twice in a chain.
        chain = frame.chain
        if manager.id in chain:
            chain = chain[: chain.index(manager.id)]
        takeover = frame.model_copy(
            update={
                "agent_id": manager.id,
                "chain": chain,
                "delegated_by": None,
                "notes": (*frame.notes, note),
                "escalated_from": blocked.delegator,
            }
        )
        return {"frames": [*state["frames"][:-1], takeover]}

    return RunnableLambda(escalate_to_manager, name=ESCALATE_TO_MANAGER)


def _round_warnings(attempts: int) -> tuple[str, ...]:
    """The soft cap's warning when the run made more hand-offs than `max_delegation_rounds`."""
    rounds = delegation_context().max_delegation_rounds
    if rounds is None or attempts <= rounds:
        return ()
    warning = (
        f"{attempts} hand-offs, more than max_delegation_rounds={rounds} (a soft cap; the run "
        f"stops at {2 * rounds}): split the task or raise the cap"
    )
    _log.warning(warning)
    return (warning,)


def finish(state: DelegationState) -> dict[str, Any]:
    """Build the `DelegationResult` the caller reads."""
    status = state.get("status", "answered")
    task_id = current_task_id(state)
    attempts = state.get("handoff_attempts", 0)
    result = DelegationResult(
        task_id=task_id,
        status=status,
        answer=state.get("answer") if status == "answered" else None,
        answered_by=state.get("answered_by") if status == "answered" else None,
        handoff_attempts=attempts,
        delegations=len(state["delegations"]),
        blocked=len(state["blocked"]),
        tokens_used=state["tokens_used"],
        warnings=(*state.get("call_notes", []), *_round_warnings(attempts)),
    )
    closing = result_message(result, str(state.get("run_id", "")))
    # The next task on this thread gets its own id unless the caller passes one.
    key = "delegation_result" if state.get("keyed") else "result"
    return {"task_id": None, key: result, "messages": [closing], "answered_task": state["task"]}
