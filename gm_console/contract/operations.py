"""Operations: the only way session state changes.

An operation is data (a name and typed parameters) plus two functions: ``check`` may refuse with
a reason before anything changes, ``apply`` changes the session through the context it is given.
The UI, the ``op`` command and, later, remote terminals all send the same (name, params) pair to
the store, which is why parameters are declared here and not parsed by each front.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable

from gm_console.contract.results import Refused, Result
from gm_console.text.said import say

if TYPE_CHECKING:
    from gm_console.contract.session import OpContext

REQUIRED: Any = object()
"""Marker default: the parameter must be given."""

# Limits of any parameter from any front (docs/session-file.md, "Limits"): a number past them
# overflows the rules (1e308 hours is no date), text past them is a paste gone wrong, not a
# name or a note.
MAX_NUMBER = 1e12
MAX_TEXT = 10_000
MAX_ITEMS = 1_000


@dataclass(frozen=True)
class Param:
    """One parameter of an operation.

    ``type`` is one of ``str``, ``int``, ``float``, ``bool``, ``list`` (from the command line,
    comma-separated strings) or ``dict`` (only from another operation, such as a roll request's
    context handed back to the plugin that asked).
    """

    name: str
    type: type = str
    help: str = ""
    default: Any = REQUIRED
    choices: tuple[Any, ...] = ()
    parse: Callable[[Any], Any] | None = None
    """The operation's own reading of the value, after the type's (``"end"`` or a number of
    hours, say), applied to the default too: the operation is handed what it returns. It raises
    :class:`Refused` saying what is expected. A front that needs the value before it applies
    the operation (to ask a question first) calls :meth:`coerce` rather than reading it
    again."""

    @property
    def required(self) -> bool:
        return self.default is REQUIRED

    def coerce(self, raw: Any) -> Any:
        """Turn a value from any front (a typed value, or text from the command line) into
        ``self.type``, or refuse with a message naming the parameter."""
        try:
            value = _COERCERS[self.type](raw)
        except (TypeError, ValueError):
            raise Refused(say("parameter {name!r}: {expected} was expected, not {raw}",
                              name=self.name, expected=_EXPECTED[self.type],
                              raw=repr(raw))) from None
        _check_size(self.name, value)
        if self.choices and value not in self.choices:
            options = ", ".join(str(c) for c in self.choices)
            raise Refused(say("parameter {name!r}: {value} is not one of {options}",
                              name=self.name, value=repr(value), options=options))
        return value if self.parse is None else self.parse(value)

    def describe(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, "type": self.type.__name__, "help": self.help,
                               "required": self.required}
        if not self.required:
            out["default"] = self.default
        if self.choices:
            out["choices"] = list(self.choices)
        return out


def _check_size(name: str, value: Any) -> None:
    if isinstance(value, (int, float)) and not isinstance(value, bool) \
            and abs(value) > MAX_NUMBER:
        shown = repr(value)  # not :g, which overflows on an int too large for a float
        shown = shown if len(shown) <= 24 else f"{shown[:20]}... ({len(shown)} digits)"
        raise Refused(say("parameter {name!r}: {shown} is beyond the limit of ±{limit:g}",
                          name=name, shown=shown, limit=MAX_NUMBER))
    if isinstance(value, str) and len(value) > MAX_TEXT:
        raise Refused(say("parameter {name!r}: {count:,} characters, more than the {limit:,} "
                          "a parameter may hold", name=name, count=len(value), limit=MAX_TEXT))
    if isinstance(value, list):
        if len(value) > MAX_ITEMS:
            raise Refused(say("parameter {name!r}: {count:,} items, more than the {limit:,} "
                              "a parameter may hold", name=name, count=len(value),
                              limit=MAX_ITEMS))
        for item in value:
            _check_size(name, item)


def _to_bool(raw: Any) -> bool:
    if isinstance(raw, bool):
        return raw
    text = str(raw).strip().lower()
    if text in ("1", "true", "yes", "on", "y"):
        return True
    if text in ("0", "false", "no", "off", "n"):
        return False
    raise ValueError(raw)


def _to_int(raw: Any) -> int:
    if isinstance(raw, bool):
        raise TypeError(raw)
    if isinstance(raw, float):
        if not raw.is_integer():
            raise ValueError(raw)
        return int(raw)
    return int(str(raw).strip()) if isinstance(raw, str) else int(raw)


def _to_float(raw: Any) -> float:
    if isinstance(raw, bool):
        raise TypeError(raw)
    value = float(str(raw).strip().replace(",", ".")) if isinstance(raw, str) else float(raw)
    if value != value or value in (float("inf"), float("-inf")):
        raise ValueError(raw)
    return value


def _to_list(raw: Any) -> list[Any]:
    if isinstance(raw, (list, tuple)):
        return list(raw)
    text = str(raw).strip()
    return [part.strip() for part in text.split(",") if part.strip()] if text else []


_EXPECTED = {str: say("some text"), int: say("a whole number"), float: say("a number"),
             bool: say("yes or no (true, false)"), list: say("a list (comma-separated)"),
             dict: say("a table")}
"""What a parameter of each type takes, in the words a refusal says it."""

_COERCERS: dict[type, Callable[[Any], Any]] = {
    str: lambda raw: raw if isinstance(raw, str) else str(raw),
    int: _to_int,
    float: _to_float,
    bool: _to_bool,
    list: _to_list,
    dict: lambda raw: dict(raw) if isinstance(raw, dict) else _refuse_type(raw),
}


def param_problem(param: Any) -> str | None:
    """What makes ``param`` unusable as an operation's parameter (not a Param, a name that is
    not text, a type it cannot be read as), or None."""
    if not isinstance(param, Param):
        return f"a parameter must be a Param, not {param!r}"
    if not isinstance(param.name, str) or not param.name:
        return f"a parameter's name must be text, not {param.name!r}"
    if param.type not in _COERCERS:
        return (f"parameter {param.name!r}: its type must be one of "
                f"{', '.join(t.__name__ for t in _COERCERS)}, not {param.type!r}")
    if not isinstance(param.choices, (tuple, list)):
        return f"parameter {param.name!r}: its choices must be a tuple, not {param.choices!r}"
    return None


def _refuse_type(raw: Any) -> Any:
    raise TypeError(raw)


Check = Callable[["OpContext", dict[str, Any]], "str | None"]
Apply = Callable[["OpContext", dict[str, Any]], "Result | str | None"]


@dataclass(frozen=True)
class Operation:
    """A named change to the session.

    - ``check(ctx, params)`` returns a reason to refuse, or None. It must not change anything.
    - ``apply(ctx, params)`` changes ``ctx.state`` and returns a :class:`Result` or a sentence.
      It may also raise :class:`Refused`; the store then discards everything it changed.
    - ``kind`` is the journal's filter key (defaults to the name's first part: ``travel``).
    - ``journal=False`` for operations that only move the UI and are not worth a journal line.
    """

    name: str
    help: str
    apply: Apply
    params: tuple[Param, ...] = ()
    check: Check | None = None
    kind: str = ""
    journal: bool = True
    plugin: str = ""  # filled in by the host: which plugin registered it

    @property
    def journal_kind(self) -> str:
        return self.kind or self.name.split(".", 1)[0]

    def coerce(self, raw: dict[str, Any]) -> dict[str, Any]:
        """Typed parameters from raw ones, or :class:`Refused` naming what is wrong."""
        known = {p.name for p in self.params}
        unknown = sorted(set(raw) - known)
        if unknown:
            expected = ", ".join(sorted(known)) or say("no parameters")
            raise Refused(say("{op}: unknown parameter {name!r} (expected {expected})",
                              op=self.name, name=unknown[0], expected=expected))
        out: dict[str, Any] = {}
        for param in self.params:
            if param.name in raw and raw[param.name] is not None:
                out[param.name] = param.coerce(raw[param.name])
            elif param.required:
                raise Refused(say("{op}: parameter {name!r} is required", op=self.name,
                                  name=param.name))
            else:
                out[param.name] = param.default if param.parse is None \
                    else param.parse(param.default)
        return out

    def describe(self) -> dict[str, Any]:
        return {"name": self.name, "help": self.help, "plugin": self.plugin,
                "params": [p.describe() for p in self.params]}
