"""Meeting input validation and participant reference resolution (id, name, @role, dept, all)."""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import ValidationError

from langgraph_council.nodes._agents import Roster
from langgraph_council.nodes._input_errors import InvalidInputError, InvalidInputTypeError
from langgraph_council.nodes._meetings.models import MeetingAgenda

__all__ = [
    "MAX_PARTICIPANTS",
    "WARN_PARTICIPANTS",
    "ValidatedMeeting",
    "resolve_participants",
    "validate_meeting_input",
]

logger = logging.getLogger(__name__)

MAX_PARTICIPANTS = 8
MAX_TOKEN_BUDGET = 2**31 - 1
"""The largest `token_budget` a meeting accepts (the records keep it as a PostgreSQL integer)."""
WARN_PARTICIPANTS = 5


def _resolve_one(roster: Roster, ref: str) -> list[str]:
    org = roster.org
    active = [a for a in org if a.active]
    if ref in org:
        return [ref]
    by_name = [a.id for a in active if a.name.casefold() == ref.casefold()]
    if by_name:
        return by_name
    if ref.startswith("@"):
        return [a.id for a in org.with_role(ref[1:]) if a.active]
    if ref.casefold().startswith("department:"):
        return [a.id for a in org.department(ref.split(":", 1)[1].strip()) if a.active]
    if ref.casefold() == "all":
        return [a.id for a in active]
    return []


def _is_name(roster: Roster, ref: str) -> bool:
    wanted = ref.strip().casefold()
    return any(a.name.casefold() == wanted for a in roster.org if a.active)


def resolve_participants(
    roster: Roster, refs: Sequence[str], *, leader_id: str | None = None
) -> list[str]:
    """Resolve references in order: agent id, agent name, `@role`, `department:<name>`, `all`.

    Duplicates are removed keeping the first occurrence. Group references (`@role`,
    `department:`, `all`) leave out `leader_id`, who chairs rather than participates; naming the
    leader literally is still an error for the caller to report. A reference that matches
    nothing raises `ValueError` naming it.
    """
    resolved: list[str] = []
    for ref in refs:
        if not isinstance(ref, str) or not ref.strip():
            raise InvalidInputError(
                f"participant_ids: every reference must be a non-empty string: {ref!r}"
            )
        ids = _resolve_one(roster, ref.strip())
        if leader_id is not None and ref.strip() not in roster.org and not _is_name(roster, ref):
            ids = [i for i in ids if i != leader_id]
        if not ids:
            raise InvalidInputError(
                f"participant_ids: {ref!r} matches no agent id, name, @role, "
                "department:<name> or 'all'; check the org"
            )
        resolved.extend(i for i in ids if i not in resolved)
    return resolved


class ValidatedMeeting:
    """The meeting input after validation: resolved ids and the agenda as a model."""

    def __init__(
        self, agenda: MeetingAgenda, leader_id: str, participant_ids: list[str], budget: int
    ) -> None:
        self.agenda = agenda
        self.leader_id = leader_id
        self.participant_ids = participant_ids
        self.token_budget = budget


def _check_literal_duplicates(refs: Sequence[object]) -> None:
    seen: set[str] = set()
    for ref in refs:
        if not isinstance(ref, str) or not ref.strip():  # before hashing: a list is unhashable
            raise InvalidInputError(
                f"participant_ids: every reference must be a non-empty string: {ref!r}"
            )
        if ref in seen:
            raise InvalidInputError(
                f"participant_ids: {ref!r} is listed twice; list each agent once"
            )
        seen.add(ref)


def _agenda(value: Any) -> MeetingAgenda:
    if isinstance(value, MeetingAgenda):
        return value
    try:
        if isinstance(value, Mapping):
            return MeetingAgenda.model_validate(dict(value))
        if isinstance(value, str) and value.strip():
            return MeetingAgenda(title=value)
    except ValidationError as exc:  # pydantic names `title`; the caller passed `agenda`
        raise InvalidInputError(
            "; ".join(
                f"agenda.{'.'.join(map(str, e['loc']))}: {e['msg']}"
                for e in exc.errors(include_url=False)
            )
        ) from None
    raise InvalidInputTypeError(
        "agenda: pass a MeetingAgenda, a dict with a `title`, or a non-empty string"
    )


def _budget(state: Mapping[str, Any], default: int) -> int:
    budget = state.get("token_budget", default)
    if isinstance(budget, bool) or not isinstance(budget, int):
        raise InvalidInputTypeError(f"token_budget: must be an int > 0, got {budget!r}")
    if budget <= 0:
        raise InvalidInputError(f"token_budget: must be > 0, got {budget}")
    if budget > MAX_TOKEN_BUDGET:  # the meeting records store it as a PostgreSQL integer
        raise InvalidInputError(f"token_budget: must be at most {MAX_TOKEN_BUDGET}, got {budget}")
    return budget


def _refs(roster: Roster, state: Mapping[str, Any]) -> Sequence[object]:
    """The participant references; without any, every active agent that has a model."""
    if state.get("participant_ids") is None:
        return [a.id for a in roster.org if a.active and roster.has_model(a.id)]
    refs = state["participant_ids"]
    if isinstance(refs, str) or not isinstance(refs, Sequence):
        raise InvalidInputTypeError("participant_ids: pass a list of agent references")
    if not refs:
        raise InvalidInputError("participant_ids: at least one participant is required")
    _check_literal_duplicates(refs)
    return refs


def _leader_and_participants(roster: Roster, state: Mapping[str, Any]) -> tuple[str, list[str]]:
    """The leader (default: the first resolved participant) and the other participants."""
    refs = _refs(roster, state)
    leader = state.get("leader_id")
    if leader is None:
        resolved = resolve_participants(roster, refs)  # type: ignore[arg-type]
        if len(resolved) < 2:
            raise InvalidInputError(
                "leader_id: none given, and the participants resolve to fewer than two agents "
                "(the first would chair the meeting with nobody to hear); name a leader_id or "
                "more participants"
            )
        return resolved[0], resolved[1:]
    if not isinstance(leader, str) or leader not in roster.org:
        raise InvalidInputError(f"leader_id: {leader!r} is not an agent of the roster's org")
    if state.get("participant_ids") is None:
        refs = [ref for ref in refs if ref != leader]
    return leader, resolve_participants(roster, refs, leader_id=leader)  # type: ignore[arg-type]


def validate_meeting_input(
    roster: Roster,
    state: Mapping[str, Any],
    *,
    max_participants: int = MAX_PARTICIPANTS,
    default_budget: int = 20_000,
) -> ValidatedMeeting:
    """Check the meeting input before any agent is called; errors name the field and the fix.

    Only `agenda` is required: the participants default to every active agent with a model,
    the leader to the first participant, the budget to `default_budget`.
    """
    budget = _budget(state, default_budget)
    leader, ids = _leader_and_participants(roster, state)
    if leader in ids:
        raise InvalidInputError(
            f"leader_id: {leader!r} is also among participant_ids; the leader chairs the meeting, "
            "remove it from the participants"
        )
    if not ids:
        raise InvalidInputError(
            "participant_ids: at least one participant besides the leader is required"
        )
    if len(ids) > max_participants:
        raise InvalidInputError(
            f"participant_ids: {len(ids)} participants (more than {max_participants}) are "
            "refused: discussion cost grows quadratically; split the meeting or raise "
            "`max_participants` in the context"
        )
    if len(ids) > WARN_PARTICIPANTS:
        logger.warning("meeting with %d participants: token cost grows quadratically", len(ids))
    if not roster.has_model(leader):
        raise InvalidInputError(
            f"leader_id: {leader!r} has no chat model in the roster; add it to `models` or set "
            "`default_model`"
        )
    missing = [a for a in ids if not roster.has_model(a)]
    if missing:
        raise InvalidInputError(
            f"participant_ids: agents {missing} have no chat model in the roster; "
            "add them to `models` or set `default_model`"
        )
    return ValidatedMeeting(_agenda(state.get("agenda")), leader, ids, budget)
