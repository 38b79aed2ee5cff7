"""A movement longer than one round (a 10 m cliff, a 20 m river): the rounds it takes, as plain
functions over a path priced by :func:`rules.price_path`.

The per-round rule is unchanged, only repeated: each round spends at most the character's
speed, each metre at the cost RULES.md 1.6 gives it. A walk, climb, swim or crawl stops where a
round's speed runs out and goes on in the next round; a jump is made within one round (RULES.md
1.7: it is spent from the round's movement), so a jump that does not fit what is left of a
round starts the next one. A stretch's check (a slippery climb, rough water: RULES.md 1.6) is
asked in every round spent on it, the way a round-by-round move asks it, or once per stretch
(setting ``checks_over_rounds``, an interpretation: the seed says a check may be called for,
not how often).
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Any, Mapping, NamedTuple

from gm_console import Said, format_duration, joined, say
from gm_console_plugins.movement.rules import (
    ABILITY_WORDS,
    KIND_WORDS,
    SKILL_WORDS,
    Check,
    PricedPath,
    exact,
    metres,
    said_m,
)
from gm_console_plugins.movement.segments import JUMPS, describe_segment


class Piece(NamedTuple):
    """The part of a typed segment covered in one round."""

    round: int
    number: int        # the typed segment (1-based) it is part of
    metres: Fraction
    cost: Fraction


class RoundCheck(NamedTuple):
    round: int
    check: Check

    def as_dict(self) -> dict[str, Any]:
        return {"round": self.round, **self.check.as_dict()}


class Way(NamedTuple):
    """The whole way of a path, over the rounds it takes."""

    path: PricedPath               # the whole way priced as one path: its cost, jump limits
    pieces: tuple[Piece, ...]
    checks: tuple[RoundCheck, ...]
    problems: tuple[Said, ...]     # the path's, and a jump no round's speed can hold
    round_seconds: int

    @property
    def rounds(self) -> int:
        return max((piece.round for piece in self.pieces), default=0)

    @property
    def seconds(self) -> int:
        return self.rounds * self.round_seconds

    def duration(self) -> Said:
        """``3 rounds (18 s)``."""
        time = format_duration(self.seconds)
        return say("1 round ({time})", time=time) if self.rounds == 1 else \
            say("{count} rounds ({time})", count=self.rounds, time=time)

    def check_counts(self) -> list[Said]:
        """Each kind of check with how many times it is asked: ``3 × Strength (Athletics) DC
        15 (climb a slippery or hold-poor surface)``, in the order first asked."""
        counted: dict[tuple[str, int, str], list[RoundCheck]] = {}
        for asked in self.checks:
            check = asked.check
            counted.setdefault((check.skill, check.dc, str(check.reason)), []).append(asked)
        return [say("{count} × {ability} ({skill}) DC {dc} ({reason})", count=len(same),
                    ability=ABILITY_WORDS[same[0].check.ability],
                    skill=SKILL_WORDS[same[0].check.skill], dc=same[0].check.dc,
                    reason=same[0].check.reason)
                for same in counted.values()]

    def summary(self) -> Said:
        """The whole way in one sentence: rounds, time, movement, checks."""
        line = say("{rounds}: {cost} m of movement at {speed} m a round",
                   rounds=self.duration(), cost=said_m(self.path.cost),
                   speed=said_m(self.path.speed))
        if not self.checks:
            return say("{line}, no check", line=line)
        return say("{line}; {count} checks: {checks}", line=line, count=len(self.checks),
                   checks=joined(", ", self.check_counts())) if len(self.checks) > 1 else \
            say("{line}; 1 check: {checks}", line=line, checks=joined(", ", self.check_counts()))

    def steps(self) -> list[Said]:
        """One line per round: what is covered in it and what it costs of the speed."""
        lines = []
        for number in range(1, self.rounds + 1):
            pieces = [piece for piece in self.pieces if piece.round == number]
            covered = [describe_segment(replace(self.path.segments[p.number - 1].segment,
                                                metres=metres(p.metres))) for p in pieces]
            lines.append(say("round {round}: {covered}: {cost} m of {speed} m", round=number,
                             covered=joined(", ", covered),
                             cost=said_m(sum((p.cost for p in pieces), Fraction(0))),
                             speed=said_m(self.path.speed)))
        return [*lines, self.summary()]

    def as_dict(self) -> dict[str, Any]:
        return {
            "rounds": self.rounds, "seconds": self.seconds, "round_seconds": self.round_seconds,
            "cost_m": metres(self.path.cost), "speed_m": metres(self.path.speed),
            "pieces": [{"round": p.round, "segment": p.number, "metres": metres(p.metres),
                        "cost_m": metres(p.cost)} for p in self.pieces],
            "checks": [asked.as_dict() for asked in self.checks],
            "problems": list(self.problems), "steps": self.steps(),
        }


def cut(path: PricedPath) -> tuple[list[Piece], list[Said]]:
    """The path cut at each round's end, and the jumps that no round's speed can hold (they
    are put in a round of their own, for the game master to force). ValueError when the speed
    is 0: no number of rounds covers anything."""
    speed = path.speed
    if speed <= 0:
        raise ValueError(say("a speed of {speed} m covers nothing, however many rounds",
                             speed=said_m(speed)))
    pieces: list[Piece] = []
    problems: list[Said] = []
    round_, left = 1, speed
    for priced in path.segments:
        length = exact(priced.segment.metres)
        if priced.segment.kind in JUMPS:
            if priced.cost > speed:
                problems.append(say("segment {number}: a {kind} of {length} m costs {cost} m, "
                                    "more than a round's {speed} m", number=priced.number,
                                    kind=KIND_WORDS[priced.segment.kind], length=said_m(length),
                                    cost=said_m(priced.cost), speed=said_m(speed)))
            if priced.cost > left and left < speed:
                round_, left = round_ + 1, speed
            pieces.append(Piece(round_, priced.number, length, priced.cost))
            left = max(Fraction(0), left - priced.cost)
            continue
        while length > 0:
            if left == 0 and priced.rate > 0:
                round_, left = round_ + 1, speed
            taken = length if priced.rate == 0 else min(length, left / priced.rate)
            pieces.append(Piece(round_, priced.number, taken, taken * priced.rate))
            length -= taken
            left -= taken * priced.rate
    return pieces, problems


def over_rounds(path: PricedPath, *, round_seconds: int,
                settings: Mapping[str, Any]) -> Way:
    """The whole way of ``path`` over as many rounds as its cost takes, with every check it
    asks (each with its round). ValueError when the speed is 0."""
    pieces, problems = cut(path)
    each_round = settings["checks_over_rounds"] == "each_round"
    asked: list[RoundCheck] = []
    for check in path.checks:
        rounds = sorted({p.round for p in pieces if p.number == check.segment})
        for number in rounds if each_round else rounds[:1]:
            asked.append(RoundCheck(number, check))
    asked.sort(key=lambda a: (a.round, a.check.segment))
    return Way(path, tuple(pieces), tuple(asked), (*path.problems, *problems),
                  round_seconds)
