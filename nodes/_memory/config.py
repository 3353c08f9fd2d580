"""The memory settings of a run (`context={"memory": {...}}`) and the store they act on."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from langgraph.config import get_config
from langgraph.runtime import get_runtime
from langgraph.store.base import BaseStore
from pydantic import ConfigDict, Field, ValidationError, field_validator

from langgraph_council.nodes._context import validation_problems
from langgraph_council.nodes._input_errors import (
    CouncilModel,
    InvalidInputError,
    InvalidInputTypeError,
)

__all__ = ["MEMORY_SECTION", "Active", "MemoryConfig", "active_memory", "slug", "thread_and_run"]

MEMORY_SECTION = "memory"
"""The run-context section that switches org memory on: `context={"memory": {"org": "acme"}}`."""

_SLUG = re.compile(r"[^a-z0-9]+")


def slug(text: str, *, limit: int = 80) -> str:
    """A namespace-safe label for `text`: lower case words joined by `-` (no dots: the
    Postgres store joins a namespace's labels with dots)."""
    return _SLUG.sub("-", text.casefold()).strip("-")[:limit].strip("-") or "untitled"


class MemoryConfig(CouncilModel):
    """Org memory for one run. Off unless a run's context names an `org`.

    Records are written under `("council", org, ...)` and read back only within the same org.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    org: str = Field(min_length=1, max_length=80)
    """Whose memory: records are isolated per org."""
    topic: str | None = Field(default=None, max_length=200)
    """The topic records are filed and recalled under; default: derived from the agenda title,
    the conflict's subject or the task's title."""
    linked_threads: tuple[str, ...] = ()
    """Threads whose records are recalled whatever their topic."""
    max_tokens: int = Field(default=600, ge=0, le=8000)
    """The most tokens of recalled records a prompt carries (also capped at a tenth of a
    meeting's token budget); 0 writes records but recalls none."""
    max_records: int = Field(default=6, ge=0, le=50)
    """The most records looked up per namespace."""
    ttl_minutes: float | None = Field(default=None, gt=0)
    """Records expire after this long (the store's TTL: `PostgresStore`, `InMemoryStore`)."""
    write: bool = True
    """False recalls earlier records without filing this run's."""

    @field_validator("org")
    @classmethod
    def _org_label(cls, value: str) -> str:
        if "." in value or "/" in value or not value.strip():
            raise ValueError("memory.org must be a non-empty name without '.' or '/'")
        return value.strip()

    def topic_for(self, default_text: str) -> str:
        """The topic's namespace label: the given topic, else one derived from `default_text`."""
        return slug(self.topic or default_text)


@dataclass(frozen=True)
class Active:
    """Memory switched on for this run, with the store to use."""

    config: MemoryConfig
    store: BaseStore


def _section(context: object) -> Mapping[str, Any] | MemoryConfig | None:
    if isinstance(context, Mapping):
        value = context.get(MEMORY_SECTION)
        if value is None or isinstance(value, MemoryConfig | Mapping):
            return value
        raise InvalidInputTypeError(
            f"context['memory'] must be a dict like {{'org': 'acme'}}, got {type(value).__name__}"
        )
    return None


_seen: dict[int, tuple[Mapping[str, Any], dict[str, Any], MemoryConfig]] = {}


def _parsed(section: Mapping[str, Any]) -> MemoryConfig:
    """`section` validated; nodes ask on every prompt, so the same unchanged dict is read once."""
    hit = _seen.get(id(section))
    if hit is not None and hit[0] is section and hit[1] == section:
        return hit[2]
    try:
        config = MemoryConfig.model_validate(section)
    except ValidationError as exc:
        raise InvalidInputError(
            "invalid run context: " + validation_problems(exc, "context['memory']")
        ) from None
    if len(_seen) > 64:
        _seen.clear()
    _seen[id(section)] = (section, dict(section), config)
    return config


def active_memory() -> Active | None:
    """This run's memory, or None when it is off (no `memory` section in the run context).

    Raises:
        ValueError: Memory is on but the graph has no store, or a setting is invalid.
    """
    try:
        runtime = get_runtime()
    except RuntimeError:  # outside a graph run
        return None
    section = _section(runtime.context)
    if section is None:
        return None
    config = section if isinstance(section, MemoryConfig) else _parsed(section)
    if runtime.store is None:
        raise InvalidInputError(
            "context['memory'] switches org memory on, but this graph has no store: compile it "
            "with store=InMemoryStore() or PostgresStore (LangGraph Server brings its own)"
        )
    return Active(config, runtime.store)


def thread_and_run() -> tuple[str | None, str | None]:
    """The thread and run of the current graph run (None where not known)."""
    config = get_config()
    configurable = config.get("configurable") or {}
    metadata = config.get("metadata") or {}
    thread = configurable.get("thread_id")
    run = configurable.get("run_id") or metadata.get("run_id") or config.get("run_id")
    return (None if thread is None else str(thread)), (None if run is None else str(run))
