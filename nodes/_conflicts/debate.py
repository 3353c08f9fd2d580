"""Debate: parties argue in parallel, rebut once, and a judge who is never a party decides."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from langchain_core.runnables import Runnable, RunnableLambda
from langgraph.types import Send
from typing_extensions import TypedDict

from langgraph_council.nodes._calls.node import Call, CallOutcome, Update, model_node
from langgraph_council.nodes._calls.roster import Roster
from langgraph_council.nodes._conflicts.config import (
    ConflictResolutionConfig,
    agent_limit,
    current_config,
)
from langgraph_council.nodes._conflicts.failures import (
    StatementKind,
    failed_ids,
    failed_statement,
    require_quorum,
    with_failures,
)
from langgraph_council.nodes._conflicts.outcomes import (
    noted,
    resolved_by_verdict,
    to_authority,
    to_human,
)
from langgraph_council.nodes._conflicts.prompts import (
    ARGUMENT_PROMPT,
    JUDGE_PROMPT,
    REBUTTAL_PROMPT,
    render_conflict,
    render_position,
    render_statements,
)
from langgraph_council.nodes._conflicts.state import StrategyState, stated
from langgraph_council.nodes._conflicts.traced import conflict_trace
from langgraph_council.nodes._conflicts.verdicts import judged, verdict_problem
from langgraph_council.nodes._errors import describe_error
from langgraph_council.nodes._org import Org
from langgraph_council.nodes._records.conflicts import Conflict, ConflictOutcome, Statement, Verdict

__all__ = [
    "PartyTurn",
    "converged",
    "evaluation_notes",
    "evaluator_failed",
    "make_argue_node",
    "make_choose_judge_node",
    "make_judge_node",
    "make_rebut_node",
    "route_after_arguments",
    "route_to_arguments",
    "select_judge",
    "shared_manager",
    "verdict_call",
    "verdict_problem",
]

_CONCEDE = "CONCEDE"


class PartyTurn(TypedDict):
    """The input a `Send` gives one party's argument or rebuttal task."""

    conflict: Conflict
    agent_id: str
    statements: list[Statement]
    max_tokens: int


def shared_manager(org: Org, conflict: Conflict) -> str | None:
    """The parties' lowest common manager, moved up past any party; None if there is none."""
    manager = org.lowest_common_manager(*conflict.agent_ids)
    while manager is not None and manager.id in conflict.agent_ids:
        manager = org.manager_of(manager.id)
    return None if manager is None else manager.id


def select_judge(org: Org, conflict: Conflict, judge: str) -> tuple[str | None, str]:
    """Pick the judge for `judge` (`shared_manager`, `ceo` or an agent id) and say why.

    Returns `(None, reason)` when nobody outside the parties can judge (escalate).
    Raises:
        ValueError: If `judge` names an unknown agent or a party.
    """
    if judge == "shared_manager":
        found = shared_manager(org, conflict)
        return found, "no manager above all parties" if found is None else f"shared manager {found}"
    if judge == "ceo":
        roots = {org.root_of(a).id for a in conflict.agent_ids}
        if len(roots) != 1:
            return None, f"the parties sit under different roots ({', '.join(sorted(roots))})"
        (root,) = roots
        if root in conflict.agent_ids:
            return None, f"the root {root} is itself a party"
        return root, f"root {root}"
    if judge not in org:
        raise ValueError(f"debate.judge {judge!r} is not an agent of the org; use an agent id")
    if judge in conflict.agent_ids:
        raise ValueError(
            f"debate.judge {judge!r} is a party to conflict {conflict.id!r}; a judge must be "
            "neutral: pick another agent, 'shared_manager' or 'ceo'"
        )
    return judge, f"designated judge {judge}"


def evaluator_failed(exc: Exception) -> str:
    """Why a judge, reviewer or arbitrator gave no verdict: its call failed."""
    return f"the evaluator failed ({describe_error(exc)})"


def make_choose_judge_node(
    org: Org, roster: Roster | None, default: ConflictResolutionConfig
) -> RunnableLambda[StrategyState, dict[str, Any]]:
    """Node `choose_judge`: the neutral judge, or a hand-over when no one can debate or judge."""

    def choose(state: StrategyState) -> dict[str, Any]:
        conflict = state["conflict"]
        judge, why = select_judge(org, conflict, current_config(default).debate.judge)
        if judge is None:
            return to_human(f"no neutral judge for the debate: {why}")
        callable_ids = [judge, *conflict.agent_ids]
        silent = [a for a in callable_ids if roster is None or not roster.has_model(a)]
        if silent:
            return to_authority(f"no model for {', '.join(silent)}, so no debate")
        return {"judge_id": judge}

    return RunnableLambda(choose, name="choose_judge")


def route_to_arguments(state: StrategyState, max_tokens: int) -> list[Send] | str:
    """One `argue` task per party, or the end when the strategy already handed over."""
    if "route" in state:
        return "__end__"
    conflict = state["conflict"]
    return [
        Send(
            "argue", PartyTurn(conflict=conflict, agent_id=a, statements=[], max_tokens=max_tokens)
        )
        for a in conflict.agent_ids
    ]


def converged(statements: list[Statement], conflict: Conflict) -> bool:
    """True when every party but at most one conceded: a rebuttal round would add nothing."""
    latest = {s.agent_id: s for s in statements}
    conceded = [a for a in conflict.agent_ids if a in latest and latest[a].agrees_with]
    return len(conceded) >= len(conflict.agent_ids) - 1


def route_after_arguments(state: StrategyState, *, rebut: bool, max_tokens: int) -> Any:
    """Rebuttal tasks (each party sees the others' arguments), or straight to `judge`.

    A party whose argument failed is not asked to rebut; when every argument failed the run
    fails with `PartiesFailedError` naming the parties.
    """
    conflict, statements = state["conflict"], state.get("statements", [])
    require_quorum(conflict, statements, "argument", 0)
    failed = failed_ids(statements)
    if not rebut or converged(statements, conflict) or len(failed) >= len(conflict.agent_ids) - 1:
        return "judge"
    return [
        Send(
            "rebut",
            PartyTurn(
                conflict=conflict,
                agent_id=a,
                statements=[s for s in statements if s.agent_id != a],
                max_tokens=max_tokens,
            ),
        )
        for a in conflict.agent_ids
        if a not in failed
    ]


def _statement(turn: PartyTurn, kind: Any, rnd: int, outcome: CallOutcome) -> Update:
    content = outcome.reply.content.strip()
    agrees = "conceded" if content.upper().startswith(_CONCEDE) else None
    statement = Statement(
        agent_id=turn["agent_id"],
        kind=kind,
        round=rnd,
        content=content,
        agrees_with=agrees,
        tokens=outcome.tokens,
        over_cap=outcome.reply.over_cap,
    )
    return {**stated(turn["conflict"], statement), "tokens_used": outcome.tokens}


_DEFAULT = ConflictResolutionConfig()


def _party_node(
    node: str,
    roster: Roster | None,
    kind: StatementKind,
    rnd: int,
    prompt: Callable[[PartyTurn], str],
    default: ConflictResolutionConfig,
) -> Runnable[PartyTurn, Update]:
    """Node `node`: one party speaks once (a `kind` statement of round `rnd`); a failed call
    becomes a failed statement."""

    def plan(turn: PartyTurn) -> Call:
        agent = turn["agent_id"]
        return Call(
            agent,
            prompt(turn),
            max_tokens=turn["max_tokens"],
            on_error=lambda exc: failed_statement(agent, kind, rnd, exc),
        )

    def apply(turn: PartyTurn, outcome: CallOutcome) -> Update:
        return _statement(turn, kind, rnd, outcome)

    return model_node(
        node, roster, plan, apply, time_limit=agent_limit(default), trace=conflict_trace
    )


def make_argue_node(
    roster: Roster | None, default: ConflictResolutionConfig = _DEFAULT
) -> Runnable[PartyTurn, Update]:
    """Node `argue`: one party argues its position once (`default`: the build-time config)."""

    def prompt(turn: PartyTurn) -> str:
        conflict = turn["conflict"]
        own = render_position(conflict.position_of(turn["agent_id"]))
        return ARGUMENT_PROMPT.format(conflict=render_conflict(conflict), own=own)

    return _party_node("argue", roster, "argument", 0, prompt, default)


def make_rebut_node(
    roster: Roster | None, default: ConflictResolutionConfig = _DEFAULT
) -> Runnable[PartyTurn, Update]:
    """Node `rebut`: one party answers the others' arguments once (`default`: the build-time
    config)."""

    def prompt(turn: PartyTurn) -> str:
        others = render_statements(turn["statements"])
        return REBUTTAL_PROMPT.format(conflict=render_conflict(turn["conflict"]), others=others)

    return _party_node("rebut", roster, "rebuttal", 1, prompt, default)


def verdict_call(
    state: StrategyState, template: str, on_error: Callable[[Exception], Update], max_tokens: int
) -> Call:
    """Ask the state's judge for a structured `Verdict` over the parties' statements; a failed
    call becomes `on_error`'s update (judge and reviewer fall back instead of failing)."""
    conflict = state["conflict"]
    prompt = template.format(
        party_ids=", ".join(conflict.agent_ids),
        conflict=render_conflict(conflict),
        statements=render_statements(state.get("statements", [])),
    )
    judge = str(state.get("judge_id"))
    return Call(judge, prompt, max_tokens=max_tokens, schema=Verdict, on_error=on_error)


def evaluation_notes(state: StrategyState, outcome: CallOutcome | None = None) -> list[str]:
    """What to review about an evaluator's verdict (read from its text, cut at its cap) and
    the statements it weighed (cut at their cap, failed), whether the verdict resolves or
    falls back."""
    notes = outcome.warnings("the verdict") if outcome is not None else []
    statements = state.get("statements", [])
    cut = [
        f"the {s.kind} by {s.agent_id} ran past its output cap" for s in statements if s.over_cap
    ]
    failed = [f"the {s.kind} by {s.agent_id} failed: {s.error}" for s in statements if s.error]
    return [*notes, *cut, *failed]


def _judged(
    state: StrategyState,
    verdict: object,
    problem: str | None,
    tokens: int,
    notes: Sequence[str] = (),
) -> Update:
    conflict, judge = state["conflict"], str(state.get("judge_id"))
    if problem is not None or not isinstance(verdict, Verdict):
        handed = {**to_authority(f"debate judged by {judge}: {problem}"), "tokens_used": tokens}
        return noted(handed, notes)
    verdict = with_failures(verdict, state.get("statements", []))
    update = resolved_by_verdict(
        conflict, ConflictOutcome.RESOLVED_BY_DEBATE, verdict, judge, tokens
    )
    return noted(update, notes)


def make_judge_node(
    roster: Roster | None, default: ConflictResolutionConfig = _DEFAULT
) -> Runnable[StrategyState, Update]:
    """Node `judge`: a structured verdict; an unusable one (or a late judge, past
    `agent_timeout_seconds`) falls back to authority."""

    def plan(state: StrategyState) -> Call:
        def failed(exc: Exception) -> Update:
            return _judged(state, None, evaluator_failed(exc), 0, evaluation_notes(state))

        cap = current_config(default).max_verdict_tokens
        return verdict_call(state, JUDGE_PROMPT, failed, cap)

    def apply(state: StrategyState, outcome: CallOutcome) -> Update:
        org = roster.org if roster is not None else None
        verdict, problem, read = judged(outcome, state["conflict"], org)
        notes = [*evaluation_notes(state, outcome), *read]
        return _judged(state, verdict, problem, outcome.tokens, notes)

    return model_node(
        "judge", roster, plan, apply, time_limit=agent_limit(default), trace=conflict_trace
    )
