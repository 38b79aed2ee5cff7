"""The hook reference, ``docs/hooks.md``, written from :mod:`gm_console.contract.hookspecs` so the two
cannot disagree (a test compares them)::

    python -m gm_console.host.hookdoc > docs/hooks.md
"""

from __future__ import annotations

import inspect
import re

from gm_console.contract import hookspecs

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
    """The signature as written (the module's annotations are strings: no quotes)."""
    signature = inspect.signature(spec)  # type: ignore[arg-type]
    params = ", ".join(f"{p.name}: {p.annotation}" for p in signature.parameters.values())
    return f"({params}) -> {signature.return_annotation}"


def reference() -> str:
    lines = ["# gm-console hook reference", "",
             "Made from `gm_console/contract/hookspecs.py` by `python -m gm_console.host.hookdoc`; do not edit.",
             "", _markdown(inspect.getdoc(hookspecs) or ""), ""]
    current = None
    for name, section in _section_of().items():
        if section != current:
            lines += [f"## {section}", ""]
            current = section
        spec = getattr(hookspecs, name)
        kind = " (first answer wins)" if spec.gm_console_spec.get("firstresult") else ""
        lines += [f"### `{name}`{kind}", "", "```python", f"def {name}{_signature(spec)}",
                  "```", "",
                  _markdown(inspect.getdoc(spec) or ""), ""]
    return "\n".join(lines)


if __name__ == "__main__":
    print(reference(), end="")
