"""The shell's layers: no import circle inside gm_console.ui, counting the imports made only
for the type checker and those made inside a function. The app sits on top; what a lower
module needs of it is :class:`gm_console.ui.shell.Shell`."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
UI = ROOT / "gm_console" / "ui"


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def ui_imports() -> dict[str, set[str]]:
    """Each module of gm_console.ui → the modules of gm_console.ui it imports, wherever."""
    modules = {_module_name(path): path for path in UI.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    anchor = package.split(".")
                    anchor = anchor[:len(anchor) - node.level + 1]
                    base = ".".join([*anchor, *([base] if base else [])])
                found.add(base)
                found.update(f"{base}.{alias.name}" for alias in node.names)
        graph[name] = {target for target in found if target in modules and target != name}
    return graph


def test_no_import_circle_in_the_shell() -> None:
    graph = ui_imports()
    circles = []

    def walk(node: str, path: list[str]) -> None:
        for target in sorted(graph[node]):
            if target in path:
                circles.append(" → ".join([*path[path.index(target):], target]))
            elif target not in done:
                walk(target, [*path, target])
        done.add(node)

    done: set[str] = set()
    for start in sorted(graph):
        if start not in done:
            walk(start, [start])
    assert not circles, "\n".join(circles)


def test_nothing_below_the_app_imports_it() -> None:
    graph = ui_imports()
    assert not [name for name, targets in graph.items() if "gm_console.ui.app" in targets]
