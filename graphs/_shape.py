"""The one factory shape: what every `build_*` / `create_*` does with its shared arguments.

    create_x_graph(roster, *, config=None, stores=None, checkpointer=None, store=None,
                   name="x", **options)

- `roster`: a `Roster` (it carries its `Org`), or a mapping of agent names to chat models or
  agents, taken as `Roster(mapping)`. The older spelling `(org, roster)` still works,
  and families that can run without models (conflicts, a pipeline with a `ManualDecomposer`)
  also take an `Org` alone. `team()` checks the two agree.
- `config`: the family's tunables as an instance or a plain dict (`coerce_config()`; an invalid
  dict raises `ValueError` naming `config.<field>`). A run's `context` is merged over it.
- `stores`: a `CouncilStores` bundle; the older keywords (`escalations=`, `dissent_store=`,
  `records=`, `guard_store=`, `loop_records=`) are aliases that fill it (`bundle()`).
- `checkpointer`, `store`, `name`: as LangGraph's `compile`, with one durability and serde
  policy (`graphs._compile`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from langgraph_council.checkpoints import CouncilStores
from langgraph_council.checkpoints._stores import STORE_ALIASES
from langgraph_council.nodes._calls.roster import Roster
from langgraph_council.nodes._context import instance_or_mapping, validation_problems
from langgraph_council.nodes._escalation.store import check_escalation_store
from langgraph_council.nodes._org import Org

__all__ = ["bundle", "check_options", "coerce_config", "roster_team", "team"]

C = TypeVar("C", bound=BaseModel)


def team(org: object, roster: object) -> tuple[Org, Roster | None]:
    """The org and roster of a factory call: `(roster)`, `(org)`, `(org, roster)` or
    `({"name": model, ...})` (a `Roster` of one team built from the names).

    Raises:
        TypeError: An argument is neither an `Org` nor a `Roster` (or `roster` not a `Roster`),
            or a mapping of agents comes with a roster.
        ValueError: The roster is for another org.
    """
    if roster is not None and not isinstance(roster, Roster):
        raise TypeError(f"roster must be a Roster or None, got {type(roster).__name__}")
    if isinstance(org, Mapping):  # {"alice": model, ...}: a roster without an org file
        if roster is not None:
            raise TypeError(
                "org must be an Org or a Roster, got dict; a mapping of agent names to models "
                "is the roster itself: create_x_graph({'name': model, ...}) with no roster"
            )
        org = Roster(org)
    members: Roster | None = roster
    if isinstance(org, Roster):
        if members is not None and members is not org:
            raise ValueError("pass the roster once: create_x_graph(roster) or (org, roster)")
        members = org
        org = org.org
    if org is None and members is not None:
        org = members.org
    if not isinstance(org, Org):
        raise TypeError(f"org must be an Org or a Roster, got {type(org).__name__}")
    if (
        members is not None
        and members.org is not org
        and {a.id for a in members.org} != {a.id for a in org}
    ):
        raise ValueError("roster was built for a different org; pass Roster(org, ...) for this org")
    return org, members


def roster_team(org: object, roster: object, *, why: str) -> tuple[Org, Roster]:
    """`team()` for a family that calls models: the roster is required.

    Raises:
        TypeError, ValueError: As `team()`; `ValueError` naming `why` without a roster.
    """
    found, members = team(org, roster)
    if members is None:
        raise ValueError(f"{why} needs a Roster(org, models) as the first argument")
    return found, members


def coerce_config(value: object, schema: type[C], default: C | None = None) -> C:
    """`config=` as a `schema` instance: the instance, a dict of its fields, or None.

    Raises:
        ValueError: The dict is invalid (the message names each `config.<field>`).
        TypeError: `value` is neither a `schema` nor a mapping.
    """
    if value is None:
        return default if default is not None else schema()
    chosen = instance_or_mapping(value, schema, "config")
    if isinstance(chosen, schema):
        return chosen
    try:
        return schema.model_validate(dict(chosen))
    except ValidationError as exc:
        raise ValueError(f"invalid config: {validation_problems(exc, 'config')}") from None


def bundle(stores: object, **aliases: Any) -> CouncilStores:
    """`stores=` with the older store keywords filled in (each one names a bundle field).

    Raises:
        TypeError: `stores` is not a `CouncilStores`, or an escalation store has the wrong type.
        ValueError: A store is given twice, in the bundle and as its keyword.
    """
    if stores is None:
        stores = CouncilStores()
    if not isinstance(stores, CouncilStores):
        raise TypeError(
            "stores must be a CouncilStores, e.g. CouncilStores.in_memory() or "
            f"CouncilStores.from_conn_string(uri); got {type(stores).__name__}"
        )
    changes: dict[str, Any] = {}
    for keyword, value in aliases.items():
        if value is None:
            continue
        field = STORE_ALIASES[keyword]
        if getattr(stores, field) not in (None, value):
            raise ValueError(
                f"{keyword}= and stores.{field} are both set; pass the store once "
                f"(stores=CouncilStores(..., {field}=...))"
            )
        changes[field] = value
    merged = stores.replace(**changes) if changes else stores
    check_escalation_store(merged.escalations)
    return merged


def check_options(options: Mapping[str, object], schema: Any, factory: str) -> None:
    """Refuse keywords that `schema` (a family's options `TypedDict`) does not declare, as
    Python refuses them for a declared signature, and required ones that are missing.

    Raises:
        TypeError: Naming the keyword and `factory`.
    """
    declared = schema.__required_keys__ | schema.__optional_keys__
    unknown = sorted(set(options) - declared)
    if unknown:
        raise TypeError(
            f"{factory}() got an unexpected keyword argument {unknown[0]!r}; "
            f"it takes {sorted(declared)} besides the shared ones"
        )
    missing = sorted(schema.__required_keys__ - set(options))
    if missing:
        raise TypeError(f"{factory}() missing required keyword argument: {missing[0]!r}")
