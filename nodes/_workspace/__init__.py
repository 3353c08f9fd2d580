"""The git workspace: worktrees per subtask, the merge engine and the merge node."""
