"""Compiled LangGraph graphs: this package only wires nodes and guards together.

Its names are imported on first use (PEP 562), so that `council --help` and other light
entry points do not pay for LangGraph at import time.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from langgraph_council.graphs._conflict_batch import (
        build_conflict_batch_graph,
        create_conflict_batch_graph,
    )
    from langgraph_council.graphs._conflicts import (
        ConflictGraph,
        build_conflict_graph,
        conflict_strategies,
        create_conflict_graph,
        register_conflict_strategy,
    )
    from langgraph_council.graphs._coordination import (
        CoordinationGraph,
        build_coordination_graph,
        create_coordination_graph,
    )
    from langgraph_council.graphs._delegation import (
        DelegationGraph,
        build_delegation_graph,
        create_delegation_graph,
    )
    from langgraph_council.graphs._meeting_triggers import (
        MeetingTriggers,
        MeetingType,
        TriggeredMeeting,
    )
    from langgraph_council.graphs._meetings import (
        MeetingGraph,
        build_meeting_graph,
        create_meeting_graph,
        meeting_protocols,
        register_meeting_protocol,
    )
    from langgraph_council.nodes._conflicts import ConflictResolutionConfig
    from langgraph_council.nodes._delegation.models import DelegationConfig
    from langgraph_council.nodes._meetings.config import MeetingProtocolConfig
    from langgraph_council.nodes._pipeline import (
        CoordinationConfig,
        ManualDecomposer,
        WorkspaceConfig,
    )

_LAZY = {
    "ConflictGraph": "langgraph_council.graphs._conflicts",
    "ConflictResolutionConfig": "langgraph_council.nodes._conflicts",
    "CoordinationConfig": "langgraph_council.nodes._pipeline",
    "CoordinationGraph": "langgraph_council.graphs._coordination",
    "DelegationConfig": "langgraph_council.nodes._delegation.models",
    "DelegationGraph": "langgraph_council.graphs._delegation",
    "ManualDecomposer": "langgraph_council.nodes._pipeline",
    "MeetingGraph": "langgraph_council.graphs._meetings",
    "MeetingProtocolConfig": "langgraph_council.nodes._meetings.config",
    "MeetingTriggers": "langgraph_council.graphs._meeting_triggers",
    "MeetingType": "langgraph_council.graphs._meeting_triggers",
    "TriggeredMeeting": "langgraph_council.graphs._meeting_triggers",
    "WorkspaceConfig": "langgraph_council.nodes._pipeline",
    "build_conflict_batch_graph": "langgraph_council.graphs._conflict_batch",
    "build_conflict_graph": "langgraph_council.graphs._conflicts",
    "build_coordination_graph": "langgraph_council.graphs._coordination",
    "build_delegation_graph": "langgraph_council.graphs._delegation",
    "build_meeting_graph": "langgraph_council.graphs._meetings",
    "conflict_strategies": "langgraph_council.graphs._conflicts",
    "create_conflict_batch_graph": "langgraph_council.graphs._conflict_batch",
    "create_conflict_graph": "langgraph_council.graphs._conflicts",
    "create_coordination_graph": "langgraph_council.graphs._coordination",
    "create_delegation_graph": "langgraph_council.graphs._delegation",
    "create_meeting_graph": "langgraph_council.graphs._meetings",
    "meeting_protocols": "langgraph_council.graphs._meetings",
    "register_conflict_strategy": "langgraph_council.graphs._conflicts",
    "register_meeting_protocol": "langgraph_council.graphs._meetings",
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
