"""docs/design.md's module map, made from the tree: `python -m tests.module_map` rewrites it
(one line per module: its path and the first line of its docstring)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DESIGN = ROOT / "docs" / "design.md"
FOLDERS = ("nodes", "guards", "checkpoints", "graphs")
_LISTED = re.compile(r"^- `([^`]+\.py)`", re.MULTILINE)


def modules() -> list[str]:
    """Every module of the package, as repository-relative paths, in map order."""
    found: list[str] = []
    for folder in FOLDERS:
        paths = sorted((ROOT / folder).rglob("*.py"), key=lambda p: p.relative_to(ROOT).parts)
        found += [p.relative_to(ROOT).as_posix() for p in paths if "__pycache__" not in p.parts]
    return found


def section(text: str) -> tuple[int, int]:
    """Where the map's module lines run in `text`: from the first folder heading to the next
    `## ` heading."""
    start = text.index("\n**`nodes/`**", text.index("## Module map"))
    return start, text.index("\n## ", start)


def listed(text: str) -> list[str]:
    """The module paths the map in `text` lists."""
    start, end = section(text)
    return _LISTED.findall(text[start:end])


def render() -> str:
    lines: list[str] = []
    for folder in FOLDERS:
        lines += ["", f"**`{folder}/`**", ""]
        for path in (m for m in modules() if m.startswith(f"{folder}/")):
            doc = ast.get_docstring(ast.parse((ROOT / path).read_text())) or ""
            first = doc.strip().splitlines()[0] if doc.strip() else ""
            lines.append(f"- `{path}`: {first}")
    return "\n".join(lines) + "\n\n"


def main() -> None:
    text = DESIGN.read_text()
    start, end = section(text)
    DESIGN.write_text(text[:start] + render() + text[end + 1 :])


if __name__ == "__main__":
    main()
