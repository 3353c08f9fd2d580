"""The built-in worktree worker: file tools confined to a worktree, a command tool, prompts."""
