"""The Studio entry module and `langgraph.json` agree, and its checkpointer factory works."""

from __future__ import annotations

import importlib
import json
import subprocess
import tempfile
from pathlib import Path
from typing import Any

import pytest
from langchain_core.runnables import RunnableConfig
from langgraph.checkpoint.postgres.aio import AsyncPostgresSaver

from langgraph_council.graphs import studio
from langgraph_council.nodes import MeetingMinutes
from tests.openai_server import agent_of, loopback_openai, schema_name

CONFIG = json.loads((Path(__file__).resolve().parents[2] / "langgraph.json").read_text())
MEETING = {
    "agenda": {"title": "REST or GraphQL?"},
    "leader_id": "cto",
    "participant_ids": ["backend_lead", "frontend_lead"],
    "token_budget": 20_000,
}


def test_langgraph_json_lists_every_registered_factory() -> None:
    expected = {gid: f"langgraph_council.graphs.studio:{gid}" for gid in studio.STUDIO_GRAPHS}
    assert CONFIG["graphs"] == expected
    # langgraph-api imports a dotted checkpointer path by splitting at the last dot.
    module, name = CONFIG["checkpointer"]["path"].rsplit(".", 1)
    assert getattr(importlib.import_module(module), name) is studio.checkpointer


@pytest.mark.parametrize("graph_id", sorted(studio.STUDIO_GRAPHS))
def test_each_factory_builds_a_fresh_graph_without_a_checkpointer(
    graph_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("COUNCIL_MODEL", raising=False)
    factory = studio.STUDIO_GRAPHS[graph_id]
    first, second = factory(), factory()
    assert first.checkpointer is None and first is not second
    served = getattr(studio, graph_id)  # what langgraph.json names
    assert served is factory or served.__wrapped__ is factory


async def test_the_pipeline_factory_builds_off_the_event_loop_on_one_demo_repository() -> None:
    first, second = await studio.coordination(), await studio.coordination()
    assert first is not second and first.checkpointer is None
    repo = studio.demo_repository()
    assert repo is not None and (repo / "billing.py").is_file() and (repo / ".git").is_dir()
    assert studio.demo_repository() == repo  # made once per process
    assert {"create_worktrees", "merge_subtasks", "await_merge_decision"} <= set(first.nodes)


def test_the_demo_repository_is_kept_where_configured_and_reused_by_a_new_process(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A restarted server (or another replica) finds the repository, branches and all, where
    `COUNCIL_PIPELINE_REPO` says; it was a temp dir per process, gone at exit."""
    shared = tmp_path / "shared" / "billing"
    monkeypatch.setenv("COUNCIL_PIPELINE_REPO", str(shared))
    studio._make_demo_repository.cache_clear()  # as a fresh process
    try:
        assert studio.demo_repository() == shared and (shared / "billing.py").is_file()
        git = ["git", "-C", str(shared)]
        subprocess.run([*git, "branch", "council/kept"], check=True)  # a run's branch
        studio._make_demo_repository.cache_clear()
        assert studio.demo_repository() == shared  # reused, not made again
        listed = subprocess.run([*git, "branch", "--list", "council/kept"], capture_output=True)
        assert listed.stdout.strip() == b"council/kept"
        assert [p.name for p in shared.parent.iterdir() if not p.name.endswith(".lock")] == [
            "billing"
        ]  # no half-made draft left beside it

        monkeypatch.setenv("COUNCIL_PIPELINE_REPO", str(tmp_path))  # exists, not a repository
        studio._make_demo_repository.cache_clear()
        with pytest.raises(ValueError, match=r"COUNCIL_PIPELINE_REPO: .* is not a git repository"):
            studio.demo_repository()
    finally:
        studio._make_demo_repository.cache_clear()


def test_council_model_puts_every_agent_on_that_chat_model(monkeypatch: pytest.MonkeyPatch) -> None:
    def respond(body: dict[str, Any]) -> str:
        return '{"decisions": ["REST"]}' if schema_name(body) else "Position: REST"

    with loopback_openai(respond) as server:
        monkeypatch.setenv("COUNCIL_MODEL", "openai:gpt-4o-mini")  # any init_chat_model string
        monkeypatch.setenv("OPENAI_BASE_URL", server.base_url)
        monkeypatch.setenv("OPENAI_API_KEY", "test")
        minutes = studio.meeting_position_papers().invoke(MEETING)["minutes"]
    assert {agent_of(r) for r in server.requests} == {"cto", "backend_lead", "frontend_lead"}
    assert (minutes.total_input_tokens, minutes.total_output_tokens) == server.tokens()
    assert minutes.decisions == ("REST",)


@pytest.mark.postgres
async def test_the_checkpointer_keeps_threads_in_council_database_url(
    pg_uri: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(studio.DATABASE_ENV, pg_uri)
    monkeypatch.delenv("COUNCIL_MODEL", raising=False)
    config: RunnableConfig = {"configurable": {"thread_id": "studio-1"}}
    async with studio.checkpointer() as saver:
        assert isinstance(saver, AsyncPostgresSaver)
        graph = studio.meeting_round_robin().copy(update={"checkpointer": saver})
        await graph.ainvoke(
            MEETING, config, context={"round_robin": {"max_turns_per_agent": 1}}, durability="sync"
        )
    async with studio.checkpointer() as saver:  # a new server process finds the thread again
        graph = studio.meeting_round_robin().copy(update={"checkpointer": saver})
        minutes = (await graph.aget_state(config)).values["minutes"]
    assert isinstance(minutes, MeetingMinutes) and minutes.status == "completed"


@pytest.mark.slow
async def test_without_a_database_url_the_embedded_server_starts(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv(studio.DATABASE_ENV, raising=False)
    # Not pytest's tmp_path: other pytest processes on the machine prune its parent directory.
    with tempfile.TemporaryDirectory(prefix="council-studio-") as tmp:
        data = Path(tmp) / "pg"
        target = "langgraph_council.checkpoints._embedded.default_data_dir"
        monkeypatch.setattr(target, lambda: data)
        async with studio.checkpointer() as saver:
            assert await saver.aget_tuple({"configurable": {"thread_id": "none"}}) is None
        assert (data / "PG_VERSION").exists() and not (data / "postmaster.pid").exists()


def test_namespaced_context_reaches_a_studio_graph_as_the_docs_say() -> None:
    """docs/studio.md said the server drops namespaced sections; they work (the schema names
    them), and the docs now say so."""
    from langgraph.checkpoint.memory import InMemorySaver

    from langgraph_council.graphs._demo.data import demo_conflict

    docs = (Path(__file__).resolve().parents[2] / "docs" / "studio.md").read_text()
    assert "are dropped by the server" not in docs
    assert '`{"conflict": {"strategy": "human"}}`' in docs
    graph = studio.conflict().copy(update={"checkpointer": InMemorySaver()})
    config: RunnableConfig = {"configurable": {"thread_id": "namespaced"}}
    out = graph.invoke(
        {"conflict": demo_conflict()}, config, context={"conflict": {"strategy": "human"}}
    )
    assert out["__interrupt__"][0].value["kind"] == "conflict"  # the human strategy ran
