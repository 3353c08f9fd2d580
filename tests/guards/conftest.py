"""Fixtures for the guard tests: stores over memory and Postgres, hand-off replies, small orgs."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator

import pytest
from langchain_core.messages import AIMessage

from langgraph_council.checkpoints import PostgresGuardStateStore
from langgraph_council.guards import GuardStateStore, InMemoryGuardStateStore
from langgraph_council.nodes import AgentProfile, Org
from langgraph_council.nodes.testing import ScriptCall

_ids = itertools.count()

HandOffReply = Callable[..., AIMessage]


def hand_to(agent_id: str, refinement: str = "please take this") -> AIMessage:
    """A scripted reply that calls `delegate_to`."""
    return AIMessage(
        content="",
        tool_calls=[
            {
                "name": "delegate_to",
                "args": {"agent_id": agent_id, "refinement": refinement},
                "id": f"call_{next(_ids)}",
                "type": "tool_call",
            }
        ],
    )


def ping_pong(call: ScriptCall) -> AIMessage | str:
    """alice always hands to bob, bob always back to alice; mia (the manager) answers."""
    other = {"alice": "bob", "bob": "alice"}
    if call.agent_id in other:
        return hand_to(other[call.agent_id], "you do it")
    return f"{call.agent_id}: I decided it myself"


@pytest.fixture
def hand() -> HandOffReply:
    """`hand(agent_id, refinement)` builds a scripted `delegate_to` reply."""
    return hand_to


@pytest.fixture(
    params=[
        "memory",
        pytest.param("postgres", marks=pytest.mark.postgres),
        pytest.param("postgres-async-commit", marks=pytest.mark.postgres),
    ]
)
def guard_store(request: pytest.FixtureRequest) -> Iterator[GuardStateStore]:
    """The same tests run on the in-memory store and on the Postgres store (both commit modes)."""
    if request.param == "memory":
        yield InMemoryGuardStateStore()
        return
    uri = request.getfixturevalue("pg_db")
    synchronous = request.param == "postgres"
    with PostgresGuardStateStore.from_conn_string(uri, synchronous_commit=synchronous) as store:
        yield store


def _agent(agent_id: str, manager_id: str | None = None, **kw: object) -> AgentProfile:
    fields: dict[str, object] = {
        "name": agent_id.title(),
        "role": "engineer",
        "department": "eng",
        "level": "senior",
        **kw,
    }
    return AgentProfile(id=agent_id, manager_id=manager_id, **fields)  # type: ignore[arg-type]


@pytest.fixture
def peers_org() -> Org:
    """Two peers `alice` and `bob` under the manager `mia`."""
    return Org([_agent("mia", level="lead"), _agent("alice", "mia"), _agent("bob", "mia")])


@pytest.fixture
def roots_org() -> Org:
    """Two peers at the top of the hierarchy: nobody to escalate to but a human."""
    return Org([_agent("alice"), _agent("bob")])
