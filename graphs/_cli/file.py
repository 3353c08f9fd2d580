"""`council run FILE.yaml`: an org, its models and one meeting, conflict or delegation in YAML.

The file (see `examples/council.yaml`)::

    org: {agents: [...]}                 # the Org's agent profiles
    models: {default: scripted, cto: "openai:gpt-4o-mini"}   # init_chat_model strings
    meeting: {protocol, leader, participants, agenda: {title, context}, budget}
    # or conflict: {strategy, subject, type, positions: [{agent, position, reasoning, evidence}]}
    # or delegation: {task, entry_agent}

`scripted` agents are placeholders (no network): canned replies that name the file's agenda
(conflict subject, task) and say they are placeholders; the run says so too. A mistake is
reported as one line naming the field (`meeting.protocol: ...`). The run's checkpoints name
the file, so `council threads` rebuilds its graph from it.
"""

from __future__ import annotations

import argparse
import importlib
import uuid
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Literal

import yaml
from langchain_core.language_models import BaseChatModel
from langgraph.pregel import Pregel
from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    ValidationError,
    field_validator,
    model_validator,
)
from rich.console import Console
from rich.text import Text

from langgraph_council.graphs._cli.backend import Backend, CliError
from langgraph_council.graphs._cli.placeholders import placeholder_reply
from langgraph_council.graphs._demo.data import demo_reply, with_stream_usage
from langgraph_council.graphs._graph_tag import FILE_KEY, GRAPH_KEY, tag_graph
from langgraph_council.nodes._calls.roster import Roster
from langgraph_council.nodes._meetings.models import MeetingAgenda
from langgraph_council.nodes._meetings.participants import MAX_TOKEN_BUDGET
from langgraph_council.nodes._org import Org, OrgError
from langgraph_council.nodes._records.conflicts import Conflict, ConflictPosition
from langgraph_council.nodes.testing import ScriptedChatModel

__all__ = [
    "FILE_KEY",
    "CouncilFile",
    "file_graph",
    "load_council_file",
    "roster_for",
    "run_file_cmd",
]

SCRIPTED = "scripted"


class _Spec(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class MeetingSpec(_Spec):
    """A meeting to hold."""

    protocol: str = "structured_phases"
    leader: str
    participants: tuple[str, ...] = Field(min_length=1)
    agenda: MeetingAgenda
    budget: int = Field(default=20_000, gt=0, le=MAX_TOKEN_BUDGET)


class PositionSpec(_Spec):
    """One party's position in a conflict."""

    agent: str
    position: str = Field(min_length=1)
    reasoning: str = Field(min_length=1)
    evidence: tuple[str, ...] = ()


class ConflictSpec(_Spec):
    """A conflict to resolve."""

    strategy: str = "authority"
    subject: str = Field(min_length=1)
    type: str = "other"
    positions: tuple[PositionSpec, ...] = Field(min_length=2)


class DelegationSpec(_Spec):
    """A task to hand down the hierarchy."""

    task: str = Field(min_length=1)
    entry_agent: str

    @field_validator("task")
    @classmethod
    def _task_not_blank(cls, value: str) -> str:
        # The graph refuses these too, but without naming the file or the field.
        if not value.strip():
            raise ValueError("must describe the work, not be blank")
        if "\x00" in value:
            raise ValueError("contains U+0000 (NUL), which PostgreSQL cannot store; remove it")
        return value


class CouncilFile(_Spec):
    """The whole file: exactly one of `meeting`, `conflict`, `delegation`."""

    org: dict[str, Any]
    models: dict[str, str] = Field(default_factory=lambda: {"default": SCRIPTED})
    meeting: MeetingSpec | None = None
    conflict: ConflictSpec | None = None
    delegation: DelegationSpec | None = None

    @model_validator(mode="after")
    def _one_run(self) -> CouncilFile:
        given = [k for k in ("meeting", "conflict", "delegation") if getattr(self, k) is not None]
        if len(given) != 1:
            raise ValueError(
                "give exactly one of meeting, conflict, delegation"
                + (f" (got {', '.join(given)})" if given else "")
            )
        return self

    @property
    def kind(self) -> Literal["meeting", "conflict", "delegation"]:
        """Which run the file describes."""
        return "meeting" if self.meeting else "conflict" if self.conflict else "delegation"


def _first_error(exc: ValidationError) -> str:
    err = exc.errors()[0]
    where = ".".join(str(p) for p in err["loc"])
    message = str(err["msg"]).removeprefix("Value error, ")
    return f"{where}: {message}" if where else message


def load_council_file(path: str | Path) -> tuple[CouncilFile, Org]:
    """Read and check the file; every mistake is a `CliError` naming the field.

    Example:
        >>> spec, org = load_council_file("examples/council.yaml")  # doctest: +SKIP
    """
    file = Path(path)
    try:
        data = yaml.safe_load(file.read_text(encoding="utf-8"))
    except OSError as exc:
        raise CliError(f"{path}: cannot read it ({exc.strerror})") from None
    except yaml.YAMLError as exc:
        line = getattr(getattr(exc, "problem_mark", None), "line", None)
        at = f" at line {line + 1}" if line is not None else ""
        raise CliError(f"{path}: not valid YAML{at}") from None
    if not isinstance(data, Mapping):
        raise CliError(f"{path}: expected a mapping with org and a meeting/conflict/delegation")
    try:
        spec = CouncilFile.model_validate(data)
    except ValidationError as exc:
        raise CliError(f"{path}: {_first_error(exc)}") from None
    org = load_org(path, spec.org)
    _check_agents(path, spec, org)
    return spec, org


def load_org(path: str | Path, data: Mapping[str, Any]) -> Org:
    """The file's `org` section as an `Org`; a mistake is a `CliError` naming the file."""
    try:
        return Org.from_dict(data)
    except (OrgError, ValidationError) as exc:
        detail = _first_error(exc) if isinstance(exc, ValidationError) else str(exc)
        raise CliError(f"{path}: org: {detail}") from None


def _check_agents(path: str | Path, spec: CouncilFile, org: Org) -> None:
    named: list[tuple[str, str]] = [(f"models.{k}", k) for k in spec.models if k != "default"]
    if spec.meeting:
        named.append(("meeting.leader", spec.meeting.leader))
        named += [(f"meeting.participants.{i}", a) for i, a in enumerate(spec.meeting.participants)]
    if spec.conflict:
        named += [
            (f"conflict.positions.{i}.agent", p.agent)
            for i, p in enumerate(spec.conflict.positions)
        ]
    if spec.delegation:
        named.append(("delegation.entry_agent", spec.delegation.entry_agent))
    _check_names(path, spec)
    known = {a.id for a in org.agents}
    for field, agent in named:
        if agent not in known:
            raise CliError(f"{path}: {field}: no agent {agent!r} in org.agents")


def _check_names(path: str | Path, spec: CouncilFile) -> None:
    from langgraph_council.graphs._conflicts import conflict_strategies
    from langgraph_council.graphs._meetings import meeting_protocols

    if spec.meeting and spec.meeting.protocol not in meeting_protocols():
        known = ", ".join(meeting_protocols())
        raise CliError(f"{path}: meeting.protocol: {spec.meeting.protocol!r} is not one of {known}")
    if spec.conflict and spec.conflict.strategy not in conflict_strategies():
        known = ", ".join(conflict_strategies())
        raise CliError(
            f"{path}: conflict.strategy: {spec.conflict.strategy!r} is not one of {known}"
        )


def topic_of(spec: CouncilFile) -> str:
    """What the file's run is about: the agenda title, the conflict's subject or the task."""
    if spec.meeting:
        return spec.meeting.agenda.title
    if spec.conflict:
        return spec.conflict.subject
    assert spec.delegation is not None
    return spec.delegation.task


def _model(spec: str, field: str, scripted: BaseChatModel | None = None) -> BaseChatModel:
    if spec == SCRIPTED:
        return scripted or ScriptedChatModel(demo_reply)
    try:
        chat_models = importlib.import_module("langchain.chat_models")
        model: BaseChatModel = chat_models.init_chat_model(spec)
    except ImportError as exc:
        raise CliError(
            f"{field}: {spec!r} needs `pip install langchain` and the provider's package ({exc})"
        ) from None
    except ValueError as exc:
        raise CliError(f"{field}: {spec!r} is not a model init_chat_model knows ({exc})") from None
    return with_stream_usage(model)


def roster_for(spec: CouncilFile, org: Org) -> Roster:
    """The org's roster: `models.default` for everyone, `models.<agent id>` overrides;
    `scripted` is a placeholder speaking to the file's agenda (`placeholder_reply`)."""
    agents = tuple(a.id for a in org.agents)
    scripted = ScriptedChatModel(placeholder_reply(topic_of(spec), agents))
    default = _model(spec.models.get("default", SCRIPTED), "models.default", scripted)
    models = {
        k: _model(v, f"models.{k}", scripted) for k, v in spec.models.items() if k != "default"
    }
    return Roster(org, models, default_model=default)


def uses_placeholders(spec: CouncilFile) -> bool:
    """True when some agent of the file runs on the `scripted` placeholder."""
    return SCRIPTED in spec.models.values() or "default" not in spec.models


def placeholder_note(spec: CouncilFile, org: Org) -> str | None:
    """Which agents run on a real model and which on the `scripted` placeholder, when any
    does (a file mixing both used to say only "scripted placeholders"); None when none does."""
    default = spec.models.get("default", SCRIPTED)
    kinds = {a.id: spec.models.get(a.id, default) for a in org.agents}
    fake = sorted(a for a, m in kinds.items() if m == SCRIPTED)
    if not fake:
        return None
    real = sorted(f"{a} ({m})" for a, m in kinds.items() if m != SCRIPTED)
    said = f"models: scripted placeholders (canned replies, no model) for {', '.join(fake)}"
    if real:
        said += f"; real models for {', '.join(real)}"
    fix = "set models.default (or models.<agent id>) to a real model, e.g. openai:gpt-4o-mini"
    return f"{said}: {fix}"


def file_graph(spec: CouncilFile, org: Org, backend: Backend, path: str | Path) -> Pregel[Any, Any]:
    """The graph the file at `path` runs, on the command's checkpointer and stores; its
    checkpoints name the file (absolute), so `council threads` rebuilds it from there."""
    from langgraph_council.graphs._conflicts import create_conflict_graph
    from langgraph_council.graphs._delegation import create_delegation_graph
    from langgraph_council.graphs._meetings import create_meeting_graph

    roster = roster_for(spec, org)
    graph: Pregel[Any, Any]
    if spec.meeting:
        graph = create_meeting_graph(
            roster,
            protocol=spec.meeting.protocol,
            stores=backend.stores.replace(dissent=None),  # meeting records only, as before
            checkpointer=backend.checkpointer,
        )
    elif spec.conflict:
        graph = create_conflict_graph(
            roster.org, roster, stores=backend.stores, checkpointer=backend.checkpointer
        )
    else:
        graph = create_delegation_graph(
            roster.org, roster, stores=backend.stores, checkpointer=backend.checkpointer
        )
    return tag_graph(graph, **{GRAPH_KEY: "file", FILE_KEY: str(Path(path).resolve())})


def file_input(
    spec: CouncilFile, org: Org, thread_id: str, path: str | Path = "FILE.yaml"
) -> dict[str, Any]:
    """The run's input; a mistake found only now still names the file and the field."""
    if spec.meeting:
        m = spec.meeting
        return {
            "agenda": m.agenda,
            "leader_id": m.leader,
            "token_budget": m.budget,
            "participant_ids": list(m.participants),
        }
    if spec.conflict:
        c = spec.conflict
        positions = tuple(
            ConflictPosition(
                agent_id=p.agent,
                agent_department=org.get(p.agent).department,
                agent_level=org.get(p.agent).level,
                position=p.position,
                reasoning=p.reasoning,
                evidence=p.evidence,
            )
            for p in c.positions
        )
        try:
            conflict = Conflict.model_validate(
                {
                    "id": f"c-{thread_id}",
                    "type": c.type,
                    "subject": c.subject,
                    "positions": positions,
                }
            )
        except ValidationError as exc:
            raise CliError(f"{path}: conflict.{_first_error(exc)}") from None
        return {"conflict": conflict}
    assert spec.delegation is not None
    return {"task": spec.delegation.task, "entry_agent": spec.delegation.entry_agent}


def run_file_cmd(args: argparse.Namespace, backend: Backend, console: Console) -> int:
    """Run the file's meeting, conflict or delegation, streaming progress as the demos do, and
    print its outcome, or the escalation it waits on with the commands that decide it."""
    from langgraph_council.graphs._cli.output import (
        print_delegation,
        print_json,
        print_meeting,
        print_resolution,
    )
    from langgraph_council.graphs._cli.run import print_waiting, stream_run
    from langgraph_council.nodes._conflicts.config import ConflictResolutionConfig

    spec, org = load_council_file(args.file)
    graph = file_graph(spec, org, backend, args.file)
    thread_id = args.thread_id or f"run-{spec.kind}-{uuid.uuid4().hex[:8]}"
    payload = file_input(spec, org, thread_id, args.file)
    context = ConflictResolutionConfig(strategy=spec.conflict.strategy) if spec.conflict else None
    note = placeholder_note(spec, org)
    if note is not None and not args.quiet:
        console.print(Text(note, style="yellow"))
    values = stream_run(graph, payload, thread_id, context, console, args, backend)
    if isinstance(values, int):
        return values
    out: dict[str, Any] = {
        k: values.get(k) for k in ("minutes", "resolution", "result") if values.get(k)
    }
    if not out:
        return print_waiting(args, backend, console, thread_id)
    if "minutes" in out:  # minutes read back from a checkpoint refer to their messages' words
        out["minutes"] = out["minutes"].with_words(values.get("messages", ()))
    if args.json:
        print_json(console, {"thread_id": thread_id, **out})
        return 0
    if "minutes" in out:
        print_meeting(console, out["minutes"])
    elif "resolution" in out:
        print_resolution(console, out["resolution"], values.get("dissent_records", []))
    else:
        print_delegation(console, out["result"])
    console.print(Text(f"thread {thread_id} on {backend.label}"), style="dim")
    return 0
