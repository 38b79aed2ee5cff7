"""RULES.md section 2: base speed, its Strength/Dexterity adjustment, carried weight, encumbrance
categories and their effects, and the Strength check to lift more than the maximum.

Plain functions over plain data: ``table`` is ``config/encumbrance.toml`` parsed, ``settings`` its
``[settings]`` with the session's overrides merged in. Nothing here knows the host or Textual.
"""

from __future__ import annotations

import math
import re
from dataclasses import asdict, dataclass, field
from fractions import Fraction
from functools import lru_cache
from typing import Any, Callable, NamedTuple

# Plain Python shared with the host (no host imports): one way to read "18/50".
from gm_console import Said, Strength, joined, parse_strength, say
from gm_console import parse_score as parse_ability

CATEGORIES = ("unencumbered", "light", "moderate", "heavy", "critical", "maximal", "over")
"""Lightest first. Each of light…maximal starts at the capacity row's value of the same name;
"over" is more than the row's ``max``."""

THRESHOLD_KEYS = CATEGORIES[1:6]

CATEGORY_WORDS = {"unencumbered": say("unencumbered"), "light": say("light"),
                  "moderate": say("moderate"), "heavy": say("heavy"),
                  "critical": say("critical"), "maximal": say("maximal"), "over": say("over")}
"""Each category as a sentence names it (in the reader's language: labels.fr.toml)."""

NOTES = {"staggering": say("staggering"),
         "holding more than the maximum": say("holding more than the maximum")}
"""The bundled table's notes (``[effects.*] note``) as the reader's language says them; a note
of a table edited by hand is said as written."""


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
    """A bound of a band or capacity row in the TOML (``from``/``to``), each read once: every
    assessment and speed adjustment looks through the rows, two bounds a row (a third of the
    calls of a character's assessment)."""
    try:
        return _parsed_bound(raw)
    except TypeError:  # not hashable (an array in the table): parse_score says what is wrong
        return parse_score(raw, "Strength")


@lru_cache(maxsize=256, typed=True)  # typed: True is no bound, where 1 is
def _parsed_bound(raw: Any) -> Score:
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


class Adjustment(NamedTuple):
    mv: int
    row: str       # the table row's words, or why none applies
    column: str    # "6" or "12+"


_ROW_WORDS = re.compile(r"^(?:(both) (\S+)|(at least one) (\S+)|one (\S+), other (\S+))$")


def row_words(label: str) -> str:
    """A table row's label ("both 3-4", "one 1-2, other 5-6", "at least one 9-14") as the
    reader's language says it; a label of another shape as written in the table."""
    found = _ROW_WORDS.match(label.strip())
    if found is None:
        return label
    both, band, least, least_band, one, other = found.groups()
    if both:
        return say("both {band}", band=band)
    if least:
        return say("at least one {band}", band=least_band)
    return say("one {one}, other {other}", one=one, other=other)


def band_of(score: Score, table: dict[str, Any]) -> str:
    for band in table["bands"]:
        if bound(band["from"]) <= score <= bound(band["to"]):
            return band["name"]
    raise ValueError(say("score {score} is in no band of config/encumbrance.toml [[bands]]",
                         score=str(score)))


def speed_adjustment(strength: Score, dexterity: Score, base_mv: float,
                     table: dict[str, Any], settings: dict[str, Any]) -> Adjustment:
    """The 2.2 adjustment for this pair of scores and this base speed."""
    column = "12+" if base_mv >= settings["adjustment_column_12_from_mv"] else "6"
    key = "base_12" if column == "12+" else "base_6"
    s_band, d_band = band_of(strength, table), band_of(dexterity, table)
    for row in table["adjustments"]:
        one, other = row["one"], row["other"]
        if (s_band in one and d_band in other) or (d_band in one and s_band in other):
            return Adjustment(row[key], row_words(row["label"]), column)
    return Adjustment(settings["unnamed_pair_adjustment_mv"],
                      say("Strength {strength}, Dexterity {dexterity}: no row names this pair "
                          "(setting unnamed_pair_adjustment_mv)", strength=s_band,
                          dexterity=d_band), column)


# ---------------------------------------------------------------------------------------------
# Carried weight (2.3)
# ---------------------------------------------------------------------------------------------


def _amount(raw: Any, what: Callable[[], Said], pounds: bool = True) -> float:
    """A weight (``pounds``) or a quantity from the sheet; ValueError says which is wrong
    (``what()``: said only then; saying it for every item would slow each character's load,
    computed at every start)."""
    try:
        value = math.nan if isinstance(raw, bool) else float(raw)
    except (TypeError, ValueError):
        value = math.nan
    if value == value and value >= 0 and not math.isinf(value):
        return value
    shown = raw if isinstance(raw, (str, int, float)) else str(raw)
    said = what()
    if value != value:
        raise ValueError(say("{what} must be a number of pounds, not {raw!r}", what=said,
                             raw=shown) if pounds else
                         say("{what} must be a number, not {raw!r}", what=said, raw=shown))
    raise ValueError(say("{what} must be 0 or more pounds, not {raw!r}", what=said,
                         raw=shown) if pounds else
                     say("{what} must be 0 or more, not {raw!r}", what=said, raw=shown))


_PLAIN_NUMBERS = (int, float)  # by type, not isinstance: True is no weight


@dataclass
class Carried:
    """What a character carries, in pounds, and the lines that add up to it."""

    lb: float
    lines: list[Said] = field(default_factory=list)


def carried_weight(character: dict[str, Any]) -> Carried:
    """Every item × its quantity, plus the worn armour's weight unless that armour is magic.

    Raises ValueError naming the item or key when a weight or quantity is not usable.
    """
    total = 0.0
    lines = []
    for index, item in enumerate(character.get("items") or []):
        name = str(item.get("name") or "") or say("item {number}", number=index + 1)
        weight, qty = item.get("weight_lb", 0), item.get("qty", 1)
        # A plain number of 0 or more is read at once (NaN fails the comparison); any other
        # goes through _amount, which reads it or says why not: its checks for each item of
        # a big inventory were a third of a character's assessment.
        weight = (float(weight) if type(weight) in _PLAIN_NUMBERS and 0 <= weight < math.inf
                  else _amount(weight, lambda: say("weight of {name!r}", name=name)))
        qty = (float(qty) if type(qty) in _PLAIN_NUMBERS and 0 <= qty < math.inf
               else _amount(qty, lambda: say("quantity of {name!r}", name=name), pounds=False))
        total += weight * qty
        if weight * qty:
            lines.append(say("{name}: {lb:g} lb × {qty:g}", name=name, lb=weight, qty=qty)
                         if qty != 1 else say("{name}: {lb:g} lb", name=name, lb=weight))
    armour = str(character.get("armour") or "") or say("none")
    armour_lb = _amount(character.get("armour_weight_lb", 0) or 0,
                        lambda: say("armour_weight_lb"))
    if armour_lb:
        if character.get("armour_magic"):
            lines.append(say("{armour}: {lb:g} lb, magic: not counted", armour=armour,
                             lb=armour_lb))
        else:
            total += armour_lb
            lines.append(say("{armour} (worn): {lb:g} lb", armour=armour, lb=armour_lb))
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
    raise ValueError(say("Strength {strength} is in no row of config/encumbrance.toml "
                         "[[capacity]]", strength=str(strength)))


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


class Effects(NamedTuple):
    speed: Fraction | None   # of the base speed; None when speed_mv says it
    speed_mv: float | None
    to_hit: int
    ac_penalty: int
    dex_bonus_to_ac: bool
    can_fight: bool
    note: str = ""
    conditions: tuple[str, ...] = ()  # config/conditions.toml names (staggered, cannot fight)

    @property
    def speed_text(self) -> Said:
        if self.speed_mv is not None:  # a fixed speed wins, as in gm_console.rules.speed
            if self.note:
                return say("{mv:g} mv, {note}", mv=self.speed_mv,
                           note=NOTES.get(self.note, self.note))
            return say("{mv:g} mv", mv=self.speed_mv)
        return say("full speed") if self.speed == 1 else say("{fraction} speed",
                                                              fraction=str(self.speed))


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
    steps: list[Said]

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


def _hint(text: Said, lb: float, category: str) -> dict[str, Any]:
    """What would change the category: ``text`` said for the reader (a screen translates it;
    ``show --json`` has its English)."""
    return {"category": category, "lb": _num(lb), "text": text}


def _next_heavier(carried: float, category: str, row: dict[str, Any]) -> dict[str, Any] | None:
    """How many more lb reach the next heavier category by weight ("3 lb more: heavy")."""
    if category == "over":
        return None
    if category == "maximal":
        lb = row["max"] - carried
        return _hint(say("more than {lb:g} lb more: {category} the maximum", lb=lb,
                         category=CATEGORY_WORDS["over"]), lb, "over")
    key = CATEGORIES[CATEGORIES.index(category) + 1]
    lb = row[key] - carried
    return _hint(say("{lb:g} lb more: {category}", lb=lb, category=CATEGORY_WORDS[key]), lb, key)


def _next_lighter(carried: float, category: str, row: dict[str, Any]) -> dict[str, Any] | None:
    """How many lb to shed to drop to the next lighter category by weight."""
    if category == "unencumbered":
        return None
    if category == "over":
        lb = carried - row["max"]
        return _hint(say("{lb:g} lb less: {category}", lb=lb,
                         category=CATEGORY_WORDS["maximal"]), lb, "maximal")
    key = CATEGORIES[CATEGORIES.index(category) - 1]
    lb = carried - row[category]
    word = CATEGORY_WORDS[key]
    return _hint(say("more than {lb:g} lb less: {category}", lb=lb, category=word) if lb
                 else say("any weight less: {category}", category=word), lb, key)


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
    steps = [*carried.lines, say("carried {lb:g} lb", lb=carried.lb)]
    froms = joined(", ", [say("{category} from {lb:g}", category=CATEGORY_WORDS[k], lb=v)
                          for k, v in thresholds.items()])
    steps.append(say("Strength {strength} (row {row}): {thresholds}, most allowed {max:g} lb",
                     strength=str(strength), row=row_label(row), thresholds=froms,
                     max=row["max"]))
    steps.append(_why_category(carried.lb, by_weight, row))
    if bulky:
        steps.append(say("bulky gear: one category up → {category}",
                         category=CATEGORY_WORDS[category]))
    effects_said = [say("{category}: {speed}, to hit {to_hit:+d}, AC {ac:+d}",
                        category=CATEGORY_WORDS[category], speed=fx.speed_text,
                        to_hit=fx.to_hit, ac=fx.ac_penalty)]
    if not fx.dex_bonus_to_ac:
        effects_said.append(say("no Dexterity bonus to AC"))
    if not fx.can_fight:
        effects_said.append(say("cannot fight"))
    steps.append(joined(", ", effects_said))
    return Encumbrance(
        carried_lb=carried.lb, category=category, weight_category=by_weight, bulky=bulky,
        strength=str(strength), strength_row=row_label(row), thresholds=thresholds,
        max_lb=row["max"], effects=fx, next=_next_heavier(carried.lb, by_weight, row),
        previous=_next_lighter(carried.lb, by_weight, row), steps=steps,
    )


def _why_category(carried: float, category: str, row: dict[str, Any]) -> Said:
    if category == "over":
        return say("{lb:g} lb > {max:g} lb most allowed: over the maximum", lb=carried,
                   max=row["max"])
    if category == "unencumbered":
        return say("{lb:g} lb < {light:g} lb: unencumbered", lb=carried, light=row["light"])
    index = THRESHOLD_KEYS.index(category)
    word = CATEGORY_WORDS[category]
    if index + 1 < len(THRESHOLD_KEYS):
        return say("{low:g} ≤ {lb:g} < {high:g} lb: {category}", low=row[category], lb=carried,
                   high=row[THRESHOLD_KEYS[index + 1]], category=word)
    return say("{low:g} ≤ {lb:g} ≤ {max:g} (most allowed) lb: {category}", low=row[category],
               lb=carried, max=row["max"], category=word)


# ---------------------------------------------------------------------------------------------
# Lifting more than the maximum (2.3)
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class LiftCheck:
    """Lifting a load over the maximum: the Strength check it takes and how it was found."""

    over_lb: float
    penalty: int        # negative or 0
    target: int         # roll this or under on the d20
    steps: list[Said]

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def over_max_penalty(load_lb: float, max_lb: float, rounds_held: int,
                     table: dict[str, Any], settings: dict[str, Any]) -> int:
    """The Strength check's modifier (0 or negative) for ``load_lb`` against the maximum,
    after ``rounds_held`` rounds of holding it up (0 when first lifting it)."""
    if rounds_held < 0:
        raise ValueError(say("rounds held must be 0 or more, not {rounds}", rounds=rounds_held))
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
    steps = [say("{load:g} lb against {max:g} lb most allowed: {over:g} lb over", load=load_lb,
                 max=max_lb, over=over)]
    if over and settings["over_max_count_started_steps"]:
        steps.append(say("−{penalty} per started {step:g} lb over",
                         penalty=rule["penalty_per_step"], step=rule["step_lb"]))
    elif over:
        steps.append(say("−{penalty} per whole {step:g} lb over",
                         penalty=rule["penalty_per_step"], step=rule["step_lb"]))
    if rounds_held:
        steps.append(say("−{penalty} per round held: {rounds} round", rounds=rounds_held,
                         penalty=rule["penalty_per_round"]) if rounds_held == 1 else
                     say("−{penalty} per round held: {rounds} rounds", rounds=rounds_held,
                         penalty=rule["penalty_per_round"]))
    target = strength.score + penalty
    steps.append(say("roll {dice} at or under {score} {penalty:+d} = {target}",
                     dice=rule["check_expression"], score=strength.score, penalty=penalty,
                     target=target))
    return LiftCheck(over_lb=_num(over), penalty=penalty, target=target, steps=steps)
