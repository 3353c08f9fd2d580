"""Old module paths of checkpointed classes, so threads saved before the private layout load.

Checkpoints name each model by `(module, class)`. Version 0.1 kept its models in public
modules (`langgraph_council.nodes.meetings.models`, ...); they now live in private ones. Each
old path is registered as an alias module whose attributes are looked up by class name among
the classes this package checkpoints today (names are unique there; a test keeps them so), so
an old record rebuilds the class wherever it lives now. The allowlist names both paths.

Layering `nodes/` (issue 31) moved more classes: the conflict records left
`nodes._conflicts.models` (gone, so it is an alias module like the 0.1 ones), and two models
left modules that still exist (`MOVED_CLASSES`): those modules keep the name as an attribute.
"""

from __future__ import annotations

import importlib
import sys
import types
from collections.abc import Callable, Iterable
from typing import Any

__all__ = ["LEGACY_MODULES", "MOVED_CLASSES", "install_legacy_modules", "with_legacy_paths"]

LEGACY_MODULES = (
    "langgraph_council.nodes.conflicts.config",
    "langgraph_council.nodes.conflicts.models",
    "langgraph_council.nodes.coordination.config",
    "langgraph_council.nodes.coordination.models",
    "langgraph_council.nodes.coordination.report",
    "langgraph_council.nodes.coordination.workspace_models",
    "langgraph_council.nodes.delegation.models",
    "langgraph_council.nodes.delegation.state",
    "langgraph_council.nodes.escalation.models",
    "langgraph_council.nodes.meetings.config",
    "langgraph_council.nodes.meetings.models",
    "langgraph_council.nodes.org",
    "langgraph_council.nodes._conflicts.models",
)
"""Gone modules whose classes appear in checkpoints (every model, enum and dataclass): those of
0.1, and the conflict records' module before `nodes/` was layered (now `nodes._records`)."""

MOVED_CLASSES = (
    ("langgraph_council.nodes._pipeline.attempts", "CheckResult"),
    ("langgraph_council.nodes._workspace.models", "SemanticIssue"),
)
"""`(old module, class)` of checkpointed classes that left a module which still exists (now in
`nodes._workspace.models` and `nodes._semantic.issues`)."""


class _Alias(types.ModuleType):
    """A stand-in for an old module: `getattr` finds the class by name where it lives now."""

    def __init__(self, name: str, classes: Callable[[], dict[str, type]]) -> None:
        super().__init__(name, "Alias of a gone langgraph-council module for old checkpoints.")
        self._classes = classes

    def __getattr__(self, attr: str) -> Any:
        found = self._classes().get(attr)
        if found is None:
            raise AttributeError(
                f"{self.__name__!r} (an alias for old checkpoints) has no {attr!r}"
            )
        return found


def install_legacy_modules(classes: Callable[[], dict[str, type]]) -> None:
    """Register the old module paths (idempotent); `classes` maps class names to classes.

    A moved class's old module that still exists gets the class as an attribute if it lost it.
    """
    for name in LEGACY_MODULES:
        if name not in sys.modules:
            sys.modules[name] = _Alias(name, classes)
    for module, attr in MOVED_CLASSES:
        old = importlib.import_module(module)
        if not hasattr(old, attr):
            setattr(old, attr, classes()[attr])


def with_legacy_paths(allowed: Iterable[tuple[str, ...]]) -> set[tuple[str, ...]]:
    """`allowed` plus each of this package's entries under every old module path."""
    keys = set(allowed)
    ours = [key for key in keys if key[0].startswith("langgraph_council.")]
    for module in LEGACY_MODULES:
        keys.update((module, *key[1:]) for key in ours)
    keys.update(MOVED_CLASSES)
    return keys
