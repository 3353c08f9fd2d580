"""Key clashes between families in one flat parent state, named instead of failing in pydantic.

The delegation graph and the pipeline both used `task` and `result`. `DelegationKeys` gives the
delegation its own keys (`delegation_task`, `delegation_result`...); a parent state that still
hands one family the other's value gets an `InvalidInputTypeError` naming the key and both families.
"""

from __future__ import annotations

from langgraph_council.nodes._input_errors import InvalidInputTypeError

__all__ = ["key_clash"]


def key_clash(
    key: str, found: object, *, reader: str, writer: str, fix: str
) -> InvalidInputTypeError:
    """The error for `reader` finding `writer`'s value (`found`) in `key`, with the fix."""
    return InvalidInputTypeError(
        f"{key}: the {reader} graph reads {key!r} but found a {type(found).__name__}, the "
        f"{writer}'s {key!r}: both families share {key!r} in this flat state; {fix}"
    )
