"""Who may read what: the private fields of a character, and the journal as a reader who is
not the game master reads it.

- A character's private fields (:data:`PRIVATE_FIELDS`) are read by the game master and by
  that character's player alone. A sentence quoting one holds it as
  :func:`gm_console.text.said.private`, and the journal line it makes names whose it is
  (``private``): everyone else reads that it changed, not what it is (:func:`line_for`).
- A ``gm_only`` line (a game master's note, and the undoing of an operation that wrote one) is
  read by the game master alone.
- A creature's hit points (a monster's, an NPC's in a fight) are the game master's unless the
  plugin that keeps it says players may read them (:data:`CREATURE_HIT_POINTS`): everyone else
  reads a word for its state (:func:`health`: unhurt, wounded, bloodied, down), in the state
  (:func:`veiled`) and in the sentences that quote them (held private to :data:`GM_ALONE`,
  with the word to say instead).

Plain data in, plain data out: the live session's roles (:mod:`gm_console.live.roles`) and the
Markdown export (:mod:`gm_console.files.journal`) both read through here.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable

from gm_console.text.said import Said, hidden, private, restored, say, stored

PRIVATE_FIELDS = ("notes",)
"""Character fields only the game master and the character's player read."""

GM_ALONE = ""
"""Whose a private value is when no player may read it: no character is named "" (a
player's role names one), so only the game master, who reads everyone's, reads it."""

CREATURE_HIT_POINTS = "creature_hit_points_to_players"
"""The setting of a plugin that keeps creatures (``[settings]`` of its config/<plugin>.toml)
that says what players and spectators read of its creatures' hit points: ``"word"`` (the
default: :func:`health`) or ``"numbers"`` (as the game master does)."""

HIT_POINT_FIELDS = ("max_hit_points", "hit_points", "temp_hit_points")
HEALTH = "health"
"""The field that stands for a veiled creature's hit points (:func:`veiled`)."""

MaySee = Callable[[str], bool]
"""Whether a reader may read the private fields of the character named so."""


def everyone_may_see(name: str) -> bool:
    return True


def nobody_may_see(name: str) -> bool:
    return False


def seer(character: str) -> MaySee:
    """The reader playing ``character`` (case-insensitive): their own fields, nobody else's."""
    own = character.strip().casefold()
    return lambda name: bool(own) and name.strip().casefold() == own


def hidden_fields(character: dict[str, Any]) -> dict[str, Any]:
    """``character`` without its private fields (a new dict: the state's is never changed)."""
    return {key: value for key, value in character.items() if key not in PRIVATE_FIELDS}


def private_params(op: str, params: dict[str, Any]) -> tuple[str, str]:
    """``(parameter, character)`` when ``op`` with ``params`` carries a character's private
    field's new value (``character.set field=notes value=...``), else ``("", "")``."""
    if op == "character.set" and str(params.get("field", "")) in PRIVATE_FIELDS:
        return "value", str(params.get("character", ""))
    return "", ""


def quoted(op: str, params: dict[str, Any], key: str, value: Any) -> Any:
    """A parameter's value as a sentence may quote it: private when it is a private field's."""
    secret, character = private_params(op, params)
    return private(value, character) if key == secret else value


def may_read_all(line: dict[str, Any], may_see: MaySee) -> bool:
    return all(may_see(str(name)) for name in line.get("private") or ())


def line_for(line: dict[str, Any], may_see: MaySee) -> dict[str, Any]:
    """``line`` as a reader for whom ``may_see`` answers reads it: itself, or a new line whose
    sentence says the private values it may not read were changed, not what they are."""
    if may_read_all(line, may_see):
        return line
    sentence = restored(str(line.get("text", "")), line.get("said"))
    shown = hidden(sentence, may_see) if isinstance(sentence, Said) else \
        say("(a private change)")
    kept = {key: value for key, value in line.items() if key not in ("text", "said", "private")}
    return {**kept, "text": str(shown), **stored(shown)}


def message_for(message: str, may_see: MaySee) -> str:
    """An operation's sentence (a change event's, an outcome's) as that reader reads it."""
    return hidden(message, may_see) if isinstance(message, Said) else message


def journal_for(lines: Iterable[dict[str, Any]], may_see: MaySee,
                gm_notes: bool = False) -> list[dict[str, Any]]:
    """The lines that reader reads, as they read them; ``gm_notes``: the game master's own
    lines too."""
    return [line if not line.get("private") else line_for(line, may_see)
            for line in lines if gm_notes or not line.get("gm_only")]


def health(current: int, maximum: int, floor: int) -> Said:
    """A word for the state of a creature's hit points, for those who may not read them:
    unhurt (at its maximum), wounded, bloodied (half of it or less), down (at the floor)."""
    if current <= floor:
        return say("down")
    if current >= maximum:
        return say("unhurt")
    return say("bloodied") if current * 2 <= maximum else say("wounded")


def veiled(creature: dict[str, Any], word: str) -> dict[str, Any]:
    """``creature`` as a reader who may not read its hit points has it: without them, with
    ``health`` (a new dict: the state's is never changed)."""
    return {**{key: value for key, value in creature.items() if key not in HIT_POINT_FIELDS},
            HEALTH: str(word)}


def swapped(tree: Any, swaps: dict[int, Any]) -> Any:
    """``tree`` (tables and lists) with each object whose ``id`` is in ``swaps`` replaced by
    its stand-in: new tables and lists on the way to each, every other part shared."""
    if id(tree) in swaps:
        return swaps[id(tree)]
    if isinstance(tree, dict):
        parts = {key: swapped(value, swaps) for key, value in tree.items()}
        return parts if any(parts[key] is not tree[key] for key in tree) else tree
    if isinstance(tree, list):
        items = [swapped(value, swaps) for value in tree]
        return items if any(new is not old for new, old in zip(items, tree)) else tree
    return tree
