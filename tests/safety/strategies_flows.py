"""Hypothesis strategies for bad input: conflicts, strategy configs, plans, tasks, guards.

Built like those of `strategies` (a valid value with a few fields broken, `Fuzzed.touched`
naming them).
"""

from __future__ import annotations

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


@st.composite
def conflict_configs(draw: st.DrawFn) -> Fuzzed:
    """A `ConflictResolutionConfig` as a dict, valid or broken."""
    debate = mutate(
        draw,
        {},
        {
            "judge": st.one_of(st.sampled_from(["shared_manager", "ceo"]), _AGENT_OR_JUNK),
            "max_argument_tokens": numbers,
            "rebuttal_round": junk,
        },
        prefix="debate.",
    )
    hybrid = mutate(
        draw,
        {},
        {"review_agent": _AGENT_OR_JUNK, "min_confidence": numbers, "escalate_on_ambiguity": junk},
        prefix="hybrid.",
    )
    ladder = mutate(
        draw,
        {},
        {"max_rounds": numbers, "arbitrator": _AGENT_OR_JUNK, "min_confidence": numbers},
        prefix="ladder.",
    )
    human = mutate(draw, {}, {"timeout_seconds": st.one_of(numbers, junk)}, prefix="human.")
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
    value = dict(top.value)
    touched = set(top.touched)
    for name, part in (("debate", debate), ("hybrid", hybrid), ("ladder", ladder)):
        if part.value:
            value[name] = part.value
            touched |= part.touched
    if human.value:
        value["human"] = human.value
        touched |= human.touched
    return Fuzzed(value, touched)


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
    rate = mutate(
        draw,
        {},
        {"max_per_pair_per_minute": numbers, "burst_allowance": numbers, "window_seconds": numbers},
        prefix="rate_limit.",
    )
    breaker = mutate(
        draw,
        {},
        {
            "bounce_threshold": numbers,
            "bounce_window_seconds": numbers,
            "cooldown_seconds": numbers,
            "max_cooldown_seconds": numbers,
        },
        prefix="circuit_breaker.",
    )
    top = mutate(
        draw, {}, {"max_delegation_depth": numbers, "dedup_window_seconds": numbers}, rate=2
    )
    value = dict(top.value)
    if rate.value:
        value["rate_limit"] = rate.value
    if breaker.value:
        value["circuit_breaker"] = breaker.value
    return Fuzzed(value, top.touched | rate.touched | breaker.touched)
