"""A campaign's own choice of optional rules and interpretations: ``settings.set`` writes a
plugin setting into the session (``[plugins.<name>.settings]``), where it wins over
``config/<name>.toml``; ``settings.reset`` goes back to the configured value."""

from __future__ import annotations

from typing import Any

from gm_console.contract.operations import Operation, Param, Refused, Result
from gm_console.contract.session import OpContext
from gm_console.text.said import say


def configured(ctx: OpContext, plugin: str) -> dict[str, Any]:
    """The plugin's ``[settings]`` from config/, or a refusal naming the plugins that have some."""
    # Only a loaded plugin's name, or a session table one registered (the host's own
    # "conditions"), reaches the config folder: the name is not a path.
    names = set(ctx.host.plugins) | set(ctx.host.sections)
    settings = ctx.table(plugin).get("settings", {}) if plugin in names else {}
    if not settings:
        known = sorted(p for p in names if ctx.table(p).get("settings"))
        raise Refused(say("plugin {plugin!r} has no settings (plugins with settings: {known})",
                          plugin=plugin, known=", ".join(known)))
    return settings


def _typed_like(default: Any, raw: str, key: str) -> Any:
    """``raw`` read as the type of the configured value, so a session cannot turn a number
    into text by accident."""
    kind = type(default)
    if kind is int:  # a whole number in config/ may still take a fraction (13.5 m)
        value = Param(key, float).coerce(raw)
        return int(value) if value.is_integer() else value
    value = Param(key, kind).coerce(raw)
    if kind is list and default and not all(isinstance(v, str) for v in default):
        raise Refused(say("setting {key!r} holds a list of numbers; edit config/ for it",
                          key=key))
    return value


def _set(ctx: OpContext, p: dict[str, Any]) -> Result:
    settings = configured(ctx, p["plugin"])
    if p["key"] not in settings:
        raise Refused(say("{plugin} has no setting {key!r} (settings: {known})",
                          plugin=p["plugin"], key=p["key"], known=", ".join(sorted(settings))))
    value = _typed_like(settings[p["key"]], p["value"], p["key"])
    table = ctx.section(p["plugin"])
    table.setdefault("settings", {})[p["key"]] = value
    spec = ctx.host.sections.get(p["plugin"])
    if spec is not None and spec.validate is not None:
        problems = spec.validate(table)
        if problems:
            raise Refused(say("{plugin}.{key} = {value}: {problem}", plugin=p["plugin"],
                              key=p["key"], value=repr(value), problem=problems[0][1]))
    ctx.touch("settings", p["plugin"])
    return Result(say("this campaign: {plugin}.{key} = {value}", plugin=p["plugin"],
                      key=p["key"], value=repr(value)),
                  {"plugin": p["plugin"], "key": p["key"], "value": value})


def _reset(ctx: OpContext, p: dict[str, Any]) -> Result:
    settings = configured(ctx, p["plugin"])
    own = ctx.section(p["plugin"]).get("settings", {})
    if p["key"] not in own:
        raise Refused(say("{plugin}.{key} is not set by this campaign", plugin=p["plugin"],
                          key=p["key"]))
    del own[p["key"]]
    ctx.touch("settings", p["plugin"])
    return Result(say("this campaign: {plugin}.{key} back to {value} (config)",
                      plugin=p["plugin"], key=p["key"], value=repr(settings.get(p["key"]))))


OPERATIONS = [
    Operation(
        "settings.set", "Choose an optional rule or interpretation for this campaign.", _set,
        (Param("plugin", str, "the plugin (travel, encumbrance, ...)"),
         Param("key", str, "the setting, as named in config/<plugin>.toml"),
         Param("value", str, "read as the configured value's type")),
    ),
    Operation(
        "settings.reset", "Drop this campaign's choice: the configured value applies again.",
        _reset, (Param("plugin", str, "the plugin"), Param("key", str, "the setting"))),
]
