"""A Postgres guard check costs little more than a raw upsert of its row (issue 33 item 4),
counted in Python calls, which do not move with the machine's load; and the store's remembered
statement follows each guard's own limits."""

from __future__ import annotations

import itertools
from collections.abc import Callable

import pytest

from bench.floors import guard_row_upsert
from bench.measure import calls_of
from langgraph_council.checkpoints import PostgresGuardStateStore
from langgraph_council.guards import LoopGuard, LoopPreventionConfig

pytestmark = pytest.mark.postgres

# The guard's own work around the statement: its checks, the store's parameters, the
# connection probe, the verdict. It was 19 calls (64 vs 44 in the bench's table).
EXTRA_CALLS = 12


def _calls(fn: Callable[[], object]) -> int:
    fn()  # warm: prepared statements and first-use caches are not a check's cost
    return calls_of(fn)


def test_a_check_makes_at_most_a_few_python_calls_more_than_a_raw_upsert_of_its_row(
    pg_db: str,
) -> None:
    ids = itertools.count()
    with PostgresGuardStateStore.from_conn_string(pg_db) as store:
        check = LoopGuard(LoopPreventionConfig(), store).check_and_record
        upsert = guard_row_upsert(store._conn)

        def one_check() -> None:
            n = next(ids)
            assert check(chain=["root"], delegator=f"a{n}", delegatee=f"b{n}", task_id="t").passed

        def one_upsert() -> None:
            n = next(ids)
            upsert(f"a{n}", f"b{n}", "t")

        ours, floor = _calls(one_check), _calls(one_upsert)
    assert ours <= floor + EXTRA_CALLS, f"{ours} calls per check vs {floor} per raw upsert"


def test_guards_with_different_limits_sharing_a_store_each_keep_their_own(pg_db: str) -> None:
    strict = LoopPreventionConfig(rate_limit={"max_per_pair_per_minute": 1, "burst_allowance": 0})
    with PostgresGuardStateStore.from_conn_string(pg_db) as store:
        tight, loose = LoopGuard(strict, store), LoopGuard(LoopPreventionConfig(), store)
        outcomes = []
        for n in range(3):  # alternating, so the store's remembered statement changes each time
            for name, guard in (("tight", tight), ("loose", loose)):
                outcome = guard.check_and_record(
                    chain=[], delegator=f"{name}-a", delegatee=f"{name}-b", task_id=f"t{n}"
                )
                outcomes.append((name, outcome.mechanism))
    assert outcomes == [
        ("tight", "all_passed"), ("loose", "all_passed"),
        ("tight", "rate_limit"), ("loose", "all_passed"),
        ("tight", "rate_limit"), ("loose", "all_passed"),
    ]  # fmt: skip
