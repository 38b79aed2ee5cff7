"""RULES.md 2.5: the armour worn limits the speed, even magic armour.

Plain functions over ``config/armour.toml`` parsed (``table``) and its settings.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any


def _key(text: str) -> str:
    return " ".join(str(text).casefold().split())


def parse_limit(raw: Any, where: str) -> Fraction:
    """A limit written "1", "2/3", "1/2": a fraction of the base speed from 0 (excluded) to 1."""
    try:
        value = Fraction(str(raw).strip())
    except (ValueError, ZeroDivisionError):
        raise ValueError(f"{where}: limit {raw!r} is not a fraction such as \"2/3\"") from None
    if not 0 < value <= 1:
        raise ValueError(f"{where}: limit {raw!r} must be more than 0 and at most 1")
    return value


def find_armour(name: str, table: dict[str, Any]) -> dict[str, Any] | None:
    """The armour table's entry that ``name`` names (its English or French name, or an alias)."""
    wanted = _key(name)
    for entry in table.get("armour", []):
        spellings = [entry["name"], entry.get("fr", ""), *entry.get("aliases", [])]
        if any(_key(s) == wanted for s in spellings):
            return entry
    return None


@dataclass(frozen=True)
class ArmourLimit:
    armour: str          # as the character sheet writes it
    known: str | None    # the table's name, None when the armour is not in the table
    limit: Fraction      # of the base speed; 1 = no limit
    magic: bool
    known_fr: str | None = None  # the table's French name

    @property
    def label(self) -> str:
        magic = ", magic" if self.magic else ""
        if self.known is None:
            return (f"armour {self.armour!r}{magic} is not in config/armour.toml: "
                    f"limit {self.limit_text}")
        return f"armour {self.known}{magic}: {self.limit_text}"

    @property
    def label_fr(self) -> str:
        magic = ", magique" if self.magic else ""
        limit = "aucune limite" if self.limit == 1 else f"{self.limit} de la vitesse"
        if self.known is None:
            return f"armure {self.armour!r}{magic} absente de config/armour.toml : limite {limit}"
        return f"{self.known_fr or self.known}{magic} : {limit}"  # most French names say "armure"

    @property
    def limit_text(self) -> str:
        return "no limit" if self.limit == 1 else f"{self.limit} speed"

    def as_dict(self) -> dict[str, Any]:
        return {"armour": self.known or self.armour, "known": self.known is not None,
                "limit": str(self.limit), "magic": self.magic, "text": self.label,
                "text_fr": self.label_fr}


def armour_limit(character: dict[str, Any], table: dict[str, Any],
                 settings: dict[str, Any]) -> ArmourLimit:
    """The limit of the armour the character wears; magic armour limits all the same (2.5)."""
    worn = str(character.get("armour") or "none")  # an empty field means no armour
    magic = bool(character.get("armour_magic"))
    entry = find_armour(worn, table)
    if entry is None:
        limit = parse_limit(settings["unknown_armour_limit"], "setting unknown_armour_limit")
        return ArmourLimit(worn, None, limit, magic)
    return ArmourLimit(worn, entry["name"], parse_limit(entry["limit"], f"armour {entry['name']}"),
                       magic, entry.get("fr"))
