"""Conflict resolution: models, state, prompts, one module per strategy, dissent records."""
