"""The hook reference, ``docs/hooks.md``, written from :mod:`gm_console.contract.hookspecs` and
the built-in plugins' own ``hookspecs``, so the two cannot disagree (a test compares them)::

    python -m gm_console.host.hookdoc > docs/hooks.md
"""

from __future__ import annotations

import inspect
import re
from typing import TYPE_CHECKING, Any

from gm_console.contract import hookspecs

if TYPE_CHECKING:
    from gm_console.host.manager import Host

_BANNER = re.compile(r"^# -{20,}\n# (.+)\n# -{20,}$", re.MULTILINE)


def hooks() -> list[str]:
    """Every hook the host declares, in the order of the module (grouped by purpose)."""
    return [name for name, value in vars(hookspecs).items() if hasattr(value, "gm_console_spec")]


def _section_of() -> dict[str, str]:
    """Hook name → the banner comment above it."""
    source = inspect.getsource(hookspecs)
    banners = [(m.start(), m.group(1)) for m in _BANNER.finditer(source)]
    out = {}
    for name in hooks():
        where = source.index(f"\ndef {name}(")
        out[name] = next((title for start, title in reversed(banners) if start < where), "")
    return out


def _markdown(doc: str) -> str:
    """A docstring's ``Example::`` literal block as a fenced Python block."""
    head, sep, example = doc.partition("::\n")
    if not sep:
        return doc
    code = inspect.cleandoc(example)
    return f"{head}:\n\n```python\n{code}\n```"


def _signature(spec: object) -> str:
    """The signature as written (the module's annotations are strings: no quotes; a third
    party's may be types, or absent)."""
    signature = inspect.signature(spec)  # type: ignore[arg-type]
    params = ", ".join(p.name if p.annotation is p.empty else f"{p.name}: {_written(p.annotation)}"
                       for p in signature.parameters.values()
                       if p.name != "self")  # a plugin's hookspecs may be a class's methods
    returned = signature.return_annotation
    return f"({params})" + ("" if returned is signature.empty else f" -> {_written(returned)}")


def _written(annotation: Any) -> str:
    return annotation if isinstance(annotation, str) else inspect.formatannotation(annotation)


BUILT_IN = "gm_console_plugins."
"""The modules of the built-in plugins, whose declared hooks the reference lists too."""


def declared() -> list[tuple[str, str, object]]:
    """(plugin, hook, spec) for every hook a built-in plugin declares for others (its
    ``hookspecs``), by plugin then in the order written."""
    from gm_console.host import plugin_index
    from gm_console.host.manager import ENTRY_POINT_GROUP

    found = []
    for entry in plugin_index.entry_points(ENTRY_POINT_GROUP):
        if not entry.value.startswith(BUILT_IN):
            continue
        specs = getattr(plugin_index.loader(entry.value)(), "hookspecs", None)
        found += [(entry.name, name, value) for name, value in vars(specs or object).items()
                  if hasattr(value, "gm_console_spec")]
    return found


def _entry(name: str, spec: object) -> list[str]:
    marked: dict[str, object] = getattr(spec, "gm_console_spec", {})
    kind = " (first answer wins)" if marked.get("firstresult") else ""
    return [f"### `{name}`{kind}", "", "```python", f"def {name}{_signature(spec)}", "```", "",
            _markdown(inspect.getdoc(spec) or ""), ""]


def listing(host: Host) -> list[dict[str, Any]]:
    """Every hook the loaded ``host`` knows, for ``gm-console plugins --hooks``: the host's
    in the reference's order, then those its loaded plugins declare (a third party's too),
    each with its signature as declared, who declared it, its first line, whether the first
    answer wins, and the plugins that implement it (``labels`` and ``help_text``: also those
    whose files answer them, ``labels.fr.toml``, ``help.en.txt``)."""
    own = [(name, "gm-console", getattr(hookspecs, name)) for name in hooks()]
    theirs = [(name, plugin, getattr(host.pm.hook, name).spec.function)
              for name, plugin in host.declared_hooks.items()]
    out = []
    for name, declared_by, spec in own + theirs:
        marked: dict[str, object] = getattr(spec, "gm_console_spec", {})
        doc = inspect.getdoc(spec) or ""
        out.append({"name": name, "signature": f"{name}{_signature(spec)}",
                    "declared_by": declared_by, "first_answer_wins": bool(marked.get(
                        "firstresult")), "summary": " ".join(doc.split("\n\n")[0].split()),
                    "implemented_by": sorted({impl.plugin_name for impl in
                                              getattr(host.pm.hook, name).get_hookimpls()}
                                             | host.filed_by(name))})
    return out


def reference() -> str:
    lines = ["# gm-console hook reference", "",
             "Made from `gm_console/contract/hookspecs.py` by `python -m gm_console.host.hookdoc`; do not edit.",
             "", _markdown(inspect.getdoc(hookspecs) or ""), ""]
    current = None
    for name, section in _section_of().items():
        if section != current:
            lines += [f"## {section}", ""]
            current = section
        lines += _entry(name, getattr(hookspecs, name))
    lines += ["## Hooks the built-in plugins declare", "",
              "Declared by a plugin for others (its `hookspecs`): implement them with "
              "`@hookimpl(optionalhook=True)`, since the plugin that declares them may not be "
              "loaded.", ""]
    for plugin, name, spec in declared():
        head, *rest = _entry(name, spec)
        lines += [head, "", f"Declared by the `{plugin}` plugin.", *rest]
    return "\n".join(lines)


if __name__ == "__main__":
    print(reference(), end="")
