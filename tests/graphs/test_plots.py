"""`plot_run`: what each picture shows, read back from the SVG it writes (ids and text), for
real graphs run here; and the one-line errors of a missing extra, a wrong subject or path."""

from __future__ import annotations

import sys
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.graph import END, START, StateGraph
from typing_extensions import TypedDict

from langgraph_council.graphs import (
    CoordinationConfig,
    ManualDecomposer,
    create_coordination_graph,
    plot_run,
)
from langgraph_council.graphs._plots.pipeline import pipeline_run
from langgraph_council.graphs._plots.shape import layers
from langgraph_council.nodes import Org, SubtaskRun, Task
from langgraph_council.nodes.errors import (
    InvalidInputError,
    InvalidInputTypeError,
    MissingExtraError,
    MissingFileError,
)
from tests.cli_runner import run_cli

SVG = "{http://www.w3.org/2000/svg}"
TASK = Task(id="t1", title="Ship the billing API", owner_id="cto")
PLAN = [
    {"id": "a", "title": "Schema", "required_skills": ["python"]},
    {"id": "b", "title": "Tests", "required_skills": ["python"]},
    {"id": "c", "title": "Docs", "required_skills": ["python"], "dependencies": ["a", "b"]},
]


def _drawn(path: Path) -> tuple[list[str], list[str]]:
    root = ET.parse(path).getroot()
    ids = [e.get("id", "") for e in root.iter() if e.get("id")]
    return ids, ["".join(t.itertext()).strip() for t in root.iter(f"{SVG}text")]


def _bars(ids: list[str]) -> Counter[str]:
    return Counter(i.split(":")[1] for i in ids if i.startswith("attempt:"))


def _pipeline(org: Org, config: CoordinationConfig, broken: Any) -> dict[str, Any]:
    def executor(run: SubtaskRun) -> str:
        if broken(run):
            raise RuntimeError(f"{run.subtask.id} broke on attempt {run.attempt}")
        return f"{run.subtask.id} done"

    graph = create_coordination_graph(
        org, executor=executor, decomposer=ManualDecomposer(PLAN), config=config,
        checkpointer=InMemorySaver(),
    )  # fmt: skip
    out: dict[str, Any] = graph.invoke({"task": TASK}, {"configurable": {"thread_id": "p"}})
    return out


def test_retries_and_reassignments_are_bars_of_their_own_named_by_step(
    org: Org, tmp_path: Path
) -> None:
    first: dict[str, str] = {}

    def broken(run: SubtaskRun) -> bool:  # `a` fails once (retry); `b` fails for its agent
        first.setdefault(run.subtask.id, run.agent.id)
        return (run.subtask.id == "a" and run.attempt == 1) or (
            run.subtask.id == "b" and run.agent.id == first["b"]
        )

    out = _pipeline(org, CoordinationConfig(max_retries=1), broken)
    result = out["result"]
    plot_run(out, tmp_path / "run.svg")
    ids, texts = _drawn(tmp_path / "run.svg")
    assert _bars(ids) == {"a": 2, "b": 3, "c": 1}  # b: initial, retry, then reassigned
    b = result.outcome("b")
    assert [a.step for a in b.attempts] == ["initial", "retry", "reassign"]
    assert f"{b.attempts[1].agent_id} (retry)" in texts
    assert f"{b.attempts[2].agent_id} (reassign)" in texts
    assert "attempt failed" in texts  # the hatched bars' legend entry
    assert "wave 2 · c" in texts
    run = pipeline_run(out)
    spans = {(s.subtask_id, s.number): s for s in run.spans}
    assert spans[("a", 2)].start >= spans[("a", 1)].start + spans[("a", 1)].length - 1e-6
    assert spans[("c", 1)].start >= max(s.start + s.length for s in run.spans if s.subtask_id
                                        in "ab") - 1e-6  # fmt: skip


def test_without_finish_times_attempts_are_laid_out_wave_after_wave(org: Org) -> None:
    out = _pipeline(org, CoordinationConfig(), lambda run: False)
    result = out["result"]
    waves = [
        w.model_copy(update={"outcomes": tuple(
            o.model_copy(update={"finished_at": None, "duration_s": 2.0,
                                 "attempts": tuple(a.model_copy(update={"finished_at": None,
                                                   "duration_s": 2.0}) for a in o.attempts)})
            for o in w.outcomes)})
        for w in result.waves
    ]  # fmt: skip
    run = pipeline_run(result.model_copy(update={"waves": tuple(waves)}))
    starts = {s.subtask_id: (s.start, s.length) for s in run.spans}
    assert starts == {"a": (0.0, 2.0), "b": (0.0, 2.0), "c": (2.0, 2.0)}


def test_a_meeting_under_way_is_drawn_from_its_state(tmp_path: Path) -> None:
    contribution = {"agent_id": "bea", "phase": "input", "turn": 0, "input_tokens": 30,
                    "output_tokens": 10, "timestamp": "2026-11-28T10:00:00Z"}  # fmt: skip
    state = {
        "agenda": {"title": "REST or GraphQL?"},
        "leader_id": "cto",
        "participant_ids": ["bea", "fay"],
        "protocol": "round_robin",
        "contributions": [contribution, {**contribution, "agent_id": "fay", "turn": 1,
                                         "output_tokens": 30}],
    }  # fmt: skip
    plot_run(state, tmp_path / "m.svg")
    ids, texts = _drawn(tmp_path / "m.svg")
    assert [i for i in ids if i.startswith("turn:")] == ["turn:0:bea", "turn:1:fay"]
    assert {"cto (leader)", "bea", "fay", "25% · 1 turn(s)", "75% · 1 turn(s)"} <= set(texts)
    assert "REST or GraphQL? · round_robin, in progress" in texts


class _Loop(TypedDict):
    n: int


def test_a_graph_is_drawn_offline_with_every_node_and_its_loop() -> None:
    graph = StateGraph(_Loop)
    graph.add_node("work", lambda s: {"n": s["n"] + 1})
    graph.add_node("check", lambda s: {})
    graph.add_edge(START, "work")
    graph.add_edge("work", "check")
    graph.add_conditional_edges("check", lambda s: "work" if s["n"] < 3 else END, ["work", END])
    compiled = graph.compile()
    depth, back = layers(compiled.get_graph())
    assert depth == {"__start__": 0, "work": 1, "check": 2, "__end__": 3}
    assert [(e.source, e.target) for e in back] == [("check", "work")]
    figure = plot_run(graph)  # an uncompiled StateGraph too
    texts = figure.axes[0].texts  # node boxes have ids; each edge is one arrow
    assert {t.get_gid() for t in texts if t.get_gid()} == {
        "node:__start__", "node:work", "node:check", "node:__end__"
    }  # fmt: skip
    assert sum(t.get_gid() is None for t in texts) == len(compiled.get_graph().edges) == 4


def test_a_subject_without_a_picture_and_a_wrong_path_are_one_line_errors(
    tmp_path: Path,
) -> None:
    delegation = {"task": "Fix the login bug", "entry_agent": "cto", "tokens_used": 0}
    with pytest.raises(InvalidInputTypeError, match=r"^subject: no picture for a dict; pass"):
        plot_run(delegation)
    minutes_like = {"agenda": {"title": "x"}, "leader_id": "cto", "contributions": []}
    with pytest.raises(InvalidInputError, match=r"\.svg, \.png or \.pdf \(got \.jpg\)"):
        plot_run(minutes_like, tmp_path / "run.jpg")
    with pytest.raises(MissingFileError, match="does not exist; create it first"):
        plot_run(minutes_like, tmp_path / "missing" / "run.svg")


def test_without_matplotlib_the_error_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # as if it were not installed
    with pytest.raises(MissingExtraError) as raised:
        plot_run({"agenda": {"title": "x"}, "leader_id": "cto", "contributions": []})
    assert isinstance(raised.value, ImportError)
    assert str(raised.value) == (
        "drawing a run needs matplotlib, which is not installed: "
        "pip install langgraph-council[plots]"
    )
    done = run_cli("threads", "show", "any", "--memory", "--plot", "run.svg")
    assert done.status == 1
    assert done.err.strip().splitlines() == [str(raised.value)]
