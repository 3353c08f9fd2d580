"""The one sandbox for agent-run code: `check=` commands and the worker's `run_command`.

Code an agent wrote (a test, a script) runs through `run_sandboxed`, which gives it:

- an environment built from an allowlist, never this process's: `PATH`, `HOME` and `TMPDIR`
  (a private temporary directory, removed afterwards), `PWD`, the quiet variables
  (`QUIET_ENV`), the variables the user allows by name (`env_allow`) and fixed ones (`env`);
- on Linux its own user, PID and mount namespaces (`unshare --user --map-root-user --pid
  --fork --kill-child --mount-proc`, plus `--net` without network): `/proc` shows only its own
  processes, so no ancestor's `/proc/<pid>/environ` can be read, and when the command ends (or
  is killed) the kernel kills everything it started, `setsid` children included. Where no
  namespace can be made the run refuses (`IsolationUnavailableError`) unless the caller opted
  out by name (`isolation="best_effort"`);
- the user's repository read-only (`SandboxSpec.read_only`: its work tree and git common
  dir, given by the pipeline, never read from the worktree): inside the mount namespace the
  worktree is bind-mounted onto itself, each protected folder is bind-mounted onto itself
  and remounted read-only (the worktree's own mount, beneath, stays writable), and the
  command runs in a nested user and mount namespace, where those mounts are locked (it can
  neither remount them writable nor unmount them). Only `isolation="best_effort"` runs a
  command whose repository cannot be made read-only;
- a bound on what it writes: stdout and stderr go to one anonymous temporary file that is
  watched while it runs; at `max_file_bytes` the command is stopped and reported, and every
  file it writes is held to the same size (`RLIMIT_FSIZE` via `prlimit`);
- output scrubbed (`scrub`) of the values of this process's variables it was not given, before
  the text reaches a prompt, a result or a checkpoint.
"""

from __future__ import annotations

import contextlib
import functools
import logging
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Literal, TypeAlias

from langgraph_council.nodes._errors import CouncilError

__all__ = [
    "DEFAULT_MAX_FILE_BYTES",
    "QUIET_ENV",
    "Isolation",
    "IsolationUnavailableError",
    "Reader",
    "SandboxOutcome",
    "SandboxSpec",
    "namespace_prefix",
    "read_ends",
    "read_only_wrapper",
    "read_tail",
    "require_isolation",
    "run_sandboxed",
    "scrub",
]

logger = logging.getLogger(__name__)

Isolation: TypeAlias = Literal["required", "best_effort"]
"""`required` refuses to run where no namespace can be made; `best_effort` runs unisolated."""

DEFAULT_MAX_FILE_BYTES = 100_000_000
"""The default bound on a command's output and on each file it writes (100 MB)."""

QUIET_ENV: Mapping[str, str] = {
    "PYTHONDONTWRITEBYTECODE": "1",  # no __pycache__ left for the pipeline to commit
    "PYTEST_ADDOPTS": "-p no:cacheprovider",  # no .pytest_cache either
    "RUFF_NO_CACHE": "true",
    "LANG": "C.UTF-8",
    "LC_ALL": "C.UTF-8",
}
"""Fixed variables every sandboxed command gets (caches off, a UTF-8 locale)."""

SECRET_MIN_CHARS = 8
"""Values shorter than this are not scrubbed (they would mangle ordinary output)."""

_POLL_SECONDS = 0.1

Reader: TypeAlias = Callable[[IO[bytes]], str]
"""Turns the command's output file (at its start) into the text kept."""


class IsolationUnavailableError(CouncilError, RuntimeError):
    """Agent-run code must be isolated (`isolation="required"`) but no namespace can be made."""


@dataclass(frozen=True, slots=True)
class SandboxSpec:
    """How one command runs; `opt_out` names the setting that runs it without namespaces."""

    timeout: float
    opt_out: str
    env_allow: tuple[str, ...] = ()
    env: Mapping[str, str] = field(default_factory=dict)
    network: bool = True
    isolation: Isolation = "required"
    max_file_bytes: int = DEFAULT_MAX_FILE_BYTES
    read_only: tuple[Path, ...] = ()
    """Folders the command may read but never write (the user's repository): the pipeline's
    own knowledge of them, never the worktree's `.git` file."""


@dataclass(frozen=True, slots=True)
class SandboxOutcome:
    """A finished command: exit code (None when killed), why it was killed, scrubbed output."""

    exit_code: int | None
    output: str
    timed_out: bool = False
    output_exceeded: bool = False


@functools.cache
def namespace_prefix(network: bool) -> tuple[str, ...] | None:
    """The `unshare` argv that isolates a command here (probed once), or None."""
    unshare = shutil.which("unshare")
    if not unshare or not sys.platform.startswith("linux"):
        return None
    prefix: tuple[str, ...] = (unshare, "--user", "--map-root-user", "--pid", "--fork")
    prefix += ("--kill-child",)
    prefix += ("--mount-proc",) if network else ("--mount-proc", "--net")
    env = {"PATH": os.environ.get("PATH", os.defpath)}
    try:
        probe = subprocess.run(
            [*prefix, "--", "true"], capture_output=True, check=False, timeout=30, env=env
        )
    except (OSError, subprocess.TimeoutExpired):
        return None
    return prefix if probe.returncode == 0 else None


# Run by `sh` as PID 1 of the namespace: `$1` is `unshare`, `$2` the worktree, then the folders
# to protect up to `--`, then the command's argv, which is only ever passed on as "$@" (never
# read by the shell). The worktree is bind-mounted onto itself first, so that each protected
# folder's recursive bind copies it as a separate mount: the read-only remount changes only
# the top mount and the worktree stays writable. `cd` again after mounting: the working
# directory inherited from before still points into the old, writable mounts. The nested
# `unshare` locks the mounts (they now come from a more privileged namespace), so the command,
# root in its own namespace, can neither remount them writable nor unmount them.
_READ_ONLY_SCRIPT = r"""set -e
unshare=$1 work=$2
shift 2
mount --bind -- "$work" "$work"
while [ "$1" != "--" ]; do
  mount --rbind -- "$1" "$1"
  mount -o remount,bind,ro -- "$1"
  shift
done
shift
cd -- "$work"
exec "$unshare" --user --map-root-user --mount -- "$@"
"""


def read_only_wrapper(
    prefix: Sequence[str], work: Path, read_only: Sequence[Path]
) -> tuple[str, ...]:
    """The argv that, after the namespace `prefix`, makes `read_only` read-only and `work`
    writable, then runs what follows it (the command's argv, appended unchanged)."""
    sh = shutil.which("sh") or "/bin/sh"
    paths = [str(p) for p in read_only]
    return (*prefix, sh, "-c", _READ_ONLY_SCRIPT, "council-sandbox", prefix[0], str(work),
            *paths, "--")  # fmt: skip


@functools.cache
def _read_only_works(prefix: tuple[str, ...]) -> bool:
    """True when the read-only mounts can be made here (probed once, on a temporary folder)."""
    with tempfile.TemporaryDirectory(prefix="council-probe-") as top:
        work, kept = Path(top, "work"), Path(top)
        work.mkdir()
        argv = [*read_only_wrapper(prefix, work, (kept,)), "sh", "-c", "touch x && ! touch ../y"]
        env = {"PATH": os.environ.get("PATH", os.defpath)}
        try:
            probe = subprocess.run(
                argv, capture_output=True, check=False, timeout=30, env=env, cwd=work
            )
        except (OSError, subprocess.TimeoutExpired):
            return False
        return probe.returncode == 0 and not Path(top, "y").exists()


def require_isolation(spec: SandboxSpec) -> tuple[str, ...]:
    """The isolating prefix for `spec`, () after an opt-out where none works.

    Raises:
        IsolationUnavailableError: No namespace here, or `spec.read_only` cannot be made
            read-only, and `spec.isolation` is `"required"`.
    """
    prefix = namespace_prefix(spec.network)
    if prefix is not None and (not spec.read_only or _read_only_works(prefix)):
        return prefix
    if spec.isolation == "required":
        what = "its own user and PID namespace" if prefix is None else (
            "its own user and mount namespace with the repository mounted read-only"
        )  # fmt: skip
        raise IsolationUnavailableError(
            f"agent-run code needs {what} (Linux `unshare` and `mount`, as root or with "
            f"unprivileged user namespaces) and that cannot be made here; opt out with "
            f"{spec.opt_out}"
        )
    if spec.read_only:
        logger.warning("agent-run code can write the user's repository (%s)", spec.opt_out)
    if prefix is not None:
        return prefix
    logger.warning("agent-run commands run without namespaces (%s)", spec.opt_out)
    return ()


def _command(argv: Sequence[str], root: Path, spec: SandboxSpec) -> tuple[list[str], bool]:
    """The full argv (size limit, namespaces, the read-only mounts where they work, `argv`)
    and whether it runs in a namespace."""
    prefix = require_isolation(spec)
    protect = _existing(spec.read_only)
    if prefix and protect and _read_only_works(prefix):
        prefix = read_only_wrapper(prefix, root.resolve(), protect)
    return [*_size_limit(spec), *prefix, *argv], bool(prefix)


def _existing(paths: Sequence[Path]) -> tuple[Path, ...]:
    """`paths` resolved, without duplicates or missing ones (nothing to protect there)."""
    found = {p.resolve() for p in paths if p.exists()}
    return tuple(sorted(found))


def _environment(spec: SandboxSpec, root: Path, home: str) -> dict[str, str]:
    env = {"PATH": os.environ.get("PATH", os.defpath), "HOME": home, "TMPDIR": home}
    env.update(QUIET_ENV)
    env["PWD"] = str(root)
    env.update({name: os.environ[name] for name in spec.env_allow if name in os.environ})
    env.update(spec.env)
    return env


def scrub(text: str, visible: Mapping[str, str]) -> str:
    """`text` with the value of every variable of this process that is not in `visible`
    (a value the command was not given) replaced by `[hidden $NAME]`.

    Values under `SECRET_MIN_CHARS` characters and absolute paths that exist on this machine
    (`HOME`, `VIRTUAL_ENV`: no secret, and common in output) are left alone.
    """
    given = set(visible.values())
    hidden: dict[str, str] = {}
    for name, value in os.environ.items():
        if len(value) < SECRET_MIN_CHARS or value in given:
            continue
        if value.startswith("/") and os.path.lexists(value):
            continue
        hidden.setdefault(value, name)
    for value in sorted(hidden, key=len, reverse=True):
        text = text.replace(value, f"[hidden ${hidden[value]}]")
    return text


def _children(pid: int) -> list[int]:
    with contextlib.suppress(OSError, ValueError):
        return [int(c) for c in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    return []


def _kill(process: subprocess.Popen[bytes], namespaced: bool) -> None:
    """Kill the command and everything it started, and wait until they are gone.

    In a namespace the first process (`unshare`'s child, PID 1 inside) is killed first:
    `unshare` returns only once the kernel has killed and reaped the whole namespace, whereas
    killing `unshare` itself would leave that teardown running after we return.
    """
    if namespaced:
        for pid in _children(process.pid):
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(timeout=10)
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGKILL)
    process.wait()


def _watch(
    process: subprocess.Popen[bytes], sink: IO[bytes], spec: SandboxSpec, namespaced: bool
) -> tuple[int | None, bool, bool]:
    """Wait for the command: (exit code or None, timed out, output over the bound)."""
    deadline = time.monotonic() + spec.timeout
    while True:
        left = deadline - time.monotonic()
        try:
            code = process.wait(timeout=max(0.0, min(_POLL_SECONDS, left)))
        except subprocess.TimeoutExpired:
            code = None
        size = os.fstat(sink.fileno()).st_size
        if size >= spec.max_file_bytes:
            if code is None:
                _kill(process, namespaced)
            return None, False, True
        if code is not None:
            return code, False, False
        if left <= 0:
            _kill(process, namespaced)
            return None, True, False


def _size_limit(spec: SandboxSpec) -> list[str]:
    prlimit = shutil.which("prlimit") if sys.platform.startswith("linux") else None
    return [prlimit, f"--fsize={spec.max_file_bytes}", "--"] if prlimit else []


def run_sandboxed(
    argv: Sequence[str], root: Path, spec: SandboxSpec, read: Reader
) -> SandboxOutcome:
    """Run `argv` (no shell) in `root` under `spec`; `read` turns the output file into text.

    Raises:
        IsolationUnavailableError: No namespace can be made and `spec` did not opt out.
        OSError: The program could not be started.
    """
    command, namespaced = _command(argv, root, spec)
    home = tempfile.mkdtemp(prefix="council-sandbox-")
    try:
        env = _environment(spec, root, home)
        with tempfile.TemporaryFile() as sink:
            process = subprocess.Popen(
                command, cwd=root, env=env,
                stdin=subprocess.DEVNULL, stdout=sink, stderr=subprocess.STDOUT,
                start_new_session=True,
            )  # fmt: skip
            code, timed_out, exceeded = _watch(process, sink, spec, namespaced)
            sink.seek(0)
            text = read(sink)
    finally:
        shutil.rmtree(home, ignore_errors=True)
    return SandboxOutcome(code, scrub(text, env), timed_out, exceeded)


def read_tail(chars: int) -> Reader:
    """A reader keeping the output's last `chars` characters."""

    def read(handle: IO[bytes]) -> str:
        size = handle.seek(0, os.SEEK_END)
        handle.seek(max(0, size - chars * 4))
        text = handle.read().decode("utf-8", errors="replace")
        return text if len(text) <= chars else "…" + text[-(chars - 1) :]

    return read


def read_ends(cap: int) -> Reader:
    """A reader keeping all the output, or its first and last `cap // 2` bytes."""

    def read(handle: IO[bytes]) -> str:
        size = handle.seek(0, os.SEEK_END)
        handle.seek(0)
        if size <= cap:
            return handle.read().decode("utf-8", "replace")
        half = cap // 2
        head = handle.read(half).decode("utf-8", "replace")
        handle.seek(size - half)
        tail = handle.read().decode("utf-8", "replace")
        return f"{head}\n[... {size - 2 * half} bytes of output cut ...]\n{tail}"

    return read
