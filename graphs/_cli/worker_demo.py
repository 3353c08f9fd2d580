"""`council demo pipeline --agents`: the worktree worker on scripted tool-calling models."""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import Any

from langgraph.pregel import Pregel

from langgraph_council.graphs._cli.backend import Backend
from langgraph_council.graphs._coordination import create_coordination_graph
from langgraph_council.graphs._demo.worker import (
    AGENTS_DEMO_PLAN,
    AGENTS_DEMO_TASK,
    agents_demo_check,
    agents_demo_model,
    agents_demo_repo,
    agents_demo_roster,
)
from langgraph_council.graphs._worker import worktree_agent
from langgraph_council.guards import InMemoryGuardStateStore
from langgraph_council.nodes._calls.factories import AgentFactory
from langgraph_council.nodes._calls.roster import Roster
from langgraph_council.nodes._errors import CliError
from langgraph_council.nodes._pipeline.decompose import ManualDecomposer
from langgraph_council.nodes._pipeline.models import Task
from langgraph_council.nodes._worker.commands import CommandPolicy
from langgraph_council.nodes._workspace.models import WorkspaceConfig

__all__ = ["worker_demo"]


def _factory_roster(roster: Roster) -> Roster:
    """`roster`'s org with the demo model inside langchain's `create_agent`, built by an
    `AgentFactory` around the worktree tools for each subtask."""
    try:
        agents = importlib.import_module("langchain.agents")
    except ImportError:
        raise CliError(
            "--agents factory needs langchain (pip install langchain); or run --agents"
        ) from None
    model = agents_demo_model()
    return Roster(roster.org, default_model=AgentFactory(lambda t: agents.create_agent(model, t)))


def worker_demo(
    root: Path, backend: Backend, *, factory: bool = False
) -> tuple[Path, Pregel[Any, Any], Task]:
    """The shop repository at `root`, the pipeline over it and its task.

    Agents run as `worktree_agent` with the file tools and `run_command` allowed to run the
    repository's tests; the same tests are the check before every merge. Recovery is the
    default ladder (one retry with the check's output, then reassign). With `factory`, each
    agent is langchain's `create_agent` over the same model, built around those tools.
    """
    repo = agents_demo_repo(root)
    roster = agents_demo_roster()
    if factory:
        roster = _factory_roster(roster)
    check = agents_demo_check()
    graph = create_coordination_graph(
        roster.org,
        roster,
        executor=worktree_agent(roster, commands=CommandPolicy(allow=[check[:-1]])),
        decomposer=ManualDecomposer(AGENTS_DEMO_PLAN),
        workspace=WorkspaceConfig(repo_path=repo, check_timeout_seconds=120),
        check=list(check),
        # a fresh guard per demo: the reassignment is a hand-off the guard checks
        stores=backend.stores.replace(guard_state=InMemoryGuardStateStore()),
        checkpointer=backend.checkpointer,
    )
    return repo, graph, AGENTS_DEMO_TASK
