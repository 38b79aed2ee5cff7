"""Terrain types and what they cost (RULES.md 1.5), over the table of config/terrain.toml.

Plain functions over the parsed TOML, so the tests and the hooks share them and a house rule is
an edit of the table.
"""

from __future__ import annotations

from typing import Any

from gm_console import say


class TerrainError(ValueError):
    """A terrain key or table entry that cannot be used; the message says which and why."""


def types(table: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The ``[types]`` of the table, each checked: a label and a ``difficult`` flag."""
    found = table.get("types", {})
    if not isinstance(found, dict) or not found:
        raise TerrainError(say("config/terrain.toml has no [types.<key>] table"))
    for key, entry in found.items():
        if not isinstance(entry, dict) or not isinstance(entry.get("difficult"), bool):
            raise TerrainError(say("config/terrain.toml [types.{key}]: 'difficult' must be true "
                                   "or false", key=key))
    return found


def cost(table: dict[str, Any], difficult: bool) -> float:
    """Metres of speed one metre of this terrain costs (1, or 2 when difficult)."""
    costs = table.get("cost", {})
    value = costs.get("difficult" if difficult else "normal")
    if not isinstance(value, (int, float)) or value <= 0:
        which = "difficult" if difficult else "normal"
        raise TerrainError(say("config/terrain.toml [cost]: '{which}' must be a positive number",
                               which=which))
    return float(value)


def label(entry: dict[str, Any], key: str, language: str) -> str:
    """The label in ``language`` ("fr" uses ``label_fr``), falling back to English, then the key."""
    if language == "fr" and entry.get("label_fr"):
        return str(entry["label_fr"])
    return str(entry.get("label") or key.replace("_", " "))


def check_key(table: dict[str, Any], key: str) -> str:
    """``key`` if the table knows it, else a :class:`TerrainError` listing the known keys."""
    known = types(table)
    if key not in known:
        raise TerrainError(say("unknown terrain {key!r}; known terrains: {known}", key=key,
                               known=", ".join(known)))
    return key


def describe(table: dict[str, Any], key: str, language: str = "en") -> dict[str, Any]:
    """What the ``current_terrain`` hook answers for ``key``: key, label, difficult, cost."""
    return _described(table, types(table)[check_key(table, key)], key, language)


def _described(table: dict[str, Any], entry: dict[str, Any], key: str,
               language: str) -> dict[str, Any]:
    difficult = bool(entry["difficult"])
    return {"key": key, "label": label(entry, key, language), "difficult": difficult,
            "cost": cost(table, difficult)}


def catalogue(table: dict[str, Any], language: str = "en") -> dict[str, dict[str, Any]]:
    """Every terrain type described, by key (for route legs, which carry a terrain key). The
    table is checked once, not once a type: the home screen asks for it at every key."""
    return {key: _described(table, entry, key, language) for key, entry in types(table).items()}

