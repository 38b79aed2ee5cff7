"""A third-party plugin as a plugin author writes it: one module, twenty lines, public API only.
The test suite installs it through the ``gm_console.plugins`` entry point."""

from gm_console import Operation, Param, hookimpl

__version__ = "0.3.1"


def _cheer(ctx, params):
    character = ctx.character(params["character"])
    character["morale"] = int(character.get("morale", 0)) + params["amount"]
    return f"{character['name']} cheers up (morale {character['morale']})"


@hookimpl
def register_operations(register):
    register(Operation("example.cheer", "Raise a character's morale.", _cheer,
                       (Param("character", str), Param("amount", int, default=1))))


@hookimpl
def character_derived(character, session):
    return {"morale": {"value": int(character.get("morale", 0))}}


@hookimpl
def party_columns(character, session):
    return {"Morale": str(character.get("morale", 0))}
