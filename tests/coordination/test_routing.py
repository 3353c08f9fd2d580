"""Routing: the score table, load spreading, closed agents, unroutable work and global rules."""

from __future__ import annotations

import logging

import pytest

from langgraph_council.nodes import Org, Task
from langgraph_council.nodes._pipeline.config import CoordinationConfig
from langgraph_council.nodes._pipeline.decompose import build_plan
from langgraph_council.nodes._pipeline.models import Subtask
from langgraph_council.nodes._pipeline.route import route_plan, score_agent

from .conftest import Recorder, agent, rows, run

SUB = Subtask(
    id="s",
    title="Store invoices",
    required_skills=("python", "databases"),
    required_role="backend_dev",
    complexity="complex",
)


@pytest.mark.parametrize(
    ("profile", "expected"),
    [
        # both skills primary (0.4) + role (0.2) + senior fits complex (0.2)
        (
            agent("a", primary_skills=("python", "databases"), role="backend_dev", level="senior"),
            0.8,
        ),
        # one primary (0.2) + the other secondary (0.1)
        (agent("a", primary_skills=("python",), secondary_skills=("databases",)), 0.3),
        # no double count: secondary skills already primary add nothing
        (
            agent(
                "a",
                primary_skills=("python", "databases"),
                secondary_skills=("python", "databases"),
            ),
            0.4,
        ),
        # secondary only: 0.2 for full coverage
        (agent("a", secondary_skills=("python", "databases")), 0.2),
        # role only; mid does not fit complex
        (agent("a", role="backend_dev"), 0.2),
        # everything: capped at 1
        (agent("a", primary_skills=("python", "databases"), role="backend_dev", level="lead"), 0.8),
        (
            agent(
                "a", primary_skills=("PYTHON", "Databases"), role="Backend_Dev", level="principal"
            ),
            0.8,
        ),
        # inactive and closed agents score 0 however well they fit
        (agent("a", primary_skills=("python", "databases"), level="senior", active=False), 0.0),
        (
            agent(
                "a", primary_skills=("python", "databases"), level="senior", accepts_subtasks=False
            ),
            0.0,
        ),
    ],
)
def test_score_table(profile, expected) -> None:
    assert score_agent(SUB, profile).score == pytest.approx(expected)


@pytest.mark.parametrize(
    ("level", "fits"),
    [
        ("junior", {"simple"}),
        ("mid", {"simple", "medium"}),
        ("senior", {"medium", "complex"}),
        ("lead", {"complex", "epic"}),
        ("principal", {"complex", "epic"}),
        ("director", {"epic"}),
        ("vp", {"epic"}),
        ("c_suite", {"epic"}),
    ],
)
def test_seniority_fits_complexity(level, fits) -> None:
    profile = agent("a", level=level)
    for complexity in ("simple", "medium", "complex", "epic"):
        sub = Subtask(id="s", title="x", complexity=complexity)
        assert score_agent(sub, profile).seniority == (0.2 if complexity in fits else 0.0)


def _route(org: Org, spec, config: CoordinationConfig | None = None, **row):
    task = Task(id="t", title="x")
    cfg = config or CoordinationConfig()
    return route_plan(build_plan(task, rows(spec, **row), cfg), task, org, cfg)


def test_load_spreads_over_equal_agents() -> None:
    org = Org([agent("a", primary_skills=("python",)), agent("b", primary_skills=("python",))])
    routing = _route(org, {"s1": [], "s2": [], "s3": [], "s4": []})
    assert [d.agent_id for d in routing.decisions] == ["a", "b", "a", "b"]
    assert routing.decisions[1].candidates[0].load_penalty == 0.0
    assert routing.decisions[2].candidates[-1].load_penalty == pytest.approx(0.1)


def test_load_penalty_does_not_make_work_unroutable() -> None:
    """min_score applies to the fit before the penalty: a busy only-agent still gets work."""
    org = Org([agent("a", primary_skills=("python",))])
    routing = _route(org, {f"s{i}": [] for i in range(10)}, CoordinationConfig(load_penalty=0.5))
    assert all(d.agent_id == "a" for d in routing.decisions)


def test_closed_and_inactive_agents_are_never_chosen() -> None:
    org = Org(
        [
            agent("star", primary_skills=("python",), accepts_subtasks=False),
            agent("gone", primary_skills=("python",), active=False),
            agent("ok", secondary_skills=("python",)),
        ]
    )
    routing = _route(org, {"s1": [], "s2": [], "s3": []})
    assert {d.agent_id for d in routing.decisions} == {"ok"}
    assert all(c.agent_id == "ok" for d in routing.decisions for c in d.candidates)


def test_unroutable_subtasks_are_reported_with_the_reason() -> None:
    org = Org([agent("a", primary_skills=("cobol",), level="junior"), agent("b")])
    routing = _route(
        org, {"s": []}, CoordinationConfig(min_score=0.5), required_skills=["cobol"],
        complexity="epic",
    )  # fmt: skip
    (decision,) = routing.decisions
    assert decision.agent_id is None and decision.missing_skills == ()
    assert "a scored 0.40 < min_score 0.5" in decision.reason
    assert routing.unroutable["s"].status == "blocked"
    assert routing.unroutable["s"].reason == decision.reason


def test_owner_is_not_its_own_assignee() -> None:
    org = Org(
        [agent("boss", primary_skills=("python",)), agent("dev", secondary_skills=("python",))]
    )
    task = Task(id="t", title="x", owner_id="boss")
    cfg = CoordinationConfig()
    routing = route_plan(build_plan(task, rows({"s": []}), cfg), task, org, cfg)
    assert routing.decisions[0].agent_id == "dev"


def test_unroutable_work_and_its_dependents_are_skipped_not_dropped(make_graph) -> None:
    recorder = Recorder()
    plan = [
        {"id": "legacy", "title": "Restyle", "required_skills": ["css"], "complexity": "epic"},
        *rows({"after": ["legacy"], "other": []}),
    ]
    result = run(make_graph(plan, recorder), context={"coordination": {"min_score": 0.5}})
    assert recorder.calls == ["other"]
    assert result.statuses == {"legacy": "blocked", "after": "blocked", "other": "completed"}
    assert result.outcome("legacy").reason.startswith("unroutable")
    assert "dependency legacy did not deliver" in result.outcome("after").reason
    assert result.rollup == "blocked"


def test_nothing_routable_fails_validate_and_runs_nothing(make_graph) -> None:
    recorder = Recorder()
    plan = [{"id": "x", "title": "Restyle", "required_skills": ["css"], "complexity": "epic"}]
    result = run(make_graph(plan, recorder), context={"coordination": {"min_score": 0.5}})
    assert recorder.calls == []
    validate = result.phase("validate")
    assert validate is not None and not validate.success
    assert "no subtask is routable" in (validate.error or "")
    assert result.phase("dispatch") is None
    assert (result.rollup, result.parent_status) == ("blocked", "failed")


COBOL = [
    {"id": "legacy", "title": "Port the COBOL job", "required_skills": ["cobol", "python"]},
    *rows({"after": ["legacy"], "other": []}),
]


def test_a_skill_nobody_has_fails_validate_naming_subtask_and_skill(make_graph) -> None:
    """Before, seniority alone (0.2 >= min_score 0.1) sent such work to the senior agents."""
    recorder = Recorder()
    result = run(make_graph(COBOL, recorder))
    (decision,) = [d for d in result.routing if d.subtask_id == "legacy"]
    assert decision.agent_id is None and decision.missing_skills == ("cobol",)
    validate = result.phase("validate")
    assert validate is not None and not validate.success
    error = validate.error or ""
    assert "subtask legacy needs cobol" in error
    assert "add an agent with the skill" in error and 'unroutable="closest"' in error
    assert recorder.calls == [] and result.phase("dispatch") is None
    assert result.parent_status == "failed"


def test_skills_of_the_owner_and_of_inactive_or_closed_agents_do_not_count() -> None:
    org = Org(
        [
            agent("boss", primary_skills=("cobol",)),
            agent("gone", primary_skills=("cobol",), active=False),
            agent("busy", primary_skills=("cobol",), accepts_subtasks=False),
            agent("dev", primary_skills=("python",)),
        ]
    )
    task = Task(id="t", title="x", owner_id="boss")
    cfg = CoordinationConfig()
    plan = build_plan(task, rows({"s": []}, required_skills=["cobol"]), cfg)
    (decision,) = route_plan(plan, task, org, cfg).decisions
    assert (decision.agent_id, decision.missing_skills) == (None, ("cobol",))


def test_closest_fallback_routes_the_work_and_records_it(make_graph) -> None:
    recorder = Recorder()
    result = run(make_graph(COBOL, recorder), context={"coordination": {"unroutable": "closest"}})
    assert sorted(recorder.calls) == ["after", "legacy", "other"]
    (decision,) = [d for d in result.routing if d.subtask_id == "legacy"]
    assert decision.fallback and decision.missing_skills == ("cobol",)
    assert decision.agent_id is not None and decision.reason.startswith("fallback")
    assert any("legacy routed to" in w and "cobol" in w for w in result.warnings)
    (credit,) = [a for a in result.attribution if a.agent_id == decision.agent_id]
    assert credit.fallbacks == ("legacy",)
    assert all(not d.fallback for d in result.routing if d.subtask_id != "legacy")
    assert result.rollup == "completed"


def test_global_rules_reach_the_router(org) -> None:
    """ui_dev's global rule: work that needs a new API endpoint goes to backend_lead first."""
    task = Task(id="t", title="x")
    cfg = CoordinationConfig(rule_bonus=0.5)
    skills = {"required_skills": ("react", "typescript"), "complexity": "complex"}
    endpoint = [Subtask(id="e", title="Add a new API endpoint for the dashboard", **skills)]
    restyle = [Subtask(id="r", title="Restyle the dashboard", **skills)]
    (with_rule,) = route_plan(build_plan(task, endpoint, cfg), task, org, cfg).decisions
    (without,) = route_plan(build_plan(task, restyle, cfg), task, org, cfg).decisions
    assert without.agent_id == "frontend_lead" and without.rules == ()
    assert with_rule.agent_id == "backend_lead"
    assert with_rule.rules == (
        "IF work needs a new API endpoint THEN route it to backend_lead first (rule of ui_dev)",
    )
    assert with_rule.candidates[0].rule_bonus == 0.5


def test_team_above_seven_logs_a_warning(make_graph, caplog) -> None:
    org = Org([agent("owner"), *(agent(f"dev{i}", primary_skills=("python",)) for i in range(8))])
    task = Task(id="big", title="x", owner_id="owner")
    plan = rows({f"s{i}": [] for i in range(8)})
    with caplog.at_level(logging.WARNING, logger="langgraph_council.coordination"):
        result = run(make_graph(plan, Recorder(), org_=org), task)
    assert len({d.agent_id for d in result.routing}) == 8
    assert "team has 9 agents" in caplog.text
    assert result.warnings and "team has 9 agents" in result.warnings[0]
    small = run(make_graph(rows({"a": []}), Recorder(), org_=org), task)
    assert small.warnings == ()
