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
    build_conflict_batch_graph,
    build_conflict_graph,
    build_coordination_graph,
    build_delegation_graph,
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
    str, tuple[Callable[..., Any], Callable[..., Any], type[BaseModel], dict[str, Any]]
] = {
    "meeting": (create_meeting_graph, build_meeting_graph, MeetingProtocolConfig, {}),
    "conflict": (create_conflict_graph, build_conflict_graph, ConflictResolutionConfig, {}),
    "conflict_batch": (
        create_conflict_batch_graph,
        build_conflict_batch_graph,
        ConflictResolutionConfig,
        {},
    ),
    "delegation": (create_delegation_graph, build_delegation_graph, DelegationConfig, {}),
    "coordination": (
        create_coordination_graph,
        build_coordination_graph,
        CoordinationConfig,
        PIPELINE,
    ),
}
SHARED_CREATE = ["config", "stores", "checkpointer", "store", "name"]


@pytest.fixture
def roster(org: Org) -> Roster:
    return Roster(org, default_model=ScriptedChatModel([]))


def _signature(factory: Callable[..., Any]) -> inspect.Signature:
    return inspect.signature(factory, eval_str=True)


def _options(factory: Callable[..., Any]) -> inspect.Parameter:
    return list(_signature(factory).parameters.values())[-1]


@pytest.mark.parametrize("family", FAMILIES)
def test_every_factory_has_the_same_leading_and_shared_parameters(family: str) -> None:
    create, build, _, _ = FAMILIES[family]
    for factory, shared in ((create, SHARED_CREATE), (build, ["config", "stores"])):
        parameters = list(_signature(factory).parameters.values())
        leading = [(p.name, p.kind, p.default) for p in parameters[:2]]
        assert leading == [
            ("org", inspect.Parameter.POSITIONAL_OR_KEYWORD, inspect.Parameter.empty),
            ("roster", inspect.Parameter.POSITIONAL_OR_KEYWORD, None),
        ]
        keyword_only = [p for p in parameters if p.kind is inspect.Parameter.KEYWORD_ONLY]
        assert [p.name for p in keyword_only] == shared
        assert {p.default for p in keyword_only if p.name != "name"} == {None}
        assert parameters[-1].kind is inspect.Parameter.VAR_KEYWORD
    assert _signature(create).parameters["name"].default == family
    # the family's own keywords are declared once: both take the same options TypedDict
    options = {get_args(_options(f).annotation)[0] for f in (create, build)}
    assert len(options) == 1 and is_typeddict(options.pop())


@pytest.mark.parametrize("family", FAMILIES)
def test_a_roster_alone_or_org_and_roster_build_the_same_graph(
    family: str, org: Org, roster: Roster
) -> None:
    create, _, _, needs = FAMILIES[family]
    alone = create(roster, **needs).get_graph().draw_mermaid(with_styles=False)
    both = create(org, roster, **needs).get_graph().draw_mermaid(with_styles=False)
    assert alone == both
    with pytest.raises(TypeError, match="unexpected keyword argument 'colour'"):
        create(roster, colour="red", **needs)


@pytest.mark.parametrize("family", FAMILIES)
def test_config_takes_an_instance_or_a_dict_and_names_a_bad_field(
    family: str, roster: Roster
) -> None:
    create, build, schema, needs = FAMILIES[family]
    create(roster, config=schema(), **needs)
    create(roster, config={}, **needs)
    build(roster, config=schema().model_dump(mode="json"), **needs)
    with pytest.raises(ValueError, match=r"config\.no_such_field"):
        create(roster, config={"no_such_field": 1}, **needs)
    with pytest.raises(TypeError, match=f"config must be a {schema.__name__} or a dict"):
        create(roster, config=42, **needs)


@pytest.mark.parametrize("family", FAMILIES)
def test_every_factory_takes_the_stores_bundle_and_its_aliases(family: str, roster: Roster) -> None:
    create, _, _, needs = FAMILIES[family]
    stores = CouncilStores.in_memory()
    create(roster, stores=stores, **needs)
    with pytest.raises(TypeError, match="stores must be a CouncilStores"):
        create(roster, stores={"escalations": None}, **needs)
    if family == "meeting":
        return  # no escalations in a meeting
    with pytest.raises(ValueError, match=r"escalations= and stores\.escalations are both set"):
        create(roster, stores=stores, escalations=CouncilStores.in_memory().escalations, **needs)
    create(roster, escalations=stores.escalations, **needs)  # an alias fills the bundle


def test_the_bundle_and_the_aliases_wire_the_same_nodes(roster: Roster) -> None:
    stores = CouncilStores.in_memory()
    bundled = build_meeting_graph(roster, stores=stores)
    aliased = build_meeting_graph(roster, records=stores.meetings, dissent_store=stores.dissent)
    assert {"record_meeting", "record_dissent"} <= set(bundled.nodes) == set(aliased.nodes)


@pytest.mark.parametrize("family", FAMILIES)
def test_one_durability_and_serde_policy(family: str, roster: Roster) -> None:
    create, _, _, needs = FAMILIES[family]
    saver = InMemorySaver()
    durable = create(roster, checkpointer=saver, **needs)
    assert durable.config["configurable"], "a saver makes durability 'sync' the default"
    assert durable.checkpointer is not saver  # a copy with the council serializer
    assert durable.checkpointer.serde is not saver.serde
    plain = create(roster, **needs)
    assert not (plain.config or {}).get("configurable")


def test_policies_agree_across_families(roster: Roster) -> None:
    configs = {
        family: create(roster, checkpointer=InMemorySaver(), **needs).config
        for family, (create, _, _, needs) in FAMILIES.items()
    }
    assert len({repr(c) for c in configs.values()}) == 1, configs


def test_a_guard_state_store_given_as_store_is_still_the_guard_store(roster: Roster) -> None:
    guard = InMemoryGuardStateStore()
    assert create_delegation_graph(roster, store=guard).store is None  # type: ignore[arg-type]


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
