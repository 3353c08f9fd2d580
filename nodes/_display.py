"""Notebook rendering: small HTML tables for `_repr_html_` (Jupyter shows it for a cell's value).

`MeetingMinutes`, `Conflict` and `ConflictResolution` build their rows and render them here.
Every cell is HTML-escaped (agents' text is untrusted).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from enum import Enum
from html import escape

__all__ = ["html_block", "html_heading", "html_table"]


def _text(cell: object) -> str:
    if cell is None:
        return ""
    if isinstance(cell, float):
        return f"{cell:.2f}"
    if isinstance(cell, Enum):
        return str(cell.value)
    if isinstance(cell, tuple | list):
        return "; ".join(str(c) for c in cell)
    return str(cell)


def html_table(caption: str, headers: Sequence[str], rows: Iterable[Sequence[object]]) -> str:
    """A captioned table ('' when there are no rows); tuples of strings join with '; '."""
    body = "".join(
        "<tr>" + "".join(f"<td>{escape(_text(cell))}</td>" for cell in row) + "</tr>"
        for row in rows
    )
    if not body:
        return ""
    head = "".join(f"<th>{escape(h)}</th>" for h in headers)
    caption_html = f"<caption style='text-align:left'><b>{escape(caption)}</b></caption>"
    return f"<table>{caption_html}<tr>{head}</tr>{body}</table>"


def html_heading(text: str) -> str:
    """A bold paragraph."""
    return f"<p><b>{escape(text)}</b></p>"


def html_block(*parts: str) -> str:
    """Parts in one `<div>`."""
    return "<div>" + "".join(parts) + "</div>"
