"""Players' requests: an operation a player asked for, waiting for the game master.

A request is plain data in the session (``requests.pending``), so it survives a crash and
every terminal sees it. The owner queues one (``request.add``) when a player asks for a change
to their own character; the game master approves it (the operation is applied, its journal
lines in the player's name) or declines it, from the requests screen or ``gm-console op``.
"""

from __future__ import annotations

from typing import Any

from gm_console.contract.operations import Operation, Param, Refused, Result
from gm_console.contract.session import OpContext
from gm_console.rules.privacy import quoted
from gm_console.text.said import joined, restored, say, stored


def pending(ctx: OpContext) -> list[dict[str, Any]]:
    return ctx.state.setdefault("requests", {}).setdefault("pending", [])


def describe(request: dict[str, Any]) -> str:
    """What was asked, as the game master reads it: the sentence the operation says when it
    is applied ("Aria takes 1 × lantern (2 lb each)", kept with the request when it was
    queued), or, for a request queued without one, ``item.add character=Aria name=lantern``
    (a private field's new value as its character's player and the game master alone read
    it)."""
    kept = request.get("said")
    if isinstance(kept, dict) and isinstance(kept.get("text"), str):
        return restored(kept["text"], kept.get("said"))
    op, params = str(request.get("op", "?")), request.get("params", {})
    parts = []
    for key, value in params.items():
        shown = value if isinstance(value, (str, int, float, bool)) else str(value)
        parts.append(say("{key}={value}", key=key, value=quoted(op, params, key, shown)))
    return joined(" ", [op, *parts])


def _rehearsed(ctx: OpContext, op: str, params: dict[str, Any]) -> dict[str, Any] | None:
    """The sentence ``op`` would say, rehearsed on a throwaway copy of the session (the
    operation's own words, nothing committed); None when the rules would refuse it now (the
    game master still decides: the refusal comes at approval, as ever), or it fails."""
    try:
        rehearsal = ctx.rehearsal(ctx.actor)
        said = ctx.host.run_operation(rehearsal, op, params).message  # params may hold "name"
    except Exception:  # noqa: BLE001 - refused, or a plugin's failure: the request still waits
        return None
    return {"text": str(said), **stored(said)}


def _find(ctx: OpContext, request_id: int) -> dict[str, Any]:
    queue = pending(ctx)
    for request in queue:
        if not request_id or request["id"] == request_id:
            return request
    waiting = ", ".join(str(r["id"]) for r in queue) or say("none")
    raise Refused(say("no waiting request {id} (waiting: {waiting})", id=request_id,
                      waiting=waiting))


def _add(ctx: OpContext, p: dict[str, Any]) -> Result:
    op: Operation = ctx.host.operation(p["op"])
    given = {key: value for key, value in p["params"].items() if value is not None}
    typed = op.coerce(given)  # a request the rules cannot read is refused now, not at approval
    defaults = {param.name: param.default for param in op.params if not param.required}
    # what the front filled in with the defaults says nothing to the game master
    params = {key: value for key, value in given.items()
              if key not in defaults or typed[key] != defaults[key]}
    requests = ctx.state.setdefault("requests", {})
    requests["next_id"] = int(requests.get("next_id", 1))
    request = {"id": requests["next_id"], "op": p["op"], "params": params,
               "character": p["character"], "actor": ctx.actor}
    said = _rehearsed(ctx, p["op"], params)
    if said is not None:
        request["said"] = said
    requests["next_id"] += 1
    pending(ctx).append(request)
    ctx.touch("requests")
    return Result(say("{actor} asks: {request}", actor=ctx.actor, request=describe(request)),
                  {"id": request["id"]},
                  [p["character"]] if p["character"] else [])


def _approve(ctx: OpContext, p: dict[str, Any]) -> Result:
    request = _find(ctx, p["id"])
    pending(ctx).remove(request)
    ctx.touch("requests")
    first = len(ctx.journal_lines)
    result = ctx.host.run_operation(ctx, request["op"], request["params"])
    for line in ctx.journal_lines[first:]:  # applied in the player's name
        line["actor"] = request["actor"]
    return Result(say("approved {actor}'s request: {message}", actor=str(request["actor"]),
                      message=result.message), result.data, result.who)


def _decline(ctx: OpContext, p: dict[str, Any]) -> Result:
    request = _find(ctx, p["id"])
    pending(ctx).remove(request)
    ctx.touch("requests")
    actor, asked = str(request["actor"]), describe(request)
    text = say("declined {actor}'s request ({request}): {why}", actor=actor, request=asked,
               why=p["reason"]) if p["reason"] else \
        say("declined {actor}'s request ({request})", actor=actor, request=asked)
    return Result(text,
                  who=[request["character"]] if request.get("character") else [])


_ID = Param("id", int, "the request (default: the oldest waiting)", default=0)

OPERATIONS = [
    Operation(
        "request.add", "Queue an operation a player asked for, for the game master to approve.",
        _add,
        (Param("op", str, "the operation asked for"),
         Param("params", dict, "its parameters", default={}),
         Param("character", str, "the player's character", default="")),
        kind="request",
    ),
    Operation("request.approve", "Approve a player's request: apply it in the player's name.",
              _approve, (_ID,), kind="request"),
    Operation("request.decline", "Decline a player's request.", _decline,
              (_ID, Param("reason", str, "why, for the player", default="")), kind="request"),
]
