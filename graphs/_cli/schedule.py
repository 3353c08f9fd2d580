"""`council schedule FILE.yaml`: run an org's scheduled meeting types until SIGTERM/SIGINT.

The file (see `examples/schedule.yaml`)::

    org: {agents: [...]}
    models: {default: scripted}
    meetings:                         # MeetingType fields; exactly one of frequency, trigger
      - {name: standup, frequency: daily, protocol: round_robin, leader: cto,
         participants: [...], agenda: {title: ...}, token_budget: 4000}

Every run, failed ones included, is appended to the schedule log (JSON lines, `--log`;
`--history` prints it), and meetings that ran are also in the meeting records. A failing run
never stops the loop. SIGTERM or SIGINT ends it: a meeting in progress is drained at its next
step boundary (its thread resumes with `council threads resume`) and the command exits 0.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import signal
from pathlib import Path
from typing import Any

import yaml
from langgraph.pregel import Pregel
from platformdirs import user_state_path
from pydantic import Field, ValidationError
from rich.console import Console
from rich.table import Table
from rich.text import Text

from langgraph_council.checkpoints import CouncilStores
from langgraph_council.checkpoints._runner.meetings import MeetingRunner, MeetingType
from langgraph_council.checkpoints._runner.schedule import MeetingScheduler, ScheduledRun
from langgraph_council.graphs._cli.backend import Backend, CliError
from langgraph_council.graphs._cli.file import SCRIPTED, _first_error, _model, _Spec, load_org
from langgraph_council.graphs._graph_tag import (
    FILE_KEY,
    GRAPH_KEY,
    PROTOCOL_KEY,
    SCHEDULE_GRAPH,
    tag_graph,
)
from langgraph_council.graphs._meetings import create_meeting_graph
from langgraph_council.nodes._agents import Roster
from langgraph_council.nodes._meetings.participants import resolve_participants
from langgraph_council.nodes._org import Org

__all__ = [
    "ScheduleFile",
    "load_schedule_file",
    "schedule_cmd",
    "schedule_graph",
    "schedule_log_path",
]


class ScheduleFile(_Spec):
    """The whole file: the org, its models and the meeting types (at least one scheduled)."""

    org: dict[str, Any]
    models: dict[str, str] = Field(default_factory=lambda: {"default": SCRIPTED})
    meetings: tuple[MeetingType, ...] = Field(min_length=1)


def load_schedule_file(path: str | Path) -> tuple[ScheduleFile, Org]:
    """Read and check the file; every mistake is a `CliError` naming the field."""
    try:
        data = yaml.safe_load(Path(path).read_text(encoding="utf-8"))
    except OSError as exc:
        raise CliError(f"{path}: cannot read it ({exc.strerror})") from None
    except yaml.YAMLError:
        raise CliError(f"{path}: not valid YAML") from None
    try:
        spec = ScheduleFile.model_validate(data)
    except ValidationError as exc:
        raise CliError(f"{path}: {_first_error(exc)}") from None
    org = load_org(path, spec.org)
    known = {a.id for a in org.agents}
    for i, kind in enumerate(spec.meetings):
        if kind.leader not in known:
            raise CliError(f"{path}: meetings.{i}.leader: no agent {kind.leader!r} in org.agents")
        if kind.frequency:  # no event fills references in: a bad one would fail every run
            try:
                resolve_participants(Roster(org, {}), kind.participants, leader_id=kind.leader)
            except ValueError as exc:
                why = str(exc).removeprefix("participant_ids: ")
                raise CliError(f"{path}: meetings.{i}.participants: {why}") from None
    if not any(kind.frequency for kind in spec.meetings):
        raise CliError(f"{path}: meetings: no meeting type has a frequency; nothing to schedule")
    return spec, org


def schedule_graph(
    file: str | Path,
    protocol: str,
    backend: Backend,
    spec: ScheduleFile | None = None,
    org: Org | None = None,
) -> Pregel[Any, Any]:
    """The meeting graph `council schedule FILE` runs for `protocol`, naming the file and the
    protocol in every checkpoint, so `council threads` can rebuild it to show or resume one."""
    if spec is None or org is None:
        spec, org = load_schedule_file(file)
    graph = create_meeting_graph(
        _roster(spec, org),
        protocol=protocol,
        checkpointer=backend.checkpointer,
        stores=CouncilStores(meetings=backend.meetings),
    )
    tags = {GRAPH_KEY: SCHEDULE_GRAPH, FILE_KEY: str(Path(file).resolve()), PROTOCOL_KEY: protocol}
    return tag_graph(graph, **tags)


def schedule_log_path(file: str | Path) -> Path:
    """The default schedule log of `file`: one per schedule file, in the user's state dir."""
    resolved = Path(file).resolve()
    digest = hashlib.sha256(str(resolved).encode()).hexdigest()[:8]
    return user_state_path("langgraph-council") / "schedule" / f"{resolved.stem}-{digest}.jsonl"


def _roster(spec: ScheduleFile, org: Org) -> Roster:
    default = _model(spec.models.get("default", SCRIPTED), "models.default")
    models = {k: _model(v, f"models.{k}") for k, v in spec.models.items() if k != "default"}
    return Roster(org, models, default_model=default)


def _show(console: Console, run: ScheduledRun, as_json: bool) -> None:
    if as_json:
        print(run.model_dump_json(), flush=True)  # JSON lines: one run a line
        return
    style = {"ran": "green", "failed": "red", "abandoned": "yellow"}.get(run.status, "dim")
    line = f"{run.at:%Y-%m-%d %H:%M:%S} {run.meeting_type}: {run.status}"
    if run.minutes_status:
        line += f" ({run.minutes_status})"
    if run.detail:
        line += f": {run.detail}"
    if run.thread_id:
        line += f" [thread {run.thread_id}]"
    console.print(Text(line, style=style))


def _history(console: Console, log: Path, as_json: bool) -> int:
    lines = log.read_text(encoding="utf-8").splitlines() if log.exists() else []
    runs = [ScheduledRun.model_validate_json(line) for line in lines if line.strip()]
    if as_json:
        print(json.dumps([r.model_dump(mode="json") for r in runs]))
        return 0
    table = Table("at", "meeting type", "status", "thread", "detail", title=f"schedule log {log}")
    for r in runs:
        status = r.status + (f" ({r.minutes_status})" if r.minutes_status else "")
        table.add_row(
            f"{r.at:%Y-%m-%d %H:%M:%S}", r.meeting_type, status, r.thread_id or "", r.detail or ""
        )
    console.print(table)
    return 0


def schedule_cmd(args: argparse.Namespace, backend: Backend, console: Console) -> int:
    """Run the file's scheduled meetings until a signal; or, with `--history`, show the log."""
    log = Path(args.log) if args.log else schedule_log_path(args.file)
    if args.history:
        return _history(console, log, args.json)
    spec, org = load_schedule_file(args.file)
    protocols = {t.protocol for t in spec.meetings}
    graphs = {p: schedule_graph(args.file, p, backend, spec, org) for p in protocols}
    runner = MeetingRunner(spec.meetings, graphs, records=backend.meetings, durable=True)
    log.parent.mkdir(parents=True, exist_ok=True)

    def record(run: ScheduledRun) -> None:
        with log.open("a", encoding="utf-8") as out:
            out.write(run.model_dump_json() + "\n")
        _show(console, run, args.json)

    scheduler = MeetingScheduler(runner, on_run=record)

    def stop(signum: int, _frame: object) -> None:
        scheduler.stop(f"stopped by {signal.Signals(signum).name}")

    for signum in (signal.SIGTERM, signal.SIGINT):
        signal.signal(signum, stop)
    if not args.json:
        names = ", ".join(f"{t.name} ({t.frequency})" for t in spec.meetings if t.frequency)
        console.print(
            Text(f"schedule: {names}; log {log}; stop with SIGTERM or Ctrl-C", style="dim")
        )
    made = scheduler.run(max_runs=args.max_runs)
    if not args.json:
        console.print(Text(f"schedule stopped after {made} run(s)", style="dim"))
    return 0
