"""Failed parties: a party whose call fails is recorded as a failed statement, not fatal.

Debate arguments and rebuttals and ladder negotiation turns are parallel party calls; one
model error (an HTTP 500 after the client's retries) used to raise out of the graph without
naming the agent. Now the failure becomes a `Statement` with `error` set, which the judge or
arbitrator sees in the transcript; the run fails with `PartiesFailedError` naming the agents
only when no party of a round got through (no quorum left).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Literal

from langgraph_council.nodes._calls import Update
from langgraph_council.nodes._conflicts.models import Conflict, Statement, Verdict
from langgraph_council.nodes._errors import CouncilError, describe_error

__all__ = [
    "PartiesFailedError",
    "failed_ids",
    "failed_statement",
    "require_quorum",
    "with_failures",
]

StatementKind = Literal["argument", "rebuttal", "negotiation"]


class PartiesFailedError(CouncilError, RuntimeError):
    """No party of a round answered: every call failed. `agent_ids` names them."""

    def __init__(self, conflict_id: str, kind: str, failures: Sequence[Statement]) -> None:
        self.agent_ids = tuple(s.agent_id for s in failures)
        detail = "; ".join(f"{s.agent_id}: {s.error}" for s in failures)
        super().__init__(
            f"conflict {conflict_id!r}: no party could give its {kind}, every call failed "
            f"({detail}); check those agents' models and run again"
        )


def failed_statement(agent_id: str, kind: StatementKind, rnd: int, exc: Exception) -> Update:
    """The update of a party call that failed: a statement the evaluator sees as failed."""
    error = f"{describe_error(exc)}"
    statement = Statement(
        agent_id=agent_id,
        kind=kind,
        round=rnd,
        content=f"(no {kind}: the call to {agent_id} failed: {error})",
        error=error,
    )
    return {"statements": [statement]}


def failed_ids(statements: Iterable[Statement]) -> set[str]:
    """The parties with a failed statement so far."""
    return {s.agent_id for s in statements if s.error is not None}


def require_quorum(
    conflict: Conflict, statements: Sequence[Statement], kind: StatementKind, rnd: int
) -> None:
    """Raise `PartiesFailedError` when the round has statements and every one of them failed."""
    of_round = [s for s in statements if s.kind == kind and s.round == rnd]
    if of_round and all(s.error is not None for s in of_round):
        raise PartiesFailedError(conflict.id, kind, of_round)


def with_failures(verdict: Verdict, statements: Iterable[Statement]) -> Verdict:
    """The verdict with the failed parties named after its reasoning (the resolution keeps it)."""
    failed = [s for s in statements if s.error is not None]
    if not failed:
        return verdict
    named = "; ".join(f"{s.agent_id} ({s.kind}: {s.error})" for s in failed)
    return verdict.model_copy(
        update={"reasoning": f"{verdict.reasoning} [Failed parties: {named}]"}
    )
