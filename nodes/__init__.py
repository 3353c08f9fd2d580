"""Domain models: the org and its agents, the roster, and what each family takes and returns."""

from langgraph_council.nodes._calls.factories import AgentFactory
from langgraph_council.nodes._calls.roster import Roster
from langgraph_council.nodes._conflicts.state import ConflictInput, ConflictKeys
from langgraph_council.nodes._delegation.state import DelegationInput, DelegationKeys
from langgraph_council.nodes._errors import CouncilError
from langgraph_council.nodes._escalation.models import (
    DelegationDecision,
    Escalation,
    EscalationStatus,
    HumanDecision,
    MergeDecision,
)
from langgraph_council.nodes._fencing import fence_peer, fence_task_data
from langgraph_council.nodes._meetings.models import (
    ActionItem,
    Contribution,
    MeetingAgenda,
    MeetingAgendaItem,
    MeetingMinutes,
)
from langgraph_council.nodes._meetings.state import MeetingInput, MeetingKeys
from langgraph_council.nodes._org import (
    AgentProfile,
    CoordinationRule,
    Org,
    OrgError,
    SeniorityLevel,
)
from langgraph_council.nodes._pipeline.attempts import Attempt
from langgraph_council.nodes._pipeline.models import (
    PlanRow,
    SubtaskResult,
    SubtaskRun,
    Task,
)
from langgraph_council.nodes._pipeline.report import CoordinationResult
from langgraph_council.nodes._pipeline.state import CoordinationInput, CoordinationKeys
from langgraph_council.nodes._records.conflicts import (
    Conflict,
    ConflictOutcome,
    ConflictPosition,
    ConflictResolution,
    ConflictType,
    DissentRecord,
)
from langgraph_council.nodes._workspace.models import CheckResult

__all__ = [
    "ActionItem",
    "AgentFactory",
    "AgentProfile",
    "Attempt",
    "CheckResult",
    "Conflict",
    "ConflictInput",
    "ConflictKeys",
    "ConflictOutcome",
    "ConflictPosition",
    "ConflictResolution",
    "ConflictType",
    "Contribution",
    "CoordinationInput",
    "CoordinationKeys",
    "CoordinationResult",
    "CoordinationRule",
    "CouncilError",
    "DelegationDecision",
    "DelegationInput",
    "DelegationKeys",
    "DissentRecord",
    "Escalation",
    "EscalationStatus",
    "HumanDecision",
    "MeetingAgenda",
    "MeetingAgendaItem",
    "MeetingInput",
    "MeetingKeys",
    "MeetingMinutes",
    "MergeDecision",
    "Org",
    "OrgError",
    "PlanRow",
    "Roster",
    "SeniorityLevel",
    "SubtaskResult",
    "SubtaskRun",
    "Task",
    "fence_peer",
    "fence_task_data",
]
