"""The speed pipeline: plugins contribute steps, the host composes them and explains.

Order of phases (RULES.md 2.6 and DESIGN.md):

1. ``base``: the creature's base speed in mv. The first plugin that contributes one wins (the
   race table); without any, the sheet's own ``speed_m`` converted with ``metres_per_mv``.
2. ``adjust``: added to the base (Strength/Dexterity table, a manual adjustment with a reason).
3. ``limit``: each limit proposes a speed from the adjusted base (encumbrance, armour); the
   slowest wins. A limit is either ``fraction`` of the adjusted base (rounded down, never below
   1 mv) or a ``fixed_mv``.
4. ``multiply``: factors applied last (exhaustion 2 halves, 5 stops). A factor that names
   ``speeds`` (a heavy cloak: ``("swim", "climb")``) leaves the speed that counts as it is and
   makes those speeds of their own, after every factor of every speed: ``Speed.speeds``, read
   with ``Speed.m_for("swim")``. The speeds a scope may name are ``speeds`` of ``[scopes]`` of
   config/conditions.toml (what a round's movement and the travel pace read).

Speeds are in mv, the unit of the encumbrance rules; ``metres_per_mv`` converts for the rules that
count in metres.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Literal

from gm_console.text.said import joined, say

Phase = Literal["base", "adjust", "limit", "multiply"]
PHASES: tuple[Phase, ...] = ("base", "adjust", "limit", "multiply")


@dataclass(frozen=True)
class SpeedStep:
    """One plugin's contribution to a character's speed.

    - ``base``: ``value`` is the base speed in mv.
    - ``adjust``: ``value`` is added to the base, in mv (negative slows).
    - ``limit``: ``fraction`` (e.g. ``Fraction(2, 3)``) of the adjusted base, or ``fixed_mv``.
    - ``multiply``: ``value`` multiplies the result (0.5, 0); with ``round_down`` the result
      is rounded down to a whole mv, never below 1 mv unless it is 0; with ``speeds``, only
      those speeds (``("swim", "climb")``), not the speed that counts.
    ``label`` says why, in words the game master reads ("chain mail: 2/3").
    """

    phase: Phase
    label: str
    value: float = 0
    fraction: Fraction | None = None
    fixed_mv: float | None = None
    round_down: bool = False
    speeds: tuple[str, ...] = ()


@dataclass
class Speed:
    """A character's speed after every plugin's step, in MV and metres, with the steps;
    ``speeds``: each speed a scoped factor made other than the speed that counts (``{"swim":
    {"mv": 4.5, "m": 3.375}}``)."""

    base_mv: float
    mv: float
    m: float
    steps: list[str] = field(default_factory=list)
    speeds: dict[str, dict[str, float]] = field(default_factory=dict)

    def m_for(self, speed: str) -> float:
        """Metres a round of one speed (``"swim"``, ``"travel"``): its own where a scoped
        factor made one, else the speed that counts."""
        return self.speeds[speed]["m"] if speed in self.speeds else self.m

    def as_dict(self) -> dict:
        return {"base_mv": self.base_mv, "mv": self.mv, "m": self.m, "steps": list(self.steps),
                "speeds": {name: dict(figures) for name, figures in self.speeds.items()}}


def _num(x: float) -> float | int:
    """The value to the micrometre, whole numbers as ints: a rule comparing metres must see
    2.625 m, not a rounded 2.62, and 10 m, not 9.999999999 from a division by 0.75 (a move of
    exactly the speed would be refused)."""
    x = round(float(x), 6)
    return int(x) if x.is_integer() else x


def _txt(x: float) -> float | int:
    """How a step line shows a number: '7', '2.625', never '7.0' (a number, so that French
    says it with a decimal comma)."""
    x = round(float(x), 3)
    return int(x) if x.is_integer() else x


def limited(base_mv: float, step: SpeedStep) -> float:
    """The speed a limit step allows from ``base_mv``: fractions round down, never below 1 mv
    (RULES.md 2.4, interpretation)."""
    if step.fixed_mv is not None:
        return step.fixed_mv
    assert step.fraction is not None, f"limit step {step.label!r} has neither fraction nor fixed_mv"
    return max(1, math.floor(base_mv * step.fraction))


def compose(steps: list[SpeedStep], sheet_speed_m: float, metres_per_mv: float) -> Speed:
    """Compose plugin steps into the speed that counts, with a line per step."""
    lines: list[str] = []
    bases = [s for s in steps if s.phase == "base"]
    if bases:
        base = float(bases[0].value)
        lines.append(say("base {mv} mv ({why})", mv=_txt(base), why=bases[0].label))
    else:
        base = sheet_speed_m / metres_per_mv
        lines.append(say("base {mv} mv (sheet speed {m} m ÷ {per} m per mv)", mv=_txt(base),
                         m=_txt(sheet_speed_m), per=_txt(metres_per_mv)))
    for step in (s for s in steps if s.phase == "adjust"):
        base += step.value
        lines.append(say("+{mv} mv: {why} → {speed} mv", mv=_txt(step.value), why=step.label,
                         speed=_txt(base)) if step.value >= 0 else
                     say("−{mv} mv: {why} → {speed} mv", mv=_txt(-step.value), why=step.label,
                         speed=_txt(base)))
    base = max(0.0, base)
    adjusted = base
    speed = adjusted
    limits = [(limited(adjusted, s), s) for s in steps if s.phase == "limit"]
    if limits:
        for value, step in limits:
            lines.append(say("limit {mv} mv: {why}", mv=_txt(value), why=step.label))
        slowest, step = min(limits, key=lambda pair: pair[0])
        if slowest < speed:
            speed = slowest
            lines.append(say("slowest limit wins: {mv} mv ({why})", mv=_txt(speed),
                             why=step.label))
    for step in (s for s in steps if s.phase == "multiply" and not s.speeds):
        speed, exact = _multiplied(speed, step)
        lines.append(say("× {factor}: {why} → {mv} mv (rounded down from {exact})",
                         factor=_txt(step.value), why=step.label, mv=_txt(speed),
                         exact=_txt(exact)) if speed != exact else
                     say("× {factor}: {why} → {mv} mv", factor=_txt(step.value), why=step.label,
                         mv=_txt(speed)))
    own: dict[str, float] = {}  # each speed a scoped factor touches, after the others
    for step in (s for s in steps if s.phase == "multiply" and s.speeds):
        before = [own.get(name, speed) for name in step.speeds]
        results = [_multiplied(value, step) for value in before]
        own.update(zip(step.speeds, (value for value, _ in results)))
        said = {"factor": _txt(step.value), "speeds": joined(", ", step.speeds),
                "why": step.label}
        (value, exact), *_ = results
        if len(set(results)) > 1:  # the speeds stood at different figures: each said below
            lines.append(say("× {factor} for {speeds} only: {why}", **said))
        elif value != exact:
            lines.append(say("× {factor} for {speeds} only: {why} → {mv} mv (rounded down from "
                             "{exact})", mv=_txt(value), exact=_txt(exact), **said))
        else:
            lines.append(say("× {factor} for {speeds} only: {why} → {mv} mv", mv=_txt(value),
                             **said))
    metres = speed * metres_per_mv
    lines.append(say("= {mv} mv = {m} m per round (× {per} m per mv)", mv=_txt(speed),
                     m=_txt(metres), per=_txt(metres_per_mv)))
    by_figure: dict[float, list[str]] = {}
    for name, value in own.items():
        by_figure.setdefault(value, []).append(name)
    lines += [say("{speeds}: {mv} mv = {m} m per round", speeds=joined(", ", names),
                  mv=_txt(value), m=_txt(value * metres_per_mv))
              for value, names in by_figure.items()]
    return Speed(base_mv=_num(adjusted), mv=_num(speed), m=_num(metres), steps=lines,
                 speeds={name: {"mv": _num(value), "m": _num(value * metres_per_mv)}
                         for name, value in own.items()})


def _multiplied(speed: float, step: SpeedStep) -> tuple[float, float]:
    """A speed times a multiply step's factor, rounded as the step says, and the exact
    product."""
    exact = speed * step.value
    return (max(1, math.floor(exact + 1e-9)) if step.round_down and exact > 0 else exact), exact
