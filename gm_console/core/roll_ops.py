"""Dice operations: a free roll, and the answer to rolls a plugin asked for (the dice prompt)."""

from __future__ import annotations

from typing import Any

from gm_console.contract.operations import Operation, Param, Refused, Result
from gm_console.contract.session import OpContext
from gm_console.rules import dice
from gm_console.text.said import said_by, say


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


OPERATIONS = [
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
