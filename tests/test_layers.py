"""Imports under ``core/`` point one way: a static read of every module's imports.

Every ``import`` and ``from ... import`` (at module level or inside a function, relative or absolute)
is resolved to the module it names. Checked, one case per rule system (and one for the generic engine
outside ``core/rulesets/``), so that a system being reorganised is reported on its own:

(a) no import circle among the modules of ``core/`` (the failure shows the circle as a path
    ``a -> b -> a``);
(b) a system laid out in ``rules/``, ``battle/`` and ``campaign/`` subpackages imports in one direction:
    rules never import battle or campaign, battle never imports campaign;
(c) no module imports its own package's ``__init__`` (``from . import Name`` where ``Name`` is defined in
    ``__init__``, or ``from core.rulesets.gcw import GalacticCivilWar`` inside gcw): the package's
    ``__init__`` is the adapter at the top, and everything below it is imported by it;
(d) imports inside functions only where :data:`FUNCTION_IMPORTS` says why.

A module that names a package (``from core.rulesets.gcw import flow``) depends on the submodule it
names when that is a module, else on the package's ``__init__``. Importing ``a.b.c`` runs ``a`` and
``a.b`` first, but a module is not said to depend on its parent packages for that: they are the
adapter above it, not a layer below.
"""
from __future__ import annotations

import ast
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CORE = ROOT / "core"
RULESETS = CORE / "rulesets"

#: The layers of a system split into subpackages, lowest first: each imports only those before it.
LAYERS = ("rules", "battle", "campaign")

#: Imports inside a function, as ``(importing module, imported module): reason``. Keep it short: an
#: import belongs at the top of its module unless something forces it down. Empty: nothing does today.
FUNCTION_IMPORTS: dict[tuple[str, str], str] = {}


@dataclass(frozen=True)
class Import:
    """One import statement's target, resolved to a module of ``core`` (or left outside it)."""

    importer: str     # dotted name of the importing module
    target: str       # dotted name of the module it depends on
    line: int
    nested: bool      # inside a function
    names: tuple[str, ...]  # the names taken from the target (``from x import a, b``), else ()


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


@cache
def modules() -> dict[str, Path]:
    """Every module under ``core/``, by dotted name (a package by its own name, for its ``__init__``)."""
    return {module_name(p): p for p in sorted(CORE.rglob("*.py"))}


def is_package(name: str) -> bool:
    return modules()[name].name == "__init__.py"


def _absolute(importer: str, node: ast.ImportFrom) -> str:
    if node.level == 0:
        return node.module or ""
    base = importer.split(".")
    if not is_package(importer):
        base = base[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def _function_nodes(tree: ast.AST) -> set[int]:
    """ids of the import nodes that sit inside a function body."""
    inside: set[int] = set()
    for fn in ast.walk(tree):
        if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            inside |= {id(n) for n in ast.walk(fn) if isinstance(n, (ast.Import, ast.ImportFrom))}
    return inside


@cache
def imports_of(importer: str) -> tuple[Import, ...]:
    """Every import of one module, resolved to the modules of ``core`` it depends on."""
    tree = ast.parse(modules()[importer].read_text(encoding="utf-8"))
    nested = _function_nodes(tree)
    found: list[Import] = []
    for node in ast.walk(tree):
        deep = id(node) in nested
        if isinstance(node, ast.Import):
            for alias in node.names:
                found.append(Import(importer, alias.name, node.lineno, deep, ()))
        elif isinstance(node, ast.ImportFrom):
            base = _absolute(importer, node)
            to_base: list[str] = []
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                if sub in modules():
                    found.append(Import(importer, sub, node.lineno, deep, ()))
                else:
                    to_base.append(alias.name)
            if to_base:
                found.append(Import(importer, base, node.lineno, deep, tuple(to_base)))
    return tuple(sorted((i for i in found if i.target in modules()), key=lambda i: (i.line, i.target)))


def graph() -> dict[str, set[str]]:
    return {m: {i.target for i in imports_of(m)} for m in modules()}


def ruleset_of(name: str) -> str:
    """The rule system a module belongs to, or ``core`` for the generic engine."""
    parts = name.split(".")
    return parts[2] if len(parts) > 2 and parts[:2] == ["core", "rulesets"] else "core"


RULESET_IDS = sorted({ruleset_of(m) for m in modules()})


def strongly_connected(g: dict[str, set[str]]) -> list[list[str]]:
    """Tarjan's strongly connected components, iteratively (each a list of module names)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components: list[list[str]] = []
    counter = 0
    for root in sorted(g):
        if root in index:
            continue
        work = [(root, iter(sorted(g[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(g[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                components.append(sorted(component))
    return components


def cycle_through(start: str, members: set[str], g: dict[str, set[str]]) -> list[str]:
    """The shortest circle from ``start`` back to itself inside one component, as a path."""
    previous: dict[str, str] = {}
    frontier = [start]
    while frontier:
        following = []
        for node in frontier:
            for child in sorted(g[node] & members):
                if child == start:
                    path = [node]
                    while path[-1] != start:
                        path.append(previous[path[-1]])
                    return [start] + path[::-1][1:] + [start] if node != start else [start, start]
                if child not in previous:
                    previous[child] = node
                    following.append(child)
        frontier = following
    raise AssertionError(f"{start} is in a component but on no circle")


def _line(path: list[str], g: dict[str, set[str]]) -> str:
    steps = []
    for a, b in zip(path, path[1:]):
        where = [i.line for i in imports_of(a) if i.target == b]
        steps.append(f"{a} (line {where[0]})" if where else a)
    return " -> ".join(steps + [path[-1]])


def circles(ruleset: str) -> list[str]:
    """Every circle touching the system's modules, one path per strongly connected component."""
    g = graph()
    found = []
    for component in strongly_connected(g):
        members = set(component)
        looped = len(component) > 1 or component[0] in g[component[0]]
        if looped and any(ruleset_of(m) == ruleset for m in component):
            start = component[0]
            found.append(f"{len(component)} modules in one circle, e.g. {_line(cycle_through(start, members, g), g)}")
    return found


@pytest.mark.parametrize("ruleset", RULESET_IDS)
def test_no_import_circle(ruleset: str) -> None:
    """(a) No module of ``core`` reaches itself through imports, inside functions included."""
    found = circles(ruleset)
    assert not found, f"import circles under core/ in {ruleset}:\n  " + "\n  ".join(found)


def _layer(name: str) -> tuple[str, str] | None:
    """``(package of the system, layer)`` for a module inside a ``rules``/``battle``/``campaign`` layer."""
    parts = name.split(".")
    for at, part in enumerate(parts):
        if part in LAYERS and at > 0:
            package = ".".join(parts[:at])
            if all(f"{package}.{layer}" in modules() for layer in LAYERS):
                return package, part
    return None


@pytest.mark.parametrize("ruleset", RULESET_IDS)
def test_layers_point_one_way(ruleset: str) -> None:
    """(b) In a system split into rules/battle/campaign, rules import neither above, battle not campaign."""
    wrong = []
    for name in modules():
        here = _layer(name)
        if ruleset_of(name) != ruleset or here is None:
            continue
        for imp in imports_of(name):
            there = _layer(imp.target)
            if there and there[0] == here[0] and LAYERS.index(there[1]) > LAYERS.index(here[1]):
                wrong.append(f"{name}:{imp.line} ({here[1]}) imports {imp.target} ({there[1]})")
    assert not wrong, "imports against the layers rules <- battle <- campaign:\n  " + "\n  ".join(wrong)


def test_layers_are_found() -> None:
    """The layer check sees a split system as one: a module in ``x/battle/`` is in the battle layer of x."""
    split = {here[0] for name in modules() if (here := _layer(name))}
    assert all(f"{package}.{layer}" in modules() for package in split for layer in LAYERS)


@pytest.mark.parametrize("ruleset", RULESET_IDS)
def test_no_module_imports_its_own_package(ruleset: str) -> None:
    """(c) A module never imports the ``__init__`` of a package it lives in."""
    wrong = []
    for name in modules():
        if ruleset_of(name) != ruleset:
            continue
        for imp in imports_of(name):
            if is_package(imp.target) and name.startswith(imp.target + "."):
                wrong.append(f"{name}:{imp.line} imports {', '.join(imp.names) or 'the package'} from {imp.target}")
    assert not wrong, "modules importing their own package's __init__:\n  " + "\n  ".join(wrong)


@pytest.mark.parametrize("ruleset", RULESET_IDS)
def test_function_level_imports_are_allowed(ruleset: str) -> None:
    """(d) An import inside a function is on :data:`FUNCTION_IMPORTS` with its reason."""
    wrong = []
    for name in modules():
        if ruleset_of(name) != ruleset:
            continue
        wrong += [f"{name}:{imp.line} imports {imp.target} inside a function"
                  for imp in imports_of(name) if imp.nested and (name, imp.target) not in FUNCTION_IMPORTS]
    assert not wrong, (f"{len(wrong)} imports inside functions (move them to the top of the module, or put them "
                       "on FUNCTION_IMPORTS with the reason):\n  " + "\n  ".join(wrong))


def test_function_imports_allowlist_is_live() -> None:
    """Every entry of :data:`FUNCTION_IMPORTS` names an import that exists, inside a function, with a reason."""
    nested = {(i.importer, i.target) for m in modules() for i in imports_of(m) if i.nested}
    stale = [f"{k}: {'no such import inside a function' if k not in nested else 'no reason given'}"
             for k, why in FUNCTION_IMPORTS.items() if k not in nested or not why.strip()]
    assert not stale, "FUNCTION_IMPORTS entries to remove or explain:\n  " + "\n  ".join(stale)


def test_the_checker_sees_a_circle() -> None:
    """The circle finder reports a two-module and a three-module circle as paths, and no circle in a chain."""
    g = {"a": {"b"}, "b": {"a"}, "c": {"d"}, "d": {"e"}, "e": {"c"}, "f": {"g"}, "g": set()}
    looped = [c for c in strongly_connected(g) if len(c) > 1]
    assert sorted(looped) == [["a", "b"], ["c", "d", "e"]]
    assert cycle_through("a", {"a", "b"}, g) == ["a", "b", "a"]
    assert cycle_through("c", {"c", "d", "e"}, g) == ["c", "d", "e", "c"]
