"""Hypothesis: random delegation sequences never revisit their chain nor exceed max depth."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from langchain_core.messages import AIMessage

from langgraph_council.graphs import create_delegation_graph
from langgraph_council.guards import InMemoryGuardStateStore, LoopGuard, LoopPreventionConfig
from langgraph_council.nodes import Org, Roster
from langgraph_council.nodes.testing import ScriptCall, ScriptedChatModel

from .conftest import hand_to

AGENTS = [f"ag{i}" for i in range(7)]
T0 = datetime(2026, 1, 1, tzinfo=UTC)

step = st.one_of(
    st.tuples(st.just("delegate"), st.sampled_from(AGENTS), st.floats(0, 90)),
    st.tuples(st.just("return"), st.just(""), st.floats(0, 90)),
)


@settings(max_examples=150, deadline=None)
@given(
    steps=st.lists(step, max_size=60),
    depth=st.integers(1, 6),
    threshold=st.integers(1, 20),
)
def test_guarded_walks_never_revisit_their_chain_nor_exceed_depth(
    steps: list[tuple[str, str, float]], depth: int, threshold: int
) -> None:
    config = LoopPreventionConfig(
        max_delegation_depth=depth, circuit_breaker={"bounce_threshold": threshold}
    )
    guard = LoopGuard(config, InMemoryGuardStateStore())
    stack: list[tuple[str, tuple[str, ...]]] = [(AGENTS[0], ())]  # (holder, prior delegators)
    now = T0
    for kind, target, dt in steps:
        now += timedelta(seconds=dt)
        holder, chain = stack[-1]
        if kind == "return":
            if len(stack) > 1:
                stack.pop()
            continue
        outcome = guard.check_and_record(
            chain=chain, delegator=holder, delegatee=target, task_id="task", now=now
        )
        if outcome.passed:
            new_chain = (*chain, holder)
            assert target not in new_chain
            assert len(new_chain) <= depth
            assert len(set(new_chain)) == len(new_chain)
            stack.append((target, new_chain))
        else:
            assert outcome.mechanism != "all_passed" and outcome.message
            if target == holder or target in chain:
                assert outcome.mechanism == "ancestry"


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


pair_events = st.lists(
    st.tuples(
        st.sampled_from(["hand", "return", "reject"]),
        st.one_of(st.floats(0, 30), st.floats(0, 700)),
    ),
    min_size=1,
    max_size=40,
)


@settings(max_examples=150, deadline=None)
@given(events=pair_events, threshold=st.integers(1, 4), window=st.sampled_from([60.0, 600.0]))
def test_the_breaker_opens_exactly_when_threshold_bounces_fall_inside_the_window(
    events: list[tuple[str, float]], threshold: int, window: float
) -> None:
    """A walk on one pair against a plain oracle: ordinary hand-offs never count; a return of
    a task inside the window and a rejection do; the first trip is the first moment when
    `threshold` of them lie inside the window, and the cooldown then ends exactly."""
    config = LoopPreventionConfig(
        dedup_window_seconds=1,
        rate_limit={"max_per_pair_per_minute": 1000},
        circuit_breaker={"bounce_threshold": threshold, "bounce_window_seconds": window},
    )
    guard = LoopGuard(config, InMemoryGuardStateStore())
    now, handed, bounces = 0.0, {}, []  # handed: task -> when cto gave it to lead
    for n, (kind, dt) in enumerate(events):
        now += dt + 2  # apart by more than the dedup window
        at = T0 + timedelta(seconds=now)
        if kind == "hand":
            outcome = guard.check_and_record(
                chain=[], delegator="cto", delegatee="lead", task_id=f"t{n}", now=at
            )
            handed[f"t{n}"] = now
        elif kind == "return" and handed:
            task, sent = handed.popitem()
            outcome = guard.check_and_record(
                chain=[], delegator="lead", delegatee="cto", task_id=task, now=at
            )
            if now - sent < window:
                bounces.append(now)
        else:  # a rejection (or a return with nothing out: the lead rejects instead)
            guard.record_bounce(
                delegator="cto", delegatee="lead", task_id="t", reason="rejected", now=at
            )
            outcome = None
            bounces.append(now)
        if outcome is not None:
            assert outcome.passed  # nothing has tripped yet: every hand-off goes through
        inside = [b for b in bounces if now - b < window]
        state = guard.store.pair_state("cto", "lead")  # type: ignore[attr-defined]
        if len(inside) < threshold:
            assert (state.trips, state.open_until) == (0, None)
            continue
        assert (state.trips, state.open_until) == (1, (at + timedelta(seconds=300)).timestamp())
        end = at + timedelta(seconds=300)
        early = guard.check_and_record(
            chain=[],
            delegator="cto",
            delegatee="lead",
            task_id="early",
            now=end - timedelta(milliseconds=1),
        )
        probe = guard.check_and_record(
            chain=[], delegator="lead", delegatee="cto", task_id="probe", now=end
        )
        assert (early.mechanism, probe.mechanism) == ("circuit_breaker", "all_passed")
        return
