"""docs/design.md's module map lists exactly the package's modules (`python -m tests.module_map`
rewrites it after a module is added, moved or removed)."""

from __future__ import annotations

from tests.module_map import DESIGN, listed, modules


def test_the_module_map_matches_the_tree() -> None:
    shown = listed(DESIGN.read_text())
    missing = sorted(set(modules()) - set(shown))
    gone = sorted(set(shown) - set(modules()))
    assert not missing and not gone, (
        f"docs/design.md's module map lacks {missing} and lists removed {gone}: "
        "run `python -m tests.module_map`"
    )
    assert len(shown) == len(set(shown))
