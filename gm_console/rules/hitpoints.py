"""Hit points: the maximum as conditions leave it (exhaustion 4 halves it), damage through
temporary hit points first, healing up to the maximum. Plain functions over numbers.

The sheet keeps ``max_hit_points`` (as rolled), ``hit_points`` (current) and
``temp_hit_points``. The maximum that counts is derived: the sheet's × every condition's
``max_hp_factor``, rounded down (RULES.md 1.3, level 4). Current hit points above it count as
the maximum; the next damage or healing writes the capped figure back.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Mapping, NamedTuple

from gm_console.rules.conditions import Condition
from gm_console.text.said import say


@dataclass(frozen=True)
class HitPoints:
    """A character's hit points as conditions leave them, and the steps that say why."""

    current: int
    maximum: int          # the sheet's
    effective_max: int    # what conditions leave of it
    temp: int
    steps: list[str] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        return {"current": self.current, "max": self.maximum,
                "effective_max": self.effective_max, "temp": self.temp,
                "steps": list(self.steps)}

    def short(self) -> str:
        """How the party table shows them: ``12/20``, ``5/10+3``, ``10/20 (max 10)``."""
        text = f"{self.current}/{self.effective_max}"
        if self.temp:
            text += f"+{self.temp}"
        return text


def _whole(value: Any) -> int:
    try:
        return int(value or 0)
    except (TypeError, ValueError):
        return 0


def of(character: Mapping[str, Any], conditions: list[Condition]) -> HitPoints | None:
    """A character's hit points with a line per step; None when the sheet has no maximum."""
    if character.get("max_hit_points") in (None, ""):
        return None
    maximum = _whole(character.get("max_hit_points"))
    stored = _whole(character.get("hit_points", maximum))
    temp = max(0, _whole(character.get("temp_hit_points", 0)))
    steps: list[str] = [say("maximum {maximum} (sheet)", maximum=maximum)]
    effective = maximum
    for condition in conditions:
        factor = condition.effects.get("max_hp_factor")
        if factor is not None:
            effective = math.floor(effective * float(factor))
            steps.append(say("× {factor:g}: {condition} ({source}) → maximum {effective}",
                             factor=float(factor),
                             condition=condition.named or condition.label or condition.name,
                             source=condition.source, effective=effective))
    current = min(stored, effective)
    steps.append(say("current {stored} → {current} (no more than the maximum)", stored=stored,
                     current=current) if current != stored
                 else say("current {stored}", stored=stored))
    if temp:
        steps.append(say("temporary {temp} (lost first)", temp=temp))
    return HitPoints(current, maximum, effective, temp, steps)


class Damage(NamedTuple):
    current: int
    temp: int
    overflow: int     # damage left once hit points reached the floor
    steps: list[str]


def damage(hp: HitPoints, amount: int, floor: int = 0) -> Damage:
    """``amount`` damage: temporary hit points go first, then hit points, down to ``floor``
    (0: the 5e reading); what is left beyond it is ``overflow`` (massive damage)."""
    steps: list[str] = []
    from_temp = min(hp.temp, amount)
    if from_temp:
        steps.append(say("temporary {before} → {after}", before=hp.temp,
                         after=hp.temp - from_temp))
    rest = amount - from_temp
    below = hp.current - rest
    current = max(floor, below)
    steps.append(say("hit points {before} → {after}", before=hp.current, after=current))
    overflow = max(0, floor - below) if rest else 0
    if overflow:
        steps.append(say("{overflow} damage beyond {floor}", overflow=overflow, floor=floor))
    return Damage(current, hp.temp - from_temp, overflow, steps)


def heal(hp: HitPoints, amount: int) -> int:
    """Hit points after healing ``amount``: never above the maximum that counts, and from 0
    when they were below it (a character at −3 healed 5 is at 5 in 5e)."""
    return min(hp.effective_max, max(0, hp.current) + amount)


def parse_entry(text: str) -> tuple[str, dict[str, Any]]:
    """What the game master types in the party screen's hit point prompt, as an operation:
    ``7`` or ``-7 axe`` (damage, what dealt it), ``+5`` (healing; ``+5 !miracle`` heals
    even the dead, the game master's reason after the ``!``), ``t8`` (temporary).
    ValueError says what is not understood."""
    words = text.split()
    head = words[0] if words else ""
    what = " ".join(words[1:])
    kinds = (("+", "hp.heal"), ("t", "hp.temp"), ("-", "hp.damage"), ("", "hp.damage"))
    for prefix, op in kinds:
        if head.lower().startswith(prefix) and head[len(prefix):].isdigit():
            params: dict[str, Any] = {"amount": int(head[len(prefix):])}
            if op == "hp.damage" and what:
                params["what"] = what
            elif op == "hp.heal" and what.startswith("!"):  # the game master forces it
                params["override"] = what[1:].strip()
            return op, params
    raise ValueError(say("{text!r}: type 7 or -7 for damage (-7 axe), +5 to heal, t8 for "
                         "temporary hit points", text=text))
