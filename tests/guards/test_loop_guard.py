"""LoopGuard: every mechanism's boundaries, the order of checks, and keys; on both stores."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from langgraph_council.guards import GuardStateStore, LoopGuard, LoopPreventionConfig

T0 = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)

# Loose limits so a test of one mechanism is not stopped by another.
NO_BREAKER = {"bounce_threshold": 10_000}


def at(seconds: float) -> datetime:
    return T0 + timedelta(seconds=seconds)


def make_guard(store: GuardStateStore, **settings: object) -> LoopGuard:
    return LoopGuard(LoopPreventionConfig.model_validate(settings), store)


def attempt(guard: LoopGuard, a: str, b: str, task: str, t: float, chain: tuple[str, ...] = ()):
    return guard.check_and_record(chain=chain, delegator=a, delegatee=b, task_id=task, now=at(t))


# -- ancestry and depth (no state) -----------------------------------------------------------


def test_a_delegatee_already_in_the_chain_is_refused() -> None:
    guard = LoopGuard()
    outcome = guard.check_and_record(
        chain=["ceo", "cto"], delegator="lead", delegatee="ceo", task_id="t"
    )
    assert not outcome.passed
    assert outcome.blocked_by == "ancestry"
    assert outcome.chain == ("ceo", "cto", "lead", "ceo")
    assert "ceo -> cto -> lead -> ceo" in outcome.message


def test_self_delegation_is_refused_by_ancestry() -> None:
    outcome = LoopGuard().check_and_record(chain=[], delegator="a", delegatee="a", task_id="t")
    assert (outcome.passed, outcome.mechanism) == (False, "ancestry")
    assert "itself" in outcome.message


def test_max_depth_allows_four_prior_delegators_and_refuses_five() -> None:
    guard = LoopGuard()
    four = ["a1", "a2", "a3", "a4"]
    assert guard.check_and_record(chain=four, delegator="a5", delegatee="a6", task_id="t").passed
    refused = guard.check_and_record(
        chain=[*four, "a5"], delegator="a6", delegatee="a7", task_id="t"
    )
    assert refused.mechanism == "max_depth"
    assert "max_delegation_depth=5" in refused.message


def test_a_custom_depth_is_honoured() -> None:
    guard = LoopGuard(LoopPreventionConfig(max_delegation_depth=1))
    assert guard.check_and_record(chain=[], delegator="a", delegatee="b", task_id="t").passed
    blocked = guard.check_and_record(chain=["a"], delegator="b", delegatee="c", task_id="t")
    assert blocked.mechanism == "max_depth"


def test_ancestry_is_checked_before_depth() -> None:
    chain = ["a1", "a2", "a3", "a4", "a5"]
    outcome = LoopGuard().check_and_record(chain=chain, delegator="a6", delegatee="a2", task_id="t")
    assert outcome.mechanism == "ancestry"


def test_passing_reports_all_passed_and_the_path() -> None:
    outcome = LoopGuard().check_and_record(chain=["a"], delegator="b", delegatee="c", task_id="t")
    assert (outcome.passed, outcome.mechanism, outcome.blocked_by) == (True, "all_passed", None)
    assert outcome.chain == ("a", "b", "c")


@pytest.mark.parametrize("field", ["delegator", "delegatee", "task_id"])
def test_blank_ids_are_refused_before_any_check(field: str) -> None:
    kwargs = {"delegator": "a", "delegatee": "b", "task_id": "t", field: " "}
    with pytest.raises(ValueError, match=field):
        LoopGuard().check_and_record(chain=[], **kwargs)


def test_a_naive_time_is_refused() -> None:
    with pytest.raises(ValueError, match="timezone-aware"):
        LoopGuard().check_and_record(
            chain=[], delegator="a", delegatee="b", task_id="t", now=datetime(2026, 1, 1)
        )


def test_wrong_argument_types_name_the_fix() -> None:
    with pytest.raises(TypeError, match="LoopPreventionConfig"):
        LoopGuard({"max_delegation_depth": 3})  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="GuardStateStore"):
        LoopGuard(store=object())  # type: ignore[arg-type]


# -- dedup -------------------------------------------------------------------------------------


def test_dedup_blocks_inside_the_window_and_passes_at_its_end(guard_store: GuardStateStore) -> None:
    guard = make_guard(guard_store, circuit_breaker=NO_BREAKER)
    assert attempt(guard, "a", "b", "t1", 0).passed
    blocked = attempt(guard, "a", "b", "t1", 59.999)
    assert blocked.mechanism == "dedup"
    assert "t1" in blocked.message
    assert attempt(guard, "a", "b", "t1", 60).passed


def test_dedup_is_directional_and_per_task(guard_store: GuardStateStore) -> None:
    guard = make_guard(guard_store, circuit_breaker=NO_BREAKER)
    assert attempt(guard, "a", "b", "t1", 0).passed
    assert attempt(guard, "b", "a", "t1", 1).passed
    assert attempt(guard, "a", "b", "t2", 2).passed
    assert attempt(guard, "a", "c", "t1", 3).passed
    assert attempt(guard, "a", "b", "t1", 4).mechanism == "dedup"


def test_recording_again_refreshes_the_window_and_blocks_do_not(
    guard_store: GuardStateStore,
) -> None:
    guard = make_guard(guard_store, circuit_breaker=NO_BREAKER)
    assert attempt(guard, "a", "b", "t", 0).passed
    assert attempt(guard, "a", "b", "t", 30).mechanism == "dedup"  # records nothing
    assert attempt(guard, "a", "b", "t", 60).passed  # 60 s after the last recorded one
    assert attempt(guard, "a", "b", "t", 119).mechanism == "dedup"
    assert attempt(guard, "a", "b", "t", 120).passed


# -- rate limit --------------------------------------------------------------------------------


def test_the_fourteenth_inside_a_minute_is_refused(guard_store: GuardStateStore) -> None:
    guard = make_guard(guard_store, circuit_breaker=NO_BREAKER)
    results = [attempt(guard, "a", "b", f"t{i}", i * 4) for i in range(14)]
    assert [r.passed for r in results] == [True] * 13 + [False]
    assert results[-1].mechanism == "rate_limit"
    assert "limit 10 + burst 3" in results[-1].message
    # The oldest (t=0) leaves the window at exactly t=60: one slot frees, then none.
    assert attempt(guard, "a", "b", "x1", 59.999).mechanism == "rate_limit"
    assert attempt(guard, "a", "b", "x2", 60).passed
    assert attempt(guard, "a", "b", "x3", 60.5).mechanism == "rate_limit"


def test_the_rate_limit_key_is_the_undirected_pair(guard_store: GuardStateStore) -> None:
    guard = make_guard(guard_store, circuit_breaker=NO_BREAKER)
    for i in range(13):
        a, b = ("a", "b") if i % 2 else ("b", "a")
        assert attempt(guard, a, b, f"t{i}", i).passed
    assert attempt(guard, "b", "a", "t99", 20).mechanism == "rate_limit"
    assert attempt(guard, "a", "b", "t98", 20).mechanism == "rate_limit"
    assert attempt(guard, "a", "c", "t97", 20).passed  # another pair is unaffected


def test_custom_rate_and_burst(guard_store: GuardStateStore) -> None:
    guard = make_guard(
        guard_store,
        rate_limit={"max_per_pair_per_minute": 2, "burst_allowance": 0},
        circuit_breaker=NO_BREAKER,
    )
    assert [attempt(guard, "a", "b", f"t{i}", i).passed for i in range(3)] == [True, True, False]


# -- circuit breaker ---------------------------------------------------------------------------


def bounce(guard: LoopGuard, a: str, b: str, task: str, t: float, **kw: str):
    """`b` rejects `a`'s hand-off of `task` at second `t`."""
    return guard.record_bounce(
        delegator=a, delegatee=b, task_id=task, reason="rejected: not mine", now=at(t), **kw
    )


def test_ordinary_hand_offs_of_different_tasks_never_trip_the_breaker(
    guard_store: GuardStateStore,
) -> None:
    # Under the old rule every delegation was a bounce: the third of these tripped it.
    guard = make_guard(guard_store)
    for i in range(13):  # both directions, a new task each time, all inside one minute
        a, b = ("a", "b") if i % 2 else ("b", "a")
        assert attempt(guard, a, b, f"t{i}", i * 4).passed
    state = guard_store.pair_state("a", "b")  # type: ignore[attr-defined]
    assert (state.bounces, state.trips, state.open_until) == (0, 0, None)


def test_three_bounces_of_one_task_trip_the_breaker_for_the_undirected_pair(
    guard_store: GuardStateStore,
) -> None:
    guard = make_guard(guard_store)
    assert attempt(guard, "a", "b", "t", 0).passed  # an ordinary hand-off
    assert attempt(guard, "b", "a", "t", 10).passed  # the task comes back: bounce 1
    assert attempt(guard, "a", "b", "t", 70).passed  # and goes again (after dedup): bounce 2
    assert attempt(guard, "b", "a", "t", 80).passed  # bounce 3 trips it
    assert guard_store.pair_state("a", "b").trips == 1  # type: ignore[attr-defined]
    for a, b in (("a", "b"), ("b", "a")):
        refused = attempt(guard, a, b, "other", 81)
        assert refused.mechanism == "circuit_breaker"
        assert "trip 1" in refused.message
        assert "after 3 bounces within 600 s" in refused.message
        assert "last bounce: b handed task 't' back to a" in refused.message
    assert attempt(guard, "a", "c", "t5", 81).passed  # another pair is unaffected


def test_rejected_or_failed_hand_offs_count_as_bounces(guard_store: GuardStateStore) -> None:
    guard = make_guard(guard_store)
    assert attempt(guard, "a", "b", "t1", 0).passed
    assert bounce(guard, "a", "b", "t1", 1).open_until is None
    assert bounce(guard, "a", "b", "t2", 2).bounces == 2
    state = guard.record_bounce(
        delegator="b", delegatee="a", task_id="t3", reason="failed: tests red", now=at(3)
    )
    assert (state.trips, state.open_until) == (1, at(303).timestamp())
    refused = attempt(guard, "a", "b", "t4", 4)
    assert refused.mechanism == "circuit_breaker"
    assert "last bounce: a sent task 't3' back to b: failed: tests red" in refused.message


def test_bounces_older_than_the_window_do_not_count(guard_store: GuardStateStore) -> None:
    guard = make_guard(guard_store, circuit_breaker={"bounce_window_seconds": 600})
    bounce(guard, "a", "b", "t1", 0)
    bounce(guard, "a", "b", "t2", 300)
    state = bounce(guard, "a", "b", "t3", 600)  # the one at 0 has just left the window
    assert (state.bounces, state.open_until) == (2, None)
    assert attempt(guard, "a", "b", "t4", 601).passed
    assert bounce(guard, "a", "b", "t5", 899.999).trips == 1  # 300, 600, 899.999: three


def test_a_task_coming_back_after_the_window_is_not_a_bounce(
    guard_store: GuardStateStore,
) -> None:
    guard = make_guard(guard_store, circuit_breaker={"bounce_threshold": 1})
    assert attempt(guard, "a", "b", "late", 0).passed
    assert attempt(guard, "b", "a", "late", 600).passed  # 600 s after: an ordinary hand-off
    assert guard_store.pair_state("a", "b").bounces == 0  # type: ignore[attr-defined]
    assert attempt(guard, "a", "b", "soon", 601).passed
    assert attempt(guard, "b", "a", "soon", 1200.999).passed  # 599.999 s after: a bounce
    assert attempt(guard, "a", "b", "next", 1201).mechanism == "circuit_breaker"


def test_cooldown_ends_exactly_after_300_seconds_and_resets_the_bounces(
    guard_store: GuardStateStore,
) -> None:
    guard = make_guard(guard_store)
    for i in range(3):
        bounce(guard, "a", "b", f"t{i}", i)
    assert bounce(guard, "a", "b", "ignored", 100).bounces == 3  # open: nothing is added
    assert attempt(guard, "a", "b", "u1", 2 + 299.999).mechanism == "circuit_breaker"
    assert attempt(guard, "a", "b", "u2", 302).passed  # cooldown over: the count restarts
    assert guard_store.pair_state("a", "b").bounces == 0  # type: ignore[attr-defined]
    assert bounce(guard, "a", "b", "u3", 303).bounces == 1  # the old three are forgotten
    assert bounce(guard, "a", "b", "u4", 304).open_until is None
    assert bounce(guard, "a", "b", "u5", 305).trips == 2  # a fresh third bounce trips again
    assert attempt(guard, "a", "b", "u6", 306).mechanism == "circuit_breaker"


def test_backoff_doubles_per_trip_up_to_the_cap(guard_store: GuardStateStore) -> None:
    guard = make_guard(guard_store)
    t = 0.0
    cooldowns = []
    for trip in range(1, 7):
        for i in range(3):
            bounce(guard, "a", "b", f"trip{trip}-{i}", t)
            t += 1
        tripped_at = t - 1
        message = attempt(guard, "a", "b", "probe", t).message
        assert f"trip {trip}" in message
        # Find where the cooldown ends: blocked just before, open at the boundary.
        cooldowns.append(
            next(c for c in (300, 600, 1200, 2400, 3600) if f"cooldown {c} s" in message)
        )
        end = tripped_at + cooldowns[-1]
        assert attempt(guard, "a", "b", f"early{trip}", end - 0.001).mechanism == "circuit_breaker"
        t = end
    assert cooldowns == [300, 600, 1200, 2400, 3600, 3600]


def test_a_blocked_attempt_records_nothing(guard_store: GuardStateStore) -> None:
    guard = make_guard(guard_store, circuit_breaker={"bounce_threshold": 2})
    attempt(guard, "a", "b", "t1", 0)
    attempt(guard, "b", "a", "t1", 1)  # bounce 1
    before = guard_store.pair_state("a", "b")  # type: ignore[attr-defined]
    assert attempt(guard, "b", "a", "t1", 2).mechanism == "dedup"
    assert guard_store.pair_state("a", "b") == before  # type: ignore[attr-defined]
    assert before.bounces == 1  # the refused repeat was not a second bounce


def test_a_repeated_bounce_id_counts_once(guard_store: GuardStateStore) -> None:
    guard = make_guard(guard_store)
    assert bounce(guard, "a", "b", "t", 0, bounce_id="run:3").bounces == 1
    assert bounce(guard, "a", "b", "t", 1, bounce_id="run:3").bounces == 1  # a re-run
    assert bounce(guard, "a", "b", "t", 2, bounce_id="run:4").bounces == 2


def test_bad_bounces_are_refused_with_the_field() -> None:
    guard = LoopGuard()
    with pytest.raises(ValueError, match="reason"):
        guard.record_bounce(delegator="a", delegatee="b", task_id="t", reason=" ")
    with pytest.raises(ValueError, match="two agents"):
        guard.record_bounce(delegator="a", delegatee="a", task_id="t", reason="no")
    with pytest.raises(ValueError, match="timezone-aware"):
        guard.record_bounce(
            delegator="a", delegatee="b", task_id="t", reason="no", now=datetime(2026, 1, 1)
        )


def test_a_long_reason_is_kept_short(guard_store: GuardStateStore) -> None:
    state = bounce(make_guard(guard_store), "a", "b", "t", 0)
    assert state.last_bounce == "b sent task 't' back to a: rejected: not mine"
    long = make_guard(guard_store).record_bounce(
        delegator="c", delegatee="d", task_id="t", reason="x" * 5000, now=at(0)
    )
    assert long.last_bounce is not None and long.last_bounce.endswith("x...")
    assert len(long.last_bounce) < 400


# -- order of the stateful checks --------------------------------------------------------------


def test_dedup_wins_over_rate_limit_and_rate_limit_over_breaker(
    guard_store: GuardStateStore,
) -> None:
    guard = make_guard(guard_store)
    for i in range(13):
        assert attempt(guard, "a", "b", f"t{i}", i).passed  # fills the rate window
    for i in range(3):
        bounce(guard, "a", "b", f"t{i}", 12)  # and three rejections open the breaker
    # Rate window full AND breaker open AND duplicate: dedup is reported.
    assert attempt(guard, "a", "b", "t12", 13).mechanism == "dedup"
    # Not a duplicate: rate limit is reported before the breaker.
    assert attempt(guard, "a", "b", "new", 14).mechanism == "rate_limit"
    # After the rate window, only the breaker (300 s) still refuses.
    assert attempt(guard, "a", "b", "later", 80).mechanism == "circuit_breaker"


def test_ancestry_wins_even_when_the_pair_is_rate_limited(guard_store: GuardStateStore) -> None:
    guard = make_guard(guard_store, circuit_breaker=NO_BREAKER)
    for i in range(13):
        attempt(guard, "a", "b", f"t{i}", i)
    assert attempt(guard, "a", "b", "t0", 14, chain=("b",)).mechanism == "ancestry"


def test_a_repeated_attempt_id_returns_the_first_verdict(guard_store: GuardStateStore) -> None:
    guard = make_guard(guard_store)
    first = guard.check_and_record(
        chain=[], delegator="a", delegatee="b", task_id="t", now=at(0), attempt_id="run:1"
    )
    again = guard.check_and_record(
        chain=[], delegator="a", delegatee="b", task_id="t", now=at(1), attempt_id="run:1"
    )
    assert first.passed and again.passed  # a re-run is not its own duplicate
    assert len(guard_store.pair_state("a", "b").rate_times) == 1  # type: ignore[attr-defined]


def test_purge_forgets_old_dedup_times_but_keeps_breaker_trips(
    guard_store: GuardStateStore,
) -> None:
    guard = make_guard(guard_store)
    for i in range(3):
        guard.check_and_record(
            chain=[], delegator="a", delegatee="b", task_id=f"t{i}", now=at(i), attempt_id=f"x{i}"
        )
        bounce(guard, "a", "b", f"t{i}", 3 + i, bounce_id=f"x{i}")
    guard.check_and_record(chain=[], delegator="c", delegatee="d", task_id="t", now=at(100))
    removed = guard_store.purge(older_than=at(50))  # type: ignore[attr-defined]
    assert removed == 9  # three dedup times, three attempt verdicts, three bounce ids
    assert guard_store.pair_state("a", "b").trips == 1  # type: ignore[attr-defined]
    assert attempt(guard, "c", "d", "t", 101).mechanism == "dedup"  # newer ones stay
    with pytest.raises(ValueError, match="timezone-aware"):
        guard_store.purge(older_than=datetime(2026, 1, 1))  # type: ignore[attr-defined]
