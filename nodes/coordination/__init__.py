"""Coordination pipeline: decomposition, routing, dispatch, git workspaces and merges."""
