"""Spell slots as plain data: a caster is ``{"name", "slots", "used"}``, where ``slots[i]`` and
``used[i]`` count the slots of spell level ``i + 1``. No gm-console import: tested alone."""

from __future__ import annotations

from typing import Any

MAX_LEVEL = 9

Caster = dict[str, Any]


def new_caster(name: str) -> Caster:
    return {"name": name, "slots": [0] * MAX_LEVEL, "used": [0] * MAX_LEVEL}


def left(caster: Caster, level: int) -> int:
    """The slots of ``level`` not yet spent since the last long rest."""
    return max(0, caster["slots"][level - 1] - caster["used"][level - 1])


def has_any(caster: Caster) -> bool:
    return any(left(caster, level) for level in range(1, MAX_LEVEL + 1))


def set_slots(caster: Caster, level: int, count: int) -> None:
    """``count`` slots of ``level``; those already spent stay spent, up to the new count."""
    caster["slots"][level - 1] = count
    caster["used"][level - 1] = min(caster["used"][level - 1], count)


def spend(caster: Caster, level: int) -> None:
    caster["used"][level - 1] += 1


def restore(caster: Caster) -> bool:
    """A long rest: every slot back. Whether any was spent."""
    spent = any(caster["used"])
    caster["used"] = [0] * MAX_LEVEL
    return spent


def short(caster: Caster) -> str:
    """What is left of each level the caster has slots of, left/slots: "2/3 1/1"."""
    return " ".join(f"{left(caster, level)}/{caster['slots'][level - 1]}"
                    for level in range(1, MAX_LEVEL + 1) if caster["slots"][level - 1])
