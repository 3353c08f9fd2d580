"""Per-subtask cost of git worktree isolation: create + merge + AST check; prints one table.

Usage: python bench/worktrees.py [--subtasks 20] [--waves 4] [--modules 40] [--repeat 1]
A throwaway repository with `--modules` Python modules (about 60 lines each) is built in a
temporary directory. Each subtask gets a worktree from the integration branch as it stands,
writes one new module that calls into an existing one and edits another (left uncommitted, as
an agent would), then is merged (snapshot commit, `git merge --no-commit`, AST checks over the
whole tree, commit, worktree removal). The run is done with and without the AST checks, so the
table shows what the checks add; on a shared machine rows vary, so `--repeat N` keeps the
fastest of N runs per row. `bench_worktrees()` returns the numbers for other benchmarks.
"""

from __future__ import annotations

import argparse
import subprocess
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from rich.console import Console
from rich.table import Table

from langgraph_council.nodes._semantic import index as semantic_index
from langgraph_council.nodes._semantic.checks import check_tree
from langgraph_council.nodes._workspace.merge_engine import finish_run, merge_subtask
from langgraph_council.nodes._workspace.models import WorkspaceConfig
from langgraph_council.nodes._workspace.worktrees import RunWorkspace

USER = ["-c", "user.name=bench", "-c", "user.email=bench@localhost"]


@dataclass(frozen=True)
class WorktreeBench:
    """Seconds spent per phase over all subtasks of one run."""

    subtasks: int
    create_s: float
    merge_s: float
    semantic: bool

    @property
    def per_subtask_ms(self) -> float:
        """Create + merge (with its checks) per subtask, in milliseconds."""
        return (self.create_s + self.merge_s) / self.subtasks * 1000


def _module(i: int) -> str:
    body = [f'"""Module {i}."""', "", "import os", ""]
    for j in range(12):
        body += [f"def func_{j}(a, b=1, *, scale={j}):", "    total = a + b"]
        body += ["    return total * scale", ""]
    body += [f"class Thing{i}:", "    def __init__(self, size):", "        self.size = size", ""]
    return "\n".join(body) + "\n"


def _make_repo(root: Path, modules: int) -> Path:
    root.mkdir()
    for i in range(modules):
        (root / f"mod_{i}.py").write_text(_module(i))
    for args in (["init", "-q", "-b", "main"], ["add", "-A"], ["commit", "-q", "-m", "base"]):
        subprocess.run(["git", "-C", str(root), *USER, *args], check=True)
    return root


def _agent_work(path: Path, index: int, modules: int) -> None:
    target = index % modules
    (path / f"feature_{index}.py").write_text(
        f"from mod_{target} import Thing{target}, func_3\n\n\n"
        f"def feature_{index}():\n    return func_3(1, b=2, scale=3), Thing{target}(4)\n"
    )
    edited = path / f"mod_{(index * 7 + 1) % modules}.py"
    edited.write_text(edited.read_text() + f"\n\ndef added_by_{index}(x):\n    return x\n")


def run_once(
    root: Path, *, subtasks: int, waves: int, modules: int, semantic: bool
) -> WorktreeBench:
    """One run of `subtasks` subtasks in `waves` waves; returns the time per phase."""
    repo = _make_repo(root, modules)
    workspace = RunWorkspace.open(
        WorkspaceConfig(repo_path=repo, semantic_analysis=semantic), "bench"
    )
    per_wave = -(-subtasks // waves)
    create_s = merge_s = 0.0
    for wave in range(waves):
        first = wave * per_wave
        ids = [f"s{i}" for i in range(first, min(subtasks, first + per_wave))]
        for index, subtask_id in enumerate(ids, start=first):
            start = time.perf_counter()
            tree = workspace.create_worktree(subtask_id)
            create_s += time.perf_counter() - start
            _agent_work(tree.path, index, modules)
        for subtask_id in ids:
            start = time.perf_counter()
            result = merge_subtask(workspace, subtask_id)
            merge_s += time.perf_counter() - start
            if result.status != "merged":
                raise RuntimeError(f"bench merge of {subtask_id} gave {result}")
    finish_run(workspace)
    return WorktreeBench(subtasks, create_s, merge_s, semantic)


def bench_worktrees(
    subtasks: int = 20, waves: int = 4, modules: int = 40, repeat: int = 1
) -> list[WorktreeBench]:
    """The fastest of `repeat` runs with AST checks on, then off, each in a fresh repository."""
    results = []
    for semantic in (True, False):
        runs = []
        for _ in range(repeat):
            with tempfile.TemporaryDirectory(prefix="council-bench-") as tmp:
                runs.append(
                    run_once(Path(tmp) / "repo", subtasks=subtasks, waves=waves,
                             modules=modules, semantic=semantic)
                )  # fmt: skip
        results.append(min(runs, key=lambda r: r.per_subtask_ms))
    return results


def cold_check_ms(modules: int) -> float:
    """One AST check of the whole base tree with an empty summary cache, in milliseconds."""
    with tempfile.TemporaryDirectory(prefix="council-bench-") as tmp:
        repo = _make_repo(Path(tmp) / "repo", modules)
        semantic_index._CACHE.clear()
        start = time.perf_counter()
        check_tree(repo)
        return (time.perf_counter() - start) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--subtasks", type=int, default=20)
    parser.add_argument("--waves", type=int, default=4)
    parser.add_argument("--modules", type=int, default=40)
    parser.add_argument("--repeat", type=int, default=1)
    args = parser.parse_args()
    runs = bench_worktrees(args.subtasks, args.waves, args.modules, args.repeat)
    table = Table(title=f"{args.subtasks} subtasks in {args.waves} waves, {args.modules} modules")
    for column in ("AST checks", "create ms/subtask", "merge ms/subtask", "total ms/subtask"):
        table.add_column(column, justify="right")
    for run in runs:
        table.add_row(
            "on" if run.semantic else "off",
            f"{run.create_s / run.subtasks * 1000:.1f}",
            f"{run.merge_s / run.subtasks * 1000:.1f}",
            f"{run.per_subtask_ms:.1f}",
        )
    console = Console()
    console.print(table)
    console.print(f"cold AST check of the whole base tree: {cold_check_ms(args.modules):.1f} ms")


if __name__ == "__main__":
    main()
