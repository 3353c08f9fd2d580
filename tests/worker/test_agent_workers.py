"""Any LangGraph agent does pipeline work (issue 32 item 3): an `AgentFactory` in the roster
or as `executor=` gets the worktree tools; a compiled agent as `executor=` works with its own
tools on a prompt naming its worktree; a compiled agent under `worktree_agent` is refused."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from langchain.agents import create_agent
from langchain_core.messages import AIMessage
from langchain_core.tools import BaseTool, tool
from langgraph.checkpoint.memory import InMemorySaver

from langgraph_council.graphs import (
    ManualDecomposer,
    WorkspaceConfig,
    create_coordination_graph,
    worktree_agent,
)
from langgraph_council.nodes import AgentFactory, Roster
from langgraph_council.nodes.errors import CouncilError, InvalidInputTypeError
from langgraph_council.nodes.testing import ScriptCall, ScriptedChatModel
from tests.coordination.gitrepo import git, make_repo, no_git_identity
from tests.worker.scripted import TASK, SubtaskScript, act, plan, worker_org

__all__ = ["no_git_identity"]

CALC = "def add(a, b):\n    return a + b\n"
WRITES = {
    "write": [
        act(("list_files", {})),
        act(("write_file", {"path": "calc.py", "content": CALC})),
        "Added calc.add.",
    ]
}


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    return make_repo(tmp_path / "repo", {"README.md": "# calc\n"})


def _pipeline(repo: Path, executor: Any) -> Any:
    return create_coordination_graph(
        worker_org(),
        executor=executor,
        decomposer=ManualDecomposer(plan({"write": []})),
        workspace=WorkspaceConfig(repo_path=repo),
    )


async def _run(graph: Any, mode: str) -> Any:
    config = {"configurable": {"thread_id": mode}}
    if mode == "invoke":
        return graph.invoke({"task": TASK}, config)["result"]
    return (await graph.ainvoke({"task": TASK}, config))["result"]


def _factory(script: SubtaskScript, seen: list[list[str]]) -> AgentFactory:
    model = ScriptedChatModel(script)

    def build(tools: list[BaseTool]) -> Any:
        seen.append([t.name for t in tools])
        return create_agent(model, tools)

    return AgentFactory(build)


def _assert_written(repo: Path, result: Any) -> None:
    assert result.rollup == "completed", result.summary
    assert git(repo, "show", f"{result.integration.branch}:calc.py") == CALC
    outcome = result.outcome("write")
    assert outcome.output == "Added calc.add."
    assert outcome.artifacts == ("calc.py",)


@pytest.mark.parametrize("mode", ["invoke", "ainvoke"])
async def test_a_factory_in_the_roster_builds_its_agent_around_the_worktree_tools(
    repo: Path, mode: str
) -> None:
    script, built = SubtaskScript(WRITES), []  # type: ignore[var-annotated]
    roster = Roster(worker_org(), default_model=_factory(script, built))
    result = await _run(_pipeline(repo, worktree_agent(roster)), mode)
    _assert_written(repo, result)
    # built once with no tools for ordinary calls, then around the worktree's tools
    assert built[0] == [] and "write_file" in built[-1] and "list_files" in built[-1]
    assert "calc.py" not in script.outputs("write")[0]  # list_files ran before the write
    assert script.errors("write") == []


def test_a_factory_as_executor_does_the_subtask_in_its_worktree(repo: Path) -> None:
    script, built = SubtaskScript(WRITES), []  # type: ignore[var-annotated]
    graph = _pipeline(repo, _factory(script, built))
    result = graph.invoke({"task": TASK}, {"configurable": {"thread_id": "t"}})["result"]
    _assert_written(repo, result)
    assert {"read_file", "edit_file", "delete_path"} <= set(built[-1])


def test_a_factory_that_builds_no_agent_is_refused_naming_the_entry() -> None:
    with pytest.raises(InvalidInputTypeError, match="AgentFactory of agent 'dev' returned str"):
        Roster(worker_org(), {"dev": AgentFactory(lambda tools: "not an agent")})


_WORKTREE = re.compile(r'<task-data field="worktree">\n(.*?)\n</task-data>', re.S)


@tool
def save_file(directory: str, name: str, content: str) -> str:
    """Write `content` to the file `name` in `directory` (the agent's own, unconfined tool)."""
    (Path(directory) / name).write_text(content)
    return f"saved {name}"


def _own_tools_reply(call: ScriptCall) -> AIMessage:
    if any(m.type == "tool" for m in call.messages):
        return AIMessage(content="Added calc.add.")
    found = _WORKTREE.search(call.prompt)
    assert found, call.prompt
    args = {"directory": found.group(1), "name": "calc.py", "content": CALC}
    return AIMessage(content="", tool_calls=[{"name": "save_file", "args": args, "id": "c1"}])


@pytest.mark.parametrize("mode", ["invoke", "ainvoke"])
async def test_a_compiled_agent_as_executor_works_with_its_own_tools(repo: Path, mode: str) -> None:
    agent = create_agent(ScriptedChatModel(_own_tools_reply), [save_file])
    result = await _run(_pipeline(repo, agent), mode)
    _assert_written(repo, result)


def test_a_compiled_agent_under_worktree_agent_is_refused_when_built() -> None:
    agent = create_agent(ScriptedChatModel(["never called"]), [])
    roster = Roster(worker_org(), {"dev": agent}, default_model=ScriptedChatModel(["x"]))
    with pytest.raises(CouncilError) as caught:
        worktree_agent(roster)
    message = str(caught.value)
    assert isinstance(caught.value, TypeError) and "\n" not in message
    assert "'dev'" in message and "AgentFactory(lambda tools:" in message


@pytest.mark.parametrize("mode", ["invoke", "ainvoke"])
async def test_a_worker_that_changed_nothing_is_flagged_on_the_subtask_and_in_the_rollup(
    repo: Path, mode: str
) -> None:
    script = SubtaskScript({"write": WRITES["write"], "idle": ["All done, I think."]})
    roster = Roster(worker_org(), default_model=ScriptedChatModel(script))
    graph = create_coordination_graph(
        worker_org(),
        executor=worktree_agent(roster),
        decomposer=ManualDecomposer(plan({"write": [], "idle": ["write"]})),
        workspace=WorkspaceConfig(repo_path=repo),
        checkpointer=InMemorySaver(),
    )
    result = await _run(graph, mode)
    idle, write = result.outcome("idle"), result.outcome("write")
    expected = "subtask idle: finished without changing anything in its worktree (attempt 1)"
    assert idle.status == "completed" and idle.warnings == (expected,)
    assert write.warnings == ()
    assert expected in result.warnings
    assert f"- idle [completed] dev: All done, I think. (warning: {expected})" in result.summary
    state = graph.get_state({"configurable": {"thread_id": mode}}).values
    assert expected in state["messages"][-1].content  # the closing prose says it too


def _forever(call: ScriptCall) -> AIMessage:
    """An agent that lists files and never answers."""
    step = sum(m.type == "ai" for m in call.messages)
    return AIMessage(content="", tool_calls=[{"name": "list_files", "args": {}, "id": f"l{step}"}])


def test_a_factory_agent_that_never_answers_fails_its_subtask_at_its_step_bound(
    repo: Path,
) -> None:
    model = ScriptedChatModel(_forever)
    factory = AgentFactory(lambda tools: create_agent(model, tools), recursion_limit=7)
    graph = create_coordination_graph(
        worker_org(),
        executor=worktree_agent(Roster(worker_org(), default_model=factory)),
        decomposer=ManualDecomposer(plan({"write": []})),
        workspace=WorkspaceConfig(repo_path=repo),
        config={"max_retries": 0, "reassign": False},
    )
    result = graph.invoke({"task": TASK}, {"configurable": {"thread_id": "t"}})["result"]
    outcome = result.outcome("write")
    assert outcome.status == "failed"
    assert outcome.error.startswith("GraphRecursionError: Recursion limit of 7 reached")
    assert len(model.calls) == 4  # model, tools, model, ... stopped at 7 steps
