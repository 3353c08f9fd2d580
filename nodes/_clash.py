"""Key clashes between families in one flat parent state, named instead of failing in pydantic.

The delegation graph and the pipeline both used `task` and `result`. `DelegationKeys` gives the
delegation its own keys (`delegation_task`, `delegation_result`...); a parent state that still
hands one family the other's value gets a `KeyClashError` naming the key and both families.
"""

from __future__ import annotations

from langgraph_council.nodes._errors import CouncilError

__all__ = ["KeyClashError", "key_clash"]


class KeyClashError(CouncilError, TypeError):
    """A state key held another family's value (e.g. the pipeline's `Task` in the delegation's
    `task`). Carries the `key` and the two `families`."""

    def __init__(self, message: str, *, key: str, families: tuple[str, str]) -> None:
        super().__init__(message)
        self.key = key
        self.families = families


def key_clash(key: str, found: object, *, reader: str, writer: str, fix: str) -> KeyClashError:
    """The error for `reader` finding `writer`'s value (`found`) in `key`, with the fix."""
    return KeyClashError(
        f"{key}: the {reader} graph reads {key!r} but found a {type(found).__name__}, the "
        f"{writer}'s {key!r}: both families share {key!r} in this flat state; {fix}",
        key=key,
        families=(reader, writer),
    )
