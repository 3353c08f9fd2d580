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
    "REASSIGN_SUBTASK",
    "REPLAN_SUBTASK",
    "RESOLVE_TOPOLOGY",
    "RETRY_SUBTASK",
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
# Recovery of a failed subtask (dispatch goes to one, which leads back to dispatch):
RETRY_SUBTASK = "retry_subtask"
REASSIGN_SUBTASK = "reassign_subtask"
REPLAN_SUBTASK = "replan_subtask"
# With a WorkspaceConfig:
OPEN_WORKSPACE = "open_workspace"
CREATE_WORKTREES = "create_worktrees"
MERGE_SUBTASKS = "merge_subtasks"
OPEN_MERGE_ESCALATION = "open_merge_escalation"
AWAIT_MERGE_DECISION = "await_merge_decision"
REVIEW_MERGE = "review_merge"
FINISH_WORKSPACE = "finish_workspace"
