"""Every exception langgraph-council raises on purpose, importable by name from this one place.

Catch `CouncilError` to catch them all; each also keeps its builtin base, so `except
ValueError` (or `RuntimeError`) keeps working::

    CouncilError (Exception)
    ├── InvalidInputError (ValueError)             a value given is not accepted
    ├── InvalidInputTypeError (TypeError)          a value given is of the wrong kind
    ├── MissingFileError (FileNotFoundError)       a file named does not exist
    ├── UnreachableDatabaseError (ConnectionError)  no PostgreSQL answered at the URI
    ├── OrgError (ValueError)                      an invalid org definition
    ├── PlanError (ValueError)                     a rejected plan
    ├── EscalationError (ValueError)               an escalation step that cannot be taken
    ├── MeetingRecordClashError (ValueError)       a meeting id owned by another thread
    ├── WorkspacePathError (ValueError)            a worker tool refused a path
    ├── CliError (ValueError)                      a user mistake on the command line
    ├── PartiesFailedError (RuntimeError)          every party of a round failed
    ├── WorkspaceError (RuntimeError)              git refused, or work would be lost
    │   ├── WorktreeLimitError                     no free worktree slot
    │   └── GitLinkError                           a worktree's git link is not council's
    ├── WorkerError (RuntimeError)                 the worktree worker stopped early
    │   ├── WorkerStepsExhaustedError              out of max_steps
    │   └── WorkerBudgetExceededError              out of token_budget
    ├── IsolationUnavailableError (RuntimeError)   commands need isolation; none here
    ├── CallTimeoutError (TimeoutError)            an agent or callable ran past its limit
    ├── ScriptExhaustedError (RuntimeError)        a scripted test model ran out
    ├── EmbeddedPostgresError (RuntimeError)       the embedded server did not start
    ├── MissingExtraError (ImportError)            an optional extra is not installed
    ├── StateVersionError (RuntimeError)           a thread saved by a newer version
    └── ThreadFailedError (RuntimeError)           a thread was given up on

Example:
    >>> from langgraph_council.nodes.errors import CouncilError, WorkerError
    >>> issubclass(WorkerError, CouncilError) and issubclass(WorkerError, RuntimeError)
    True
"""

from langgraph_council.nodes._conflicts.failures import PartiesFailedError
from langgraph_council.nodes._deadline import CallTimeoutError
from langgraph_council.nodes._errors import (
    CliError,
    CouncilError,
    EmbeddedPostgresError,
    MissingExtraError,
    ThreadFailedError,
)
from langgraph_council.nodes._escalation.models import EscalationError
from langgraph_council.nodes._input_errors import (
    InvalidInputError,
    InvalidInputTypeError,
    MissingFileError,
    UnreachableDatabaseError,
)
from langgraph_council.nodes._meetings.records import MeetingRecordClashError
from langgraph_council.nodes._org import OrgError
from langgraph_council.nodes._pipeline.decompose import PlanError
from langgraph_council.nodes._state_version import StateVersionError
from langgraph_council.nodes._worker.commands import IsolationUnavailableError
from langgraph_council.nodes._worker.loop import (
    WorkerBudgetExceededError,
    WorkerError,
    WorkerStepsExhaustedError,
)
from langgraph_council.nodes._worker.paths import WorkspacePathError
from langgraph_council.nodes._workspace.gitlink import GitLinkError
from langgraph_council.nodes._workspace.models import WorkspaceError, WorktreeLimitError
from langgraph_council.nodes.testing import ScriptExhaustedError

__all__ = [
    "CallTimeoutError",
    "CliError",
    "CouncilError",
    "EmbeddedPostgresError",
    "EscalationError",
    "GitLinkError",
    "InvalidInputError",
    "InvalidInputTypeError",
    "IsolationUnavailableError",
    "MeetingRecordClashError",
    "MissingExtraError",
    "MissingFileError",
    "OrgError",
    "PartiesFailedError",
    "PlanError",
    "ScriptExhaustedError",
    "StateVersionError",
    "ThreadFailedError",
    "UnreachableDatabaseError",
    "WorkerBudgetExceededError",
    "WorkerError",
    "WorkerStepsExhaustedError",
    "WorkspaceError",
    "WorkspacePathError",
    "WorktreeLimitError",
]
