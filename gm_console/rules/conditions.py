"""Conditions: what a character suffers (prone, staggered, exhaustion 3, unconscious) and what it
does to the rules, as plain data every plugin reads through the host.

A condition comes from one of two places:

- **stored** on the character (``[[characters.conditions]]``): the game master added it by
  hand (``condition.add``) or a plugin's operation did (a failed landing leaves the jumper
  prone), optionally with a duration (:mod:`gm_console.rules.durations`);
- **derived** by a plugin's ``character_conditions`` hook from the state (maximal load gives
  "staggered" and "cannot fight"; exhaustion level 1 gives "exhaustion 1"; 0 hit points give
  "unconscious"). A derived condition lasts as long as its cause and is never stored.

Its **effect** is data, so a third-party plugin can add a condition without the others knowing
it. The keys (every one optional; the vocabulary is :data:`EFFECTS`):

``check_disadvantage``, ``save_disadvantage``, ``attack_disadvantage``
    ability checks, saving throws, attack rolls are rolled with disadvantage: ``true`` for
    every one, or a list of the ones it touches (its **scope**): abilities or skills for a
    check (``["perception"]``, ``["strength", "athletics"]``), abilities for a save
    (``["dexterity"]``), kinds of attack for an attack (``["ranged"]``); the names a scope may
    hold are ``[scopes]`` of ``config/conditions.toml`` (:data:`SCOPED`);
``restricted``
    restricted activity: one standard or one move action a round (combat, RULES.md 3.3);
``forbids``
    action types of the combat tracker the character cannot take (``["standard",
    "full-round"]`` for "cannot fight");
``no_actions``
    no action at all (unconscious, paralysed, dead);
``speed_factor``
    multiplies the speed (the last step of the speed pipeline): a number for every speed, or a
    table of the speeds it touches (its scope), ``{swim = 0.5, climb = 0.5}`` for a heavy
    cloak; the speeds a scope may name are ``speeds`` of ``[scopes]``: ``walk``, ``climb``,
    ``swim``, ``crawl`` and ``jump`` are what a round's movement costs of the speed (the
    movement plugin), ``travel`` the pace overland (the travel plugin);
``max_hp_factor``
    multiplies the hit point maximum (exhaustion 4: 0.5);
``dead``
    the character is dead.

The named conditions and their effects are ``config/conditions.toml`` (house rules are an
edit); a condition a plugin derives may carry its own ``effects`` instead.

Plain Python: no Textual, no store. :class:`gm_console.contract.session.Session` wraps these functions.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping

from gm_console.rules import durations
from gm_console.text.said import NAMED, Said, joined, named, say

EFFECTS: dict[str, type | tuple[type, ...]] = {
    "check_disadvantage": (bool, list),
    "save_disadvantage": (bool, list),
    "attack_disadvantage": (bool, list),
    "restricted": bool,
    "no_actions": bool,
    "forbids": list,
    "speed_factor": (int, float, dict),
    "max_hp_factor": (int, float),
    "dead": bool,
}
"""Every effect a condition may carry, with its type."""

ROLLS = {"check": "check_disadvantage", "save": "save_disadvantage",
         "attack": "attack_disadvantage"}
"""The rolls a condition can put at a disadvantage, and the effect that does it."""

SCOPED: dict[str, tuple[str, ...]] = {"check_disadvantage": ("abilities", "skills"),
                                      "save_disadvantage": ("abilities",),
                                      "attack_disadvantage": ("attacks",),
                                      "speed_factor": ("speeds",)}
"""The effects that may touch only some rolls or speeds, and the lists of ``[scopes]`` of
config/conditions.toml their names come from (RULES.md names no skills: the table does). A
disadvantage's scope is a list of names, a speed factor's a table of speed = factor."""

LABEL_KEYS = ("label", "short")
"""A condition's row may hold these (and ``label_fr``, ``short_fr``...) beside its effects."""

Scopes = Mapping[str, frozenset[str]]
"""Effect → the names its scope may hold (:func:`scopes_of`)."""


class ConditionError(ValueError):
    """A condition or an effect that cannot be used; the message says which and why."""


def scopes_of(conditions_toml: Mapping[str, Any]) -> dict[str, frozenset[str]]:
    """Effect → the names its scope may hold, from ``[scopes]`` of config/conditions.toml
    (``abilities``, ``attacks`` and ``speeds``, lists of names; ``skills``, a table of skill =
    ability)."""
    table = conditions_toml.get("scopes", {})
    lists = {kind: frozenset(str(name) for name in table.get(kind, []))
             for kind in ("abilities", "skills", "attacks", "speeds")} \
        if isinstance(table, Mapping) else {}
    return {effect: frozenset().union(*(lists.get(kind, frozenset()) for kind in kinds))
            for effect, kinds in SCOPED.items()}


def scopes_problems(conditions_toml: Mapping[str, Any]) -> list[tuple[tuple[str, ...], str]]:
    """What is wrong with ``[scopes]`` of config/conditions.toml, each with its table."""
    table = conditions_toml.get("scopes", {})
    if not isinstance(table, Mapping):
        return [(("scopes",), say("[scopes] must be a table of lists of names"))]
    kinds = sorted({kind for kinds in SCOPED.values() for kind in kinds})
    found: list[tuple[tuple[str, ...], str]] = []
    for kind, names in table.items():
        if kind not in kinds:
            found.append((("scopes",), say("scopes: {kind} is not a kind of scope (kinds: "
                                           "{kinds})", kind=repr(kind), kinds=", ".join(kinds))))
        elif kind == "skills":
            found += [(("scopes", "skills"), problem) for problem
                      in _skills_problems(names, table.get("abilities", []))]
        elif not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            found.append((("scopes",), say("scopes: {kind} must be a list of names, not "
                                           "{value}", kind=kind, value=repr(names))))
    return found


def _skills_problems(skills: Any, abilities: Any) -> list[str]:
    if not isinstance(skills, Mapping):
        return [say("scopes: skills must be a table of skill = ability ([scopes.skills]), not "
                    "{value}", value=repr(skills))]
    return [say("scopes: skill {skill} is of {ability}, which is none of the abilities "
                "({abilities})", skill=repr(skill), ability=repr(ability),
                abilities=", ".join(map(str, abilities)))
            for skill, ability in skills.items()
            if not isinstance(abilities, list) or ability not in abilities]


def skill_abilities(conditions_toml: Mapping[str, Any]) -> dict[str, str]:
    """Skill → the ability its check is a check of (``[scopes.skills]``)."""
    skills = conditions_toml.get("scopes", {}).get("skills", {})
    return {str(k): str(v) for k, v in skills.items()} if isinstance(skills, Mapping) else {}


def table_problems(conditions_toml: Mapping[str, Any]) -> list[tuple[tuple[str, ...], str]]:
    """What is wrong with config/conditions.toml, each with the table it is in
    (``("conditions", "fog")``, ``("scopes",)``): a key that is neither an effect nor a
    label, an effect of the wrong kind, a scope's name no list of ``[scopes]`` holds."""
    found = scopes_problems(conditions_toml)
    scopes = scopes_of(conditions_toml)
    for name, row in table_of(conditions_toml).items():
        where = ("conditions", str(name))
        if not isinstance(row, Mapping):
            found.append((where, say("{name} must be a table", name=repr(name))))
            continue
        effects = {key: value for key, value in row.items() if not (
            key in LABEL_KEYS or key.startswith(tuple(f"{k}_" for k in LABEL_KEYS)))}
        found += [(where, problem) for problem in effect_problems(effects, scopes)]
    return found


def effect_problems(effects: Any, scopes: Scopes | None = None) -> list[str]:
    """What is wrong with an effects table, in words (empty when it can be used); with
    ``scopes`` (:func:`scopes_of`), a scope's names are checked against them too."""
    if not isinstance(effects, Mapping):
        return [say("effects must be a table, not {effects}", effects=repr(effects))]
    found: list[str] = []
    for key, value in effects.items():
        if key not in EFFECTS:
            found.append(say("{key} is not an effect (effects: {effects})", key=repr(key),
                             effects=", ".join(EFFECTS)))
            continue
        kind = EFFECTS[key]
        kinds = kind if isinstance(kind, tuple) else (kind,)
        # a flag, so that value keeps its type below
        wrong_kind = isinstance(value, bool) and bool not in kinds or not isinstance(value, kinds)
        if wrong_kind:
            found.append(say("effect {key} must be {kinds}, not {value}", key=key,
                             kinds=_kind_words(kinds), value=repr(value)))
        elif key == "forbids" and not all(isinstance(v, str) for v in value):
            found.append(say("effect forbids must be a list of action types, not {value}",
                             value=repr(value)))
        elif key in SCOPED and isinstance(value, list):
            found += _scope_problems(key, value, scopes)
        elif key == "speed_factor" and isinstance(value, dict):
            found += _speed_scope_problems(value, scopes)
        elif key in ("speed_factor", "max_hp_factor") and not 0 <= value <= 1:
            found.append(say("effect {key} must be from 0 to 1, not {value}", key=key,
                             value=repr(value)))
    return found


def _speed_scope_problems(value: dict[Any, Any], scopes: Scopes | None) -> list[str]:
    """What is wrong with a scoped speed factor, ``{swim = 0.5, climb = 0.5}``."""
    if not value or not all(isinstance(speed, str) and isinstance(f, (int, float))
                            and not isinstance(f, bool) and 0 <= f <= 1
                            for speed, f in value.items()):
        return [say("effect speed_factor must be a number from 0 to 1 or a table of speed = "
                    "factor from 0 to 1 (swim = 0.5), not {value}", value=repr(value))]
    return _scope_problems("speed_factor", list(value), scopes)


def _scope_problems(key: str, value: list[Any], scopes: Scopes | None) -> list[str]:
    if not value or not all(isinstance(v, str) for v in value):
        return [say("effect {key} must be true or a list of names, not {value}", key=key,
                    value=repr(value))]
    allowed = scopes.get(key, frozenset()) if scopes is not None else None
    unknown = [v for v in value if allowed is not None and v not in allowed]
    if not unknown:
        return []
    close = difflib.get_close_matches(unknown[0], sorted(allowed or ()), n=1)
    return [say("effect {key}: {scope} is not a scope of config/conditions.toml [scopes] "
                "{kinds} (did you mean {close}?)", key=key, scope=repr(unknown[0]),
                kinds=" or ".join(SCOPED[key]), close=repr(close[0])) if close else
            say("effect {key}: {scope} is not a scope of config/conditions.toml [scopes] "
                "{kinds}", key=key, scope=repr(unknown[0]), kinds=" or ".join(SCOPED[key]))]


def _kind_words(kinds: tuple[type, ...]) -> str:
    # Every kind of EFFECTS reads as one of these (int or float: a number).
    if kinds == (bool, list):
        return say("true or a list of names")
    if dict in kinds:
        return say("a number or a table of speed = factor")
    words = {bool: say("true or false"), list: say("a list"), int: say("a number"),
             float: say("a number")}
    return words[kinds[0]]


_NO = ("false", "no", "0", "off")
_YES = ("true", "yes", "1", "on")


def parse_effects(tokens: Iterable[str], scopes: Scopes | None = None) -> dict[str, Any]:
    """Effects typed by the game master: ``restricted``, ``speed_factor=0.5``,
    ``forbids=standard+full-round``, ``check_disadvantage=perception+stealth`` (a scope,
    checked against ``scopes``), ``speed_factor=swim:0.5+climb:0.5`` (speeds, the same).
    ConditionError names the token that is wrong."""
    effects: dict[str, Any] = {}
    for token in (t.strip() for t in tokens if t.strip()):
        key, sep, raw = token.partition("=")
        key = key.strip()
        kind = EFFECTS.get(key)
        if kind is None:
            raise ConditionError(say("{key} is not an effect (effects: {effects})",
                                     key=repr(key), effects=", ".join(EFFECTS)))
        if key == "speed_factor" and ":" in raw:
            value: Any = _speed_scope(raw)
        elif key == "speed_factor":
            value = _number(key, raw)
        elif key in SCOPED and sep and raw.strip().lower() not in (*_NO, *_YES):
            value = [part.strip() for part in raw.split("+") if part.strip()]
        elif kind is bool or key in SCOPED:
            value = raw.strip().lower() not in _NO if sep else True
        elif kind is list:
            value = [part.strip() for part in raw.split("+") if part.strip()]
        else:
            value = _number(key, raw)
        effects[key] = value
    problems = effect_problems(effects, scopes)
    if problems:
        raise ConditionError(problems[0])
    return effects


def _number(key: str, raw: str) -> float:
    try:
        return float(raw.replace(",", "."))
    except ValueError:
        raise ConditionError(say("effect {key} needs a number: {key}=0.5", key=key)) from None


def _speed_scope(raw: str) -> dict[str, float]:
    """``swim:0.5+climb:0,5`` → ``{"swim": 0.5, "climb": 0.5}``."""
    out = {}
    for part in (p.strip() for p in raw.split("+") if p.strip()):
        speed, _, factor = part.partition(":")
        if not speed.strip() or not factor.strip():
            raise ConditionError(say("effect speed_factor: {part} is not speed:factor "
                                     "(speed_factor=swim:0.5+climb:0.5)", part=repr(part)))
        out[speed.strip()] = _number("speed_factor", factor.strip())
    return out


@dataclass(frozen=True)
class Condition:
    """One condition a character has now, and why."""

    name: str
    source: str                       # "exhaustion level 2", "added by the game master"
    effects: dict[str, Any] = field(default_factory=dict)
    stored: bool = False              # on the sheet (condition.remove takes it away)
    duration: dict[str, Any] | None = None
    label: str = ""                   # in the UI language
    named: str = ""                   # its name in every language (said in a sentence)
    short: str = ""                   # abbreviated, in the UI language (a table's cell)

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, "label": self.label or self.name,
                               "source": self.source, "effects": dict(self.effects),
                               "stored": self.stored}
        if self.duration:
            out["duration"] = dict(self.duration)
        return out


def table_of(conditions_toml: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
    """``[conditions.<name>]`` of config/conditions.toml."""
    return dict(conditions_toml.get("conditions", {}))


def known_effects(name: str, table: Mapping[str, Any]) -> dict[str, Any]:
    """A named condition's effects from the table (nothing for a name it does not know)."""
    row = table.get(name) or table.get(name.casefold()) or {}
    return {key: value for key, value in row.items() if key in EFFECTS}


def label_of(name: str, table: Mapping[str, Any], language: str) -> str:
    row = table.get(name) or {}
    return str(row.get(f"label_{language}", row.get("label", name))) if language != "en" \
        else str(row.get("label", name))


def short_of(name: str, table: Mapping[str, Any], language: str) -> str:
    """A condition's abbreviation in ``language`` for a table's narrow cell (``short``,
    ``short_fr`` of config/conditions.toml); its label where the table gives none."""
    row = table.get(name) or {}
    short = row.get("short" if language == "en" else f"short_{language}")
    return str(short) if isinstance(short, str) and short else label_of(name, table, language)


def name_of(name: str, table: Mapping[str, Any], **spelt: str) -> Said:
    """A condition's name for a sentence: its key and its label in every language of the
    table (``label``, ``label_fr``...), so the journal line that names it reads in the
    reader's language (``spelt``: a language's label as a plugin gave it)."""
    row = table.get(name) or {}
    spellings = {"en": str(row.get("label", name))}
    spellings.update({key[len("label_"):]: value for key, value in row.items()
                      if key.startswith("label_") and isinstance(value, str)})
    spellings.update({language: label for language, label in spelt.items() if label})
    return named(name, spellings)


def stored_entries(character: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The conditions stored on a sheet, each as a table (an older sheet's plain names are
    read as ``{name = ...}``)."""
    raw = character.get("conditions", [])
    if not isinstance(raw, list):
        return []
    return [entry if isinstance(entry, dict) else {"name": str(entry)} for entry in raw
            if isinstance(entry, (dict, str))]


def stored_problems(raw: Any) -> list[tuple[tuple[Any, ...], str]]:
    """What is wrong with a sheet's ``conditions`` as read from a file."""
    if not isinstance(raw, list):
        return [((), "conditions must be an array of tables ([[characters.conditions]])")]
    found: list[tuple[tuple[Any, ...], str]] = []
    for index, entry in enumerate(raw):
        if isinstance(entry, str):
            continue
        if not isinstance(entry, dict) or not isinstance(entry.get("name"), str) \
                or not entry["name"].strip():
            found.append(((index,), "a condition needs a name (text)"))
            continue
        if "effects" in entry:
            found += [((index, "effects"), p) for p in effect_problems(entry["effects"])]
        if "duration" in entry:
            found += [((index, "duration"), p) for p in durations.problems(entry["duration"])]
    return found


def compose(stored: list[dict[str, Any]], derived: list[dict[str, Any]],
            table: Mapping[str, Any], language: str = "en",
            scopes: Scopes | None = None) -> list[Condition]:
    """Every condition a character has: stored ones first, then each plugin's. A derived
    condition without ``effects`` takes the table's; one with effects that cannot be used is
    kept with none and says so in its source. A derived ``label`` is shown as it is (the
    plugin translated it)."""
    out = []
    for entry in stored:
        name = str(entry["name"])
        effects = dict(entry["effects"]) if isinstance(entry.get("effects"), dict) \
            else known_effects(name, table)
        out.append(Condition(name, _text(entry.get("source", say("added by the game master"))),
                             effects, True, entry.get("duration"),
                             label_of(name, table, language), name_of(name, table),
                             short_of(name, table, language)))
    for entry in derived:
        name = str(entry.get("name", "?"))
        source = _text(entry.get("source", ""))
        given = entry.get("effects")
        if given is None:
            given = known_effects(name, table)
        elif effect_problems(given, scopes):
            source = say("{source} (effects ignored: {problem})", source=source,
                         problem=effect_problems(given, scopes)[0])
            given = {}
        given_label = entry.get("label")  # the plugin's own words: no abbreviation
        # (a named() label spells it in every language it knows)
        spelt = {language: str(spelling) for language, spelling in given_label.values.items()
                 if language != "key"} if isinstance(given_label, Said) \
            and given_label.template == NAMED else {}
        label = str(spelt.get(language) or given_label or label_of(name, table, language))
        out.append(Condition(name, source, dict(given), False, None, label,
                             name_of(name, table, **{**spelt, language: label}),
                             label if given_label else short_of(name, table, language)))
    return out


def tag(condition: Condition, clock: Mapping[str, Any]) -> str:
    """A condition as a table shows it: abbreviated, with what is left of its duration
    (``fright. 2r``, ``pois. 10m``); the detail and the "why" say it in full."""
    short = condition.short or condition.label or condition.name
    left = durations.left(condition.duration, dict(clock)) if condition.duration else ""
    return say("{condition} {left}", condition=short, left=left) if left else short


def in_full(condition: Condition, clock: Mapping[str, Any]) -> str:
    """A condition named in every language with what is left of its duration in words, for a
    detail line ("frightened: 2 rounds (to the start of Aria's turn)", "poisoned: 10m left,
    until day 1, 10:10")."""
    called = condition.named or condition.label or condition.name
    return say("{condition}: {how_long}", condition=called,
               how_long=durations.remaining(condition.duration, dict(clock))) \
        if condition.duration else called


def _text(value: Any) -> str:
    """A source as it was said (a :class:`~gm_console.text.said.Said` keeps its template)."""
    return value if isinstance(value, str) else str(value)


_EFFECT_WORDS = {"check_disadvantage": say("disadvantage on ability checks"),
                 "save_disadvantage": say("disadvantage on saving throws"),
                 "attack_disadvantage": say("disadvantage on attack rolls"),
                 "restricted": say("restricted activity"), "no_actions": say("no actions"),
                 "dead": say("dead")}


def _scoped_words(key: str, scope: list[Any]) -> str:
    # joined: each name said in the reader's language where the labels name it (perception,
    # ranged); a game master's own scope is said as written
    names = joined(", ", [str(name) for name in scope])
    if key == "check_disadvantage":
        return say("disadvantage on {scope} checks", scope=names)
    if key == "save_disadvantage":
        return say("disadvantage on {scope} saves", scope=names)
    return say("disadvantage on {scope} attacks", scope=names)


def describe_effects(effects: Mapping[str, Any]) -> str:
    """A condition's effects in words, for its "why" line."""
    words: list[str] = [_scoped_words(key, effects[key]) if isinstance(effects[key], list)
                        else _EFFECT_WORDS[key] for key in _EFFECT_WORDS if effects.get(key)]
    if effects.get("forbids"):
        words.append(say("no {actions} action", actions=", ".join(effects["forbids"])))
    for factor, speeds in _speed_parts(effects.get("speed_factor")):
        words.append(say("{speeds} speed × {factor:g}", speeds=joined(", ", speeds),
                         factor=factor)
                     if speeds else say("speed × {factor:g}", factor=factor))
    if effects.get("max_hp_factor") is not None:
        words.append(say("hit point maximum × {factor:g}", factor=float(effects["max_hp_factor"])))
    return joined(", ", words) if words else say("no effect on the rules")


def _why(condition: Condition) -> str:
    called = condition.named or condition.label or condition.name
    return say("{condition} ({source})", condition=called, source=condition.source) \
        if condition.source else called


def disadvantage(conditions: list[Condition], roll: str, scope: Iterable[str] = ()) -> list[str]:
    """Why ``roll`` ("check", "save", "attack") is rolled with disadvantage: one reason per
    condition that says so (empty: a plain roll). ``scope``: what the roll is, in the names of
    ``[scopes]`` (a Perception check: ``("wisdom", "perception")``); a condition whose effect
    names a scope touches only a roll that is one of them."""
    effect, touched = ROLLS[roll], set(scope)
    return [_why(c) for c in conditions if c.effects.get(effect) is True
            or isinstance(c.effects.get(effect), list) and touched & set(c.effects[effect])]


def disadvantage_anywhere(conditions: list[Condition], roll: str) -> list[str]:
    """Every condition that puts some ``roll`` at a disadvantage, a scoped one saying which
    ("fog (the weather plugin): perception only"): the "why" screen's summary."""
    effect = ROLLS[roll]
    return [say("{why}: {scope} only", why=_why(c), scope=joined(", ", c.effects[effect]))
            if isinstance(c.effects.get(effect), list) else _why(c)
            for c in conditions if c.effects.get(effect)]


def with_disadvantage(dice: str, roll_under: bool = False) -> str:
    """The dice of a d20 roll with disadvantage: ``1d20`` → ``2d20kl1`` (the d20 library's
    notation, as the dice prompt rolls it); for a roll-under check (AD&D's Strength check, a
    success at or under the score) the worse die is the higher: ``2d20kh1``. Other dice are
    returned as they are."""
    text = dice.strip()
    worse = "2d20kh1" if roll_under else "2d20kl1"
    if text.lower().startswith("1d20"):
        return worse + text[4:]
    if text.lower().startswith("d20"):
        return worse + text[3:]
    return text


@dataclass(frozen=True)
class ActionLimits:
    """What conditions allow a combatant: restricted activity and forbidden action types, each
    with the condition that says so."""

    restricted: str = ""                                   # why, or ""
    forbids: dict[str, str] = field(default_factory=dict)  # action type → why
    no_actions: str = ""                                   # why, or ""

    def as_dict(self) -> dict[str, Any]:
        return {"restricted": self.restricted, "forbids": dict(self.forbids),
                "no_actions": self.no_actions}


def action_limits(conditions: list[Condition]) -> ActionLimits:
    restricted = [_why(c) for c in conditions if c.effects.get("restricted")]
    none = [_why(c) for c in conditions if c.effects.get("no_actions") or c.effects.get("dead")]
    forbids: dict[str, str] = {}
    for c in conditions:
        for action in c.effects.get("forbids", []):
            forbids.setdefault(str(action), _why(c))
    return ActionLimits(joined("; ", restricted) if restricted else "", forbids,
                        joined("; ", none) if none else "")


def _speed_parts(value: Any) -> list[tuple[float, tuple[str, ...]]]:
    """A speed factor as (factor, the speeds it touches; none: every speed): one part for a
    number, one per factor of a scope (``{swim = 0.5, climb = 0.5, jump = 0}``: 0.5 for swim
    and climb, 0 for jump), in the order written."""
    if value is None:
        return []
    if not isinstance(value, Mapping):
        return [(float(value), ())]
    parts: dict[float, list[str]] = {}
    for speed, factor in value.items():
        parts.setdefault(float(factor), []).append(str(speed))
    return [(factor, tuple(speeds)) for factor, speeds in parts.items()]


def speed_factors(conditions: list[Condition]) -> list[tuple[float, str, tuple[str, ...]]]:
    """(factor, why, speeds) for every condition that multiplies a speed: ``speeds`` are those
    it touches (``("swim", "climb")``), none when it touches every speed."""
    return [(factor, _why(c), speeds) for c in conditions
            for factor, speeds in _speed_parts(c.effects.get("speed_factor"))]


_ABILITY_SHORT = {"str": "strength", "dex": "dexterity", "con": "constitution",
                  "int": "intelligence", "wis": "wisdom", "cha": "charisma"}
_SPAN = re.compile(r"^(\d+(?:\.\d+)?)(r|m|min|h)$", re.I)
_SPAN_KEYS = {"r": "rounds", "m": "minutes", "min": "minutes", "h": "hours"}
_SAVE = re.compile(r"^dc(\d+)$", re.I)


def parse_entry(text: str) -> tuple[str, dict[str, Any]]:
    """What the game master types in the party screen's condition prompt, as an operation:
    ``prone``, ``frightened 2r`` (rounds), ``poisoned 10m``, ``cursed 8h``, ``stunned dc13 con``
    (until a save), ``hexed end Orc`` (until the end of Orc's turn), ``-prone`` (remove).
    ConditionError says what is not understood."""
    words = text.split()
    if not words:
        raise ConditionError(say("type a condition: prone, frightened 2r, poisoned 10m, "
                                 "stunned dc13 con, -prone to remove"))
    if words[0].startswith("-"):
        removed = " ".join([words[0][1:], *words[1:]]).strip()
        if not removed:
            raise ConditionError(say("-name removes a condition: -prone"))
        return "condition.remove", {"condition": removed}
    params: dict[str, Any] = {}
    name: list[str] = []
    rest = list(words)
    while rest:
        word = rest.pop(0)
        span, save = _SPAN.match(word), _SAVE.match(word)
        if span and name:
            key = _SPAN_KEYS[span.group(2).lower()]
            amount = float(span.group(1))
            params[key] = int(amount) if key == "rounds" else amount
        elif save and name:
            params["save_dc"] = int(save.group(1))
            if rest and rest[0].lower()[:3] in _ABILITY_SHORT:
                params["save_ability"] = _ABILITY_SHORT[rest.pop(0).lower()[:3]]
        elif word.lower() in ("start", "end") and name and rest:
            params["until"], params["of"] = word.lower(), " ".join(rest)
            rest = []
        else:
            name.append(word)
    if not name:
        raise ConditionError(say("which condition? {text!r} has only a duration", text=text))
    return "condition.add", {"condition": " ".join(name), **params}
