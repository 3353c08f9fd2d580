"""An org definition as given: YAML or JSON text, or a file, read into its `agents:` rows.

Also the error every invalid definition raises (`OrgError`) and the wording of a bad row:
errors name the row's index and id, or the file, and never render the input (an alias bomb
must not print for minutes).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import yaml
from pydantic import ValidationError

from langgraph_council.nodes._errors import CouncilError
from langgraph_council.nodes._input_errors import MissingFileError

__all__ = [
    "YAML_LOADER",
    "OrgError",
    "describe_row",
    "invalid_row",
    "json_data",
    "read_org_file",
    "row_id",
    "rows_of",
    "yaml_data",
]

YAML_LOADER: type[yaml.SafeLoader] | type[yaml.CSafeLoader] = getattr(
    yaml, "CSafeLoader", yaml.SafeLoader
)
"""The safe YAML loader orgs are read with: libyaml's C loader when PyYAML was built with it."""


class OrgError(CouncilError, ValueError):
    """The org definition is invalid; `agent_id` names the offending agent."""

    def __init__(self, message: str, *, agent_id: str | None = None) -> None:
        super().__init__(message)
        self.agent_id = agent_id


def row_id(row: object) -> str | None:
    """The `id` a row gives, when it gives a string one."""
    value = row.get("id") if isinstance(row, Mapping) else None
    return value if isinstance(value, str) else None


def describe_row(index: int, agent_id: str | None) -> str:
    """How an error names a row: `agents[3] (id 'cto')`."""
    return f"agents[{index}]" + (f" (id {agent_id!r})" if agent_id is not None else "")


def invalid_row(index: int, agent_id: str | None, exc: ValidationError) -> OrgError:
    """The error of a row that is not a valid profile: its first five problems, no input."""
    problems = "; ".join(
        f"{'.'.join(map(str, e['loc'])) or 'profile'}: {e['msg']}"
        for e in exc.errors(include_url=False, include_input=False, include_context=False)[:5]
    )
    return OrgError(f"{describe_row(index, agent_id)}: {problems}", agent_id=agent_id)


def rows_of(data: Mapping[str, Any] | Sequence[Mapping[str, Any]]) -> Sequence[Any]:
    """The agent rows of `{"agents": [...]}` or of a bare list."""
    rows = data.get("agents") if isinstance(data, Mapping) else data
    if not isinstance(rows, Sequence) or isinstance(rows, str | bytes):
        raise OrgError(
            f"an org needs an `agents:` list of agent profiles, got {type(rows).__name__}"
        )
    return rows


def yaml_data(text: str) -> Any:
    """YAML text as plain data (a safe loader)."""
    try:
        return yaml.load(text, Loader=YAML_LOADER)  # a safe loader: plain data only
    except yaml.YAMLError as exc:
        raise OrgError(f"the org is not valid YAML: {exc}") from None


def json_data(text: str) -> Any:
    """JSON text as plain data."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise OrgError(f"the org is not valid JSON: {exc}") from None


def read_org_file(path: str | Path) -> tuple[Path, str]:
    """The file at `path` and its UTF-8 text.

    Raises:
        FileNotFoundError: There is no such file.
        ValueError: The file is not UTF-8 text.
    """
    file = Path(path)
    try:
        return file, file.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise OrgError(
            f"{file}: not UTF-8 text (byte {exc.start}); save the org file as UTF-8"
        ) from None
    except FileNotFoundError:
        raise MissingFileError(
            f"Org.load: no file {str(file)!r}; give the path of an org .yaml or .json file"
        ) from None
