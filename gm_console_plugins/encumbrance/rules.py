"""RULES.md section 2: base speed, its Strength/Dexterity adjustment, carried weight, encumbrance
categories and their effects, and the Strength check to lift more than the maximum.

Plain functions over plain data: ``table`` is ``config/encumbrance.toml`` parsed, ``settings`` its
``[settings]`` with the session's overrides merged in. Nothing here knows the host or Textual.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass, field
from fractions import Fraction
from typing import Any

# Plain Python shared with the host (no host imports): one way to read "18/50".
from gm_console.core.abilities import Strength, parse_strength
from gm_console.core.abilities import parse_score as parse_ability

CATEGORIES = ("unencumbered", "light", "moderate", "heavy", "critical", "maximal", "over")
"""Lightest first. Each of light…maximal starts at the capacity row's value of the same name;
"over" is more than the row's ``max``."""

THRESHOLD_KEYS = CATEGORIES[1:6]


# ---------------------------------------------------------------------------------------------
# Ability scores
# ---------------------------------------------------------------------------------------------

Score = Strength
"""An ability score, ordered the way the tables read: 18 < 18/01 < … < 18/99 < 18/00 < 19
(``percentile`` is 1–100 for exceptional Strength, 18/00 being 100; 0 otherwise)."""


def parse_score(raw: Any, ability: str = "Strength") -> Score:
    """A score from an int 1–25 or its text, or (Strength only) "18/01" … "18/99", "18/00".

    Raises ValueError with a sentence naming the ability and the bad value.
    """
    if ability == "Strength":
        return parse_strength(raw)
    return Score(parse_ability(raw, ability))


def bound(raw: Any) -> Score:
    """A bound of a band or capacity row in the TOML (``from``/``to``)."""
    return parse_score(raw, "Strength")


# ---------------------------------------------------------------------------------------------
# Base speed: race table (2.1) and the Strength/Dexterity adjustment (2.2)
# ---------------------------------------------------------------------------------------------


def _key(text: str) -> str:
    return " ".join(str(text).casefold().split())


def race_key(race: str, table: dict[str, Any]) -> str | None:
    """The key of ``[race_base_mv]`` that ``race`` names (directly or through an alias)."""
    wanted = _key(race)
    for key in table.get("race_base_mv", {}):
        if _key(key) == wanted:
            return key
    for alias, key in table.get("race_aliases", {}).items():
        if _key(alias) == wanted:
            return key
    return None


def race_base_mv(race: str, table: dict[str, Any]) -> float | None:
    """The race's base speed in mv, or None for "any other creature" (its sheet's speed)."""
    key = race_key(race, table)
    return None if key is None else table["race_base_mv"][key]


@dataclass(frozen=True)
class Adjustment:
    mv: int
    row: str       # the table row's words, or why none applies
    column: str    # "6" or "12+"


def band_of(score: Score, table: dict[str, Any]) -> str:
    for band in table["bands"]:
        if bound(band["from"]) <= score <= bound(band["to"]):
            return band["name"]
    raise ValueError(f"score {score} is in no band of config/encumbrance.toml [[bands]]")


def speed_adjustment(strength: Score, dexterity: Score, base_mv: float,
                     table: dict[str, Any], settings: dict[str, Any]) -> Adjustment:
    """The 2.2 adjustment for this pair of scores and this base speed."""
    column = "12+" if base_mv >= settings["adjustment_column_12_from_mv"] else "6"
    key = "base_12" if column == "12+" else "base_6"
    s_band, d_band = band_of(strength, table), band_of(dexterity, table)
    for row in table["adjustments"]:
        one, other = row["one"], row["other"]
        if (s_band in one and d_band in other) or (d_band in one and s_band in other):
            return Adjustment(row[key], row["label"], column)
    return Adjustment(settings["unnamed_pair_adjustment_mv"],
                      f"Strength {s_band}, Dexterity {d_band}: no row names this pair "
                      f"(setting unnamed_pair_adjustment_mv)", column)


# ---------------------------------------------------------------------------------------------
# Carried weight (2.3)
# ---------------------------------------------------------------------------------------------


def _amount(raw: Any, what: str, unit: str = " pounds") -> float:
    if isinstance(raw, bool):
        raise ValueError(f"{what} must be a number{unit}, not {raw!r}")
    try:
        value = float(raw)
    except (TypeError, ValueError):
        raise ValueError(f"{what} must be a number{unit}, not {raw!r}") from None
    if value != value or value < 0 or math.isinf(value):
        raise ValueError(f"{what} must be 0 or more{unit}, not {raw!r}")
    return value


@dataclass
class Carried:
    lb: float
    lines: list[str] = field(default_factory=list)


def carried_weight(character: dict[str, Any]) -> Carried:
    """Every item × its quantity, plus the worn armour's weight unless that armour is magic.

    Raises ValueError naming the item or key when a weight or quantity is not usable.
    """
    total = 0.0
    lines = []
    for index, item in enumerate(character.get("items") or []):
        name = str(item.get("name") or f"item {index + 1}")
        weight = _amount(item.get("weight_lb", 0), f"weight of {name!r}")
        qty = _amount(item.get("qty", 1), f"quantity of {name!r}", unit="")
        total += weight * qty
        if weight * qty:
            lines.append(f"{name}: {fmt(weight)} lb" + (f" × {fmt(qty)}" if qty != 1 else ""))
    armour = str(character.get("armour") or "none")
    armour_lb = _amount(character.get("armour_weight_lb", 0) or 0, "armour_weight_lb")
    if armour_lb:
        if character.get("armour_magic"):
            lines.append(f"{armour}: {fmt(armour_lb)} lb, magic: not counted")
        else:
            total += armour_lb
            lines.append(f"{armour} (worn): {fmt(armour_lb)} lb")
    # Rounded so that 20 arrows at 0.1 lb weigh 2 lb, not 2.0000000000000004, at a threshold.
    return Carried(round(total, 6), lines)


# ---------------------------------------------------------------------------------------------
# Categories (2.3) and their effects (2.4)
# ---------------------------------------------------------------------------------------------


def fmt(x: float) -> str:
    """Pounds and mv as the game master writes them: 120, 3.5."""
    return str(int(x)) if float(x).is_integer() else f"{x:g}"


def capacity_row(strength: Score, table: dict[str, Any]) -> dict[str, Any]:
    for row in table["capacity"]:
        if bound(row["from"]) <= strength <= bound(row["to"]):
            return row
    raise ValueError(f"Strength {strength} is in no row of config/encumbrance.toml [[capacity]]")


def row_label(row: dict[str, Any]) -> str:
    low, high = bound(row["from"]), bound(row["to"])
    if low == high:
        return str(low)
    if low.percentile and high.percentile:
        return f"{low}–{high.percentile % 100:02d}"
    return f"{low}–{high}"


def weight_category(carried_lb: float, row: dict[str, Any]) -> str:
    """The category by weight alone: a weight equal to a category's lowest value is in it."""
    if carried_lb > row["max"]:
        return "over"
    category = "unencumbered"
    for key in THRESHOLD_KEYS:
        if carried_lb >= row[key]:
            category = key
    return category


def bulky_category(category: str, settings: dict[str, Any]) -> str:
    """One category up for bulky gear (2.3)."""
    top = "over" if settings["bulky_can_pass_maximal"] else "maximal"
    index = CATEGORIES.index(category)
    return CATEGORIES[min(index + 1, max(index, CATEGORIES.index(top)))]


@dataclass(frozen=True)
class Effects:
    speed: Fraction | None   # of the base speed; None when speed_mv says it
    speed_mv: float | None
    to_hit: int
    ac_penalty: int
    dex_bonus_to_ac: bool
    can_fight: bool
    note: str = ""
    conditions: tuple[str, ...] = ()  # config/conditions.toml names (staggered, cannot fight)

    @property
    def speed_text(self) -> str:
        if self.speed_mv is not None:  # a fixed speed wins, as in gm_console.speed
            return f"{fmt(self.speed_mv)} mv" + (f", {self.note}" if self.note else "")
        return "full speed" if self.speed == 1 else f"{self.speed} speed"


def effects(category: str, table: dict[str, Any]) -> Effects:
    row = table["effects"][category]
    return Effects(
        speed=Fraction(row["speed"]) if "speed" in row else None,
        speed_mv=row.get("speed_mv"),
        to_hit=row["to_hit"],
        ac_penalty=row["ac_penalty"],
        dex_bonus_to_ac=row["dex_bonus_to_ac"],
        can_fight=row["can_fight"],
        note=row.get("note", ""),
        conditions=tuple(row.get("conditions", ())),
    )


@dataclass
class Encumbrance:
    """Everything the screens and ``show --json`` say about one character's load."""

    carried_lb: float
    category: str
    weight_category: str      # before the bulky switch
    bulky: bool
    strength: str
    strength_row: str
    thresholds: dict[str, float]
    max_lb: float
    effects: Effects
    next: dict[str, Any] | None       # the heavier category and how many lb to reach it
    previous: dict[str, Any] | None   # the lighter category and how many lb to shed
    steps: list[str]

    def as_dict(self) -> dict[str, Any]:
        return {
            "carried_lb": _num(self.carried_lb),
            "category": self.category,
            "max_lb": _num(self.max_lb),
            "to_hit": self.effects.to_hit,
            "ac_penalty": self.effects.ac_penalty,
            "dex_bonus_to_ac": self.effects.dex_bonus_to_ac,
            "can_fight": self.effects.can_fight,
            "speed_effect": self.effects.speed_text,
            "weight_category": self.weight_category,
            "bulky": self.bulky,
            "strength": self.strength,
            "strength_row": self.strength_row,
            "thresholds": {k: _num(v) for k, v in self.thresholds.items()},
            "next": _public(self.next),
            "previous": _public(self.previous),
            "steps": list(self.steps),
        }


def _public(hint: dict[str, Any] | None) -> dict[str, Any] | None:
    return None if hint is None else {k: v for k, v in hint.items() if k != "template"}


def _num(x: float) -> float | int:
    return int(x) if float(x).is_integer() else x


def _hint(template: str, lb: float, category: str) -> dict[str, Any]:
    """``template`` is kept so a screen can translate the sentence; ``text`` is it in English."""
    return {"category": category, "lb": _num(lb), "template": template,
            "text": template.format(lb=fmt(lb), category=category)}


def _next_heavier(carried: float, category: str, row: dict[str, Any]) -> dict[str, Any] | None:
    """How many more lb reach the next heavier category by weight ("3 lb more: heavy")."""
    if category == "over":
        return None
    if category == "maximal":
        return _hint("more than {lb} lb more: {category} the maximum", row["max"] - carried,
                     "over")
    key = CATEGORIES[CATEGORIES.index(category) + 1]
    return _hint("{lb} lb more: {category}", row[key] - carried, key)


def _next_lighter(carried: float, category: str, row: dict[str, Any]) -> dict[str, Any] | None:
    """How many lb to shed to drop to the next lighter category by weight."""
    if category == "unencumbered":
        return None
    if category == "over":
        return _hint("{lb} lb less: {category}", carried - row["max"], "maximal")
    key = CATEGORIES[CATEGORIES.index(category) - 1]
    lb = carried - row[category]
    return _hint("more than {lb} lb less: {category}" if lb else "any weight less: {category}",
                 lb, key)


def assess(character: dict[str, Any], table: dict[str, Any],
           settings: dict[str, Any]) -> Encumbrance:
    """A character's encumbrance from its Strength, items, armour and bulky switch.

    Raises ValueError naming the bad key when the character's data cannot be used.
    """
    strength = parse_score(character.get("strength", 10), "Strength")
    carried = carried_weight(character)
    row = capacity_row(strength, table)
    by_weight = weight_category(carried.lb, row)
    bulky = bool(character.get("bulky"))
    category = bulky_category(by_weight, settings) if bulky else by_weight
    fx = effects(category, table)
    thresholds = {key: row[key] for key in THRESHOLD_KEYS}
    steps = [*carried.lines, f"carried {fmt(carried.lb)} lb"]
    steps.append(f"Strength {strength} (row {row_label(row)}): "
                 + ", ".join(f"{k} from {fmt(v)}" for k, v in thresholds.items())
                 + f", most allowed {fmt(row['max'])} lb")
    steps.append(_why_category(carried.lb, by_weight, row))
    if bulky:
        steps.append(f"bulky gear: one category up → {category}")
    steps.append(f"{category}: {fx.speed_text}, to hit {fx.to_hit:+d}, AC {fx.ac_penalty:+d}"
                 + ("" if fx.dex_bonus_to_ac else ", no Dexterity bonus to AC")
                 + ("" if fx.can_fight else ", cannot fight"))
    return Encumbrance(
        carried_lb=carried.lb, category=category, weight_category=by_weight, bulky=bulky,
        strength=str(strength), strength_row=row_label(row), thresholds=thresholds,
        max_lb=row["max"], effects=fx, next=_next_heavier(carried.lb, by_weight, row),
        previous=_next_lighter(carried.lb, by_weight, row), steps=steps,
    )


def _why_category(carried: float, category: str, row: dict[str, Any]) -> str:
    if category == "over":
        return f"{fmt(carried)} lb > {fmt(row['max'])} lb most allowed: over the maximum"
    if category == "unencumbered":
        return f"{fmt(carried)} lb < {fmt(row['light'])} lb: unencumbered"
    index = THRESHOLD_KEYS.index(category)
    upper = (f"{fmt(row[THRESHOLD_KEYS[index + 1]])}" if index + 1 < len(THRESHOLD_KEYS)
             else f"{fmt(row['max'])} (most allowed)")
    relation = "<" if index + 1 < len(THRESHOLD_KEYS) else "≤"
    return f"{fmt(row[category])} ≤ {fmt(carried)} {relation} {upper} lb: {category}"


# ---------------------------------------------------------------------------------------------
# Lifting more than the maximum (2.3)
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class LiftCheck:
    over_lb: float
    penalty: int        # negative or 0
    target: int         # roll this or under on the d20
    steps: list[str]

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def over_max_penalty(load_lb: float, max_lb: float, rounds_held: int,
                     table: dict[str, Any], settings: dict[str, Any]) -> int:
    """The Strength check's modifier (0 or negative) for ``load_lb`` against the maximum,
    after ``rounds_held`` rounds of holding it up (0 when first lifting it)."""
    if rounds_held < 0:
        raise ValueError(f"rounds held must be 0 or more, not {rounds_held}")
    rule = table["over_max"]
    over = max(0.0, load_lb - max_lb)
    steps = over / rule["step_lb"]
    counted = math.ceil(steps) if settings["over_max_count_started_steps"] else math.floor(steps)
    return -(counted * rule["penalty_per_step"] + rounds_held * rule["penalty_per_round"])


def lift_check(strength: Score, load_lb: float, max_lb: float, rounds_held: int,
               table: dict[str, Any], settings: dict[str, Any]) -> LiftCheck:
    """The Strength check to lift (or keep holding) ``load_lb``: d20 at or under the score
    plus the penalty; an exceptional 18/xx counts as 18."""
    penalty = over_max_penalty(load_lb, max_lb, rounds_held, table, settings)
    over = max(0.0, load_lb - max_lb)
    rule = table["over_max"]
    steps = [f"{fmt(load_lb)} lb against {fmt(max_lb)} lb most allowed: {fmt(over)} lb over"]
    if over:
        steps.append(f"−{rule['penalty_per_step']} per "
                     + ("started " if settings["over_max_count_started_steps"] else "whole ")
                     + f"{fmt(rule['step_lb'])} lb over")
    if rounds_held:
        steps.append(f"−{rule['penalty_per_round']} per round held: {rounds_held} round"
                     + ("s" if rounds_held != 1 else ""))
    target = strength.score + penalty
    steps.append(f"roll {rule['check_expression']} at or under {strength.score} {penalty:+d} "
                 f"= {target}")
    return LiftCheck(over_lb=_num(over), penalty=penalty, target=target, steps=steps)
