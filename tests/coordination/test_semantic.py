"""AST checks: each kind caught before a merge is kept, and the usual Python left alone."""

from __future__ import annotations

from pathlib import Path

import pytest

from langgraph_council.nodes._semantic.checks import check_files, check_tree, new_issues
from langgraph_council.nodes._workspace.merge_engine import apply_decision, merge_subtask
from langgraph_council.nodes._workspace.worktrees import RunWorkspace
from tests.coordination.gitrepo import commit_all, config, git, make_repo, write

UTIL = "LIMIT = 3\n\n\ndef helper(a, b=1):\n    return a + b\n"
APP = "import util\n\n\ndef run():\n    return util.helper(1, b=2)\n"


def _kinds(sources: dict[str, str]) -> list[tuple[str, str, str]]:
    issues = check_files({path: text.encode() for path, text in sources.items()})
    return [(i.kind, i.file, i.name) for i in issues]


# --- the checks on their own -----------------------------------------------------------------


def test_each_kind_is_found_with_file_and_name() -> None:
    found = _kinds(
        {
            "util.py": "def assist(a):\n    return a\n\n\ndef assist(a):\n    return a\n",
            "app.py": "import util\n\nutil.helper(1)\n",
            "caller.py": "from util import assist\n\nassist(1, b=2)\n",
            "importer.py": "from util import LIMIT\n",
            "broken.py": "def oops(:\n",
        }
    )
    assert found == [
        ("removed_reference", "app.py", "helper"),
        ("syntax_error", "broken.py", ""),
        ("import_conflict", "importer.py", "LIMIT"),
        ("duplicate_definition", "util.py", "assist"),
    ]


@pytest.mark.parametrize(
    ("call", "problem"),
    [
        ("helper(1, 2, 3)", "passes 3 positional arguments"),
        ("helper(1, c=3)", "passes keyword 'c'"),
        ("helper(b=2)", "does not pass 'a'"),
        ("Box(1, 2)", "passes 2 positional arguments, but Box(size) takes 1"),
        ("pkg.tools.job(kind='x')", "does not pass 'name'"),
        ("local(1, 2)", "passes 2 positional arguments, but local(x) takes 1"),
    ],
)
def test_signature_mismatches(call: str, problem: str) -> None:
    issues = check_files(
        {
            "util.py": b"def helper(a, b=1): ...\nclass Box:\n    def __init__(self, size): ...\n",
            "pkg/__init__.py": b"",
            "pkg/tools.py": b"def job(name, *, kind='a'): ...\n",
            "app.py": (
                f"import pkg.tools\nfrom util import Box, helper\ndef local(x): ...\n{call}\n"
            ).encode(),
        }
    )
    assert [i.kind for i in issues] == ["signature_mismatch"]
    assert problem in issues[0].message and issues[0].line == 4


def test_ordinary_python_raises_no_false_alarm() -> None:
    found = _kinds(
        {
            "util.py": (
                "from typing import overload\nimport os, os.path\n\n"
                "@overload\ndef f(a: int) -> int: ...\n@overload\ndef f(a: str) -> str: ...\n"
                "def f(a): return a\n\n"
                "def g(*args, **kwargs): return args\n\n"
                "try:\n    from json import loads\nexcept ImportError:\n    loads = None\n"
                "def wrapper(x): return x\n\n@wrapper\ndef decorated(a): return a\n"
                "class K:\n    def method(self, a): return a\n"
            ),
            "dyn.py": "from util import *\n\ndef __getattr__(name): return name\n",
            "cfg.py": "def setup():\n    global CONFIG\n    CONFIG = 1\n",
            "reg.py": "globals()['made'] = 1\n",
            "user.py": "from cfg import CONFIG\nfrom reg import made\n",
            "pkg/__init__.py": "from .inner import thing\n",
            "pkg/inner.py": "thing = 1\n",
            "app.py": (
                "import requests, os.path\nimport util\nfrom util import g, f, K, decorated\n"
                "from dyn import anything\nfrom pkg import inner, thing\n"
                "from . import nowhere\n\n"
                "def run(helper, items):\n    helper(1, 2, 3)\n"
                "    g(1, 2, x=3)\n    f(1)\n    K().method(1, 2, 3)\n    decorated(1, 2)\n"
                "    util.g(*items)\n    requests.get('u', t=1)\n    os.path.join('a')\n"
                "    return [f(i) for f in items], print(len(items))\n"
            ),
        }
    )
    assert found == []


def test_a_syntax_error_does_not_stop_the_other_files() -> None:
    found = _kinds(
        {
            "a_broken.py": "def (:\n",
            "b_util.py": "def helper(a): ...\n",
            "c_app.py": "from b_util import helper\n\nhelper(1, 2)\n",
            "d_more.py": "class X: ...\nclass X: ...\n",
        }
    )
    assert [kind for kind, _, _ in found] == [
        "syntax_error",
        "signature_mismatch",
        "duplicate_definition",
    ]


def test_new_issues_ignores_what_was_there_before_even_when_lines_move(tmp_path: Path) -> None:
    write(tmp_path, "util.py", "def helper(a): ...\n")
    write(tmp_path, "old.py", "from util import gone\n")
    before = check_tree(tmp_path)
    write(tmp_path, "old.py", "# moved down\n\nfrom util import gone\n")
    write(tmp_path, "new.py", "from util import also_gone\n")
    fresh = new_issues(before, check_tree(tmp_path))
    assert [(i.file, i.name) for i in fresh] == [("new.py", "also_gone")]


# --- the checks gate real merges ----------------------------------------------------------------


@pytest.fixture
def workspace(tmp_path: Path) -> RunWorkspace:
    repo = make_repo(tmp_path / "repo", {"util.py": UTIL, "app.py": APP})
    return RunWorkspace.open(config(repo), "run-1")


def _change(workspace: RunWorkspace, subtask_id: str, files: dict[str, str]) -> None:
    tree = workspace.create_worktree(subtask_id)
    for rel, text in files.items():
        write(tree.path, rel, text)
    commit_all(tree.path, f"{subtask_id} changes {', '.join(files)}")


@pytest.mark.parametrize(
    ("files", "kind", "name"),
    [
        ({"util.py": UTIL.replace("def helper", "def assist")}, "removed_reference", "helper"),
        ({"util.py": UTIL.replace("(a, b=1)", "(a)")}, "signature_mismatch", "helper"),
        (
            {"util.py": UTIL + "\n\ndef helper(x):\n    return x\n"},
            "duplicate_definition",
            "helper",
        ),
        (
            {"util.py": UTIL.replace("LIMIT = 3\n", ""), "cfg.py": "from util import LIMIT\n"},
            "import_conflict",
            "LIMIT",
        ),
    ],
    ids=["renamed-function", "removed-parameter", "duplicate-definition", "removed-name"],
)
def test_each_kind_is_caught_before_the_merge_is_kept(
    workspace: RunWorkspace, files: dict[str, str], kind: str, name: str
) -> None:
    head = git(workspace.integration_path, "rev-parse", "HEAD")
    _change(workspace, "a", files)
    result = merge_subtask(workspace, "a")
    assert result.status == "semantic_conflict"
    assert [(i.kind, i.name) for i in result.semantic_issues] == [(kind, name)]
    assert git(workspace.integration_path, "rev-parse", "HEAD") == head
    assert git(workspace.integration_path, "status", "--porcelain") == ""
    assert workspace.live_worktrees() == ("a",)


def test_two_clean_branches_that_break_each_other_are_caught(workspace: RunWorkspace) -> None:
    """a renames helper and fixes every caller; b, branched before, adds a new caller."""
    renamed = {"util.py": UTIL.replace("def helper", "def assist")}
    _change(workspace, "a", {**renamed, "app.py": APP.replace("helper", "assist")})
    _change(workspace, "b", {"report.py": "from util import helper\n\nhelper(2)\n"})
    assert merge_subtask(workspace, "a").status == "merged"
    result = merge_subtask(workspace, "b")
    assert result.status == "semantic_conflict"
    assert result.files == ("report.py", "util.py")
    assert result.semantic_issues[0].message == (
        "imports helper from util, but util.py does not define it"
    )


def test_a_broken_file_is_reported_alongside_the_other_issues(workspace: RunWorkspace) -> None:
    _change(
        workspace,
        "a",
        {"broken.py": "def nope(:\n", "util.py": UTIL.replace("def helper", "def assist")},
    )
    result = merge_subtask(workspace, "a")
    assert [(i.kind, i.file) for i in result.semantic_issues] == [
        ("removed_reference", "app.py"),
        ("syntax_error", "broken.py"),
    ]


def test_keep_accepts_a_semantic_conflict_and_off_means_unchecked(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "repo", {"util.py": UTIL, "app.py": APP})
    workspace = RunWorkspace.open(config(repo), "run-1")
    _change(workspace, "a", {"util.py": UTIL.replace("def helper", "def assist")})
    assert merge_subtask(workspace, "a").status == "semantic_conflict"
    kept = apply_decision(workspace, "a", "keep")
    assert kept.status == "merged" and kept.semantic_issues[0].kind == "removed_reference"
    unchecked = RunWorkspace.open(config(repo, semantic_analysis=False), "run-2")
    _change(unchecked, "a", {"util.py": UTIL.replace("(a, b=1)", "(a)")})
    assert merge_subtask(unchecked, "a").status == "merged"


# --- the reference design's import conflict: one name from two modules ------------------------


def test_one_module_importing_one_name_from_two_modules_is_an_import_conflict() -> None:
    issues = check_files(
        {
            "billing.py": b"def total(x):\n    return x\n",
            "pricing.py": b"def total(x):\n    return 2 * x\n",
            "report.py": b"from billing import total\nfrom pricing import total\n",
        }
    )
    assert [(i.kind, i.file, i.line, i.name) for i in issues] == [
        ("import_conflict", "report.py", 1, "total"),
        ("import_conflict", "report.py", 2, "total"),
    ]
    assert issues[0].message == (
        "imports total from billing, but line 2 imports total from pricing: two different "
        "totals in one module"
    )


def test_a_package_re_exporting_two_bindings_of_one_name_is_an_import_conflict() -> None:
    found = _kinds(
        {
            "pkg/__init__.py": "from .a import Settings\nfrom .b import Settings\n",
            "pkg/a.py": "class Settings: ...\n",
            "pkg/b.py": "class Settings: ...\n",
        }
    )
    assert found == [("import_conflict", "pkg/__init__.py", "Settings")] * 2


def test_two_packages_each_importing_their_own_name_is_no_conflict() -> None:
    """Common in a monorepo: each package sees one `Settings` (the check used to run over the
    whole tree and held this merge for a person)."""
    found = _kinds(
        {
            "billing/__init__.py": "",
            "billing/settings.py": "class Settings: ...\n",
            "billing/app.py": "from billing.settings import Settings\n",
            "shipping/__init__.py": "",
            "shipping/settings.py": "class Settings: ...\n",
            "shipping/app.py": "from shipping.settings import Settings\n",
            "report.py": "from billing.settings import Settings as A\n"
            "from shipping.settings import Settings as B\n",
        }
    )
    assert found == []


def test_same_object_through_a_re_export_or_only_external_modules_is_no_conflict() -> None:
    found = _kinds(
        {
            "pkg/__init__.py": "from .inner import thing\nfrom json import loads\n",
            "pkg/inner.py": "thing = 1\n",
            "a.py": "from pkg import thing, loads\nfrom typing import Callable\n",
            "b.py": "from pkg.inner import thing\nfrom json import loads\n",
            "c.py": "from collections.abc import Callable\nfrom . import a\n",
        }
    )
    assert found == []


def test_two_packages_importing_their_own_settings_merge_cleanly(
    workspace: RunWorkspace,
) -> None:
    """a adds a billing package with its own `Settings`, b a shipping package with its own."""
    for sid, pkg in (("a", "billing"), ("b", "shipping")):
        files = {
            f"{pkg}/__init__.py": "",
            f"{pkg}/settings.py": f"class Settings:\n    name = {pkg!r}\n",
            f"{pkg}/app.py": f"from {pkg}.settings import Settings\n\nSettings()\n",
        }
        _change(workspace, sid, files)
    assert merge_subtask(workspace, "a").status == "merged"
    result = merge_subtask(workspace, "b")
    assert result.status == "merged", result.semantic_issues


def test_one_module_importing_one_name_from_two_branches_modules_holds_the_merge(
    tmp_path: Path,
) -> None:
    """a imports its own `helper` at the top of report.py, b util's at the bottom: git merges
    the lines cleanly, and report.py now binds two different `helper`s."""
    middle = "x = 1\n\n\n\n\n\ny = 2\n"
    repo = make_repo(tmp_path / "repo", {"util.py": UTIL, "app.py": APP, "report.py": middle})
    workspace = RunWorkspace.open(config(repo), "run-1")
    fast = "def helper(a, b=1):\n    return a - b\n"
    top = "from fast import helper\n" + middle
    bottom = middle + "from util import helper\n"
    _change(workspace, "a", {"fast.py": fast, "report.py": top})
    _change(workspace, "b", {"report.py": bottom})
    assert merge_subtask(workspace, "a").status == "merged"
    head = git(workspace.integration_path, "rev-parse", "HEAD")
    result = merge_subtask(workspace, "b")
    assert result.status == "semantic_conflict"
    assert [(i.kind, i.file, i.name) for i in result.semantic_issues] == [
        ("import_conflict", "report.py", "helper"),
        ("import_conflict", "report.py", "helper"),
    ]
    assert "line 9 imports helper from util" in result.semantic_issues[0].message
    assert git(workspace.integration_path, "rev-parse", "HEAD") == head
