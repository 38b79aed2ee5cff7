"""Hooks the combat plugin declares for other plugins (``docs/combat-hooks.md`` describes
them with an example each; ``examples/gm-console-spells`` uses them).

Implement them with ``@hookimpl(optionalhook=True)``: the combat plugin may not be loaded.
The combat plugin implements ``combat_action_kinds`` itself for the action types of RULES.md
3.1, and ``combat_take_action`` for every plugin: its own actions go through the same hooks as
anyone's. A combatant's turn is told by the host's ``turn_started`` and ``turn_ended`` hooks,
which the combat plugin calls.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gm_console import hookspec

if TYPE_CHECKING:
    from gm_console import OpContext, Session


# ---------------------------------------------------------------------------------------------
# What can be done in a round
# ---------------------------------------------------------------------------------------------


@hookspec
def combat_action_kinds() -> list[dict[str, Any]] | None:
    """Contribute kinds of action, each a table: ``kind`` (its name, what ``actions.take
    action=`` takes), ``cost`` (the action type of the round's budget it spends: standard,
    move, full-round, free, swift, immediate or step), ``variants`` (optional: a variant's
    name → the action type it spends instead), ``label`` and ``variant_labels`` (optional:
    what it is, and a variant's name → its word, said in the journal: a ``say()`` sentence
    is said in the reader's language). A kind with ``per_turn`` (a whole number, 1 or more) instead of ``cost``
    has its own budget: that many a turn, on the combatant's own turn. A kind's name is
    taken once; the combat plugin contributes the seven action types, each costing itself.

    Example::

        @hookimpl(optionalhook=True)
        def combat_action_kinds():
            return [{"kind": "cast", "cost": "standard", "variants": {"quickened": "swift"},
                     "label": say("cast a spell"),
                     "variant_labels": {"quickened": say("quickened")}},
                    {"kind": "rage", "per_turn": 1, "label": say("rage")}]
    """


@hookspec
def combat_action_check(session: Session, combatant: dict[str, Any], kind: str, cost: str,
                        variant: str, refusal: str | None) -> dict[str, str] | None:
    """Refuse or allow an action before it is spent: ``{"refuse": reason}`` or
    ``{"allow": reason}``. ``combatant`` is its line of ``show --json``'s ``combat`` (name,
    party, spent...), ``cost`` the action type it spends (the kind's own name for one with its
    own budget) and ``refusal`` why the round's budget refuses it (None: the budget allows
    it). A refusal stands whatever the others say (the game master can still force it with
    an override); an allowance lifts the budget's refusal, and its reason goes into the
    journal. ``actions.move`` asks it too (kind and cost ``move``) when the metres take a
    move action.

    Example::

        @hookimpl(optionalhook=True)
        def combat_action_check(session, combatant, kind, cost, variant, refusal):
            if kind == "cast" and combatant["name"] == "Bram":
                return {"refuse": "Bram has no spell left"}
            if cost == "move" and refusal and combatant["name"] == "Aria":  # hasted
                return {"allow": "haste: one more move action"}
    """


@hookspec
def combat_action_taken(ctx: OpContext, combatant: str, kind: str, cost: str,
                        variant: str) -> None:
    """An action was spent (inside ``actions.take``, or ``actions.move`` once per move action
    its metres take: what this changes is undone with it; raising refuses the whole action).

    Example::

        @hookimpl(optionalhook=True)
        def combat_action_taken(ctx, combatant, kind, cost, variant):
            if kind == "rage":
                ctx.journal(say("{name} rages", name=combatant), kind="combat",
                            who=[combatant])
    """


@hookspec(firstresult=True)
def combat_take_action(ctx: OpContext, combatant: str, kind: str, variant: str,
                       override: str) -> dict[str, Any] | None:
    """Have a combatant spend an action of ``kind`` from another plugin's operation, as
    ``actions.take`` does (same checks, journal line and reactions, in the same undo step);
    answered by the combat plugin. Returns what ``actions.take`` returns (``combatant``,
    ``cost``, ``remaining``...), None when no fight is running; refuses (``Refused``) as it
    does.

    Example::

        def _cast(ctx, p):
            ctx.ask("combat_take_action", combatant=p["caster"], kind="cast",
                    variant="quickened" if p["quickened"] else "", override="")
            ...
    """


# ---------------------------------------------------------------------------------------------
# What the tracker shows
# ---------------------------------------------------------------------------------------------


@hookspec
def combat_columns(session: Session, combatant: dict[str, Any]) -> dict[str, str] | None:
    """Columns of the action tracker for one combatant (its line of ``show --json``'s
    ``combat``): title → value, short. They are shown with the selected combatant and in
    ``show --json`` (``columns``); a title is translated through the plugin's labels.

    Example::

        @hookimpl(optionalhook=True)
        def combat_columns(session, combatant):
            if combatant["name"] == "Mira":
                return {"Slots": "2/3"}
    """
