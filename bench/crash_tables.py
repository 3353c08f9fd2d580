"""Our own tables after a crash case, against the uninterrupted run: every case runs in its own
database (a copy of a migrated template), so the whole of each table belongs to one thread and
the two runs' rows compare as multisets.

Only columns that a run decides are compared: times and ids drawn at random per run (the run id
inside attempt and loop-record ids, meeting ids) are left out, so a row written twice under a
fresh id counts as a duplicate and a row never written as a loss.
"""

from __future__ import annotations

import json
import secrets
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import psycopg
from psycopg import conninfo, sql

TABLES: dict[str, str] = {
    "escalations": "SELECT id, thread_id, kind, subject, status, options, strategy, conflict_id, "
    "decision->>'decision' AS decision, decision->>'winning_agent_id' AS winner, decided_by, "
    "resumed_at IS NOT NULL AS resumed FROM council_escalations",
    "dissent": "SELECT id, conflict_id, conflict_type, dissenting_agent_id, strategy_used, "
    "decided_by, record->>'dissenting_position' AS position FROM council_dissent_records",
    "meeting_records": "SELECT thread_id, meeting_type, protocol, status, leader_id, "
    "token_budget, total_tokens, token_usage_by_participant, contribution_rank, "
    "(SELECT jsonb_agg(c - 'timestamp') FROM jsonb_array_elements(minutes->'contributions') c) "
    "AS contributions FROM council_meeting_records",
    "guard_pairs": "SELECT agent_a, agent_b, cardinality(rate_times) AS rate_times, "
    "cardinality(bounce_times) AS bounces, trips, open_until IS NOT NULL AS open "
    "FROM council_guard_pairs",
    # Dedup times and attempt verdicts live in the pair's row (`recent`, migration `guard one
    # row`); attempts checked before it, and bounce ids, in council_guard_attempts.
    "guard_dedup": "SELECT CASE WHEN k LIKE '>%' THEN agent_a ELSE agent_b END AS delegator, "
    "CASE WHEN k LIKE '>%' THEN agent_b ELSE agent_a END AS delegatee, substr(k, 2) AS task_id "
    "FROM council_guard_pairs g, jsonb_object_keys(g.recent) AS k WHERE k NOT LIKE '#%'",
    "guard_attempts": "SELECT jsonb_typeof(e.value -> 1) = 'null' AS passed, "
    "coalesce(e.value -> 1 ->> 0, 'all_passed') AS mechanism, e.value -> 1 ->> 2 AS rate_count, "
    "e.value -> 1 ->> 4 AS trips FROM council_guard_pairs g, jsonb_each(g.recent) AS e "
    "WHERE e.key LIKE '#%' UNION ALL "
    "SELECT passed, mechanism, rate_count::text, trips::text FROM council_guard_attempts",
    "loop_records": "SELECT mechanism, chain, delegator, delegatee, task_id, thread_id "
    "FROM council_loop_records",
}


def tables(uri: str) -> dict[str, Counter[str]]:
    """Each table's rows (compared columns only) as a multiset of JSON strings."""
    found: dict[str, Counter[str]] = {}
    with psycopg.connect(uri) as conn:
        for name, query in TABLES.items():
            rows = conn.execute(query).fetchall()
            found[name] = Counter(json.dumps(list(r), sort_keys=True, default=str) for r in rows)
    return found


def compare(expected: dict[str, Counter[str]], got: dict[str, Counter[str]]) -> dict[str, int]:
    """Rows lost (in `expected`, missing from `got`) and duplicated or extra, over all tables."""
    lost = sum(sum((expected[t] - got[t]).values()) for t in expected)
    extra = sum(sum((got[t] - expected[t]).values()) for t in expected)
    return {"lost": lost, "extra": extra, "rows": sum(sum(c.values()) for c in expected.values())}


def differences(expected: dict[str, Counter[str]], got: dict[str, Counter[str]]) -> list[str]:
    """Readable lines for every differing row (for a failure message)."""
    lines = []
    for t in expected:
        lines += [f"{t}: lost {row}" for row in (expected[t] - got[t])]
        lines += [f"{t}: extra {row}" for row in (got[t] - expected[t])]
    return lines


class Databases:
    """Fresh databases for each case, copied from one migrated template on `server_uri`."""

    def __init__(self, server_uri: str) -> None:
        self.server_uri = server_uri
        self.template = f"council_crash_tmpl_{secrets.token_hex(4)}"

    def _admin(self, statement: sql.Composable) -> None:
        with psycopg.connect(self.server_uri, autocommit=True) as conn:
            conn.execute(statement)

    def create_template(self) -> None:
        """Create and migrate the template database."""
        from langgraph_council.checkpoints import postgres_checkpointer, setup_database

        self._admin(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(self.template)))
        uri = conninfo.make_conninfo(self.server_uri, dbname=self.template)
        setup_database(uri)
        with postgres_checkpointer(uri):  # LangGraph's tables too
            pass

    @contextmanager
    def case(self) -> Iterator[str]:
        """A fresh copy of the template, dropped afterwards."""
        name = f"council_crash_{secrets.token_hex(5)}"
        self._admin(
            sql.SQL("CREATE DATABASE {} TEMPLATE {}").format(
                sql.Identifier(name), sql.Identifier(self.template)
            )
        )
        try:
            yield conninfo.make_conninfo(self.server_uri, dbname=name)
        finally:
            self._admin(
                sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name))
            )

    def drop_template(self) -> None:
        """Drop the template."""
        self._admin(
            sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(self.template))
        )


def stats(values: list[float]) -> str:
    """`n, median and max` of a list of milliseconds."""
    if not values:
        return "none"
    ordered = sorted(values)
    return f"n={len(ordered)}, median {ordered[len(ordered) // 2]:.1f} ms, max {ordered[-1]:.1f} ms"


def as_jsonable(value: Any) -> Any:
    """Round-trip through JSON (the child's log format)."""
    return json.loads(json.dumps(value, default=str))
