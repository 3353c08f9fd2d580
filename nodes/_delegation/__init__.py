"""Delegation: hand-off models, graph state, the `delegate_to` tool and the agent turn."""
