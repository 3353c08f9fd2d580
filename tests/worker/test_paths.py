"""The worker's path policy: edge cases by hand, and a property over generated paths."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from langgraph_council.nodes._worker.paths import WorkspacePathError, Worktree
from langgraph_council.nodes._worker.tools import file_tools


@pytest.fixture
def tree(tmp_path: Path) -> Worktree:
    (tmp_path / "outside").mkdir()
    (tmp_path / "outside" / "secret.txt").write_text("secret\n")
    root = tmp_path / "wt"
    (root / "src").mkdir(parents=True)
    (root / "src" / "app.py").write_text("x = 1\n")
    (root / ".git").write_text("gitdir: elsewhere\n")
    os.symlink("../outside/secret.txt", root / "out_rel")
    os.symlink(str(tmp_path / "outside"), root / "out_dir")
    os.symlink("src/app.py", root / "in_link")
    os.symlink("src", root / "in_dir")
    os.symlink(".git", root / "to_git")
    return Worktree(root)


@pytest.mark.parametrize(
    ("path", "reason"),
    [
        ("/etc/passwd", "absolute paths are refused"),
        ("../outside/secret.txt", "'..' is refused"),
        ("src/../../outside/secret.txt", "'..' is refused"),
        ("src/..", "'..' is refused"),
        (".git", "off-limits"),
        ("src/.GIT/config", "off-limits"),
        ("a\x00b", "not a usable path"),
        ("x" * 5000, "not a usable path"),
    ],
)
def test_lexical_refusals(tree: Worktree, path: str, reason: str) -> None:
    with pytest.raises(WorkspacePathError, match=reason):
        tree.parts(path)


def test_reads_follow_links_only_inside(tree: Worktree) -> None:
    assert tree.read_bytes("in_link") == b"x = 1\n"
    assert tree.read_bytes("in_dir/app.py") == b"x = 1\n"
    assert tree.read_bytes("./src//app.py") == b"x = 1\n"
    for path in ("out_rel", "out_dir/secret.txt"):
        with pytest.raises(WorkspacePathError, match="leads outside the worktree"):
            tree.read_bytes(path)
    with pytest.raises(WorkspacePathError, match=r"into \.git"):
        tree.read_bytes("to_git")


@pytest.mark.parametrize("path", ["out_rel", "in_link", "out_dir/new.txt", "in_dir/new.py"])
def test_writes_never_follow_a_link_even_one_that_stays_inside(tree: Worktree, path: str) -> None:
    before = (tree.root.parent / "outside" / "secret.txt").read_bytes()
    with pytest.raises(WorkspacePathError, match="symbolic link"):
        tree.write_bytes(path, b"pwned\n")
    assert (tree.root.parent / "outside" / "secret.txt").read_bytes() == before
    assert not (tree.root.parent / "outside" / "new.txt").exists()
    assert (tree.root / "src" / "app.py").read_bytes() == b"x = 1\n"


def test_write_creates_directories_and_delete_removes_the_link_not_its_target(
    tree: Worktree,
) -> None:
    assert tree.write_bytes("pkg/sub/mod.py", b"y = 2\n") is True
    assert tree.write_bytes("pkg/sub/mod.py", b"y = 3\n") is False
    assert (tree.root / "pkg" / "sub" / "mod.py").read_text() == "y = 3\n"
    assert tree.delete("out_dir") == "link"
    assert (tree.root.parent / "outside" / "secret.txt").exists()
    with pytest.raises(WorkspacePathError, match="not empty"):
        tree.delete("pkg")
    with pytest.raises(WorkspacePathError, match="worktree root"):
        tree.write_bytes(".", b"")


def test_special_and_hard_linked_files_are_refused(tree: Worktree, tmp_path: Path) -> None:
    os.mkfifo(tree.root / "fifo")
    with pytest.raises(WorkspacePathError, match="not a regular file"):
        tree.read_bytes("fifo")
    with pytest.raises(WorkspacePathError, match="not a regular file"):
        tree.write_bytes("fifo", b"x")
    os.link(tmp_path / "outside" / "secret.txt", tree.root / "hard.txt")
    with pytest.raises(WorkspacePathError, match="hard links"):
        tree.write_bytes("hard.txt", b"pwned\n")
    assert (tmp_path / "outside" / "secret.txt").read_text() == "secret\n"


def test_tool_errors_reach_the_model_as_error_messages(tree: Worktree) -> None:
    tools = {t.name: t for t in file_tools(tree.root)}
    call = {"name": "write_file", "args": {"path": "out_rel", "content": "x"}, "id": "1",
            "type": "tool_call"}  # fmt: skip
    message = tools["write_file"].invoke(call)
    assert message.status == "error" and "symbolic link" in message.content
    bad = {**call, "args": {"path": "a.txt"}}
    assert "content: Field required" in tools["write_file"].invoke(bad).content
    listing = tools["list_files"].invoke({**call, "name": "list_files", "args": {}}).content
    assert "out_rel -> ../outside/secret.txt (symbolic link)" in listing
    assert ".git" not in listing.split("\n")
    found = tools["search"].invoke({**call, "args": {"pattern": "secret"}}).content
    assert found == "no matches"  # links are not followed by search


_PART = st.sampled_from(["..", ".", "", ".git", "src", "app.py", "out_dir", "in_dir", "new", "~"])


@settings(max_examples=150, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(parts=st.lists(_PART, min_size=1, max_size=6), absolute=st.booleans())
def test_any_path_is_refused_or_stays_inside(
    tree: Worktree, parts: list[str], absolute: bool
) -> None:
    path = ("/" if absolute else "") + "/".join(parts)
    try:
        real = tree.real(path)
    except WorkspacePathError:
        return
    assert real == tree.root or tree.root in real.parents
    assert ".git" not in real.relative_to(tree.root).parts
    try:
        with tree.parent(path) as (fd, name):
            os.fstat(fd)
    except (WorkspacePathError, FileNotFoundError):
        return
    assert "/" not in name and name not in ("..", ".", "")
