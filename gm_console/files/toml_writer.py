"""``tomli_w.dumps``'s text, byte for byte, written faster for what a session holds.

tomli_w walks every value through generators, ``isinstance`` checks against abstract classes and
a character-by-character loop per string: slow on a long campaign, and ``gm-console op``, a
console's first save and its exit on a hang-up all wait for the text. This writer follows
tomli_w's layout rules (version 1.x, the ``tomli-w`` of pyproject.toml) for plain dicts, lists,
strings, numbers, booleans and dates; anything else (another mapping type, a Decimal, a time of
day) is written by tomli_w itself, which also says what it cannot write.
tests/test_toml_writer.py holds it to tomli_w's text.
"""

from __future__ import annotations

import re
from datetime import date, datetime
from typing import Any

import tomli_w

_ESCAPED = re.compile(r'[\x00-\x08\x0a-\x1f\x7f"\\]')  # tomli_w's: controls but tab, " and \
_COMPACT = {"\b": "\\b", "\n": "\\n", "\f": "\\f", "\r": "\\r", '"': '\\"', "\\": "\\\\"}
_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
_AS_STR = frozenset((int, float, date, datetime))  # written as str() writes them
_INDENT = "    "
_MAX_LINE_LENGTH = 100  # an array of tables is inline only if every table fits a line
_KEYS: dict[str, str] = {}  # key -> as written: a session uses a few dozen keys, over and over
_KEYS_KEPT = 4096


class _Unusual(Exception):
    """A value this writer leaves to tomli_w."""


def dumps(document: dict[str, Any]) -> str:
    """The TOML text of ``document``, as ``tomli_w.dumps`` writes it."""
    if type(document) is not dict:
        return tomli_w.dumps(document)
    out: list[str] = []
    try:
        _table(document, "", False, out)
    except _Unusual:
        return tomli_w.dumps(document)
    return "".join(out)


def _table(table: dict[str, Any], name: str, inside_aot: bool, out: list[str]) -> None:
    """tomli_w's ``gen_table_chunks``: the header, the key/values, then each table and each
    table of an array of tables, a blank line before each."""
    lines: list[str] = []
    tables: list[tuple[str, dict[str, Any], bool]] = []
    for key, value in table.items():
        kind = type(value)
        if kind is str:  # most of a session, journal lines first: written here, no call
            part = _KEYS.get(key) or _key(key)
            lines.append(f'{part} = "{value}"\n' if _ESCAPED.search(value) is None
                         else f"{part} = {_string(value)}\n")
        elif kind is dict:
            tables.append((key, value, False))
        elif ((kind is list or kind is tuple) and value
              and all(type(item) is dict for item in value)
              and not all(_fits_inline(item) for item in value)):
            tables.extend((key, item, True) for item in value)
        else:
            lines.append(f"{_KEYS.get(key) or _key(key)} = {_literal(value, 0)}\n")
    if inside_aot:
        out.append(f"[[{name}]]\n")
    elif name and (lines or not tables):
        out.append(f"[{name}]\n")
    written = inside_aot or bool(name and (lines or not tables)) or bool(lines)
    out.extend(lines)
    for key, value, in_aot in tables:
        if written:
            out.append("\n")
        written = True
        part = _KEYS.get(key) or _key(key)
        _table(value, f"{name}.{part}" if name else part, in_aot, out)


def _literal(value: Any, nest: int) -> str:
    kind = type(value)
    if kind is bool:
        return "true" if value else "false"
    if kind in _AS_STR:
        return str(value)
    if isinstance(value, str):  # a Said: its text
        return _string(str(value))
    if kind is list or kind is tuple:
        if not value:
            return "[]"
        items = ",\n".join(_INDENT * (nest + 1) + _literal(item, nest + 1) for item in value)
        return f"[\n{items},\n{_INDENT * nest}]"
    if kind is dict:
        return _inline(value)
    raise _Unusual


def _inline(table: dict[str, Any]) -> str:
    if not table:
        return "{}"
    # (an array inside an inline table starts again at no indent, as in tomli_w)
    return "{ " + ", ".join(f"{_KEYS.get(key) or _key(key)} = {_literal(value, 0)}"
                            for key, value in table.items()) + " }"


def _fits_inline(table: dict[str, Any]) -> bool:
    text = f"{_INDENT}{_inline(table)},"
    return len(text) <= _MAX_LINE_LENGTH and "\n" not in text


def _string(text: str) -> str:
    if _ESCAPED.search(text) is None:
        return f'"{text}"'
    return '"' + _ESCAPED.sub(_escape, text) + '"'


def _escape(match: re.Match[str]) -> str:
    char = match.group()
    return _COMPACT.get(char) or f"\\u{ord(char):04x}"


def _key(key: Any) -> str:
    if type(key) is not str:  # tomli_w says what is wrong with it
        raise _Unusual
    text = key if _BARE_KEY.fullmatch(key) else _string(key)
    if len(_KEYS) < _KEYS_KEPT:
        _KEYS[key] = text
    return text
