"""The movement plugin: climbing, swimming, crawling and jumping (RULES.md 1.6 and 1.7).

Contributes the jump figures of each character (``derived.jump``), the operations of
:mod:`.ops` and the movement calculator screen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gm_console import ScreenSpec, SectionSpec, hookimpl, said_by, say
from gm_console_plugins.movement import ops, rules

if TYPE_CHECKING:
    from gm_console import Session


@hookimpl
def register_operations(register) -> None:
    for operation in ops.OPERATIONS:
        register(operation)


def _calculator(store: Any) -> Any:
    from gm_console_plugins.movement.screens import (
        MovementScreen,  # Textual only when opened
    )

    return MovementScreen(store)


@hookimpl
def register_screens(register) -> None:
    register(ScreenSpec("movement.calculator", "f7", "Movement: climb, swim, jump calculator",
                        _calculator))


def _validate(section: dict[str, Any]) -> list[tuple[tuple[Any, ...], str]]:
    settings = section.get("settings", {})
    if not isinstance(settings, dict):
        return [(("settings",), say("settings must be a table ([plugins.movement.settings])"))]
    return [(("settings", key), message) for key, message in rules.choice_problems(settings)]


@hookimpl
def register_sections(register) -> None:
    # The plugin keeps nothing of its own in a session but the campaign's settings.
    register(SectionSpec("movement", validate=_validate))


@hookimpl
def character_derived(character: dict[str, Any], session: Session) -> dict[str, Any]:
    try:
        return {"jump": ops.figures(session, character).as_dict()}
    except ValueError as exc:  # a sheet without a usable Strength: say so, do not go down
        return {"jump": {"error": said_by(exc)}}
