"""Find the uses of a module's imported and top-level names that no inner scope shadows.

Used by `semantic_index` to list, per file, the references the cross-file checks resolve:
`helper(...)`, `util.helper`, `pkg.mod.f(...)`, each with the shape of its call.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

__all__ = ["DEFINES", "CallShape", "Reference", "chain_of", "find_references"]

DEFINES = ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef


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


def chain_of(node: ast.expr) -> tuple[str, ...] | None:
    """`a.b.c` as ("a", "b", "c"); None when the base is not a plain name."""
    if isinstance(node, ast.Name):
        return (node.id,)
    if isinstance(node, ast.Attribute):
        base = chain_of(node.value)
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
        elif child is not node and isinstance(child, DEFINES):
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
        chain = chain_of(node)
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


def find_references(tree: ast.Module, interesting: frozenset[str]) -> tuple[Reference, ...]:
    """Uses of `interesting` module-level names in `tree`, in source order."""
    visitor = _References(interesting)
    visitor.visit(tree)
    return tuple(visitor.found)
