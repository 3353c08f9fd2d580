"""Org memory on Postgres (`PostgresStore` beside the checkpointer): issue 35's done-when cases.

A second meeting on a topic sees the first one's decisions in its prompts (fenced, within the
bound) and flags a decision the leader says reverses one; agreement in other words is not
flagged; a second conflict between the same parties sees the earlier ruling; a re-run node
writes each record once; orgs are isolated; records can expire; memory needs a store.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from langgraph.checkpoint.base import BaseCheckpointSaver
from langgraph.store.base import SearchOp
from langgraph.store.memory import InMemoryStore
from langgraph.store.postgres import PostgresStore

from langgraph_council.checkpoints import OrgMemory
from langgraph_council.graphs import create_meeting_graph
from langgraph_council.graphs._demo.data import demo_agenda
from langgraph_council.nodes._calls.replies import estimate_tokens
from tests.memory.conftest import REST, leader
from tests.memory.families import PARTICIPANTS, prompts, run_conflict, run_meeting, scripted_roster

ACME = {"memory": {"org": "acme"}}
GRAPHQL = "Move the public API to GraphQL"
REWORDED = "Stay on REST for the public API, with versioned endpoints"


def _memory_block(prompt: str) -> str:
    """The org-memory part of a prompt: its header and the fences that follow it."""
    start = prompt.index("Org memory:")
    fences = re.findall(r'<task-data field="memory_\d+">.*?</task-data>', prompt[start:], re.S)
    return "\n".join(fences)


def _first_meeting(store: Any, saver: BaseCheckpointSaver[Any]) -> Any:
    out, calls = run_meeting(
        "structured_phases", store=store, context=ACME, thread="m1", checkpointer=saver
    )
    assert all("Org memory" not in p for p in prompts(calls))  # nothing earlier to recall
    return out["minutes"]


def test_a_second_meeting_sees_the_first_ones_decisions_fenced_and_bounded(
    pg_store: PostgresStore, pg_saver: BaseCheckpointSaver[Any]
) -> None:
    first = _first_meeting(pg_store, pg_saver)
    assert REST in first.decisions
    _, calls = run_meeting(
        "structured_phases", store=pg_store, context=ACME, thread="m2", checkpointer=pg_saver
    )
    shown = [p for p in prompts(calls) if "Org memory:" in p]
    assert len(shown) == len(calls)  # every participant and the leader see it
    block = _memory_block(shown[-1])
    assert f"D1 decided: {REST}" in block  # inside a fence, with its label
    assert "thread m1" in block
    assert estimate_tokens(block) <= 600  # the default bound


def test_the_bound_caps_what_is_recalled(
    pg_store: PostgresStore, pg_saver: BaseCheckpointSaver[Any]
) -> None:
    _first_meeting(pg_store, pg_saver)
    tight = {"memory": {"org": "acme", "max_tokens": 120}}
    _, calls = run_meeting("round_robin", store=pg_store, context=tight, thread="m2")
    texts = prompts(calls)
    assert all(estimate_tokens(_memory_block(p)) <= 120 for p in texts if "Org memory" in p)
    none = {"memory": {"org": "acme", "max_tokens": 0}}
    _, calls = run_meeting("round_robin", store=pg_store, context=none, thread="m3")
    assert all("Org memory" not in p for p in prompts(calls))


@pytest.mark.parametrize("prose", [False, True], ids=["structured", "prose"])
def test_a_decision_the_leader_says_reverses_an_earlier_one_is_flagged(
    pg_store: PostgresStore, pg_saver: BaseCheckpointSaver[Any], prose: bool
) -> None:
    first = _first_meeting(pg_store, pg_saver)
    flips = [{"decision": 1, "earlier": "D1", "why": "mobile payloads now dominate"}]
    out, calls = run_meeting(
        "structured_phases",
        store=pg_store,
        context=ACME,
        thread="m2",
        checkpointer=pg_saver,
        reply=leader([GRAPHQL], flips, prose=prose),
    )
    synthesis = [c for c in calls if c.schema is not None and "reversals" in c.schema.model_fields]
    assert synthesis  # the leader was asked, with the earlier decisions shown
    assert out["minutes"].decisions == (GRAPHQL,)  # a `Reverses:` bullet is not a decision
    (reversal,) = out["minutes"].reversals
    assert reversal.decision == GRAPHQL
    assert reversal.earlier_decision == REST
    assert reversal.earlier_thread_id == "m1"
    assert reversal.earlier_meeting_id == first.meeting_id
    assert reversal.earlier_date.date() == first.ended_at.date()
    assert reversal.reason == "mobile payloads now dominate"
    stored = OrgMemory(pg_store).list(org="acme", thread_id="m2", kind="meeting")
    assert stored[0].value["reversals"][0]["earlier_decision"] == REST


def test_agreement_in_other_words_is_not_flagged(
    pg_store: PostgresStore, pg_saver: BaseCheckpointSaver[Any]
) -> None:
    _first_meeting(pg_store, pg_saver)
    out, _ = run_meeting(
        "structured_phases",
        store=pg_store,
        context=ACME,
        thread="m2",
        checkpointer=pg_saver,
        reply=leader([REWORDED], []),
    )
    assert out["minutes"].decisions == (REWORDED,)
    assert out["minutes"].reversals == ()


def test_a_reversal_naming_a_label_never_shown_is_ignored(
    pg_store: PostgresStore, pg_saver: BaseCheckpointSaver[Any]
) -> None:
    _first_meeting(pg_store, pg_saver)
    made_up = [{"decision": 1, "earlier": "D9", "why": "?"}, {"decision": 4, "earlier": "D1"}]
    out, _ = run_meeting(
        "structured_phases",
        store=pg_store,
        context=ACME,
        thread="m2",
        reply=leader([GRAPHQL], made_up),
    )
    assert out["minutes"].reversals == ()


def test_a_second_conflict_between_the_same_parties_sees_the_earlier_ruling(
    pg_store: PostgresStore, pg_saver: BaseCheckpointSaver[Any]
) -> None:
    first, calls = run_conflict(
        "debate", store=pg_store, context=ACME, thread="c1", checkpointer=pg_saver
    )
    assert all("Org memory" not in p for p in prompts(calls))
    winner = first["resolution"].winning_agent_id
    _, calls = run_conflict(
        "debate", store=pg_store, context=ACME, thread="c2", checkpointer=pg_saver
    )
    shown = [p for p in prompts(calls) if "Org memory:" in p]
    assert len(shown) == len(calls)  # each party's argument, rebuttal and the judge
    block = _memory_block(shown[-1])
    assert f"{winner} won with" in block and "thread c1" in block
    notes = OrgMemory(pg_store).list(org="acme", agent="frontend_lead", kind="ruling")
    assert [n.value["won"] for n in notes] == [winner == "frontend_lead"] * 2


def _replay(graph: Any, cfg: Any, node: str) -> None:
    """Run `node` again from the checkpoint before it (what a resume after a crash does)."""
    before = next(s for s in graph.get_state_history(cfg) if s.next == (node,))
    graph.invoke(None, before.config, context=ACME)


def test_a_node_that_runs_again_writes_each_record_once(
    pg_store: PostgresStore, pg_saver: BaseCheckpointSaver[Any]
) -> None:
    roster, _ = scripted_roster()
    graph = create_meeting_graph(roster, checkpointer=pg_saver, store=pg_store)
    cfg: Any = {"configurable": {"thread_id": "m1"}}
    payload = {"agenda": demo_agenda(), "leader_id": "cto", "participant_ids": PARTICIPANTS}
    graph.invoke(payload, cfg, context=ACME)
    memory = OrgMemory(pg_store)
    once = sorted(i.key for i in memory.list(org="acme", thread_id="m1"))
    assert len(once) == 1 + len(PARTICIPANTS)  # the minutes and each stated position
    (written,) = memory.list(org="acme", thread_id="m1", kind="meeting")
    _replay(graph, cfg, "finalize")
    (again,) = memory.list(org="acme", thread_id="m1", kind="meeting")
    assert again.updated_at > written.updated_at  # finalize did run again and put again
    assert sorted(i.key for i in memory.list(org="acme", thread_id="m1")) == once


def test_orgs_are_isolated(pg_store: PostgresStore, pg_saver: BaseCheckpointSaver[Any]) -> None:
    _first_meeting(pg_store, pg_saver)
    other = {"memory": {"org": "globex"}}
    _, calls = run_meeting("structured_phases", store=pg_store, context=other, thread="g1")
    assert all("Org memory" not in p for p in prompts(calls))
    assert OrgMemory(pg_store).list(org="globex", thread_id="m1") == []


def test_records_carry_a_ttl_when_asked(pg_store: PostgresStore, pg_db: str) -> None:
    import psycopg

    ttl = {"memory": {"org": "acme", "ttl_minutes": 60}}
    run_meeting("round_robin", store=pg_store, context=ttl, thread="t1")
    with psycopg.connect(pg_db) as conn:
        rows = conn.execute("SELECT expires_at, ttl_minutes FROM store").fetchall()
    assert rows and all(r[0] is not None and r[1] == 60 for r in rows)


def test_memory_on_without_a_store_says_how_to_fix_it() -> None:
    with pytest.raises(ValueError, match=r"context\['memory'\].*no store.*store=InMemoryStore"):
        run_meeting("round_robin", context=ACME)


def test_memory_off_with_a_store_writes_nothing() -> None:
    store = InMemoryStore()
    run_meeting("round_robin", store=store)
    run_conflict("authority", store=store)
    assert store.search(("council",)) == []


def test_a_meeting_recalls_the_topics_outcomes_but_not_the_subtasks_an_agent_did(
    pg_store: PostgresStore, pg_saver: BaseCheckpointSaver[Any]
) -> None:
    """One search covers a topic's three kinds; a party's search leaves its subtasks out."""
    _first_meeting(pg_store, pg_saver)
    (minutes,) = OrgMemory(pg_store).list(org="acme", thread_id="m1", kind="meeting")
    topic, agent = minutes.value["topic"], PARTICIPANTS[0]
    newest = "2099-01-01T00:00:00"  # first among the recalled records, before any bound
    outcome = {"kind": "outcome", "parent_status": "done", "written_at": newest}
    pg_store.put(
        ("council", "acme", "topics", topic, "outcomes"),
        "p1:t1",
        {**outcome, "title": "Topic outcome", "summary": "TOPIC-OUTCOME-SUMMARY"},
    )
    pg_store.put(
        ("council", "acme", "agents", agent, "outcomes"),
        "p2:t9",  # a subtask on another topic
        {**outcome, "title": "Own subtask", "agent_id": agent, "summary": "OWN-SUBTASK-SUMMARY"},
    )
    _, calls = run_meeting("round_robin", store=pg_store, context=ACME, thread="m2")
    block = _memory_block(next(p for p in prompts(calls) if "Org memory:" in p))
    assert "TOPIC-OUTCOME-SUMMARY" in block and "D1 decided:" in block  # meetings and outcomes
    assert f"{agent} held" in block  # the party's own position from m1
    assert "OWN-SUBTASK-SUMMARY" not in block


class _CountingStore(InMemoryStore):
    """A real in-memory store that notes the namespaces each batch of searches looked in."""

    def __init__(self) -> None:
        super().__init__()
        self.searched: list[tuple[str, ...]] = []

    def batch(self, ops: Any) -> Any:
        ops = list(ops)
        self.searched += [op.namespace_prefix for op in ops if isinstance(op, SearchOp)]
        return super().batch(ops)


def test_a_topic_that_fills_the_bound_is_searched_without_the_parties_notes() -> None:
    store = _CountingStore()
    for n in range(3):  # a topic with history: three sets of minutes
        run_meeting("round_robin", store=store, context=ACME, thread=f"r{n}")
    people = [ns for ns in store.searched if ns[:3] == ("council", "acme", "agents")]
    assert people  # the first meetings had room left: the parties' notes were searched
    tight = {"memory": {"org": "acme", "max_tokens": 120}}  # one set of minutes fills it
    run_meeting("round_robin", store=store, context=tight, thread="r3")  # learns it fills
    store.searched.clear()
    _, calls = run_meeting("round_robin", store=store, context=tight, thread="r4")
    assert store.searched and all(ns[2] == "topics" for ns in store.searched)
    shown = [_memory_block(p) for p in prompts(calls) if "Org memory:" in p]
    assert shown and "thread r3" in shown[0]  # the newest minutes, as before


def test_a_topic_that_no_longer_fills_the_bound_still_shows_the_parties_notes() -> None:
    """The guess is only about round trips: a topic remembered as full but emptied since
    (its records forgotten) gets the parties' notes from a second search."""
    from langgraph_council.nodes._memory.config import Active, MemoryConfig
    from langgraph_council.nodes._memory.recall import recall

    store = InMemoryStore()
    active = Active(MemoryConfig(org="acme"), store)
    topic_ns = ("council", "acme", "topics", "billing", "meetings")
    store.put(topic_ns, "t:m1", {"kind": "meeting", "title": "Billing " * 80, "written_at": "2"})
    note = {"kind": "position", "agent_id": "ann", "claim": "Use Postgres", "written_at": "1"}
    store.put(("council", "acme", "agents", "ann", "positions"), "t:m1", note)

    def shown() -> str:
        return recall(active, topic="billing", parties=["ann"], query="", bound=200).text

    assert "ann held" not in shown()  # the long minutes do not fit: the block is full
    store.delete(topic_ns, "t:m1")  # forgotten since
    assert "ann held (not adopted): Use Postgres" in shown()


def _recalled(store: Any, parties: list[str]) -> str:
    from langgraph_council.nodes._memory.config import Active, MemoryConfig
    from langgraph_council.nodes._memory.recall import recall

    active = Active(MemoryConfig(org="acme"), store)
    return recall(active, topic="billing", parties=parties, query="", bound=2_000).text


def _note(agent: str, claim: str) -> tuple[tuple[str, ...], str, dict[str, Any]]:
    value = {"kind": "position", "agent_id": agent, "claim": claim, "written_at": "1"}
    return ("council", "acme", "agents", agent, "positions"), "t:m1", value


def _people_searched(store: _CountingStore) -> list[str]:
    return [ns[3] for ns in store.searched if ns[:3] == ("council", "acme", "agents")]


def test_only_the_parties_marked_as_having_notes_are_searched() -> None:
    """A party without notes costs no search: the org marks who has notes as it files them."""
    from langgraph_council.nodes._memory.config import Active, MemoryConfig
    from langgraph_council.nodes._memory.records import write_records

    store = _CountingStore()
    notes = (note for note in [_note("ann", "Use Postgres")])  # any iterable, read once
    write_records(Active(MemoryConfig(org="acme"), store), notes)
    text = _recalled(store, ["ann", "bob", "cy"])
    assert "ann held (not adopted): Use Postgres" in text
    assert _people_searched(store) == ["ann"]  # not bob's or cy's (no notes)
    assert OrgMemory(store).list(org="acme") == OrgMemory(store).list(org="acme", agent="ann")


def test_notes_filed_before_marks_existed_are_recalled_and_marked_at_the_next_filing() -> None:
    """Notes an older version filed carry no mark: an unmarked org is searched party by party,
    and the first filing of this version marks every agent that has notes."""
    from langgraph_council.nodes._memory.config import Active, MemoryConfig
    from langgraph_council.nodes._memory.records import write_records

    store = _CountingStore()
    namespace, key, value = _note("ann", "Use Postgres")
    store.put(namespace, key, value)  # as filed before marks existed
    assert "ann held" in _recalled(store, ["ann", "bob"])
    assert sorted(_people_searched(store)) == ["ann", "bob"]
    topic = ("council", "acme", "topics", "billing", "meetings")
    write_records(Active(MemoryConfig(org="acme"), store), [(topic, "t:m2", {"kind": "meeting"})])
    store.searched.clear()
    assert "ann held" in _recalled(store, ["ann", "bob"])
    assert _people_searched(store) == ["ann"]


def test_forgetting_an_org_forgets_its_marks_too() -> None:
    from langgraph_council.nodes._memory.config import Active, MemoryConfig
    from langgraph_council.nodes._memory.records import write_records

    store = InMemoryStore()
    write_records(Active(MemoryConfig(org="acme"), store), [_note("ann", "Use Postgres")])
    assert [i.namespace[2] for i in store.search(("council", "acme"))].count("noted") == 2
    assert OrgMemory(store).forget(org="acme") == 1  # one record; the marks are not records
    assert store.search(("council", "acme")) == []
