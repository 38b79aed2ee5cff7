"""The encumbrance plugin's hook implementations (entry point ``encumbrance``).

It contributes the ``base`` speed (race table, RULES.md 2.1), the ``adjust`` steps (optional
Strength/Dexterity table 2.2, the per-character manual adjustment) and the encumbrance ``limit``
(2.3–2.4); the armour limit is the armour plugin's, the exhaustion multiplier the host's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gm_console import (
    ScreenSpec,
    SectionSpec,
    SpeedStep,
    hookimpl,
    hookspec,
    plugin_labels,
    said_by,
    say,
)
from gm_console_plugins.encumbrance import ops, reading, rules
from gm_console_plugins.encumbrance.figures import decimal
from gm_console_plugins.encumbrance.rules import fmt

if TYPE_CHECKING:
    from gm_console import OpContext, Session


class hookspecs:
    """Hooks this plugin declares for others (implement them with
    ``@hookimpl(optionalhook=True)``: this plugin may not be loaded)."""

    @hookspec(firstresult=True)
    def worn_prompt(self, session: Any) -> dict[str, Any] | None:
        """What the loads screen's Armour key (w) asks about the selected character, from the
        plugin that knows what is worn: ``{"question", "hint", "read"}``, where
        ``read(character, text)`` turns the answer into ``(operation, params)`` (its own
        operation), or raises ValueError saying what is wrong.

        Example::

            @hookimpl(optionalhook=True)
            def worn_prompt(session):
                return {"question": "shield: name", "hint": "",
                        "read": lambda who, text: ("shield.wear", {"character": who,
                                                                   "shield": text})}
        """


@hookimpl
def register_operations(register) -> None:
    for op in ops.OPERATIONS:
        register(op)


@hookimpl
def character_renamed(ctx: OpContext, old: str, new: str) -> None:
    ops.character_renamed(ctx, old, new)


@hookimpl
def character_removed(ctx: OpContext, name: str) -> None:
    ops.character_removed(ctx, name)


@hookimpl
def register_sections(register) -> None:
    register(SectionSpec(reading.PLUGIN, defaults={"holding": []}, validate=_validate_section))


def _validate_section(section: dict[str, Any]) -> list[tuple[tuple[Any, ...], str]]:
    problems = reading.settings_problems(section.get("settings", {}))
    held = section.get("holding", [])
    if not isinstance(held, list):
        return [(("holding",), "holding must be an array of tables")]
    for index, entry in enumerate(held):
        if not isinstance(entry, dict) or not {"character", "load_lb", "rounds_held"} <= set(entry):
            problems.append((("holding", index),
                             "each held load needs character, load_lb and rounds_held"))
    return problems


@hookimpl
def register_screens(register) -> None:
    def factory(store):
        from gm_console_plugins.encumbrance.screens import EncumbranceScreen
        return EncumbranceScreen(store)

    register(ScreenSpec("encumbrance.loads", "f5", "Loads: encumbrance and speed", factory))


@hookimpl
def speed_steps(character: dict[str, Any], session: Session) -> list[SpeedStep]:
    steps: list[SpeedStep] = []
    base, race = reading.base_mv(character, session)
    if race is not None:
        steps.append(SpeedStep("base", say("race {race}", race=race), value=base))
    try:
        adjustment = reading.adjustment(character, session)
    except ValueError as exc:
        adjustment = None
        steps.append(SpeedStep("adjust", say("no Strength/Dexterity adjustment: {why}",
                                             why=said_by(exc)), value=0))
    if adjustment is not None and adjustment.mv:
        steps.append(SpeedStep(
            "adjust", say("Str {strength}, Dex {dexterity}: {row} ({column} column)",
                          strength=str(character.get("strength")),
                          dexterity=str(character.get("dexterity")), row=adjustment.row,
                          column=adjustment.column), value=adjustment.mv))
    try:
        manual, reason = reading.manual_adjustment(character)
    except ValueError as exc:
        manual, reason = 0, ""
        steps.append(SpeedStep("adjust", say("manual adjustment ignored: {why}",
                                             why=said_by(exc)), value=0))
    if manual:
        steps.append(SpeedStep("adjust", say("manual: {reason}", reason=reason), value=manual))
    try:
        enc = reading.assess(character, session, shared=True)
    except ValueError:
        return steps  # the derived value carries the message; no limit can be computed
    label = say("encumbrance {category} ({lb:g} lb): {speed}",
                category=rules.CATEGORY_WORDS[enc.category], lb=enc.carried_lb,
                speed=enc.effects.speed_text)
    if enc.effects.speed is not None:
        steps.append(SpeedStep("limit", label, fraction=enc.effects.speed))
    else:
        steps.append(SpeedStep("limit", label, fixed_mv=enc.effects.speed_mv))
    return steps


@hookimpl
def character_derived(character: dict[str, Any], session: Session) -> dict[str, Any]:
    try:
        return {"encumbrance": reading.assess(character, session, shared=True).as_dict()}
    except ValueError as exc:
        return {"encumbrance": {"error": said_by(exc)}}


@hookimpl
def character_conditions(character: dict[str, Any], session: Session) -> list[dict[str, Any]]:
    """What the load does to the character beyond speed (maximal: staggered, cannot fight)."""
    try:
        enc = reading.assess(character, session, shared=True)
    except ValueError:
        return []
    source = say("encumbrance {category} ({lb:g} lb)",
                 category=rules.CATEGORY_WORDS[enc.category], lb=enc.carried_lb)
    return [{"name": name, "source": source} for name in enc.effects.conditions]


@hookimpl
def party_columns(character: dict[str, Any], session: Session) -> dict[str, str]:
    speed = session.speed(character)
    own = plugin_labels(__file__, session.language)

    def t(text: str) -> str:
        return own.get(text, text)

    try:
        load = t(reading.assess(character, session, shared=True).category)
    except ValueError:
        load = t("error")
    return {t("Speed"): decimal(f"{fmt(speed.mv)} mv / {fmt(speed.m)} m", session.language),
            t("Load"): load}


@hookimpl
def round_started(ctx: OpContext, round: int) -> None:
    ops.recheck_held_loads(ctx)
