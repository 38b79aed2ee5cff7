"""Creatures in a fight: stat blocks kept as data (``config/creatures.toml``, the user's own
beside it), hit points from a hit-dice expression (their average, or rolled), and the
combatants they become, one or a group ("3 goblins": one initiative, hit points each).

Plain functions over plain data; nothing here knows the host or Textual. A creature combatant
is stored like a character where the host reads one (``max_hit_points``, ``hit_points``,
``temp_hit_points``, ``conditions``, ability scores), so hit points, conditions and rolls on
demand work on it through the host as on a party member.
"""

from __future__ import annotations

import re
from typing import Any, Callable, Mapping

from gm_console import modifier, say
from gm_console_plugins.combat.turns import Invalid

ABILITIES = ("strength", "dexterity", "constitution", "intelligence", "wisdom", "charisma")
HIT_DICE = re.compile(r"^\s*(\d+)\s*d\s*(\d+)\s*(?:([+-])\s*(\d+))?\s*$", re.I)
_WHOLE = {"armour_class": (0, 100), "attack": (-50, 50), "initiative": (-50, 50),
          **{ability: (1, 25) for ability in ABILITIES}}
_KNOWN = {"label", "label_fr", "hit_dice", "speed_m", *_WHOLE}


def hit_dice(text: str) -> tuple[int, int, int]:
    """``"2d8+2"`` → (2, 8, 2); Invalid when it is not NdM, NdM+K or NdM-K."""
    found = HIT_DICE.match(str(text))
    if not found or int(found[1]) < 1 or int(found[2]) < 1 or int(found[1]) > 100:
        raise Invalid(say("hit dice are written NdM, NdM+K or NdM-K (2d8+2), not {text!r}",
                          text=text))
    bonus = int(found[4] or 0) * (-1 if found[3] == "-" else 1)
    return int(found[1]), int(found[2]), bonus


def average_hit_points(text: str) -> int:
    """The average of the hit dice, rounded down (2d8+2: 11), at least 1."""
    count, sides, bonus = hit_dice(text)
    return max(1, count * (sides + 1) // 2 + bonus)


def rolled_hit_points(text: str, roll: Callable[[int], int]) -> int:
    """The hit dice rolled (``roll(sides)`` gives one die), at least 1."""
    count, sides, bonus = hit_dice(text)
    return max(1, sum(roll(sides) for _ in range(count)) + bonus)


def stat_block(table: Mapping[str, Any], key: str, where: Callable[[str], str]) -> dict[str, Any]:
    """The stat block ``key`` of ``creatures.toml``'s ``[creatures]``, checked: Invalid with
    the file and line (``where(key)``) and what is wrong. Named by its key or its label in
    either language."""
    blocks = table.get("creatures", {})
    wanted = key.strip().casefold()
    found = next((k for k, row in blocks.items() if isinstance(row, dict) and wanted in (
        k.casefold(), str(row.get("label", "")).casefold(),
        str(row.get("label_fr", "")).casefold())), None)
    if found is None:
        raise Invalid(say("no creature {key!r} in config/creatures.toml (creatures: {known})",
                          key=key, known=", ".join(sorted(blocks)) or say("none")))
    return check(found, blocks[found], where(found))


def typed_group(table: Mapping[str, Any], text: str) -> tuple[int, str] | None:
    """What the combat screen's add prompt reads as creatures of a stat block: ``goblin``,
    ``3 goblins``, ``2 x wolf`` → (count, the block's key); None when it names no block."""
    found = re.match(r"^\s*(?:(\d+)\s*[x×]?\s+)?(.+?)\s*$", text)
    if not found:
        return None
    count, name = int(found[1] or 1), found[2].casefold()
    blocks = table.get("creatures", {})
    for wanted in (name, name[:-1] if name.endswith("s") else name):
        for key, row in blocks.items():
            if isinstance(row, dict) and wanted in (key.casefold(),
                                                    str(row.get("label", "")).casefold(),
                                                    str(row.get("label_fr", "")).casefold()):
                return count, key
    return None


def check(key: str, row: Any, place: str) -> dict[str, Any]:
    """One stat block as plain data, or Invalid naming ``place`` (file, line) and the field."""
    def bad(problem: Any) -> Invalid:
        return Invalid(say("{place}: creature {key!r}: {problem}", place=place, key=key,
                           problem=problem))

    if not isinstance(row, dict):
        raise bad(say("a creature is a table of fields"))
    unknown = sorted(set(row) - _KNOWN)
    if unknown:
        raise bad(say("unknown field {field!r} (fields: {known})", field=unknown[0],
                      known=", ".join(sorted(_KNOWN))))
    if "hit_dice" not in row:
        raise bad(say("no hit_dice (2d8+2)"))
    try:
        hit_dice(str(row["hit_dice"]))
    except Invalid as exc:
        raise bad(exc.args[0]) from None
    for field, (low, high) in _WHOLE.items():
        value = row.get(field)
        if value is not None and (isinstance(value, bool) or not isinstance(value, int)
                                  or not low <= value <= high):
            raise bad(say("{field} must be a whole number from {low} to {high}, not {value!r}",
                          field=field, low=low, high=high, value=value))
    speed = row.get("speed_m", 9)
    if isinstance(speed, bool) or not isinstance(speed, (int, float)) or not 0 <= speed <= 1000:
        raise bad(say("speed_m must be metres from 0 to 1000, not {value!r}", value=speed))
    return {"key": key, **row}


def label(block: Mapping[str, Any], language: str) -> str:
    """The creature's name in the reader's language, capitalised as a combatant's name."""
    name = str(block.get("label_fr" if language == "fr" else "label") or block.get("label")
               or block["key"])
    return name[:1].upper() + name[1:]


def initiative_modifier(block: Mapping[str, Any]) -> int:
    """Its own, or its Dexterity's."""
    if block.get("initiative") is not None:
        return int(block["initiative"])
    return modifier(int(block.get("dexterity", 10)))


def names(base: str, count: int, taken: set[str]) -> list[str]:
    """The names of a group of ``count``: "Goblin 1", "Goblin 2"... (past any already taken);
    one creature keeps ``base``."""
    if count == 1:
        return [base]
    out: list[str] = []
    n = 1
    while len(out) < count:
        if f"{base} {n}".casefold() not in taken:
            out.append(f"{base} {n}")
        n += 1
    return out


def creature_fields(block: Mapping[str, Any] | None, hit_points: int, armour_class: int,
                    attack: int) -> dict[str, Any]:
    """What a combatant stores besides the tracker's fields to be a creature."""
    fields: dict[str, Any] = {"max_hit_points": hit_points, "hit_points": hit_points,
                              "temp_hit_points": 0, "armour_class": armour_class,
                              "attack": attack, "conditions": []}
    if block is not None:
        fields["creature"] = block["key"]
        fields.update({ability: int(block[ability]) for ability in ABILITIES
                       if block.get(ability) is not None})
    return fields


def is_creature(combatant: Mapping[str, Any]) -> bool:
    """A combatant with hit points of its own (not a party member, not an entry): their
    figures, or, as a player or a spectator has it, ``health``, the word that stands for
    them (the ``creatures`` hook)."""
    return not combatant.get("party") and ("max_hit_points" in combatant
                                           or "health" in combatant)
