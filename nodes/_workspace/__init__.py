"""The git engine: worktrees per subtask, the merge engine, merge checks, tree paths, its models."""
