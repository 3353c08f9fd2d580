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
    """`a.b.c` as ("a", "b", "c"); None when the base is not a plain name (iterative: a
    chain thousands of attributes long is no deeper on the stack than a short one)."""
    attrs: list[str] = []
    while isinstance(node, ast.Attribute):
        attrs.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name):
        return None
    return (node.id, *reversed(attrs))


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


Scopes = tuple[ast.AST, ...]
"""The enclosing function, lambda, class and comprehension nodes, outermost first."""


class _References:
    """Collect uses of `interesting` module-level names that no inner scope shadows.

    The names an inner scope binds are computed only when a use of an interesting name is
    found inside it, so functions that use none cost one traversal. The walk keeps its own
    stack (never Python's): a valid file with a 600-branch `elif` chain or a 600-term sum
    nests that deep, past the interpreter's recursion limit.
    """

    def __init__(self, interesting: frozenset[str]) -> None:
        self.interesting = interesting
        self.scope_names: dict[ast.AST, frozenset[str]] = {}
        self.found: list[Reference] = []

    def _shadowed(self, name: str, scopes: Scopes) -> bool:
        for scope in scopes:
            names = self.scope_names.get(scope)
            if names is None:
                names = self.scope_names[scope] = _scope_names(scope)
            if name in names:
                return True
        return False

    def _record(self, node: ast.expr, call: ast.Call | None, scopes: Scopes) -> bool:
        chain = chain_of(node)
        if not chain or chain[0] not in self.interesting or self._shadowed(chain[0], scopes):
            return False
        if call is not None or len(chain) > 1:
            self.found.append(Reference(node.lineno, chain, _shape(call) if call else None))
        return True

    def children(self, node: ast.AST, scopes: Scopes) -> list[tuple[ast.AST, Scopes]]:
        """The nodes to visit under `node`, in source order, each with its scopes."""
        inner = (*scopes, node)
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            args = node.args
            outer = [*getattr(node, "decorator_list", ()), *args.defaults, *args.kw_defaults]
            body = node.body if isinstance(node.body, list) else [node.body]
            return [(c, scopes) for c in outer if c is not None] + [(c, inner) for c in body]
        if isinstance(node, ast.ClassDef):
            outer = [*node.decorator_list, *node.bases, *(k.value for k in node.keywords)]
            return [(c, scopes) for c in outer] + [(c, inner) for c in node.body]
        if isinstance(node, ast.ListComp | ast.SetComp | ast.DictComp | ast.GeneratorExp):
            return [(c, inner) for c in ast.iter_child_nodes(node)]
        if isinstance(node, ast.Call):
            head = [] if self._record(node.func, node, scopes) else [node.func]
            rest = [*head, *node.args, *(k.value for k in node.keywords)]
            return [(c, scopes) for c in rest]
        if isinstance(node, ast.Attribute) and self._record(node, None, scopes):
            return []
        return [(c, scopes) for c in ast.iter_child_nodes(node)]


def find_references(tree: ast.Module, interesting: frozenset[str]) -> tuple[Reference, ...]:
    """Uses of `interesting` module-level names in `tree`, in source order."""
    finder = _References(interesting)
    stack: list[tuple[ast.AST, Scopes]] = [(tree, ())]
    while stack:
        node, scopes = stack.pop()
        stack.extend(reversed(finder.children(node, scopes)))
    return tuple(finder.found)
