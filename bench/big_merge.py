"""Merging a subtask that wrote one huge generated `.py` (issue 21): time and peak memory.

Usage: python -m bench.big_merge [--mb 50] [--max-file-bytes 1000000]
A throwaway repository gets one subtask whose worktree holds a generated module of `--mb`
megabytes; the bench times the merge (snapshot commit, `git merge --no-commit`, link and
bounded AST checks, commit) and prints wall time, the Python process's peak RSS and git's (the
largest child). The file is over `semantic_max_file_bytes`, so it is reported as skipped and
never parsed; before the bound, 2 MB took 62 s and 735 MB, and 50 MB did not finish.
"""

from __future__ import annotations

import argparse
import resource
import subprocess
import tempfile
import time
from pathlib import Path

from langgraph_council.nodes._workspace.merge_engine import merge_subtask
from langgraph_council.nodes._workspace.models import WorkspaceConfig
from langgraph_council.nodes._workspace.worktrees import RunWorkspace

USER = ["-c", "user.name=bench", "-c", "user.email=bench@localhost"]
LINE = "VALUE_{:08d} = {:08d}  # generated\n"


def _git(cwd: Path, *args: str) -> None:
    subprocess.run(["git", "-C", str(cwd), *USER, *args], check=True, capture_output=True)


def _generate(path: Path, megabytes: int) -> int:
    lines = megabytes * 1_000_000 // len(LINE.format(0, 0))
    with path.open("w") as out:
        for start in range(0, lines, 100_000):
            out.write("".join(LINE.format(i, i) for i in range(start, min(lines, start + 100_000))))
    return path.stat().st_size


def bench_big_merge(megabytes: int = 50, max_file_bytes: int = 1_000_000) -> dict[str, float]:
    """Seconds and peak RSS (MB) of merging one subtask that wrote a `megabytes` module."""
    with tempfile.TemporaryDirectory() as tmp:
        repo = Path(tmp) / "repo"
        repo.mkdir()
        _git(repo, "init", "-q", "-b", "main")
        (repo / "app.py").write_text("def main():\n    return 0\n")
        _git(repo, "add", "-A")
        _git(repo, "commit", "-q", "-m", "initial")
        config = WorkspaceConfig(repo_path=repo, semantic_max_file_bytes=max_file_bytes)
        workspace = RunWorkspace.open(config, "bench")
        tree = workspace.create_worktree("gen").path
        size = _generate(tree / "generated.py", megabytes)
        started = time.perf_counter()
        result = merge_subtask(workspace, "gen")  # commits the file, merges, checks
        seconds = time.perf_counter() - started
    own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    children = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    assert result.status == "merged" and result.semantic_skipped == ("generated.py",)
    return {"bytes": size, "merge_s": seconds, "python_rss_mb": own, "git_rss_mb": children}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mb", type=int, default=50)
    parser.add_argument("--max-file-bytes", type=int, default=1_000_000)
    args = parser.parse_args()
    row = bench_big_merge(args.mb, args.max_file_bytes)
    print(
        f"merge of a {row['bytes']:,}-byte generated .py: {row['merge_s']:.2f} s, "
        f"peak RSS python {row['python_rss_mb']:.0f} MB, git {row['git_rss_mb']:.0f} MB "
        "(AST check: skipped, reported)"
    )


if __name__ == "__main__":
    main()
