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
