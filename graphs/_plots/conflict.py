"""The conflict's picture: its path through the strategy, step by step, and who spoke how often.

Read from a conflict thread's state values: `conflict`, `strategy`, the `messages` channel
(each argument, rebuttal, negotiation or asked position is a named AI message whose
`response_metadata` carries its `kind` and `round`), `fallback_reason` (a strategy handing over
to authority or a human), `escalation_id` (a human was asked) and `resolution` (where it
stopped, who won, who decided). Per-party tokens are kept only inside the strategy subgraphs,
not in the thread's state: the picture gives the conflict's total (`tokens_used`) and counts
each party's statements instead.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from langchain_core.messages import BaseMessage, convert_to_messages

from langgraph_council.graphs._plots.figure import agent_colors, new_figure
from langgraph_council.nodes._messages import COUNCIL_NAME
from langgraph_council.nodes._records.conflicts import Conflict, ConflictResolution

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

__all__ = ["ConflictRun", "conflict_figure", "conflict_run"]

_SPOKEN = ("position", "argument", "rebuttal", "negotiation")


@dataclass(frozen=True)
class ConflictRun:
    """What the picture shows: a title, the steps in order, statements per party."""

    title: str
    steps: tuple[str, ...]
    statements: dict[str, int]
    stopped: bool


def _messages(values: Mapping[str, Any]) -> list[BaseMessage]:
    given = list(values.get("messages") or ())
    plain = [m for m in given if not isinstance(m, BaseMessage)]
    return convert_to_messages(given) if plain else given


def _rounds(messages: Sequence[BaseMessage]) -> tuple[list[str], dict[str, int]]:
    """One step per (kind, round) of statements, with its speakers; statements per party."""
    groups: dict[tuple[str, int], list[str]] = {}
    counts: dict[str, int] = {}
    for m in messages:
        meta = m.response_metadata or {}
        kind, speaker = meta.get("kind"), getattr(m, "name", None)
        if kind not in _SPOKEN or not speaker or speaker == COUNCIL_NAME:
            continue
        groups.setdefault((str(kind), int(meta.get("round", 0))), []).append(speaker)
        counts[speaker] = counts.get(speaker, 0) + 1
    kinds = [kind for kind, _ in groups]
    steps, seen = [], dict.fromkeys(kinds, 0)
    for (kind, _), who in groups.items():  # rounds numbered from 1 within each kind
        seen[kind] += 1
        name = f"{kind} round {seen[kind]}" if kinds.count(kind) > 1 else f"{kind}s"
        steps.append(f"{name}\n" + "\n".join(dict.fromkeys(who)))
    return steps, counts


def _outcome(resolution: ConflictResolution) -> str:
    lines = [resolution.outcome.value.replace("_", " ")]
    if resolution.winning_agent_id:
        lines.append(f"winner: {resolution.winning_agent_id}")
    lines.append(f"decided by {resolution.decided_by}")
    return "\n".join(lines)


def conflict_run(subject: ConflictResolution | Mapping[str, Any]) -> ConflictRun:
    """What the conflict picture shows, from a conflict thread's state values (or a bare
    resolution, which gives only the end of the path)."""
    values: Mapping[str, Any] = (
        {"resolution": subject} if isinstance(subject, ConflictResolution) else subject
    )
    raw = values.get("conflict")
    conflict = None if raw is None else Conflict.model_validate(raw)
    steps = []
    if conflict is not None:
        steps.append(f"conflict\n{len(conflict.positions)} parties")
    if values.get("strategy"):
        steps.append(f"strategy\n{values['strategy']}")
    spoken, counts = _rounds(_messages(values))
    steps += spoken
    if values.get("fallback_reason"):
        steps.append("fallback\n" + str(values["fallback_reason"])[:40])
    if values.get("escalation_id"):
        steps.append("human asked\n(escalation)")
    raw_resolution = values.get("resolution")
    resolution = (
        None if raw_resolution is None else ConflictResolution.model_validate(raw_resolution)
    )
    steps.append(_outcome(resolution) if resolution else "no resolution yet")
    subject_line = conflict.subject if conflict else (resolution.conflict_id if resolution else "")
    tokens = values.get("tokens_used")
    title = f"Conflict {subject_line}" + (f" · {tokens} tokens in all" if tokens else "")
    return ConflictRun(title, tuple(steps), counts, resolution is not None)


def _draw_path(ax: Axes, run: ConflictRun) -> None:
    ax.set_axis_off()
    ax.set_xlim(-0.6, len(run.steps) - 0.4)
    ax.set_ylim(-1, 1)
    last = len(run.steps) - 1
    for i, step in enumerate(run.steps):
        color = ("#d8f0d8" if run.stopped else "#f6e0c0") if i == last else "#e8eef8"
        box = ax.text(i, 0, step, ha="center", va="center", fontsize=7.5,
                      bbox={"boxstyle": "round,pad=0.5", "facecolor": color,
                            "edgecolor": "0.4"})  # fmt: skip
        box.set_gid(f"step:{i}")
        if i < last:
            ax.annotate("", xy=(i + 0.62, 0), xytext=(i + 0.38, 0),
                        arrowprops={"arrowstyle": "->", "color": "0.3"})  # fmt: skip
    ax.set_title(run.title, loc="left")


def _draw_statements(ax: Axes, counts: Mapping[str, int]) -> None:
    agents = list(counts)
    colors = agent_colors(agents)
    for y, agent in enumerate(agents):
        (bar,) = ax.barh(y, counts[agent], color=colors[agent])
        bar.set_gid(f"statements:{agent}")
    ax.set_yticks(range(len(agents)), agents)
    ax.set_ylim(len(agents) - 0.5, -0.5)
    ax.set_xlabel("statements per party")
    from matplotlib.ticker import MaxNLocator

    ax.xaxis.set_major_locator(MaxNLocator(integer=True))


def conflict_figure(run: ConflictRun) -> Figure:
    """The path as boxes joined by arrows; below it, statements per party when any were made."""
    width = max(9.0, 1.9 * len(run.steps))
    parties = len(run.statements)
    figure = new_figure(width, 2.4 + (0.9 + 0.3 * parties if parties else 0.0))
    if parties:
        path_ax, counts_ax = figure.subplots(2, 1, height_ratios=[2.0, 0.8 + 0.35 * parties])
        _draw_statements(counts_ax, run.statements)
    else:
        path_ax = figure.subplots()
    _draw_path(path_ax, run)
    return figure
