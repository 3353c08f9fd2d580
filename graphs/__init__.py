"""Compiled LangGraph graphs: this package only wires nodes and guards together."""

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
