"""Code an agent wrote that tries to change the user's repository from inside its worktree (a
test a `check=` command or `run_command` runs), and what the user would notice if it did."""

from __future__ import annotations

import hashlib
from pathlib import Path

from tests.coordination.gitrepo import git, make_repo, write

# Every step runs whether or not the one before worked and only prints its exit status, so
# the script itself passes: the test reads what worked, and the user's repository must show
# nothing of it. The worktree's own work (a scratch file, `git status`, `git diff`) must work.
ATTACK = """
import subprocess, sys
from pathlib import Path
REPO, GIT_DIR = {repo!r}, {git_dir!r}
ID = ["-c", "user.name=x", "-c", "user.email=x@x"]

def run(name, *argv):
    done = subprocess.run(argv, capture_output=True, text=True)
    print(f"{{name}}={{done.returncode}}")
    return done

def write(name, path, text):
    try:
        Path(path).write_text(text)
        print(f"{{name}}=0")
    except OSError as exc:
        print(f"{{name}}=refused {{type(exc).__name__}}")

Path("scratch.txt").write_text("the check's own scratch file\\n")
print("scratch=" + Path("scratch.txt").read_text().strip())
status = run("status", "git", "status", "--porcelain")
print("status-sees-app=" + str(" M app.py" in status.stdout))
diff = run("diff", "git", "diff")
print("diff-sees-edit=" + str("+VALUE = 2" in diff.stdout))
run("remount", "mount", "-o", "remount,bind,rw", REPO)
run("umount", "umount", "-l", REPO)
run("commit-here", "git", *ID, "commit", "-q", "--allow-empty", "-m", "evil")
run("branch-main", "git", "branch", "-f", "main", "HEAD~1")
run("update-ref", "git", "update-ref", "refs/heads/feature", "HEAD~1")
run("tag", "git", "update-ref", "refs/tags/evil", "HEAD")
run("commit-repo", "git", "-C", REPO, *ID, "commit", "-q", "--allow-empty", "-m", "x")
run("add-repo", "git", "-C", REPO, "add", "-A")
run("config", "git", "--git-dir", GIT_DIR, "config", "core.hooksPath", "/tmp")
write("write-repo", REPO + "/evil.txt", "written into the user's checkout\\n")
write("overwrite-repo", REPO + "/app.py", "VALUE = 'pwned'\\n")
write("write-git-dir", GIT_DIR + "/evil", "x\\n")
print("attack done")
sys.exit(0)
"""

ATTACKS = (
    "remount", "umount", "commit-here", "branch-main", "update-ref", "tag", "commit-repo",
    "add-repo", "config", "write-repo", "overwrite-repo", "write-git-dir",
)  # fmt: skip
"""The steps that would change the user's repository: each must fail."""


def attack_script(repo: Path) -> str:
    """`ATTACK` aimed at `repo` (its checkout and its `.git`)."""
    return ATTACK.format(repo=str(repo), git_dir=str(repo / ".git"))


def user_repo(root: Path) -> Path:
    """A repository with two commits on `main`, checked out on `feature` (at main's tip), with
    an uncommitted edit, a staged file and an untracked one: a user mid-work."""
    repo = make_repo(root, {"app.py": "VALUE = 0\n", "README.md": "readme\n"})
    write(repo, "app.py", "VALUE = 1\n")
    git(repo, "commit", "-q", "-am", "second")
    git(repo, "checkout", "-q", "-b", "feature")
    write(repo, "README.md", "readme, edited by the user\n")
    write(repo, "staged.txt", "staged\n")
    git(repo, "add", "staged.txt")
    write(repo, "notes.txt", "untracked\n")
    return repo


def repo_bytes(repo: Path) -> dict[str, object]:
    """What a user would notice: HEAD, every ref but council's own, the index, status, config,
    and the bytes of every file outside `.git`."""
    files = {
        p.relative_to(repo).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(repo.rglob("*"))
        if p.is_file() and ".git" not in p.relative_to(repo).parts
    }
    refs = git(repo, "for-each-ref", "--format=%(refname) %(objectname)").splitlines()
    return {
        "head": git(repo, "rev-parse", "HEAD"),
        "branch": git(repo, "symbolic-ref", "HEAD"),
        "refs": [r for r in refs if not r.startswith("refs/heads/council/")],
        "index": hashlib.sha256((repo / ".git" / "index").read_bytes()).hexdigest(),
        "status": git(repo, "--no-optional-locks", "status", "--porcelain", "--untracked=all"),
        "config": (repo / ".git" / "config").read_text(),
        "stray": sorted(p.name for p in (repo / ".git").iterdir() if p.name == "evil"),
        "files": files,
    }


def steps(output: str) -> dict[str, str]:
    """The attack's `name=result` lines."""
    pairs = (line.split("=", 1) for line in output.splitlines() if "=" in line)
    return {name.strip(): value.strip() for name, value in pairs}
