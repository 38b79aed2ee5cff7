"""gm-console-light: torches, lanterns and candles that burn down as game time passes.

Built only on gm-console's public API: hooks, operations, a session table, a setting and rule
table in its own ``light.toml``, a derived value, a party column and a screen; its French labels
in ``labels.fr.toml`` and its help in ``help.en.txt`` and ``help.fr.txt``, which gm-console
reads beside this module. Every sentence it says (a result, a refusal, a journal line, a step)
is a ``say()`` template with its values, never an f-string, so each reader reads it in their
language, the journal too when it is read again later.
"""

from __future__ import annotations

from typing import Any

from gm_console import (
    OpContext,
    Operation,
    Param,
    Refused,
    Result,
    ScreenSpec,
    SectionSpec,
    Session,
    format_duration,
    hookimpl,
    say,
)
from gm_console_light import rules

GM_CONSOLE_API = 1
PLUGIN = "light"


def sources(session: Session) -> list[dict[str, Any]]:
    return list(session.state.get("plugins", {}).get(PLUGIN, {}).get("sources", []))


def kinds(session: Session) -> dict[str, Any]:
    return dict(session.table(PLUGIN).get("kinds", {}))


def label(session: Session, kind: str) -> str:
    names = kinds(session).get(kind, {}).get("label", {})
    return str(names.get(session.language, names.get("en", kind)))


def _source(ctx: OpContext, number: int) -> dict[str, Any]:
    for source in ctx.section(PLUGIN).setdefault("sources", []):
        if source["id"] == number:
            return source
    known = ", ".join(str(s["id"]) for s in sources(ctx)) or say("none")
    raise Refused(say("no light source {number} (sources: {known})", number=number,
                      known=known))


def _add(ctx: OpContext, p: dict[str, Any]) -> Result:
    holder = str(ctx.character(p["holder"])["name"])
    kind = p["kind"].strip().casefold()
    if kind not in kinds(ctx):
        raise Refused(say("{kind} is not a light source of light.toml (known: {known})",
                          kind=repr(p["kind"]), known=", ".join(kinds(ctx))))
    table = ctx.section(PLUGIN)
    table["next_id"] = int(table.get("next_id", 1))
    source = {"id": table["next_id"], "holder": holder, "kind": kind, "lit": True,
              "left_s": int(kinds(ctx)[kind]["minutes"]) * 60}
    table["next_id"] += 1
    table.setdefault("sources", []).append(source)
    return Result(say("{holder} lights a {kind} ({left})", holder=holder, kind=label(ctx, kind),
                      left=format_duration(source["left_s"])), {"source": source}, [holder])


def _douse(ctx: OpContext, p: dict[str, Any]) -> Result:
    source = _source(ctx, p["id"])
    if not source["lit"]:
        raise Refused(say("{holder}'s {kind} is not lit", holder=source["holder"],
                          kind=label(ctx, source["kind"])))
    source["lit"] = False
    return Result(say("{holder} douses the {kind}", holder=source["holder"],
                      kind=label(ctx, source["kind"])), {}, [source["holder"]])


def _relight(ctx: OpContext, p: dict[str, Any]) -> Result:
    source = _source(ctx, p["id"])
    if source["lit"] or source["left_s"] <= 0:
        raise Refused(say("{holder}'s {kind} is burnt out", holder=source["holder"],
                          kind=label(ctx, source["kind"])) if source["left_s"] <= 0 else
                      say("{holder}'s {kind} is lit already", holder=source["holder"],
                          kind=label(ctx, source["kind"])))
    source["lit"] = True
    return Result(say("{holder} relights the {kind}", holder=source["holder"],
                      kind=label(ctx, source["kind"])), {}, [source["holder"]])


def _remove(ctx: OpContext, p: dict[str, Any]) -> Result:
    source = _source(ctx, p["id"])
    ctx.section(PLUGIN)["sources"].remove(source)
    return Result(say("{holder} drops the {kind}", holder=source["holder"],
                      kind=label(ctx, source["kind"])), {}, [source["holder"]])


_ID = Param("id", int, "the source's number (light screen, or show --json)")


@hookimpl
def register_operations(register: Any) -> None:
    register(Operation("light.add", "Light a source carried by a character.", _add,
                       (Param("holder", str, "the character who carries it"),
                        Param("kind", str, "torch, lantern, candle (light.toml)"))))
    register(Operation("light.douse", "Put a light out; what is left of it stays.", _douse, (_ID,)))
    register(Operation("light.relight", "Light a doused source again.", _relight, (_ID,)))
    register(Operation("light.remove", "Drop a light source.", _remove, (_ID,)))


def _validate(table: dict[str, Any]) -> list[tuple[tuple[Any, ...], str]]:
    listed = table.get("sources", [])
    if not isinstance(listed, list):
        return [(("sources",), "sources must be an array of tables")]
    shape = {"id": int, "holder": str, "kind": str, "lit": bool, "left_s": int}
    return [(("sources", index), say("light source #{number} needs id, holder, kind, lit and "
                                     "left_s (0 or more)", number=index + 1))
            for index, source in enumerate(listed)
            if not isinstance(source, dict)
            or any(type(source.get(key)) is not kind for key, kind in shape.items())
            or source["left_s"] < 0]


@hookimpl
def register_sections(register: Any) -> None:
    register(SectionSpec(PLUGIN, defaults={"sources": [], "next_id": 1}, validate=_validate))


@hookimpl
def time_passed(ctx: OpContext, seconds: int, reason: str) -> None:
    burnt = rules.burn(sources(ctx), seconds)
    if not burnt.left:
        return
    for source in ctx.section(PLUGIN)["sources"]:
        if source["id"] in burnt.left:
            source["left_s"] = burnt.left[source["id"]]
        if source["id"] in burnt.out:
            source["lit"] = False
            ctx.journal(say("{holder}'s {kind} burns out", holder=source["holder"],
                            kind=label(ctx, source["kind"])), kind="light",
                        who=[source["holder"]])
    ctx.touch(PLUGIN)


@hookimpl
def character_renamed(ctx: OpContext, old: str, new: str) -> None:
    for source in ctx.section(PLUGIN).setdefault("sources", []):
        if source["holder"] == old:
            source["holder"] = new


@hookimpl
def character_removed(ctx: OpContext, name: str) -> None:
    table = ctx.section(PLUGIN)
    table["sources"] = [s for s in table.setdefault("sources", []) if s["holder"] != name]


def carried(session: Session, character: dict[str, Any]) -> list[dict[str, Any]]:
    return [s for s in sources(session) if s["holder"] == character.get("name")]


@hookimpl
def character_derived(character: dict[str, Any], session: Session) -> dict[str, Any]:
    own = carried(session, character)
    bright = rules.brightest(own, kinds(session))
    steps = [say("{kind} #{id}: lit, {left} left", kind=label(session, s["kind"]), id=s["id"],
                 left=format_duration(s["left_s"])) if s["lit"] else
             say("{kind} #{id}: out, {left} left", kind=label(session, s["kind"]), id=s["id"],
                 left=format_duration(s["left_s"])) for s in own]
    return {PLUGIN: {"bright_m": bright, "lit": sum(1 for s in own if s["lit"]),
                     "steps": [*steps, say("bright light {metres} m", metres=bright)]}}


@hookimpl
def party_columns(character: dict[str, Any], session: Session) -> dict[str, str]:
    lit = [s for s in carried(session, character) if s["lit"]]
    if not lit:
        return {"Light": "-"}
    shortest = min(lit, key=lambda s: s["left_s"])
    warn = shortest["left_s"] <= int(session.setting(PLUGIN, "warn_minutes")) * 60
    return {"Light": f"{label(session, shortest['kind'])} {format_duration(shortest['left_s'])}"
                     + (" !" if warn else "")}


@hookimpl
def register_screens(register: Any) -> None:
    def factory(store: Any) -> Any:
        from gm_console_light.screens import (
            LightScreen,  # Textual only when the screen opens
        )
        return LightScreen(store)
    register(ScreenSpec("light.sources", "f10", "Light: sources", factory))
