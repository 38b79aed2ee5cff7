"""The combat plugin's hook implementations: its operations, its table in the session, the
``combat`` entry of ``show --json``, its screen and its line on the home screen; and the hooks
it declares for other plugins (``hookspecs``, read by the host: kinds of action, checks,
reactions, tracker columns), of which it implements its own kinds and taking an action."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gm_console import ScreenSpec, SectionSpec, hookimpl, plugin_labels, say
from gm_console_plugins.combat import hookspecs  # noqa: F401  (the host reads it from here)
from gm_console_plugins.combat import kinds, ops, rules, turns
from gm_console_plugins.combat.section import validate

if TYPE_CHECKING:
    from gm_console import OpContext, Session


@hookimpl
def register_operations(register) -> None:
    for operation in ops.OPERATIONS:
        register(operation)


@hookimpl
def combat_action_kinds() -> list[dict[str, Any]]:
    # RULES.md 3.1's action types: the built-in actions come through the hook as anyone's
    return kinds.built_in()


@hookimpl
def combat_take_action(ctx: OpContext, combatant: str, kind: str, variant: str,
                       override: str) -> dict[str, Any] | None:
    return ops.take_action(ctx, combatant, kind, variant, override)


@hookimpl
def spend_movement(ctx: OpContext, character: str, metres: float,
                   override: str) -> dict[str, Any]:
    return ops.spend_movement(ctx, character, metres, override)


@hookimpl
def creatures(session: Session) -> list[dict[str, Any]]:
    return ops.creatures_of(session)


@hookimpl
def hit_points_changed(ctx: OpContext, name: str, at_floor: bool) -> None:
    ops.hit_points_changed(ctx, name, at_floor)


@hookimpl
def character_renamed(ctx: OpContext, old: str, new: str) -> None:
    ops.character_renamed(ctx, old, new)


@hookimpl
def character_removed(ctx: OpContext, name: str) -> None:
    ops.character_removed(ctx, name)


@hookimpl
def register_sections(register) -> None:
    register(SectionSpec(ops.PLUGIN, defaults={"active": False}, validate=validate))


@hookimpl
def session_derived(session: Session) -> dict[str, Any]:
    return {"combat": ops.summary_of(session)}


@hookimpl
def current_turn(session: Session) -> dict[str, Any] | None:
    encounter = ops.encounter_of(session)
    if not turns.begun(encounter) or not encounter.get("turn"):
        return None
    return {"round": int(encounter["round"]), "turn": str(encounter["turn"])}


@hookimpl
def acting_character(session: Session) -> str | None:
    encounter = ops.encounter_of(session)
    turn = encounter.get("turn") if encounter.get("active") else None
    names = {str(c.get("name")) for c in session.characters}
    return turn if turn in names else None


@hookimpl
def home_status(session: Session) -> str | None:
    # From the encounter as stored, not the summary (every combatant's speed, conditions and
    # what each action would get): the home screen asks after every change.
    encounter = ops.encounter_of(session)
    if not encounter.get("active"):
        return None
    own = plugin_labels(__file__, session.language)

    def t(text: str) -> str:
        return own.get(text, text)

    if not encounter["round"]:
        waiting = [c["name"] for c in rules.in_order(encounter) if c.get("initiative") is None]
        return f"{t('Combat')}{t(': ')}{t('Initiative')} ? {', '.join(waiting)}"
    return (f"{t('Combat')}{t(': ')}{t('Round')} {encounter['round']} · {t('Turn')}{t(': ')}"
            f"{encounter['turn']} · {len(encounter['combatants'])} {t('combatants')}")


@hookimpl
def rest_refused(session: Session, kind: str) -> str | None:
    encounter = ops.encounter_of(session)
    if not encounter.get("active"):
        return None
    return say("a fight is running (end it first on the combat screen)")


def _combat_screen(store: Any) -> Any:
    from gm_console_plugins.combat.screens import (
        CombatScreen,  # Textual only when opened
    )

    return CombatScreen(store)


@hookimpl
def register_screens(register) -> None:
    register(ScreenSpec("combat.tracker", "f8", "Combat: action tracker", _combat_screen))
