"""README.md stays a five-minute read, and every code block in it runs as written.

Each ```python and ```bash block is copied out of README.md and run as its own process in a
scratch directory outside the checkout, with the installed package only: a block that reads a
file of the repository (`tests/data/org.yaml`) or leans on its source tree fails here. Blocks
not meant to run are marked `<!-- readme-test: skip (why) -->` on the line above; that set stays
small. A block that needs PostgreSQL reads `COUNCIL_DATABASE_URL`, which the test points at a
fresh database of the suite's server.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
README = REPO / "README.md"
MAX_LINES = 350  # issue 31: later sections replace or link, never push it past this
SKIP = "<!-- readme-test: skip ("
MAX_SKIPPED = 3
RUNNERS = {"python": "py", "bash": "sh"}
FENCE = re.compile(r"^```(\w*)\n(.*?)^```[ \t]*$", re.MULTILINE | re.DOTALL)
LINK = re.compile(r"\]\(([^)\s]+)\)")
TIMEOUT = 600  # one hung block must not hang the suite; a busy machine may be slow


@dataclass(frozen=True)
class Block:
    """One fenced code block of a markdown file."""

    line: int  # of the opening fence, 1-based
    lang: str
    code: str
    skip: str | None  # the skip marker's line, when the block is not meant to run

    @property
    def name(self) -> str:
        return f"README.md:{self.line} ({self.lang or 'no language'})"


def blocks(text: str) -> list[Block]:
    """Every fenced block of `text`, with the skip marker on the line above it, if any."""
    found = []
    for match in FENCE.finditer(text):
        before = text[: match.start()].rstrip("\n").splitlines()
        above = before[-1].strip() if before else ""
        found.append(
            Block(
                line=len(before) + 1 if before else 1,
                lang=match.group(1),
                code=match.group(2),
                skip=above if above.startswith(SKIP) else None,
            )
        )
    return found


def _runnable() -> list[Block]:
    """The blocks to run (a block in another language fails the marking test instead)."""
    return [b for b in blocks(README.read_text()) if b.skip is None and b.lang in RUNNERS]


def _slug(heading: str) -> str:
    """GitHub's anchor for a markdown heading."""
    text = heading.lstrip("#").strip().lower().replace("`", "")
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def _anchors(path: Path) -> set[str]:
    text = FENCE.sub("", path.read_text())  # a `# comment` in a block is no heading
    return {_slug(line) for line in text.splitlines() if line.startswith("#")}


def test_the_readme_is_a_five_minute_read() -> None:
    lines = README.read_text().splitlines()
    assert len(lines) <= MAX_LINES, (
        f"README.md has {len(lines)} lines (at most {MAX_LINES}): move long material to docs/ "
        "and link it"
    )


def test_every_block_is_run_or_marked_and_the_marked_set_is_small() -> None:
    every = blocks(README.read_text())
    assert len(every) >= 8, [b.name for b in every]  # the parse found the examples
    skipped = [b for b in every if b.skip is not None]
    assert len(skipped) <= MAX_SKIPPED, [b.name for b in skipped]
    for block in skipped:
        assert re.fullmatch(r"<!-- readme-test: skip \(.+\) -->", block.skip or ""), (
            f"{block.name}: say why it does not run, `{SKIP}why) -->`"
        )
    unknown = [b.name for b in every if b.skip is None and b.lang not in RUNNERS]
    assert not unknown, f"blocks in no runnable language and not marked skip: {unknown}"


def test_no_block_reads_a_file_of_the_checkout() -> None:
    for block in blocks(README.read_text()):
        assert "tests/" not in block.code, f"{block.name} reads tests/: a user has no such file"
        if block.skip is None:
            assert "examples/" not in block.code, f"{block.name} reads examples/ of the checkout"


def test_the_readme_passes_stores_one_way() -> None:
    """`stores=CouncilStores(...)`, never the older store keywords (`guard_store=` stays)."""
    alias = re.compile(r"\b(escalations|dissent_store|records|loop_records)=")
    for block in blocks(README.read_text()):
        assert not alias.search(block.code), f"{block.name} passes a store by an alias keyword"


def test_every_link_of_the_readme_resolves() -> None:
    for target in LINK.findall(README.read_text()):
        if target.startswith(("http://", "https://", "mailto:")):
            continue
        path, _, anchor = target.partition("#")
        file = (REPO / path) if path else README
        assert file.exists(), f"README.md links to {target}: no such file"
        if anchor:
            assert anchor in _anchors(file), f"README.md links to {target}: no such heading"


def _environment(database_uri: str) -> dict[str, str]:
    """The user's environment as a fresh shell has it: the installed package, no checkout."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
    env["COUNCIL_DATABASE_URL"] = database_uri
    return env


def _command(block: Block, script: Path) -> list[str]:
    if block.lang == "python":  # a spelling that is going away fails the block
        return [sys.executable, "-W", "error::DeprecationWarning", str(script)]
    return ["bash", "-euo", "pipefail", str(script)]


@pytest.mark.postgres
def test_every_block_runs_from_a_scratch_directory_outside_the_checkout(
    tmp_path: Path, pg_uri: str
) -> None:
    assert not tmp_path.resolve().is_relative_to(REPO)
    env = _environment(pg_uri)
    running = []
    for block in _runnable():  # all at once: each is a process of its own
        workdir = tmp_path / f"block_{block.line}"
        workdir.mkdir()
        script = workdir / f"readme_{block.line}.{RUNNERS[block.lang]}"
        script.write_text(block.code)
        process = subprocess.Popen(
            _command(block, script),
            cwd=workdir,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        running.append((block, process))
    failed = []
    for block, process in running:
        out, err = process.communicate(timeout=TIMEOUT)
        if process.returncode != 0:
            failed.append(f"{block.name} exited {process.returncode}:\n{out}\n{err}")
    assert not failed, "\n\n".join(failed)
