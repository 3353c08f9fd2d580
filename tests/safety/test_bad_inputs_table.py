"""Issue 34 item 4: the 33 bad inputs of ../shared/BAD_INPUTS.md, as one table. Each must raise
a `CouncilError` subclass (with its builtin base where it has one) whose message is one line.
At 6516df4, 3 of the 33 did; the rest raised bare builtins, multi-line pydantic errors, a
`KeyError`, a `FileNotFoundError` or psycopg errors."""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from langgraph_council.checkpoints import CouncilStores, embedded_postgres, postgres_checkpointer
from langgraph_council.graphs import (
    CommandPolicy,
    CoordinationConfig,
    ManualDecomposer,
    MeetingProtocolConfig,
    StopWhen,
    WorkspaceConfig,
    create_coordination_graph,
    create_meeting_graph,
    register_conflict_detector,
    worktree_agent,
)
from langgraph_council.nodes import CouncilError, Org, Roster, Task
from langgraph_council.nodes._demo import demo_org, demo_roster
from tests.coordination.gitrepo import make_repo

Case = Callable[[Path], Any]

MEETING: dict[str, Any] = {
    "agenda": {"title": "REST or GraphQL?"},
    "leader_id": "cto",
    "participant_ids": ["backend_lead", "frontend_lead"],
    "token_budget": 6000,
}


def _meeting(inp: dict[str, Any], context: Any = None) -> Any:
    return create_meeting_graph(demo_roster(), protocol="round_robin").invoke(inp, context=context)


def _cycle() -> Any:
    row = {"name": "X", "role": "r", "department": "d", "level": "lead"}
    rows = [{**row, "id": "a", "manager_id": "b"}, {**row, "id": "b", "manager_id": "a"}]
    return Org(rows)  # type: ignore[arg-type]


TASK = {"task": {"id": "t", "title": "T"}}


def _ws(tmp: Path, **kw: Any) -> WorkspaceConfig:
    return WorkspaceConfig(repo_path=_repo(tmp), **kw)


def _misspelt_run_key(tmp: Path) -> Any:
    graph = create_coordination_graph(demo_org(), executor=lambda run: "x")
    return graph.invoke(TASK, context={"max_retry": 2})


def _worker_without_workspace(tmp: Path) -> Any:
    graph = create_coordination_graph(demo_org(), executor=worktree_agent(demo_roster()))
    return graph.invoke({**TASK, "subtasks": [{"id": "a", "title": "A"}]})


def _pipeline(tmp: Path, **kw: Any) -> Any:
    graph = create_coordination_graph(demo_org(), executor=lambda run: "done", **kw)
    return graph.invoke(TASK)


def _repo(tmp: Path) -> Path:
    return make_repo(tmp / "repo", {"README.md": "hi\n"})


CASES: list[Any] = [
    ("01 protocol", lambda t: create_meeting_graph(demo_roster(), protocol="nope")),  # type: ignore[arg-type]
    ("02 misspelt context key", lambda t: _meeting(MEETING, {"round_robbin": {}})),
    ("03 NaN stop", lambda t: _meeting(MEETING, {"stop_when": {"elapsed_seconds": math.nan}})),
    ("04 negative budget", lambda t: _meeting({**MEETING, "token_budget": -1})),
    ("05 leader not in org", lambda t: _meeting({**MEETING, "leader_id": "nobody"})),
    ("06 no agenda", lambda t: _meeting({k: v for k, v in MEETING.items() if k != "agenda"})),
    ("07 quorum", lambda t: MeetingProtocolConfig(quorum=2)),  # type: ignore[call-arg]
    ("08 empty StopWhen", lambda t: StopWhen()),
    ("09 roster entry", lambda t: Roster(demo_org(), {"cto": 5})),  # type: ignore[dict-item]
    ("10 manager cycle", lambda t: _cycle()),
    ("11 no org file", lambda t: Org.load(t / "no-such-org.yaml")),
    ("12 detector name", lambda t: register_conflict_detector("Bad Name", lambda *a: [])),  # type: ignore[arg-type,return-value]
    ("13 task id", lambda t: Task(id="../x", title="T")),
    (
        "14 self dependency",
        lambda t: ManualDecomposer([{"id": "a", "title": "A", "dependencies": ["a"]}]),
    ),
    ("15 max_retries", lambda t: CoordinationConfig(max_retries=11)),
    ("16 no executor", lambda t: create_coordination_graph(demo_org())),
    ("17 executor 5", lambda t: create_coordination_graph(demo_org(), executor=5)),  # type: ignore[call-arg]
    ("18 no plan", lambda t: _pipeline(t)),
    ("19 not a repo", lambda t: _pipeline(t, workspace=WorkspaceConfig(repo_path=t))),
    ("20 no base branch", lambda t: _pipeline(t, workspace=_ws(t, base_branch="nope"))),
    ("21 check program", lambda t: _pipeline(t, workspace=_ws(t), check=["no-such-program-x"])),
    ("22 check twice", lambda t: _pipeline(t, workspace=_ws(t, check=["true"]), check=["true"])),
    ("23 misspelt run key", _misspelt_run_key),
    ("24 zero worktrees", lambda t: _ws(t, max_concurrent_worktrees=0)),
    ("25 zero steps", lambda t: worktree_agent(demo_roster(), max_steps=0)),
    ("26 tool 5", lambda t: worktree_agent(demo_roster(), tools=[5])),  # type: ignore[list-item]
    ("27 allow string", lambda t: CommandPolicy(allow="pytest -q")),  # type: ignore[arg-type]
    ("28 zero timeout", lambda t: CommandPolicy(allow=[["pytest"]], timeout_seconds=0)),
    ("29 worker without workspace", _worker_without_workspace),
    ("30 bad uri", lambda t: postgres_checkpointer("not a uri").__enter__()),
    (
        "31 nothing listening",
        lambda t: postgres_checkpointer("postgresql://u@127.0.0.1:1/db").__enter__(),
    ),
    ("32 data dir is a file", lambda t: embedded_postgres(_file(t)).__enter__()),
    ("33 uri for a pool", lambda t: CouncilStores.from_pool("postgresql://x")),  # type: ignore[arg-type]
]


def _id(case: Any) -> str:
    return str(case.values[0] if hasattr(case, "values") else case[0])


def _file(tmp: Path) -> Path:
    path = tmp / "a-file"
    path.write_text("not a folder")
    return path


@pytest.mark.parametrize(("name", "case"), CASES, ids=[_id(c) for c in CASES])
def test_a_bad_input_raises_one_line_council_error(name: str, case: Case, tmp_path: Path) -> None:
    with pytest.raises(Exception) as caught:
        case(tmp_path)
    exc = caught.value
    assert isinstance(exc, CouncilError), f"{type(exc).__module__}.{type(exc).__name__}: {exc}"
    assert len(str(exc).splitlines()) == 1, str(exc)
