"""Kinds of action (the ``combat_action_kinds`` hook): what ``actions.take action=`` takes,
and what each spends of the round's budget (RULES.md 3.1's action types, or a budget of the
kind's own). Plain functions over plain data, like :mod:`.rules`.

The combat plugin contributes the seven action types, each costing itself; another plugin's
kind costs one of them (cast: a standard action, a swift one quickened) or has its own budget
(``per_turn``), counted in the combatant's ``budget.kinds``.
"""

from __future__ import annotations

from typing import Any, Mapping

from gm_console import Said, say
from gm_console_plugins.combat.rules import ACTIONS, ACTION_WORDS
from gm_console_plugins.combat.turns import Combatant, Encounter, Invalid

Kind = dict[str, Any]
"""A sound kind: ``kind``, ``cost`` (an action type, or the kind's own name), ``variants``
(variant → action type), ``variant_labels`` (variant → its word in the journal), ``per_turn``
(0 unless it has its own budget), ``label``, ``plugin``."""


def built_in() -> list[dict[str, Any]]:
    """The combat plugin's own answer to ``combat_action_kinds``."""
    return [{"kind": action, "cost": action, "label": ACTION_WORDS[action]} for action in ACTIONS]


def problem(entry: Any) -> str | None:
    """What is wrong with one contributed kind (None: nothing), in the author's words."""
    if not isinstance(entry, dict):
        return f"a kind of action is a table, not {entry!r}"
    name = entry.get("kind")
    if not isinstance(name, str) or not name.strip() or name != name.strip().casefold():
        return f"a kind of action needs a 'kind': a lower-case name, not {name!r}"
    per_turn = entry.get("per_turn")
    if per_turn is not None:
        if isinstance(per_turn, bool) or not isinstance(per_turn, int) or per_turn < 1:
            return f"kind {name!r}: per_turn is a whole number, 1 or more, not {per_turn!r}"
        if "cost" in entry or entry.get("variants"):
            return f"kind {name!r}: per_turn (its own budget) goes without cost or variants"
    elif entry.get("cost") not in ACTIONS:
        return (f"kind {name!r}: cost is one of {', '.join(ACTIONS)} (or give per_turn for a "
                f"budget of its own), not {entry.get('cost')!r}")
    variants = entry.get("variants", {})
    if not isinstance(variants, dict) or not all(
            isinstance(v, str) and cost in ACTIONS for v, cost in variants.items()):
        return f"kind {name!r}: variants is a table of name = one of {', '.join(ACTIONS)}"
    if not isinstance(entry.get("label", ""), str):
        return f"kind {name!r}: label is text"
    words = entry.get("variant_labels", {})
    if not isinstance(words, dict) or not all(
            v in variants and isinstance(w, str) for v, w in words.items()):
        return f"kind {name!r}: variant_labels is a table of a variant's name = text"
    return None


def sound(entry: dict[str, Any], plugin: str) -> Kind:
    """A contributed kind checked by :func:`problem`, with every field filled in."""
    per_turn = int(entry.get("per_turn") or 0)
    return {"kind": entry["kind"], "cost": entry["kind"] if per_turn else entry["cost"],
            "variants": dict(entry.get("variants", {})), "per_turn": per_turn,
            "variant_labels": dict(entry.get("variant_labels", {})),
            "label": entry.get("label") or entry["kind"], "plugin": plugin}


def cost_of(kinds: Mapping[str, Kind], kind: str, variant: str) -> str:
    """The action type ``kind`` spends (its variant's, if given), or the kind's own name."""
    if kind not in kinds:
        raise Invalid(say("unknown action {action!r} (actions: {actions})", action=kind,
                          actions=", ".join(kinds)))
    found = kinds[kind]
    if not variant:
        return str(found["cost"])
    if variant not in found["variants"]:
        known = ", ".join(found["variants"]) or say("none")
        raise Invalid(say("{action} has no variant {variant!r} (variants: {known})",
                          action=kind, variant=variant, known=known))
    return str(found["variants"][variant])


def words(kinds: Mapping[str, Kind], kind: str, variant: str, cost: str) -> Said | str:
    """The action as a journal line says it: "a standard action", "a swift action (cast a
    spell, quickened)", "rage"."""
    found = kinds[kind]
    if kind == cost:
        return ACTION_WORDS[kind] if kind in ACTION_WORDS else found["label"]
    what = found["label"] if not variant else say(
        "{label}, {variant}", label=found["label"],
        variant=found["variant_labels"].get(variant, variant))
    return say("{action} ({what})", action=ACTION_WORDS[cost], what=what)


def own_budget_refusal(encounter: Encounter, c: Combatant, found: Kind,
                       no_actions: str) -> Said | None:
    """Why a kind with its own budget is refused: no action at all (a condition), off-turn,
    or its ``per_turn`` spent."""
    name, kind = c["name"], found["kind"]
    if no_actions:
        return say("{name} can take no action: {why}.", name=name, why=no_actions)
    if encounter["turn"] != name:
        return say("It is {turn}'s turn, not {name}'s: {kind} is taken on its own turn.",
                   turn=encounter["turn"], name=name, kind=kind)
    taken = int(c["budget"].get("kinds", {}).get(kind, 0))
    if taken >= found["per_turn"]:
        return say("{name} has already taken {kind} {count} times this turn ({limit} a "
                   "turn).", name=name, kind=kind, count=taken, limit=found["per_turn"])
    return None


def spend_own(c: Combatant, kind: str) -> None:
    """Count one more of a kind with its own budget this turn."""
    spent = c["budget"].setdefault("kinds", {})
    spent[kind] = int(spent.get(kind, 0)) + 1
