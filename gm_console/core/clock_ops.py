"""Operations on the in-game clock, rests, the journal and the session itself."""

from __future__ import annotations

from typing import Any

from gm_console.contract.operations import Operation, Param, Refused, Result
from gm_console.contract.session import OpContext
from gm_console.rules import clock
from gm_console.rules.clock import format_clock, format_duration
from gm_console.rules.durations import absolute
from gm_console.text.said import Said, joined, said_by, say


def _round_seconds(ctx: OpContext) -> int:
    return int(ctx.setting("conditions", "round_seconds", 6))


def _advance(ctx: OpContext, p: dict[str, Any]) -> Result:
    seconds = round(p["hours"] * 3600 + p["minutes"] * 60 + p["rounds"] * _round_seconds(ctx))
    if p["by"].strip():
        try:
            seconds += clock.parse_duration(p["by"], _round_seconds(ctx))
        except clock.ClockError as exc:
            raise Refused(said_by(exc)) from None
    if seconds <= 0:
        raise Refused(say("say how long: hours, minutes or rounds, more than 0"))
    ctx.advance_clock(seconds, p["reason"])
    return Result(say("time passes: {duration} → {clock}", duration=format_duration(seconds),
                      clock=format_clock(ctx.clock)),
                  {"seconds": seconds, "clock": dict(ctx.clock)})


def _set(ctx: OpContext, p: dict[str, Any]) -> Result:
    try:
        target = clock.parse_clock(p["to"], ctx.clock)
    except clock.ClockError as exc:
        raise Refused(said_by(exc)) from None
    now = absolute(ctx.clock)
    if target <= now:
        raise Refused(say("it is {now}: the clock only moves forward ({to} is not later; undo "
                          "goes back)", now=format_clock(ctx.clock), to=p["to"].strip()))
    ctx.advance_clock(target - now, p["reason"])
    return Result(say("the clock is set to {clock} ({duration} later)",
                      clock=format_clock(ctx.clock), duration=format_duration(target - now)),
                  {"seconds": target - now, "clock": dict(ctx.clock)})


def _refusals(ctx: OpContext, kind: str) -> dict[str, list[str]]:
    """Who may not take this rest, with every plugin's reasons, in the party's order."""
    refused = {}
    for character in ctx.characters:
        reasons = [why for why in ctx.host.call("character_rest_refused", character=character,
                                                session=ctx, kind=kind) if why]
        if reasons:
            refused[character["name"]] = reasons
    return refused


def _not_resting(refused: dict[str, list[str]]) -> list[Said]:
    return [say("{name} does not rest: {reason}", name=name, reason=joined(", ", reasons))
            for name, reasons in refused.items()]


def _rest(kind: str):
    def apply(ctx: OpContext, p: dict[str, Any]) -> Result:
        def no_rest(objection: str) -> Refused:
            return Refused(say("no long rest now: {objection}", objection=objection)
                           if kind == "long" else
                           say("no short rest now: {objection}", objection=objection))

        objection = ctx.host.call_first("rest_refused", session=ctx, kind=kind)
        if objection:
            raise no_rest(objection)
        refused = _refusals(ctx, kind)
        if ctx.characters and len(refused) == len(ctx.characters):
            raise no_rest(joined("; ", _not_resting(refused)))
        rules = ctx.table("exhaustion").get("rest", {})
        hours = p["hours"] if p["hours"] else float(rules.get(f"{kind}_hours", 8))
        ctx.advance_clock(round(hours * 3600), f"{kind} rest")
        resting = [c for c in ctx.characters if c["name"] not in refused]
        recovered = []
        if kind == "long" and p["fed"]:
            removed = int(rules.get("levels_removed_by_long_rest", 1))
            for character in resting:
                level = int(character.get("exhaustion", 0) or 0)
                if 0 < level < 6:
                    ctx.settle_hit_points(character)
                    character["exhaustion"] = max(0, level - removed)
                    recovered.append(character["name"])
            ctx.touch("characters")
        ctx.notify("rested", kind=kind, names=[c["name"] for c in resting])
        length = format_duration(hours * 3600)
        text = say("long rest of {length}", length=length) if kind == "long" else \
            say("short rest of {length}", length=length)
        parts = [text, *_not_resting(refused)]
        if recovered:
            parts.append(say("one level of exhaustion less for {names}",
                             names=", ".join(recovered)))
        return Result(joined("; ", parts) if len(parts) > 1 else text,
                      {"recovered": recovered, "rested": [c["name"] for c in resting],
                       "not_rested": {name: [str(why) for why in reasons]
                                      for name, reasons in refused.items()}},
                      [c["name"] for c in ctx.characters
                       if c["name"] in refused or c["name"] in recovered])
    return apply


def _note(ctx: OpContext, p: dict[str, Any]) -> Result:
    text = p["text"].strip()
    if not text:
        raise Refused(say("the note is empty"))
    who = [ctx.character(name)["name"] for name in p["who"]]
    # The note writes its own line (the operation has journal=False) to carry the flag.
    ctx.journal(text, kind="note", who=who, gm_only=p["gm_only"])
    return Result(text, who=who)


def _rename(ctx: OpContext, p: dict[str, Any]) -> Result:
    name = p["name"].strip()
    if not name:
        raise Refused(say("the session's name cannot be empty"))
    ctx.state.setdefault("session", {})["name"] = name
    ctx.touch("session")
    return Result(say("session renamed {name!r}", name=name))


OPERATIONS = [
    Operation(
        "clock.advance", "Move the in-game clock forward.", _advance,
        (Param("hours", float, "hours to add", default=0.0),
         Param("minutes", float, "minutes to add", default=0.0),
         Param("rounds", int, "combat rounds to add (6 s each: round_seconds of "
               "config/conditions.toml)", default=0),
         Param("by", str, "a duration as typed: 3h20, 90 min, 2 days, 2 jours (added to the "
               "others)", default=""),
         Param("reason", str, "why (plugins hear it)", default="manual")),
    ),
    Operation(
        "clock.set", "Move the in-game clock on to a moment: the next 14:00, or day 3 08:00 "
        "(every plugin reacts to the time passed).", _set,
        (Param("to", str, "14:00, at 8h (the next time the clock shows it), day 3 08:00"),
         Param("reason", str, "why (plugins hear it)", default="manual")),
    ),
    Operation(
        "rest.long", "A long rest: the clock moves on, one level of exhaustion goes (not for "
        "a character a plugin keeps from resting, named with why).",
        _rest("long"),
        (Param("hours", float, "length (default from config/exhaustion.toml)", default=0.0),
         Param("fed", bool, "with food and drink (needed to recover)", default=True)),
        kind="rest",
    ),
    Operation(
        "rest.short", "A short rest: the clock moves on (a plugin may keep a character from "
        "it, named with why).", _rest("short"),
        (Param("hours", float, "length (default from config/exhaustion.toml)", default=0.0),
         Param("fed", bool, "unused by a short rest", default=True)),
        kind="rest",
    ),
    Operation(
        "journal.note", "Write a note in the journal.", _note,
        (Param("text", str, "the note"),
         Param("who", list, "characters it concerns, comma-separated", default=[]),
         Param("gm_only", bool, "for the game master's eyes: never sent to players",
               default=False)),
        kind="note", journal=False,
    ),
    Operation("session.rename", "Rename the session.", _rename, (Param("name", str, "new name"),)),
]
