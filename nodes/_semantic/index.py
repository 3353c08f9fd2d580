"""What the semantic checks need to know about one Python file, extracted once per content.

A `ModuleSummary` lists the names a module binds at module level, the signatures of its plain
top-level functions and classes, its imports, duplicate definitions, and the references it makes
through imported names (with the shape of each call). Summaries are cached by path and content
digest, so re-checking a merged tree re-parses only the files the merge changed.
"""

from __future__ import annotations

import ast
import hashlib
import re
import threading
import warnings
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field

from langgraph_council.nodes._semantic.scopes import (
    DEFINES,
    CallShape,
    Reference,
    chain_of,
    find_references,
)

__all__ = ["CallShape", "ModuleSummary", "Reference", "Signature", "summarize"]

_SAFE_DECORATORS = frozenset({"cache", "lru_cache", "functools.cache", "functools.lru_cache"})
_EXEMPT_FROM_DUPLICATES = ("overload", "register", "setter", "getter", "deleter")
_CACHE_LIMIT = 50_000
_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


@dataclass(frozen=True, slots=True)
class Signature:
    """The parameters a top-level function (or a class's `__init__`, minus self) accepts."""

    name: str
    positional: tuple[str, ...]
    posonly: int
    required: int
    kwonly: tuple[str, ...] = ()
    required_kwonly: tuple[str, ...] = ()
    varargs: bool = False
    varkw: bool = False

    def describe(self) -> str:
        """The signature as source-like text, e.g. `f(a, b=..., *, c)`."""
        parts = [p if i < self.required else f"{p}=..." for i, p in enumerate(self.positional)]
        if self.posonly:
            parts.insert(self.posonly, "/")
        if self.varargs:
            parts.append("*args")
        elif self.kwonly:
            parts.append("*")
        parts += [k if k in self.required_kwonly else f"{k}=..." for k in self.kwonly]
        parts += ["**kwargs"] if self.varkw else []
        return f"{self.name}({', '.join(parts)})"


@dataclass(frozen=True, slots=True)
class FromImport:
    """One name of `from <level dots><module> import <name> as <alias>`."""

    line: int
    level: int
    module: str
    name: str
    alias: str


@dataclass(frozen=True, slots=True)
class ModuleImport:
    """One name of `import <module> [as <alias>]`."""

    line: int
    module: str
    alias: str | None


@dataclass(frozen=True, slots=True)
class ModuleSummary:
    """Facts about one file; `syntax_error` set means nothing else was extracted, and so does
    `too_deep` (a valid file nested deeper than Python's own parser or stack allows)."""

    path: str
    syntax_error: str | None = None
    too_deep: bool = False
    error_line: int | None = None
    bindings: frozenset[str] = frozenset()
    rebound: frozenset[str] = frozenset()
    signatures: dict[str, Signature] = field(default_factory=dict)
    duplicates: tuple[tuple[str, int], ...] = ()
    open_namespace: bool = False
    from_imports: tuple[FromImport, ...] = ()
    module_imports: tuple[ModuleImport, ...] = ()
    references: tuple[Reference, ...] = ()


def _decorator_name(node: ast.expr) -> str:
    target = node.func if isinstance(node, ast.Call) else node
    chain = chain_of(target)
    return ".".join(chain) if chain else ""


def _signature(name: str, args: ast.arguments, *, drop_first: bool = False) -> Signature:
    positional = [a.arg for a in (*args.posonlyargs, *args.args)]
    posonly = len(args.posonlyargs)
    required = len(positional) - len(args.defaults)
    if drop_first and positional:
        positional, posonly, required = positional[1:], max(0, posonly - 1), required - 1
    kwonly = tuple(a.arg for a in args.kwonlyargs)
    pairs = zip(args.kwonlyargs, args.kw_defaults, strict=True)
    required_kw = tuple(a.arg for a, d in pairs if d is None)
    return Signature(
        name, tuple(positional), posonly, max(0, required), kwonly, required_kw,
        args.vararg is not None, args.kwarg is not None,
    )  # fmt: skip


def _class_signature(node: ast.ClassDef) -> Signature | None:
    """The `__init__` signature of a plain class that defines its own `__init__`."""
    if node.decorator_list or node.keywords:
        return None
    methods = [s for s in node.body if isinstance(s, ast.FunctionDef | ast.AsyncFunctionDef)]
    names = [m.name for m in methods]
    if "__new__" in names or names.count("__init__") != 1:
        return None
    init = next(m for m in methods if m.name == "__init__")
    if init.decorator_list:
        return None
    return _signature(node.name, init.args, drop_first=True)


def _def_signature(node: ast.stmt) -> Signature | None:
    if isinstance(node, ast.ClassDef):
        return _class_signature(node)
    decorators = getattr(node, "decorator_list", [])
    if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and all(
        _decorator_name(d) in _SAFE_DECORATORS for d in decorators
    ):
        return _signature(node.name, node.args)
    return None


def _module_statements(body: list[ast.stmt]) -> Iterator[ast.stmt]:
    """Statements that run at module scope, through if/try/with/for bodies, in source order
    (an explicit stack: an `elif` chain nests one `If` per branch)."""
    stack: list[ast.stmt] = list(reversed(body))
    while stack:
        stmt = stack.pop()
        yield stmt
        if isinstance(stmt, DEFINES):
            continue
        nested = [s for name in ("body", "orelse", "finalbody") for s in getattr(stmt, name, [])]
        nested += [s for handler in getattr(stmt, "handlers", []) for s in handler.body]
        stack.extend(reversed(nested))


def _names_bound(stmt: ast.stmt) -> list[str]:
    """Names one module-scope statement binds (not counting its nested bodies)."""
    if isinstance(stmt, DEFINES):
        return [stmt.name]
    if isinstance(stmt, ast.Import):
        return [a.asname or a.name.split(".")[0] for a in stmt.names]
    if isinstance(stmt, ast.ImportFrom):
        return [a.asname or a.name for a in stmt.names if a.name != "*"]
    headers: list[ast.AST]
    if isinstance(stmt, ast.For | ast.AsyncFor):
        headers = [stmt.target]
    elif isinstance(stmt, ast.With | ast.AsyncWith):
        headers = [i.optional_vars for i in stmt.items if i.optional_vars is not None]
    elif isinstance(stmt, ast.If | ast.While | ast.Try | ast.TryStar | ast.Match):
        handlers = getattr(stmt, "handlers", [])
        return [h.name for h in handlers if h.name]
    else:
        headers = [stmt]
    return [
        n.id
        for h in headers
        for n in ast.walk(h)
        if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store | ast.Del)
    ]


def _duplicates(tree: ast.Module) -> tuple[tuple[str, int], ...]:
    """Second and later plain top-level definitions of one name (overloads are fine)."""
    seen: set[str] = set()
    found: list[tuple[str, int]] = []
    for stmt in tree.body:
        if not isinstance(stmt, DEFINES):
            continue
        decorators = [_decorator_name(d) for d in stmt.decorator_list]
        if stmt.name == "_" or any(d.endswith(_EXEMPT_FROM_DUPLICATES) for d in decorators):
            continue
        if stmt.name in seen:
            found.append((stmt.name, stmt.lineno))
        seen.add(stmt.name)
    return tuple(found)


def _imports(statements: list[ast.stmt]) -> tuple[list[FromImport], list[ModuleImport]]:
    froms: list[FromImport] = []
    plain: list[ModuleImport] = []
    for stmt in statements:
        if isinstance(stmt, ast.ImportFrom):
            froms += [
                FromImport(stmt.lineno, stmt.level, stmt.module or "", a.name, a.asname or a.name)
                for a in stmt.names
            ]
        elif isinstance(stmt, ast.Import):
            plain += [ModuleImport(stmt.lineno, a.name, a.asname) for a in stmt.names]
    return froms, plain


def _global_facts(tree: ast.Module) -> tuple[set[str], bool]:
    """Names declared `global` anywhere, and whether `globals()` is called."""
    declared: set[str] = set()
    calls_globals = False
    for node in ast.walk(tree):
        if isinstance(node, ast.Global):
            declared.update(node.names)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            calls_globals = calls_globals or node.func.id == "globals"
    return declared, calls_globals


def _binding_counts(statements: list[ast.stmt]) -> Counter[str]:
    """How many module-scope statements bind each name; `import a.b` and `import a.c` bind
    `a` once between them (same module object)."""
    counts: Counter[str] = Counter()
    roots: set[str] = set()
    for stmt in statements:
        if isinstance(stmt, ast.Import):
            roots.update(a.name.split(".")[0] for a in stmt.names if not a.asname)
            counts.update(a.asname for a in stmt.names if a.asname)
        else:
            counts.update(_names_bound(stmt))
    counts.update(roots)
    return counts


def _summarize_tree(path: str, tree: ast.Module, source: bytes) -> ModuleSummary:
    statements = list(_module_statements(tree.body))
    counts = _binding_counts(statements)
    declared, calls_globals = _global_facts(tree) if b"global" in source else (set(), False)
    bindings = set(counts) | declared
    froms, plain = _imports(statements)
    dynamic = "__getattr__" in bindings or any(f.name == "*" for f in froms) or calls_globals
    signatures = {
        stmt.name: sig
        for stmt in tree.body
        if isinstance(stmt, DEFINES)
        and counts[stmt.name] == 1
        and (sig := _def_signature(stmt)) is not None
    }
    interesting = frozenset(
        name
        for stmt in statements
        if isinstance(stmt, DEFINES | ast.Import | ast.ImportFrom)
        for name in _names_bound(stmt)
    )
    words = Counter(_WORD.findall(source.decode("utf-8", "replace")))
    used = any(words[name] > counts[name] for name in interesting)  # else nothing uses them
    return ModuleSummary(
        path=path,
        bindings=frozenset(bindings),
        rebound=frozenset(name for name, n in counts.items() if n > 1),
        signatures=signatures,
        duplicates=_duplicates(tree),
        open_namespace=dynamic,
        from_imports=tuple(froms),
        module_imports=tuple(plain),
        references=find_references(tree, interesting) if used else (),
    )


def _parse(path: str, source: bytes) -> ModuleSummary:
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            tree = ast.parse(source, filename=path)
        return _summarize_tree(path, tree, source)
    except SyntaxError as error:
        return ModuleSummary(path=path, syntax_error=error.msg, error_line=error.lineno)
    except RecursionError:
        # CPython's parser gives up on a few thousand nested terms; the walks here are
        # iterative, so this is the guard of last resort: the file is skipped, not a crash.
        return ModuleSummary(path=path, too_deep=True)
    except (ValueError, MemoryError) as error:
        return ModuleSummary(path=path, syntax_error=f"cannot be parsed ({type(error).__name__})")


_CACHE: dict[tuple[str, bytes], ModuleSummary] = {}
_CACHE_LOCK = threading.Lock()


def summarize(path: str, source: bytes) -> ModuleSummary:
    """The summary of `source` (the file at repo-relative `path`), from cache when unchanged.

    A file that does not parse yields a summary with `syntax_error` set; it never raises.

    Example:
        >>> summarize("util.py", b"def helper(a, b=1): ...").signatures["helper"].describe()
        'helper(a, b=...)'
    """
    key = (path, hashlib.blake2b(source, digest_size=16).digest())
    with _CACHE_LOCK:
        cached = _CACHE.get(key)
    if cached is not None:
        return cached
    summary = _parse(path, source)
    with _CACHE_LOCK:
        if len(_CACHE) >= _CACHE_LIMIT:
            _CACHE.clear()
        _CACHE[key] = summary
    return summary
