"""Issue 15 item 3, configs: every tunable validates or is refused naming the field; a config
that validates works (guards check and record, a workspace opens, a delegation runs)."""

from __future__ import annotations

import itertools
import math
import subprocess
from pathlib import Path
from typing import Any

import pytest
from hypothesis import example, given
from hypothesis import strategies as st
from langgraph.checkpoint.memory import InMemorySaver
from pydantic import BaseModel, ValidationError

from langgraph_council.graphs import (
    ConflictResolutionConfig,
    CoordinationConfig,
    ManualDecomposer,
    MeetingProtocolConfig,
    create_coordination_graph,
    create_delegation_graph,
)
from langgraph_council.graphs._demo.data import demo_reply
from langgraph_council.guards import InMemoryGuardStateStore, LoopGuard, LoopPreventionConfig
from langgraph_council.nodes import Org, Roster
from langgraph_council.nodes._pipeline.models import SubtaskRun
from langgraph_council.nodes._workspace.models import WorkspaceConfig, WorkspaceError
from langgraph_council.nodes.testing import ScriptedChatModel
from tests.conftest import ORG_YAML
from tests.coordination.gitrepo import make_repo

from .strategies import Fuzzed, fuzz, meeting_contexts, numbers, odd_text, scalar_junk
from .strategies_flows import (
    conflict_configs,
    coordination_contexts,
    guard_configs,
    workspace_limits,
)

ORG = Org.load(ORG_YAML)
FUZZ = fuzz(80)
_ids = itertools.count()


def validated(schema: type[BaseModel], data: Fuzzed) -> Any:
    """`schema` validated from `data`, or None after checking the error names a field."""
    try:
        return schema.model_validate(data.value)
    except ValidationError as exc:
        extra = all(e["type"] == "extra_forbidden" for e in exc.errors())  # its loc is the key
        message = str(exc)
        # junk in place of the whole config: naming one of its keys names the field
        named = any(f"{schema.__name__}.{_shown(k)}" in message for k in data.value)
        assert extra or named or data.named_in(message), (message, data.touched)
        return None


def _shown(key: object) -> str:
    text = str(key)
    return text if text and text.strip() == text and text.isprintable() else repr(key)


@FUZZ
@given(
    st.one_of(
        meeting_contexts().map(lambda d: (MeetingProtocolConfig, d)),
        conflict_configs().map(lambda d: (ConflictResolutionConfig, d)),
        coordination_contexts().map(lambda d: (CoordinationConfig, d)),
    )
)
def test_family_configs_validate_or_name_the_field(case: tuple[type[BaseModel], Fuzzed]) -> None:
    schema, data = case
    config = validated(schema, data) if isinstance(data.value, dict) else None
    if config is not None:  # a valid config survives a JSON round trip (Studio, the CLI)
        assert schema.model_validate_json(config.model_dump_json()) == config


@FUZZ
@given(guard_configs())
def test_guard_configs_validate_or_name_the_field_and_valid_ones_guard(data: Fuzzed) -> None:
    config = validated(LoopPreventionConfig, data)
    if config is None:
        return
    guard = LoopGuard(config, store=InMemoryGuardStateStore())
    task = f"t{next(_ids)}"
    first = guard.check_and_record(chain=[], delegator="a", delegatee="b", task_id=task)
    assert first.passed or first.mechanism == "max_depth", first.message
    again = guard.check_and_record(chain=[], delegator="a", delegatee="b", task_id=task)
    assert not again.passed and again.mechanism == "dedup", again.message


@FUZZ
@given(guard_configs(), st.integers(1, 12))
def test_valid_guard_configs_run_a_delegation_to_its_end(data: Fuzzed, max_handoffs: int) -> None:
    config = validated(LoopPreventionConfig, data)
    if config is None:
        return
    model = ScriptedChatModel(demo_reply)
    graph = create_delegation_graph(
        ORG, Roster(ORG, default_model=model), guard_config=config, checkpointer=InMemorySaver()
    )
    out = graph.invoke(
        {"task": "Plan Q3", "entry_agent": "cto"},
        {"configurable": {"thread_id": f"d{next(_ids)}"}},
        context={"max_handoffs": max_handoffs},
    )
    assert out.get("result") is not None or out.get("__interrupt__"), out


@st.composite
def workspace_configs(draw: st.DrawFn) -> Fuzzed:
    """A `WorkspaceConfig` dict over a real repository (its path filled in by the test)."""
    fields: dict[str, st.SearchStrategy[Any]] = {
        "base_branch": st.one_of(st.sampled_from(["main", "develop", "a..b", "-x", "x.lock"]),
                                 odd_text),
        "max_concurrent_worktrees": numbers,
        "merge_order": st.sampled_from(["completion", "priority", "manual", "random", ""]),
        "conflict_escalation": st.sampled_from(["human", "review_agent", "coin"]),
        "review_agent_id": st.one_of(st.sampled_from(["cto", "ghost"]), odd_text),
        "review_max_tokens": numbers,
        # "<tmp>" is the test's own directory: a relative root would land in the checkout.
        "worktree_root": st.one_of(
            st.sampled_from(["\x00", "<tmp>/wt", "<tmp>/a b/\u00e9"]),
            scalar_junk.filter(lambda v: not isinstance(v, str)),
        ),
        # Never a relative string: "" or "." would be this checkout's own repository.
        "repo_path": st.one_of(
            st.sampled_from(["/no/such/repo", "\x00", "<tmp>", "<tmp>/repo/.git"]),
            scalar_junk.filter(lambda v: not isinstance(v, str)),
        ),
    }  # fmt: skip
    chosen = draw(st.lists(st.sampled_from(sorted(fields)), max_size=2, unique=True))
    return Fuzzed({k: draw(fields[k]) for k in chosen}, set(chosen))


@pytest.fixture(scope="module")
def repo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return make_repo(tmp_path_factory.mktemp("fuzz") / "repo", {"app.py": "x = 1\n"})


@fuzz(25)
@given(data=workspace_configs())
# Bug: a NUL in worktree_root passed validation, then failed open_workspace ("embedded null byte").
@example(data=Fuzzed({"worktree_root": "\x00"}, {"worktree_root"}))
def test_workspace_configs_validate_or_name_the_field_before_any_subtask(
    repo: Path, data: Fuzzed
) -> None:
    ran: list[str] = []
    value = {"repo_path": str(repo), **data.value}
    for key in ("repo_path", "worktree_root"):
        if isinstance(value.get(key), str):
            value[key] = value[key].replace("<tmp>", str(repo.parent))
    try:
        graph = create_coordination_graph(
            ORG,
            Roster(ORG, default_model=ScriptedChatModel([])),
            executor=lambda run: ran.append(run.subtask.id) or "done",
            decomposer=ManualDecomposer([{"id": "a", "title": "A", "required_skills": ["python"]}]),
            workspace=value,
            checkpointer=InMemorySaver(),
        )
    except (ValueError, TypeError) as exc:
        assert data.named_in(str(exc)), (str(exc), data.touched)
        return
    out = graph.invoke(
        {"task": {"id": f"w{next(_ids)}", "title": "Ship", "owner_id": "cto"}},
        {"configurable": {"thread_id": f"w{next(_ids)}"}},
    )
    assert out["result"].rollup == "completed", out["result"].phases
    assert ran == ["a"]


A_PY = "def f():\n    return 1\n"


def _repo_state(repo: Path) -> list[str]:
    """The user's refs, HEAD, status and files: what a refused config must leave alone."""
    git = ["git", "-C", str(repo)]
    refs = subprocess.run([*git, "for-each-ref"], capture_output=True, text=True, check=True)
    status = subprocess.run([*git, "status", "--porcelain", "--untracked-files=all"],
                            capture_output=True, text=True, check=True)  # fmt: skip
    head = (repo / ".git" / "HEAD").read_text()
    return [refs.stdout, status.stdout, head, (repo / "app.py").read_text()]


@fuzz(15)
@given(data=workspace_limits())
@example(data=Fuzzed({"branch_prefix": "main"}, {"branch_prefix"}))  # the user's own branch
@example(data=Fuzzed({"branch_prefix": "refs/heads/x"}, {"branch_prefix"}))
@example(data=Fuzzed({"semantic_timeout_seconds": math.nan}, {"semantic_timeout_seconds"}))
@example(data=Fuzzed({"semantic_max_file_bytes": 1, "semantic_budget_bytes": 1},
                     {"semantic_max_file_bytes", "semantic_budget_bytes"}))  # fmt: skip
def test_branch_prefixes_and_semantic_bounds_run_or_fail_naming_the_field_before_any_subtask(
    repo: Path, data: Fuzzed
) -> None:
    """Issue 21 items 3 and 7: a bad value is refused naming the field before any executor
    call, with the user's refs and checkout unchanged; a valid one runs to completion (a file
    over a bound is reported as skipped, never dropped)."""
    ran: list[str] = []

    def executor(run: SubtaskRun) -> str:
        ran.append(run.subtask.id)
        assert run.workspace_path is not None
        (Path(run.workspace_path) / "a.py").write_text(A_PY)
        return "done"

    before = _repo_state(repo)
    try:
        graph = create_coordination_graph(
            ORG,
            Roster(ORG, default_model=ScriptedChatModel([])),
            executor=executor,
            decomposer=ManualDecomposer([{"id": "a", "title": "A", "required_skills": ["python"]}]),
            workspace={"repo_path": str(repo), **data.value},
            checkpointer=InMemorySaver(),
        )
        out = graph.invoke(
            {"task": {"id": f"w{next(_ids)}", "title": "Ship", "owner_id": "cto"}},
            {"configurable": {"thread_id": f"w{next(_ids)}"}},
        )
    except (ValueError, TypeError, WorkspaceError) as exc:
        assert data.named_in(str(exc)), (str(exc), data.touched)
        assert ran == [], str(exc)
        assert _repo_state(repo) == before, str(exc)
        return
    result = out["result"]
    assert result.rollup == "completed", result.phases
    assert ran == ["a"]
    (merge,) = result.merges
    assert merge.status == "merged", merge
    config = WorkspaceConfig.model_validate({"repo_path": str(repo), **data.value})
    if config.semantic_max_file_bytes < len(A_PY):  # over the bound: reported, not trusted
        assert "a.py" in merge.semantic_skipped, merge
    assert _repo_state(repo)[1:] == before[1:]  # new council refs only; the checkout untouched
