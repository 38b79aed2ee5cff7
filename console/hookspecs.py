"""Every hook a gm-console plugin can implement.

A plugin is a module (or object) with functions marked ``@hookimpl``, named after the hooks below
and taking any subset of their arguments by name. Implementations are called with keywords.

The host calls each implementation on its own: one that raises is reported, its plugin is
switched off, and the console carries on with the others.

``session`` arguments are :class:`gm_console.context.Session` (read-only: ``state``,
``setting()``, ``table()``, ``speed()``, ``terrain()``); ``ctx`` arguments are
:class:`gm_console.context.OpContext`, the same plus the means to change the session inside the
current operation.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

import pluggy

if TYPE_CHECKING:
    from gm_console.context import OpContext, Session
    from gm_console.operations import Operation
    from gm_console.screens import ScreenSpec
    from gm_console.sections import SectionSpec
    from gm_console.speed import SpeedStep

hookspec = pluggy.HookspecMarker("gm_console")


# ---------------------------------------------------------------------------------------------
# Contributions, collected once when the plugins are loaded
# ---------------------------------------------------------------------------------------------


@hookspec
def register_operations(register: Callable[[Operation], None]) -> None:
    """Contribute operations: call ``register(Operation(...))`` once per operation.

    Names are ``<area>.<verb>`` (``travel.advance``); the host refuses a name already taken.
    """


@hookspec
def register_screens(register: Callable[[ScreenSpec], None]) -> None:
    """Contribute screens: ``register(ScreenSpec(id, key, title, factory))``.

    Each gets its key binding (remappable by id) and a command-palette entry.
    """


@hookspec
def register_sections(register: Callable[[SectionSpec], None]) -> None:
    """Contribute the plugin's table in the session file (``[plugins.<name>]``), with the
    defaults filled in when a session is opened and a validation run on load."""


@hookspec
def help_text(language: str) -> str | None:
    """A few lines for the help screen (F1): what the plugin does, its keys, and each
    interpretation of the rules it makes and the setting that changes it."""


@hookspec
def labels(language: str) -> dict[str, str] | None:
    """Translated labels, ``{"english label": "label in language"}``, for ``language``
    (``"en"`` or ``"fr"``). The host's ``t()`` looks them up."""


# ---------------------------------------------------------------------------------------------
# Derived values: computed from the session, never stored
# ---------------------------------------------------------------------------------------------


@hookspec
def speed_steps(character: dict[str, Any], session: Session) -> list[SpeedStep] | None:
    """Steps of the speed pipeline for ``character`` (see :mod:`gm_console.speed`)."""


@hookspec
def character_derived(character: dict[str, Any], session: Session) -> dict[str, Any] | None:
    """Derived values for one character: ``{value name: {plain data}}``.

    They appear under the character's ``derived`` in ``gm-console show --json``; include a
    ``steps`` list of readable lines where a game master may ask "why?".
    """


@hookspec
def session_derived(session: Session) -> dict[str, Any] | None:
    """Derived values for the whole session: ``{top-level key: {plain data}}`` in
    ``gm-console show --json`` (``travel``, ``combat``)."""


@hookspec
def party_columns(character: dict[str, Any], session: Session) -> dict[str, str] | None:
    """Short texts for the party table, ``{column title: text}`` (``{"Speed": "7 mv / 5 m"}``)."""


@hookspec(firstresult=True)
def current_terrain(session: Session) -> dict[str, Any] | None:
    """The terrain the party is in now: ``{"key", "label", "difficult": bool, "cost"}``
    (``cost``: metres of speed per metre, 2 in difficult terrain), and ``types``: every terrain
    type known, each shaped the same, so a plugin can price ground it is not on yet (a route's
    next leg).

    The first plugin that knows answers (the terrain plugin); others read it through
    ``session.terrain()``.
    """


@hookspec(firstresult=True)
def acting_character(session: Session) -> str | None:
    """The name of whoever acts now (a fight running: the combatant whose turn it is), or
    None. Screens about one character open on them (the movement calculator)."""


@hookspec
def home_status(session: Session) -> str | None:
    """One short line for the home screen, in the session's language (``session.language``):
    where the plugin's part of the table stands now (the route's progress, the fight's round
    and whose turn it is), or None when there is nothing to say."""


@hookspec(firstresult=True)
def rest_refused(session: Session, kind: str) -> str | None:
    """Why a rest (``kind``: "long" or "short") cannot be taken now, or None: a fight is
    running. The first plugin that objects is the reason the rest is refused."""


# ---------------------------------------------------------------------------------------------
# Reactions, called inside the operation that caused them (their changes undo with it)
# ---------------------------------------------------------------------------------------------


@hookspec
def time_passed(ctx: OpContext, seconds: int, reason: str) -> None:
    """The in-game clock moved forward by ``seconds`` (``reason``: "travel", "round", "rest",
    "manual", ...)."""


@hookspec
def round_started(ctx: OpContext, round: int) -> None:
    """A combat round began (announced by the combat plugin through ``ctx.notify``)."""
