"""The terrain plugin: the terrain types (config/terrain.toml), the terrain the party is in
(``[plugins.terrain] current``), the ``travel.terrain`` operation that changes it, and the
``current_terrain`` hook through which every other plugin reads it (``session.terrain()``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gm_console import (
    Operation,
    Param,
    Refused,
    Result,
    SectionSpec,
    hookimpl,
    said_by,
    say,
)
from gm_console_plugins.terrain import rules

if TYPE_CHECKING:
    from gm_console import OpContext, Session

PLUGIN = "terrain"


def current_key(session: Session) -> str:
    """The key in the session, or the table's default when the session names none yet."""
    stored = session.state.get("plugins", {}).get(PLUGIN, {}).get("current")
    return str(stored or session.table(PLUGIN).get("default", ""))


def _set(ctx: OpContext, params: dict[str, Any]) -> Result:
    table = ctx.table(PLUGIN)
    key = params["terrain"].strip()
    try:
        described = rules.describe(table, key, ctx.language)
    except rules.TerrainError as exc:
        raise Refused(said_by(exc)) from None
    before = current_key(ctx)
    ctx.section(PLUGIN)["current"] = key
    ctx.touch(PLUGIN, "travel")
    # The label is the table's in the session's language; the sentence, the reader's.
    if described["difficult"]:
        how = say("difficult terrain: each metre costs {cost:g}", cost=described["cost"])
    else:
        how = say("ordinary terrain")
    if before == key:
        return Result(say("terrain: {label} ({how}) (unchanged)", label=described["label"],
                          how=how), {"terrain": described})
    return Result(say("terrain: {label} ({how})", label=described["label"], how=how),
                  {"terrain": described})


@hookimpl
def party_entered_terrain(ctx: OpContext, terrain: str) -> None:
    ctx.apply("travel.terrain", terrain=terrain)


@hookimpl(optionalhook=True)  # declared by the travel plugin, which may be switched off
def terrain_prompt(session: Session) -> dict[str, Any]:
    return {"read": lambda text: ("travel.terrain", {"terrain": text})}


@hookimpl
def register_operations(register) -> None:
    register(Operation(
        "travel.terrain",
        "Set the terrain the party is in; whether it is difficult comes from config/terrain.toml.",
        _set,
        (Param("terrain", str, "a terrain key of config/terrain.toml [types] (road, plain, "
                               "dense_forest, swamp...; `gm-console show --json` lists them "
                               "under terrain.types)"),),
    ))


def _validate(section: dict[str, Any]) -> list[tuple[tuple[Any, ...], str]]:
    current = section.get("current", "")
    if not isinstance(current, str):
        return [(("current",), say("current must be a terrain key (text), e.g. \"road\""))]
    return []


@hookimpl
def register_sections(register) -> None:
    # "" = the table's default terrain; the table is read when the session is used.
    register(SectionSpec(PLUGIN, defaults={"current": ""}, validate=_validate))


@hookimpl
def current_terrain(session: Session) -> dict[str, Any]:
    """The current terrain, and the catalogue of every type under ``types`` so that a plugin
    planning ahead (the travel route's legs) can price a terrain key without importing us."""
    table = session.table(PLUGIN)
    try:
        catalogue = rules.catalogue(table, session.language)
    except rules.TerrainError as exc:
        # A broken config/terrain.toml: ordinary ground, and say why, rather than go down.
        return {"key": "", "label": say("ordinary terrain"), "difficult": False, "cost": 1.0,
                "types": {}, "error": said_by(exc)}
    key = current_key(session)
    if key not in catalogue:
        return {"key": key, "label": say("{key} (not in config/terrain.toml)", key=key),
                "difficult": False, "cost": 1.0, "types": catalogue,
                "error": say("terrain {key!r} is not in config/terrain.toml; treated as ordinary",
                             key=key)}
    return {**catalogue[key], "types": catalogue}


@hookimpl
def session_derived(session: Session) -> dict[str, Any]:
    terrain = session.terrain() or {}
    return {"terrain": {"current": {k: v for k, v in terrain.items() if k != "types"},
                        "types": list(terrain.get("types", {}).values())}}
