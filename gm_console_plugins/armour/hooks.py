"""The armour plugin's hook implementations (entry point ``armour``): the armour ``limit`` step
of the speed pipeline (RULES.md 2.5, even magic armour) and the ``armour.wear`` operation."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gm_console import (
    Operation,
    Param,
    Refused,
    Result,
    SectionSpec,
    SpeedStep,
    bundled_table,
    hookimpl,
    joined,
    said_by,
    say,
)
from gm_console_plugins.armour import rules

if TYPE_CHECKING:
    from gm_console import OpContext, Session

PLUGIN = "armour"


def _settings(session: Session) -> dict[str, Any]:
    return {key: session.setting(PLUGIN, key)
            for key in session.table(PLUGIN).get("settings", {})}


def _limit(character: dict[str, Any], session: Session) -> rules.ArmourLimit:
    # Kept like derived values: the speed's steps and the derived values each ask for it (the
    # loads screen found the armour in the table twice for each item added).
    return session.kept_for(f"{PLUGIN}.limit", character, lambda reading, worn: (
        rules.armour_limit(worn, reading.table(PLUGIN), _settings(reading))))


SETTINGS = ("unknown_armour_limit",)


def _validate_section(section: dict[str, Any]) -> list[tuple[tuple[Any, ...], str]]:
    """A session's ``[plugins.armour.settings]``, checked when the file is opened."""
    overrides = section.get("settings", {})
    if not isinstance(overrides, dict):
        return [(("settings",), "settings must be a table")]
    problems: list[tuple[tuple[Any, ...], str]] = []
    for key, value in overrides.items():
        if key not in SETTINGS:
            problems.append((("settings", key), say("unknown setting {key!r} (settings: "
                                                    "{known})", key=key,
                                                    known=", ".join(SETTINGS))))
            continue
        try:
            rules.parse_limit(value, say("setting {key}", key=key))
        except ValueError as exc:
            problems.append((("settings", key), said_by(exc)))
    return problems


@hookimpl
def labels(language: str) -> dict[str, str] | None:
    """Each armour of the bundled table in ``language`` (its ``fr``), for a journal line that
    names it ("armour from none to chain mail"), read in French whichever language it was
    written in. "none" is the host's word already."""
    if language != "fr":
        return None
    return {str(row["name"]): str(row["fr"]) for row in bundled_table(PLUGIN).get("armour", [])
            if row.get("fr") and row.get("name") != "none"}


@hookimpl
def register_sections(register) -> None:
    register(SectionSpec(PLUGIN, validate=_validate_section))


@hookimpl
def speed_steps(character: dict[str, Any], session: Session) -> list[SpeedStep]:
    try:
        worn = _limit(character, session)
    except ValueError:
        return []  # a broken unknown_armour_limit setting; character_derived says so
    if worn.known == "none":
        return []  # no armour, nothing to explain
    # The armour named as the table does in the session's language; the sentence is said in
    # the reader's.
    return [SpeedStep("limit", worn.label_in(session.language), fraction=worn.limit)]


@hookimpl
def character_derived(character: dict[str, Any], session: Session) -> dict[str, Any]:
    try:
        return {"armour": _limit(character, session).as_dict()}
    except ValueError as exc:
        return {"armour": {"error": said_by(exc)}}


def _wear(ctx: OpContext, p: dict[str, Any]) -> Result:
    character = ctx.character(p["character"])
    name = character["name"]
    entry = rules.find_armour(p["armour"], ctx.table(PLUGIN))
    if entry is None and not p["unlisted"]:
        known = ", ".join(e["name"] for e in ctx.table(PLUGIN).get("armour", []))
        raise Refused(say("{armour!r} is not in config/armour.toml (known: {known}); add it "
                          "there, or pass unlisted=true", armour=p["armour"], known=known))
    if "character.set" not in ctx.host.operations:
        raise Refused(say("armour.wear needs the core's character.set operation, which is "
                          "missing"))
    armour = entry["name"] if entry else p["armour"].strip()
    weight = 0.0 if armour == "none" else p["weight_lb"]
    for field, value in (("armour", armour), ("armour_weight_lb", weight),
                         ("armour_magic", p["magic"] and armour != "none")):
        ctx.apply("character.set", character=name, field=field, value=str(value))
    worn = _limit(character, ctx)
    wears = worn.worn_by(name, ctx.language)
    if weight:
        wears = joined(", ", [wears, say("{weight:g} lb", weight=weight)])
    return Result(wears, {"armour": worn.as_dict()}, [name])


def _read_wear(character: str, text: str) -> tuple[str, dict[str, Any]]:
    """The loads screen's armour answer, ``chain mail, 40, no`` (``name!``: an armour the
    table does not list, worn anyway), as this plugin's operation."""
    parts = [p.strip() for p in text.split(",")]
    params: dict[str, Any] = dict(zip(("armour", "weight_lb", "magic"), parts))
    if params["armour"].endswith("!"):
        params["armour"], params["unlisted"] = params["armour"].rstrip("! "), True
    return "armour.wear", {**params, "character": character}


@hookimpl(optionalhook=True)  # declared by the encumbrance plugin, which may be switched off
def worn_prompt(session) -> dict[str, Any]:
    # The loads screen translates the question and the hint (this plugin's labels).
    return {"question": "armour: name, weight lb, magic (yes/no)",
            "hint": "none: takes it off · name! : an armour the table does not list",
            "read": _read_wear}


@hookimpl
def register_operations(register) -> None:
    register(Operation(
        "armour.wear",
        "Put armour on a character (its name in English or French, config/armour.toml), with "
        "its weight and whether it is magic; armour=none takes it off.",
        _wear,
        (Param("character", str, "the character's name"),
         Param("armour", str, "the armour's name, or none"),
         Param("weight_lb", float, "its weight in lb (magic armour's does not count)",
               default=0.0),
         Param("magic", bool, "magic armour: its weight does not count, its limit does",
               default=False),
         Param("unlisted", bool, "accept an armour that config/armour.toml does not list",
               default=False)),
    ))
