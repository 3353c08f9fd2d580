"""`council demo pipeline --agents`: the worktree worker on scripted tool-calling agents, a check
before every merge, a failure retried with the check's output, reassigned, and merged."""

from __future__ import annotations

import hashlib
import re
from pathlib import Path
from typing import Any

import langchain.agents
import pytest
from langchain_core.messages import AIMessage

from langgraph_council.graphs._demo.worker import worker_demo_reply
from tests.cli_runner import CliRun, run_cli
from tests.coordination.gitrepo import git
from tests.openai_server import agent_of, loopback_openai

FIXED = "    return round(price * (100 - percent) / 100, 2)\n"
ATTEMPTS = [
    "discount 1 initial senior_dev failed check failed (exit 1): AssertionError: 10.0 != 40.0",
    "discount 2 retry senior_dev failed check failed (exit 1): AssertionError: 49.8 != 40.0",
    "discount 3 reassign backend_lead completed check passed",
    "receipt 1 initial senior_dev completed check passed",
    "checkout 1 initial senior_dev completed check passed",
]


@pytest.fixture(autouse=True)
def wide(monkeypatch: pytest.MonkeyPatch) -> None:
    """Wide tables, so each attempt prints on one line."""
    monkeypatch.setenv("COLUMNS", "240")


def _attempt_rows(out: str) -> list[str]:
    table = out[out.index("Attempts") :]
    rows = [line for line in table.splitlines() if line.startswith("│")]
    return [" ".join(cell.strip() for cell in row.strip("│").split("│")) for row in rows]


def _digests(repo: Path) -> dict[str, str]:
    return {
        p.relative_to(repo).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(repo.rglob("*"))
        if p.is_file() and ".git" not in p.relative_to(repo).parts
    }


def _assert_the_run(done: CliRun, repo: Path) -> None:
    assert done.status == 0, done.out + done.err
    assert "retry discount -> senior_dev" in done.out  # live progress
    assert "reassign discount -> backend_lead" in done.out
    assert _attempt_rows(done.out) == ATTEMPTS
    assert "Rollup: completed" in done.out
    branch = re.search(r"Result: (\S+) at", done.out)
    assert branch, done.out
    prices = git(repo, "show", f"{branch.group(1)}:prices.py")
    assert prices.endswith(FIXED)  # the reassigned agent's fix, on top of the retries' work
    tree = git(repo, "ls-tree", "--name-only", branch.group(1)).split()
    assert {"checkout.py", "test_checkout.py", "receipt.py", "test_discount.py"} <= set(tree)
    # the user's checkout: only the demo's first commit, clean, files as the demo wrote them
    assert git(repo, "log", "--format=%s", "main").splitlines() == ["The shop"]
    assert git(repo, "status", "--porcelain", "--untracked-files=all") == ""
    committed = {p: git(repo, "show", f"main:{p}") for p in _digests(repo)}
    assert {p: hashlib.sha256(t.encode()).hexdigest() for p, t in committed.items()} == (
        _digests(repo)
    )
    assert set(committed) == {"README.md", "prices.py", "test_prices.py"}


def test_the_agents_demo_retries_with_the_check_output_then_reassigns(tmp_path: Path) -> None:
    repo = tmp_path / "shop"
    done = run_cli("demo", "pipeline", "--agents", "--memory", "--repo", str(repo))
    _assert_the_run(done, repo)
    # the reassigned agent read the last failing assertion in its prompt and says so
    assert "the tests pass (AssertionError: 49.8 != 40.0)" in " ".join(done.out.split())


def test_the_agents_demo_with_create_agent_built_by_a_factory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    built: list[list[str]] = []
    real = langchain.agents.create_agent

    def spy(model: Any, tools: Any, **kw: Any) -> Any:
        built.append(sorted(t.name for t in tools))
        return real(model, tools, **kw)

    monkeypatch.setattr(langchain.agents, "create_agent", spy)
    repo = tmp_path / "shop"
    done = run_cli("demo", "pipeline", "--agents", "factory", "--memory", "--repo", str(repo))
    _assert_the_run(done, repo)  # wrote through the tools, failed its check, retried, merged
    worktree_tools = [
        "delete_path", "edit_file", "list_files", "read_file", "run_command", "search",
        "write_file",
    ]  # fmt: skip
    assert built.count(worktree_tools) == len(ATTEMPTS)  # one agent per attempt, tools given


def _first_user_text(body: dict[str, Any]) -> str:
    users = [m for m in body["messages"] if m.get("role") == "user"]
    return str(users[0].get("content") or "") if users else ""


def _scripted_server(body: dict[str, Any]) -> AIMessage:
    """The demo's script, answered over HTTP: the step is how many replies the agent gave."""
    step = sum(m.get("role") == "assistant" for m in body["messages"])
    return worker_demo_reply(str(agent_of(body)), _first_user_text(body), step)


def test_the_agents_demo_on_chat_openai_against_a_loopback_server(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    repo = tmp_path / "shop"
    with loopback_openai(_scripted_server) as server:
        monkeypatch.setenv("COUNCIL_MODEL", "openai:loopback-model")
        monkeypatch.setenv("OPENAI_BASE_URL", server.base_url)
        monkeypatch.setenv("OPENAI_API_KEY", "sk-loopback")
        done = run_cli("demo", "pipeline", "--agents", "--memory", "--repo", str(repo))
    _assert_the_run(done, repo)
    offered = {t["function"]["name"] for t in server.requests[0]["tools"]}
    assert offered == {
        "list_files", "read_file", "search", "write_file", "edit_file", "delete_path",
        "run_command",
    }  # fmt: skip
    retry = next(r for r in server.requests if "This is attempt 2" in _first_user_text(r))
    prompt = _first_user_text(retry)
    fenced = prompt[prompt.index('<task-data field="feedback">') :]
    assert "AssertionError: 10.0 != 40.0" in fenced.split("</task-data>")[0]
    results = [m for r in server.requests for m in r["messages"] if m.get("role") == "tool"]
    assert any("exit status 0" in m["content"] and "OK" in m["content"] for m in results)
