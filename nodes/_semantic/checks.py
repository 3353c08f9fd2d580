"""AST checks over a whole tree: what a merge broke between Python files.

Four checks, run over every Python file (not only the changed ones), plus parse failures:
- `removed_reference`: `mod.name` (or `mod.name(...)`) where `mod` is a repo module that no
  longer defines `name`;
- `import_conflict`: `from mod import name` where repo module `mod` no longer defines `name`
  (nor has a submodule of that name), or `import pkg.gone` inside a repo package; and the
  reference design's import conflict, per module: one module binding one name from two
  different modules (`from billing import total` and `from pricing import total` in one file,
  or in a package's `__init__`), at least one of them a repo module; re-exports are followed,
  so `from pkg import f` and `from pkg.mod import f` of the same `f` agree. Two modules that
  each import their own `Settings` are no clash (each sees one binding: issue 34 item 5).
  Each import site is reported, naming the line that disagrees;
- `signature_mismatch`: a call to a repo function or class (imported, via its module, or in the
  same file) with a keyword it does not accept, too many positional arguments, or without a
  required argument (only when the call unpacks no `*args`/`**kwargs`);
- `duplicate_definition`: two plain top-level `def`/`class` of one name in a module;
- `syntax_error`: the file does not parse; it is reported and the other files are still checked.
Every walk over a syntax tree keeps its own stack, so a valid file that nests deeply (a
600-branch `elif` chain, a 600-term sum) is checked like any other; one nested deeper than
Python's own parser allows is skipped (named in `TreeCheck.skipped`), never a crash.
Modules resolve from the repo root, from the top of their package chain (so `src/pkg/mod.py` is
`pkg.mod`) and, for scripts outside packages, from the importing file's directory. Whatever does
not resolve to exactly one repo file is treated as external and not checked. Dynamic modules
(`from x import *`, a module `__getattr__`, `globals()`) are never reported as missing a name.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

from langgraph_council.nodes._semantic.files import python_files
from langgraph_council.nodes._semantic.index import (
    FromImport,
    ModuleSummary,
    Signature,
    summarize,
)
from langgraph_council.nodes._semantic.issues import SemanticIssue
from langgraph_council.nodes._semantic.modules import ModuleIndex
from langgraph_council.nodes._semantic.scopes import CallShape

__all__ = [
    "CheckLimits",
    "TreeCheck",
    "check_files",
    "check_tree",
    "check_tree_within",
    "new_issues",
    "signature_problem",
]

_MAX_REEXPORT_HOPS = 5
_TOO_DEEP = "nested deeper than Python's parser allows"


def signature_problem(sig: Signature, call: CallShape) -> str | None:
    """What is wrong with calling `sig` the way `call` does, or None when it fits."""
    if not sig.varargs and not call.star and call.positional > len(sig.positional):
        return (
            f"passes {call.positional} positional arguments, but {sig.describe()} "
            f"takes {len(sig.positional)}"
        )
    accepted = set(sig.positional[sig.posonly :]) | set(sig.kwonly)
    for keyword in call.keywords:
        if keyword not in accepted and not sig.varkw:
            return f"passes keyword {keyword!r}, but {sig.describe()} has no such parameter"
    if call.star or call.starstar:
        return None
    given = set(sig.positional[: call.positional]) | set(call.keywords)
    required = [*sig.positional[: sig.required], *sig.required_kwonly]
    missing = [name for name in required if name not in given]
    if missing:
        return f"does not pass {missing[0]!r}, which {sig.describe()} requires"
    return None


class _Checker:
    """Run every check over the files of one index."""

    def __init__(self, index: ModuleIndex) -> None:
        self.index = index

    def _module(self, module: str, importer: str) -> ModuleSummary | None:
        """The summary of a checkable repo module (parsed, with a static namespace)."""
        path = self.index.resolve(module, importer)
        summary = self.index.by_path.get(path) if path else None
        if summary is None or summary.syntax_error or summary.open_namespace:
            return None
        return summary

    def _defines(self, module: str, name: str, importer: str) -> bool:
        summary = self._module(module, importer)
        if summary is None or name in summary.bindings:
            return True
        return self.index.resolve(f"{module}.{name}", importer) is not None

    def imports(self, summary: ModuleSummary) -> Iterator[SemanticIssue]:
        for imp in summary.from_imports:
            module = self.index.absolute(imp, summary.path)
            if imp.name == "*" or module is None or self._defines(module, imp.name, summary.path):
                continue
            target = self.index.resolve(module, summary.path)
            message = f"imports {imp.name} from {module}, but {target} does not define it"
            yield SemanticIssue(
                kind="import_conflict", file=summary.path, line=imp.line, name=imp.name,
                message=message, target=target,
            )  # fmt: skip
        for plain in summary.module_imports:
            parts = plain.module.split(".")
            for depth in range(1, len(parts)):
                parent, child = ".".join(parts[:depth]), ".".join(parts[: depth + 1])
                if self._module(parent, summary.path) is None:
                    continue
                if self.index.resolve(child, summary.path) is None:
                    yield SemanticIssue(
                        kind="import_conflict", file=summary.path, line=plain.line, name=child,
                        message=f"imports module {child}, which is not in the repository",
                        target=self.index.resolve(parent, summary.path),
                    )  # fmt: skip
                    break

    def origin(self, module: str, name: str, importer: str, hops: int = 0) -> tuple[bool, str]:
        """Where `from module import name` really comes from: (True, repo path) of the module
        defining it (re-exports followed), or (False, dotted name) of an external module."""
        path = self.index.resolve(module, importer)
        if path is None:
            return False, module
        submodule = self.index.resolve(f"{module}.{name}", importer)
        if submodule is not None:
            return True, submodule
        summary = self.index.by_path.get(path)
        if summary is not None and hops < _MAX_REEXPORT_HOPS and name not in summary.rebound:
            for imp in summary.from_imports:
                if imp.alias == name and (source := self.index.absolute(imp, path)):
                    return self.origin(source, imp.name, path, hops + 1)
        return True, path

    def name_clashes(self, summaries: Iterable[ModuleSummary]) -> Iterator[SemanticIssue]:
        """One module binding one name by imports from two different modules (re-exports
        followed, so a package's `__init__` re-exporting two of them is one too). Per module:
        two packages that each import their own `Settings` see one binding each, no clash."""
        for summary in summaries:
            sites: dict[str, list[tuple[tuple[bool, str], FromImport, str]]] = {}
            for imp in summary.from_imports:
                module = self.index.absolute(imp, summary.path)
                if imp.name == "*" or not module:
                    continue
                where = self.origin(module, imp.name, summary.path)
                sites.setdefault(imp.alias, []).append((where, imp, module))
            for name, found in sites.items():
                origins = {where for where, *_ in found}
                if len(origins) < 2 or not any(in_repo for in_repo, _ in origins):
                    continue
                for where, imp, module in found:
                    line, other = min((i.line, m) for w, i, m in found if w != where)
                    yield SemanticIssue(
                        kind="import_conflict", file=summary.path, line=imp.line, name=name,
                        message=f"imports {name} from {module}, but line {line} imports {name} "
                        f"from {other}: two different {name}s in one module",
                        target=summary.path,
                    )  # fmt: skip

    def _signature(self, module: str, name: str, importer: str, hops: int = 0) -> Signature | None:
        """The signature `module.name` has, following re-exports a few hops."""
        summary = self._module(module, importer)
        if summary is None or name in summary.rebound or hops > _MAX_REEXPORT_HOPS:
            return None
        if name in summary.signatures:
            return summary.signatures[name]
        for imp in summary.from_imports:
            if imp.alias == name and (source := self.index.absolute(imp, summary.path)):
                return self._signature(source, imp.name, summary.path, hops + 1)
        return None

    def _binding(self, summary: ModuleSummary, name: str) -> tuple[str, str | None] | None:
        """(module, None) when `name` names an imported module, (module, attr) for an imported
        symbol, None otherwise (not imported, or bound more than once)."""
        if name in summary.rebound:
            return None
        for plain in summary.module_imports:
            if plain.alias == name:
                return plain.module, None
            if plain.alias is None and plain.module.split(".")[0] == name:
                return name, None
        for imp in summary.from_imports:
            module = self.index.absolute(imp, summary.path) if imp.alias == name else None
            if module is not None:
                submodule = f"{module}.{imp.name}"
                if self.index.resolve(submodule, summary.path):
                    return submodule, None
                return module, imp.name
        return None

    def _mismatch(
        self, summary: ModuleSummary, line: int, sig: Signature | None, call: CallShape,
        chain: tuple[str, ...], target: str | None,
    ) -> Iterator[SemanticIssue]:  # fmt: skip
        problem = signature_problem(sig, call) if sig else None
        if problem:
            yield SemanticIssue(
                kind="signature_mismatch", file=summary.path, line=line, name=chain[-1],
                message=f"calls {'.'.join(chain)}(): {problem}", target=target,
            )  # fmt: skip

    def references(self, summary: ModuleSummary) -> Iterator[SemanticIssue]:
        for ref in summary.references:
            bound = self._binding(summary, ref.chain[0])
            if bound is None:
                local = summary.signatures.get(ref.chain[0])
                if ref.call and len(ref.chain) == 1 and local:
                    yield from self._mismatch(
                        summary, ref.line, local, ref.call, ref.chain, summary.path
                    )
                continue
            module, attr = bound
            rest = ref.chain[1:]
            if attr is None:
                while rest and self.index.resolve(f"{module}.{rest[0]}", summary.path):
                    module, rest = f"{module}.{rest[0]}", rest[1:]
                if not rest:
                    continue
                attr, rest = rest[0], rest[1:]
                if not self._defines(module, attr, summary.path):
                    yield self._removed(summary, ref.line, module, attr)
                    continue
            if ref.call is not None and not rest:
                sig = self._signature(module, attr, summary.path)
                target = self.index.resolve(module, summary.path)
                yield from self._mismatch(summary, ref.line, sig, ref.call, ref.chain, target)

    def _removed(self, summary: ModuleSummary, line: int, module: str, attr: str) -> SemanticIssue:
        target = self.index.resolve(module, summary.path)
        return SemanticIssue(
            kind="removed_reference", file=summary.path, line=line, name=attr,
            message=f"uses {module}.{attr}, but {target} does not define {attr}", target=target,
        )  # fmt: skip


def _own_issues(summary: ModuleSummary) -> Iterator[SemanticIssue]:
    if summary.syntax_error is not None:
        yield SemanticIssue(
            kind="syntax_error", file=summary.path, line=summary.error_line, name="",
            message=f"does not parse: {summary.syntax_error}",
        )  # fmt: skip
    for name, line in summary.duplicates:
        yield SemanticIssue(
            kind="duplicate_definition", file=summary.path, line=line, name=name,
            message=f"{name} is defined more than once at the top level",
        )  # fmt: skip


def _check(
    sources: dict[str, bytes], skipped: dict[str, str], deadline: float | None
) -> tuple[SemanticIssue, ...]:
    """Check `sources`; `skipped` files (path -> why) are known but opaque, and files not
    reached by `deadline` (a `time.monotonic()` value) are added to `skipped`."""

    def late() -> bool:
        return deadline is not None and time.monotonic() > deadline

    summaries: dict[str, ModuleSummary] = {}
    for path, data in sources.items():
        if late():
            skipped[path] = "over semantic_timeout_seconds"
        elif (summary := summarize(path, data)).too_deep:
            skipped[path] = _TOO_DEEP
        else:
            summaries[path] = summary
    for path in skipped:  # known to exist, so never reported missing; nothing checked in it
        summaries[path] = ModuleSummary(path=path, open_namespace=True)
    checker = _Checker(ModuleIndex(summaries))
    issues: list[SemanticIssue] = []
    checked: list[ModuleSummary] = []
    for path, summary in summaries.items():
        if path not in skipped and late():
            skipped[path] = "over semantic_timeout_seconds"
        if path in skipped:
            continue
        issues += _own_issues(summary)
        if summary.syntax_error is None:
            issues += checker.imports(summary)
            issues += checker.references(summary)
            checked.append(summary)
    issues += checker.name_clashes(checked)
    return tuple(sorted(issues, key=lambda i: (i.file, i.line or 0, i.kind, i.name)))


def check_files(sources: dict[str, bytes]) -> tuple[SemanticIssue, ...]:
    """Check files given as {repo-relative path: content}; issues sorted by file and line.

    Example:
        >>> check_files({"a.py": b"def f(): ...\\ndef f(): ...\\n"})[0].kind
        'duplicate_definition'
    """
    return _check(sources, {}, None)


def check_tree(root: Path, files: Iterable[str] | None = None) -> tuple[SemanticIssue, ...]:
    """Check every Python file under `root` (or the repo-relative `files`), with no bound;
    never raises on a bad file: parse failures are issues. Symlinks and vanished files are
    skipped. `check_tree_within` is the bounded form the merge uses.
    """
    return check_tree_within(root, files, None).issues


@dataclass(frozen=True, slots=True)
class CheckLimits:
    """Bounds of one tree check (`WorkspaceConfig.semantic_*`)."""

    max_file_bytes: int
    budget_bytes: int
    timeout_seconds: float


@dataclass(frozen=True, slots=True)
class TreeCheck:
    """Issues of a tree, and the files left out (path -> which bound left it out)."""

    issues: tuple[SemanticIssue, ...]
    skipped: dict[str, str] = field(default_factory=dict)


def check_tree_within(
    root: Path, files: Iterable[str] | None, limits: CheckLimits | None
) -> TreeCheck:
    """`check_tree` within `limits`: a file over `max_file_bytes` is never read, nor any once
    `budget_bytes` were read; files not reached in `timeout_seconds` are not checked. Each
    file left out is named in `skipped` and treated as an unknown module.
    """
    started = time.monotonic()
    deadline = started + limits.timeout_seconds if limits else None
    sources: dict[str, bytes] = {}
    skipped: dict[str, str] = {}
    spent = 0
    for rel in python_files(root) if files is None else files:
        path, key = root / rel, PurePosixPath(rel).as_posix()
        if path.is_symlink() or not path.is_file():
            continue
        size = path.stat().st_size
        if limits and size > limits.max_file_bytes:
            skipped[key] = f"over semantic_max_file_bytes ({size:,} bytes)"
        elif limits and spent + size > limits.budget_bytes:
            skipped[key] = "over semantic_budget_bytes"
        elif deadline is not None and time.monotonic() > deadline:
            skipped[key] = "over semantic_timeout_seconds"
        else:
            spent += size
            sources[key] = path.read_bytes()
    issues = _check(sources, skipped, deadline)
    return TreeCheck(issues, dict(sorted(skipped.items())))


def new_issues(
    before: Iterable[SemanticIssue], after: Iterable[SemanticIssue]
) -> tuple[SemanticIssue, ...]:
    """The issues of `after` that `before` did not already have (compared without lines)."""
    remaining = Counter(issue.key for issue in before)
    fresh: list[SemanticIssue] = []
    for issue in after:
        if remaining[issue.key] > 0:
            remaining[issue.key] -= 1
        else:
            fresh.append(issue)
    return tuple(fresh)
