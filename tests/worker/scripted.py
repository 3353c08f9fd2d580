"""Scripted tool-calling agents for the worker tests: a reply list per subtask, read in order."""

from __future__ import annotations

import itertools
import re
from collections.abc import Mapping, Sequence
from typing import Any

from langchain_core.messages import AIMessage, ToolMessage

from langgraph_council.nodes import AgentProfile, Org, Roster, Task
from langgraph_council.nodes.testing import Reply, ScriptCall, ScriptedChatModel

_SUBTASK = re.compile(r"Subtask id: (\S+)")
_ids = itertools.count()


def act(*calls: tuple[str, Mapping[str, Any]], text: str = "") -> AIMessage:
    """A reply that calls tools: `act(("write_file", {"path": ..., "content": ...}), ...)`."""
    return AIMessage(
        content=text,
        tool_calls=[
            {"name": name, "args": dict(args), "id": f"call-{next(_ids)}", "type": "tool_call"}
            for name, args in calls
        ],
    )


class SubtaskScript:
    """A script keyed by the subtask in the worker's prompt; each agent reply is the next entry.

    `seen[subtask]` keeps the tool messages each subtask's agent received, in order.
    """

    def __init__(self, replies: Mapping[str, Sequence[Reply]]) -> None:
        self.replies = replies
        self.seen: dict[str, list[ToolMessage]] = {}
        self.prompts: dict[str, str] = {}

    def __call__(self, call: ScriptCall) -> Reply:
        match = _SUBTASK.search(call.prompt)
        assert match, call.prompt[:200]
        sid = match.group(1)
        self.prompts.setdefault(sid, call.prompt)
        tools = [m for m in call.messages if isinstance(m, ToolMessage)]
        self.seen[sid] = tools
        step = sum(isinstance(m, AIMessage) for m in call.messages)
        return self.replies[sid][step]

    def errors(self, sid: str) -> list[str]:
        """The text of every tool error `sid`'s agent saw."""
        return [str(m.content) for m in self.seen.get(sid, []) if m.status == "error"]

    def outputs(self, sid: str) -> list[str]:
        """The text of every tool result `sid`'s agent saw, errors included."""
        return [str(m.content) for m in self.seen.get(sid, [])]


def worker_org() -> Org:
    """One developer who does every subtask, and a lead whose global rule routers see."""
    rule = {"condition": "a change touches billing", "action": "add a test", "scope": "global"}
    return Org(
        [
            AgentProfile(id="lead", name="Lee", role="lead", department="eng", level="lead",
                         primary_skills=("planning",), rules=(rule,)),  # type: ignore[arg-type]
            AgentProfile(id="dev", name="Dana", role="engineer", department="eng", level="mid",
                         manager_id="lead", primary_skills=("python",)),
        ]
    )  # fmt: skip


def roster_for(script: SubtaskScript) -> tuple[Roster, ScriptedChatModel]:
    """A roster whose every agent answers from `script`."""
    model = ScriptedChatModel(script)
    return Roster(worker_org(), default_model=model), model


TASK = Task(id="calc", title="A small calculator")


def plan(spec: Mapping[str, Sequence[str]]) -> list[dict[str, Any]]:
    """Plan rows from `{id: dependencies}`, all for the python developer."""
    return [
        {"id": sid, "title": f"Do {sid}", "description": f"Work on {sid}.",
         "dependencies": list(deps), "required_skills": ["python"]}
        for sid, deps in spec.items()
    ]  # fmt: skip
