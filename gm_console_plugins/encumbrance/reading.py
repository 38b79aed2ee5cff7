"""Reading a character through the session: the rule functions fed with the session's table and
settings, and bad sheet data turned into a message instead of an exception (a hook that raises
switches the whole plugin off)."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any

from gm_console import bundled_table, said_by, say
from gm_console_plugins.encumbrance import rules

if TYPE_CHECKING:
    from gm_console import Session

PLUGIN = "encumbrance"


def settings(session: Session) -> dict[str, Any]:
    """``[settings]`` of config/encumbrance.toml with the session's overrides."""
    return {key: session.setting(PLUGIN, key)
            for key in session.table(PLUGIN).get("settings", {})}


@cache
def default_settings() -> dict[str, Any]:
    """The bundled ``[settings]``: what a session's override may name, and each one's type."""
    settings: dict[str, Any] = bundled_table(PLUGIN)["settings"]
    return settings


def settings_problems(overrides: Any) -> list[tuple[tuple[Any, ...], str]]:
    """A session's ``[plugins.encumbrance.settings]``: a misspelt key would silently do nothing,
    a wrong type would fail mid-session; both are reported when the file is opened."""
    if not isinstance(overrides, dict):
        return [(("settings",), "settings must be a table")]
    known = default_settings()
    problems = []
    for key, value in overrides.items():
        if key not in known:
            problems.append((("settings", key), f"unknown setting {key!r} (settings: "
                                                f"{', '.join(known)})"))
        elif not _same_kind(value, known[key]):
            problems.append((("settings", key), f"setting {key} must be "
                                                f"{type(known[key]).__name__}, not {value!r}"))
    return problems


def _same_kind(value: Any, default: Any) -> bool:
    if isinstance(default, bool) or isinstance(value, bool):
        return isinstance(value, bool) and isinstance(default, bool)
    if isinstance(default, (int, float)):
        return isinstance(value, (int, float))
    return isinstance(value, type(default))


def who(character: dict[str, Any]) -> str:
    return str(character.get("name") or "") or say("a character without a name")


def assess(character: dict[str, Any], session: Session,
           shared: bool = False) -> rules.Encumbrance:
    """The character's encumbrance; ValueError names the character and what is wrong. Kept
    between repaints (the speed, the conditions and the party's columns each ask for it).
    A caller gets its own copy, or with ``shared`` the kept record itself, for a caller that
    only reads it: the loads screen's key read it four times, each a copy of the record and
    of its forty steps."""
    return session.kept_for(f"{PLUGIN}.assess", character,
                            lambda reading, character: _assess(character, reading), shared)


def _assess(character: dict[str, Any], session: Session) -> rules.Encumbrance:
    try:
        return rules.assess(character, session.table(PLUGIN), settings(session))
    except ValueError as exc:
        raise ValueError(say("{who}: {why}", who=who(character), why=said_by(exc))) from None


def base_mv(character: dict[str, Any], session: Session) -> tuple[float, str | None]:
    """The base speed before adjustments and the race key that gave it (None: the sheet's)."""
    table = session.table(PLUGIN)
    key = rules.race_key(str(character.get("race") or ""), table)
    if key is not None:
        return float(table["race_base_mv"][key]), key
    return float(character.get("speed_m", 9) or 0) / session.metres_per_mv, None


def adjustment(character: dict[str, Any], session: Session) -> rules.Adjustment | None:
    """The optional Strength/Dexterity adjustment (2.2), None when it does not apply.

    ValueError names the character and the bad score."""
    chosen = settings(session)
    if not chosen["strength_dexterity_adjustment"]:
        return None
    base, race = base_mv(character, session)
    if race is None and not chosen["adjust_sheet_speeds"]:
        return None
    try:
        strength = rules.parse_score(character.get("strength", 10), "Strength")
        dexterity = rules.parse_score(character.get("dexterity", 10), "Dexterity")
    except ValueError as exc:
        raise ValueError(say("{who}: {why}", who=who(character), why=said_by(exc))) from None
    return rules.speed_adjustment(strength, dexterity, base, session.table(PLUGIN), chosen)


def manual_adjustment(character: dict[str, Any]) -> tuple[float, str]:
    """The per-character adjustment (haste, boots of speed…) and its reason; (0, "") if none."""
    raw = character.get("speed_adjust_mv", 0) or 0
    if isinstance(raw, bool) or not isinstance(raw, (int, float)):
        raise ValueError(say("{who}: speed_adjust_mv must be a number of mv, not {raw!r}",
                             who=who(character), raw=str(raw)))
    return raw, str(character.get("speed_adjust_reason") or "") or say("no reason given")
