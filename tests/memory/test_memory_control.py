"""The memory users control: `council memory list|show|forget` from another process, deleted
threads forget their records, and recall through the store's own index search."""

from __future__ import annotations

import json
from typing import Any

from langgraph.checkpoint.base import BaseCheckpointSaver
from langgraph.store.memory import InMemoryStore
from langgraph.store.postgres import PostgresStore

from langgraph_council.checkpoints import OrgMemory, delete_thread, prune_threads
from langgraph_council.nodes import MeetingAgenda
from tests.cli_runner import council
from tests.memory.conftest import REST
from tests.memory.embedding import DIMS, embed
from tests.memory.families import prompts, run_meeting

ACME = {"memory": {"org": "acme"}}


def _listed(db: str, *flags: str) -> list[dict[str, Any]]:
    done = council("memory", "list", "--db", db, "--json", *flags)
    assert done.returncode == 0, done.stderr
    return list(json.loads(done.stdout)["records"])


def test_the_cli_lists_shows_and_forgets_from_another_process(
    pg_store: PostgresStore, pg_saver: BaseCheckpointSaver[Any], pg_db: str
) -> None:
    run_meeting("round_robin", store=pg_store, context=ACME, thread="m1", checkpointer=pg_saver)
    run_meeting("round_robin", store=pg_store, context=ACME, thread="m2", checkpointer=pg_saver)
    records = _listed(pg_db, "--org", "acme", "--kind", "meeting")
    assert {r["value"]["thread_id"] for r in records} == {"m1", "m2"}
    first = next(r for r in records if r["value"]["thread_id"] == "m1")
    assert first["id"].startswith("council/acme/topics/")
    shown = council("memory", "show", first["id"], "--db", pg_db, "--json")
    assert shown.returncode == 0, shown.stderr
    assert REST in json.loads(shown.stdout)["value"]["decisions"]
    table = council("memory", "list", "--db", pg_db)
    assert first["id"] in table.stdout and "m1" in table.stdout
    gone = council("memory", "forget", "--thread", "m1", "--db", pg_db, "--json")
    assert json.loads(gone.stdout) == {"forgotten": 5}  # the minutes and four positions
    assert {r["value"]["thread_id"] for r in _listed(pg_db)} == {"m2"}
    missing = council("memory", "show", first["id"], "--db", pg_db)
    assert missing.returncode == 1 and "no memory record" in missing.stderr
    refused = council("memory", "forget", "--db", pg_db)
    assert refused.returncode == 1 and "needs RECORD_ID, --org or --thread" in refused.stderr


def test_deleting_or_pruning_a_thread_forgets_its_records(
    pg_store: PostgresStore, pg_saver: Any
) -> None:
    for thread in ("m1", "m2", "m3"):
        run_meeting(
            "round_robin", store=pg_store, context=ACME, thread=thread, checkpointer=pg_saver
        )
    memory = OrgMemory(pg_store)
    assert memory.list(thread_id="m1")
    report = delete_thread(pg_saver, "m1")
    assert report.rows_deleted["org_memory"] == 5
    assert memory.list(thread_id="m1") == []
    prune_threads(pg_saver, strategy="keep_latest", thread_ids=["m2"])
    assert memory.list(thread_id="m2")  # the thread is kept, so are its records
    prune_threads(pg_saver, strategy="delete", thread_ids=["m2"])
    assert memory.list(thread_id="m2") == []
    assert {i.value["thread_id"] for i in memory.list(org="acme")} == {"m3"}


def test_recall_uses_the_stores_index_search_when_configured() -> None:
    store = InMemoryStore(index={"embed": embed, "dims": DIMS, "fields": ["text"]})
    run_meeting("round_robin", store=store, context=ACME, thread="m1")
    # another title, so another topic: only the index search can find the first meeting
    agenda = MeetingAgenda(title="Public API: REST or GraphQL for partners this year?")
    _, calls = run_meeting("round_robin", store=store, context=ACME, thread="m2", agenda=agenda)
    assert any(f"D1 decided: {REST}" in p for p in prompts(calls))
    plain = InMemoryStore()  # no index: another topic's decisions stay out (the same
    run_meeting("round_robin", store=plain, context=ACME, thread="m1")  # people's notes come)
    _, calls = run_meeting("round_robin", store=plain, context=ACME, thread="m2", agenda=agenda)
    assert all("decided:" not in p for p in prompts(calls))
    assert any("held (adopted)" in p for p in prompts(calls))


def test_recall_uses_a_postgres_stores_index_search(pg_db: str) -> None:
    """The same on `PostgresStore(index=...)`: the embedded server ships pgvector."""
    index: Any = {"embed": embed, "dims": DIMS, "fields": ["text"]}
    agenda = MeetingAgenda(title="Public API: REST or GraphQL for partners this year?")
    with PostgresStore.from_conn_string(pg_db, index=index) as store:
        store.setup()
        run_meeting("round_robin", store=store, context=ACME, thread="m1")
        _, calls = run_meeting("round_robin", store=store, context=ACME, thread="m2", agenda=agenda)
    assert any(f"D1 decided: {REST}" in p for p in prompts(calls))
    with PostgresStore.from_conn_string(pg_db) as plain:  # the same rows, no index
        _, calls = run_meeting("round_robin", store=plain, context=ACME, thread="m3", agenda=agenda)
    assert all("decided:" not in p for p in prompts(calls))
