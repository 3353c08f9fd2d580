"""Node names of the coordination graph (persisted in checkpoints: public, never renamed)."""

from __future__ import annotations

__all__ = [
    "AWAIT_MERGE_DECISION",
    "CREATE_WORKTREES",
    "DECOMPOSE",
    "DISPATCH",
    "EXECUTE_SUBTASK",
    "FINISH_WORKSPACE",
    "GUARD_HANDOFFS",
    "MERGE_SUBTASKS",
    "OPEN_MERGE_ESCALATION",
    "OPEN_WORKSPACE",
    "RESOLVE_TOPOLOGY",
    "REVIEW_MERGE",
    "ROLLUP",
    "ROUTE",
    "UPDATE_PARENT",
    "VALIDATE",
]

DECOMPOSE = "decompose"
ROUTE = "route"
RESOLVE_TOPOLOGY = "resolve_topology"
VALIDATE = "validate"
GUARD_HANDOFFS = "guard_handoffs"
DISPATCH = "dispatch"
EXECUTE_SUBTASK = "execute_subtask"
ROLLUP = "rollup"
UPDATE_PARENT = "update_parent"
# With a WorkspaceConfig:
OPEN_WORKSPACE = "open_workspace"
CREATE_WORKTREES = "create_worktrees"
MERGE_SUBTASKS = "merge_subtasks"
OPEN_MERGE_ESCALATION = "open_merge_escalation"
AWAIT_MERGE_DECISION = "await_merge_decision"
REVIEW_MERGE = "review_merge"
FINISH_WORKSPACE = "finish_workspace"
