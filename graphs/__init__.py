"""Compiled LangGraph graphs: this package only wires nodes and guards together.

Its names are imported on first use (PEP 562), so that `council --help` and other light
entry points do not pay for LangGraph at import time.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from langgraph_council.graphs.conflict_batch import (
        build_conflict_batch_graph,
        create_conflict_batch_graph,
    )
    from langgraph_council.graphs.conflicts import (
        ConflictGraph,
        build_conflict_graph,
        conflict_strategies,
        create_conflict_graph,
        register_conflict_strategy,
    )
    from langgraph_council.graphs.coordination import (
        CoordinationGraph,
        build_coordination_graph,
        create_coordination_graph,
    )
    from langgraph_council.graphs.delegation import (
        DelegationGraph,
        build_delegation_graph,
        create_delegation_graph,
    )
    from langgraph_council.graphs.meeting_triggers import (
        MeetingTriggers,
        MeetingType,
        TriggeredMeeting,
    )
    from langgraph_council.graphs.meetings import (
        MeetingGraph,
        build_meeting_graph,
        create_meeting_graph,
        meeting_protocols,
        register_meeting_protocol,
    )
    from langgraph_council.nodes.conflicts import ConflictResolutionConfig
    from langgraph_council.nodes.coordination import (
        CoordinationConfig,
        ManualDecomposer,
        WorkspaceConfig,
    )
    from langgraph_council.nodes.delegation.models import DelegationConfig
    from langgraph_council.nodes.meetings.config import MeetingProtocolConfig

_LAZY = {
    "ConflictGraph": "langgraph_council.graphs.conflicts",
    "ConflictResolutionConfig": "langgraph_council.nodes.conflicts",
    "CoordinationConfig": "langgraph_council.nodes.coordination",
    "CoordinationGraph": "langgraph_council.graphs.coordination",
    "DelegationConfig": "langgraph_council.nodes.delegation.models",
    "DelegationGraph": "langgraph_council.graphs.delegation",
    "ManualDecomposer": "langgraph_council.nodes.coordination",
    "MeetingGraph": "langgraph_council.graphs.meetings",
    "MeetingProtocolConfig": "langgraph_council.nodes.meetings.config",
    "MeetingTriggers": "langgraph_council.graphs.meeting_triggers",
    "MeetingType": "langgraph_council.graphs.meeting_triggers",
    "TriggeredMeeting": "langgraph_council.graphs.meeting_triggers",
    "WorkspaceConfig": "langgraph_council.nodes.coordination",
    "build_conflict_batch_graph": "langgraph_council.graphs.conflict_batch",
    "build_conflict_graph": "langgraph_council.graphs.conflicts",
    "build_coordination_graph": "langgraph_council.graphs.coordination",
    "build_delegation_graph": "langgraph_council.graphs.delegation",
    "build_meeting_graph": "langgraph_council.graphs.meetings",
    "conflict_strategies": "langgraph_council.graphs.conflicts",
    "create_conflict_batch_graph": "langgraph_council.graphs.conflict_batch",
    "create_conflict_graph": "langgraph_council.graphs.conflicts",
    "create_coordination_graph": "langgraph_council.graphs.coordination",
    "create_delegation_graph": "langgraph_council.graphs.delegation",
    "create_meeting_graph": "langgraph_council.graphs.meetings",
    "meeting_protocols": "langgraph_council.graphs.meetings",
    "register_conflict_strategy": "langgraph_council.graphs.conflicts",
    "register_meeting_protocol": "langgraph_council.graphs.meetings",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))


__all__ = [
    "ConflictGraph",
    "ConflictResolutionConfig",
    "CoordinationConfig",
    "CoordinationGraph",
    "DelegationConfig",
    "DelegationGraph",
    "ManualDecomposer",
    "MeetingGraph",
    "MeetingProtocolConfig",
    "MeetingTriggers",
    "MeetingType",
    "TriggeredMeeting",
    "WorkspaceConfig",
    "build_conflict_batch_graph",
    "build_conflict_graph",
    "build_coordination_graph",
    "build_delegation_graph",
    "build_meeting_graph",
    "conflict_strategies",
    "create_conflict_batch_graph",
    "create_conflict_graph",
    "create_coordination_graph",
    "create_delegation_graph",
    "create_meeting_graph",
    "meeting_protocols",
    "register_conflict_strategy",
    "register_meeting_protocol",
]
