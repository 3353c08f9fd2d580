"""Org-memory fixtures: LangGraph's `PostgresStore` beside the Postgres checkpointer, on the
test's fresh database, and scripted leaders whose synthesis reverses or agrees."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from langgraph.store.postgres import PostgresStore

from langgraph_council.graphs._demo.data import demo_reply
from langgraph_council.nodes.testing import ScriptCall

REST = "Keep the public REST API and add versioned endpoints"


@pytest.fixture
def pg_store(pg_db: str) -> Iterator[PostgresStore]:
    """LangGraph's PostgresStore on the test's database (set up by `setup_database`)."""
    with PostgresStore.from_conn_string(pg_db) as store:
        store.setup()
        yield store


def leader(
    decisions: list[str], reversals: list[dict[str, Any]] | None, *, prose: bool = False
) -> Callable[[ScriptCall], Any]:
    """Demo agents whose leader decides `decisions` and, when shown earlier decisions, names
    `reversals` (structured, or as a prose `Reverses:` section with `prose`)."""

    def reply(call: ScriptCall) -> Any:
        schema = call.schema
        if (
            call.agent_id != "cto"
            or not isinstance(schema, type)
            or "decisions" not in getattr(schema, "model_fields", {})
        ):
            return demo_reply(call)
        named = reversals if "reversals" in schema.model_fields else []
        if prose:
            lines = ["Summary: we decided.", "Decisions:", *(f"- {d}" for d in decisions)]
            if named:
                lines += ["Reverses:"]
                lines += [
                    f"- decision {r['decision']} reverses {r['earlier']}: {r['why']}" for r in named
                ]
            return "\n".join([*lines, "Justification: evidence."])
        return {"summary": "we decided", "decisions": decisions, "reversals": named or []}

    return reply
