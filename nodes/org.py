"""The organisation: agent profiles, seniority and the management tree."""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping, Sequence
from enum import StrEnum
from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, field_validator

__all__ = [
    "AgentProfile",
    "CoordinationRule",
    "Org",
    "OrgError",
    "SeniorityLevel",
]

_LEVEL_ORDER = ("junior", "mid", "senior", "lead", "principal", "director", "vp", "c_suite")


class SeniorityLevel(StrEnum):
    """Seniority, ordered junior < mid < senior < lead < principal < director < vp < c_suite."""

    JUNIOR = "junior"
    MID = "mid"
    SENIOR = "senior"
    LEAD = "lead"
    PRINCIPAL = "principal"
    DIRECTOR = "director"
    VP = "vp"
    C_SUITE = "c_suite"

    @property
    def rank(self) -> int:
        """Position in the ladder, 0 for junior."""
        return _LEVEL_ORDER.index(self.value)

    def _rank_of(self, other: object) -> int | None:
        return other.rank if isinstance(other, SeniorityLevel) else None

    def __lt__(self, other: object) -> bool:
        rank = self._rank_of(other)
        return NotImplemented if rank is None else self.rank < rank

    def __le__(self, other: object) -> bool:
        rank = self._rank_of(other)
        return NotImplemented if rank is None else self.rank <= rank

    def __gt__(self, other: object) -> bool:
        rank = self._rank_of(other)
        return NotImplemented if rank is None else self.rank > rank

    def __ge__(self, other: object) -> bool:
        rank = self._rank_of(other)
        return NotImplemented if rank is None else self.rank >= rank

    def __hash__(self) -> int:
        return hash(self.value)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, SeniorityLevel):
            return self.value == other.value
        return self.value == other


class CoordinationRule(BaseModel):
    """An IF-THEN coordination rule: `domain` goes in the agent's prompt, `global` to routers."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    condition: str = Field(min_length=1)
    action: str = Field(min_length=1)
    scope: Literal["domain", "global"] = "domain"


class AgentProfile(BaseModel):
    """One agent of the org; frozen so it can be shared across threads and graphs."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = Field(min_length=1)
    name: str = Field(min_length=1)
    role: str = Field(min_length=1)
    department: str = Field(min_length=1)
    level: SeniorityLevel
    manager_id: str | None = None
    primary_skills: tuple[str, ...] = ()
    secondary_skills: tuple[str, ...] = ()
    can_delegate_to: tuple[str, ...] = ()
    can_delegate: bool = True
    accepts_subtasks: bool = True
    rules: tuple[CoordinationRule, ...] = ()
    active: bool = True

    @field_validator("id")
    @classmethod
    def _id_has_no_spaces(cls, value: str) -> str:
        if value != value.strip() or not value.strip():
            raise ValueError(f"agent id {value!r} must not be blank or padded with spaces")
        return value

    def domain_rules(self) -> tuple[CoordinationRule, ...]:
        """Rules that shape this agent's own behaviour."""
        return tuple(r for r in self.rules if r.scope == "domain")

    def global_rules(self) -> tuple[CoordinationRule, ...]:
        """Rules meant for whoever routes work to this agent."""
        return tuple(r for r in self.rules if r.scope == "global")

    def may_delegate_to_role(self, role: str) -> bool:
        """True when `can_delegate_to` is empty (any role) or names `role`."""
        return not self.can_delegate_to or role in self.can_delegate_to


class OrgError(ValueError):
    """The org definition is invalid; `agent_id` names the offending agent."""

    def __init__(self, message: str, *, agent_id: str | None = None) -> None:
        super().__init__(message)
        self.agent_id = agent_id


class Org:
    """A validated management tree (a forest: several roots are allowed).

    Example:
        >>> org = Org([AgentProfile(id="ceo", name="Ada", role="ceo",
        ...            department="exec", level="c_suite")])
        >>> org.lowest_common_manager("ceo").id
        'ceo'
    """

    def __init__(self, agents: Iterable[AgentProfile | Mapping[str, Any]]) -> None:
        profiles = [a if isinstance(a, AgentProfile) else AgentProfile(**a) for a in agents]
        by_id: dict[str, AgentProfile] = {}
        for profile in profiles:
            if profile.id in by_id:
                raise OrgError(f"duplicate agent id {profile.id!r}", agent_id=profile.id)
            by_id[profile.id] = profile
        for profile in profiles:
            if profile.manager_id is not None and profile.manager_id not in by_id:
                raise OrgError(
                    f"agent {profile.id!r} has unknown manager_id {profile.manager_id!r}; "
                    "add that agent or set manager_id to null",
                    agent_id=profile.id,
                )
        self._by_id = by_id
        self._chains: dict[str, tuple[str, ...]] = {}
        for profile in profiles:
            self._chains[profile.id] = self._walk_up(profile.id)

    def _walk_up(self, agent_id: str) -> tuple[str, ...]:
        seen = [agent_id]
        current = self._by_id[agent_id].manager_id
        while current is not None:
            if current in seen:
                loop = [*seen[seen.index(current) :], current]
                raise OrgError(
                    f"management cycle through agent {current!r}: " + " -> ".join(loop),
                    agent_id=current,
                )
            seen.append(current)
            current = self._by_id[current].manager_id
        return tuple(seen[1:])

    # -- loading -------------------------------------------------------------------------

    @classmethod
    def from_dict(cls, data: Mapping[str, Any] | Sequence[Mapping[str, Any]]) -> Org:
        """Build from `{"agents": [...]}` or a bare list of agent mappings."""
        rows = data.get("agents") if isinstance(data, Mapping) else data
        if not isinstance(rows, Sequence) or isinstance(rows, str):
            raise OrgError("an org needs an `agents:` list of agent profiles")
        return cls(rows)

    @classmethod
    def from_yaml(cls, text: str) -> Org:
        """Parse YAML text (`agents:` list)."""
        return cls.from_dict(yaml.safe_load(text) or {})

    @classmethod
    def from_json(cls, text: str) -> Org:
        """Parse JSON text (`{"agents": [...]}`)."""
        return cls.from_dict(json.loads(text))

    @classmethod
    def load(cls, path: str | Path) -> Org:
        """Load from a `.yaml`, `.yml` or `.json` file."""
        file = Path(path)
        text = file.read_text(encoding="utf-8")
        if file.suffix.lower() == ".json":
            return cls.from_json(text)
        return cls.from_yaml(text)

    # -- lookups -------------------------------------------------------------------------

    def __contains__(self, agent_id: object) -> bool:
        return agent_id in self._by_id

    def __iter__(self) -> Iterator[AgentProfile]:
        return iter(self._by_id.values())

    def __len__(self) -> int:
        return len(self._by_id)

    def __getitem__(self, agent_id: str) -> AgentProfile:
        return self.get(agent_id)

    @property
    def agents(self) -> tuple[AgentProfile, ...]:
        """All profiles in definition order."""
        return tuple(self._by_id.values())

    def get(self, agent_id: str) -> AgentProfile:
        """The profile of `agent_id`; `KeyError` naming the id when unknown."""
        try:
            return self._by_id[agent_id]
        except KeyError:
            raise KeyError(f"unknown agent id {agent_id!r}; known: {sorted(self._by_id)}") from None

    def manager_of(self, agent_id: str) -> AgentProfile | None:
        """The direct manager, or None at the top."""
        manager_id = self.get(agent_id).manager_id
        return None if manager_id is None else self._by_id[manager_id]

    def ancestors(self, agent_id: str) -> list[AgentProfile]:
        """Managers from the direct one up to the root (bottom-up, excluding the agent)."""
        self.get(agent_id)
        return [self._by_id[a] for a in self._chains[agent_id]]

    def reports_of(self, manager_id: str) -> list[AgentProfile]:
        """Direct reports of `manager_id`."""
        self.get(manager_id)
        return [a for a in self._by_id.values() if a.manager_id == manager_id]

    def root_of(self, agent_id: str) -> AgentProfile:
        """The top of `agent_id`'s tree (the agent itself when it has no manager)."""
        chain = self._chains[self.get(agent_id).id]
        return self._by_id[chain[-1]] if chain else self._by_id[agent_id]

    def roots(self) -> list[AgentProfile]:
        """Agents without a manager."""
        return [a for a in self._by_id.values() if a.manager_id is None]

    def lowest_common_manager(self, *agent_ids: str) -> AgentProfile | None:
        """The lowest ancestor-or-self shared by every given agent; None without a shared root."""
        if not agent_ids:
            raise ValueError("lowest_common_manager needs at least one agent id")
        first, *rest = agent_ids
        candidates = [first, *self._chains[self.get(first).id]]
        others = [{a, *self._chains[self.get(a).id]} for a in rest]
        for candidate in candidates:
            if all(candidate in lineage for lineage in others):
                return self._by_id[candidate]
        return None

    def depth_below(self, manager_id: str, agent_id: str) -> int | None:
        """Levels from `manager_id` down to `agent_id` (0 for the same agent); None if not below."""
        self.get(manager_id)
        if manager_id == agent_id:
            return 0
        chain = self._chains[self.get(agent_id).id]
        return chain.index(manager_id) + 1 if manager_id in chain else None

    def is_subordinate(self, agent_id: str, of: str, *, skip_level: bool = True) -> bool:
        """True when `agent_id` reports to `of` directly, or anywhere below it with `skip_level`."""
        depth = self.depth_below(of, agent_id)
        if depth is None or depth == 0:
            return False
        return skip_level or depth == 1

    def department(self, name: str) -> list[AgentProfile]:
        """Agents of department `name` (case-insensitive), in definition order."""
        wanted = name.casefold()
        return [a for a in self._by_id.values() if a.department.casefold() == wanted]

    def with_role(self, role: str) -> list[AgentProfile]:
        """Agents whose role is `role` (case-insensitive)."""
        wanted = role.casefold()
        return [a for a in self._by_id.values() if a.role.casefold() == wanted]

    def global_rules(self) -> list[tuple[str, CoordinationRule]]:
        """Every `global` rule with the id of the agent that declared it."""
        return [(a.id, r) for a in self._by_id.values() for r in a.global_rules()]
