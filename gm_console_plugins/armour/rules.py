"""RULES.md 2.5: the armour worn limits the speed, even magic armour.

Plain functions over ``config/armour.toml`` parsed (``table``) and its settings.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, NamedTuple

from gm_console import Said, say


def _key(text: str) -> str:
    return " ".join(str(text).casefold().split())


def parse_limit(raw: Any, where: str) -> Fraction:
    """A limit written "1", "2/3", "1/2": a fraction of the base speed from 0 (excluded) to 1."""
    try:
        value = Fraction(str(raw).strip())
    except (ValueError, ZeroDivisionError):
        raise ValueError(say("{where}: limit {raw!r} is not a fraction such as \"2/3\"",
                             where=where, raw=str(raw))) from None
    if not 0 < value <= 1:
        raise ValueError(say("{where}: limit {raw!r} must be more than 0 and at most 1",
                             where=where, raw=str(raw)))
    return value


def find_armour(name: str, table: dict[str, Any]) -> dict[str, Any] | None:
    """The armour table's entry that ``name`` names (its English or French name, or an alias)."""
    wanted = _key(name)
    for entry in table.get("armour", []):
        spellings = [entry["name"], entry.get("fr", ""), *entry.get("aliases", [])]
        if any(_key(s) == wanted for s in spellings):
            return entry
    return None


class ArmourLimit(NamedTuple):
    armour: str          # as the character sheet writes it
    known: str | None    # the table's name, None when the armour is not in the table
    limit: Fraction      # of the base speed; 1 = no limit
    magic: bool
    known_fr: str | None = None  # the table's French name

    @property
    def label(self) -> Said:
        """What the speed's steps say of the armour, with its English name."""
        return self.label_in("en")

    def name_in(self, language: str) -> str | None:
        """The table's name in ``language`` (its French one in French), None when unknown."""
        return (self.known_fr or self.known) if language == "fr" else self.known

    def label_in(self, language: str) -> Said:
        """The same, naming the armour as the table does in ``language``: the sentence itself
        is said in the reader's language."""
        name = self.name_in(language)
        if name is None:
            if self.magic:
                return say("armour {armour!r}, magic is not in config/armour.toml: limit {limit}",
                           armour=self.armour, limit=self.limit_text)
            return say("armour {armour!r} is not in config/armour.toml: limit {limit}",
                       armour=self.armour, limit=self.limit_text)
        if self.magic:
            return say("armour {armour}, magic: {limit}", armour=name, limit=self.limit_text)
        return say("armour {armour}: {limit}", armour=name, limit=self.limit_text)

    def worn_by(self, who: str, language: str) -> Said:
        """That ``who`` wears it (``armour.wear``'s line), the armour named in ``language``."""
        name = self.name_in(language)
        if name is None:
            return say("{who} wears {armour!r}, which config/armour.toml does not list: limit "
                       "{limit}", who=who, armour=self.armour, limit=self.limit_text)
        if self.magic:
            return say("{who} wears {armour}, magic: {limit}", who=who, armour=name,
                       limit=self.limit_text)
        return say("{who} wears {armour}: {limit}", who=who, armour=name, limit=self.limit_text)

    @property
    def label_fr(self) -> str:
        magic = ", magique" if self.magic else ""
        limit = "aucune limite" if self.limit == 1 else f"{self.limit} de la vitesse"
        if self.known is None:
            return f"armure {self.armour!r}{magic} absente de config/armour.toml : limite {limit}"
        return f"{self.known_fr or self.known}{magic} : {limit}"  # most French names say "armure"

    @property
    def limit_text(self) -> Said:
        return say("no limit") if self.limit == 1 else say("{limit} speed", limit=str(self.limit))

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
        limit = parse_limit(settings["unknown_armour_limit"], say("setting unknown_armour_limit"))
        return ArmourLimit(worn, None, limit, magic)
    return ArmourLimit(worn, entry["name"],
                       parse_limit(entry["limit"], say("armour {armour}", armour=entry["name"])),
                       magic, entry.get("fr"))
