"""Random hand-offs through the delegation graph: chains stay sane, runs end, humans answer."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from langchain_core.messages import AIMessage

from langgraph_council.graphs import create_delegation_graph
from langgraph_council.guards import LoopPreventionConfig
from langgraph_council.nodes import Org, Roster
from langgraph_council.nodes.testing import ScriptCall, ScriptedChatModel
from tests.delegation.scripts import hand_to

AGENTS = [f"ag{i}" for i in range(7)]


def _org() -> Org:
    boss = {"id": "boss", "name": "Boss", "role": "r", "department": "d", "level": "vp"}
    workers = [
        {"id": a, "name": a, "role": "r", "department": "d", "level": "mid", "manager_id": "boss"}
        for a in AGENTS
    ]
    return Org([boss, *workers])


@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(choices=st.lists(st.sampled_from([*AGENTS, None]), min_size=1, max_size=40))
def test_random_agents_in_the_graph_never_loop(choices: list[str | None]) -> None:
    """Agents hand off to whoever the draw says (None = answer); the guard keeps chains sane."""
    queue = list(choices)

    def script(call: ScriptCall) -> AIMessage | str:
        if call.agent_id == "boss" or not queue:
            return f"{call.agent_id} answers"
        pick = queue.pop(0)
        return f"{call.agent_id} answers" if pick is None else hand_to(pick, "take it")

    org = _org()
    graph = create_delegation_graph(
        org,
        Roster(org, default_model=ScriptedChatModel(script)),
        guard_config=LoopPreventionConfig(max_delegation_depth=3),
    )
    out = graph.invoke(
        {"task": "t", "entry_agent": AGENTS[0]},
        context={"enforce_chain_of_command": False, "max_handoffs": 25},
    )
    assert out["result"].status in {"answered", "handoff_limit"}
    for record in out["delegations"]:
        assert len(set(record.chain)) == len(record.chain)  # nobody twice in a chain
        assert len(record.chain) - 1 <= 3  # prior delegators + delegator within max depth
    for blocked in out["blocked"]:
        assert blocked.escalated_to == "boss"


ORG_AGENTS = [
    "ceo", "cto", "backend_lead", "senior_dev", "junior_dev",
    "frontend_lead", "ui_dev", "qa_head", "qa_engineer", "nobody",
]  # fmt: skip


@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    entry=st.sampled_from(ORG_AGENTS[:-1]),
    choices=st.lists(st.sampled_from([*ORG_AGENTS, None]), min_size=1, max_size=30),
)
def test_random_hand_offs_in_a_real_org_only_follow_authority(
    org: Org, entry: str, choices: list[str | None]
) -> None:
    """Every delivered hand-off goes down the org chart; humans answer at the top; runs end."""
    from langgraph.checkpoint.memory import InMemorySaver
    from langgraph.types import Command

    queue = list(choices)

    def script(call: ScriptCall) -> AIMessage | str:
        pick = queue.pop(0) if queue else None
        return f"{call.agent_id} answers" if pick is None else hand_to(pick, "take it")

    graph = create_delegation_graph(
        org, Roster(org, default_model=ScriptedChatModel(script)), checkpointer=InMemorySaver()
    )
    cfg = {"configurable": {"thread_id": "h"}}
    out = graph.invoke({"task": "t", "entry_agent": entry}, cfg)
    for _ in range(40):  # each blocked attempt at the top asks a human once
        if "result" in out:
            break
        assert graph.get_state(cfg).interrupts
        out = graph.invoke(Command(resume="a human decides"), cfg)
    assert out["result"].status in {"answered", "handoff_limit"}
    for record in out["delegations"]:
        assert org.is_subordinate(record.delegatee, record.delegator)
        assert org[record.delegator].can_delegate
        assert len(set(record.chain)) == len(record.chain)
    for blocked in out["blocked"]:
        manager = org.manager_of(blocked.delegator)
        assert blocked.escalated_to == (manager.id if manager else "human")
