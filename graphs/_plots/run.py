"""`plot_run`: the picture of a run (pipeline, meeting, conflict) or of a graph, drawn offline."""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal

from langgraph_council.graphs._plots.figure import drawing, picture_format, save_figure
from langgraph_council.nodes._input_errors import InvalidInputTypeError
from langgraph_council.nodes._meetings.models import MeetingMinutes
from langgraph_council.nodes._pipeline.report import CoordinationResult
from langgraph_council.nodes._records.conflicts import ConflictResolution

if TYPE_CHECKING:
    from matplotlib.figure import Figure

__all__ = ["Picture", "picture_of", "plot_run"]

Picture = Literal["pipeline", "meeting", "conflict", "graph"]
_PIPELINE_KEYS = ("plan", "outcomes", "phases", "routing")


def _values(subject: object) -> object:
    """A thread's state values as given, or a `StateSnapshot`'s; anything else as it is."""
    if isinstance(subject, Mapping):
        return subject
    values = getattr(subject, "values", None)
    return values if isinstance(values, Mapping) else subject


def picture_of(subject: object) -> Picture | None:
    """Which picture `subject` gets, or None when there is none for it (e.g. a delegation's
    state: its hand-offs are read as text)."""
    values = _values(subject)
    if isinstance(subject, CoordinationResult):
        return "pipeline"
    if isinstance(subject, MeetingMinutes):
        return "meeting"
    if isinstance(subject, ConflictResolution):
        return "conflict"
    if isinstance(values, Mapping):
        task = values.get("task")
        if values.get("result") is not None or (
            task is not None and not isinstance(task, str) and
            any(k in values for k in _PIPELINE_KEYS)
        ):  # fmt: skip
            return "pipeline"
        if values.get("minutes") is not None or "contributions" in values:
            return "meeting"
        if values.get("resolution") is not None or values.get("conflict") is not None:
            return "conflict"
        return None
    from langgraph_council.graphs._plots.shape import graph_of

    return "graph" if graph_of(subject) is not None else None


def _figure(kind: Picture, subject: Any) -> Figure:
    values: Any = _values(subject)
    if kind == "pipeline":
        from langgraph_council.graphs._plots.pipeline import pipeline_figure, pipeline_run

        return pipeline_figure(pipeline_run(values))
    if kind == "meeting":
        from langgraph_council.graphs._plots.meeting import meeting_figure, meeting_run

        return meeting_figure(meeting_run(values))
    if kind == "conflict":
        from langgraph_council.graphs._plots.conflict import conflict_figure, conflict_run

        return conflict_figure(conflict_run(values))
    from langgraph_council.graphs._plots.shape import graph_of, shape_figure

    graph = graph_of(subject)
    assert graph is not None  # picture_of said "graph"
    return shape_figure(graph, title=str(getattr(subject, "name", "") or ""))


def plot_run(subject: object, path: str | os.PathLike[str] | None = None) -> Figure:
    """Draw a run, or a graph, as a matplotlib figure; also write it to `path` when given.

    What is drawn depends on `subject`:
    - a pipeline's `CoordinationResult`, its output or thread state (`{"result": ...}`, or the
      state of a run under way): one row per subtask by wave, one bar per attempt over time,
      coloured by agent (retries and reassignments named, failed attempts hatched), each
      merge's mark (merged, held then kept or dropped), and the tokens the pipeline billed;
    - `MeetingMinutes` or a meeting's output or state: every contribution in order by agent
      and phase, each agent's talk share (output tokens) and tokens per agent;
    - a conflict graph's output or state (or a bare `ConflictResolution`): its path through
      the strategy (rounds of arguments, rebuttals or negotiation, a fallback, a human asked,
      where it stopped and who won) and each party's statements;
    - a compiled graph, a `StateGraph` or a `get_graph()` result: its nodes and edges,
      drawn without the network or graphviz.
    A `StateSnapshot` (`graph.get_state(config)`) is drawn from its values. Needs the `plots`
    extra (`pip install langgraph-council[plots]`).

    Args:
        subject: What to draw (see above).
        path: Where to write the picture; its suffix picks the format: `.svg` (text kept as
            text, so labels can be searched), `.png` or `.pdf`.

    Returns:
        The matplotlib `Figure` (a notebook shows it inline under `%matplotlib inline`).

    Raises:
        MissingExtraError: matplotlib is not installed.
        InvalidInputTypeError: `subject` is none of the above (e.g. a delegation's state).
        InvalidInputError: `path` ends in another suffix.
        MissingFileError: `path`'s folder does not exist.

    Example:
        >>> figure = plot_run(pipeline.invoke({"task": task}), "run.svg")  # doctest: +SKIP
    """
    if path is not None:
        picture_format(path)  # refuse a bad suffix before drawing anything
    kind = picture_of(subject)
    if kind is None:
        raise InvalidInputTypeError(
            f"subject: no picture for a {type(subject).__name__}; pass a pipeline's result, "
            "meeting minutes, a conflict's output or a thread's state, or a graph"
        )
    with drawing():
        figure = _figure(kind, subject)
    if path is not None:
        save_figure(figure, path)
    return figure
