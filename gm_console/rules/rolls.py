"""Rolls a plugin asks for: a saving throw for each traveller, an Athletics check.

A request is plain data kept in the session (``rolls.pending``), so it survives a crash and a
remote terminal sees it too. The game master answers it in the dice prompt (roll for everyone
with one key, or type results in), or ``gm-console op S roll.resolve``. The host then applies the
operation named in ``then`` with the outcomes, so the result flows back to the plugin that asked.
"""

from __future__ import annotations

import itertools
from dataclasses import asdict, dataclass, field
from typing import Any

from gm_console.text.said import say


@dataclass
class RollRequest:
    """A set of rolls to make, one per entry of ``rolls``.

    Each entry of ``rolls`` is a dict: ``who`` (a character's name), ``expression`` (dice
    notation such as ``1d20+2``) and optionally ``dc`` (success when the total is at least dc)
    or ``at_most`` (a roll-under check: success when the total is at most that).
    ``then`` names the operation to apply with ``request`` (this request's ``context``) and
    ``outcomes`` (a list of ``{who, total, detail}``, plus ``dc`` or ``at_most`` and
    ``success`` when the entry had one).
    """

    title: str
    rolls: list[dict[str, Any]]
    then: str
    context: dict[str, Any] = field(default_factory=dict)
    id: int = 0  # given by the host

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def role_of(store: Any) -> str:
    """Who a terminal answers rolls as: a live session's client knows its role; the owner's
    own Store is the game master's."""
    return str(getattr(store, "role", "gm"))


def waiting(store: Any) -> dict[str, Any] | None:
    """The roll request this terminal should answer now: the oldest waiting for the game
    master; for a player, the oldest with a roll of their character not yet answered; for a
    spectator, none."""
    role = role_of(store)
    pending = store.state.get("rolls", {}).get("pending", [])
    if role == "gm":
        return pending[0] if pending else None
    for request in pending:
        if any(mine(role, entry) and entry.get("answer") is None for entry in request["rolls"]):
            return request
    return None


def mine(role: str, entry: dict[str, Any]) -> bool:
    """Whether ``role`` answers this roll: the game master answers every one, a player their
    own character's."""
    return role == "gm" or role.casefold() == f"player:{entry['who']}".casefold()


ABILITY_WORDS = {"str": "strength", "dex": "dexterity", "con": "constitution",
                 "int": "intelligence", "wis": "wisdom", "cha": "charisma",
                 "for": "strength", "sag": "wisdom"}  # French: force, sagesse
"""An ability as typed: its first three letters, in English or French."""
_ABILITY_SPELLINGS = ("strength", "dexterity", "constitution", "intelligence", "wisdom",
                      "charisma", "force", "dextérité", "sagesse", "charisme")


def _ability_typed(word: str) -> str | None:
    """The ability ``word`` names: three letters of it or more, as it is spelt ("int",
    "intel"); not a word that only starts alike (intimidation is a skill)."""
    word = word.casefold()
    if len(word) < 3 or not any(name.startswith(word) for name in _ABILITY_SPELLINGS):
        return None
    return ABILITY_WORDS.get(word[:3])
KIND_WORDS = {"save": "roll.save", "sauvegarde": "roll.save", "jds": "roll.save",
              "check": "roll.check", "test": "roll.check",
              "attack": "roll.attack", "attaque": "roll.attack"}
"""The first word of a roll on demand, in English or French."""


def parse_on_demand(text: str) -> tuple[str, dict[str, Any]] | None:
    """A roll on demand as the game master types it, as an operation; None when ``text`` is
    not one (it is then a dice expression):

    - ``save dex 14``, ``check str 12``, ``check wis`` (no DC), ``check perception 14`` (a
      skill: its ability is the table's), ``attack 15`` (against AC 15),
      ``attack Goblin 2`` (against its armour class);
    - after ``:``, who rolls (``save dex 14 : Aria, Bram``); none said: the whole party (the
      ``who`` parameter left empty), or whom the screen asking has selected.

    ValueError says what is not understood in a line that starts as one."""
    head, _, names = text.partition(":")
    words = head.split()
    if not words or words[0].casefold() not in KIND_WORDS:
        return None
    op = KIND_WORDS[words[0].casefold()]
    who = [name.strip() for name in names.split(",") if name.strip()]
    params: dict[str, Any] = {"who": who}
    rest = words[1:]
    if op == "roll.attack":
        if not rest:
            raise ValueError(say("attack 15 (against armour class 15) or attack Goblin 2 "
                                 "(against its armour class)"))
        if len(rest) == 1 and rest[0].isdigit():
            params["ac"] = int(rest[0])
        else:
            params["target"] = " ".join(rest)
        return op, params
    ability = _ability_typed(rest[0]) if rest else None
    # A check may name its skill instead ("check perception 14", "check sleight of hand"):
    # roll.check reads its ability from [scopes.skills] of config/conditions.toml.
    skill = [] if ability is not None or op != "roll.check" else \
        list(itertools.takewhile(lambda word: word.isalpha() and word.casefold() != "dc", rest))
    if ability is None and not skill:
        raise ValueError(say("{text!r}: say the ability (str, dex, con, int, wis, cha): "
                             "save dex 14, check str 12", text=text.strip()))
    if skill:
        params["skill"] = " ".join(skill).casefold()
    else:
        params["ability"] = ability
    dc = [word for word in rest[len(skill) or 1:] if word.casefold() != "dc"]
    if dc:
        number = dc[0].casefold().removeprefix("dc")
        if not number.isdigit() or len(dc) > 1:
            raise ValueError(say("{text!r}: the DC is a whole number (save dex 14)",
                                 text=text.strip()))
        params["dc"] = int(number)
    return op, params
