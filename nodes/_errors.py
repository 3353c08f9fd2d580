"""`CouncilError`: the base of every exception this package raises on purpose.

Each subclass also keeps its builtin base, so `except ValueError` keeps working::

    CouncilError
    ├── OrgError (ValueError)                 nodes: an invalid org definition
    ├── PlanError (ValueError)                nodes: a rejected plan
    ├── EscalationError (ValueError)          nodes: an escalation step that cannot be taken
    ├── MeetingRecordClashError (ValueError)  nodes: a meeting id owned by another thread
    ├── PartiesFailedError (RuntimeError)     nodes: every party of a round failed
    ├── WorkspaceError (RuntimeError)         nodes: git refused, or work would be lost
    │   └── WorktreeLimitError                nodes: no free worktree slot
    ├── WorkspacePathError (ValueError)       nodes: a worker tool refused a path
    ├── WorkerError (RuntimeError)            nodes: the worktree worker stopped early
    │   ├── WorkerStepsExhaustedError         nodes: out of max_steps
    │   └── WorkerBudgetExceededError         nodes: out of token_budget
    ├── IsolationUnavailableError (RuntimeError)  nodes: agent-run code needs namespaces; none
    ├── CallTimeoutError (TimeoutError)       nodes: an agent or callable ran past its limit
    ├── ScriptExhaustedError (RuntimeError)   nodes.testing: a scripted model ran out
    ├── EmbeddedPostgresError (RuntimeError)  checkpoints: the embedded server did not start
    ├── ThreadFailedError (RuntimeError)      checkpoints: a thread was given up on
    └── CliError (ValueError)                 graphs: a user mistake on the command line
"""

from __future__ import annotations

__all__ = ["CouncilError"]


class CouncilError(Exception):
    """Base of every exception langgraph-council raises on purpose; catch it to catch them all."""
