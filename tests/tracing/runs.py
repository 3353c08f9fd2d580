"""A langchain-core tracer that keeps every run in memory (no network), and ways to read it."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from langchain_core.tracers.base import BaseTracer
from langchain_core.tracers.schemas import Run

TWO_WAVES = [
    {"id": "s1", "title": "API", "dependencies": [], "required_skills": ["python"]},
    {"id": "s3", "title": "UI", "dependencies": [], "required_skills": ["python"]},
    {"id": "s2", "title": "Docs", "dependencies": ["s1"], "required_skills": ["python"]},
]
"""A plan of two waves: s1 and s3, then s2 (after s1)."""


class RunCollector(BaseTracer):
    """Keeps each finished root run, its child runs attached (`Run.child_runs`)."""

    def __init__(self) -> None:
        super().__init__()
        self.roots: list[Run] = []

    def _persist_run(self, run: Run) -> None:
        self.roots.append(run)

    def runs(self) -> Iterator[tuple[Run, Run | None]]:
        """Every run with its parent (None for a root), depth first."""

        def walk(run: Run, parent: Run | None) -> Iterator[tuple[Run, Run | None]]:
            yield run, parent
            for child in run.child_runs:
                yield from walk(child, run)

        for root in self.roots:
            yield from walk(root, None)

    def named(self, name: str) -> list[tuple[Run, Run]]:
        """The runs called `name`, each with its parent."""
        return [(r, p) for r, p in self.runs() if r.name == name and p is not None]

    def parent_of(self, run: Run) -> Run | None:
        return next(p for r, p in self.runs() if r is run)

    def below(self, run: Run, ancestor: Run) -> bool:
        """`run` is somewhere inside `ancestor`."""
        parent = self.parent_of(run)
        while parent is not None and parent is not ancestor:
            parent = self.parent_of(parent)
        return parent is ancestor


def metadata(run: Run) -> dict[str, Any]:
    """The council keys of a run's metadata."""
    found = (run.extra or {}).get("metadata", {})
    return {k: v for k, v in found.items() if k.startswith("council.")}


def council_tags(run: Run) -> set[str]:
    """The tags this package writes (LangGraph's own `graph:step:N`, `seq:step:N` left out)."""
    return {t for t in run.tags or () if not t.startswith(("graph:step:", "seq:step:"))}
