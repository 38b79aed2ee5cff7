"""The core's hook implementations: its operations, its session section and derived values."""

from __future__ import annotations

from typing import Any

from gm_console import SectionSpec, SpeedStep, hookimpl
from gm_console.committed.cow import peek
from gm_console.contract.session import Session
from gm_console.core import (
    character_ops,
    clock_ops,
    condition_ops,
    hp_ops,
    request_ops,
    roll_ops,
    settings_ops,
)
from gm_console.rules import conditions as cond
from gm_console.rules import durations, hitpoints
from gm_console.rules.abilities import ABILITIES, modifier, parse_score, parse_strength
from gm_console.text.catalogue import host_labels
from gm_console.text.said import Said, joined, named, said_by, say


@hookimpl
def register_operations(register) -> None:
    for module in (character_ops, clock_ops, request_ops, roll_ops, settings_ops, condition_ops,
                   hp_ops):
        for op in module.OPERATIONS:
            register(op)


@hookimpl
def register_sections(register) -> None:
    # The host's own rule settings (config/conditions.toml [settings]) a campaign may change.
    register(SectionSpec("conditions", validate=_conditions_settings_problems))


SETTING_CHOICES = {"speed_factor_rounding": ("exact", "down")}


def _conditions_settings_problems(table: dict[str, Any]) -> list[tuple[tuple[Any, ...], str]]:
    settings = table.get("settings", {})
    if not isinstance(settings, dict):
        return [(("settings",), say("settings must be a table ([plugins.conditions.settings])"))]
    found: list[tuple[tuple[Any, ...], str]] = [(("settings", key), say("setting {key} must be one of {choices}, not {value}",
                                     key=key, choices=", ".join(choices),
                                     value=repr(settings[key])))
             for key, choices in SETTING_CHOICES.items()
             if key in settings and settings[key] not in choices]
    def whole(value: Any) -> bool:
        return isinstance(value, int) and not isinstance(value, bool)

    if "round_seconds" in settings and not (whole(settings["round_seconds"])
                                            and settings["round_seconds"] > 0):
        found.append((("settings", "round_seconds"), say("setting round_seconds must be a "
                                                         "whole number more than 0")))
    if "hit_points_floor" in settings and not whole(settings["hit_points_floor"]):
        found.append((("settings", "hit_points_floor"), say("setting hit_points_floor must be "
                                                            "a whole number")))
    if "massive_damage_kills" in settings and not isinstance(settings["massive_damage_kills"],
                                                             bool):
        found.append((("settings", "massive_damage_kills"), say("setting massive_damage_kills "
                                                                "must be true or false")))
    return found


@hookimpl
def character_renamed(ctx, old: str, new: str) -> None:
    roll_ops.follow_rename(ctx, old, new)
    # a duration counted from someone's turn follows them under the new name
    for _, entry in _with_durations(ctx):
        if str(entry["duration"].get("of", "")).casefold() == old.casefold():
            entry["duration"] = {**entry["duration"], "of": new}


@hookimpl
def character_removed(ctx, name: str) -> None:
    roll_ops.drop_rolls_of(ctx, name)


def _exhaustion_levels(session, character: dict[str, Any]) -> list[dict[str, Any]]:
    level = int(character.get("exhaustion", 0) or 0)
    return [row for row in session.table("exhaustion").get("levels", []) if row["level"] <= level]


@hookimpl
def character_conditions(character, session) -> list[dict[str, Any]]:
    """Each exhaustion level reached (RULES.md 1.3, cumulative), and "unconscious" at the hit
    point floor."""
    # Its name and effect in every language of the table: a line written in one language
    # (a roll's disadvantage, the journal) reads in the reader's.
    out = [{"name": f"exhaustion {row['level']}",
            "label": named(f"exhaustion {row['level']}", {
                "en": f"exhaustion {row['level']}", "fr": f"épuisement {row['level']}"}),
            "source": named(f"exhaustion {row['level']}: effect", {
                "en": str(row.get("effect", "")), "fr": str(row.get("effect_fr", ""))}),
            "effects": {k: v for k, v in row.items() if k in cond.EFFECTS}}
           for row in _exhaustion_levels(session, character)]
    if character.get("max_hit_points") not in (None, ""):
        floor = int(session.setting("conditions", "hit_points_floor", 0))
        try:
            current = int(character.get("hit_points", character["max_hit_points"]))
        except (TypeError, ValueError):
            current = 1
        if current <= floor:
            out.append({"name": "unconscious", "source": say("{current} hit points",
                                                              current=current)})
    return out


@hookimpl
def speed_steps(character, session) -> list[SpeedStep]:
    """Every condition that multiplies the speed (exhaustion 2 and 5, restrained...), or only
    some speeds (a heavy cloak: swim and climb)."""
    rounding = session.setting("conditions", "speed_factor_rounding", "exact")
    return [SpeedStep("multiply", why, value=factor, round_down=rounding == "down",
                      speeds=speeds)
            for factor, why, speeds in cond.speed_factors(session.conditions(character))]


@hookimpl
def character_derived(character, session) -> dict[str, Any]:
    abilities = {}
    for ability in ABILITIES:
        if ability not in character:
            continue
        try:
            if ability == "strength":
                strength = parse_strength(character[ability])
                abilities[ability] = {"score": str(strength), "modifier": modifier(strength.score)}
            else:
                score = parse_score(character[ability], ability)
                abilities[ability] = {"score": score, "modifier": modifier(score)}
        except ValueError as exc:
            abilities[ability] = {"error": said_by(exc)}
    key = "effect_fr" if session.language == "fr" else "effect"
    levels = _exhaustion_levels(session, character)
    conditions = session.conditions(character)
    hp = hitpoints.of(character, conditions)
    out = {
        "abilities": abilities,
        "exhaustion": {"level": int(character.get("exhaustion", 0) or 0),
                       "effects": [row.get(key, row["effect"]) for row in levels]},
        "conditions": _conditions_value(conditions, session.clock_for(conditions)),
    }
    if hp is not None:
        out["hit_points"] = hp.as_dict()
    return out


def _conditions_value(conditions: list[cond.Condition],
                      clock: dict[str, int]) -> dict[str, Any]:
    """The ``conditions`` derived value: what they do in readable lines (the "why" screen:
    each condition named in the reader's language, with what is left of its duration), each
    condition with its effects as plain data under ``active`` (``show --json``)."""
    limits = cond.action_limits(conditions)
    disadvantage = {roll: cond.disadvantage_anywhere(conditions, roll) for roll in cond.ROLLS}
    in_combat = [
        *([say("no action: {why}", why=limits.no_actions)] if limits.no_actions else []),
        *([say("restricted: {why}", why=limits.restricted)] if limits.restricted else []),
        *(say("no {action}: {why}", action=action, why=why)
          for action, why in limits.forbids.items())]
    return {
        "names": joined(", ", [c.named or c.label or c.name for c in conditions])
        if conditions else say("none"),
        **{f"{roll}s": say("disadvantage: {why}", why=joined("; ", why)) if why
           else say("normal") for roll, why in disadvantage.items()},
        "in combat": joined("; ", in_combat) if in_combat else say("as usual"),
        "active": [c.as_dict() for c in conditions],
        "steps": [joined("; ", [say("{condition}: {source}",
                                    condition=c.named or c.label or c.name, source=c.source),
                                cond.describe_effects(c.effects),
                                *([durations.remaining(c.duration, clock)] if c.stored else [])])
                  for c in conditions],
    }


@hookimpl
def party_columns(character, session) -> dict[str, str]:
    """Hit points and the conditions besides exhaustion (the Exh. column has that)."""
    own = host_labels(session.language)

    def t(text: str) -> str:
        return own.get(text, text)

    conditions = session.conditions(character)
    hp = hitpoints.of(character, conditions)
    return {t("HP"): hp.short() if hp is not None else "",
            t("Cond."): ", ".join(session.condition_tags(
                [c for c in conditions if not c.name.startswith("exhaustion ")]))}


# -- durations -------------------------------------------------------------------------------


def _with_durations(ctx) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    # Every character is read without being taken: inside an operation, taking one copies
    # it, and every clock advance copied every sheet of a big party. Taken only when it has
    # a condition with a duration, which may be removed.
    characters = ctx.characters
    found = []
    for index, character in enumerate(peek(characters)):
        if character.get("conditions") and any(  # most sheets have none: passed at once
                entry.get("duration") for entry in cond.stored_entries(character)):
            character = characters[index]
            found += [(character, entry) for entry in cond.stored_entries(character)
                      if entry.get("duration")]
    # The monsters of a fight: theirs run out the same. Looked for in what the operation sees
    # without taking it (each clock advance copied the fight's table of 30 combatants into
    # the operation, and compared it back at the end); taken only when one has a duration.
    if any(entry.get("duration") for _, creature in _to_read(ctx).creatures()
           for entry in cond.stored_entries(creature)):
        for _, creature in ctx.creatures():
            found += [(creature, entry) for entry in cond.stored_entries(creature)
                      if entry.get("duration")]
    return found


def _to_read(ctx) -> Session:
    """What the operation ``ctx`` sees so far, to be read only: its tables as they are now
    (those it changed, the committed ones otherwise), none of them taken into its copy."""
    state = _as_held(ctx.state)
    if isinstance(state.get("plugins"), dict):
        state["plugins"] = _as_held(state["plugins"])
    return Session(state, ctx.host)


def _as_held(table: dict[str, Any]) -> dict[str, Any]:
    # A Draft's (a CowDict's) values as it holds them: reaching one through it takes it.
    return dict(dict.items(table))


@hookimpl
def time_passed(ctx, seconds, reason) -> None:
    for character, entry in _with_durations(ctx):
        if durations.time_is_up(entry["duration"], ctx.clock):
            ctx.remove_condition(character, entry["name"], say(
                "{how_long}: time is up", how_long=durations.describe(entry["duration"])))


def _turn(ctx, name: str, at: str) -> None:
    for character, entry in _with_durations(ctx):
        duration = dict(entry["duration"])
        said = durations.on_turn(duration, name, at)
        if said == "ends":
            ctx.remove_condition(character, entry["name"], _ran_out(entry["duration"], name, at))
        elif said == "ticks":  # entries with a duration are the stored tables themselves
            entry["duration"] = duration
            ctx.touch(ctx.owner_of(character))
        elif (at == "end" and entry["duration"].get("kind") == "save"
              and str(character.get("name", "")).casefold() == name.casefold()):
            condition_ops.ask_save(ctx, character, entry)


def _ran_out(duration: dict[str, Any], name: str, at: str) -> Said:
    """Why a duration that ends on a turn is over, said as it ends: what is left of it (one
    round, counted down) would read as if that round were still to come."""
    if duration.get("kind") == "rounds":
        return say("its rounds ran out at the start of {name}'s turn", name=name)
    return say("it lasted until the start of {name}'s turn", name=name) if at == "start" \
        else say("it lasted until the end of {name}'s turn", name=name)


@hookimpl
def turn_started(ctx, name, round) -> None:
    _turn(ctx, name, "start")


@hookimpl
def turn_ended(ctx, name, round) -> None:
    _turn(ctx, name, "end")
