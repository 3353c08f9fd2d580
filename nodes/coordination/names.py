"""Node names of the coordination graph (persisted in checkpoints: public, never renamed)."""

from __future__ import annotations

__all__ = [
    "DECOMPOSE",
    "DISPATCH",
    "EXECUTE_SUBTASK",
    "GUARD_HANDOFFS",
    "RESOLVE_TOPOLOGY",
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
