"""The agent-call layer: the roster, the one call node, replies, structured output, budgets."""
