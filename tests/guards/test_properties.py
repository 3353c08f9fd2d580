"""Hypothesis: random delegation sequences never revisit their chain nor exceed max depth."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from hypothesis import given, settings
from hypothesis import strategies as st

from langgraph_council.guards import InMemoryGuardStateStore, LoopGuard, LoopPreventionConfig

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
