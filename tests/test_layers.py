"""The host's layers (docs/architecture.md): imports run one way, read from the source.

Every import counts, at the top of a module, inside a function, or under ``TYPE_CHECKING``
alone: a type a lower layer names from a higher one is a circle all the same, the one a reader
follows. tests/test_meta.py checks what importing loads at run time.
"""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Iterator, NamedTuple

import pytest

ROOT = Path(__file__).resolve().parent.parent
HOST = ROOT / "gm_console"

LAYERS = [
    "text", "rules", "committed", "contract", "files", "host", "state", "gm_console", "core",
    "headless", "live", "gameserver", "ui", "cli", "testing", "__main__",
]
"""Bottom first, as docs/architecture.md lists them: a node imports only nodes before it (and
modules of its own package). ``gm_console`` is the face, gm_console/__init__.py; the modules at
the top of the folder (cli, headless, testing) are nodes of their own."""

OWN_TREE = {"ui"}
"""Packages whose modules' order among themselves is their owner's business (not checked)."""

PLUGIN_API = {"gm_console", "gm_console.ui"}
"""All a plugin imports of the host (a plugin's tests may add gm_console.testing)."""


class Import(NamedTuple):
    source: Path
    line: int
    name: str
    """The module imported, or the module and the name taken from it (``a.b.c`` of ``from
    a.b import c``): either may be a module."""

    def __str__(self) -> str:
        return f"{self.source.relative_to(ROOT)}:{self.line} imports {self.name}"


def module_name(path: Path) -> str:
    parts = list(path.relative_to(path_root(path)).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def path_root(path: Path) -> Path:
    """The folder that module names are taken from: the repository, or an example's folder."""
    for parent in path.parents:
        if parent.parent == ROOT / "examples":
            return parent
    return ROOT


def imports(path: Path) -> Iterator[Import]:
    """Every import of a file, wherever it is, relative ones made absolute."""
    package = module_name(path).split(".")
    if path.name != "__init__.py":
        package = package[:-1]
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield Import(path, node.lineno, alias.name)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package[:len(package) - node.level + 1]
                base = ".".join([*up, *([base] if base else [])])
            yield Import(path, node.lineno, base)
            for alias in node.names:
                yield Import(path, node.lineno, f"{base}.{alias.name}")


def host_files() -> list[Path]:
    return sorted(p for p in HOST.rglob("*.py") if "__pycache__" not in p.parts)


HOST_MODULES = {module_name(p): p for p in host_files()}


def node_of(module: str) -> str:
    """The layer a host module belongs to: its package, or itself at the top of the folder."""
    parts = module.split(".")
    return "gm_console" if len(parts) == 1 else parts[1]


def host_imports(path: Path) -> Iterator[tuple[Import, str]]:
    """The host modules a host file imports (each import once per module it names)."""
    own = module_name(path)
    seen = set()
    for found in imports(path):
        if found.name in HOST_MODULES and found.name != own and (found.line, found.name) \
                not in seen:
            seen.add((found.line, found.name))
            yield found, found.name


def test_every_part_of_the_host_has_a_layer() -> None:
    assert {node_of(m) for m in HOST_MODULES} <= set(LAYERS), \
        sorted({node_of(m) for m in HOST_MODULES} - set(LAYERS))


def test_the_layers_import_only_downwards() -> None:
    wrong = []
    for path in host_files():
        here = node_of(module_name(path))
        for found, target in host_imports(path):
            there = node_of(target)
            if there != here and LAYERS.index(there) > LAYERS.index(here):
                wrong.append(f"{found}: {here} is below {there} (docs/architecture.md)")
    assert not wrong, "\n".join(wrong)


def circle(graph: dict[str, set[str]]) -> list[str] | None:
    """One circle of ``graph``, as the modules along it, or None."""
    state: dict[str, int] = {}  # 1: on the path being walked, 2: done
    path: list[str] = []

    def walk(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for after in sorted(graph.get(node, ())):
            if state.get(after) == 1:
                return [*path[path.index(after):], after]
            if after not in state and (found := walk(after)):
                return found
        path.pop()
        state[node] = 2
        return None

    for start in sorted(graph):
        if start not in state and (found := walk(start)):
            return found
    return None


def test_no_module_of_a_package_imports_back_a_module_that_imports_it() -> None:
    graph: dict[str, set[str]] = {}
    where: dict[tuple[str, str], Import] = {}
    for path in host_files():
        here = module_name(path)
        if node_of(here) in OWN_TREE:
            continue
        for found, target in host_imports(path):
            if node_of(target) not in OWN_TREE:
                graph.setdefault(here, set()).add(target)
                where.setdefault((here, target), found)
    found_circle = circle(graph)
    assert found_circle is None, "a circle of imports:\n" + "\n".join(
        str(where[pair]) for pair in zip(found_circle, found_circle[1:]))


def plugin_packages() -> dict[str, Path]:
    """Each plugin's package by its import name: the built-in ones and the examples'."""
    found = {f"gm_console_plugins.{p.name}": p for p in (ROOT / "gm_console_plugins").iterdir()
             if (p / "__init__.py").is_file()}
    for example in (ROOT / "examples").iterdir():
        for package in example.iterdir():
            if (package / "__init__.py").is_file() and package.name != "tests":
                found[package.name] = package
    return found


PLUGINS = plugin_packages()


def plugin_files() -> Iterator[tuple[str, Path]]:
    """Each plugin's files and its examples' tests, with the plugin they belong to."""
    for name, package in PLUGINS.items():
        for path in sorted(package.rglob("*.py")):
            yield name, path
        for path in sorted((package.parent / "tests").rglob("*.py")):
            yield name, path


def belongs(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


@pytest.mark.parametrize(("plugin", "path"), list(plugin_files()),
                         ids=lambda v: str(v.relative_to(ROOT)) if isinstance(v, Path) else "")
def test_a_plugin_imports_the_host_only_through_its_face(plugin: str, path: Path) -> None:
    allowed = PLUGIN_API | ({"gm_console.testing"} if "tests" in path.parts else set())
    wrong: dict[tuple[int, str], str] = {}
    for found in imports(path):
        if not belongs(found.name, "gm_console"):
            continue
        # ``from gm_console import hookimpl`` names gm_console.hookimpl: its module is the face
        module = found.name if found.name in HOST_MODULES else found.name.rpartition(".")[0]
        if module in HOST_MODULES and module not in allowed:
            wrong.setdefault((found.line, module), f"{found.source.relative_to(ROOT)}:"
                             f"{found.line} imports {module}: a plugin imports only "
                             f"{', '.join(sorted(allowed))}")
    assert not wrong, "\n".join(wrong.values())


@pytest.mark.parametrize(("plugin", "path"), list(plugin_files()),
                         ids=lambda v: str(v.relative_to(ROOT)) if isinstance(v, Path) else "")
def test_no_plugin_imports_another(plugin: str, path: Path) -> None:
    """Two plugins talk through hooks and the session (DESIGN.md): not by an import, nor by an
    import that a string names (importlib)."""
    others = [name for name in PLUGINS if name != plugin]
    wrong = [f"{found}, of plugin {other}" for found in imports(path) for other in others
             if belongs(found.name, other)]
    tree = ast.parse(path.read_text())
    wrong += [f"{path.relative_to(ROOT)}:{node.lineno} names {node.value!r}, of plugin {other}"
              for node in ast.walk(tree) if isinstance(node, ast.Constant)
              and isinstance(node.value, str) for other in others
              if belongs(node.value.split(":")[0], other)]
    assert not wrong, "\n".join(wrong)


def reached(module: str) -> dict[str, Import]:
    """Every module ``module`` imports, directly or through host modules, each with the import
    that first reached it."""
    out: dict[str, Import] = {}
    todo = [module]
    while todo:
        path = HOST_MODULES[todo.pop()]
        for found in imports(path):
            name = found.name
            if name in HOST_MODULES and name not in out:
                todo.append(name)
            out.setdefault(name, found)
    return out


@pytest.mark.parametrize("module", ["gm_console.state.store", "gm_console.contract.operations",
                                    "gm_console.files.codec"])
def test_the_store_the_operations_and_the_codec_import_neither_textual_nor_a_plugin(
        module: str) -> None:
    """DESIGN.md: they run the same under the TUI, ``gm-console op``, a test or a server with
    no screen. (tests/test_meta.py checks what loading them loads; this, every import of them
    and of what they import, even one a run never reaches.)"""
    plugins = ["gm_console_plugins", *(p for p in PLUGINS if "." not in p)]
    wrong = [f"{found}" for name, found in reached(module).items()
             if name.split(".")[0] == "textual" or belongs(name, "gm_console.ui")
             or any(belongs(name, p) for p in plugins)]
    assert not wrong, "\n".join(wrong)
