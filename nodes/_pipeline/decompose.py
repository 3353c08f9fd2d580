"""Plans: validating subtask rows, dependency levels (the waves) and the task's structure."""

from __future__ import annotations

import re
from collections import Counter, deque
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from langgraph_council.nodes._errors import CouncilError
from langgraph_council.nodes._pipeline.config import CoordinationConfig
from langgraph_council.nodes._pipeline.models import (
    Plan,
    StructureSource,
    Subtask,
    Task,
    TaskStructure,
)
from langgraph_council.nodes._rows import model_row

__all__ = [
    "ManualDecomposer",
    "PlanError",
    "build_plan",
    "check_rows",
    "classify_structure",
    "dependency_levels",
    "resolve_structure",
]


class PlanError(CouncilError, ValueError):
    """A plan was rejected; `ids` names the subtasks at fault."""

    def __init__(self, message: str, *, ids: Sequence[str] = ()) -> None:
        super().__init__(message)
        self.ids = tuple(ids)


def _row(index: int, row: Subtask | Mapping[str, Any]) -> Subtask:
    return model_row(
        Subtask,
        row,
        not_a_mapping=lambda: PlanError(
            f"plan row {index} must be a Subtask or a mapping with id, title, dependencies, ...; "
            f"got {type(row).__name__}"
        ),
        invalid=lambda mapping, exc: PlanError(
            f"plan row {index} ({mapping.get('id')!r}) is invalid: {exc}"
        ),
    )


def _find_cycle(
    remaining: set[str], deps: Mapping[str, tuple[str, ...]], order: list[str]
) -> list[str]:
    """A dependency cycle among `remaining` (which holds one), as `a -> b -> a`.

    Every id left over by the topological pass waits on another left-over id, so the walk
    follows those until an id repeats: at most one step per left-over id.
    """
    start = next(i for i in order if i in remaining)
    path, seen = [start], {start: 0}
    while True:
        nxt = next(d for d in deps[path[-1]] if d in remaining)
        if nxt in seen:
            return [*path[seen[nxt] :], nxt]
        seen[nxt] = len(path)
        path.append(nxt)


def _row_ids(rows: Sequence[Subtask | Mapping[str, Any]]) -> list[str]:
    """The ids the rows claim, without validating them (for the size error)."""
    ids = (
        r.id if isinstance(r, Subtask) else r.get("id")
        for r in rows
        if isinstance(r, Subtask | Mapping)
    )
    return [i for i in ids if isinstance(i, str)]


def _check_size(rows: Sequence[Subtask | Mapping[str, Any]], config: CoordinationConfig) -> None:
    """`max_subtasks`, checked on the raw rows before any of them is validated."""
    if len(rows) > config.max_subtasks:
        raise PlanError(
            f"the plan has {len(rows)} subtasks, more than max_subtasks={config.max_subtasks}; "
            "merge subtasks or raise CoordinationConfig.max_subtasks",
            ids=_row_ids(rows),
        )


def _checked(
    rows: Iterable[Subtask | Mapping[str, Any]], config: CoordinationConfig | None
) -> tuple[tuple[Subtask, ...], tuple[tuple[str, ...], ...]]:
    """Validated rows and their dependency levels, in time linear in the plan's size.

    With `config`, `max_subtasks` is checked before any row is validated and `max_depth`
    stops the topological pass as soon as a chain is too deep.
    """
    listed = rows if isinstance(rows, Sequence) else list(rows)
    if config is not None:
        _check_size(listed, config)
    subtasks = [_row(i, r) for i, r in enumerate(listed)]
    if not subtasks:
        raise PlanError("a plan needs at least one subtask")
    ids = [s.id for s in subtasks]
    dupes = sorted(i for i, n in Counter(ids).items() if n > 1)
    if dupes:
        raise PlanError(f"duplicate subtask ids {dupes}; give every row its own id", ids=dupes)
    selfish = [s.id for s in subtasks if s.id in s.dependencies]
    if selfish:
        raise PlanError(
            f"subtasks {selfish} depend on themselves; remove that dependency", ids=selfish
        )
    known = set(ids)
    unknown = [(s.id, d) for s in subtasks for d in s.dependencies if d not in known]
    if unknown:
        named = ", ".join(f"{sid!r} -> {dep!r}" for sid, dep in unknown)
        raise PlanError(
            f"unknown dependencies ({named}); a dependency must name a subtask of the same plan",
            ids=sorted({x for pair in unknown for x in pair}),
        )
    levels = dependency_levels(subtasks, max_depth=None if config is None else config.max_depth)
    unique = tuple(
        s
        if len(set(s.dependencies)) == len(s.dependencies)
        else s.model_copy(update={"dependencies": tuple(dict.fromkeys(s.dependencies))})
        for s in subtasks
    )
    return unique, levels


def check_rows(rows: Iterable[Subtask | Mapping[str, Any]]) -> tuple[Subtask, ...]:
    """Validate plan rows: duplicates, self-dependencies, unknown dependencies and cycles.

    Linear in the plan's size (rows plus dependencies); no limits apply here (`build_plan`
    checks `CoordinationConfig`'s, first).

    Raises:
        PlanError: Naming the ids at fault.
    """
    return _checked(rows, None)[0]


def _too_deep(at: Mapping[str, int], deps: Mapping[str, tuple[str, ...]], last: str) -> list[str]:
    """The chain that ends at `last`, one subtask per level (linear in its length)."""
    chain = [last]
    while at[chain[-1]] > 0:
        chain.append(next(d for d in deps[chain[-1]] if at[d] == at[chain[-1]] - 1))
    return chain[::-1]


def _topological_levels(
    deps: Mapping[str, tuple[str, ...]], max_depth: int | None
) -> dict[str, int]:
    """Kahn's pass: each id's level (its longest chain of dependencies), O(ids + dependencies).

    Ids on or behind a cycle get no level. Stops with `PlanError` at the first chain longer
    than `max_depth`.
    """
    dependents: dict[str, list[str]] = {i: [] for i in deps}
    waiting = {i: len(ds) for i, ds in deps.items()}
    for i, ds in deps.items():
        for d in ds:
            dependents[d].append(i)
    ready = deque(i for i, n in waiting.items() if n == 0)
    level: dict[str, int] = {}
    while ready:
        i = ready.popleft()
        level[i] = 1 + max((level[d] for d in deps[i]), default=-1)
        if max_depth is not None and level[i] >= max_depth:
            chain = _too_deep(level, deps, i)
            raise PlanError(
                f"dependency chain {' -> '.join(chain)} is {len(chain)} deep, more than "
                f"max_depth={max_depth}; flatten the plan or raise CoordinationConfig.max_depth",
                ids=chain,
            )
        for j in dependents[i]:
            waiting[j] -= 1
            if waiting[j] == 0:
                ready.append(j)
    return level


def dependency_levels(
    subtasks: Sequence[Subtask], *, max_depth: int | None = None
) -> tuple[tuple[str, ...], ...]:
    """The DAG's dependency levels, each in plan order: level 0 has no dependencies.

    One topological pass (Kahn's algorithm): linear in subtasks plus dependencies.

    Raises:
        PlanError: When the dependencies form a cycle (the cycle's ids are named), or a chain
            is deeper than `max_depth` (the chain is named).
    """
    deps = {s.id: tuple(dict.fromkeys(s.dependencies)) for s in subtasks}
    order = [s.id for s in subtasks]
    unknown = sorted({d for ds in deps.values() for d in ds if d not in deps})
    if unknown:
        raise PlanError(f"unknown dependencies {unknown}; run check_rows first", ids=unknown)
    level = _topological_levels(deps, max_depth)
    if len(level) < len(deps):
        cycle = _find_cycle(set(deps).difference(level), deps, order)
        raise PlanError(
            f"dependency cycle {' -> '.join(cycle)}; break it by removing one dependency",
            ids=sorted(set(cycle)),
        )
    waves: list[list[str]] = [[] for _ in range(1 + max(level.values()))]
    for i in order:
        waves[level[i]].append(i)
    return tuple(tuple(w) for w in waves)


_SEQUENTIAL = re.compile(
    r"\b(?:then|afterwards|after that|step[- ]by[- ]step|in order|in sequence|sequential(?:ly)?|"
    r"followed by|one after (?:the )?other)\b",
    re.IGNORECASE,
)
_PARALLEL = re.compile(
    r"\b(?:in parallel|parallel|independent(?:ly)?|simultaneous(?:ly)?|concurrent(?:ly)?|"
    r"at the same time|separately)\b",
    re.IGNORECASE,
)


def classify_structure(text: str) -> TaskStructure | None:
    """Keyword classifier: sequence words -> sequential, parallel words -> parallel, both ->
    mixed, none -> None."""
    seq, par = bool(_SEQUENTIAL.search(text)), bool(_PARALLEL.search(text))
    if seq and par:
        return "mixed"
    if seq:
        return "sequential"
    return "parallel" if par else None


def resolve_structure(
    task: Task, planner: TaskStructure | None, levels: Sequence[Sequence[str]]
) -> tuple[TaskStructure, StructureSource]:
    """Explicit task structure wins, then the planner's; the keyword classifier fills in only
    when neither says; with no keyword either, the DAG's shape decides."""
    if task.structure is not None:
        return task.structure, "task"
    if planner is not None:
        return planner, "planner"
    guessed = classify_structure(f"{task.title}\n{task.description}")
    if guessed is not None:
        return guessed, "keywords"
    if all(len(level) == 1 for level in levels):
        return "sequential", "dependencies"
    return ("parallel" if len(levels) == 1 else "mixed"), "dependencies"


def build_plan(
    task: Task,
    rows: Iterable[Subtask | Mapping[str, Any]],
    config: CoordinationConfig,
    *,
    structure: TaskStructure | None = None,
    planner: str = "manual",
) -> Plan:
    """Validate `rows` against the plan rules and `config`'s limits and resolve the structure.

    The limits come first: `max_subtasks` before any row is validated, `max_depth` during
    the one topological pass, which stops at the first chain that is too deep. Linear in
    the plan's size (rows plus dependencies).

    Raises:
        PlanError: Naming the ids at fault (duplicates, self or unknown dependencies, cycles,
            more than `max_subtasks`, a chain deeper than `max_depth`).
    """
    subtasks, levels = _checked(rows, config)
    resolved, source = resolve_structure(task, structure, levels)
    return Plan(
        subtasks=subtasks,
        levels=levels,
        structure=resolved,
        structure_source=source,
        planner=planner,
    )


class ManualDecomposer:
    """A fixed plan: the same rows for every task (scripted runs, tests, demos).

    Rows are `Subtask` models or mappings (`id`, `title`, `description`, `dependencies`,
    `required_skills`, `required_role`, `complexity`, `expected_artifacts`). They are checked
    here (duplicates, self or unknown dependencies, cycles), in time linear in the plan's
    size; the limits of the run's `CoordinationConfig` are checked first when a run plans.

    Example:
        >>> d = ManualDecomposer([{"id": "a", "title": "Schema"},
        ...                       {"id": "b", "title": "API", "dependencies": ["a"]}])
        >>> [s.id for s in d.rows]
        ['a', 'b']

    Raises:
        PlanError: Naming the ids at fault.
    """

    def __init__(
        self,
        rows: Iterable[Subtask | Mapping[str, Any]],
        *,
        structure: TaskStructure | None = None,
    ) -> None:
        if isinstance(rows, str | bytes | Mapping):
            raise PlanError("rows must be a list of plan rows (dicts or Subtask models)")
        self.rows = check_rows(rows)
        self.structure = structure

    def plan(self, task: Task, config: CoordinationConfig) -> Plan:
        """The plan for `task` under `config`'s limits (`PlanError` when they are exceeded)."""
        return build_plan(task, self.rows, config, structure=self.structure)

    def __repr__(self) -> str:
        return f"ManualDecomposer({[s.id for s in self.rows]!r})"
