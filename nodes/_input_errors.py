"""The errors of bad input: `CouncilError` subclasses that keep the builtin a caller catches.

Issue 34 item 4: every mistake a user can make with a public function or the CLI raises one
of these (or another `CouncilError` subclass) with a one-line message naming the field and the
fix. Pydantic's multi-line `ValidationError` is converted at the public boundary: the models
users construct derive from `CouncilModel`, whose constructor re-raises it as an
`InvalidInputError` (a `ValueError`) with the first problem on one line.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ValidationError

from langgraph_council.nodes._errors import CouncilError

__all__ = [
    "CouncilModel",
    "InvalidInputError",
    "InvalidInputTypeError",
    "MissingFileError",
    "UnreachableDatabaseError",
    "one_line",
]


class InvalidInputError(CouncilError, ValueError):
    """A value a user gave is not accepted; the message names the field and the fix."""


class InvalidInputTypeError(CouncilError, TypeError):
    """A value a user gave is of the wrong kind; the message names the field and the fix."""


class MissingFileError(CouncilError, FileNotFoundError):
    """A file a user named does not exist."""


class UnreachableDatabaseError(CouncilError, ConnectionError):
    """No PostgreSQL server answered at the URI a user gave."""


def one_line(exc: ValidationError, model: str) -> str:
    """The first problem of `exc` as `Model.field: message` on one line (and how many more)."""
    errors = exc.errors()
    first = errors[0]
    where = ".".join(_label(p) for p in first["loc"])
    message = str(first["msg"]).removeprefix("Value error, ")
    more = f" (and {len(errors) - 1} more problem(s))" if len(errors) > 1 else ""
    if where and where in message:  # the validator already named the field
        text = f"{message}{more}"
    else:
        text = f"{model}.{where}: {message}{more}" if where else f"{model}: {message}{more}"
    return " ".join(text.split())


class CouncilModel(BaseModel):
    """A pydantic model users construct: a bad field is one `InvalidInputError` line."""

    def __init__(self, /, **data: Any) -> None:
        try:
            super().__init__(**data)
        except ValidationError as exc:
            raise InvalidInputError(one_line(exc, type(self).__name__)) from None


def _label(part: object) -> str:
    """A location part as the message shows it: quoted when it would not be seen as it is (an
    empty or padded key, a control character), so an unknown key `''` is still named."""
    text = str(part)
    return text if text and text.strip() == text and text.isprintable() else repr(part)
