"""The pipeline's picture: each subtask's attempts over time, by wave and agent, with its merge.

Read from what a thread already stores: the final `CoordinationResult` (`result`), or, for a
run still under way, the `plan`, `outcomes` and `merges` channels. An `Attempt` keeps when it
finished and how long it ran, not when it started: a bar starts at `finished_at - duration_s`.
Attempts saved without a finish time (threads from before `finished_at`) are laid out wave
after wave by their durations instead, so the picture still shows order and length.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from langgraph_council.graphs._plots.figure import agent_colors, new_figure
from langgraph_council.nodes._pipeline.attempts import Attempt
from langgraph_council.nodes._pipeline.models import SubtaskResult
from langgraph_council.nodes._pipeline.report import CoordinationResult
from langgraph_council.nodes._pipeline.state import merges_of, outcomes_of, plan_of, task_of
from langgraph_council.nodes._workspace.models import MergeResult

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

__all__ = ["PipelineRun", "Span", "pipeline_figure", "pipeline_run"]

_WORKED = ("completed", "failed", "cancelled")
_RULING = re.compile(r"^(keep|drop) by ((?:agent|human|system):\S+?):? ")


@dataclass(frozen=True)
class Span:
    """One attempt as a bar: seconds from the run's first start, who, which step, how it ended."""

    subtask_id: str
    number: int
    agent_id: str
    step: str
    status: str
    start: float
    length: float


@dataclass(frozen=True)
class PipelineRun:
    """What the picture shows: subtask rows (id, wave, status, reason), bars, merges, tokens."""

    title: str
    rows: tuple[tuple[str, int, str, str], ...]
    spans: tuple[Span, ...]
    merges: tuple[MergeResult, ...]
    tokens: dict[str, int]


def _results(subject: CoordinationResult | Mapping[str, Any]) -> tuple[
    str, str, list[tuple[int, str]], dict[str, SubtaskResult], list[MergeResult], dict[str, int]
]:  # fmt: skip
    """(task id, status, [(wave, subtask id)], outcomes, merges, planner tokens)."""
    if isinstance(subject, Mapping) and subject.get("result") is not None:
        subject = CoordinationResult.model_validate(subject["result"])
    if isinstance(subject, CoordinationResult):
        order = [(w.index, r.subtask_id) for w in subject.waves for r in w.outcomes]
        outcomes = {r.subtask_id: r for w in subject.waves for r in w.outcomes}
        plan, status = subject.plan, subject.parent_status
        return subject.task_id, status, order, outcomes, list(subject.merges), _planner(plan)
    plan = plan_of(subject)
    levels = plan.levels if plan is not None else ()
    order = [(i, sid) for i, level in enumerate(levels) for sid in level]
    outcomes = outcomes_of(subject)
    order += [(len(levels), sid) for sid in outcomes if sid not in {s for _, s in order}]
    task_id = task_of(subject).id if subject.get("task") is not None else "?"
    merges = list(merges_of(subject).values())
    return task_id, "in progress", order, outcomes, merges, _planner(plan)


def _planner(plan: Any) -> dict[str, int]:
    if plan is None or plan.planner in ("manual", "input"):
        return {}
    used = plan.planner_input_tokens + plan.planner_output_tokens
    return {f"{plan.planner} (plan)": used} if used else {}


def _attempts(result: SubtaskResult) -> list[Attempt]:
    """The attempts somebody worked on; one made up from the result when none was recorded."""
    worked = [a for a in result.attempts if a.status in _WORKED]
    if worked or result.attempts or result.status not in _WORKED or not result.agent_id:
        return worked
    return [
        Attempt(
            subtask_id=result.subtask_id,
            number=1,
            agent_id=result.agent_id,
            status=result.status,
            duration_s=result.duration_s,
            finished_at=result.finished_at,
        )
    ]


def _spans(order: Sequence[tuple[int, str]], outcomes: Mapping[str, SubtaskResult]) -> list[Span]:
    """Bars in seconds from the first start; wave by wave when no finish time was stored."""
    timed = [(wave, a) for wave, sid in order if sid in outcomes for a in _attempts(outcomes[sid])]
    if timed and all(a.finished_at is not None for _, a in timed):
        starts = {
            (a.subtask_id, a.number): a.finished_at.timestamp() - a.duration_s  # type: ignore[union-attr]
            for _, a in timed
        }
        t0 = min(starts.values())
        return [
            Span(a.subtask_id, a.number, a.agent_id, a.step, a.status,
                 starts[(a.subtask_id, a.number)] - t0, a.duration_s)
            for _, a in timed
        ]  # fmt: skip
    spans: list[Span] = []
    offset, wave_end, current = 0.0, 0.0, None
    for wave, a in timed:  # each subtask's attempts one after another, waves in turn
        if wave != current:
            offset, current = wave_end, wave
        before = [s for s in spans if s.subtask_id == a.subtask_id]
        start = before[-1].start + before[-1].length if before else offset
        spans.append(Span(a.subtask_id, a.number, a.agent_id, a.step, a.status, start,
                          a.duration_s))  # fmt: skip
        wave_end = max(wave_end, start + a.duration_s)
    return spans


def pipeline_run(subject: CoordinationResult | Mapping[str, Any]) -> PipelineRun:
    """What the pipeline picture shows, from a result or a pipeline thread's state values."""
    task_id, status, order, outcomes, merges, tokens = _results(subject)
    rows = []
    for wave, sid in order:
        result = outcomes.get(sid)
        state = result.status if result else "pending"
        rows.append((sid, wave, state, (result.reason or result.error or "") if result else ""))
    for result in outcomes.values():
        for a in result.attempts:
            if a.input_tokens or a.output_tokens:
                key = f"{a.agent_id} ({a.step})"
                tokens[key] = tokens.get(key, 0) + a.input_tokens + a.output_tokens
    for merge in merges:
        if merge.input_tokens or merge.output_tokens:
            found = _RULING.match(merge.message)
            who = found.group(2).removeprefix("agent:") if found else "review agent"
            key = f"{who} (merge review)"
            tokens[key] = tokens.get(key, 0) + merge.input_tokens + merge.output_tokens
    title = f"Pipeline {task_id}: {status}"
    return PipelineRun(title, tuple(rows), tuple(_spans(order, outcomes)), tuple(merges), tokens)


def _merge_mark(merge: MergeResult) -> tuple[str, str, str]:
    """(marker, colour, label) of a merge: merged, held (then kept or dropped), or not merged."""
    ruling = _RULING.match(merge.message)
    held = bool(merge.semantic_issues) or ruling is not None or merge.needs_decision
    if merge.status == "merged":
        return ("D", "tab:orange", "held, then kept") if held else ("D", "tab:green", "merged")
    if merge.needs_decision:
        return "s", "tab:red", f"held ({merge.status})"
    return "X", "tab:red", merge.status if not held else f"held, then {merge.status}"


def _draw_bars(ax: Axes, run: PipelineRun, colors: Mapping[str, Any]) -> None:
    row_of = {sid: i for i, (sid, *_) in enumerate(run.rows)}
    for span in run.spans:
        y = row_of[span.subtask_id]
        failed = span.status != "completed"
        (bar,) = ax.barh(
            y, max(span.length, 1e-3), left=span.start, height=0.6, color=colors[span.agent_id],
            hatch="///" if failed else None, edgecolor="black" if failed else "none",
        )  # fmt: skip
        bar.set_gid(f"attempt:{span.subtask_id}:{span.number}")
        label = span.agent_id if span.step == "initial" else f"{span.agent_id} ({span.step})"
        ax.text(span.start + span.length, y + 0.38, f" {label}", fontsize=7, va="center")
    for y, (sid, _, status, reason) in enumerate(run.rows):
        if not any(s.subtask_id == sid for s in run.spans):
            shown = f"{status}: {reason}" if reason else status
            ax.text(0, y, f" {shown[:70]}", fontsize=7, va="center", color="dimgray")


def _draw_merges(ax: Axes, run: PipelineRun) -> None:
    row_of = {sid: i for i, (sid, *_) in enumerate(run.rows)}
    end = {(s.subtask_id, s.number): s.start + s.length for s in run.spans}
    for merge in run.merges:
        if merge.subtask_id not in row_of:
            continue
        x = end.get((merge.subtask_id, merge.attempt))
        x = x if x is not None else max((v for k, v in end.items() if k[0] == merge.subtask_id),
                                        default=0.0)  # fmt: skip
        marker, color, label = _merge_mark(merge)
        (dot,) = ax.plot([x], [row_of[merge.subtask_id]], marker=marker, color=color,
                         markersize=7, linestyle="none")  # fmt: skip
        dot.set_gid(f"merge:{merge.subtask_id}:{merge.attempt}")
        if label != "merged":
            ax.text(x, row_of[merge.subtask_id] - 0.38, f" merge {label}", fontsize=7,
                    color=color, va="center")  # fmt: skip


def _legend(ax: Axes, colors: Mapping[str, Any], run: PipelineRun) -> None:
    from matplotlib.lines import Line2D
    from matplotlib.patches import Patch

    handles: list[Any] = [Patch(color=c, label=a) for a, c in colors.items()]
    if any(s.status != "completed" for s in run.spans):
        handles.append(Patch(facecolor="white", edgecolor="black", hatch="///",
                             label="attempt failed"))  # fmt: skip
    marks = {_merge_mark(m) for m in run.merges}
    handles += [Line2D([], [], marker=m, color=c, linestyle="none",
                       label=lab if lab == "merged" else f"merge {lab}")
                for m, c, lab in sorted(marks, key=lambda x: x[2])]  # fmt: skip
    ax.legend(handles=handles, loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize=7,
              title="agents", title_fontsize=8, frameon=False)  # fmt: skip


def _draw_tokens(ax: Axes, tokens: Mapping[str, int]) -> None:
    names = list(tokens)
    ax.barh(range(len(names)), [tokens[n] for n in names], color="tab:gray")
    ax.set_yticks(range(len(names)), names, fontsize=7)
    ax.invert_yaxis()
    ax.set_xlabel("tokens the pipeline billed (executors bill their own)")


def pipeline_figure(run: PipelineRun) -> Figure:
    """The Gantt-style picture: one row per subtask (wave first), one bar per attempt."""
    rows = max(len(run.rows), 1)
    extra = 0.9 + 0.25 * len(run.tokens) if run.tokens else 0.0
    figure = new_figure(9.0, 1.4 + 0.42 * rows + extra)
    if run.tokens:
        ax, tokens_ax = figure.subplots(2, 1, height_ratios=[rows + 1, len(run.tokens) + 1])
        _draw_tokens(tokens_ax, run.tokens)
    else:
        ax = figure.subplots()
    colors = agent_colors([s.agent_id for s in run.spans])
    waves = [w for _, w, *_ in run.rows]
    for y, wave in enumerate(waves):  # every other wave on a light band
        if wave % 2:
            ax.axhspan(y - 0.5, y + 0.5, color="0.94", zorder=0)
    _draw_bars(ax, run, colors)
    _draw_merges(ax, run)
    ax.set_yticks(range(len(run.rows)), [f"wave {w + 1} · {sid}" for sid, w, *_ in run.rows])
    ax.set_ylim(len(run.rows) - 0.5, -0.7)
    ax.set_xlabel("seconds since the first attempt started")
    held = sum(_merge_mark(m)[2].startswith("held") for m in run.merges)
    ax.set_title(f"{run.title} · {len(run.rows)} subtasks in {len(set(waves))} waves"
                 + (f" · {held} merge(s) held" if held else ""), loc="left")  # fmt: skip
    if colors or run.merges:
        _legend(ax, colors, run)
    return figure
