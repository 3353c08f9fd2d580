"""The command tool: the policy's matching, the timeout, the output cap, and real isolation."""

from __future__ import annotations

import os
import shutil
import sys
import time
from pathlib import Path

import pytest
from langchain_core.tools import ToolException

from langgraph_council.graphs import CommandPolicy
from langgraph_council.nodes._worker.commands import run_command
from langgraph_council.nodes._workspace.sandbox import namespace_prefix

PY = sys.executable


def test_allow_entries_are_argv_prefixes_and_extra_arguments_stay_inside() -> None:
    policy = CommandPolicy(allow=["pytest -q", ["ruff", "check", "."]])
    assert policy.allow == (("pytest", "-q"), ("ruff", "check", "."))
    assert policy.allows(["pytest", "-q"]) and policy.allows(["pytest", "-q", "tests/a.py"])
    assert not policy.allows(["pytest"]) and not policy.allows(["pytest", "-x"])
    for extra in ("/etc", "../x", "--rootdir=/", "--rootdir=../..", "~/x"):
        assert not policy.allows(["pytest", "-q", extra]), extra
    exact = CommandPolicy(allow=["pytest -q"], extra_args=False)
    assert not exact.allows(["pytest", "-q", "tests"])


@pytest.mark.parametrize("allow", ["pytest -q", [""], [[]], ["pytest '"]])
def test_bad_policies_are_refused_at_build_time(allow: object) -> None:
    with pytest.raises(ValueError, match="allow"):
        CommandPolicy(allow=allow)  # type: ignore[arg-type]


def test_a_refused_command_names_what_is_allowed(tmp_path: Path) -> None:
    policy = CommandPolicy(allow=[[PY, "ok.py"]])
    with pytest.raises(ToolException, match="not an allowed command") as caught:
        run_command(f"{PY} ok.py; rm -rf /", tmp_path, policy)
    assert f"- {PY} ok.py" in str(caught.value)
    with pytest.raises(ToolException, match="cannot parse"):
        run_command("pytest 'unclosed", tmp_path, policy)


def test_the_timeout_kills_the_command_and_its_children(tmp_path: Path) -> None:
    (tmp_path / "slow.py").write_text(
        "import subprocess, sys, time\n"
        "subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(60)'])\n"
        "print('started', flush=True)\ntime.sleep(60)\n"
    )
    policy = CommandPolicy(allow=[[PY, "slow.py"]], timeout_seconds=3)
    started = time.monotonic()
    out = run_command(f"{PY} slow.py", tmp_path, policy)
    assert out.startswith("timed out after 3 s (killed)") and "started" in out
    assert time.monotonic() - started < 30


def test_output_is_capped_head_and_tail_and_the_environment_is_minimal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-secret")
    (tmp_path / "loud.py").write_text(
        "import os\nprint('HEAD'); print('x' * 100_000); print(sorted(os.environ)); print('TAIL')\n"
    )
    policy = CommandPolicy(allow=[[PY, "loud.py"]], max_output_chars=2000, env={"MINE": "1"})
    out = run_command(f"{PY} loud.py", tmp_path, policy)
    assert out.startswith("exit status 0\nHEAD") and out.rstrip().endswith("TAIL")
    assert "bytes of output cut" in out and len(out) < 2200
    assert "OPENAI_API_KEY" not in out and "'MINE'" in out and "'PYTHONDONTWRITEBYTECODE'" in out


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="network namespaces: Linux")
def test_commands_have_no_network_unless_allowed(tmp_path: Path) -> None:
    """What is real on this machine: with `unshare` usable only loopback exists, and it is down."""
    (tmp_path / "net.py").write_text("print(open('/proc/net/dev').read().count(':'))\n")
    isolated = run_command(f"{PY} net.py", tmp_path, CommandPolicy(allow=[[PY, "net.py"]]))
    open_net = CommandPolicy(allow=[[PY, "net.py"]], network=True)
    shared = run_command(f"{PY} net.py", tmp_path, open_net)
    if namespace_prefix(network=False) is None:
        assert shutil.which("unshare") is None or os.geteuid() != 0
        pytest.skip("no usable unshare here: isolation is best effort (documented)")
    assert isolated.splitlines()[1] == "1"  # only `lo`
    assert int(shared.splitlines()[1]) >= 1
