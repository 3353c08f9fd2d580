"""Intake and routing: validate the conflict against the org, pick and follow the strategy."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from langgraph.types import Overwrite

from langgraph_council.nodes._conflicts.config import ConflictResolutionConfig, current_config
from langgraph_council.nodes._conflicts.state import ConflictState
from langgraph_council.nodes._org import Org
from langgraph_council.nodes._records.conflicts import Conflict

__all__ = [
    "coerce_conflict",
    "make_choose_strategy_node",
    "route_after_strategy",
    "route_to_strategy",
    "validate_against_org",
]


def coerce_conflict(value: object) -> Conflict:
    """The input's `conflict` as a model (a mapping is validated into one).

    Raises:
        ValueError: The conflict is missing or invalid (pydantic names the field).
        TypeError: It is neither a `Conflict` nor a mapping.
    """
    if value is None:
        raise ValueError("input needs {'conflict': Conflict(...)}; no conflict was given")
    if isinstance(value, Conflict):
        return value
    if isinstance(value, Mapping):
        return Conflict.model_validate(dict(value))
    raise TypeError(f"input 'conflict' must be a Conflict or a dict, got {type(value).__name__}")


def validate_against_org(org: Org, conflict: Conflict) -> None:
    """Every party must be an agent of the org, with its current level and department.

    Raises:
        ValueError: Naming the position and the fix.
    """
    for index, position in enumerate(conflict.positions):
        if position.agent_id not in org:
            raise ValueError(
                f"conflict.positions[{index}].agent_id {position.agent_id!r} is not an agent of "
                f"the org; known: {sorted(a.id for a in org)}"
            )
        profile = org.get(position.agent_id)
        if position.agent_level != profile.level:
            raise ValueError(
                f"conflict.positions[{index}].agent_level is {position.agent_level.value!r} but "
                f"the org says {profile.level.value!r} for {profile.id!r}; fix the position"
            )
        if position.agent_department.casefold() != profile.department.casefold():
            raise ValueError(
                f"conflict.positions[{index}].agent_department is {position.agent_department!r} "
                f"but the org says {profile.department!r} for {profile.id!r}; fix the position"
            )


def _chosen_by(config: ConflictResolutionConfig, conflict: Conflict) -> str:
    """The config field that chose the strategy for `conflict` (see `strategy_for`)."""
    if conflict.type in config.by_conflict_type:
        return f"by_conflict_type[{conflict.type.value!r}]"
    departments = {p.agent_department for p in conflict.positions}
    if len(departments) == 1 and next(iter(departments)) in config.by_department:
        return f"by_department[{next(iter(departments))!r}]"
    return "strategy"


def make_choose_strategy_node(
    org: Org, default: ConflictResolutionConfig, strategies: Collection[str]
) -> Any:
    """Node `choose_strategy`: validate the input before any model call, then pick a strategy."""

    def choose_strategy(state: ConflictState) -> dict[str, Any]:
        conflict = coerce_conflict(state.get("conflict"))
        validate_against_org(org, conflict)
        config = current_config(default)
        strategy = config.strategy_for(conflict)
        if strategy not in strategies:
            raise ValueError(
                f"{_chosen_by(config, conflict)}: strategy {strategy!r} (for conflict "
                f"{conflict.id!r}) is not registered; "
                f"use one of {sorted(strategies)} or register_conflict_strategy({strategy!r}, ...)"
            )
        # A thread can resolve several conflicts in turn: clear what an earlier run left.
        return {
            "conflict": conflict,
            "strategy": strategy,
            "fallback_reason": None,
            "analysis": None,
            "escalation_id": None,
            "escalation_decision": None,
            "escalation_error": None,
            "tokens_used": Overwrite(0),
            "messages": Overwrite([]),
        }

    return choose_strategy


def route_to_strategy(state: ConflictState) -> str:
    """The node of the chosen strategy (named after it)."""
    return state.get("strategy", "authority")


def route_after_strategy(state: ConflictState) -> str:
    """`record_dissent` once resolved, else `open_escalation` or the `authority` fallback."""
    route = state.get("route")
    if route == "resolved" and state.get("resolution") is not None:
        return "record_dissent"
    if route == "human":
        return "open_escalation"
    if route == "authority":
        return "authority"
    raise ValueError(
        f"strategy {state.get('strategy')!r} ended without a route; a strategy must write "
        "route='resolved' with a resolution, 'human' or 'authority'"
    )
