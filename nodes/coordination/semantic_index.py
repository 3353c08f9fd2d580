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

__all__ = ["CallShape", "ModuleSummary", "Reference", "Signature", "summarize"]

_SAFE_DECORATORS = frozenset({"cache", "lru_cache", "functools.cache", "functools.lru_cache"})
_EXEMPT_FROM_DUPLICATES = ("overload", "register", "setter", "getter", "deleter")
_CACHE_LIMIT = 50_000
_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_DEFINES = ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef


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
class CallShape:
    """How a call passes its arguments."""

    positional: int
    keywords: tuple[str, ...]
    star: bool
    starstar: bool


@dataclass(frozen=True, slots=True)
class Reference:
    """A use of an imported or top-level name: `helper(...)`, `util.helper`, `pkg.mod.f(...)`."""

    line: int
    chain: tuple[str, ...]
    call: CallShape | None


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
    """Facts about one file; `syntax_error` set means nothing else was extracted."""

    path: str
    syntax_error: str | None = None
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
    chain = _chain(target)
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
    """Statements that run at module scope, through if/try/with/for bodies."""
    for stmt in body:
        yield stmt
        if isinstance(stmt, _DEFINES):
            continue
        for name in ("body", "orelse", "finalbody"):
            yield from _module_statements(getattr(stmt, name, []))
        for handler in getattr(stmt, "handlers", []):
            yield from _module_statements(handler.body)


def _names_bound(stmt: ast.stmt) -> list[str]:
    """Names one module-scope statement binds (not counting its nested bodies)."""
    if isinstance(stmt, _DEFINES):
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


def _chain(node: ast.expr) -> tuple[str, ...] | None:
    """`a.b.c` as ("a", "b", "c"); None when the base is not a plain name."""
    if isinstance(node, ast.Name):
        return (node.id,)
    if isinstance(node, ast.Attribute):
        base = _chain(node.value)
        return (*base, node.attr) if base else None
    return None


def _shape(call: ast.Call) -> CallShape:
    return CallShape(
        positional=sum(not isinstance(a, ast.Starred) for a in call.args),
        keywords=tuple(k.arg for k in call.keywords if k.arg),
        star=any(isinstance(a, ast.Starred) for a in call.args),
        starstar=any(k.arg is None for k in call.keywords),
    )


def _scope_names(node: ast.AST) -> frozenset[str]:
    """Every name a function, lambda, class body or comprehension binds (over-approximated)."""
    names: set[str] = set()
    if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
        args = node.args
        every = (*args.posonlyargs, *args.args, *args.kwonlyargs, args.vararg, args.kwarg)
        names.update(a.arg for a in every if a is not None)
    for child in ast.walk(node):
        if isinstance(child, ast.Name) and isinstance(child.ctx, ast.Store | ast.Del):
            names.add(child.id)
        elif isinstance(child, ast.Import | ast.ImportFrom):
            names.update(a.asname or a.name.split(".")[0] for a in child.names)
        elif child is not node and isinstance(child, _DEFINES):
            names.add(child.name)
    return frozenset(names)


class _References(ast.NodeVisitor):
    """Collect uses of `interesting` module-level names that no inner scope shadows.

    The names an inner scope binds are computed only when a use of an interesting name is
    found inside it, so functions that use none cost one traversal.
    """

    def __init__(self, interesting: frozenset[str]) -> None:
        self.interesting = interesting
        self.scopes: list[ast.AST] = []
        self.scope_names: dict[ast.AST, frozenset[str]] = {}
        self.found: list[Reference] = []

    def _shadowed(self, name: str) -> bool:
        for scope in self.scopes:
            names = self.scope_names.get(scope)
            if names is None:
                names = self.scope_names[scope] = _scope_names(scope)
            if name in names:
                return True
        return False

    def _record(self, node: ast.expr, call: ast.Call | None) -> bool:
        chain = _chain(node)
        if not chain or chain[0] not in self.interesting or self._shadowed(chain[0]):
            return False
        if call is not None or len(chain) > 1:
            self.found.append(Reference(node.lineno, chain, _shape(call) if call else None))
        return True

    def _scoped(self, node: ast.AST, children: list[ast.AST]) -> None:
        self.scopes.append(node)
        for child in children:
            self.visit(child)
        self.scopes.pop()

    def visit_FunctionDef(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        args = node.args
        outer = [*node.decorator_list, *args.defaults, *args.kw_defaults]
        for child in outer:
            if child is not None:
                self.visit(child)
        self._scoped(node, list(node.body))

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_Lambda(self, node: ast.Lambda) -> None:
        for child in (*node.args.defaults, *node.args.kw_defaults):
            if child is not None:
                self.visit(child)
        self._scoped(node, [node.body])

    def visit_ClassDef(self, node: ast.ClassDef) -> None:
        for child in (*node.decorator_list, *node.bases, *(k.value for k in node.keywords)):
            self.visit(child)
        self._scoped(node, list(node.body))

    def _comprehension(self, node: ast.AST) -> None:
        self._scoped(node, list(ast.iter_child_nodes(node)))

    visit_ListComp = visit_SetComp = visit_DictComp = visit_GeneratorExp = _comprehension

    def visit_Call(self, node: ast.Call) -> None:
        if not self._record(node.func, node):
            self.visit(node.func)
        for arg in node.args:
            self.visit(arg)
        for keyword in node.keywords:
            self.visit(keyword.value)

    def visit_Attribute(self, node: ast.Attribute) -> None:
        if not self._record(node, None):
            self.generic_visit(node)


def _duplicates(tree: ast.Module) -> tuple[tuple[str, int], ...]:
    """Second and later plain top-level definitions of one name (overloads are fine)."""
    seen: set[str] = set()
    found: list[tuple[str, int]] = []
    for stmt in tree.body:
        if not isinstance(stmt, _DEFINES):
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
        if isinstance(stmt, _DEFINES)
        and counts[stmt.name] == 1
        and (sig := _def_signature(stmt)) is not None
    }
    interesting = frozenset(
        name
        for stmt in statements
        if isinstance(stmt, _DEFINES | ast.Import | ast.ImportFrom)
        for name in _names_bound(stmt)
    )
    visitor = _References(interesting)
    words = Counter(_WORD.findall(source.decode("utf-8", "replace")))
    if any(words[name] > counts[name] for name in interesting):  # else nothing uses them
        visitor.visit(tree)
    return ModuleSummary(
        path=path,
        bindings=frozenset(bindings),
        rebound=frozenset(name for name, n in counts.items() if n > 1),
        signatures=signatures,
        duplicates=_duplicates(tree),
        open_namespace=dynamic,
        from_imports=tuple(froms),
        module_imports=tuple(plain),
        references=tuple(visitor.found),
    )


def _parse(path: str, source: bytes) -> ModuleSummary:
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            tree = ast.parse(source, filename=path)
    except SyntaxError as error:
        return ModuleSummary(path=path, syntax_error=error.msg, error_line=error.lineno)
    except (ValueError, RecursionError, MemoryError) as error:
        return ModuleSummary(path=path, syntax_error=f"cannot be parsed ({type(error).__name__})")
    return _summarize_tree(path, tree, source)


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
