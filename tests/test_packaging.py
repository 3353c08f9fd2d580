"""The package's public surface: four subpackages, sorted exports, no bare top-level names."""

from __future__ import annotations

import importlib
import subprocess
import sys

import pytest

SUBPACKAGES = ["graphs", "nodes", "guards", "checkpoints"]


def _isort_style(name: str) -> tuple[int, str]:
    """Ruff's RUF022 order: CONSTANTS, then Classes, then functions."""
    return (0 if name.isupper() else 1 if name[:1].isupper() else 2, name)


@pytest.mark.parametrize("name", SUBPACKAGES)
def test_exports_are_sorted_and_importable(name: str) -> None:
    module = importlib.import_module(f"langgraph_council.{name}")
    exported = list(module.__all__)
    assert exported == sorted(exported, key=_isort_style)
    for symbol in exported:
        assert getattr(module, symbol) is not None


def test_bare_folder_names_do_not_resolve_to_this_package(tmp_path: object) -> None:
    code = (
        "import importlib.util as u\n"
        "for n in ('graphs', 'nodes', 'guards', 'checkpoints'):\n"
        "    s = u.find_spec(n)\n"
        "    assert s is None or 'langgraph_council' not in str(s.origin), (n, s.origin)\n"
        "import langgraph_council.graphs, langgraph_council.nodes\n"
        "import langgraph_council.guards, langgraph_council.checkpoints\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=str(tmp_path), capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr


def test_public_scripted_model_is_reachable() -> None:
    from langgraph_council.nodes.testing import ScriptedChatModel

    assert ScriptedChatModel(["x"]).invoke("q").content == "x"


def test_every_subpackage_ships_in_a_regular_install() -> None:
    """`pip install .` copies only the packages pyproject lists; a forgotten one breaks users."""
    import tomllib
    from pathlib import Path

    root = Path(__file__).parent.parent
    listed = set(
        tomllib.loads((root / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"]
    )
    on_disk = {
        "langgraph_council." + ".".join(init.parent.relative_to(root).parts)
        for folder in SUBPACKAGES
        for init in (root / folder).rglob("__init__.py")
    }
    assert on_disk - listed == set()


def test_the_dev_extra_runs_the_notebooks_as_the_docs_say() -> None:
    """README points to `jupyter nbconvert --execute` for the notebooks: the dev extra has it."""
    import importlib.util
    import tomllib
    from pathlib import Path

    root = Path(__file__).parents[1]
    dev = tomllib.loads((root / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    assert any(req.startswith("nbconvert") for req in dev["dev"])
    assert "jupyter nbconvert --to notebook --execute" in (root / "README.md").read_text()
    assert importlib.util.find_spec("nbconvert") is not None


def test_the_scorecard_scenarios_ship_as_package_data() -> None:
    """`council eval` reads its scenario files from the package: a wheel without them fails."""
    import fnmatch
    import tomllib
    from pathlib import Path

    root = Path(__file__).parent.parent
    data = tomllib.loads((root / "pyproject.toml").read_text())["tool"]["setuptools"]
    patterns = data["package-data"]["langgraph_council.graphs._eval"]
    files = [p.relative_to(root / "graphs" / "_eval").as_posix()
             for p in (root / "graphs" / "_eval").rglob("*.yaml")]  # fmt: skip
    assert files and all(any(fnmatch.fnmatch(f, pat) for pat in patterns) for f in files)
