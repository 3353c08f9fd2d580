"""Real-git helpers for the workspace tests: throwaway repos, commits and checkout snapshots."""

from __future__ import annotations

import hashlib
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from langgraph_council.nodes._workspace.models import WorkspaceConfig

USER = ("-c", "user.name=tester", "-c", "user.email=tester@localhost")


def git(cwd: Path, *args: str) -> str:
    """Run git as the test's own user (never through the code under test)."""
    done = subprocess.run(
        ["git", "-C", str(cwd), *USER, *args], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, f"git {' '.join(args)}: {done.stderr}"
    return done.stdout


def git_exit(cwd: Path, *args: str) -> int:
    """Run git as the test's user and return its exit status (for commands expected to fail)."""
    command = ["git", "-C", str(cwd), *USER, *args]
    return subprocess.run(command, capture_output=True, check=False).returncode


def write(root: Path, rel: str, text: str) -> None:
    path = root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)


def commit_all(cwd: Path, message: str) -> str:
    git(cwd, "add", "-A")
    git(cwd, "commit", "-q", "-m", message)
    return git(cwd, "rev-parse", "HEAD").strip()


def make_repo(root: Path, files: dict[str, str] | None = None) -> Path:
    """A repository on `main` with one commit of `files`."""
    root.mkdir(parents=True, exist_ok=True)
    git(root, "init", "-q", "-b", "main")
    for rel, text in (files or {"README.md": "hello\n"}).items():
        write(root, rel, text)
    commit_all(root, "initial")
    return root


def busy_repo(root: Path) -> Path:
    """A repository whose user is mid-work: `app.py` edited but not committed, `staged.txt`
    staged, `notes.txt` untracked (the checkout a run must leave alone)."""
    repo = make_repo(root, {"app.py": "def main():\n    return 0\n"})
    write(repo, "app.py", "def main():\n    return 1  # unsaved\n")
    write(repo, "staged.txt", "staged by the user\n")
    git(repo, "add", "staged.txt")
    write(repo, "notes.txt", "untracked\n")
    return repo


def snapshot(repo: Path) -> dict[str, object]:
    """Everything a user would notice about their checkout: HEAD, branch, index bytes, status
    and the bytes of every file outside `.git` (read without refreshing the index)."""
    files = {
        p.relative_to(repo).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(repo.rglob("*"))
        if p.is_file() and ".git" not in p.relative_to(repo).parts
    }
    return {
        "head": git(repo, "rev-parse", "HEAD"),
        "branch": git(repo, "symbolic-ref", "HEAD"),
        "index": hashlib.sha256((repo / ".git" / "index").read_bytes()).hexdigest(),
        "status": git(repo, "--no-optional-locks", "status", "--porcelain", "--untracked=all"),
        "files": files,
        "refs": git(repo, "for-each-ref", "--format=%(refname) %(objectname)", "refs/heads/main"),
    }


def branches(repo: Path) -> set[str]:
    out = git(repo, "for-each-ref", "--format=%(refname)", "refs/heads/")
    return {line.removeprefix("refs/heads/") for line in out.splitlines()}


def config(repo: Path, **overrides: object) -> WorkspaceConfig:
    return WorkspaceConfig.model_validate({"repo_path": repo, **overrides})


@pytest.fixture(autouse=True)
def no_git_identity(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[None]:
    """Run every test as on a machine without a git identity: commits that do not set one
    explicitly fail (`user.useConfigOnly`), so council's own commits prove they set theirs.
    The process works from an empty directory, so no stray git command can reach a checkout.
    """
    global_config = tmp_path / "global-gitconfig"
    global_config.write_text("[user]\n\tuseConfigOnly = true\n")
    monkeypatch.setenv("GIT_CONFIG_GLOBAL", str(global_config))
    monkeypatch.setenv("GIT_CONFIG_NOSYSTEM", "1")
    for name in ("GIT_AUTHOR_NAME", "GIT_COMMITTER_NAME", "GIT_AUTHOR_EMAIL", "EMAIL"):
        monkeypatch.delenv(name, raising=False)
    (tmp_path / "cwd").mkdir()
    monkeypatch.chdir(tmp_path / "cwd")
    yield
