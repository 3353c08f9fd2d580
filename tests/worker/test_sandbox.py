"""Agent-run code gets no secrets (issue 30 item 2): `run_command` and `check=` commands share a
sandbox that hides this process's environment (also through `/proc`), kills what the command
started, bounds what it writes, refuses arguments tools expand themselves, and scrubs output."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from langchain_core.tools import ToolException

from langgraph_council.graphs import CommandPolicy, WorkspaceConfig
from langgraph_council.nodes._worker.commands import IsolationUnavailableError, run_command
from langgraph_council.nodes._workspace import sandbox
from langgraph_council.nodes._workspace.subtask_check import SubtaskChecker
from langgraph_council.nodes._workspace.subtask_check import run_command as run_check

PY = sys.executable
SECRET_NAME = "COUNCIL_TEST_SECRET_X7Q"
SECRET = "s3cr3t-" + uuid.uuid4().hex

pytestmark = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="the namespaces are Linux's"
)

# Code "the agent wrote": look for the variable in its own environment, in every ancestor's
# /proc/<pid>/environ, and in every environ /proc shows at all.
PROBE = f"""
import os
name = {SECRET_NAME!r}
if name in os.environ:
    print("VISIBLE:" + os.environ[name])
pid, seen = os.getpid(), set()
while pid > 1 and pid not in seen:
    seen.add(pid)
    with open(f"/proc/{{pid}}/status") as status:
        pid = int(next(l for l in status if l.startswith("PPid:")).split()[1])
    print("ancestor", pid)
for entry in os.listdir("/proc"):
    if entry.isdigit():
        try:
            blob = open(f"/proc/{{entry}}/environ", "rb").read().decode(errors="replace")
        except OSError:
            continue
        for item in blob.split("\\0"):
            if item.startswith(name + "="):
                print("LEAK via /proc/" + entry + ":" + item)
print("probe done")
"""


@pytest.fixture
def secret(monkeypatch: pytest.MonkeyPatch) -> str:
    """An oddly named variable of this (the parent) process."""
    monkeypatch.setenv(SECRET_NAME, SECRET)
    return SECRET


def _policy(tmp_path: Path, name: str, body: str, **kw: object) -> CommandPolicy:
    (tmp_path / name).write_text(body)
    return CommandPolicy(allow=[[PY, name]], **kw)  # type: ignore[arg-type]


def _check(argv: list[str], root: Path, **ws: object) -> str:
    config = WorkspaceConfig(repo_path=root, **ws)  # type: ignore[arg-type]
    spec = sandbox.SandboxSpec(
        config.check_timeout_seconds, "test", env_allow=config.check_env_allow,
        max_file_bytes=config.check_max_file_bytes,
    )  # fmt: skip
    result = run_check(argv, root, timeout=60, output_chars=4000, sandbox=spec)
    return result.output


# Runs the agent's probe from a process whose environment, from its start, holds the secret:
# `/proc/<pid>/environ` shows a process's initial environment, not a later `os.environ` change.
DRIVER = """
import sys
from pathlib import Path
root, py = Path(sys.argv[2]), sys.executable
if sys.argv[1] == "run_command":
    from langgraph_council.graphs import CommandPolicy
    from langgraph_council.nodes._worker.commands import run_command
    print(run_command(f"{py} probe.py", root, CommandPolicy(allow=[[py, "probe.py"]])))
else:
    from langgraph_council.nodes._workspace.subtask_check import run_command
    print(run_command([py, "probe.py"], root, timeout=60, output_chars=4000).output)
"""


@pytest.mark.parametrize("via", ["run_command", "check"])
def test_agent_code_cannot_read_a_parent_secret(tmp_path: Path, via: str) -> None:
    (tmp_path / "probe.py").write_text(PROBE)
    parent = {**os.environ, SECRET_NAME: SECRET}
    ran = subprocess.run(
        [PY, "-c", DRIVER, via, str(tmp_path)], env=parent, capture_output=True, text=True,
        check=True, timeout=300,
    )  # fmt: skip
    out = ran.stdout
    assert "probe done" in out
    assert SECRET not in out and "LEAK" not in out and "VISIBLE" not in out
    assert "[hidden" not in out  # it never reached the code: not merely scrubbed


def test_a_secret_allowed_by_name_is_visible(tmp_path: Path, secret: str) -> None:
    policy = _policy(tmp_path, "probe.py", PROBE, env_allow=[SECRET_NAME])
    assert f"VISIBLE:{secret}" in run_command(f"{PY} probe.py", tmp_path, policy)
    assert f"VISIBLE:{secret}" in _check([PY, "probe.py"], tmp_path, check_env_allow=[SECRET_NAME])


def test_output_carrying_a_parent_secret_is_scrubbed(tmp_path: Path, secret: str) -> None:
    """The value reached the code some other way (a file here): it never reaches the model."""
    (tmp_path / "leaked.txt").write_text(f"token={secret}\n")
    show = "print(open('leaked.txt').read())"
    out = run_command(f"{PY} show.py", tmp_path, _policy(tmp_path, "show.py", show))
    assert secret not in out and f"token=[hidden ${SECRET_NAME}]" in out
    checked = _check([PY, "show.py"], tmp_path)
    assert secret not in checked and f"token=[hidden ${SECRET_NAME}]" in checked


def _processes_with(token: str) -> list[int]:
    found = []
    for entry in os.listdir("/proc"):
        with contextlib.suppress(OSError):
            if entry.isdigit() and token.encode() in Path(f"/proc/{entry}/cmdline").read_bytes():
                found.append(int(entry))
    return found


@contextlib.contextmanager
def _orphan_script(tmp_path: Path) -> Iterator[tuple[str, str]]:
    """A script that starts a detached child (new session) and returns; kills leftovers."""
    token = f"council-orphan-{uuid.uuid4().hex}"
    (tmp_path / "detach.py").write_text(
        "import subprocess, sys\n"
        f"subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(300)', {token!r}],"
        " start_new_session=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)\n"
        "print('detached')\n"
    )
    try:
        yield "detach.py", token
    finally:
        for pid in _processes_with(token):
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)


@pytest.mark.parametrize("via", ["run_command", "check", "timeout"])
def test_a_detached_child_does_not_outlive_its_command(tmp_path: Path, via: str) -> None:
    with _orphan_script(tmp_path) as (script, token):
        if via == "run_command":
            out = run_command(f"{PY} {script}", tmp_path, CommandPolicy(allow=[[PY, script]]))
        elif via == "check":
            out = _check([PY, script], tmp_path)
        else:  # the command itself hangs after detaching its child: killed at 2 s
            with (tmp_path / script).open("a") as handle:
                handle.write("import sys, time\nsys.stdout.flush()\ntime.sleep(120)\n")
            hang = CommandPolicy(allow=[[PY, script]], timeout_seconds=2)
            out = run_command(f"{PY} {script}", tmp_path, hang)
            assert out.startswith("timed out after 2 s")
        assert "detached" in out
        assert _processes_with(token) == []


WRITER = "import sys\nchunk = b'x' * 1_000_000\nfor _ in range(400):\n    {}\n"


@pytest.mark.parametrize(
    ("statement", "file"),
    [("sys.stdout.buffer.write(chunk)", None), ("open('big.bin', 'ab').write(chunk)", "big.bin")],
)
def test_a_400_mb_writer_is_stopped_at_the_bound(
    tmp_path: Path, statement: str, file: str | None
) -> None:
    bound = 2_000_000
    policy = _policy(tmp_path, "w.py", WRITER.format(statement), max_file_bytes=bound)
    out = run_command(f"{PY} w.py", tmp_path, policy)
    if file is None:
        assert out.startswith(f"stopped: it wrote more than {bound} bytes")
    else:
        assert (tmp_path / file).stat().st_size <= bound
        assert "File too large" in out  # the write failed at the bound
        (tmp_path / file).unlink()
    checked = _check([PY, "w.py"], tmp_path, check_max_file_bytes=bound)
    assert file is not None or "stopped: the check wrote more than" in checked
    assert file is None or (tmp_path / file).stat().st_size <= bound


def test_the_default_write_bounds_are_finite(tmp_path: Path) -> None:
    assert CommandPolicy(allow=["pytest"]).max_file_bytes <= 100_000_000
    assert WorkspaceConfig(repo_path=tmp_path).check_max_file_bytes <= 100_000_000


@pytest.mark.parametrize(
    "argument",
    ["--junitxml=$HOME/x.xml", "--junitxml=~/x.xml", "--basetemp=${TMPDIR}/t", "$HOME", "~root"],
)
def test_arguments_that_tools_expand_are_refused(tmp_path: Path, argument: str) -> None:
    policy = CommandPolicy(allow=[[PY, "-m", "pytest", "-q"]])
    with pytest.raises(ToolException, match="expand") as refused:
        run_command(f"{PY} -m pytest -q {argument}", tmp_path, policy)
    assert "relative to the worktree" in str(refused.value)


def test_a_relative_report_path_lands_inside_the_worktree(tmp_path: Path) -> None:
    quick = {"PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1"}
    policy = CommandPolicy(allow=[[PY, "-m", "pytest", "-q"]], env=quick)
    inside = run_command(f"{PY} -m pytest -q --junitxml=reports/x.xml", tmp_path, policy)
    assert (tmp_path / "reports" / "x.xml").is_file() and "exit status" in inside


def test_without_namespaces_the_run_refuses_unless_opted_out(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    nowhere: Callable[[bool], None] = lambda network: None  # noqa: E731 - no namespace here
    monkeypatch.setattr(sandbox, "namespace_prefix", nowhere)
    (tmp_path / "ok.py").write_text("print('ran')\n")
    with pytest.raises(IsolationUnavailableError, match="isolation='best_effort'"):
        run_command(f"{PY} ok.py", tmp_path, CommandPolicy(allow=[[PY, "ok.py"]]))
    opted = CommandPolicy(allow=[[PY, "ok.py"]], isolation="best_effort")
    assert "ran" in run_command(f"{PY} ok.py", tmp_path, opted)
    with pytest.raises(IsolationUnavailableError, match="check_isolation='best_effort'"):
        SubtaskChecker(
            [PY, "ok.py"], timeout=5, output_chars=200,
            sandbox=sandbox.SandboxSpec(5, "WorkspaceConfig(check_isolation='best_effort')"),
        )  # fmt: skip
