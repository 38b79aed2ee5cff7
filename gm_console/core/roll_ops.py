"""Dice operations: a free roll, rolls on demand (an ability check, a saving throw, an attack
roll, of one, several or the whole party, characters or creatures, with the disadvantage their
conditions impose), and the answer to rolls a plugin asked for (the dice prompt; a player's
own roll is asked on their terminal when they are connected)."""

from __future__ import annotations

from typing import Any

from gm_console.contract.operations import Operation, Param, Refused, Result
from gm_console.contract.session import OpContext
from gm_console.core.condition_ops import ability_modifier
from gm_console.rules import conditions as cond
from gm_console.rules import dice
from gm_console.rules.abilities import ABILITIES, ability_name
from gm_console.rules.rolls import RollRequest
from gm_console.text.said import did_you_mean, joined, restored, said_by, say, stored

ASKED = "roll.asked"
"""The operation a roll on demand's outcomes come back to."""


def _roll(ctx: OpContext, p: dict[str, Any]) -> Result:
    try:
        rolled = dice.roll(p["expression"])
    except dice.DiceError as exc:
        raise Refused(said_by(exc)) from None
    who = [ctx.character(p["who"])["name"]] if p["who"] else []
    detail, label = rolled.detail, p["label"]
    if who:
        text = say("{who} rolls {label}: {detail}", who=who[0], label=label, detail=detail) \
            if label else say("{who} rolls {detail}", who=who[0], detail=detail)
    else:
        text = say("roll {label}: {detail}", label=label, detail=detail) if label \
            else say("roll {detail}", detail=detail)
    return Result(text,
                  {"total": rolled.total, "detail": rolled.detail}, who)


def _subjects(ctx: OpContext, who: list[str]) -> list[dict[str, Any]]:
    """Who rolls: the characters and creatures named, or the whole party when none is."""
    if not who:
        if not ctx.characters:
            raise Refused(say("the party is empty: name who rolls"))
        return list(ctx.characters)
    return [ctx.subject(name) for name in who]


def _ask(ctx: OpContext, kind: str, title: str, subjects: list[dict[str, Any]],
         bonus: Any, target: int | None, scope: tuple[str, ...]) -> Result:
    """Queue one roll per subject: the d20 with the disadvantage its conditions impose (those
    of every such roll and those whose scope names one of ``scope``), plus
    ``bonus(subject)``, against ``target`` (a DC or an armour class) if any."""
    rolls, reasons = [], {}
    for subject in subjects:
        name = str(subject["name"])
        die, why = ctx.roll_dice(subject, kind, scope=scope)
        mod = int(bonus(subject))
        entry: dict[str, Any] = {"who": name, "expression": die if mod == 0 else f"{die}{mod:+d}"}
        if target is not None:
            entry["dc"] = target
        if why:
            reasons[name] = joined("; ", why)
            entry["why"] = reasons[name]
        rolls.append(entry)
    # The request is saved with the session: its sentences keep what reads them again in the
    # reader's language once the session is opened again.
    request = ctx.request_rolls(RollRequest(title, rolls, then=ASKED, context={
        "title": _kept(title), "why": {who: _kept(why) for who, why in reasons.items()}}))
    names = ", ".join(r["who"] for r in rolls)
    worse = [say("{who}: disadvantage ({why})", who=who, why=why) for who, why in reasons.items()]
    text = say("{title} asked of {names}", title=title, names=names)
    return Result(joined("; ", [text, *worse]), {"request": request, "rolls": rolls},
                  [r["who"] for r in rolls])


def _kept(text: str) -> dict[str, Any]:
    return {"text": str(text), **stored(text)}


def _said_again(kept: Any) -> str:
    """A sentence :func:`_kept` kept (anything else: nothing)."""
    if not isinstance(kept, dict) or not isinstance(kept.get("text"), str):
        return ""
    return restored(kept["text"], kept.get("said"))


def _dc(value: int) -> int | None:
    if value < 0:
        raise Refused(say("a DC cannot be negative ({dc})", dc=value))
    return value or None


def _check(ctx: OpContext, p: dict[str, Any]) -> Result:
    dc = _dc(p["dc"])
    skill, ability = _skill(ctx, p["skill"]), p["ability"]
    if not ability and not skill:
        raise Refused(say("a check names its ability or its skill: check wis 12, "
                          "check perception 12"))
    ability = ability or cond.skill_abilities(ctx.table("conditions"))[skill]
    title = say("{ability} check", ability=ability_name(ability))
    label = p["label"].strip() or skill.capitalize()
    if label:
        title = say("{title} ({label})", title=title, label=label)
    if dc is not None:
        title = say("{title} DC {dc}", title=title, dc=dc)
    # Its skill, or what the check is for when that names one ("Perception"): a condition
    # that touches only Perception checks touches this one.
    return _ask(ctx, "check", title, _subjects(ctx, p["who"]),
                lambda s: ability_modifier(s, ability), dc, (ability, skill or label.casefold()))


def _skill(ctx: OpContext, given: str) -> str:
    """A skill of [scopes.skills] as typed (any case), or "" for none."""
    skill = given.strip().casefold()
    known = cond.skill_abilities(ctx.table("conditions"))
    if skill and skill not in known:
        raise Refused(say("{skill} is not a skill of config/conditions.toml [scopes.skills]"
                          "{hint}", skill=repr(given.strip()), hint=did_you_mean(skill, known)))
    return skill


def _save(ctx: OpContext, p: dict[str, Any]) -> Result:
    dc = _dc(p["dc"])
    title = say("{ability} save", ability=ability_name(p["ability"]))
    if dc is not None:
        title = say("{title} DC {dc}", title=title, dc=dc)
    return _ask(ctx, "save", title, _subjects(ctx, p["who"]),
                lambda s: ability_modifier(s, p["ability"]), dc, (p["ability"],))


def _attack(ctx: OpContext, p: dict[str, Any]) -> Result:
    ac: int | None = p["ac"]
    if p["target"].strip():
        target = ctx.subject(p["target"])
        found = target.get("armour_class")
        if isinstance(found, bool) or not isinstance(found, int):
            raise Refused(say("{name} has no armour class: give it (ac=15)",
                              name=target["name"]))
        ac = ac if ac is not None else found
        title = say("Attack on {target} (AC {ac})", target=target["name"], ac=ac)
    elif ac is not None:
        title = say("Attack against AC {ac}", ac=ac)
    else:
        title = say("Attack roll")

    def bonus(subject: dict[str, Any]) -> int:
        if p["bonus"] is not None:
            return int(p["bonus"])
        own = subject.get("attack")  # a creature's attack bonus, from its stat block
        return own if isinstance(own, int) and not isinstance(own, bool) else 0
    return _ask(ctx, "attack", title, _subjects(ctx, p["who"]), bonus, ac,
                (p["attack"].strip().casefold(),))


def _asked(ctx: OpContext, p: dict[str, Any]) -> Result:
    """The outcomes of a roll on demand, in a line: who succeeded, who failed, and the
    conditions that put a roll at a disadvantage (each roll has its own journal line)."""
    context = p["request"] if isinstance(p["request"], dict) else {}
    reasons = context.get("why", {}) if isinstance(context.get("why"), dict) else {}
    parts = []
    for outcome in (o for o in p["outcomes"] if isinstance(o, dict)):
        who = str(outcome.get("who", ""))
        line = say("{who} {total}", who=who, total=int(outcome.get("total", 0)))
        if "success" in outcome:
            line = say("{line} success", line=line) if outcome["success"] else \
                say("{line} failure", line=line)
        why = _said_again(reasons.get(who))
        if why:
            line = say("{line} (disadvantage: {why})", line=line, why=why)
        parts.append(line)
    succeeded = [str(o["who"]) for o in p["outcomes"]
                 if isinstance(o, dict) and o.get("success")]
    return Result(say("{title}: {results}", title=_said_again(context.get("title")),
                      results=joined(", ", parts)),
                  {"outcomes": p["outcomes"], "succeeded": succeeded},
                  [str(o.get("who", "")) for o in p["outcomes"] if isinstance(o, dict)])


def pending(ctx: OpContext) -> list[dict[str, Any]]:
    return ctx.state.setdefault("rolls", {}).setdefault("pending", [])


def follow_rename(ctx: OpContext, old: str, new: str) -> None:
    """Waiting rolls addressed to a renamed character are addressed to the new name; the
    ``context`` of a request is the asking plugin's, which follows the rename itself."""
    for request in pending(ctx):
        for roll in request["rolls"]:
            if str(roll.get("who", "")).casefold() == old.casefold():
                roll["who"] = new


def drop_rolls_of(ctx: OpContext, name: str) -> None:
    """A character who left the party rolls nothing more; a request left with no roll goes."""
    queue = pending(ctx)
    for request in queue:
        request["rolls"] = [r for r in request["rolls"]
                            if str(r.get("who", "")).casefold() != name.casefold()]
    queue[:] = [request for request in queue if request["rolls"]]


def _find(ctx: OpContext, request_id: int) -> dict[str, Any]:
    queue = pending(ctx)
    if not queue:
        raise Refused(say("no rolls are waiting"))
    if not request_id:
        return queue[0]
    for request in queue:
        if request["id"] == request_id:
            return request
    ids = ", ".join(str(r["id"]) for r in queue)
    raise Refused(say("no waiting roll request {id} (waiting: {ids})", id=request_id, ids=ids))


def _typed_results(text: str) -> dict[str, int]:
    """'Aria=14, Bram=7' → {'aria': 14, 'bram': 7}."""
    out: dict[str, int] = {}
    for part in (s.strip() for s in text.split(",") if s.strip()):
        name, sep, value = part.partition("=")
        if not sep or not name.strip():
            raise Refused(say("results are written Name=total, comma-separated; {part!r} is "
                              "not", part=part))
        try:
            out[name.strip().casefold()] = int(value.strip())
        except ValueError:
            raise Refused(say("{name}'s result must be a whole number, not {value!r}",
                              name=name.strip(), value=value.strip())) from None
    return out


def _resolve(ctx: OpContext, p: dict[str, Any]) -> Result:
    request = _find(ctx, p["id"])
    typed = _typed_results(p["results"])
    unknown = set(typed) - {str(r["who"]).casefold() for r in request["rolls"]}
    if unknown:
        raise Refused(say("{who!r} has no roll in {title!r}", who=sorted(unknown)[0],
                          title=str(request["title"])))
    outcomes = []
    detail: str  # a sentence said, or the dice's own rendering
    for entry in request["rolls"]:
        key = str(entry["who"]).casefold()
        if key in typed:
            total, detail = typed[key], say("typed in: {total}", total=typed[key])
        elif entry.get("answer") is not None:  # the player answered it from their terminal
            total, detail = int(entry["answer"]), str(entry.get("answer_detail", entry["answer"]))
        elif p["roll_rest"]:
            try:
                rolled = dice.roll(entry["expression"])
            except dice.DiceError as exc:
                raise Refused(said_by(exc)) from None
            total, detail = rolled.total, rolled.detail
        else:
            raise Refused(say("no result for {who} (type one, or roll the rest)",
                              who=str(entry["who"])))
        outcome = {"who": entry["who"], "total": total, "detail": detail}
        line = say("{who}: {title}: {detail}", who=str(entry["who"]), title=request["title"],
                   detail=detail)
        if entry.get("dc") is not None:  # a save or a check: at least the DC
            outcome["dc"] = entry["dc"]
            outcome["success"] = total >= entry["dc"]
            line = say("{line} vs DC {dc}", line=line, dc=entry["dc"])
        elif entry.get("at_most") is not None:  # a roll-under check (AD&D's Strength check)
            outcome["at_most"] = entry["at_most"]
            outcome["success"] = total <= entry["at_most"]
            line = say("{line} vs ≤ {at_most}", line=line, at_most=entry["at_most"])
        outcomes.append(outcome)
        if "success" in outcome:
            line = say("{line} — success", line=line) if outcome["success"] else \
                say("{line} — failure", line=line)
        ctx.journal(line, kind="roll", who=[entry["who"]])
    pending(ctx).remove(request)
    ctx.touch("rolls")
    ctx.apply(request["then"], request=request.get("context", {}), outcomes=outcomes)
    return Result(say("rolls made: {title}", title=request["title"]), {"outcomes": outcomes},
                  [o["who"] for o in outcomes])


def _answer(ctx: OpContext, p: dict[str, Any]) -> Result:
    """One character's roll of a request, from the player's own terminal; the request is
    resolved (and its plugin told) as soon as every roll in it has its answer."""
    detail: str
    wanted = p["who"].strip().casefold()
    # Among the requests with a roll of theirs alone: a player answers from their terminal,
    # and the others' requests (their titles, how many) are not theirs to read in a refusal.
    theirs = [request for request in pending(ctx)
              if any(str(e["who"]).casefold() == wanted for e in request["rolls"])]
    request = next((r for r in theirs if not p["id"] or r["id"] == p["id"]), None)
    if request is None:
        ids = ", ".join(str(r["id"]) for r in theirs) or say("none")
        raise Refused(say("no waiting roll for {who} in request {id} (theirs: {ids})",
                          who=p["who"], id=p["id"], ids=ids) if p["id"] else
                      say("no roll is waiting for {who}", who=p["who"]))
    entry = next(e for e in request["rolls"] if str(e["who"]).casefold() == wanted)
    if p["total"] is not None:
        total, detail = p["total"], say("answered: {total}", total=p["total"])
    else:
        try:
            rolled = dice.roll(entry["expression"])
        except dice.DiceError as exc:
            raise Refused(said_by(exc)) from None
        total, detail = rolled.total, rolled.detail
    entry["answer"], entry["answer_detail"] = total, detail
    ctx.touch("rolls")
    if all(e.get("answer") is not None for e in request["rolls"]):
        ctx.apply("roll.resolve", id=request["id"])
    return Result(say("{who} answers {title}: {detail}", who=str(entry["who"]),
                      title=request["title"], detail=detail),
                  {"total": total, "detail": detail}, [entry["who"]])


def _cancel(ctx: OpContext, p: dict[str, Any]) -> Result:
    request = _find(ctx, p["id"])
    pending(ctx).remove(request)
    ctx.touch("rolls")
    return Result(say("rolls cancelled: {title}", title=request["title"]))


_WHO = Param("who", list, "who rolls: characters' or creatures' names, comma-separated "
             "(empty: the whole party)", default=[])

OPERATIONS = [
    Operation(
        "roll.check", "Ask for an ability check of one, several or the whole party: the d20 "
        "plus the ability's modifier, with the disadvantage conditions impose (named in the "
        "result); each player answers theirs on their own terminal when connected.", _check,
        (_WHO, Param("ability", str, "the ability (default: the skill's)", default="",
                     choices=("", *ABILITIES)),
         Param("skill", str, "the skill, of [scopes.skills] of config/conditions.toml "
               "(perception): its ability unless one is given", default=""),
         Param("dc", int, "the DC to reach (0: none, the total is read)", default=0),
         Param("label", str, "what the check is for (to climb; default: the skill)",
               default="")),
        kind="roll"),
    Operation(
        "roll.save", "Ask for a saving throw of one, several or the whole party (\"everyone, "
        "Dexterity save DC 14\"), with the disadvantage conditions impose.", _save,
        (_WHO, Param("ability", str, "the ability", choices=ABILITIES),
         Param("dc", int, "the DC to reach (0: none)", default=0)),
        kind="roll"),
    Operation(
        "roll.attack", "Ask for an attack roll of one or several, against an armour class or "
        "a target's (a hit at that total or more), with the disadvantage conditions impose.",
        _attack,
        (_WHO, Param("target", str, "whom it is against (its armour class)", default=""),
         Param("ac", int, "the armour class to reach (default: the target's)", default=None),
         Param("bonus", int, "the attack bonus (default: a creature's own from its stat block, "
               "else 0)", default=None),
         Param("attack", str, "the kind of attack (melee, ranged: [scopes] of "
               "config/conditions.toml), for a condition that touches only that kind",
               default="")),
        kind="roll"),
    Operation(
        ASKED, "Take the outcomes of a roll on demand back from the dice prompt (who succeeded "
        "and who failed, in the journal).", _asked,
        (Param("request", dict, "the roll request's context", default={}),
         Param("outcomes", list, "the rolls' outcomes", default=[])),
        kind="roll"),
    Operation(
        "dice.roll", "Roll dice: 1d20+3, 4d6kh3, adv+5 (2d20 keep highest), dis.", _roll,
        (Param("expression", str, "dice notation"),
         Param("who", str, "the character rolling", default=""),
         Param("label", str, "what the roll is for", default="")),
        kind="roll",
    ),
    Operation(
        "roll.resolve",
        "Answer the rolls a plugin asked for: type some results in, roll the rest.", _resolve,
        (Param("id", int, "the request (default: the oldest waiting)", default=0),
         Param("results", str, "typed results, Name=total, comma-separated", default=""),
         Param("roll_rest", bool, "roll the dice for those without a typed result",
               default=True)),
        kind="roll",
    ),
    Operation(
        "roll.answer",
        "Answer one character's roll of a waiting request (a player from their terminal).",
        _answer,
        (Param("id", int, "the request (default: the oldest waiting)", default=0),
         Param("who", str, "the character whose roll it is"),
         Param("total", int, "the result rolled at the table (default: roll the dice)",
               default=None)),
        kind="roll",
    ),
    Operation("roll.cancel", "Drop a waiting roll request.", _cancel,
              (Param("id", int, "the request (default: the oldest waiting)", default=0),),
              kind="roll"),
]
