"""matplotlib behind the `plots` extra: figures without a GUI backend, saved with text as text.

Figures are made with `matplotlib.figure.Figure` directly, never through pyplot, so drawing
changes no global backend or figure registry (a CLI run, a server, a notebook all stay as they
were). SVG keeps its text as `<text>` elements (`svg.fonttype: none`), so a picture's labels can
be searched and tested; `svg.hashsalt` makes the element ids the same on every run.
"""

from __future__ import annotations

import contextlib
import importlib
import os
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from langgraph_council.nodes._errors import MissingExtraError
from langgraph_council.nodes._input_errors import InvalidInputError, MissingFileError

if TYPE_CHECKING:
    from matplotlib.figure import Figure

__all__ = [
    "FORMATS",
    "agent_colors",
    "drawing",
    "new_figure",
    "picture_format",
    "require_plots",
    "save_figure",
]

FORMATS = ("svg", "png", "pdf")
"""The file types a picture is written as, chosen by the path's suffix."""

_STYLE: dict[str, Any] = {
    "svg.fonttype": "none",
    "svg.hashsalt": "langgraph-council",
    "font.size": 9,
    "axes.spines.top": False,
    "axes.spines.right": False,
}
_PALETTE = "tab10"


def require_plots() -> None:
    """Check the `plots` extra is installed before any work that would be wasted without it.

    Raises:
        MissingExtraError: matplotlib is not installed (`pip install langgraph-council[plots]`).
    """
    _matplotlib()


def _matplotlib() -> Any:
    try:
        return importlib.import_module("matplotlib")
    except ImportError:
        raise MissingExtraError("drawing a run", extra="plots", package="matplotlib") from None


@contextlib.contextmanager
def drawing() -> Iterator[None]:
    """The package's style (text as text in SVG, small fonts) while a picture is drawn and saved.

    Raises:
        MissingExtraError: matplotlib is not installed (`pip install langgraph-council[plots]`).
    """
    with _matplotlib().rc_context(_STYLE):
        yield


def new_figure(width: float, height: float) -> Figure:
    """A figure of `width` x `height` inches with constrained layout, attached to no backend."""
    _matplotlib()
    from matplotlib.figure import Figure

    return Figure(figsize=(width, height), layout="constrained")


def agent_colors(agent_ids: Sequence[str]) -> dict[str, Any]:
    """One colour per agent, in the order given (the same agent keeps its colour in a picture)."""
    cmap = _matplotlib().colormaps[_PALETTE]
    return {agent: cmap(i % cmap.N) for i, agent in enumerate(dict.fromkeys(agent_ids))}


def picture_format(path: str | os.PathLike[str]) -> str:
    """`svg`, `png` or `pdf` from `path`'s suffix.

    Raises:
        InvalidInputError: Another suffix (the message names the ones accepted).
    """
    suffix = Path(path).suffix.lower().removeprefix(".")
    if suffix not in FORMATS:
        raise InvalidInputError(
            f"path {str(path)!r}: a picture is written as .svg, .png or .pdf (got "
            f"{'.' + suffix if suffix else 'no suffix'}); e.g. run.svg"
        )
    return suffix


def save_figure(figure: Figure, path: str | os.PathLike[str]) -> Path:
    """Write `figure` to `path` in the format its suffix names; return the path.

    Raises:
        InvalidInputError: The suffix is not .svg, .png or .pdf.
        MissingFileError: The folder `path` names does not exist.
    """
    target = Path(path)
    kind = picture_format(target)
    if not target.parent.is_dir():
        raise MissingFileError(
            f"path {str(path)!r}: folder {str(target.parent)!r} does not exist; create it first"
        )
    with drawing():
        figure.savefig(target, format=kind, dpi=110)
    return target
