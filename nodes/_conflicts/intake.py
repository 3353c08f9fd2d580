"""Intake and routing: validate the conflict against the org, pick and follow the strategy."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from langgraph.types import Overwrite

from langgraph_council.nodes._conflicts.config import ConflictResolutionConfig, current_config
from langgraph_council.nodes._conflicts.state import ConflictState
from langgraph_council.nodes._input_errors import InvalidInputError
from langgraph_council.nodes._org import Org
from langgraph_council.nodes._records.conflicts import Conflict, ConflictPosition
from langgraph_council.nodes._state_version import versioned

__all__ = [
    "coerce_conflict",
    "fill_from_org",
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


def _filled(org: Org, index: int, position: ConflictPosition) -> ConflictPosition:
    """`position` with its department and level from the org when left out, checked when given.

    Raises:
        InvalidInputError: Naming the position's field and the fix.
    """
    field = f"conflict.positions[{index}]"
    if position.agent_id not in org:
        missing = [f for f in ("agent_department", "agent_level") if getattr(position, f) is None]
        if missing:
            raise InvalidInputError(
                f"{field}.{missing[0]} is missing and agent {position.agent_id!r} is not in the "
                "org to take it from; add the agent to the org or give the field"
            )
        raise InvalidInputError(
            f"{field}.agent_id {position.agent_id!r} is not an agent of the org; "
            f"known: {sorted(a.id for a in org)}"
        )
    profile = org.get(position.agent_id)
    level, department = position.agent_level, position.agent_department
    if level is not None and level != profile.level:
        raise InvalidInputError(
            f"{field}.agent_level is {level.value!r} but the org says "
            f"{profile.level.value!r} for {profile.id!r}; fix the position or leave it out"
        )
    if department is not None and department.casefold() != profile.department.casefold():
        raise InvalidInputError(
            f"{field}.agent_department is {department!r} but the org says "
            f"{profile.department!r} for {profile.id!r}; fix the position or leave it out"
        )
    if level is not None and department is not None:
        return position
    return position.model_copy(
        update={"agent_level": profile.level, "agent_department": department or profile.department}
    )


def fill_from_org(org: Org, conflict: Conflict) -> Conflict:
    """`conflict` with every position's department and level taken from the org where left
    out; every party must be an agent of the org, with its current level and department.

    Raises:
        InvalidInputError: Naming the position's field and the fix.
    """
    positions = tuple(_filled(org, i, p) for i, p in enumerate(conflict.positions))
    if all(a is b for a, b in zip(positions, conflict.positions, strict=True)):
        return conflict
    return conflict.model_copy(update={"positions": positions})


def validate_against_org(org: Org, conflict: Conflict) -> None:
    """Every party must be an agent of the org, with its current level and department (a
    left-out level or department is taken from the org, see `fill_from_org`).

    Raises:
        InvalidInputError: Naming the position and the fix.
    """
    fill_from_org(org, conflict)


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
        conflict = fill_from_org(org, coerce_conflict(state.get("conflict")))
        config = current_config(default)
        strategy = config.strategy_for(conflict)
        if strategy not in strategies:
            raise ValueError(
                f"{_chosen_by(config, conflict)}: strategy {strategy!r} (for conflict "
                f"{conflict.id!r}) is not registered; "
                f"use one of {sorted(strategies)} or register_conflict_strategy({strategy!r}, ...)"
            )
        # A thread can resolve several conflicts in turn: clear what an earlier run left. A
        # conflict framed from messages in this run keeps its conversation and answers' cost.
        asked = state.get("asked_conflict_id") == conflict.id
        return {
            "conflict": conflict,
            **versioned(),
            "strategy": strategy,
            "fallback_reason": None,
            "analysis": None,
            "escalation_id": None,
            "escalation_decision": None,
            "escalation_error": None,
            "tokens_used": Overwrite(state.get("asked_tokens", 0) if asked else 0),
            **({} if asked else {"messages": Overwrite([])}),
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
