"""One factory shape across the families (docs/design.md, "One factory shape")."""

from __future__ import annotations

import ast
import inspect
from collections.abc import Callable
from pathlib import Path
from typing import Any, get_args, is_typeddict

import pytest
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.graph import END, START, StateGraph
from pydantic import BaseModel

import langgraph_council.graphs._meetings as meetings_module
from langgraph_council.checkpoints import CouncilStores
from langgraph_council.graphs import (
    ConflictResolutionConfig,
    CoordinationConfig,
    DelegationConfig,
    ManualDecomposer,
    MeetingProtocolConfig,
    build_conflict_graph,
    build_coordination_graph,
    build_meeting_graph,
    create_conflict_batch_graph,
    create_conflict_graph,
    create_coordination_graph,
    create_delegation_graph,
    create_meeting_graph,
    register_meeting_protocol,
)
from langgraph_council.guards import InMemoryGuardStateStore
from langgraph_council.nodes import Org, Roster
from langgraph_council.nodes._meetings.state import MeetingState
from langgraph_council.nodes.testing import ScriptedChatModel

ROOT = Path(__file__).resolve().parents[2]
PIPELINE = {
    "executor": lambda run: "done",
    "decomposer": ManualDecomposer([{"id": "a", "title": "A"}]),
}
# family: (create, build, config type, the options a call needs)
FAMILIES: dict[
    str, tuple[Callable[..., Any], Callable[..., Any] | None, type[BaseModel], dict[str, Any]]
] = {
    "meeting": (create_meeting_graph, build_meeting_graph, MeetingProtocolConfig, {}),
    "conflict": (create_conflict_graph, build_conflict_graph, ConflictResolutionConfig, {}),
    # no public builder: its job is the factory's (issue 31 dropped both from the surface)
    "conflict_batch": (create_conflict_batch_graph, None, ConflictResolutionConfig, {}),
    "delegation": (create_delegation_graph, None, DelegationConfig, {}),
    "coordination": (
        create_coordination_graph,
        build_coordination_graph,
        CoordinationConfig,
        PIPELINE,
    ),
}
SHARED_CREATE = ["config", "stores", "checkpointer", "store", "name"]
# each family's own keywords, in its signature (DESIGN sections 3-6)
OWN = {
    "meeting": ["protocol", "task_creator"],
    "conflict": [],
    "conflict_batch": [],
    "delegation": ["guard_config", "guard_store"],
    "coordination": [
        "executor",
        "decomposer",
        "workspace",
        "guard_config",
        "update_parent",
        "check",
    ],
}
DEPRECATED_STORE_KEYWORDS = {
    "escalations",
    "dissent_store",
    "records",
    "loop_records",
    "guard_store",
}


@pytest.fixture
def roster(org: Org) -> Roster:
    return Roster(org, default_model=ScriptedChatModel([]))


def lead(family: str, roster: Roster) -> tuple[Any, ...]:
    """The taught leading arguments: a meeting's roster, else the org and its roster."""
    return (roster,) if family == "meeting" else (roster.org, roster)


def _signature(factory: Callable[..., Any]) -> inspect.Signature:
    return inspect.signature(factory, eval_str=True)


@pytest.mark.parametrize("family", FAMILIES)
def test_every_factory_shows_every_keyword_it_takes(family: str, org: Org) -> None:
    create, build, _, _ = FAMILIES[family]
    for factory, shared in ((create, SHARED_CREATE), (build, ["config", "stores"])):
        if factory is None:
            continue
        parameters = list(_signature(factory).parameters.values())
        positional = [
            (p.name, p.default)
            for p in parameters
            if p.kind is inspect.Parameter.POSITIONAL_OR_KEYWORD
        ]
        if family == "meeting":  # DESIGN section 3: create_meeting_graph(roster, *, ...)
            assert positional == [("roster", inspect.Parameter.empty)]
        else:  # DESIGN sections 4-6: (org, roster, *, ...)
            assert positional == [("org", inspect.Parameter.empty), ("roster", None)]
        keyword_only = {p.name for p in parameters if p.kind is inspect.Parameter.KEYWORD_ONLY}
        assert keyword_only == set(shared) | set(OWN[family]), factory.__name__
        # the only ** is the deprecated store keywords, declared in a TypedDict
        (rest,) = [p for p in parameters if p.kind is inspect.Parameter.VAR_KEYWORD]
        assert rest.name == "deprecated"
        aliases = get_args(rest.annotation)[0]
        assert is_typeddict(aliases)
        assert set(aliases.__annotations__) <= DEPRECATED_STORE_KEYWORDS
    assert _signature(create).parameters["name"].default == family
    if family == "coordination":  # DESIGN section 5: executor is required, keyword-only
        executor = _signature(create).parameters["executor"]
        assert executor.kind is inspect.Parameter.KEYWORD_ONLY
        assert executor.default is None  # shown, and its absence is one line (bad input 16)
        with pytest.raises(TypeError, match=r"^executor: the pipeline needs executor="):
            create(org)


@pytest.mark.parametrize("family", FAMILIES)
def test_the_older_leading_spelling_warns_and_builds_the_same_graph(
    family: str, roster: Roster
) -> None:
    create, _, _, needs = FAMILIES[family]
    taught = create(*lead(family, roster), **needs).get_graph().draw_mermaid(with_styles=False)
    agents = {a.id: ScriptedChatModel([]) for a in roster.org}
    if family == "meeting":  # the older spelling is a mapping of agent names to models
        with pytest.warns(DeprecationWarning, match=r"Roster\(\{'name': model"):
            create(agents, **needs)
        return
    with pytest.warns(DeprecationWarning, match=rf"{create.__name__}\(roster\).*roster\.org"):
        older = create(roster, **needs)
    assert older.get_graph().draw_mermaid(with_styles=False) == taught
    with pytest.raises(TypeError, match="unexpected keyword argument 'colour'"):
        create(*lead(family, roster), colour="red", **needs)


@pytest.mark.parametrize("family", FAMILIES)
def test_config_takes_an_instance_or_a_dict_and_names_a_bad_field(
    family: str, roster: Roster
) -> None:
    create, build, schema, needs = FAMILIES[family]
    first = lead(family, roster)
    create(*first, config=schema(), **needs)
    create(*first, config={}, **needs)
    if build is not None:
        build(*first, config=schema().model_dump(mode="json"), **needs)
    with pytest.raises(ValueError, match=r"config\.no_such_field"):
        create(*first, config={"no_such_field": 1}, **needs)
    with pytest.raises(TypeError, match=f"config must be a {schema.__name__} or a dict"):
        create(*first, config=42, **needs)


@pytest.mark.parametrize("family", FAMILIES)
def test_every_factory_takes_the_stores_bundle_and_its_aliases_warn(
    family: str, roster: Roster
) -> None:
    create, _, _, needs = FAMILIES[family]
    first = lead(family, roster)
    stores = CouncilStores.in_memory()
    create(*first, stores=stores, **needs)
    with pytest.raises(TypeError, match="stores must be a CouncilStores"):
        create(*first, stores={"escalations": None}, **needs)
    if family == "meeting":
        with pytest.warns(DeprecationWarning, match=r"records=\).*CouncilStores\(meetings="):
            create(*first, records=stores.meetings)
        return  # no escalations in a meeting
    with (
        pytest.warns(DeprecationWarning),
        pytest.raises(ValueError, match=r"escalations= and stores\.escalations are both set"),
    ):
        create(*first, stores=stores, escalations=CouncilStores.in_memory().escalations, **needs)
    with pytest.warns(DeprecationWarning, match=r"escalations=\).*CouncilStores\(escalations="):
        create(*first, escalations=stores.escalations, **needs)  # an alias fills the bundle


def test_the_bundle_and_the_aliases_wire_the_same_nodes(roster: Roster) -> None:
    stores = CouncilStores.in_memory()
    bundled = build_meeting_graph(roster, stores=stores)
    with pytest.warns(DeprecationWarning) as caught:
        aliased = build_meeting_graph(roster, records=stores.meetings, dissent_store=stores.dissent)
    assert len(caught) == 1, "one warning per call, naming both keywords"
    assert "dissent_store=, records=" in str(caught[0].message)
    assert {"record_meeting", "record_dissent"} <= set(bundled.nodes) == set(aliased.nodes)


@pytest.mark.parametrize("family", FAMILIES)
def test_one_durability_and_serde_policy(family: str, roster: Roster) -> None:
    create, _, _, needs = FAMILIES[family]
    saver = InMemorySaver()
    durable = create(*lead(family, roster), checkpointer=saver, **needs)
    assert durable.config["configurable"], "a saver makes durability 'sync' the default"
    assert durable.checkpointer is not saver  # a copy with the council serializer
    assert durable.checkpointer.serde is not saver.serde
    plain = create(*lead(family, roster), **needs)
    assert not (plain.config or {}).get("configurable")


def test_policies_agree_across_families(roster: Roster) -> None:
    configs = {
        family: create(*lead(family, roster), checkpointer=InMemorySaver(), **needs).config
        for family, (create, _, _, needs) in FAMILIES.items()
    }
    # each family's graph tags its runs with its family (traces), and only that differs
    traced = {"coordination": "pipeline"}
    tags = {family: config.pop("tags") for family, config in configs.items()}
    assert tags == {f: [f"council:{traced.get(f, f)}"] for f in FAMILIES}
    assert len({repr(c) for c in configs.values()}) == 1, configs


def test_a_guard_state_store_given_as_store_warns_and_is_still_the_guard_store(
    roster: Roster,
) -> None:
    guard = InMemoryGuardStateStore()
    with pytest.warns(DeprecationWarning, match=r"store=<GuardStateStore>.*guard_store="):
        graph = create_delegation_graph(roster.org, roster, store=guard)  # type: ignore[arg-type]
    assert graph.store is None


def test_an_older_two_argument_protocol_builder_still_registers(
    roster: Roster, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(meetings_module, "_PROTOCOLS", meetings_module._PROTOCOLS.copy())

    def older(graph: StateGraph[Any, Any, Any, Any], roster: Roster) -> None:
        graph.add_node("decide", lambda state: {})
        graph.add_edge("open_meeting", "decide")
        graph.add_edge("decide", "finalize")

    def newer(org: Org, roster: Roster | None, config: Any) -> StateGraph[Any, Any, Any, Any]:
        graph = StateGraph(MeetingState)
        graph.add_node("decide", lambda state: {})
        graph.add_edge(START, "decide")
        graph.add_edge("decide", END)
        return graph

    register_meeting_protocol("older", older)
    register_meeting_protocol("newer", newer)
    drawn = {
        name: create_meeting_graph(roster, protocol=name)
        .get_graph()
        .draw_mermaid(with_styles=False)
        for name in ("older", "newer")
    }
    assert drawn["older"] == drawn["newer"]
    assert "open_meeting --> decide" in drawn["newer"] and "decide --> finalize" in drawn["newer"]
    with pytest.raises(TypeError, match=r"must take \(org, roster, config\)"):
        register_meeting_protocol("lonely", lambda graph: None)


def _private_langgraph_imports(path: Path) -> bool:
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module:
            parts = node.module.split(".")
            if parts[0] == "langgraph" and any(p.startswith("_") for p in parts):
                return True
    return False


def test_private_langgraph_imports_live_in_two_modules_with_their_reason() -> None:
    found = sorted(
        str(path.relative_to(ROOT))
        for folder in ("graphs", "nodes", "guards", "checkpoints")
        for path in (ROOT / folder).rglob("*.py")
        if _private_langgraph_imports(path)
    )
    assert found == ["graphs/_compile.py", "nodes/_calls/node.py"]
    for module in found:
        docstring = ast.get_docstring(ast.parse((ROOT / module).read_text())) or ""
        assert "private" in docstring.lower() and "LangGraph" in docstring, module


def test_the_dropped_builders_warn_and_build_the_graph_their_factory_compiles(
    org: Org, roster: Roster
) -> None:
    """Issue 31 dropped two builders from the surface: for one release they still import
    (with a warning naming the factory) and wire the same graph."""
    import langgraph_council.graphs as graphs
    from langgraph_council.nodes._deprecated import warned_names

    warned_names.clear()
    for name, create in (
        ("build_delegation_graph", create_delegation_graph),
        ("build_conflict_batch_graph", create_conflict_batch_graph),
    ):
        with pytest.warns(DeprecationWarning, match=f"use {create.__name__}"):
            build = getattr(graphs, name)
        drawn = build(org, roster).compile().get_graph().draw_mermaid(with_styles=False)
        assert drawn == create(org, roster).get_graph().draw_mermaid(with_styles=False)
