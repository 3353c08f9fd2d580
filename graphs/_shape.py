"""The one factory shape: the leading arguments, `config=`, `stores=` and the older spellings.

    create_meeting_graph(roster, *, protocol=..., config=None, stores=None, ...,
                         checkpointer=None, store=None, name="meeting")
    create_x_graph(org, roster=None, *, config=None, stores=None, ..., checkpointer=None,
                   store=None, name="x")          # conflicts, conflict batch, pipeline, delegation

- Leading arguments: a meeting takes its `Roster`; the other families take the `Org` and,
  where models are called, the `Roster` (DESIGN sections 3-6). `team()` checks they agree.
- `config`: the family's tunables as an instance or a plain dict (`coerce_config()`; an invalid
  dict raises `ValueError` naming `config.<field>`). A run's `context` is merged over it.
- `stores`: a `CouncilStores` bundle, the one taught way to pass the durable stores
  (`bundle()`); the delegation graph's `guard_store=` (DESIGN section 6) fills it too.
- `checkpointer`, `store`, `name`: as LangGraph's `compile`, with one durability and serde
  policy (`graphs._compile`).

The older spellings still run but warn once per call with a `DeprecationWarning` naming the
new one (`deprecated()`): a mapping of agents or a `Roster` where the `Org` goes
(`leading_org()`, `leading_roster()`), and the store keywords `escalations=`,
`dissent_store=`, `records=`, `loop_records=` (and `guard_store=` outside delegation) that
fill the bundle (`store_aliases()`). They go in 0.3.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Mapping
from typing import Any, TypedDict, TypeVar

from pydantic import BaseModel, ValidationError

from langgraph_council.checkpoints import CouncilStores
from langgraph_council.checkpoints._stores import STORE_ALIASES
from langgraph_council.guards._store import GuardStateStore, LoopRecordStore
from langgraph_council.nodes._calls.roster import Roster
from langgraph_council.nodes._conflicts.dissent import DissentStore
from langgraph_council.nodes._context import instance_or_mapping, validation_problems
from langgraph_council.nodes._escalation.store import Escalations, check_escalation_store
from langgraph_council.nodes._meetings.records import MeetingRecorder
from langgraph_council.nodes._org import Org

__all__ = [
    "REMOVED_IN",
    "DissentAlias",
    "EscalationsAlias",
    "GuardStoreAlias",
    "LoopRecordsAlias",
    "RecordsAlias",
    "bundle",
    "coerce_config",
    "deprecated",
    "leading_org",
    "leading_roster",
    "store_aliases",
    "team",
]

C = TypeVar("C", bound=BaseModel)

REMOVED_IN = "0.3"
"""The release that drops the deprecated spellings."""

_CALLER = 3
"""`stacklevel` (see `deprecated`) of a public factory's caller, seen from a helper here:
the helper (1) <- the factory (2) <- the caller (3)."""


def deprecated(old: str, new: str, *, stacklevel: int = 2) -> None:
    """Warn once for this call that spelling `old` is deprecated in favour of `new`.

    `stacklevel` counts from this function's caller (1), as `warnings.warn` counts from
    itself: the default points at the caller's caller (a factory's user).
    """
    warnings.warn(
        f"{old} is deprecated and goes in {REMOVED_IN}; use {new}",
        DeprecationWarning,
        stacklevel=stacklevel + 1,
    )


def leading_roster(factory: str, roster: object) -> Roster:
    """The `roster` of a meeting factory: a `Roster`; a mapping of agent names to models is
    the older spelling of `Roster(mapping)` (it warns).

    Raises:
        TypeError: `roster` is neither.
    """
    if isinstance(roster, Roster):
        return roster
    if isinstance(roster, Mapping):
        deprecated(
            f"{factory}({{'name': model, ...}})",
            f"{factory}(Roster({{'name': model, ...}}))",
            stacklevel=_CALLER,
        )
        return Roster(roster)
    raise TypeError(
        f"roster must be a Roster, e.g. Roster(org, models) or Roster({{'name': model, ...}}); "
        f"{factory}() got {type(roster).__name__}"
    )


def leading_org(factory: str, org: object, roster: object) -> tuple[Org, Roster | None]:
    """The `(org, roster)` of a factory whose first argument is the `Org`.

    A `Roster` (or a mapping of agent names to models) in the org's place, with no second
    argument, is the older one-argument spelling: it warns and stands for
    `(roster.org, roster)`.

    Raises:
        TypeError, ValueError: As `team()`.
    """
    if roster is None and isinstance(org, Roster | Mapping):
        deprecated(
            f"{factory}(roster)",
            f"{factory}(roster.org, roster) (the Org first, then its Roster)",
            stacklevel=_CALLER,
        )
        members = org if isinstance(org, Roster) else Roster(org)
        return members.org, members
    return team(org, roster)


def team(org: object, roster: object) -> tuple[Org, Roster | None]:
    """Check an `(org, roster)` pair: an `Org` and a `Roster` built for it (or None).

    Raises:
        TypeError: `org` is not an `Org` or `roster` not a `Roster`.
        ValueError: The roster is for another org.
    """
    if roster is not None and not isinstance(roster, Roster):
        raise TypeError(f"roster must be a Roster or None, got {type(roster).__name__}")
    if not isinstance(org, Org):
        raise TypeError(f"org must be an Org (e.g. Org.load(path)), got {type(org).__name__}")
    if (
        roster is not None
        and roster.org is not org
        and {a.id for a in roster.org} != {a.id for a in org}
    ):
        raise ValueError("roster was built for a different org; pass Roster(org, ...) for this org")
    return org, roster


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


class EscalationsAlias(TypedDict, total=False):
    """The deprecated `escalations=` keyword. Each alias keyword is declared once here and
    a family's aliases `TypedDict` inherits the ones it takes, so its type and deprecation
    note cannot drift between families."""

    escalations: Escalations | None
    """Deprecated: `stores=CouncilStores(escalations=...)`."""


class DissentAlias(TypedDict, total=False):
    """The deprecated `dissent_store=` keyword (conflicts and meetings)."""

    dissent_store: DissentStore | None
    """Deprecated: `stores=CouncilStores(dissent=...)`."""


class RecordsAlias(TypedDict, total=False):
    """The deprecated `records=` keyword (meetings)."""

    records: MeetingRecorder | None
    """Deprecated: `stores=CouncilStores(meetings=...)`."""


class LoopRecordsAlias(TypedDict, total=False):
    """The deprecated `loop_records=` keyword (pipeline and delegation)."""

    loop_records: LoopRecordStore | None
    """Deprecated: `stores=CouncilStores(loop_records=...)`."""


class GuardStoreAlias(TypedDict, total=False):
    """The deprecated `guard_store=` keyword of the pipeline (delegation takes it for real)."""

    guard_store: GuardStateStore | None
    """Deprecated: `stores=CouncilStores(guard_state=...)`."""


def store_aliases(factory: str, aliases: Mapping[str, object], allowed: Any) -> dict[str, Any]:
    """The older store keywords of one call, checked against `allowed` (the family's
    aliases `TypedDict`), with one warning naming `stores=CouncilStores(...)` for them all.

    Raises:
        TypeError: A keyword the factory does not take (as Python says for a signature).
    """
    declared = allowed.__optional_keys__ | allowed.__required_keys__
    unknown = sorted(set(aliases) - declared)
    if unknown:
        raise TypeError(f"{factory}() got an unexpected keyword argument {unknown[0]!r}")
    given = {k: v for k, v in aliases.items() if v is not None}
    if given:
        fields = ", ".join(f"{STORE_ALIASES[k]}=..." for k in sorted(given))
        deprecated(
            f"{factory}({', '.join(f'{k}=' for k in sorted(given))})",
            f"stores=CouncilStores({fields})",
            stacklevel=_CALLER,
        )
    return given


def bundle(stores: object, **aliases: Any) -> CouncilStores:
    """`stores=` with store keywords filled in (each one names a bundle field).

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


def uncompiled(factory: Callable[..., Any]) -> Callable[..., Any]:
    """A dropped builder (issue 31): the graph `factory` compiles, left uncompiled.

    Off the surface, reached only through a facade's `DeprecationWarning` for one release; it
    takes the factory's arguments and returns its compiled graph's `builder`.
    """

    def build(org: object, roster: object = None, **keywords: Any) -> Any:
        return factory(org, roster, **keywords).builder

    build.__name__ = build.__qualname__ = "build_" + factory.__name__.removeprefix("create_")
    build.__doc__ = f"Deprecated: `{factory.__name__}(...)`; this is its graph, uncompiled."
    return build
