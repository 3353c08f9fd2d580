"""Hypothesis strategies for bad input: conflicts, strategy configs, plans, tasks, guards.

Built like those of `strategies` (a valid value with a few fields broken, `Fuzzed.touched`
naming them).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hypothesis import strategies as st

from .strategies import LEVELS, REFS, Fuzzed, junk, mutate, numbers, odd_text, scalar_junk

# -- conflicts ---------------------------------------------------------------------------

STRATEGIES = ["authority", "debate", "hybrid", "ladder", "human"]
AGENTS = {  # id: (department, level) in tests/data/org.yaml
    "backend_lead": ("backend", "lead"),
    "frontend_lead": ("frontend", "lead"),
    "senior_dev": ("backend", "senior"),
    "junior_dev": ("backend", "junior"),
    "ui_dev": ("frontend", "mid"),
    "qa_head": ("qa", "director"),
}


@st.composite
def positions(draw: st.DrawFn, index: int) -> Fuzzed:
    """One conflict position (a dict), valid or broken."""
    agent = draw(st.sampled_from(sorted(AGENTS)))
    department, level = AGENTS[agent]
    base = {
        "agent_id": agent,
        "agent_department": department,
        "agent_level": level,
        "position": f"{agent} says so",
        "reasoning": "measured",
        "evidence": ["a benchmark"],
    }
    fields = {
        "agent_id": st.one_of(st.sampled_from([*AGENTS, "ghost", "ceo"]), odd_text, scalar_junk),
        "agent_department": st.one_of(st.sampled_from(["backend", "BACKEND", "qa"]), odd_text),
        "agent_level": st.one_of(st.sampled_from(LEVELS), odd_text, scalar_junk),
        "position": st.one_of(odd_text, scalar_junk),
        "reasoning": st.one_of(odd_text, scalar_junk),
        "evidence": st.one_of(st.lists(odd_text, max_size=2), junk),
        "timestamp": st.one_of(st.sampled_from(["2026-01-01T00:00:00", "yesterday"]), junk),
    }
    return mutate(draw, base, fields, prefix=f"positions.{index}.", rate=5)


@st.composite
def conflicts(draw: st.DrawFn) -> Fuzzed:
    """A `Conflict` as a dict, valid or broken (wrong count, duplicate or unknown parties)."""
    items = [draw(positions(i)) for i in range(draw(st.integers(0, 4)))]
    fuzzed = mutate(
        draw,
        {"id": "c1", "type": "architecture", "subject": "Queue or cron?"},
        {
            "id": st.one_of(odd_text, scalar_junk),
            "type": st.one_of(st.sampled_from(["technical", "priority", "nope"]), odd_text),
            "subject": st.one_of(odd_text, scalar_junk),
            "task_id": junk,
        },
        rate=3,
    )
    fuzzed.value["positions"] = [p.value for p in items]
    fuzzed.touched |= {"positions", *(t for p in items for t in p.touched)}
    return fuzzed


_STRATEGY = st.one_of(st.sampled_from(STRATEGIES), odd_text)
_AGENT_OR_JUNK = st.one_of(st.sampled_from([*AGENTS, "cto", "ceo", "ghost"]), odd_text, junk)


def with_sections(
    draw: st.DrawFn, top: Fuzzed, sections: Mapping[str, Mapping[str, st.SearchStrategy[Any]]]
) -> Fuzzed:
    """`top` with each nested config section (`name: fields`) drawn by `mutate` and set when it
    is not empty; its changed keys read `name.key`."""
    value, touched = dict(top.value), set(top.touched)
    for name, fields in sections.items():
        part = mutate(draw, {}, fields, prefix=f"{name}.")
        if part.value:
            value[name] = part.value
            touched |= part.touched
    return Fuzzed(value, touched)


@st.composite
def conflict_configs(draw: st.DrawFn) -> Fuzzed:
    """A `ConflictResolutionConfig` as a dict, valid or broken."""
    top = mutate(
        draw,
        {"strategy": draw(st.sampled_from(STRATEGIES))},
        {
            "strategy": _STRATEGY,
            "by_conflict_type": st.one_of(
                st.dictionaries(st.sampled_from(["architecture", "x"]), _STRATEGY), junk
            ),
            "by_department": st.one_of(st.dictionaries(st.sampled_from(["backend"]), _STRATEGY)),
        },
        rate=2,
    )
    return with_sections(
        draw,
        top,
        {
            "debate": {
                "judge": st.one_of(st.sampled_from(["shared_manager", "ceo"]), _AGENT_OR_JUNK),
                "max_argument_tokens": numbers,
                "rebuttal_round": junk,
            },
            "hybrid": {
                "review_agent": _AGENT_OR_JUNK,
                "min_confidence": numbers,
                "escalate_on_ambiguity": junk,
            },
            "ladder": {
                "max_rounds": numbers,
                "arbitrator": _AGENT_OR_JUNK,
                "min_confidence": numbers,
            },
            "human": {"timeout_seconds": st.one_of(numbers, junk)},
        },
    )


# -- plans -------------------------------------------------------------------------------

PLAN_IDS = ["a", "b", "c", "d"]


@st.composite
def plan_rows(draw: st.DrawFn) -> Fuzzed:
    """`ManualDecomposer` rows: dependencies among a small id pool (cycles, unknown ids)."""
    rows: list[Any] = []
    touched: set[str] = {"dependencies", "id", "plan"}
    for index in range(draw(st.integers(0, 5))):
        sid = draw(st.sampled_from(PLAN_IDS))
        base = {
            "id": sid,
            "title": f"Do {sid}",
            "dependencies": draw(st.lists(st.sampled_from([*PLAN_IDS, "ghost"]), max_size=2)),
            "required_skills": ["python"],
        }
        row = mutate(
            draw,
            base,
            {
                "id": st.one_of(odd_text, scalar_junk),
                "title": st.one_of(odd_text, scalar_junk),
                "dependencies": st.one_of(st.lists(odd_text, max_size=2), junk),
                "required_skills": junk,
                "required_role": junk,
                "complexity": st.one_of(st.sampled_from(["low", "high", "huge"]), junk),
                "expected_artifacts": numbers,
            },
            prefix=f"plan row {index}.",
            rate=5,
        )
        rows.append(draw(junk) if draw(st.integers(0, 25)) == 0 else row.value)
        touched |= row.touched | {f"plan row {index}"}
    return Fuzzed(rows, touched)


@st.composite
def coordination_contexts(draw: st.DrawFn) -> Fuzzed:
    """A `CoordinationConfig` run context as a dict, valid or broken."""
    return mutate(
        draw,
        {},
        {
            "max_subtasks": numbers,
            "max_depth": numbers,
            "min_score": numbers,
            "load_penalty": numbers,
            "max_concurrency_per_wave": numbers,
            "fail_fast": junk,
            "topology": st.one_of(st.sampled_from(["sas", "centralized", "mesh"]), junk),
            "team_size_warning": numbers,
            "planner_id": _AGENT_OR_JUNK,
            "summary_chars": numbers,
        },
        rate=2,
    )


@st.composite
def tasks(draw: st.DrawFn) -> Fuzzed:
    """The pipeline's input `Task` as a dict, valid or broken."""
    return mutate(
        draw,
        {"id": "t1", "title": "Ship the billing API", "owner_id": "cto"},
        {
            "id": st.one_of(odd_text, scalar_junk),
            "title": st.one_of(odd_text, scalar_junk),
            "required_skills": junk,
            "complexity": st.one_of(st.sampled_from(["low", "epic"]), junk),
            "structure": st.one_of(st.sampled_from(["sequential", "parallel", "tree"]), junk),
            "topology": st.one_of(st.sampled_from(["sas", "mesh"]), junk),
            "expected_artifacts": numbers,
            "delegation_chain": st.one_of(st.lists(st.sampled_from(REFS), max_size=3), junk),
            "owner_id": _AGENT_OR_JUNK,
        },
        rate=3,
    )


# -- guard configs -----------------------------------------------------------------------


@st.composite
def guard_configs(draw: st.DrawFn) -> Fuzzed:
    """A `LoopPreventionConfig` as a dict, valid or broken."""
    top = mutate(
        draw, {}, {"max_delegation_depth": numbers, "dedup_window_seconds": numbers}, rate=2
    )
    return with_sections(
        draw,
        top,
        {
            "rate_limit": {
                "max_per_pair_per_minute": numbers,
                "burst_allowance": numbers,
                "window_seconds": numbers,
            },
            "circuit_breaker": {
                "bounce_threshold": numbers,
                "bounce_window_seconds": numbers,
                "cooldown_seconds": numbers,
                "max_cooldown_seconds": numbers,
            },
        },
    )


# -- plan limits -------------------------------------------------------------------------


@st.composite
def limit_plans(draw: st.DrawFn) -> tuple[Fuzzed, list[dict[str, Any]], str | None]:
    """A run context's `max_subtasks`/`max_depth` (sometimes junk) and a plan at or just past
    them, or a deep chain (1,000 or 10,000 subtasks); with the limit it must fail on
    (`max_subtasks` first, then `max_depth`; "context" for a limit that is no valid int), or
    None when it fits."""
    limits = {"max_subtasks": draw(st.integers(1, 6)), "max_depth": draw(st.integers(1, 4))}
    if draw(st.integers(0, 3)) == 0:  # a limit that is not a usable number
        key = draw(st.sampled_from(sorted(limits)))
        limits[key] = draw(st.one_of(numbers, st.sampled_from([True, "3", None])))
    if draw(st.integers(0, 4)) == 0:
        depth = draw(st.sampled_from([1_000, 10_000]))
        if draw(st.booleans()):  # a size limit the chain fits: only the depth stops it
            limits["max_subtasks"] = depth
        count = depth
    else:
        size, depth_limit = limits["max_subtasks"], limits["max_depth"]
        size = size if isinstance(size, int) and not isinstance(size, bool) and size < 9 else 3
        depth_limit = depth_limit if isinstance(depth_limit, int) and depth_limit < 9 else 3
        count = max(1, size + draw(st.integers(-1, 2)))
        depth = max(1, min(count, depth_limit + draw(st.integers(-1, 1))))
    rows: list[dict[str, Any]] = [
        {"id": f"s{i}", "title": f"Step {i}", "required_skills": ["python"],
         "dependencies": [f"s{i - 1}"] if 0 < i < depth else []}
        for i in range(count)
    ]  # fmt: skip
    bad = sorted(k for k, v in limits.items() if type(v) is not int or v < 1)  # strict ints
    if bad:
        return Fuzzed(limits, set(bad)), rows, "context"
    expected = None
    if count > limits["max_subtasks"]:
        expected = "max_subtasks"
    elif depth > limits["max_depth"]:
        expected = "max_depth"
    return Fuzzed(limits, set(limits)), rows, expected


# -- workspace limits and branch prefix --------------------------------------------------

HOSTILE_PREFIXES = [
    "council", "ci/council", "main", "refs", "refs/heads/x", "heads", "heads/x", "-x", "--force",
    "a..b", "x.lock", "x/", "/x", "a//b", ".hidden", "@", "HEAD", "a b", "a:b", "x@{1}", "\x00",
    "tab\there", "a" * 300,
]  # fmt: skip
"""Branch prefixes: fine, an existing branch's name (`main`), git ref paths and option-like,
ref-format breakers, control characters, very long."""


@st.composite
def workspace_limits(draw: st.DrawFn) -> Fuzzed:
    """`WorkspaceConfig` fields of issue 21 (the branch prefix and the semantic checks'
    bounds: negative, zero, tiny, huge, NaN and infinite), a few at a time."""
    fields: dict[str, st.SearchStrategy[Any]] = {
        "branch_prefix": st.one_of(st.sampled_from(HOSTILE_PREFIXES), odd_text, scalar_junk),
        "semantic_max_file_bytes": st.one_of(numbers, st.sampled_from([1, 10, 2**63])),
        "semantic_budget_bytes": st.one_of(numbers, st.sampled_from([1, 10, 2**63])),
        "semantic_timeout_seconds": st.one_of(numbers, st.sampled_from([1e-9, 1e300])),
    }
    chosen = draw(st.lists(st.sampled_from(sorted(fields)), min_size=1, max_size=2, unique=True))
    return Fuzzed({k: draw(fields[k]) for k in chosen}, set(chosen))
