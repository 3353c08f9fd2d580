"""The worker's `search` with a model's regular expression, run in a child process it can kill.

Python's `re` backtracks and cannot be interrupted: `(x+x+)+y` on a line of 40 `x`s would hold
the worker (and, holding the GIL, the whole process) for hours. So a regex search runs in a
separate interpreter (`python -I -S` on this very file: standard library only, no site, no
environment) that is killed at `REGEX_TIMEOUT_SECONDS`; the tool then reports the time-out to
the model. Literal searches never backtrack and stay in the worker's process.
"""

from __future__ import annotations

import json
import os
import re
import stat
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

__all__ = ["REGEX_TIMEOUT_SECONDS", "match_lines", "regex_search"]

REGEX_TIMEOUT_SECONDS = 10.0
"""How long one `search` with `regex=true` may take, over every file it reads."""

_MAX_BYTES = 1_000_000
_FLAGS = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC


def _text(path: Path) -> str | None:
    """The text of the regular file `path` (no link, no FIFO, not too big, not binary)."""
    try:
        fd = os.open(path, _FLAGS)
    except OSError:
        return None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode) or info.st_size > _MAX_BYTES:
            return None
        chunks = []
        while chunk := os.read(fd, 1 << 16):
            chunks.append(chunk)
        data = b"".join(chunks)
    finally:
        os.close(fd)
    return None if b"\x00" in data[:8192] else data.decode("utf-8", "replace")


def match_lines(
    root: Path, files: Sequence[str], matcher: re.Pattern[str], limit: int
) -> list[tuple[str, int, str]]:
    """(file, line number, line) of the first `limit` lines that `matcher` finds in `files`
    (paths relative to `root`); files that are not regular text files are skipped."""
    found: list[tuple[str, int, str]] = []
    for rel in files:
        text = _text(root / rel)
        for number, line in enumerate(text.splitlines() if text else (), 1):
            if matcher.search(line):
                found.append((rel, number, line))
                if len(found) >= limit:
                    return found
    return found


def regex_search(
    root: Path,
    files: Sequence[str],
    pattern: str,
    limit: int,
    *,
    timeout: float = REGEX_TIMEOUT_SECONDS,
) -> list[tuple[str, int, str]] | None:
    """`match_lines` with `pattern` compiled as a regex, in a child process killed at `timeout`;
    None when it did not end in time (the caller tells the model)."""
    request = json.dumps({"root": str(root), "files": list(files), "pattern": pattern,
                          "limit": limit})  # fmt: skip
    argv = [sys.executable, "-I", "-S", str(Path(__file__).resolve())]
    try:
        done = subprocess.run(
            argv, input=request.encode(), capture_output=True, timeout=timeout, env={},
            check=True,
        )  # fmt: skip
    except subprocess.TimeoutExpired:
        return None
    return [(str(f), int(n), str(line)) for f, n, line in json.loads(done.stdout)]


def _main() -> None:
    request = json.loads(sys.stdin.buffer.read())
    matcher = re.compile(request["pattern"])
    found = match_lines(Path(request["root"]), request["files"], matcher, request["limit"])
    sys.stdout.write(json.dumps(found))


if __name__ == "__main__":
    _main()
