"""Graph factories: each family's `create_*` / `build_*`, its config, and the plugin registries.

Names load on first use (PEP 562): `council --help` and other light entry points do not pay
for LangGraph at import time. As in every facade, a name is written in its import (here for
type checkers only) and in `__all__`; `__getattr__` takes it from the first module that has it.
`OTelCallbackHandler` needs the `otel` extra: without it, only that name fails (`CouncilError`).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from langgraph_council.graphs._conflict_batch import create_conflict_batch_graph
    from langgraph_council.graphs._conflicts import (
        build_conflict_graph,
        conflict_strategies,
        create_conflict_graph,
        register_conflict_strategy,
    )
    from langgraph_council.graphs._coordination import (
        build_coordination_graph,
        create_coordination_graph,
    )
    from langgraph_council.graphs._delegation import create_delegation_graph
    from langgraph_council.graphs._meeting_crons import create_meeting_crons
    from langgraph_council.graphs._meeting_triggers import (
        MeetingTriggers,
        MeetingType,
        TriggeredMeeting,
    )
    from langgraph_council.graphs._meetings import (
        build_meeting_graph,
        create_meeting_graph,
        meeting_protocols,
        register_meeting_protocol,
    )
    from langgraph_council.graphs._otel import OTelCallbackHandler
    from langgraph_council.graphs._plots.run import plot_run
    from langgraph_council.graphs._swarm import council_swarm_agent
    from langgraph_council.graphs._worker import worktree_agent
    from langgraph_council.nodes._conflicts.config import ConflictResolutionConfig
    from langgraph_council.nodes._delegation.models import DelegationConfig
    from langgraph_council.nodes._meetings.config import MeetingProtocolConfig
    from langgraph_council.nodes._meetings.detectors import register_conflict_detector
    from langgraph_council.nodes._meetings.stopping import StopWhen
    from langgraph_council.nodes._pipeline.config import CoordinationConfig
    from langgraph_council.nodes._pipeline.decompose import ManualDecomposer
    from langgraph_council.nodes._worker.commands import CommandPolicy
    from langgraph_council.nodes._workspace.models import WorkspaceConfig

_MODULES = (
    "langgraph_council.graphs._meetings",
    "langgraph_council.graphs._conflicts",
    "langgraph_council.graphs._conflict_batch",
    "langgraph_council.graphs._delegation",
    "langgraph_council.graphs._coordination",
    "langgraph_council.graphs._meeting_triggers",
    "langgraph_council.graphs._meeting_crons",
    "langgraph_council.graphs._worker",
    "langgraph_council.graphs._swarm",
    "langgraph_council.graphs._plots.run",
    "langgraph_council.nodes._meetings.config",
    "langgraph_council.nodes._meetings.detectors",
    "langgraph_council.nodes._meetings.stopping",
    "langgraph_council.nodes._conflicts.config",
    "langgraph_council.nodes._delegation.models",
    "langgraph_council.nodes._pipeline.config",
    "langgraph_council.nodes._pipeline.decompose",
    "langgraph_council.nodes._workspace.models",
    "langgraph_council.nodes._worker.commands",
    "langgraph_council.graphs._otel",  # last: only its own name imports OpenTelemetry
)

__all__ = [
    "CommandPolicy",
    "ConflictResolutionConfig",
    "CoordinationConfig",
    "DelegationConfig",
    "ManualDecomposer",
    "MeetingProtocolConfig",
    "MeetingTriggers",
    "MeetingType",
    "OTelCallbackHandler",
    "StopWhen",
    "TriggeredMeeting",
    "WorkspaceConfig",
    "build_conflict_graph",
    "build_coordination_graph",
    "build_meeting_graph",
    "conflict_strategies",
    "council_swarm_agent",
    "create_conflict_batch_graph",
    "create_conflict_graph",
    "create_coordination_graph",
    "create_delegation_graph",
    "create_meeting_crons",
    "create_meeting_graph",
    "meeting_protocols",
    "plot_run",
    "register_conflict_detector",
    "register_conflict_strategy",
    "register_meeting_protocol",
    "worktree_agent",
]


_DROPPED = {
    "build_delegation_graph": (
        "langgraph_council.graphs._delegation",
        "create_delegation_graph (a compiled graph is also a subgraph node)",
    ),
    "build_conflict_batch_graph": (
        "langgraph_council.graphs._conflict_batch",
        "create_conflict_batch_graph (a compiled graph is also a subgraph node)",
    ),
}
"""Names dropped from this facade (issue 31): importable, with a warning, for one release
(`nodes._deprecated`, imported on that path only so `council --help` stays light)."""


def __getattr__(name: str) -> Any:
    if name in __all__:
        for module in _MODULES:
            found = importlib.import_module(module).__dict__.get(name)
            if found is not None:
                globals()[name] = found
                return found
    if name not in _DROPPED:  # the common miss (`__wrapped__`, ...) imports nothing
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    deprecated = importlib.import_module("langgraph_council.nodes._deprecated")
    table = {key: deprecated.Dropped(module, key, use) for key, (module, use) in _DROPPED.items()}
    return deprecated.dropped_name(__name__, name, table)


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
