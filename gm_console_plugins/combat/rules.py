"""RULES.md section 3: the action economy of a turn: what each combatant may still do, why an
action is refused, and spending it (or forcing it with the game master's reason).

Plain functions over plain data: the encounter (see :mod:`.turns`), ``table`` is
``config/combat.toml`` parsed and ``settings`` its ``[settings]`` with the session's overrides
merged in. Nothing here knows the host or Textual.

Two kinds of "no":

- :class:`~.turns.Invalid`: the request makes no sense (no fight, an unknown name, negative
  metres). Never overridable.
- a *refusal*: a sentence returned by :func:`refusal` when the rules forbid an action. The game
  master can force the action anyway with an override reason (:func:`take`, :func:`move`).
"""

from __future__ import annotations

import math
from itertools import count, repeat
from typing import Any, Mapping

from gm_console import Said, joined, say
from gm_console_plugins.combat.turns import (
    Combatant,
    Encounter,
    Invalid,
    acts_this_round,
    begun,
    find,
    is_entry,
    require_active,
    restriction,
)

ACTIONS = ("standard", "move", "full-round", "free", "swift", "immediate", "step")
ACTION_WORDS = {"standard": say("a standard action"), "move": say("a move action"),
                "full-round": say("a full-round action"), "free": say("a free action"),
                "swift": say("a swift action"), "immediate": say("an immediate action"),
                "step": say("a 5-foot step")}

_NOT_BEGUN = say("the fight has not begun: it begins once every combatant has an initiative "
                 "(combat.initiative, combat.roll_initiative)")

EPSILON = 1e-9  # metres are floats: 9 m spent of 9 m allowed must not read as "over"


class Forbidden(Exception):
    """The rules forbid the action and no override was given; its argument is the reason (a
    :class:`~gm_console.text.said.Said`: read it with ``said_by``)."""


# ---------------------------------------------------------------------------------------------
# The action budget: what the rules allow now
# ---------------------------------------------------------------------------------------------


def _main_after(table: dict[str, Any], budget: dict[str, Any], standard: int, move: int,
                restricted: bool) -> bool:
    """Whether ``standard`` standard and ``move`` move actions fit one turn: standards up to
    the limit, moves up to theirs plus one per standard not taken; under restriction only
    ``restricted.main_actions`` of the two together."""
    turn = table["turn"]
    if budget["full_round"]:
        return False
    if restricted:
        return standard + move <= table["restricted"]["main_actions"]
    return standard <= turn["standard"] and move <= turn["move"] + turn["standard"] - standard


def _moves_left(encounter: Encounter, table: dict[str, Any], c: Combatant) -> int:
    """How many move actions still fit this turn (at least one: called when a move action is
    allowed), counted at once from the limits of :func:`_main_after`, whatever the numbers."""
    budget = c["budget"]
    if restriction(encounter, c):
        room = table["restricted"]["main_actions"] - budget["standard"]
    else:
        room = table["turn"]["move"] + table["turn"]["standard"] - budget["standard"]
    return max(1, room - budget["move"])


def _spent_words(budget: dict[str, Any]) -> Said:
    moves = budget["move"]
    move = (say("two move actions") if moves == 2 else say("a move action") if moves == 1
            else say("{count} move actions", count=moves))
    if budget["standard"] and moves:
        return say("{standard} and {move}", standard=ACTION_WORDS["standard"], move=move)
    return ACTION_WORDS["standard"] if budget["standard"] else move if moves else say("nothing")


def _restricted_refusal(name: str, why: str, budget: dict[str, Any]) -> Said:
    return say("{name}'s activity is restricted ({why}): only one standard or one move action "
               "this round, and {name} has already taken {spent}.", name=name, why=why,
               spent=_spent_words(budget))


def _standard_refusal(encounter: Encounter, table: dict[str, Any], c: Combatant) -> Said | None:
    name, budget, why = c["name"], c["budget"], restriction(encounter, c)
    if budget["full_round"]:
        return say("{name} took a full-round action this turn: it used the whole turn.",
                   name=name)
    if _main_after(table, budget, budget["standard"] + 1, budget["move"], bool(why)):
        return None
    if why:
        return _restricted_refusal(name, why, budget)
    if budget["standard"] >= table["turn"]["standard"]:
        return say("{name} has already taken a standard action this turn.", name=name)
    return say("{name} has taken {spent} this turn: the standard action was traded for the "
               "second move action.", name=name, spent=_spent_words(budget))


def _move_refusal(encounter: Encounter, table: dict[str, Any], c: Combatant, extra: int = 1
                  ) -> Said | None:
    name, budget, why = c["name"], c["budget"], restriction(encounter, c)
    if budget["full_round"]:
        return say("{name} took a full-round action this turn: no move action after it "
                   "(movement is limited to the 5-foot step).", name=name)
    if _main_after(table, budget, budget["standard"], budget["move"] + extra, bool(why)):
        return None
    if why:
        return _restricted_refusal(name, why, budget)
    return say("{name} has already taken {spent} this turn: no move action is left.", name=name,
               spent=_spent_words(budget))


def _as_standard_refusal(encounter: Encounter, table: dict[str, Any], settings: dict[str, Any],
                         c: Combatant) -> Said | None:
    """A full-round action taken as a standard action (3.2): « s'il réduit son activité à une
    seule action simple par round ». Under restriction it is the round's one action; otherwise
    only if the combatant may choose to limit themselves (setting
    full_round_as_standard_by_choice) and has taken no standard or move action yet."""
    name, budget, why = c["name"], c["budget"], restriction(encounter, c)
    if not why and not settings.get("full_round_as_standard_by_choice", True):
        return say("{name}'s activity is not restricted: a full-round action is taken as a "
                   "standard action only by a combatant limited to a single standard action "
                   "(setting full_round_as_standard_by_choice).", name=name)
    if budget["standard"] or budget["move"] or budget["full_round"]:
        taken = ACTION_WORDS["full-round"] if budget["full_round"] else _spent_words(budget)
        return say("{name} has taken {spent} this turn: a full-round action taken as a standard "
                   "action must be the round's single action.", name=name, spent=taken)
    return _standard_refusal(encounter, table, c)


def _full_round_refusal(encounter: Encounter, c: Combatant, allows_step: bool) -> Said | None:
    name, budget, why = c["name"], c["budget"], restriction(encounter, c)
    if why:
        return say("{name}'s activity is restricted ({why}): no full-round action. Start it "
                   "with a standard action (full_round=<its name>) and complete it with a "
                   "standard action next round.", name=name, why=why)
    if budget["full_round"]:
        return say("{name} has already taken a full-round action this turn.", name=name)
    if budget["standard"] or budget["move"]:
        return say("A full-round action takes the whole turn: {name} has already taken "
                   "{spent}.", name=name, spent=_spent_words(budget))
    if budget["moved"]:
        return say("A full-round action takes the whole turn: {name} has already moved.",
                   name=name)
    if budget["step"] and not allows_step:
        return say("{name} has taken a 5-foot step, and this full-round action allows none.",
                   name=name)
    return None


def _swift_refusal(encounter: Encounter, c: Combatant, action: str) -> Said | None:
    name, spent = c["name"], c["budget"]["swift"]
    if spent == "borrowed":
        return say("{name}'s swift action this turn was used up by the immediate action taken "
                   "off-turn in round {round}: no swift or immediate action until this turn is "
                   "over.", name=name, round=c["borrowed_round"])
    if not spent:
        return None
    if spent == "immediate" and action == "immediate":
        return say("{name} has already taken a swift action this turn (the immediate action "
                   "taken on its own turn counted as its swift action): one per turn; an "
                   "immediate action on its own turn would count as one.", name=name)
    if spent == "immediate":
        return say("{name} has already taken a swift action this turn (the immediate action "
                   "taken on its own turn counted as its swift action): one per turn.",
                   name=name)
    if action == "immediate":
        return say("{name} has already taken a swift action this turn: one per turn; an "
                   "immediate action on its own turn would count as one.", name=name)
    return say("{name} has already taken a swift action this turn: one per turn.", name=name)


def _immediate_off_turn_refusal(c: Combatant) -> Said | None:
    name = c["name"]
    if c["flat_footed"]:
        return say("{name} is flat-footed (no turn yet in this fight): no immediate action "
                   "before its first turn.", name=name)
    if c["borrowed_round"]:
        return say("{name} used an immediate action off-turn in round {round}: no further swift "
                   "or immediate action until the end of its next turn.", name=name,
                   round=c["borrowed_round"])
    return None


def _step_refusal(encounter: Encounter, table: dict[str, Any], settings: dict[str, Any],
                  c: Combatant, speed_m: float) -> Said | None:
    name, budget = c["name"], c["budget"]
    why = restriction(encounter, c)
    if budget["step"]:
        return say("{name} has already taken a 5-foot step this round.", name=name)
    if budget["metres_spent"] > EPSILON:
        return say("{name} has moved {metres:g} m this round: the 5-foot step is only for a "
                   "round with no other movement.", name=name, metres=budget["metres_spent"])
    if budget["moved"]:
        return say("{name} has taken a move action this round, counted as movement: the 5-foot "
                   "step is only for a round with no other movement (a move action spent on "
                   "something else is taken with metres=0).", name=name)
    if budget["full_round"] and not budget["full_round_step"]:
        return say("{name}'s full-round action this turn allows no 5-foot step.", name=name)
    if why and not settings.get("step_when_restricted", True):
        return say("{name}'s activity is restricted ({why}), and the 5-foot step is not "
                   "allowed under restriction (setting step_when_restricted).", name=name,
                   why=why)
    if speed_m <= EPSILON:
        return say("{name}'s speed is 0 m: no 5-foot step.", name=name)
    return None


Limits = Mapping[str, Mapping[str, Any]]
"""Per combatant name, what its conditions allow (the host's ``action_limits``, as a dict):
``restricted`` (why, or ""), ``forbids`` ({action type: why}), ``no_actions`` (why, or "")."""


def _as_limited(c: Combatant, limits: Limits | None) -> Combatant:
    """``c`` as the budget rules see it: a condition that restricts activity (staggered) adds
    to a restriction set by hand. A read-only view: the stored combatant is not changed."""
    why = ((limits or {}).get(c["name"]) or {}).get("restricted", "")
    if not why:
        return c
    return {**c, "restricted": joined("; ", [part for part in (c.get("restricted", ""), why)
                                             if part])}


def _condition_refusal(c: Combatant, action: str, limits: Limits | None) -> Said | None:
    """A condition that forbids the action (unconscious: every action; cannot fight: standard
    and full-round)."""
    own = (limits or {}).get(c["name"]) or {}
    if own.get("no_actions"):
        return say("{name} can take no action: {why}.", name=c["name"], why=own["no_actions"])
    why = (own.get("forbids") or {}).get(action)
    if why:
        return say("{name} cannot take {action}: {why}.", name=c["name"],
                   action=ACTION_WORDS[action], why=why)
    return None


def moving(metres: float | None, settings: dict[str, Any]) -> bool:
    """Whether a move action is movement: metres given and more than 0, or none given and the
    setting counts a move action as movement (metres=0 says it was spent on something else)."""
    if metres is None:
        return bool(settings.get("move_action_counts_as_movement", True))
    return metres > EPSILON


def _movement_refusal(c: Combatant, moves: bool, speed_m: float) -> Said | None:
    """Whether the combatant may move at all now, before counting the budget."""
    name, budget = c["name"], c["budget"]
    if not moves:
        return None
    if budget["step"]:
        return say("{name} took a 5-foot step this round: no other movement.", name=name)
    if budget["full_round"]:
        return say("{name} took a full-round action this turn: movement is limited to the "
                   "5-foot step.", name=name)
    if speed_m <= EPSILON:
        return say("{name}'s speed is 0 m: no movement.", name=name)
    return None


def metres_left(c: Combatant) -> float:
    """Movement left from the move actions already taken this turn."""
    budget = c["budget"]
    return max(0.0, budget["metres_allowed"] - budget["metres_spent"])


def moves_needed(c: Combatant, metres: float, speed_m: float) -> int:
    """How many more move actions ``metres`` of movement needs beyond what is left."""
    over = metres - metres_left(c)
    if over <= EPSILON:
        return 0
    if speed_m <= EPSILON:
        return 1  # forced with no speed: still a move action's worth of time
    return math.ceil(over / speed_m - EPSILON)


def refusal(encounter: Encounter, table: dict[str, Any], settings: dict[str, Any], name: str,
            action: str, *, speed_m: float, metres: float | None = None, full_round: str = "",
            allows_step: bool = True, limits: Limits | None = None,
            as_standard: bool = False, combatant: Combatant | None = None) -> Said | None:
    """Why the rules forbid ``name`` taking ``action`` now, in plain words; None if allowed.

    ``metres`` goes with a move action (movement spent from it; None: not said, see
    :func:`moving`); ``full_round`` with a standard
    action that starts or completes a full-round action (3.3); ``allows_step`` with a
    full-round action (False when it leaves no time for the 5-foot step); ``limits`` what each
    combatant's conditions allow (:data:`Limits`); ``as_standard`` with a full-round action
    whose description lets it be taken as a standard action by a combatant limited, or who
    limits themselves, to a single standard action this round (3.2). ``combatant`` is the
    stored combatant called ``name`` when the caller holds it already (the summary asks about
    every combatant: looking each one up by name would make it quadratic).
    """
    require_active(encounter)
    if action not in ACTIONS:
        raise Invalid(say("unknown action {action!r} (actions: {actions})", action=action,
                          actions=", ".join(ACTIONS)))
    if metres is not None and metres < 0:
        raise Invalid(say("metres cannot be negative ({metres:g})", metres=metres))
    if metres and action != "move":
        raise Invalid(say("metres go with a move action (or actions.move), not a {action} "
                          "action", action=action))
    if full_round and action != "standard":
        raise Invalid(say("full_round names a full-round action started or completed with a "
                          "standard action, not a {action} action", action=action))
    if not begun(encounter):
        raise Invalid(_NOT_BEGUN)
    c = combatant if combatant is not None else find(encounter, name)
    if is_entry(c):
        raise Invalid(say("{name} is not a creature ({entry}): it has no actions to spend; its "
                          "turn is for what it does (a journal note), then combat.next",
                          name=c["name"], entry=c["entry"]))
    reason = _condition_refusal(c, action, limits)
    if reason:
        return reason
    c = _as_limited(c, limits)
    own = encounter["turn"] == c["name"]
    if action == "free":
        if own or settings.get("free_off_turn", True):
            return None
        return say("It is {turn}'s turn: {name} takes free actions on its own turn.",
                   turn=encounter["turn"], name=c["name"])
    if action == "immediate":
        return _swift_refusal(encounter, c, action) if own else _immediate_off_turn_refusal(c)
    if not own:
        turn, name = encounter["turn"], c["name"]
        if c.get("delaying"):
            return say("It is {turn}'s turn, not {name}'s: off-turn only an immediate or a free "
                       "action is possible ({name} is delaying: it acts with combat.resume).",
                       turn=turn, name=name)
        if c.get("readied"):
            return say("It is {turn}'s turn, not {name}'s: off-turn only an immediate or a free "
                       "action is possible ({name} has a readied action: combat.trigger when "
                       "it comes).", turn=turn, name=name)
        return say("It is {turn}'s turn, not {name}'s: off-turn only an immediate or a free "
                   "action is possible.", turn=turn, name=name)
    if action == "swift":
        return _swift_refusal(encounter, c, action)
    if action == "step":
        return _step_refusal(encounter, table, settings, c, speed_m)
    if action == "full-round":
        if as_standard:
            return _as_standard_refusal(encounter, table, settings, c)
        return _full_round_refusal(encounter, c, allows_step)
    if action == "standard":
        return _standard_refusal(encounter, table, c) or _full_round_part_refusal(encounter, c,
                                                                                  full_round)
    # a move action, with the movement spent from it
    reason = _move_refusal(encounter, table, c)
    if reason:
        return reason
    reason = _movement_refusal(c, moving(metres, settings), speed_m)
    if reason and metres is None:
        return say("{why} A move action spent on something else is taken with metres=0.",
                   why=reason)
    if reason:
        return reason
    available = metres_left(c) + speed_m
    if metres is not None and metres > available + EPSILON:
        if metres_left(c) > EPSILON:
            return say("{metres:g} m is more than {name} can move with this move action "
                       "({available:g} m: speed {speed:g} m plus {left:g} m left).",
                       metres=metres, name=c["name"], available=available, speed=speed_m,
                       left=metres_left(c))
        return say("{metres:g} m is more than {name} can move with this move action "
                   "({available:g} m: speed {speed:g} m).", metres=metres, name=c["name"],
                   available=available, speed=speed_m)
    return None


def _full_round_part_refusal(encounter: Encounter, c: Combatant, label: str) -> Said | None:
    """A standard action that starts a full-round action (only under restriction) or completes
    one started in an earlier round."""
    if not label:
        return None
    name, started = c["name"], c.get("started")
    if started:
        if started["round"] >= encounter["round"]:
            return say("{name} started {label!r} this round: it is completed with a standard "
                       "action next round.", name=name, label=started["label"])
        if started["label"].casefold() != label.strip().casefold():
            return say("{name} started {started!r} in round {round}, not {label!r}.", name=name,
                       started=started["label"], round=started["round"], label=label)
        return None
    if not restriction(encounter, c):
        return say("{name}'s activity is not restricted: take {label!r} as a full-round action "
                   "(action=full-round).", name=name, label=label)
    return None


def move_refusal(encounter: Encounter, table: dict[str, Any], name: str, metres: float, *,
                 speed_m: float, limits: Limits | None = None) -> Said | None:
    """Why ``name`` may not move ``metres`` now (actions.move): movement is spent from the move
    actions already taken this turn, and further move actions are taken as needed."""
    require_active(encounter)
    if metres < 0:
        raise Invalid(say("metres cannot be negative ({metres:g})", metres=metres))
    if not begun(encounter):
        raise Invalid(_NOT_BEGUN)
    c = find(encounter, name)
    if is_entry(c):
        raise Invalid(say("{name} is not a creature ({entry}): it does not move", name=c["name"],
                          entry=c["entry"]))
    reason = _condition_refusal(c, "move", limits) if metres > EPSILON else None
    if reason:
        return reason
    c = _as_limited(c, limits)
    if encounter["turn"] != c["name"]:
        return say("It is {turn}'s turn, not {name}'s: no movement off-turn.",
                   turn=encounter["turn"], name=c["name"])
    reason = _movement_refusal(c, metres > EPSILON, speed_m)
    if reason:
        return reason
    extra = moves_needed(c, metres, speed_m)
    if extra == 0:
        return None
    reason = _move_refusal(encounter, table, c, extra)
    if reason and extra == 1:
        return say("{name} has {left:g} m of movement left this turn, and {metres:g} m needs 1 "
                   "more move action: {why}", name=c["name"], left=metres_left(c),
                   metres=metres, why=reason)
    if reason:
        return say("{name} has {left:g} m of movement left this turn, and {metres:g} m needs "
                   "{count} more move actions: {why}", name=c["name"], left=metres_left(c),
                   metres=metres, count=extra, why=reason)
    return None


# ---------------------------------------------------------------------------------------------
# Taking actions
# ---------------------------------------------------------------------------------------------


def take(encounter: Encounter, table: dict[str, Any], settings: dict[str, Any], name: str,
         action: str, *, speed_m: float, metres: float | None = None, full_round: str = "",
         allows_step: bool = True, override: str = "", limits: Limits | None = None,
         as_standard: bool = False) -> dict[str, Any]:
    """Spend ``action`` from ``name``'s budget. Refused (:class:`Forbidden`) when the rules
    forbid it, unless ``override`` gives the game master's reason. Returns what happened:
    ``overridden`` (the refusal that was overridden, or ""), ``started``/``completed`` (a
    full-round action's name)."""
    reason = refusal(encounter, table, settings, name, action, speed_m=speed_m, metres=metres,
                     full_round=full_round, allows_step=allows_step, limits=limits,
                     as_standard=as_standard)
    if reason and not override.strip():
        raise Forbidden(reason)
    return {**spend(encounter, settings, name, action, speed_m=speed_m, metres=metres,
                    full_round=full_round, allows_step=allows_step, as_standard=as_standard),
            "overridden": reason or ""}


def spend(encounter: Encounter, settings: dict[str, Any], name: str, action: str, *,
          speed_m: float, metres: float | None = None, full_round: str = "",
          allows_step: bool = True, as_standard: bool = False) -> dict[str, Any]:
    """Spend ``action`` from ``name``'s budget, once :func:`refusal` has been heard (or
    overridden, or lifted by a plugin: the ``combat_action_check`` hook). Returns
    ``started``/``completed`` (a full-round action's name)."""
    c = find(encounter, name)
    budget = c["budget"]
    own = encounter["turn"] == c["name"]
    done: dict[str, Any] = {"started": "", "completed": ""}
    if action == "standard":
        budget["standard"] += 1
        if full_round:
            started = c.get("started")
            if started and started["round"] < encounter["round"]:
                del c["started"]
                budget["completed"] = started["label"]
                done["completed"] = started["label"]
            else:
                c["started"] = {"label": full_round.strip(), "round": encounter["round"]}
                done["started"] = full_round.strip()
    elif action == "move":
        budget["move"] += 1
        if metres is None or metres > EPSILON:  # metres=0: spent on something else, no metres
            budget["metres_allowed"] += speed_m
        budget["metres_spent"] += metres or 0.0
        budget["moved"] = budget["moved"] or moving(metres, settings)
    elif action == "full-round" and as_standard:
        # The round's single standard action: nothing but free and swift actions (and the
        # 5-foot step) after it, as under restricted activity.
        budget["standard"] += 1
        budget["limited"] = True
    elif action == "full-round":
        budget["full_round"] = True
        budget["full_round_step"] = allows_step
    elif action == "free":
        budget["free"] += 1
    elif action == "swift":
        budget["swift"] = "swift"
    elif action == "immediate":
        if own:
            budget["swift"] = "immediate"
        else:
            c["borrowed_round"] = encounter["round"]
    elif action == "step":
        budget["step"] = True
    return done


def move(encounter: Encounter, table: dict[str, Any], name: str, metres: float, *,
         speed_m: float, override: str = "", limits: Limits | None = None) -> dict[str, Any]:
    """Spend ``metres`` of movement, taking the move actions it needs (actions.move). Returns
    ``overridden`` and ``moves_taken``."""
    reason = move_refusal(encounter, table, name, metres, speed_m=speed_m, limits=limits)
    if reason and not override.strip():
        raise Forbidden(reason)
    return {"overridden": reason or "", "moves_taken": spend_metres(encounter, name, metres,
                                                                   speed_m=speed_m)}


def spend_metres(encounter: Encounter, name: str, metres: float, *, speed_m: float) -> int:
    """Spend ``metres`` once :func:`move_refusal` has been heard (as :func:`spend`); returns
    how many move actions it took."""
    c = find(encounter, name)
    budget = c["budget"]
    extra = moves_needed(c, metres, speed_m)
    budget["move"] += extra
    budget["metres_allowed"] += extra * speed_m
    budget["metres_spent"] += metres
    budget["moved"] = budget["moved"] or metres > EPSILON
    return extra


READY_ACTIONS = ("standard", "move", "swift", "free")


def ready_action(encounter: Encounter, table: dict[str, Any], settings: dict[str, Any],
                 name: str, action: str, trigger: str, *, speed_m: float,
                 override: str = "", limits: Limits | None = None) -> dict[str, Any]:
    """Ready (an optional rule of the game): spend the standard action of this turn to take
    ``action`` later, when ``trigger`` happens (:func:`.turns.trigger`), before its next turn.
    Returns ``overridden`` like :func:`take`."""
    if action not in READY_ACTIONS:
        raise Invalid(say("a readied action is one of {actions}, not {action!r}",
                          actions=", ".join(READY_ACTIONS), action=action))
    if not trigger.strip():
        raise Invalid(say("a readied action needs its trigger (what it waits for)"))
    done = take(encounter, table, settings, name, "standard", speed_m=speed_m,
                override=override, limits=limits)
    c = find(encounter, name)
    c["readied"] = {"action": action, "trigger": trigger.strip(), "round": encounter["round"]}
    return done



# ---------------------------------------------------------------------------------------------
# At a glance
# ---------------------------------------------------------------------------------------------


def summary(encounter: Encounter, table: dict[str, Any], settings: dict[str, Any],
            speeds: dict[str, float], limits: Limits | None = None,
            kept: dict[str, Any] | None = None) -> dict[str, Any]:
    """The encounter as plain data for ``show --json`` and the screen: the round, whose turn,
    and per combatant what is spent and what each action type would get now (True, or the
    reason it is refused).

    ``kept``: where a caller that asks again and again (the screen, after every key) keeps
    each combatant's line with what it was computed from, an encounter that is not changed
    in place (a committed state's). A combatant's line depends only on its own table, speed
    and limits and on the encounter's fields besides the combatants: while all are the same,
    its line is given again, the kept one itself, to be read and never changed (one action
    changes one combatant of thirty: copying the others' lines twice after each key cost
    more than the action's own line), which the caller can tell by its identity."""
    if not encounter.get("active"):
        return {"active": False}
    out: dict[str, Any] = {"active": True, "round": encounter["round"],
                           "surprise": encounter["surprise"], "turn": encounter["turn"],
                           "order": list(encounter["order"]), "combatants": []}
    if encounter["aware_pending"]:
        out["aware_pending"] = list(encounter["aware_pending"])
    around = _around(encounter, table, settings)
    before = {} if kept is None or kept.get("around") != around else kept["lines"]
    lines = []
    limited = limits or {}
    for c in in_order(encounter):  # (`in`, not `get`: for every combatant after every key)
        name = c["name"]
        inputs = (c, speeds[name] if name in speeds else 0.0,
                  limited[name] if name in limited else None)
        known = before[name] if name in before else None
        entry = known[1] if known is not None and known[0] == inputs else \
            combatant_summary(encounter, table, settings, c, inputs[1], limits)
        lines += [(name, inputs, entry)]
    out["combatants"] = [entry for _, _, entry in lines]
    if kept is not None:
        kept.update(around=around, lines={name: (inputs, entry) for name, inputs, entry in lines})
    return out


def in_order(encounter: Encounter) -> list[Combatant]:
    """The combatants in the order they act; those not in the order yet last, as added."""
    ranked = {name: i for i, name in enumerate(encounter["order"])}
    combatants = encounter["combatants"]
    # Each one's place looked up by map, not by a key function called for each (the screen
    # asks after every key, for every combatant); ties (not in the order yet) keep their
    # places, as a stable sort by place would.
    places = map(ranked.get, [c["name"] for c in combatants], repeat(len(ranked)))
    return [combatants[index] for _, index in sorted(zip(places, count()))]


def _around(encounter: Encounter, table: dict[str, Any],
            settings: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
    """What a combatant's line reads besides its own table, speed and limits."""
    return ({key: value for key, value in encounter.items() if key != "combatants"}, table,
            settings)


_last_line: tuple[str, dict[str, Any]] | None = None
"""The last line :func:`combatant_summary` made, after what it was made of, written out: an
action's operation makes the acting combatant's line after the action (its result), and the
screen's summary that follows asks for that same line."""


def combatant_summary(encounter: Encounter, table: dict[str, Any], settings: dict[str, Any],
                      stored: Combatant, speed: float,
                      limits: Limits | None = None) -> dict[str, Any]:
    """One combatant's line of :func:`summary` (``limits``: what conditions allow); each
    caller its own copy."""
    global _last_line
    # Written out, not compared with ==: the text is a copy (an operation changes the
    # combatant in place after it asked), and True == 1 == 1.0, which the rules tell apart.
    made_of = repr((_around(encounter, table, settings), stored, speed,
                    (limits or {}).get(stored["name"])))
    last = _last_line
    if last is not None and last[0] == made_of:
        return _copied(last[1])
    entry = _line(encounter, table, settings, stored, speed, limits)
    _last_line = (made_of, entry)
    return _copied(entry)


def _copied(line: dict[str, Any]) -> dict[str, Any]:
    """A copy of a line, its tables (``spent``, ``refusals``, ``conditions`` and the
    ``forbids`` in it...) copied too: an operation's result hands it on to any plugin."""
    return {key: {k: dict(v) if type(v) is dict else v for k, v in value.items()}
            if type(value) is dict else value for key, value in line.items()}


def _line(encounter: Encounter, table: dict[str, Any], settings: dict[str, Any],
          stored: Combatant, speed: float, limits: Limits | None) -> dict[str, Any]:
    c = _as_limited(stored, limits)
    entry: dict[str, Any] = {
        "name": c["name"], "initiative": c.get("initiative"), "modifier": c["modifier"],
        "party": c["party"], "aware": c["aware"], "flat_footed": c["flat_footed"],
        "restricted": restriction(encounter, c), "speed_m": speed,
        "acts_this_round": acts_this_round(encounter, c),
        "spent": dict(c["budget"]), "metres_left": metres_left(c),
        "borrowed_round": c["borrowed_round"],
        "started_full_round": dict(c["started"]) if c.get("started") else None,
        "delaying": bool(c.get("delaying")),
        "readied": dict(c["readied"]) if c.get("readied") else None,
    }
    own = (limits or {}).get(c["name"])
    if own:
        entry["conditions"] = dict(own)
    if is_entry(c):
        entry["entry"] = c["entry"]
    elif begun(encounter):
        entry.update(_now(encounter, table, settings, stored, speed, limits))
    return entry


def _now(encounter: Encounter, table: dict[str, Any], settings: dict[str, Any],
         stored: Combatant, speed_m: float, limits: Limits | None = None) -> dict[str, Any]:
    """What ``stored`` can still do now: ``remaining`` (counts, and the metres it can still
    move this turn) and ``refusals`` (each refused action type with its reason)."""
    c = _as_limited(stored, limits)
    refusals = {}
    for action in ACTIONS:
        # a move action as such (metres=0); whether it can still move is "metres" below
        metres = 0.0 if action == "move" else None
        reason = refusal(encounter, table, settings, c["name"], action, speed_m=speed_m,
                         metres=metres, limits=limits, combatant=stored)
        if reason is not None:
            refusals[action] = reason
    moves = 0 if "move" in refusals else _moves_left(encounter, table, c)
    movement = 0.0 if _movement_refusal(c, True, speed_m) else metres_left(c) + moves * speed_m
    return {"remaining": {"standard": int("standard" not in refusals), "move": moves,
                          "full_round": "full-round" not in refusals,
                          "swift": "swift" not in refusals,
                          "immediate": "immediate" not in refusals,
                          "step": "step" not in refusals, "metres": movement},
            "refusals": refusals}
