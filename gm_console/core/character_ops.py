"""Operations on characters and their inventory."""

from __future__ import annotations

import copy
from typing import Any

from gm_console.contract.operations import Operation, Param, Refused, Result
from gm_console.contract.session import OpContext
from gm_console.rules.characters import (
    DEFAULTS,
    FIELD_WORDS,
    FIELDS,
    ITEM_FIELD_WORDS,
    ITEM_FIELDS,
    import_problems,
    imported,
    parse_field,
)
from gm_console.rules.privacy import PRIVATE_FIELDS
from gm_console.text.said import Said, joined, private, said_by, say

_FIELD_LIST = ", ".join(FIELDS)


def _parse(key: str, raw: Any, fields=FIELDS) -> Any:
    try:
        return parse_field(key, raw, fields)
    except ValueError as exc:
        raise Refused(said_by(exc)) from None


def _unique_name(ctx: OpContext, name: str, exclude: dict[str, Any] | None = None) -> str:
    name = _parse("name", name)
    for other in ctx.characters:
        if other is not exclude and str(other.get("name", "")).casefold() == name.casefold():
            raise Refused(say("a character named {name!r} already exists",
                              name=str(other["name"])))
    return name


def _add(ctx: OpContext, p: dict[str, Any]) -> Result:
    character: dict[str, Any] = {"name": _unique_name(ctx, p["name"])}
    for key, default in DEFAULTS.items():
        character[key] = _parse(key, p[key]) if p.get(key) is not None else default
    character["items"] = []
    ctx.characters.append(character)
    return Result(say("{name} joins the party", name=character["name"]), {"character": character},
                  [character["name"]])


def _import(ctx: OpContext, p: dict[str, Any]) -> Result:
    """Every character or none: one that cannot be read refuses them all, each problem
    named (``gm-console import`` names the file's rows before it asks)."""
    entries = p["characters"]
    found = import_problems(entries, ctx.characters)
    if found:
        raise Refused(joined("; ", [say("character {number}, {where}: {problem}",
                                        number=index + 1,
                                        where=".".join(map(str, where)) or say("the entry"),
                                        problem=message)
                                    for index, where, message in found]))
    if not entries:
        raise Refused(say("nothing to import: no character given"))
    added = [imported(entry) for entry in entries]
    ctx.characters.extend(added)
    names = [character["name"] for character in added]
    return Result(say("{count} join the party: {names}", count=len(names),
                      names=", ".join(names)), {"characters": added}, names)


def _set(ctx: OpContext, p: dict[str, Any]) -> Result:
    character = ctx.character(p["character"])
    key = p["field"]
    if key not in FIELDS:
        raise Refused(say("{key!r} is not a character field (fields: {fields})", key=key,
                          fields=_FIELD_LIST))
    old = character.get(key)
    value = (_unique_name(ctx, p["value"], exclude=character) if key == "name"
             else _parse(key, p["value"]))
    if key == "exhaustion":  # level 4 halved the maximum: a lower level gives back only it
        ctx.settle_hit_points(character)
    character[key] = value
    if key == "name" and old != value:
        ctx.notify("character_renamed", old=str(old), new=value)
    shown_old, shown_new = _shown(old, key), _shown(value, key)
    if key in PRIVATE_FIELDS:  # the others read that it changed, not what it says
        shown_old, shown_new = (None if shown is None else private(shown, character["name"])
                                for shown in (shown_old, shown_new))
    return Result(_changed(character["name"], FIELD_WORDS[key], shown_old, shown_new),
                  {"character": character}, [character["name"]])


def _remove(ctx: OpContext, p: dict[str, Any]) -> Result:
    character = ctx.character(p["character"])
    ctx.characters.remove(character)
    ctx.notify("character_removed", name=str(character["name"]))
    return Result(say("{name} leaves the party (ctrl+z brings them back)",
                      name=character["name"]),
                  who=[character["name"]])


def _duplicate(ctx: OpContext, p: dict[str, Any]) -> Result:
    source = ctx.character(p["character"])
    name = p["name"]
    if not name:
        taken = {str(c.get("name", "")).casefold() for c in ctx.characters}
        number = 2
        while f"{source['name']} {number}".casefold() in taken:
            number += 1
        name = f"{source['name']} {number}"
    twin = copy.deepcopy(source)
    twin["name"] = _unique_name(ctx, name)
    ctx.characters.insert(ctx.characters.index(source) + 1, twin)
    return Result(say("{name} is a copy of {source}", name=twin["name"], source=source["name"]),
                  {"character": twin},
                  [twin["name"]])


def _changed(name: str, field: Said, old: Any, value: Any) -> Said:
    """A field's change as the journal says it: the field in words, from its old value to the
    new one, or only the new one for a field that had none."""
    if value is None:
        return say("{name}: {field} cleared", name=name, field=field)
    if old is None:
        return say("{name}: {field} set to {value}", name=name, field=field, value=value)
    return say("{name}: {field} from {old} to {value}", name=name, field=field, old=old,
               value=value)


def _shown(value: Any, key: str = "") -> Any:
    """A field's value as a sentence holds it: a number stays a number (decimal comma in
    French), a flag reads yes or no, an armour (and no armour, "none") in the reader's
    language where a plugin's labels name it, anything else as text; None when it was never set (or is empty)."""
    if isinstance(value, bool):
        return say("yes") if value else say("no")
    if value is None or value == "":
        return None
    if key == "armour":  # looked up in the reader's labels, where the armour plugin's are
        return say("none") if str(value).casefold() == "none" else joined("", [str(value)])
    return value if isinstance(value, (int, float, str)) else str(value)


def _find_item(character: dict[str, Any], ref: str) -> dict[str, Any]:
    items = character.setdefault("items", [])
    if ref.strip().isdigit() and 1 <= int(ref) <= len(items):
        return items[int(ref) - 1]
    for item in items:
        if str(item.get("name", "")).casefold() == ref.strip().casefold():
            return item
    names = ", ".join(str(i.get("name")) for i in items) or say("nothing")
    raise Refused(say("{name} carries no item {ref!r} (carries: {names})",
                      name=character["name"], ref=ref, names=names))


def _item_add(ctx: OpContext, p: dict[str, Any]) -> Result:
    character = ctx.character(p["character"])
    item = {"name": _parse("name", p["name"], ITEM_FIELDS),
            "weight_lb": _parse("weight_lb", p["weight_lb"], ITEM_FIELDS),
            "qty": _parse("qty", p["qty"], ITEM_FIELDS)}
    character.setdefault("items", []).append(item)
    return Result(say("{name} takes {qty} × {item} ({weight} lb each)", name=character["name"],
                      qty=item["qty"], item=item["name"], weight=item["weight_lb"]),
                  {"item": item}, [character["name"]])


def _item_set(ctx: OpContext, p: dict[str, Any]) -> Result:
    character = ctx.character(p["character"])
    item = _find_item(character, p["item"])
    key = p["field"]
    if key not in ITEM_FIELDS:
        raise Refused(say("{key!r} is not an item field (fields: {fields})", key=key,
                          fields=", ".join(ITEM_FIELDS)))
    old = item.get(key)
    item[key] = _parse(key, p["value"], ITEM_FIELDS)
    return Result(_changed(say("{name}'s {item}", name=character["name"], item=item["name"]),
                           ITEM_FIELD_WORDS[key], _shown(old), _shown(item[key])),
                  {"item": item}, [character["name"]])


def _item_remove(ctx: OpContext, p: dict[str, Any]) -> Result:
    character = ctx.character(p["character"])
    item = _find_item(character, p["item"])
    character["items"].remove(item)
    return Result(say("{name} drops {item}", name=character["name"], item=item["name"]),
                  {"item": item},
                  [character["name"]])


_CHARACTER = Param("character", str, "the character's name")

OPERATIONS = [
    Operation(
        "character.add", "Add a character (player, NPC or monster) to the session.", _add,
        (Param("name", str, "unique within the session"),
         *(Param(key, str, f"default {default!r}", default=None) for key, default in
           DEFAULTS.items())),
    ),
    Operation(
        "character.import", "Add several characters at once, all or none (gm-console import).",
        _import, (Param("characters", list, "the characters: tables of the sheet's fields, "
                                            "items among them"),),
    ),
    Operation(
        "character.set", "Change one field of a character.", _set,
        (_CHARACTER, Param("field", str, f"one of: {_FIELD_LIST}"),
         Param("value", str, "the new value, checked like the editor checks it")),
    ),
    Operation("character.remove", "Remove a character (undo brings it back).", _remove,
              (_CHARACTER,)),
    Operation(
        "character.duplicate", "Copy a character, inventory included, under a new name.",
        _duplicate, (_CHARACTER, Param("name", str, "the copy's name", default="")),
    ),
    Operation(
        "item.add", "Give a character an item to carry.", _item_add,
        (_CHARACTER, Param("name", str, "what it is"),
         Param("weight_lb", float, "weight of one, in pounds", default=0.0),
         Param("qty", int, "how many", default=1)),
    ),
    Operation(
        "item.set", "Change an item's name, weight or quantity.", _item_set,
        (_CHARACTER, Param("item", str, "the item's name or its number in the list (1 = first)"),
         Param("field", str, "name, weight_lb or qty", choices=tuple(ITEM_FIELDS)),
         Param("value", str, "the new value")),
    ),
    Operation(
        "item.remove", "Take an item away from a character.", _item_remove,
        (_CHARACTER, Param("item", str, "the item's name or its number in the list (1 = first)")),
    ),
]
