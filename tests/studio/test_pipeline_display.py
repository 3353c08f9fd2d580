"""A pipeline result shows as tables in a notebook: waves, merges, integration, attribution."""

from __future__ import annotations

from langgraph.checkpoint.memory import InMemorySaver
from langgraph.types import Command

from langgraph_council.checkpoints import council_serde
from langgraph_council.graphs import create_coordination_graph, studio
from langgraph_council.graphs._demo.data import demo_org
from langgraph_council.graphs._demo.pipeline import DEMO_PIPELINE_TASK
from langgraph_council.nodes._pipeline.decompose import ManualDecomposer
from langgraph_council.nodes._pipeline.models import SubtaskRun, Task


def test_waves_and_attribution_render_escaped_without_a_workspace() -> None:
    def work(run: SubtaskRun) -> str:
        if run.subtask.id == "api":
            raise RuntimeError("schema missing")
        return "<script>alert(1)</script>"

    plan = ManualDecomposer([{"id": "schema", "title": "Schema"}, {"id": "api", "title": "API"}])
    graph = create_coordination_graph(demo_org(), executor=work, decomposer=plan)
    result = graph.invoke({"task": Task(id="t1", title="Billing", owner_id="cto")})["result"]
    html = result._repr_html_()
    assert "<b>Task t1: failed (parent failed)</b>" in html
    assert "<b>Waves</b>" in html and "&lt;script&gt;" in html and "<script>" not in html
    assert "<td>api</td>" in html and "schema missing" in html
    assert "<b>Merges</b>" not in html and "<b>Attribution</b>" in html  # no workspace, no merges


def test_merges_and_the_integration_branch_render_after_a_human_keeps_a_conflict() -> None:
    graph = studio.STUDIO_GRAPHS["coordination"]().copy(
        update={"checkpointer": InMemorySaver(serde=council_serde())}
    )
    run = {"configurable": {"thread_id": "display-1"}}
    graph.invoke({"task": DEMO_PIPELINE_TASK}, run)
    keep = {"decision": "keep", "reasoning": "the API moves callers", "decided_by": "human:ana"}
    result = graph.invoke(Command(resume=keep), run)["result"]
    html = result._repr_html_()
    assert "<b>Merges</b>" in html and "<b>Integration</b>" in html
    assert "<td>monthly-report</td><td>merged</td>" in html
    assert "keep by human:ana: the API moves callers" in html
    assert f"<td>{result.integration.branch}</td>" in html
