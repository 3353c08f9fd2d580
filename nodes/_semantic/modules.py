"""Module names in a tree of Python files: which repo file an import names, as its importer sees it.

A file is known by its path from the repo root and by its name from the top of its package
chain (`src/pkg/mod.py` is `pkg.mod`); a script outside packages also sees its own folder's
modules. A name two files claim is ambiguous and resolves to nothing (treated as external,
never checked), like every name that is not exactly one repo file.
"""

from __future__ import annotations

from pathlib import PurePosixPath

from langgraph_council.nodes._semantic.index import FromImport, ModuleSummary

__all__ = ["ModuleIndex"]


class ModuleIndex:
    """Module names of a tree's files and the lookups the checks need."""

    def __init__(self, summaries: dict[str, ModuleSummary]) -> None:
        self.by_path = summaries
        self.names: dict[str, str | None] = {}
        for path in summaries:
            for name in self._names_of(path):
                known = self.names.setdefault(name, path)
                if known != path:
                    self.names[name] = None  # two files claim it: ambiguous, never checked

    def _is_package_dir(self, folder: PurePosixPath) -> bool:
        return (folder / "__init__.py").as_posix() in self.by_path

    def dotted(self, path: str) -> tuple[str, ...]:
        """The module parts of `path` from the repo root (`pkg/__init__.py` -> ("pkg",))."""
        parts = PurePosixPath(path).with_suffix("").parts
        return parts[:-1] if parts and parts[-1] == "__init__" else parts

    def _names_of(self, path: str) -> list[str]:
        parts = self.dotted(path)
        if not parts or not all(p.isidentifier() for p in parts):
            return []
        folder, top = PurePosixPath(path).parent, len(PurePosixPath(path).parent.parts)
        while top > 0 and self._is_package_dir(folder):
            folder, top = folder.parent, top - 1
        return list(dict.fromkeys([".".join(parts), ".".join(parts[top:])]))

    def package_of(self, path: str) -> tuple[str, ...]:
        """The package a file's relative imports start from."""
        names = self._names_of(path)
        parts = tuple(names[-1].split(".")) if names else ()
        return parts if path.endswith("__init__.py") else parts[:-1]

    def resolve(self, module: str, importer: str) -> str | None:
        """The path of repo module `module` as `importer` sees it, or None."""
        folder = PurePosixPath(importer).parent
        if not self._is_package_dir(folder):
            base = folder.joinpath(*module.split("."))
            for candidate in (f"{base}.py", f"{base}/__init__.py"):
                if candidate.removeprefix("./") in self.by_path:
                    return candidate.removeprefix("./")
        return self.names.get(module)

    def absolute(self, imp: FromImport, importer: str) -> str | None:
        """The absolute module name of a (possibly relative) `from` import."""
        if imp.level == 0:
            return imp.module
        package = self.package_of(importer)
        if imp.level - 1 > len(package):
            return None
        base = package[: len(package) - (imp.level - 1)]
        return ".".join([*base, *([imp.module] if imp.module else [])])
