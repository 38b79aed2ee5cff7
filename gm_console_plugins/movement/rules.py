"""Climbing, swimming, crawling and jumping: RULES.md 1.6 and 1.7, as plain functions.

Ability scores are read with the host's plain-Python ``gm_console.core.abilities`` (one way to
read "18/50" and one modifier formula for the whole console).

Every function takes the parsed ``config/movement.toml`` (``table``) and its settings
(``settings``, the session's overrides merged in) as arguments, so a test can hand it any table.
Arithmetic is done on exact fractions of the figures as written in the TOML (0.3 is 3/10, not
0.29999…) and rounded to the millimetre only when a figure leaves this module.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Mapping

from gm_console.core.abilities import modifier, parse_score, parse_strength
from gm_console_plugins.movement.segments import JUMPS, KINDS, Segment, format_segment

Table = Mapping[str, Any]


def exact(value: float | int | str) -> Fraction:
    """A TOML or sheet number as the decimal it was written as."""
    return Fraction(str(value))


def metres(value: Fraction) -> float:
    """A distance for the outside world: rounded to the millimetre."""
    return float(round(value, 3))


def show(value: Fraction | float) -> str:
    """A distance for a sentence: ``5.1``, ``3``, ``1.275``, ``−0.2`` (no trailing zeros)."""
    text = f"{float(round(Fraction(value), 3)):.3f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text.replace("-", "−")


# ---------------------------------------------------------------------------------------------
# Settings
# ---------------------------------------------------------------------------------------------

CHOICES = {"reach_from": ("running", "standing"),
           "obstacle_check": ("taller_than_quarter", "up_to_quarter")}


def choice_problems(values: Mapping[str, Any]) -> list[tuple[str, str]]:
    """Settings whose value is not one the rules know, as (key, message); checkable without
    the config (a session's ``[plugins.movement.settings]`` on load or ``settings.set``)."""
    found = []
    for key, choices in CHOICES.items():
        if key in values and values[key] not in choices:
            found.append((key, f"setting {key} of movement must be one of {', '.join(choices)}, "
                               f"not {values[key]!r}"))
    kinds = values.get("run_up_kinds", [])
    if not isinstance(kinds, list) or any(kind not in KINDS for kind in kinds):
        found.append(("run_up_kinds", f"setting run_up_kinds of movement must be a list of "
                                      f"segment kinds ({', '.join(KINDS)}), not {kinds!r}"))
    return found


def _kind(value: Any) -> str:
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, list):
        return "a list of names"
    return "text"


def checked_settings(values: Mapping[str, Any], defaults: Mapping[str, Any]) -> dict[str, Any]:
    """``values`` (a session may override any setting) checked against the kind of each
    default of config/movement.toml; ValueError names the setting that is wrong."""
    out = {}
    for key, default in defaults.items():
        value = values.get(key, default)
        if _kind(value) != _kind(default):
            raise ValueError(f"setting {key} of movement must be {_kind(default)}, not {value!r}")
        out[key] = value
    problems = choice_problems(out)
    if problems:
        raise ValueError(problems[0][1])
    return out


# ---------------------------------------------------------------------------------------------
# Ability scores
# ---------------------------------------------------------------------------------------------


def strength_score(raw: Any, exceptional_as: int) -> tuple[int, str]:
    """The Strength score the jump formulas use, and how it was read: an exceptional 18/xx
    counts as ``exceptional_as`` (RULES.md 1.7, interpretation). ValueError if unreadable."""
    strength = parse_strength(raw)
    if strength.percentile:
        return exceptional_as, f"Strength {strength} counts as {exceptional_as}"
    return strength.score, f"Strength {strength.score}"


def check_modifier(ability: str, raw: Any, exceptional_as: int) -> int:
    """The modifier a Strength or Dexterity check adds. ValueError if the score is unreadable."""
    if ability == "strength":
        return modifier(strength_score(raw, exceptional_as)[0])
    return modifier(parse_score(raw, ability))


def signed(number: int) -> str:
    return f"+{number}" if number >= 0 else f"−{-number}"


# ---------------------------------------------------------------------------------------------
# Jump figures (RULES.md 1.7)
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class JumpFigures:
    long_running: Fraction
    long_standing: Fraction
    high_running: Fraction
    high_standing: Fraction
    reach: Fraction | None  # None when the sheet has no height
    obstacle_max: Fraction
    steps: tuple[str, ...] = ()

    def as_dict(self) -> dict[str, Any]:
        return {
            "long_running_m": metres(self.long_running),
            "long_standing_m": metres(self.long_standing),
            "high_running_m": metres(self.high_running),
            "high_standing_m": metres(self.high_standing),
            "reach_m": None if self.reach is None else metres(self.reach),
            "obstacle_max_m": metres(self.obstacle_max),
            "steps": list(self.steps),
        }


def _height(height_m: Any) -> Fraction | None:
    if height_m is None or height_m == "":
        return None
    if isinstance(height_m, bool):
        raise ValueError(f"height_m {height_m!r} is not a number of metres")
    try:
        height = exact(height_m)
    except (ValueError, ZeroDivisionError):
        raise ValueError(f"height_m {height_m!r} is not a number of metres") from None
    if height < 0:
        raise ValueError(f"height_m {height_m!r} is below 0")
    return height if height > 0 else None


def jump_figures(strength: Any, height_m: Any, table: Table,
                 settings: Mapping[str, Any]) -> JumpFigures:
    """How far and how high a character jumps, with a line per figure for "why?"."""
    jump = table["jump"]
    score, read_as = strength_score(strength, int(settings["exceptional_strength_score"]))
    mod = modifier(score)
    standing = exact(jump["standing_factor"])
    per_score = exact(jump["long_m_per_strength"])

    long_running = per_score * score
    long_standing = long_running * standing

    high_base = exact(jump["high_base_m"])
    per_mod = exact(jump["high_m_per_modifier"])
    high_raw = high_base + per_mod * mod
    floored = bool(settings["high_jump_never_below_zero"]) and high_raw < 0
    high_running = Fraction(0) if floored else high_raw
    high_standing = high_running * standing

    fraction = exact(jump["obstacle_fraction"])
    obstacle_max = long_running * fraction

    steps = [
        f"{read_as}, modifier {signed(mod)}",
        f"long jump with a run-up of {show(exact(jump['run_up_m']))} m: "
        f"{show(per_score)} × {score} = {show(long_running)} m",
        f"long jump standing: {show(long_running)} × {show(standing)} = {show(long_standing)} m",
        f"high jump with a run-up: {show(high_base)} + {show(per_mod)} × {signed(mod)} = "
        f"{show(high_raw)} m" + (" → 0 m (never below 0)" if floored else ""),
        f"high jump standing: {show(high_running)} × {show(standing)} = {show(high_standing)} m",
        (f"small obstacle, cleared with a Strength (Athletics) check: up to {show(fraction)} × "
         if settings["obstacle_check"] == "up_to_quarter" else
         f"obstacle cleared without a check: up to {show(fraction)} × ")
        + f"{show(long_running)} = {show(obstacle_max)} m (running long jump)",
    ]

    height = _height(height_m)
    reach: Fraction | None = None
    if height is None:
        steps.append("highest point reached: unknown (no height_m on the sheet)")
    else:
        arms = exact(jump["reach_height_factor"])
        from_running = settings["reach_from"] == "running"
        for label, high in (("running", high_running), ("standing", high_standing)):
            value = high + arms * height
            if (label == "running") == from_running:
                reach = value
            steps.append(f"highest point reached ({label}): {show(high)} + {show(arms)} × "
                         f"{show(height)} = {show(value)} m")
    return JumpFigures(long_running, long_standing, high_running, high_standing, reach,
                       obstacle_max, tuple(steps))


# ---------------------------------------------------------------------------------------------
# The cost of a metre (RULES.md 1.6)
# ---------------------------------------------------------------------------------------------


def cost_per_metre(kind: str, difficult: bool, *, climb_speed_m: float, swim_speed_m: float,
                   table: Table, settings: Mapping[str, Any]) -> tuple[Fraction, str]:
    """Metres of speed one metre of ``kind`` costs, and why."""
    costs = table["cost"]
    terrain = "difficult" if difficult else "normal"
    if kind == "crawl":
        # Interpretation: the seed names crawling without a figure.
        return exact(settings[f"crawl_cost_{terrain}"]), f"crawl, {terrain} terrain (setting)"
    if kind in JUMPS:
        if difficult:
            # Interpretation: the jumper is in the air; the landing calls for a check instead.
            return exact(settings["jump_cost_difficult"]), "jump, difficult terrain (setting)"
        return exact(costs["jump"]["normal"]), "jump, normal terrain"
    row, label = kind, kind
    if kind == "climb" and (climb_speed_m or 0) > 0:
        row = "climb_with_speed"
        label = f"climb with a climbing speed of {show(exact(climb_speed_m))} m"
    elif kind == "swim" and (swim_speed_m or 0) > 0:
        row = "swim_with_speed"
        label = f"swim with a swimming speed of {show(exact(swim_speed_m))} m"
    return exact(costs[row][terrain]), f"{label}, {terrain} terrain"


# ---------------------------------------------------------------------------------------------
# Checks the rules call for
# ---------------------------------------------------------------------------------------------

SKILL_ABILITY = {"athletics": "strength", "acrobatics": "dexterity"}


@dataclass(frozen=True)
class Check:
    """A roll the path calls for: offered to the game master, who may skip it."""

    skill: str          # "athletics" or "acrobatics"
    reason: str
    segment: int        # 1-based number of the segment that calls for it
    dc: int
    on_failure: str     # what a failure means, for the journal
    condition: str = ""  # a condition a failure sets on the character ("prone")

    @property
    def ability(self) -> str:
        return SKILL_ABILITY[self.skill]

    def as_dict(self) -> dict[str, Any]:
        return {"skill": self.skill, "ability": self.ability, "reason": self.reason,
                "segment": self.segment, "dc": self.dc, "on_failure": self.on_failure,
                "condition": self.condition}


def check_expression(dice: str, mod: int) -> str:
    """``1d20+4``, ``1d20-1``, ``1d20``: dice notation for the dice prompt."""
    return dice if mod == 0 else f"{dice}{mod:+d}"


# ---------------------------------------------------------------------------------------------
# Pricing a round's path
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class PricedSegment:
    number: int
    segment: Segment
    difficult: bool
    terrain_from: str          # "segment", "terrain" (the current one) or "default" (none known)
    rate: Fraction
    cost: Fraction
    why: str
    run_up: bool | None = None  # jumps only
    max_m: Fraction | None = None  # jumps only: the farthest or highest without a check

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "number": self.number, "text": format_segment(self.segment), "kind": self.segment.kind,
            "metres": metres(exact(self.segment.metres)), "difficult": self.difficult,
            "terrain_from": self.terrain_from, "cost_per_m": metres(self.rate),
            "cost_m": metres(self.cost), "why": self.why,
        }
        if self.segment.kind in JUMPS:
            out["run_up"] = self.run_up
            out["max_m"] = None if self.max_m is None else metres(self.max_m)
        if self.segment.obstacle_m is not None:
            out["obstacle_m"] = metres(exact(self.segment.obstacle_m))
        return out


@dataclass(frozen=True)
class PricedPath:
    speed: Fraction
    segments: tuple[PricedSegment, ...]
    checks: tuple[Check, ...] = ()
    problems: tuple[str, ...] = ()  # what the rules do not allow (a long jump beyond reach)
    steps: tuple[str, ...] = ()

    @property
    def cost(self) -> Fraction:
        return sum((s.cost for s in self.segments), Fraction(0))

    @property
    def left(self) -> Fraction:
        return max(Fraction(0), self.speed - self.cost)

    @property
    def over(self) -> Fraction:
        return max(Fraction(0), self.cost - self.speed)

    @property
    def fits(self) -> bool:
        return self.cost <= self.speed

    def as_dict(self) -> dict[str, Any]:
        return {
            "speed_m": metres(self.speed), "cost_m": metres(self.cost),
            "left_m": metres(self.left), "over_m": metres(self.over), "fits": self.fits,
            "segments": [s.as_dict() for s in self.segments],
            "checks": [c.as_dict() for c in self.checks],
            "problems": list(self.problems), "steps": list(self.steps),
        }


def _run_up(segments: list[Segment], index: int, table: Table,
            settings: Mapping[str, Any]) -> tuple[bool, str]:
    """Whether the jump at ``index`` has its run-up: the text says so, or enough ground of the
    run-up kinds was covered immediately before it."""
    own = segments[index].run_up
    if own is not None:
        return own, "running (as written)" if own else "standing (as written)"
    kinds = set(settings["run_up_kinds"])
    ground = Fraction(0)
    for before in reversed(segments[:index]):
        if before.kind not in kinds:
            break
        ground += exact(before.metres)
    needed = exact(table["jump"]["run_up_m"])
    if ground >= needed:
        return True, f"running ({show(ground)} m of run-up ≥ {show(needed)} m)"
    return False, f"standing ({show(ground)} m of run-up < {show(needed)} m)"


def _jump_checks(number: int, seg: Segment, running: bool, figures: JumpFigures,
                 table: Table, settings: Mapping[str, Any],
                 checks: list[Check], problems: list[str]) -> Fraction:
    """The checks and problems of one jump; returns its limit (farthest or highest)."""
    length = exact(seg.metres)
    how = "running" if running else "standing"
    if seg.kind == "high_jump":
        limit = figures.high_running if running else figures.high_standing
        if length > limit:
            checks.append(Check(
                "athletics", f"jump {show(length)} m high, above the {show(limit)} m of a {how} "
                "high jump", number, int(settings["dc_jump_higher"]), "does not jump that high"))
        return limit
    limit = figures.long_running if running else figures.long_standing
    if length > limit:
        problems.append(f"segment {number}: a long jump of {show(length)} m is beyond the "
                        f"{show(limit)} m of a {how} long jump")
    if seg.obstacle_m is None:
        return limit
    obstacle = exact(seg.obstacle_m)
    quarter = length * exact(table["jump"]["obstacle_fraction"])
    dc = int(settings["dc_obstacle"])
    if settings["obstacle_check"] == "up_to_quarter":
        if obstacle > quarter:
            problems.append(f"segment {number}: an obstacle of {show(obstacle)} m is taller than "
                            f"a quarter of the {show(length)} m jump ({show(quarter)} m)")
        else:
            checks.append(Check("athletics", f"clear a {show(obstacle)} m obstacle (up to "
                                f"{show(quarter)} m)", number, dc, "hits the obstacle"))
    elif obstacle > quarter:
        checks.append(Check("athletics", f"clear a {show(obstacle)} m obstacle, taller than a "
                            f"quarter of the jump ({show(quarter)} m)", number, dc,
                            "hits the obstacle"))
    return limit


def price_path(segments: list[Segment], *, speed_m: float, figures: JumpFigures,
               climb_speed_m: float = 0, swim_speed_m: float = 0,
               terrain_difficult: bool | None = None, terrain_label: str = "",
               table: Table, settings: Mapping[str, Any]) -> PricedPath:
    """Price a round's movement against ``speed_m`` and list the checks it calls for.

    A segment that does not say its terrain takes the current one (``terrain_difficult``, None
    when no plugin knows it: normal then).
    """
    priced: list[PricedSegment] = []
    checks: list[Check] = []
    problems: list[str] = []
    steps: list[str] = []
    for index, seg in enumerate(segments):
        number = index + 1
        if seg.difficult is not None:
            difficult, source, said = seg.difficult, "segment", ""
        elif terrain_difficult is not None:
            difficult, source = terrain_difficult, "terrain"
            said = f" (current terrain{': ' + terrain_label if terrain_label else ''})"
        else:
            difficult, source, said = False, "default", " (no current terrain)"
        rate, why = cost_per_metre(seg.kind, difficult, climb_speed_m=climb_speed_m,
                                   swim_speed_m=swim_speed_m, table=table, settings=settings)
        cost = rate * exact(seg.metres)
        run_up: bool | None = None
        limit: Fraction | None = None
        detail = ""
        if seg.kind in JUMPS:
            run_up, how = _run_up(segments, index, table, settings)
            limit = _jump_checks(number, seg, run_up, figures, table, settings, checks, problems)
            detail = f", {how}"
            if difficult:
                checks.append(Check("acrobatics", "land on their feet in difficult terrain",
                                    number, int(settings["dc_landing"]), "falls prone", "prone"))
        if seg.slippery:
            checks.append(Check("athletics", "climb a slippery or hold-poor surface", number,
                                int(settings["dc_slippery_climb"]), "makes no headway"))
        if seg.rough:
            checks.append(Check("athletics", "swim in rough water", number,
                                int(settings["dc_rough_water"]), "makes no headway"))
        priced.append(PricedSegment(number, seg, difficult, source, rate, cost, why + said,
                                    run_up, limit))
        steps.append(f"{number}. {seg.kind} {show(exact(seg.metres))} m: {why}{said}{detail}: "
                     f"{show(exact(seg.metres))} × {show(rate)} = {show(cost)} m")
    path = PricedPath(exact(speed_m), tuple(priced), tuple(checks), tuple(problems))
    if path.fits:
        steps.append(f"total {show(path.cost)} m of {show(path.speed)} m: {show(path.left)} m left")
    else:
        steps.append(f"total {show(path.cost)} m of {show(path.speed)} m: "
                     f"{show(path.over)} m too far")
    return PricedPath(path.speed, path.segments, path.checks, path.problems, tuple(steps))
