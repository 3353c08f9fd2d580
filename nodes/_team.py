"""`team_org`: the org of a roster given as a mapping of names, one team with defaults."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from langgraph_council.nodes._org import AgentProfile, Org, OrgError, SeniorityLevel

__all__ = ["team_org"]


def _default_row(agent_id: object, lead: str, index: int) -> dict[str, Any]:
    if not isinstance(agent_id, str):
        raise OrgError(f"agents: every agent name must be a string, got {agent_id!r}")
    if index == 0:
        return {
            "id": agent_id,
            "name": agent_id,
            "role": "lead",
            "department": "team",
            "level": SeniorityLevel.LEAD,
        }
    return {
        "id": agent_id,
        "name": agent_id,
        "role": "member",
        "department": "team",
        "level": SeniorityLevel.MID,
        "manager_id": lead,
    }


def team_org(
    agent_ids: Sequence[str], profiles: Mapping[str, AgentProfile | Mapping[str, Any]] | None
) -> Org:
    """The org of a roster given as a mapping of names: one team, the first name its lead.

    The lead chairs meetings by default and the others report to it, so authority has a tree
    to go down. `profiles` overrides any field of an agent's default profile (a partial dict
    or a whole `AgentProfile`).

    Raises:
        OrgError: A profile names no agent of the mapping, or a field is invalid.
    """
    if not agent_ids:
        raise OrgError("a roster needs at least one agent: {'name': chat_model, ...}")
    given = dict(profiles or {})
    unknown = sorted(set(given) - set(agent_ids))
    if unknown:
        raise OrgError(
            f"profiles given for {unknown}, which are not agents of the roster "
            f"({sorted(agent_ids)}); key profiles by the agents' names",
            agent_id=unknown[0],
        )
    rows: list[AgentProfile | Mapping[str, Any]] = []
    for index, agent_id in enumerate(agent_ids):
        row = _default_row(agent_id, agent_ids[0], index)
        extra = given.get(agent_id)
        if isinstance(extra, AgentProfile):
            if extra.id != agent_id:
                raise OrgError(
                    f"profiles[{agent_id!r}] has id {extra.id!r}; a profile's id must be the "
                    "agent's name in the roster",
                    agent_id=agent_id,
                )
            rows.append(extra)
            continue
        if extra is not None and not isinstance(extra, Mapping):
            raise OrgError(
                f"profiles[{agent_id!r}] must be an AgentProfile or a dict of its fields "
                f"(role, level, ...), got {type(extra).__name__}",
                agent_id=agent_id,
            )
        rows.append({**row, **dict(extra or {})})
    return Org(rows)
