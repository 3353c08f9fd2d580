"""The chain-of-command check before the loop checks: may this agent hand work to that one?

Its refusals carry the mechanism name `authority` (stored in loop records); the module is named
for what it checks, apart from the conflict strategy `authority` (seniority decides) and the
meeting guard `authority_deference` (appeals to rank).
"""

from __future__ import annotations

from collections.abc import Sequence

from langgraph_council.guards._loop import format_chain
from langgraph_council.guards._types import GuardOutcome
from langgraph_council.nodes._org import Org

__all__ = ["check_authority", "check_chain_of_command"]


def _refuse(reason: str, path: tuple[str, ...]) -> GuardOutcome:
    return GuardOutcome(
        passed=False,
        mechanism="authority",
        message=f"authority: {reason}; chain {format_chain(path)}",
        chain=path,
    )


def check_chain_of_command(
    org: Org,
    *,
    delegator: str,
    delegatee: str,
    chain: Sequence[str] = (),
    enforce_chain_of_command: bool = True,
    allow_skip_level: bool = False,
) -> GuardOutcome | None:
    """Return a refusal (`blocked_by == "authority"`) or None when the hand-off is allowed.

    Always checked: both agents exist and are active, the delegator may delegate
    (`can_delegate`) and the delegatee accepts work (`accepts_subtasks`). With
    `enforce_chain_of_command`, the delegatee must report to the delegator (directly, or at
    any depth with `allow_skip_level`) and its role must be in `can_delegate_to` (empty = any).

    Example:
        >>> check_chain_of_command(org, delegator="senior_dev", delegatee="cto")  # doctest: +SKIP
        GuardOutcome(passed=False, mechanism='authority', ...)
    """
    path = (*chain, delegator, delegatee)
    for role, agent_id in (("delegator", delegator), ("delegatee", delegatee)):
        if agent_id not in org:
            return _refuse(
                f"unknown {role} {agent_id!r}; known agents: {sorted(a.id for a in org)}", path
            )
        if not org[agent_id].active:
            return _refuse(f"{role} {agent_id} is inactive", path)
    sender, receiver = org[delegator], org[delegatee]
    if not sender.can_delegate:
        return _refuse(f"{delegator} is not allowed to delegate (can_delegate is false)", path)
    if not receiver.accepts_subtasks:
        return _refuse(f"{delegatee} does not accept subtasks (accepts_subtasks is false)", path)
    if not enforce_chain_of_command:
        return None
    if not org.is_subordinate(delegatee, delegator, skip_level=allow_skip_level):
        scope = "below" if allow_skip_level else "a direct report of"
        return _refuse(f"{delegatee} is not {scope} {delegator} in the org chart", path)
    if not sender.may_delegate_to_role(receiver.role):
        return _refuse(
            f"{delegator} may delegate only to roles {list(sender.can_delegate_to)}, "
            f"not to {delegatee}'s role {receiver.role!r}",
            path,
        )
    return None


check_authority = check_chain_of_command
"""The same check under its earlier name (the mechanism it reports is still `authority`)."""
