"""Climbing, swimming, crawling and jumping: RULES.md 1.6 and 1.7, as plain functions.

Ability scores are read with the host's plain-Python ``gm_console.rules.abilities`` (one way to
read "18/50" and one modifier formula for the whole console).

Every function takes the parsed ``config/movement.toml`` (``table``) and its settings
(``settings``, the session's overrides merged in) as arguments, so a test can hand it any table.
Arithmetic is done on exact fractions of the figures as written in the TOML (0.3 is 3/10, not
0.29999…) and rounded to the millimetre only when a figure leaves this module.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Mapping, NamedTuple

from gm_console import Said, modifier, parse_score, parse_strength, say
from gm_console import SentenceValue as Value
from gm_console_plugins.movement.segments import JUMPS, KINDS, Segment, format_segment

Table = Mapping[str, Any]


def exact(value: float | int | str) -> Fraction:
    """A TOML or sheet number as the decimal it was written as."""
    return Fraction(str(value))


def metres(value: Fraction) -> float:
    """A distance for the outside world: rounded to the millimetre."""
    return float(round(value, 3))


def said_m(value: Fraction | float) -> int | float | Said:
    """A distance as a sentence keeps it: a number (French writes 5,1), rounded to the
    millimetre, without trailing zeros; a negative one with a real minus sign (−0.2)."""
    number = float(round(Fraction(value), 3))
    if number < 0:
        return say("−{metres}", metres=said_m(-number))
    return int(number) if number.is_integer() else number


KIND_WORDS = {"walk": say("walk"), "climb": say("climb"), "swim": say("swim"),
              "crawl": say("crawl"), "long_jump": say("long jump"), "high_jump": say("high jump")}
"""A segment's kind as a sentence says it (its French from the plugin's labels)."""

TERRAIN_WORDS = {True: say("difficult"), False: say("normal")}
RUN_UP_WORDS = {True: say("running"), False: say("standing")}


# ---------------------------------------------------------------------------------------------
# Settings
# ---------------------------------------------------------------------------------------------

CHOICES = {"reach_from": ("running", "standing"),
           "obstacle_check": ("taller_than_quarter", "up_to_quarter"),
           "checks_over_rounds": ("each_round", "each_stretch")}


def choice_problems(values: Mapping[str, Any]) -> list[tuple[str, Said]]:
    """Settings whose value is not one the rules know, as (key, message); checkable without
    the config (a session's ``[plugins.movement.settings]`` on load or ``settings.set``)."""
    found = []
    for key, choices in CHOICES.items():
        if key in values and values[key] not in choices:
            found.append((key, say("setting {key} of movement must be one of {choices}, not "
                                   "{value}", key=key, choices=", ".join(choices),
                                   value=repr(values[key]))))
    kinds = values.get("run_up_kinds", [])
    if not isinstance(kinds, list) or any(kind not in KINDS for kind in kinds):
        found.append(("run_up_kinds", say("setting run_up_kinds of movement must be a list of "
                                          "segment kinds ({kinds}), not {value}",
                                          kinds=", ".join(KINDS), value=repr(kinds))))
    return found


def _kind(value: Any) -> Said:
    if isinstance(value, bool):
        return say("true or false")
    if isinstance(value, (int, float)):
        return say("a number")
    if isinstance(value, list):
        return say("a list of names")
    return say("a text")


def checked_settings(values: Mapping[str, Any], defaults: Mapping[str, Any]) -> dict[str, Any]:
    """``values`` (a session may override any setting) checked against the kind of each
    default of config/movement.toml; ValueError names the setting that is wrong."""
    out = {}
    for key, default in defaults.items():
        value = values.get(key, default)
        if _kind(value) != _kind(default):
            raise ValueError(say("setting {key} of movement must be {kind}, not {value}", key=key,
                                 kind=_kind(default), value=repr(value)))
        out[key] = value
    problems = choice_problems(out)
    if problems:
        raise ValueError(problems[0][1])
    return out


# ---------------------------------------------------------------------------------------------
# Ability scores
# ---------------------------------------------------------------------------------------------


def strength_score(raw: Any, exceptional_as: int) -> tuple[int, Said]:
    """The Strength score the jump formulas use, and how it was read: an exceptional 18/xx
    counts as ``exceptional_as`` (RULES.md 1.7, interpretation). ValueError if unreadable."""
    strength = parse_strength(raw)
    if strength.percentile:
        return exceptional_as, say("Strength {strength} counts as {score}",
                                   strength=str(strength), score=exceptional_as)
    return strength.score, say("Strength {score}", score=strength.score)


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


class JumpFigures(NamedTuple):
    long_running: Fraction
    long_standing: Fraction
    high_running: Fraction
    high_standing: Fraction
    reach: Fraction | None  # None when the sheet has no height
    obstacle_max: Fraction
    steps: tuple[Said, ...] = ()

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
        raise ValueError(say("height_m {value} is not a number of metres", value=repr(height_m)))
    try:
        height = exact(height_m)
    except (ValueError, ZeroDivisionError):
        raise ValueError(say("height_m {value} is not a number of metres",
                             value=repr(height_m))) from None
    if height < 0:
        raise ValueError(say("height_m {value} is below 0", value=repr(height_m)))
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

    m = said_m
    high_line = {"base": m(high_base), "per": m(per_mod), "modifier": signed(mod),
                 "high": m(high_raw)}
    obstacle_line = {"fraction": m(fraction), "long": m(long_running), "obstacle": m(obstacle_max)}
    steps = [
        say("{strength}, modifier {modifier}", strength=read_as, modifier=signed(mod)),
        say("long jump with a run-up of {run_up} m: {per} × {score} = {long} m",
            run_up=m(exact(jump["run_up_m"])), per=m(per_score), score=score,
            long=m(long_running)),
        say("long jump standing: {long} × {factor} = {standing} m", long=m(long_running),
            factor=m(standing), standing=m(long_standing)),
        say("high jump with a run-up: {base} + {per} × {modifier} = {high} m → 0 m (never below "
            "0)", **high_line) if floored else
        say("high jump with a run-up: {base} + {per} × {modifier} = {high} m", **high_line),
        say("high jump standing: {high} × {factor} = {standing} m", high=m(high_running),
            factor=m(standing), standing=m(high_standing)),
        say("small obstacle, cleared with a Strength (Athletics) check: up to {fraction} × "
            "{long} = {obstacle} m (running long jump)", **obstacle_line)
        if settings["obstacle_check"] == "up_to_quarter" else
        say("obstacle cleared without a check: up to {fraction} × {long} = {obstacle} m "
            "(running long jump)", **obstacle_line),
    ]

    height = _height(height_m)
    reach: Fraction | None = None
    if height is None:
        steps.append(say("highest point reached: unknown (no height_m on the sheet)"))
    else:
        arms = exact(jump["reach_height_factor"])
        from_running = settings["reach_from"] == "running"
        for running, high in ((True, high_running), (False, high_standing)):
            value = high + arms * height
            if running == from_running:
                reach = value
            steps.append(say("highest point reached ({how}): {high} + {arms} × {height} = "
                             "{reach} m", how=RUN_UP_WORDS[running], high=m(high), arms=m(arms),
                             height=m(height), reach=m(value)))
    return JumpFigures(long_running, long_standing, high_running, high_standing, reach,
                       obstacle_max, tuple(steps))


# ---------------------------------------------------------------------------------------------
# The cost of a metre (RULES.md 1.6)
# ---------------------------------------------------------------------------------------------


def cost_per_metre(kind: str, difficult: bool, *, climb_speed_m: float, swim_speed_m: float,
                   table: Table, settings: Mapping[str, Any]) -> tuple[Fraction, Said]:
    """Metres of speed one metre of ``kind`` costs, and why."""
    costs = table["cost"]
    terrain = "difficult" if difficult else "normal"
    word = TERRAIN_WORDS[difficult]
    if kind == "crawl":
        # Interpretation: the seed names crawling without a figure.
        return (exact(settings[f"crawl_cost_{terrain}"]),
                say("crawl, {terrain} terrain (setting)", terrain=word))
    if kind in JUMPS:
        if difficult:
            # Interpretation: the jumper is in the air; the landing calls for a check instead.
            return exact(settings["jump_cost_difficult"]), say("jump, difficult terrain (setting)")
        return exact(costs["jump"]["normal"]), say("jump, normal terrain")
    if kind == "climb" and (climb_speed_m or 0) > 0:
        return exact(costs["climb_with_speed"][terrain]), say(
            "climb with a climbing speed of {speed} m, {terrain} terrain",
            speed=said_m(exact(climb_speed_m)), terrain=word)
    if kind == "swim" and (swim_speed_m or 0) > 0:
        return exact(costs["swim_with_speed"][terrain]), say(
            "swim with a swimming speed of {speed} m, {terrain} terrain",
            speed=said_m(exact(swim_speed_m)), terrain=word)
    return exact(costs[kind][terrain]), say("{kind}, {terrain} terrain", kind=KIND_WORDS[kind],
                                            terrain=word)


# ---------------------------------------------------------------------------------------------
# Checks the rules call for
# ---------------------------------------------------------------------------------------------

SKILL_ABILITY = {"athletics": "strength", "acrobatics": "dexterity"}
ABILITY_WORDS = {"strength": say("Strength"), "dexterity": say("Dexterity")}
SKILL_WORDS = {"athletics": say("Athletics"), "acrobatics": say("Acrobatics")}


class Check(NamedTuple):
    """A roll the path calls for: offered to the game master, who may skip it."""

    skill: str          # "athletics" or "acrobatics"
    reason: Said
    segment: int        # 1-based number of the segment that calls for it
    dc: int
    on_failure: Said    # what a failure means, for the journal
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


class PricedSegment(NamedTuple):
    number: int
    segment: Segment
    difficult: bool
    terrain_from: str          # "segment", "terrain" (the current one) or "default" (none known)
    rate: Fraction
    cost: Fraction
    why: Said
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


class PricedPath(NamedTuple):
    speed: Fraction
    segments: tuple[PricedSegment, ...]
    checks: tuple[Check, ...] = ()
    problems: tuple[Said, ...] = ()  # what the rules do not allow (a long jump beyond reach)
    steps: tuple[Said, ...] = ()

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

    def total(self) -> Said:
        """What the path costs of the speed: what is left, or how far over."""
        if self.fits:
            return say("total {cost} m of {speed} m: {left} m left", cost=said_m(self.cost),
                       speed=said_m(self.speed), left=said_m(self.left))
        return say("total {cost} m of {speed} m: {over} m too far", cost=said_m(self.cost),
                   speed=said_m(self.speed), over=said_m(self.over))

    def as_dict(self) -> dict[str, Any]:
        return {
            "speed_m": metres(self.speed), "cost_m": metres(self.cost),
            "left_m": metres(self.left), "over_m": metres(self.over), "fits": self.fits,
            "segments": [s.as_dict() for s in self.segments],
            "checks": [c.as_dict() for c in self.checks],
            "problems": list(self.problems), "steps": list(self.steps),
        }


def _run_up(segments: list[Segment], index: int, table: Table,
            settings: Mapping[str, Any]) -> tuple[bool, Said]:
    """Whether the jump at ``index`` has its run-up: the text says so, or enough ground of the
    run-up kinds was covered immediately before it."""
    own = segments[index].run_up
    if own is not None:
        return own, say("running (as written)") if own else say("standing (as written)")
    kinds = set(settings["run_up_kinds"])
    ground = Fraction(0)
    for before in reversed(segments[:index]):
        if before.kind not in kinds:
            break
        ground += exact(before.metres)
    needed = exact(table["jump"]["run_up_m"])
    if ground >= needed:
        return True, say("running ({ground} m of run-up ≥ {needed} m)", ground=said_m(ground),
                         needed=said_m(needed))
    return False, say("standing ({ground} m of run-up < {needed} m)", ground=said_m(ground),
                      needed=said_m(needed))


def _jump_checks(number: int, seg: Segment, running: bool, figures: JumpFigures,
                 table: Table, settings: Mapping[str, Any],
                 checks: list[Check], problems: list[Said]) -> Fraction:
    """The checks and problems of one jump; returns its limit (farthest or highest)."""
    length = exact(seg.metres)
    how = RUN_UP_WORDS[running]
    if seg.kind == "high_jump":
        limit = figures.high_running if running else figures.high_standing
        if length > limit:
            checks.append(Check(
                "athletics", say("jump {length} m high, above the {limit} m of a {how} high jump",
                                 length=said_m(length), limit=said_m(limit), how=how),
                number, int(settings["dc_jump_higher"]), say("does not jump that high")))
        return limit
    limit = figures.long_running if running else figures.long_standing
    if length > limit:
        problems.append(say("segment {number}: a long jump of {length} m is beyond the {limit} m "
                            "of a {how} long jump", number=number, length=said_m(length),
                            limit=said_m(limit), how=how))
    if seg.obstacle_m is None:
        return limit
    obstacle = exact(seg.obstacle_m)
    quarter = length * exact(table["jump"]["obstacle_fraction"])
    dc = int(settings["dc_obstacle"])
    if settings["obstacle_check"] == "up_to_quarter":
        if obstacle > quarter:
            problems.append(say("segment {number}: an obstacle of {obstacle} m is taller than a "
                                "quarter of the {length} m jump ({quarter} m)", number=number,
                                obstacle=said_m(obstacle), length=said_m(length),
                                quarter=said_m(quarter)))
        else:
            checks.append(Check("athletics", say("clear a {obstacle} m obstacle (up to {quarter} "
                                                 "m)", obstacle=said_m(obstacle),
                                                 quarter=said_m(quarter)),
                                number, dc, say("hits the obstacle")))
    elif obstacle > quarter:
        checks.append(Check("athletics", say("clear a {obstacle} m obstacle, taller than a "
                                             "quarter of the jump ({quarter} m)",
                                             obstacle=said_m(obstacle), quarter=said_m(quarter)),
                            number, dc, say("hits the obstacle")))
    return limit


SPEED_OF = {"long_jump": "jump", "high_jump": "jump"}
"""The speed of ``[scopes]`` speeds (config/conditions.toml) a segment's kind moves at, where
it is not the kind's own name."""


def _at_own_speed(number: int, kind: str, rate: Fraction, why: Said, speed_m: float,
                  own_m: Mapping[str, float], problems: list[Said]) -> tuple[Fraction, Said]:
    """A metre's cost where a condition made the segment's speed its own (a heavy cloak: swim
    at half the speed), × the speed that counts ÷ that speed: a swim at half speed costs
    twice the metres of the round's speed. At 0 that movement is not possible: a problem."""
    name = SPEED_OF.get(kind, kind)
    if name not in own_m or speed_m <= 0:
        return rate, why
    own = exact(own_m[name])
    said = {"why": why, "speed": name, "own": said_m(own), "all": said_m(exact(speed_m))}
    if own <= 0:
        problems.append(say("segment {number}: {kind} speed 0 m: no {kind} possible",
                            number=number, kind=name))
        return rate, say("{why}; {speed} speed 0 m", **said)
    ratio = exact(speed_m) / own
    return rate * ratio, say("{why}, × {ratio} ({speed} speed {own} m of {all} m)",
                             ratio=said_m(ratio), **said)


def price_path(segments: list[Segment], *, speed_m: float, figures: JumpFigures,
               climb_speed_m: float = 0, swim_speed_m: float = 0,
               terrain_difficult: bool | None = None, terrain_label: str = "",
               table: Table, settings: Mapping[str, Any],
               own_speeds_m: Mapping[str, float] | None = None) -> PricedPath:
    """Price a round's movement against ``speed_m`` and list the checks it calls for.

    A segment that does not say its terrain takes the current one (``terrain_difficult``, None
    when no plugin knows it: normal then). ``own_speeds_m``: the speeds a condition made other
    than ``speed_m`` (``{"swim": 3.375}``, ``Speed.speeds``), each metre at them costing more.
    """
    priced: list[PricedSegment] = []
    checks: list[Check] = []
    problems: list[Said] = []
    steps: list[Said] = []
    for index, seg in enumerate(segments):
        number = index + 1
        if seg.difficult is not None:
            difficult, source = seg.difficult, "segment"
        elif terrain_difficult is not None:
            difficult, source = terrain_difficult, "terrain"
        else:
            difficult, source = False, "default"
        rate, why = cost_per_metre(seg.kind, difficult, climb_speed_m=climb_speed_m,
                                   swim_speed_m=swim_speed_m, table=table, settings=settings)
        if source == "terrain" and terrain_label:
            why = say("{why} (current terrain: {terrain})", why=why, terrain=terrain_label)
        elif source == "terrain":
            why = say("{why} (current terrain)", why=why)
        elif source == "default":
            why = say("{why} (no current terrain)", why=why)
        rate, why = _at_own_speed(number, seg.kind, rate, why, speed_m, own_speeds_m or {},
                                  problems)
        cost = rate * exact(seg.metres)
        run_up: bool | None = None
        limit: Fraction | None = None
        line: dict[str, Value] = {"number": number, "kind": KIND_WORDS[seg.kind],
                "metres": said_m(exact(seg.metres)), "why": why, "rate": said_m(rate),
                "cost": said_m(cost)}
        if seg.kind in JUMPS:
            run_up, how = _run_up(segments, index, table, settings)
            limit = _jump_checks(number, seg, run_up, figures, table, settings, checks, problems)
            steps.append(say("{number}. {kind} {metres} m: {why}, {how}: {metres} × {rate} = "
                             "{cost} m", how=how, **line))
            if difficult:
                checks.append(Check("acrobatics", say("land on their feet in difficult terrain"),
                                    number, int(settings["dc_landing"]), say("falls prone"),
                                    "prone"))
        else:
            steps.append(say("{number}. {kind} {metres} m: {why}: {metres} × {rate} = {cost} m",
                             **line))
        if seg.slippery:
            checks.append(Check("athletics", say("climb a slippery or hold-poor surface"), number,
                                int(settings["dc_slippery_climb"]), say("makes no headway")))
        if seg.rough:
            checks.append(Check("athletics", say("swim in rough water"), number,
                                int(settings["dc_rough_water"]), say("makes no headway")))
        priced.append(PricedSegment(number, seg, difficult, source, rate, cost, why,
                                    run_up, limit))
    path = PricedPath(exact(speed_m), tuple(priced), tuple(checks), tuple(problems))
    steps.append(path.total())
    return PricedPath(path.speed, path.segments, path.checks, path.problems, tuple(steps))
