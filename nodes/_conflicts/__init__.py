"""Conflict resolution: state, prompts, one module per strategy, dissent records."""
