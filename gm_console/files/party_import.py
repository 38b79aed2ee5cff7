"""A party from elsewhere, read for ``gm-console import``: a CSV file (a header row of the
character sheet's field names, a row a character, an empty cell for the default) or a JSON
list of objects (the same names, and ``items``: a list of ``{name, weight_lb, qty}``). Only
read here; :func:`gm_console.rules.characters.import_problems` says what is wrong in them."""

from __future__ import annotations

import csv
import json
from pathlib import Path
from typing import Any


class ImportFileError(ValueError):
    """A file that cannot be read as a party at all; the message names it and where."""


def read(path: Path) -> list[Any]:
    """The file's characters, as read (strings from a CSV, what JSON holds from a JSON)."""
    try:
        text = path.read_text(encoding="utf-8-sig")  # (a spreadsheet's CSV may start with a BOM)
    except (OSError, UnicodeDecodeError) as exc:
        raise ImportFileError(f"{path}: cannot read it: {getattr(exc, 'strerror', None) or exc}"
                              ) from None
    if path.suffix.lower() == ".json":
        try:
            entries = json.loads(text)
        except json.JSONDecodeError as exc:
            raise ImportFileError(f"{path}, line {exc.lineno}: not JSON: {exc.msg}") from None
        if not isinstance(entries, list):
            raise ImportFileError(f"{path}: a JSON party is a list of characters ([{{...}}, "
                                  "...]), not a single value")
        return entries
    if path.suffix.lower() != ".csv":
        raise ImportFileError(f"{path}: a party is a .csv or a .json file")
    rows = csv.DictReader(text.splitlines())
    if not rows.fieldnames:
        raise ImportFileError(f"{path}: empty: the first row names the fields (name, race, ...)")
    entries = []
    for row in rows:
        if None in row:  # more cells than the header names
            raise ImportFileError(f"{path}, row {rows.line_num}: more cells than the header "
                                  f"row has fields ({len(rows.fieldnames)})")
        entries.append({key.strip(): value.strip() for key, value in row.items()
                        if value is not None and value.strip()})
    return entries


def place(path: Path, index: int) -> str:
    """Where the ``index``-th character is in ``path``: its row (the header is row 1) or
    its entry in the list."""
    if path.suffix.lower() == ".csv":
        return f"{path}, row {index + 2}"
    return f"{path}, character {index + 1}"
