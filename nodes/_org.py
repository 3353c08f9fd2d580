"""The organisation: agent profiles, seniority and the management tree.

Reading a definition (YAML, JSON, a file) and its errors are `nodes._org_input`; `OrgError` is
re-exported here, where its callers look for it.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Iterator, Mapping, Sequence
from enum import StrEnum
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from langgraph_council.nodes._fencing import escape_fences
from langgraph_council.nodes._org_input import (
    OrgError,
    describe_row,
    invalid_row,
    json_data,
    read_org_file,
    row_id,
    rows_of,
    yaml_data,
)
from langgraph_council.nodes._rows import model_row

__all__ = [
    "AgentProfile",
    "CoordinationRule",
    "Org",
    "OrgError",
    "SeniorityLevel",
    "render_global_rules",
]

_HIDDEN_CATEGORIES = frozenset({"Cc", "Cf", "Zl", "Zp", "Cs", "Co", "Cn"})
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
    def _id_is_one_plain_line(cls, value: str) -> str:
        if value != value.strip() or not value.strip():
            raise ValueError(f"agent id {value!r} must not be blank or padded with spaces")
        # Ids are quoted verbatim in prompts and parsed back from them (SEC-1).
        hidden = [ch for ch in value if unicodedata.category(ch) in _HIDDEN_CATEGORIES]
        if hidden:
            raise ValueError(
                f"agent id {value!r} contains a line break, control or invisible character "
                f"({hidden[0]!a}); use letters, digits, '_', '-' or '.'"
            )
        if escape_fences(value) != value:
            raise ValueError(
                f"agent id {value!r} contains a prompt fence tag (task-data, peer-contribution); "
                "use letters, digits, '_', '-' or '.'"
            )
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


def _profile(index: int, row: object) -> AgentProfile:
    """One row as a profile; errors name the row's index and id, never render its input."""
    return model_row(
        AgentProfile,
        row,
        not_a_mapping=lambda: OrgError(
            f"agents[{index}] must be a mapping of profile fields (id, name, role, department, "
            f"level, ...), got {type(row).__name__}"
        ),
        invalid=lambda mapping, exc: invalid_row(index, row_id(mapping), exc),
    )


class Org:
    """A validated management tree (a forest: several roots are allowed).

    Validation and `root_of` are linear in the number of agents; `ancestors`, `depth_below` and
    `lowest_common_manager` walk the chain, linear in its depth.

    Example:
        >>> org = Org([AgentProfile(id="ceo", name="Ada", role="ceo",
        ...            department="exec", level="c_suite")])
        >>> org.lowest_common_manager("ceo").id
        'ceo'
    """

    def __init__(self, agents: Iterable[AgentProfile | Mapping[str, Any]]) -> None:
        if isinstance(agents, str | bytes | Mapping):
            raise OrgError("an org needs a list of agent profiles (or `agents:` in a file)")
        profiles = [_profile(i, a) for i, a in enumerate(agents)]
        by_id: dict[str, AgentProfile] = {}
        for index, profile in enumerate(profiles):
            if profile.id in by_id:
                raise OrgError(
                    f"{describe_row(index, profile.id)}: duplicate agent id {profile.id!r}",
                    agent_id=profile.id,
                )
            by_id[profile.id] = profile
        for index, profile in enumerate(profiles):
            if profile.manager_id is not None and profile.manager_id not in by_id:
                where = describe_row(index, profile.id)
                raise OrgError(
                    f"{where}: agent {profile.id!r} has unknown manager_id "
                    f"{profile.manager_id!r}; add that agent or set manager_id to null",
                    agent_id=profile.id,
                )
        self._by_id = by_id
        self._depth: dict[str, int] = {}
        self._root: dict[str, str] = {}
        for profile in profiles:
            self._place(profile.id)

    def _place(self, agent_id: str) -> None:
        """Set depth and root of `agent_id` and of every unplaced manager above it, or raise on a
        management cycle. Each agent is walked once over all calls: validation is linear."""
        path: list[str] = []
        on_path: dict[str, int] = {}
        current: str | None = agent_id
        while current is not None and current not in self._depth:
            if current in on_path:
                loop = [*path[on_path[current] :], current]
                raise OrgError(
                    f"management cycle through agent {current!r}: {' -> '.join(loop)}; "
                    "set one of their manager_id to someone outside the loop (or null)",
                    agent_id=current,
                )
            on_path[current] = len(path)
            path.append(current)
            current = self._by_id[current].manager_id
        depth = -1 if current is None else self._depth[current]
        root = path[-1] if current is None else self._root[current]
        for below in reversed(path):
            depth += 1
            self._depth[below], self._root[below] = depth, root

    def _chain(self, agent_id: str) -> Iterator[str]:
        """Ids of the managers above `agent_id`, bottom-up."""
        current = self._by_id[agent_id].manager_id
        while current is not None:
            yield current
            current = self._by_id[current].manager_id

    # -- loading -------------------------------------------------------------------------

    @classmethod
    def from_dict(cls, data: Mapping[str, Any] | Sequence[Mapping[str, Any]]) -> Org:
        """Build from `{"agents": [...]}` or a bare list of agent mappings."""
        return cls(rows_of(data))

    @classmethod
    def from_yaml(cls, text: str) -> Org:
        """Parse YAML text (`agents:` list); libyaml's C loader is used when it is installed."""
        return cls.from_dict(yaml_data(text) or {})

    @classmethod
    def from_json(cls, text: str) -> Org:
        """Parse JSON text (`{"agents": [...]}`)."""
        return cls.from_dict(json_data(text))

    @classmethod
    def load(cls, path: str | Path) -> Org:
        """Load from a `.yaml`, `.yml` or `.json` file (UTF-8); errors name the file."""
        file, text = read_org_file(path)
        try:
            return cls.from_json(text) if file.suffix.lower() == ".json" else cls.from_yaml(text)
        except OrgError as exc:
            raise OrgError(f"{file}: {exc}", agent_id=exc.agent_id) from None

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
        return [self._by_id[a] for a in self._chain(agent_id)]

    def reports_of(self, manager_id: str) -> list[AgentProfile]:
        """Direct reports of `manager_id`."""
        self.get(manager_id)
        return [a for a in self._by_id.values() if a.manager_id == manager_id]

    def root_of(self, agent_id: str) -> AgentProfile:
        """The top of `agent_id`'s tree (the agent itself when it has no manager)."""
        return self._by_id[self._root[self.get(agent_id).id]]

    def roots(self) -> list[AgentProfile]:
        """Agents without a manager."""
        return [a for a in self._by_id.values() if a.manager_id is None]

    def lowest_common_manager(self, *agent_ids: str) -> AgentProfile | None:
        """The lowest ancestor-or-self shared by every given agent; None without a shared root."""
        if not agent_ids:
            raise ValueError("lowest_common_manager needs at least one agent id")
        for agent_id in agent_ids:
            self.get(agent_id)
        found: str | None = agent_ids[0]
        for other in agent_ids[1:]:
            if found is None:
                break
            found = self._common(found, other)
        return None if found is None else self._by_id[found]

    def _lift(self, agent_id: str, levels: int) -> str:
        """The manager `levels` above `agent_id` (which must be at least that deep)."""
        for _ in range(levels):
            manager = self._by_id[agent_id].manager_id
            assert manager is not None
            agent_id = manager
        return agent_id

    def _common(self, a: str, b: str) -> str | None:
        """The lowest ancestor-or-self of both, walking each chain once."""
        if self._root[a] != self._root[b]:
            return None
        a = self._lift(a, max(0, self._depth[a] - self._depth[b]))
        b = self._lift(b, max(0, self._depth[b] - self._depth[a]))
        while a != b:
            a, b = self._lift(a, 1), self._lift(b, 1)
        return a

    def depth_below(self, manager_id: str, agent_id: str) -> int | None:
        """Levels from `manager_id` down to `agent_id` (0 for the same agent); None if not below."""
        self.get(manager_id)
        if manager_id == agent_id:
            return 0
        levels = self._depth[self.get(agent_id).id] - self._depth[manager_id]
        if levels <= 0 or self._root[agent_id] != self._root[manager_id]:
            return None
        return levels if self._lift(agent_id, levels) == manager_id else None

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


def render_global_rules(rules: Sequence[tuple[str, CoordinationRule]]) -> str:
    """The org's global IF-THEN coordination rules as prompt lines ('' when there are none)."""
    if not rules:
        return ""
    lines = ["Coordination rules of the organisation (follow them when you split and assign work):"]
    lines += [
        f"- IF {escape_fences(r.condition)} THEN {escape_fences(r.action)} "
        f"(rule of {escape_fences(owner)})"
        for owner, r in rules
    ]
    return "\n".join(lines) + "\n"
