"""A compiled agent as `executor=`: it works on its subtask with its own tools.

A compiled agent (`create_agent(model, tools)`) takes `{"messages": [...]}`; the pipeline used
to hand every executor graph the `SubtaskRun`'s fields as input keys, which an agent's state
drops, so its model was called with no messages at all (`IndexError: list index out of range`
in the model, or no `result` key after it). Here it gets one fenced human message naming the
subtask and the worktree's path instead, runs with its own tools, and its last AI message is
the subtask's result, with the files it changed in the worktree as `artifacts`. Its tools are
its own: nothing confines them to the worktree (give it an `AgentFactory` for that).
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from langchain_core.messages import HumanMessage
from langchain_core.runnables import Runnable, RunnableConfig
from langgraph.pregel import Pregel

from langgraph_council.nodes._calls.agent_runs import arun_agent, run_agent
from langgraph_council.nodes._calls.replies import estimate_tokens, text_of
from langgraph_council.nodes._fencing import UNTRUSTED_CONTENT_DIRECTIVE, fence_task_data
from langgraph_council.nodes._org import Org
from langgraph_council.nodes._pipeline.models import SubtaskResult, SubtaskRun
from langgraph_council.nodes._worker.loop import changed_files
from langgraph_council.nodes._worker.prompts import _feedback, _rules, _subtask, _upstream

__all__ = ["OWN_TOOLS_PROMPT", "OwnToolsAgent", "is_messages_agent", "render_own_tools_prompt"]

OWN_TOOLS_PROMPT = """You are {name}, {role}, doing one subtask of a larger task with your own \
tools. {where}

{subtask}
{upstream}{feedback}{rules}
When the subtask is done, answer with a short summary of what you changed and why: that \
answer is your result.

{directive}"""

WHERE = (
    "Work only in this git worktree of the project (its absolute path); the pipeline commits "
    "and merges what you leave there:\n{path}"
)
NO_WORKTREE = "There is no worktree: answer with the result itself."


def is_messages_agent(executor: object) -> bool:
    """True for a compiled graph over `messages` that takes none of a `SubtaskRun`'s fields
    (an agent), as opposed to an executor graph built for the pipeline."""
    if not isinstance(executor, Pregel):
        return False
    keys = set(executor.get_input_jsonschema().get("properties", {}))
    return "messages" in keys and not keys & set(SubtaskRun.model_fields)


def render_own_tools_prompt(run: SubtaskRun, org: Org | None) -> str:
    """The one human message an agent with its own tools gets for `run`."""
    path = run.workspace_path
    where = WHERE.format(path=fence_task_data(path, field="worktree")) if path else NO_WORKTREE
    return OWN_TOOLS_PROMPT.format(
        name=run.agent.name,
        role=run.agent.role,
        where=where,
        subtask=_subtask(run),
        upstream=_upstream(run),
        feedback=_feedback(run),
        rules=_rules(org),
        directive=UNTRUSTED_CONTENT_DIRECTIVE,
    )


class OwnToolsAgent(Runnable[SubtaskRun, SubtaskResult]):
    """A compiled agent doing a pipeline subtask with its own tools (see the module doc).

    The agent runs as a subgraph of the `execute_subtask` node (no config is passed: the
    node's comes from the context), so it streams to the parent; when it saves its own
    steps (`checkpoints`), a re-run after a crash resumes it in its worktree as it left it.
    """

    def __init__(self, agent: Pregel[Any, Any], org: Org | None) -> None:
        self.agent = agent
        self.org = org
        self.checkpoints = getattr(agent, "checkpointer", None) is not False

    def _result(self, run: SubtaskRun, text: str) -> SubtaskResult:
        root = run.workspace_path
        return SubtaskResult(
            subtask_id=run.subtask.id,
            agent_id=run.agent.id,
            output=text,
            artifacts=changed_files(Path(root)) if root else (),
        )

    def invoke(
        self, input: SubtaskRun, config: RunnableConfig | None = None, **kwargs: Any
    ) -> SubtaskResult:
        """Run the agent on `input`'s prompt; its last AI message is the result."""
        prompt = [HumanMessage(content=render_own_tools_prompt(input, self.org))]
        done = run_agent(input.agent.id, self.agent, prompt, estimate_tokens)
        return self._result(input, text_of(done.reply))

    async def ainvoke(
        self, input: SubtaskRun, config: RunnableConfig | None = None, **kwargs: Any
    ) -> SubtaskResult:
        """`invoke` under `ainvoke`."""
        prompt = [HumanMessage(content=render_own_tools_prompt(input, self.org))]
        done = await arun_agent(input.agent.id, self.agent, prompt, estimate_tokens)
        return await asyncio.to_thread(self._result, input, text_of(done.reply))
