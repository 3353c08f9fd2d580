"""The OpenTelemetry export: the spans an in-memory exporter receives form the same tree as the
runs a callback tracer sees, with the council keys as span attributes."""

from __future__ import annotations

import subprocess
import sys
from typing import Any

import pytest
from langchain_core.runnables import RunnableLambda
from langchain_core.tracers.schemas import Run
from opentelemetry.sdk.trace import ReadableSpan, TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter
from opentelemetry.trace import StatusCode

from langgraph_council.graphs import (
    ConflictResolutionConfig,
    ManualDecomposer,
    OTelCallbackHandler,
    create_conflict_graph,
    create_coordination_graph,
    create_meeting_graph,
)
from langgraph_council.nodes import Org, Roster, Task
from langgraph_council.nodes._pipeline.models import SubtaskRun
from langgraph_council.nodes.testing import ScriptedChatModel
from tests.conflicts.conftest import conflict
from tests.tracing.runs import TWO_WAVES, RunCollector, metadata

Tree = tuple[str, tuple[tuple[str, Any], ...], tuple[Any, ...]]


def _run_tree(run: Run) -> Tree:
    kids = sorted(run.child_runs, key=lambda r: (r.start_time, r.name))
    return run.name, tuple(sorted(metadata(run).items())), tuple(_run_tree(k) for k in kids)


def _span_tree(span: ReadableSpan, spans: list[ReadableSpan]) -> Tree:
    own = span.context.span_id if span.context else None
    kids = [s for s in spans if s.parent is not None and s.parent.span_id == own]
    kids.sort(key=lambda s: (s.start_time or 0, s.name))
    attrs = {k: v for k, v in (span.attributes or {}).items() if k.startswith("council.")}
    return span.name, tuple(sorted(attrs.items())), tuple(_span_tree(k, spans) for k in kids)


@pytest.fixture
def exporter() -> InMemorySpanExporter:
    return InMemorySpanExporter()


@pytest.fixture
def handler(exporter: InMemorySpanExporter) -> OTelCallbackHandler:
    provider = TracerProvider()
    provider.add_span_processor(SimpleSpanProcessor(exporter))
    return OTelCallbackHandler(provider)


def _graphs(org: Org) -> dict[str, tuple[Any, Any]]:
    meeting = ScriptedChatModel({"senior_dev": ["A"], "junior_dev": ["B"], "cto": ["Summary: A"]})
    parties = ("junior_dev", "senior_dev")
    script: dict[str, list[Any]] = {a: [f"{a} argues", f"{a} rebuts"] for a in parties}
    script["backend_lead"] = [
        {"winning_agent_id": "junior_dev", "confidence": 0.9, "reasoning": "x"}
    ]
    worker = ScriptedChatModel(lambda prompt: "done")
    rows = [
        {"id": "s1", "title": "API", "dependencies": [], "required_skills": ["python"]},
        {"id": "s2", "title": "Docs", "dependencies": ["s1"], "required_skills": ["python"]},
    ]
    work = RunnableLambda(lambda run: worker.invoke(run.subtask.id).content)
    debate = ConflictResolutionConfig(strategy="debate")
    return {
        "meeting": (
            create_meeting_graph(Roster(org, default_model=meeting), protocol="round_robin"),
            {"agenda": "DB", "leader_id": "cto", "participant_ids": list(parties)},
        ),
        "conflict": (
            create_conflict_graph(
                org, Roster(org, default_model=ScriptedChatModel(script)), config=debate
            ),
            {"conflict": conflict(org, parties)},
        ),
        "coordination": (
            create_coordination_graph(org, executor=work, decomposer=ManualDecomposer(rows)),
            {"task": Task(id="t-1", title="Ship", owner_id="cto")},
        ),
    }


@pytest.mark.parametrize("family", ["meeting", "conflict", "coordination"])
@pytest.mark.parametrize("mode", ["sync", "async"])
async def test_the_spans_form_the_tree_the_runs_form(
    org: Org, exporter: InMemorySpanExporter, handler: OTelCallbackHandler, family: str, mode: str
) -> None:
    graph, inp = _graphs(org)[family]
    tracer = RunCollector()
    config: Any = {"callbacks": [tracer, handler]}
    ctx = {"round_robin": {"max_turns_per_agent": 1}} if family == "meeting" else None
    if mode == "async":
        await graph.ainvoke(inp, config, context=ctx)
    else:
        graph.invoke(inp, config, context=ctx)
    spans = list(exporter.get_finished_spans())
    (root_run,) = tracer.roots
    (root,) = [s for s in spans if s.parent is None]
    assert root.name == family
    assert len(spans) == sum(1 for _ in tracer.runs())
    assert _span_tree(root, spans) == _run_tree(root_run)
    calls = [s for s in spans if (s.attributes or {}).get("langchain.run_type") == "llm"]
    assert calls and all("council.agent_id" in (s.attributes or {}) for s in calls)
    assert all(
        f"council:{_family(family)}" in (s.attributes or {})["langchain.tags"] for s in calls
    )


@pytest.mark.parametrize("batching", [False, True], ids=["sends", "wave_batching"])
@pytest.mark.parametrize("mode", ["sync", "async"])
async def test_a_pipeline_s_wave_spans_hold_its_subtask_spans(
    org: Org,
    exporter: InMemorySpanExporter,
    handler: OTelCallbackHandler,
    mode: str,
    batching: bool,
) -> None:
    """coordination -> dispatch -> wave N -> subtask attempt -> the agent's model call."""
    worker = ScriptedChatModel(lambda prompt: "done")
    graph = create_coordination_graph(
        org,
        executor=RunnableLambda(lambda run: worker.invoke(run.subtask.id).content),
        decomposer=ManualDecomposer(TWO_WAVES),
        config={"wave_batching": batching},
    )
    inp = {"task": Task(id="t-3", title="Ship", owner_id="cto")}
    if mode == "async":
        await graph.ainvoke(inp, {"callbacks": [handler]})
    else:
        graph.invoke(inp, {"callbacks": [handler]})
    spans = list(exporter.get_finished_spans())
    by_id = {s.context.span_id: s for s in spans if s.context}

    def parent(span: ReadableSpan) -> str:
        assert span.parent is not None
        return by_id[span.parent.span_id].name

    waves = sorted((s for s in spans if s.name in ("wave 1", "wave 2")), key=lambda s: s.name)
    assert [(s.name, parent(s)) for s in waves] == [("wave 1", "dispatch"), ("wave 2", "dispatch")]
    assert all(by_id[s.parent.span_id].parent is not None for s in waves if s.parent)
    assert [(s.attributes or {}).get("council.wave") for s in waves] == [1, 2]
    attempts = sorted((s for s in spans if s.name.startswith("wave ") and " · " in s.name),
                      key=lambda s: s.name)  # fmt: skip
    assert [(s.name, parent(s)) for s in attempts] == [
        ("wave 1 · s1 · senior_dev", "wave 1"),
        ("wave 1 · s3 · senior_dev", "wave 1"),
        ("wave 2 · s2 · senior_dev", "wave 2"),
    ]
    calls = [s for s in spans if (s.attributes or {}).get("langchain.run_type") == "llm"]
    assert sorted(parent(c) for c in calls) == [s.name for s in attempts]


def _family(graph_name: str) -> str:
    return {"coordination": "pipeline"}.get(graph_name, graph_name)


def test_a_failed_attempt_is_an_error_span_and_the_run_nests_in_the_app_s_span(
    org: Org, exporter: InMemorySpanExporter, handler: OTelCallbackHandler
) -> None:
    def work(run: SubtaskRun) -> str:
        raise RuntimeError(f"{run.subtask.id} broke\nat line 3")

    rows = [{"id": "s1", "title": "API", "dependencies": [], "required_skills": ["python"]}]
    graph = create_coordination_graph(
        org, executor=RunnableLambda(work), decomposer=ManualDecomposer(rows)
    )
    provider = TracerProvider()
    provider.add_span_processor(SimpleSpanProcessor(exporter))
    with provider.get_tracer("app").start_as_current_span("handle request") as app:
        graph.invoke(
            {"task": Task(id="t-2", title="Ship", owner_id="cto")}, {"callbacks": [handler]}
        )
    spans = {s.name: s for s in exporter.get_finished_spans()}
    root = spans["coordination"]
    assert root.parent is not None and root.parent.span_id == app.get_span_context().span_id
    waves = [s for s in exporter.get_finished_spans() if s.name == "wave 1"]
    assert waves and all(s.status.status_code is StatusCode.ERROR for s in waves)
    assert all("s1 failed" in (s.status.description or "") for s in waves)
    failed = [s for s in exporter.get_finished_spans() if s.name.startswith("wave 1 · s1")]
    assert failed and all(s.status.status_code is StatusCode.ERROR for s in failed)
    assert all("s1 broke" in (s.status.description or "") for s in failed)
    failed.sort(key=lambda s: s.start_time or 0)  # retried, then reassigned: each attempt a span
    numbers = [(s.attributes or {}).get("council.attempt") for s in failed]
    assert len(failed) > 1 and numbers == list(range(1, len(failed) + 1))


def test_without_the_extra_the_import_names_the_install_command() -> None:
    script = (
        "import sys\n"
        "sys.modules['opentelemetry'] = None\n"
        "import langgraph_council.graphs as g\n"
        "g.create_meeting_graph\n"
        "from langgraph_council.nodes.errors import MissingExtraError\n"
        "try:\n"
        "    from langgraph_council.graphs import OTelCallbackHandler\n"
        "except MissingExtraError as exc:\n"
        "    print(exc)\n"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == (
        "OTelCallbackHandler needs opentelemetry, which is not installed: "
        "pip install langgraph-council[otel]"
    )
