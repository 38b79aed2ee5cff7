"""Checks of the encounter as read from a session file (``[plugins.combat]``), so a hand edit
that the rules could not run on is reported with where it is, not met later as a crash."""

from __future__ import annotations

from typing import Any

from gm_console import MAX_NUMBER

Problem = tuple[tuple[Any, ...], str]

_COMBATANT_FIELDS: dict[str, type | tuple[type, ...]] = {
    "name": str, "party": bool, "modifier": int, "aware": bool, "restricted": str,
    "flat_footed": bool, "turns": int, "borrowed_round": int, "budget": dict,
}
_BUDGET_FIELDS: dict[str, type | tuple[type, ...]] = {
    "standard": int, "move": int, "full_round": bool, "full_round_step": bool, "swift": str,
    "free": int, "step": bool, "moved": bool, "metres_allowed": (int, float),
    "metres_spent": (int, float), "completed": str,
}
_SWIFT = ("", "swift", "immediate", "borrowed")

# Numbers from a file are held to what an operation could have written (parameters stop at
# MAX_NUMBER): a count of -100000000 or a NaN of metres is a bad edit, not a fight to run.
_LIMIT = int(MAX_NUMBER)
_COUNT = (0, _LIMIT)
_ANY = (-_LIMIT, _LIMIT)
_RANGES: dict[str, tuple[int, int]] = {
    "round": _COUNT, "turns_begun": _COUNT, "modifier": _ANY, "initiative": _ANY,
    "turns": _COUNT, "borrowed_round": _COUNT, "speed_m": _COUNT, "standard": _COUNT,
    "move": _COUNT, "free": _COUNT, "metres_allowed": _COUNT, "metres_spent": _COUNT,
}


def _kind(expected: type | tuple[type, ...]) -> str:
    kinds = expected if isinstance(expected, tuple) else (expected,)
    words = {str: "text", int: "a whole number", float: "a number", bool: "true or false",
             dict: "a table", list: "a list"}
    return " or ".join(words[k] for k in kinds)


def _wrong(value: Any, expected: type | tuple[type, ...]) -> bool:
    kinds = expected if isinstance(expected, tuple) else (expected,)
    if isinstance(value, bool) and bool not in kinds:
        return True
    return not isinstance(value, kinds)


def _fields(table: dict[str, Any], fields: dict[str, Any], where: tuple[Any, ...],
            what: str) -> list[Problem]:
    found: list[Problem] = []
    for key, expected in fields.items():
        if key not in table:
            found.append(((*where, key), f"{what} has no {key}"))
        elif _wrong(table[key], expected):
            found.append(((*where, key), f"{what}: {key} must be {_kind(expected)}, not "
                                         f"{table[key]!r}"))
    return found + _ranges(table, where, what)


def _ranges(table: dict[str, Any], where: tuple[Any, ...], what: str) -> list[Problem]:
    found: list[Problem] = []
    for key, (low, high) in _RANGES.items():
        value = table.get(key)
        if isinstance(value, (int, float)) and not isinstance(value, bool) \
                and not low <= value <= high:  # NaN fails both comparisons
            found.append(((*where, key), f"{what}: {key} must be from {low:,} to {high:,}, "
                                         f"not {value!r}"))
    return found


SETTING_KEYS = ("step_when_restricted", "move_action_counts_as_movement", "free_off_turn",
                "surprise_round_takes_time", "started_full_round_lapses",
                "full_round_as_standard_by_choice")
"""The settings the plugin reads (``[settings]`` of config/combat.toml) that are true or false."""
CHOICE_SETTINGS = {"initiative_ties": ("modifier", "party", "roll-off"),
                   "creature_hit_points": ("average", "rolled"),
                   "creature_hit_points_to_players": ("word", "numbers")}
"""The settings that are one of a few words."""
_CREATURE_FIELDS: dict[str, type | tuple[type, ...]] = {
    "max_hit_points": int, "hit_points": int, "temp_hit_points": int, "armour_class": int,
    "attack": int, "conditions": list, "group": str, "creature": str, "out": bool,
}


def _settings_problems(settings: Any) -> list[Problem]:
    if not isinstance(settings, dict):
        return [(("settings",), "settings must be a table ([plugins.combat.settings])")]
    return [*((("settings", key), f"setting {key} must be true or false, not {settings[key]!r}")
              for key in SETTING_KEYS if key in settings and not isinstance(settings[key], bool)),
            *((("settings", key), f"setting {key} must be one of {', '.join(words)}, not "
                                  f"{settings[key]!r}")
              for key, words in CHOICE_SETTINGS.items()
              if key in settings and settings[key] not in words)]


def validate(table: dict[str, Any]) -> list[Problem]:
    """Problems of the combat table, each with the path of keys below ``[plugins.combat]``."""
    settings = _settings_problems(table.get("settings", {}))
    return settings + _fight_problems(table)


def _fight_problems(table: dict[str, Any]) -> list[Problem]:
    if not isinstance(table.get("active", False), bool):
        return [(("active",), f"active must be true or false, not {table['active']!r}")]
    if not table.get("active"):
        return []
    found = _fields(table, {"round": int, "surprise": bool, "turn": str, "order": list,
                            "combatants": list, "aware_pending": list}, (), "the fight")
    if found:
        return found
    names: list[str] = []
    for index, combatant in enumerate(table["combatants"]):
        where: tuple[Any, ...] = ("combatants", index)
        if not isinstance(combatant, dict):
            found.append((where, f"combatant #{index + 1} must be a table"))
            continue
        what = f"combatant {combatant.get('name', f'#{index + 1}')}"
        problems = _fields(combatant, _COMBATANT_FIELDS, where, what)
        if "initiative" in combatant and _wrong(combatant["initiative"], int):
            problems.append(((*where, "initiative"), f"{what}: initiative must be a whole number"))
        problems += [((*where, key), f"{what}: {key} must be {_kind(expected)}")
                     for key, expected in _CREATURE_FIELDS.items()
                     if key in combatant and _wrong(combatant[key], expected)]
        if "speed_m" in combatant and _wrong(combatant["speed_m"], (int, float)):
            problems.append(((*where, "speed_m"), f"{what}: speed_m must be a number"))
        if "rolloff" in combatant and not (
                isinstance(combatant["rolloff"], list)
                and all(not _wrong(v, int) for v in combatant["rolloff"])):
            problems.append(((*where, "rolloff"), f"{what}: rolloff must be a list of whole "
                                                  "numbers"))
        if "order_key" in combatant and not (
                isinstance(combatant["order_key"], list)
                and all(not _wrong(v, int) for v in combatant["order_key"])):
            problems.append(((*where, "order_key"), f"{what}: order_key must be a list of "
                                                    "whole numbers"))
        readied = combatant.get("readied")
        if readied is not None and not (isinstance(readied, dict)
                                        and isinstance(readied.get("action"), str)
                                        and isinstance(readied.get("trigger"), str)):
            problems.append(((*where, "readied"), f"{what}: readied must be a table with an "
                                                  "action and a trigger (text)"))
        started = combatant.get("started")
        if started is not None and not (isinstance(started, dict)
                                        and isinstance(started.get("label"), str)
                                        and not _wrong(started.get("round"), int)):
            problems.append(((*where, "started"), f"{what}: started must be a table with a "
                                                  "label (text) and a round (a whole number)"))
        if not combatant.get("party", True) and "speed_m" not in combatant:
            problems.append(((*where, "speed_m"), f"{what} (not of the party) has no speed_m"))
        if not problems:
            problems = _fields(combatant["budget"], _BUDGET_FIELDS, (*where, "budget"), what)
            if not problems and combatant["budget"]["swift"] not in _SWIFT:
                problems.append(((*where, "budget", "swift"),
                                 f"{what}: swift must be one of {', '.join(map(repr, _SWIFT))}"))
            own = combatant["budget"].get("kinds", {})  # kinds with their own budget
            if not problems and not (isinstance(own, dict) and all(
                    not _wrong(n, int) and 0 <= n <= _LIMIT for n in own.values())):
                problems.append(((*where, "budget", "kinds"),
                                 f"{what}: kinds must be a table of whole numbers (the kinds "
                                 "of action with a budget of their own taken this turn)"))
        found += problems
        if isinstance(combatant.get("name"), str):
            if combatant["name"] in names:
                found.append(((*where, "name"), f"two combatants are named {combatant['name']!r}"))
            names.append(combatant["name"])
    for index, name in enumerate(table["order"]):
        if name not in names:
            found.append((("order", index), f"the initiative order names {name!r}, who is not a "
                                            "combatant"))
    # "": nobody's turn, once every combatant in the order has left (combat.remove)
    if table["round"] > 0 and table["turn"] not in names and table["turn"] != "":
        found.append((("turn",), f"it is {table['turn']!r}'s turn, who is not a combatant"))
    return found
