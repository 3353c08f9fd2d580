"""Routing: score every agent for every subtask, spread the load, report what cannot be routed."""

from __future__ import annotations

import logging
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from langgraph_council.nodes._org import AgentProfile, CoordinationRule, Org, SeniorityLevel
from langgraph_council.nodes._pipeline.config import CoordinationConfig
from langgraph_council.nodes._pipeline.models import (
    Complexity,
    Plan,
    Subtask,
    SubtaskResult,
    Task,
)
from langgraph_council.nodes._pipeline.report import RouteCandidate, RoutingDecision

__all__ = [
    "SENIORITY_FITS",
    "Routing",
    "matching_rules",
    "route_plan",
    "score_agent",
]

logger = logging.getLogger("langgraph_council.coordination")

_L = SeniorityLevel
SENIORITY_FITS: Mapping[Complexity, frozenset[SeniorityLevel]] = {
    "simple": frozenset({_L.JUNIOR, _L.MID}),
    "medium": frozenset({_L.MID, _L.SENIOR}),
    "complex": frozenset({_L.SENIOR, _L.LEAD, _L.PRINCIPAL}),
    "epic": frozenset({_L.LEAD, _L.PRINCIPAL, _L.DIRECTOR, _L.VP, _L.C_SUITE}),
}
"""Which levels fit which complexity: junior simple; mid simple/medium; senior medium/complex;
lead and principal complex/epic; director and above epic."""

_WORD = re.compile(r"[a-z0-9]+")
_TOKEN = re.compile(r"[a-z0-9_.:-]+")
_STOPWORDS = frozenset(
    {"a", "an", "and", "any", "are", "as", "at", "be", "by", "for", "from", "first", "in"}
    | {"into", "is", "it", "its", "of", "on", "or", "that", "the", "this", "to", "when"}
    | {"with", "work", "works", "need", "needs", "new", "task", "tasks", "change", "changes"}
    | {"route", "ask"}
)


class _Fit(NamedTuple):
    """An agent's skills, role and level, normalised once per routing run."""

    agent_id: str
    primary: frozenset[str]
    secondary: frozenset[str]
    role: str
    level: SeniorityLevel


def _fit_of(agent: AgentProfile) -> _Fit:
    primary = frozenset(s.casefold() for s in agent.primary_skills)
    secondary = frozenset(s.casefold() for s in agent.secondary_skills) - primary
    return _Fit(agent.id, primary, secondary, agent.role.casefold(), agent.level)


def _parts(sub: Subtask, wanted: Sequence[str], fit: _Fit) -> tuple[float, float, float, float]:
    """(primary, secondary, role, seniority) parts of the score."""
    n = len(wanted)
    p = sum(s in fit.primary for s in wanted) / n * 0.4 if n else 0.0
    s = sum(s in fit.secondary for s in wanted) / n * 0.2 if n else 0.0
    role = sub.required_role
    r = 0.2 if role is not None and role.casefold() == fit.role else 0.0
    lvl = 0.2 if fit.level in SENIORITY_FITS[sub.complexity] else 0.0
    return p, s, r, lvl


def _wanted(sub: Subtask) -> list[str]:
    return list(dict.fromkeys(s.casefold() for s in sub.required_skills))


def score_agent(subtask: Subtask, agent: AgentProfile) -> RouteCandidate:
    """How well `agent` fits `subtask`, before load and rules (0 for inactive or closed agents).

    primary-skill coverage x0.4 + coverage by secondary skills not already primary x0.2 +
    role match 0.2 + seniority fits complexity 0.2, capped at 1.
    """
    if not agent.active or not agent.accepts_subtasks:
        return RouteCandidate(agent_id=agent.id, score=0.0, fit=0.0)
    p, s, r, lvl = _parts(subtask, _wanted(subtask), _fit_of(agent))
    fit = min(1.0, p + s + r + lvl)
    return RouteCandidate(
        agent_id=agent.id, score=fit, fit=fit, primary=p, secondary=s, role=r, seniority=lvl
    )


def _words(text: str) -> set[str]:
    return {w for w in _WORD.findall(text.casefold()) if len(w) >= 3 and w not in _STOPWORDS}


def _named_agents(rule: CoordinationRule, org: Org) -> list[str]:
    """Agents the rule's action names by id, or by role."""
    tokens = {t.strip(".-:") for t in _TOKEN.findall(rule.action.casefold())}
    return [a.id for a in org if a.id.casefold() in tokens or a.role.casefold() in tokens]


def matching_rules(
    subtask: Subtask, rules: Sequence[tuple[str, CoordinationRule]], org: Org
) -> list[tuple[str, list[str]]]:
    """Global rules whose condition matches `subtask`, with the agents their action names.

    A condition matches when it shares at least two significant words with the subtask's
    title, description, skills and role (all of them when it has fewer than two).
    """
    text = " ".join(
        [subtask.title, subtask.description, *subtask.required_skills, subtask.required_role or ""]
    )
    have = _words(text)
    found = []
    for owner, rule in rules:
        need = _words(rule.condition)
        if need and len(need & have) >= min(2, len(need)):
            cited = f"IF {rule.condition} THEN {rule.action} (rule of {owner})"
            found.append((cited, _named_agents(rule, org)))
    return found


@dataclass(frozen=True)
class Routing:
    """The router's output: decisions, results for unroutable subtasks, warnings."""

    decisions: tuple[RoutingDecision, ...]
    unroutable: dict[str, SubtaskResult]
    warnings: tuple[str, ...]


def _explain(sub: Subtask, best: RouteCandidate) -> str:
    parts = [f"primary {best.primary:.2f}", f"secondary {best.secondary:.2f}"]
    parts += [f"role {best.role:.2f}", f"seniority {best.seniority:.2f}"]
    if best.rule_bonus:
        parts.append(f"rule +{best.rule_bonus:.2f}")
    if best.load_penalty:
        parts.append(f"load -{best.load_penalty:.2f}")
    return f"{best.agent_id} scored {best.score:.2f} ({', '.join(parts)}) for {sub.complexity} work"


_Scored = tuple[float, float, int, tuple[float, float, float, float], float, float]
"""(-score, -fit, org order, (primary, secondary, role, seniority), rule bonus, load penalty):
negated, so a plain sort ranks best first with org order breaking ties (no key function)."""


def _candidates(top: Sequence[_Scored], fits: Sequence[_Fit]) -> list[RouteCandidate]:
    return [
        RouteCandidate(
            agent_id=fits[order].agent_id,
            score=-score,
            fit=-fit,
            primary=p,
            secondary=s,
            role=r,
            seniority=lvl,
            rule_bonus=bonus,
            load_penalty=penalty,
        )
        for score, fit, order, (p, s, r, lvl), bonus, penalty in top
    ]


def _unroutable(
    sub: Subtask, why: str, rules: tuple[str, ...], missing: Sequence[str] = ()
) -> RoutingDecision:
    return RoutingDecision(
        subtask_id=sub.id,
        agent_id=None,
        reason=f"unroutable: {why}",
        rules=rules,
        missing_skills=tuple(missing),
    )


def _scores(
    fits: Sequence[_Fit],
    parts: Sequence[tuple[float, tuple[float, float, float, float]]],
    boosted: set[str],
    config: CoordinationConfig,
    loads: Sequence[int],
) -> list[_Scored]:
    """Every agent's score for one subtask: its fit (capped at 1) minus the load penalty.

    Runs once per subtask over every agent, so it makes no Python call per agent."""
    bonus_of, penalty_of = config.rule_bonus, config.load_penalty
    scored: list[_Scored] = []
    for order, (base, part) in enumerate(parts):
        bonus = bonus_of if boosted and fits[order].agent_id in boosted else 0.0
        fit = base + bonus if base + bonus < 1.0 else 1.0
        penalty = penalty_of * loads[order]
        score = fit - penalty if fit > penalty else 0.0
        scored.append((-score, -fit, order, part, bonus, penalty))
    return scored


def _route_one(
    sub: Subtask,
    org: Org,
    fits: Sequence[_Fit],
    config: CoordinationConfig,
    loads: list[int],
    rules: Sequence[tuple[str, CoordinationRule]],
    memo: dict[tuple[object, ...], list[tuple[float, tuple[float, float, float, float]]]],
    skills: frozenset[str],
) -> RoutingDecision:
    applied = matching_rules(sub, rules, org) if rules else []
    boosted = {a for _, named in applied for a in named}
    wanted = _wanted(sub)
    missing = [s for s in wanted if s not in skills]
    rules_cited = tuple(cited for cited, _ in applied)
    if missing and config.unroutable == "fail":
        why = f"no active agent has the required skill(s) {', '.join(missing)}"
        return _unroutable(sub, why, rules_cited, missing)
    key = (tuple(wanted), (sub.required_role or "").casefold(), sub.complexity)
    if key not in memo:  # subtasks needing the same fit the same agents alike
        memo[key] = [(sum(p), p) for p in (_parts(sub, wanted, f) for f in fits)]
    scored = _scores(fits, memo[key], boosted, config, loads)  # plain tuples; models for 3
    # the closest fallback takes the best agent even below min_score: nobody fits better
    least = -config.min_score
    eligible = scored if missing else [c for c in scored if c[1] <= least and c[1]]
    eligible.sort()  # best score, then best fit, then org order
    ranked = _candidates(eligible[:3], fits)
    if not ranked:
        best = min(scored, key=lambda c: (c[1], c[2]), default=None)
        why = (
            "no active agent that accepts subtasks"
            if best is None
            else f"best fit {fits[best[2]].agent_id} scored {-best[1]:.2f} < min_score "
            f"{config.min_score}"
        )
        return _unroutable(sub, why, rules_cited, missing)
    chosen = ranked[0]
    loads[eligible[0][2]] += 1
    reason = _explain(sub, chosen)
    if missing:
        reason = f"fallback (unroutable=closest; nobody has {', '.join(missing)}): {reason}"
    return RoutingDecision(
        subtask_id=sub.id,
        agent_id=chosen.agent_id,
        score=chosen.score,
        reason=reason,
        candidates=tuple(ranked),
        rules=rules_cited,
        missing_skills=tuple(missing),
        fallback=bool(missing),
    )


def route_plan(plan: Plan, task: Task, org: Org, config: CoordinationConfig) -> Routing:
    """Route every subtask, earliest wave first; the task owner is never its own assignee.

    Inactive agents and agents with `accepts_subtasks=False` are never candidates. A subtask
    needing a skill no candidate has is unroutable (`missing_skills`, which fails `validate`)
    unless `config.unroutable == "closest"` (then routed as a `fallback`, with a warning). A
    subtask nobody fits by `min_score` is reported (decision with `agent_id=None` and a `blocked`
    result saying why); its dependents are skipped at dispatch. A team (owner + assignees)
    above `team_size_warning` logs a warning.
    """
    rules = org.global_rules()
    by_id = {s.id: s for s in plan.subtasks}
    fits = [_fit_of(a) for a in org if a.id != task.owner_id and a.active and a.accepts_subtasks]
    loads = [0] * len(fits)  # subtasks given to each agent so far, by org order
    memo: dict[tuple[object, ...], list[tuple[float, tuple[float, float, float, float]]]] = {}
    skills = frozenset(s for f in fits for s in f.primary | f.secondary)
    decisions = [
        _route_one(by_id[i], org, fits, config, loads, rules, memo, skills)
        for level in plan.levels
        for i in level
    ]
    order = {s.id: n for n, s in enumerate(plan.subtasks)}
    decisions.sort(key=lambda d: order[d.subtask_id])
    unroutable = {
        d.subtask_id: SubtaskResult(
            subtask_id=d.subtask_id,
            status="blocked",
            reason=d.reason,
            failure_category="coordination_overhead",
        )
        for d in decisions
        if d.agent_id is None
    }
    team = {f.agent_id for f, n in zip(fits, loads, strict=True) if n}
    team |= {task.owner_id} if task.owner_id else set()
    warnings = [
        f"subtask {d.subtask_id} routed to {d.agent_id} as the closest fallback: no active "
        f"agent has {', '.join(d.missing_skills)}"
        for d in decisions
        if d.fallback
    ]
    if len(team) > config.team_size_warning:
        warnings.append(
            f"task {task.id} team has {len(team)} agents (owner + assignees), above "
            f"{config.team_size_warning}: coordination overhead grows with team size"
        )
    for warning in warnings:
        logger.warning(warning)
    return Routing(tuple(decisions), unroutable, tuple(warnings))
