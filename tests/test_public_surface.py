"""The public surface, pinned: a change to any facade's `__all__` is a deliberate snapshot diff."""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
import re
import warnings
from pathlib import Path

import pytest
from syrupy.assertion import SnapshotAssertion

import langgraph_council.checkpoints as checkpoints
import langgraph_council.graphs as graphs
import langgraph_council.guards as guards
import langgraph_council.nodes as nodes
import langgraph_council.nodes.errors as errors
from langgraph_council.nodes import CouncilError

FACADES = (nodes, guards, checkpoints, graphs)
PUBLIC_MODULES = {
    "langgraph_council.nodes.testing",  # ScriptedChatModel: a test double users test with
    "langgraph_council.nodes.errors",  # every exception, importable by name from one place
    "langgraph_council.graphs.cli",  # the `council` command's entry point
    "langgraph_council.graphs.studio",  # the module langgraph.json names
}
ROOT = Path(__file__).parents[1]


def _all_modules() -> list[str]:
    found = []
    for facade in FACADES:
        found.append(facade.__name__)
        for info in pkgutil.walk_packages(facade.__path__, facade.__name__ + "."):
            found.append(info.name)
    return found


def test_every_facade_is_pinned(snapshot: SnapshotAssertion) -> None:
    assert {f.__name__: list(f.__all__) for f in FACADES} == snapshot


def test_each_public_name_comes_from_one_facade_and_the_surface_stays_small() -> None:
    seen: dict[str, str] = {}
    for facade in FACADES:
        for name in facade.__all__:
            assert name not in seen, f"{name} is exported by {seen.get(name)} and {facade.__name__}"
            seen[name] = facade.__name__
            assert getattr(facade, name) is not None
    # 117: issue 31 dropped six names whose job another public name does (resume_with_policy
    # and its async twin: resume_thread(attempts_store=...); asetup_database; the
    # ShutdownStrategy alias; the delegation and conflict-batch builders)
    # 118: plot_run (issue 36 item 3), the one call a notebook draws a run or a graph with
    # 119: OrgMemory (issue 35), the Python handle to list, show and forget org memory
    # 120: OTelCallbackHandler, the OpenTelemetry export (issue 35 item 3; the `otel` extra)
    assert len(seen) <= 120
    # with every exception importable by name (nodes.errors), the surface stays <= 135, under
    # issue 31's cap of 140 with room for the names the next features add
    # (137 with plot_run and MissingExtraError: the plots extra is not installed)
    # (138 with OrgMemory, 139 with OTelCallbackHandler, 140 with StateVersionError: a thread
    # saved by a newer package, issue 33)
    assert len(set(seen) | set(errors.__all__)) <= 140


DROPPED = {
    checkpoints: {
        "resume_with_policy": (checkpoints.resume_thread, "use resume_thread"),
        "aresume_with_policy": (checkpoints.aresume_thread, "use aresume_thread"),
        "asetup_database": (None, "use setup_database"),
        "ShutdownStrategy": (None, "use a plain string"),
    },
    graphs: {
        "build_delegation_graph": (None, "use create_delegation_graph"),
        "build_conflict_batch_graph": (None, "use create_conflict_batch_graph"),
    },
}
"""Names dropped from a facade (issue 31): importable for one release, warning once."""


def test_a_dropped_name_still_imports_and_warns_once_naming_its_replacement() -> None:
    from langgraph_council.nodes._deprecated import warned_names

    warned_names.clear()
    for facade, table in DROPPED.items():
        for name, (same_as, replacement) in table.items():
            assert name not in facade.__all__
            with pytest.warns(DeprecationWarning, match=replacement) as caught:
                value = getattr(facade, name)
            assert len(caught) == 1 and f"{facade.__name__}.{name}" in str(caught[0].message)
            assert value is not None and (same_as is None or value is same_as)
            with warnings.catch_warnings():
                warnings.simplefilter("error")
                assert getattr(facade, name) is value  # once: the second use is silent
    with pytest.raises(AttributeError, match="no attribute 'resume_with_polcy'"):
        checkpoints.resume_with_polcy  # noqa: B018


def test_every_module_off_the_surface_is_private() -> None:
    public = {f.__name__ for f in FACADES} | PUBLIC_MODULES
    for name in _all_modules():
        private = any(part.startswith("_") for part in name.split(".")[1:])
        assert private or name in public, f"{name} is neither on the surface nor private"


def test_every_exception_the_package_defines_derives_from_council_error() -> None:
    for name in _all_modules():
        module = importlib.import_module(name)
        for _, cls in inspect.getmembers(module, inspect.isclass):
            if cls.__module__ == name and issubclass(cls, BaseException):
                assert issubclass(cls, CouncilError), f"{name}.{cls.__name__}"


def _defined_exceptions() -> dict[str, type[BaseException]]:
    found: dict[str, type[BaseException]] = {}
    for name in _all_modules():
        module = importlib.import_module(name)
        for _, cls in inspect.getmembers(module, inspect.isclass):
            if cls.__module__ == name and issubclass(cls, BaseException):
                assert found.get(cls.__name__, cls) is cls, f"two exceptions named {cls.__name__}"
                found[cls.__name__] = cls
    return found


def test_every_exception_is_importable_by_name_from_nodes_errors() -> None:
    defined = _defined_exceptions()
    assert len(defined) >= 17
    missing = sorted(n for n, cls in defined.items() if getattr(errors, n, None) is not cls)
    assert not missing, f"not importable from langgraph_council.nodes.errors: {missing}"
    assert sorted(errors.__all__) == sorted(defined)


def _drawn_tree(text: str) -> dict[str, tuple[str, str | None]]:
    """`name -> (parent, builtin base or None)` from a tree drawn with box characters."""
    drawn: dict[str, tuple[str, str | None]] = {}
    stack: list[str] = []
    offset: int | None = None  # the root's indent (a docstring indents the whole tree)
    for line in text.splitlines():
        match = re.match(
            r"^(?P<lead>[ │├└─]*)(?P<name>\w+Error)(?: \((?P<base>\w+)\))?(?=\s|$)", line
        )
        if not match:
            continue
        offset = len(match["lead"]) if offset is None else offset
        depth = (len(match["lead"]) - offset) // 4
        del stack[depth:]
        parent = stack[-1] if stack else "Exception"
        drawn[match["name"]] = (parent, match["base"])
        stack.append(match["name"])
    return drawn


def _actual(cls: type[BaseException]) -> tuple[str, str | None]:
    council = [b for b in cls.__bases__ if issubclass(b, CouncilError)]
    builtin = [b for b in cls.__bases__ if b.__module__ == "builtins"]
    parent = council[0].__name__ if council else "Exception"
    return parent, builtin[0].__name__ if builtin and council else None


def test_the_drawn_exception_trees_match_the_classes() -> None:
    design = (ROOT / "docs" / "design.md").read_text()
    section = design.split("## One exception tree", 1)[1].split("\n## ", 1)[0]
    defined = _defined_exceptions()
    expected = {name: _actual(cls) for name, cls in defined.items()}
    expected["CouncilError"] = ("Exception", None)
    for where, text in (("docs/design.md", section), ("nodes/errors.py", errors.__doc__ or "")):
        drawn = _drawn_tree(text)
        drawn["CouncilError"] = ("Exception", None)
        assert drawn == expected, where
    builtins = (ValueError, RuntimeError, TypeError, LookupError, TimeoutError)
    builtins += (FileNotFoundError, ConnectionError)  # a missing file, no server (issue 34)
    builtins += (ImportError,)  # an optional extra not installed (issue 36: plots)
    for name, cls in defined.items():  # each derives from CouncilError and a builtin base
        if cls is not CouncilError:
            assert issubclass(cls, CouncilError) and issubclass(cls, builtins), name


def test_graphs_lazy_table_names_each_export_once() -> None:
    """The graphs facade imports its names for type checkers only; `__all__` must match."""
    tree = ast.parse((ROOT / "graphs" / "__init__.py").read_text())
    typed = {
        alias.asname or alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("langgraph_council")
        for alias in node.names
    }
    assert typed == set(graphs.__all__)


def test_the_contract_names_are_exported() -> None:
    """DESIGN.md section 10: the names that tests outside this repo call."""
    contract = {
        nodes: "CouncilError SeniorityLevel AgentProfile Org Roster Task MeetingAgenda "
        "MeetingMinutes Conflict ConflictPosition ConflictResolution DissentRecord",
        guards: "LoopGuard LoopPreventionConfig GuardOutcome GuardStateStore "
        "InMemoryGuardStateStore make_delegation_guard",
        checkpoints: "postgres_checkpointer async_postgres_checkpointer setup_database "
        "embedded_postgres resume_thread interrupted_threads PostgresGuardStateStore "
        "EscalationQueue prune_threads FailureCategory infer_failure_category run_until_signal",
        graphs: "create_meeting_graph build_meeting_graph register_meeting_protocol "
        "MeetingProtocolConfig create_conflict_graph build_conflict_graph "
        "register_conflict_strategy ConflictResolutionConfig create_delegation_graph "
        "create_coordination_graph build_coordination_graph CoordinationConfig WorkspaceConfig "
        "ManualDecomposer",
    }
    for facade, names in contract.items():
        assert set(names.split()) <= set(facade.__all__), facade.__name__
