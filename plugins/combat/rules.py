"""RULES.md section 3: the action economy of a combat round, as a state machine over plain data.

The encounter is the dict kept in the session as ``[plugins.combat]`` (TOML-shaped: no None, a
missing value is a missing key). ``table`` is ``config/combat.toml`` parsed; ``settings`` its
``[settings]`` with the session's overrides merged in. Nothing here knows the host or Textual:
the operations in ``ops.py`` turn :class:`Invalid` into a refusal, pass the speeds in, and act on
the events these functions return (the clock, the ``round_started`` hook, journal lines).

Two kinds of "no":

- :class:`Invalid`: the request makes no sense (no fight, an unknown name, negative metres). Never
  overridable.
- a *refusal*: a sentence returned by :func:`refusal` when the rules forbid an action. The game
  master can force the action anyway with an override reason (:func:`take`, :func:`move`).
"""

from __future__ import annotations

import math
from typing import Any, Callable

from gm_console.core import abilities

ACTIONS = ("standard", "move", "full-round", "free", "swift", "immediate", "step")

EPSILON = 1e-9  # metres are floats: 9 m spent of 9 m allowed must not read as "over"

Encounter = dict[str, Any]
Combatant = dict[str, Any]
Event = dict[str, Any]
Roll = Callable[[], int]


class Invalid(ValueError):
    """A request that cannot be understood or applied (not a rule refusal)."""


class Forbidden(Exception):
    """The rules forbid the action and no override was given; ``str()`` is the reason."""


# ---------------------------------------------------------------------------------------------
# The encounter and its combatants
# ---------------------------------------------------------------------------------------------


def dexterity_modifier(dexterity: Any) -> int:
    """floor((Dexterity − 10) / 2); a sheet without Dexterity counts as 10."""
    if dexterity in (None, ""):
        return 0
    try:
        return abilities.modifier(abilities.parse_score(dexterity, "dexterity"))
    except ValueError as exc:
        raise Invalid(str(exc)) from None


def fresh_budget() -> dict[str, Any]:
    """What a combatant has spent of one turn: nothing yet.

    ``swift`` says what used the turn's swift action: "" (nothing), "swift", "immediate" (taken
    on the combatant's own turn) or "borrowed" (an immediate action taken off-turn before this
    turn began). ``moved``: the combatant has moved this round (which closes the 5-foot step).
    ``completed`` names a full-round action completed this turn.
    """
    return {"standard": 0, "move": 0, "full_round": False, "full_round_step": True, "swift": "",
            "free": 0, "step": False, "moved": False, "metres_allowed": 0.0,
            "metres_spent": 0.0, "completed": ""}


def new_combatant(name: str, modifier: int, *, party: bool, speed_m: float | None = None,
                  aware: bool = False) -> Combatant:
    """A combatant before its first turn: flat-footed, no initiative yet. Party members keep no
    speed of their own (theirs comes from the speed pipeline each time); ad hoc ones do."""
    combatant: Combatant = {"name": name, "party": party, "modifier": int(modifier),
                            "aware": aware, "restricted": "", "flat_footed": True, "turns": 0,
                            "borrowed_round": 0, "budget": fresh_budget()}
    if speed_m is not None:
        if speed_m < 0:
            raise Invalid(f"{name}: a speed cannot be negative ({speed_m} m)")
        combatant["speed_m"] = float(speed_m)
    return combatant


def new_encounter(party: list[dict[str, Any]], aware: list[str]) -> Encounter:
    """An encounter with every party member as a combatant, before initiative.

    ``aware`` names who acts in a surprise round (none: no surprise round). Names that are not
    party members are kept in ``aware_pending`` for ad hoc combatants added later; the fight
    cannot begin while one is left unmatched (a typo would otherwise silently skip someone).
    """
    combatants = []
    for character in party:
        name = str(character.get("name", "")).strip()
        if not name:
            raise Invalid("a character without a name cannot join the fight")
        modifier = dexterity_modifier(character.get("dexterity"))
        combatants.append(new_combatant(name, modifier, party=True))
    encounter: Encounter = {"active": True, "round": 0, "surprise": False, "turn": "",
                            "turns_begun": 0, "order": [], "combatants": combatants,
                            "aware_pending": []}
    for name in aware:
        found = find(encounter, name, required=False)
        if found is not None:
            found["aware"] = True
        elif name.strip():
            encounter["aware_pending"].append(name.strip())
    return encounter


def find(encounter: Encounter, name: str, *, required: bool = True) -> Combatant | None:
    """The combatant called ``name`` (case-insensitive)."""
    wanted = name.strip().casefold()
    for combatant in encounter.get("combatants", []):
        if combatant["name"].casefold() == wanted:
            return combatant
    if required:
        known = ", ".join(c["name"] for c in encounter.get("combatants", [])) or "none"
        raise Invalid(f"no combatant named {name!r} (combatants: {known})")
    return None


def require_active(encounter: Encounter) -> None:
    if not encounter.get("active"):
        raise Invalid("no fight is running: start one with combat.start")


def add_combatant(encounter: Encounter, name: str, modifier: int, speed_m: float, *,
                  value: int | None = None, aware: bool = False) -> Combatant:
    """Add an ad hoc combatant (a monster), flat-footed until its first turn like everyone. It
    takes its place in the order once it has an initiative (:func:`place`)."""
    require_active(encounter)
    name = name.strip()
    if not name:
        raise Invalid("a combatant needs a name")
    if find(encounter, name, required=False) is not None:
        raise Invalid(f"there is already a combatant named {name!r}")
    pending = [n for n in encounter["aware_pending"] if n.casefold() == name.casefold()]
    combatant = new_combatant(name, modifier, party=False, speed_m=speed_m,
                              aware=aware or bool(pending))
    for matched in pending:
        encounter["aware_pending"].remove(matched)
    encounter["combatants"].append(combatant)
    if value is not None:
        combatant["initiative"] = int(value)
    return combatant


def remove_combatant(encounter: Encounter, name: str) -> list[Event]:
    """Take a combatant out of the fight (fled, dead). If it was its turn, the next one's
    begins (a new round after the last), without the end-of-turn bookkeeping of the one
    leaving."""
    require_active(encounter)
    combatant = find(encounter, name)
    assert combatant is not None
    was_turn = encounter["turn"] == combatant["name"]
    following = _next_in_order(encounter, combatant["name"]) if was_turn else None
    if combatant["name"] in encounter["order"]:
        encounter["order"].remove(combatant["name"])
    encounter["combatants"].remove(combatant)
    if not was_turn:
        return []
    encounter["turn"] = ""
    if following is not None:
        return _start_turn(encounter, find(encounter, following))
    if encounter["order"]:
        return _start_round(encounter, surprise=False)
    return []


# ---------------------------------------------------------------------------------------------
# Initiative
# ---------------------------------------------------------------------------------------------


def set_initiative(encounter: Encounter, name: str, value: int) -> None:
    """Type in (or correct) a combatant's initiative; :func:`place` then acts on it."""
    require_active(encounter)
    combatant = find(encounter, name)
    assert combatant is not None
    combatant["initiative"] = int(value)
    combatant.pop("rolloff", None)
    combatant.pop("order_key", None)


def can_begin(encounter: Encounter) -> bool:
    """Whether the fight can begin: combatants, each with an initiative, and everyone the
    surprise round names among them."""
    return (bool(encounter["combatants"]) and not missing_initiative(encounter)
            and not encounter["aware_pending"])


def place(encounter: Encounter, roll: Roll) -> list[Event]:
    """After a combatant joined or got an initiative. Before the fight: begin it as soon as
    every initiative is known, so the first turn is simply the highest initiative's. During the
    fight: settle the order again; while nobody has acted yet, the first turn goes to whoever
    now comes first (a latecomer with the best initiative does not lose round 1)."""
    if not begun(encounter):
        return begin(encounter, roll) if can_begin(encounter) else []
    settle_order(encounter, roll)
    current = find(encounter, encounter["turn"], required=False)
    first = _next_in_order(encounter, "")
    untouched = (encounter["round"] == 1 and encounter.get("turns_begun") == 1
                 and current is not None and _untouched(current))
    if not untouched or first is None or first == current["name"]:
        return []
    _unstart(encounter, current)
    return _start_turn(encounter, find(encounter, first))


def _untouched(c: Combatant) -> bool:
    """Nothing taken yet this turn (a swift action borrowed before the turn does not count)."""
    budget = dict(c["budget"])
    if budget["swift"] == "borrowed":
        budget["swift"] = ""
    return budget == fresh_budget()


def _unstart(encounter: Encounter, c: Combatant) -> None:
    """Take back the start of a turn in which nothing was done (someone steps in first)."""
    c["turns"] -= 1
    c["flat_footed"] = c["turns"] == 0
    encounter["turns_begun"] = encounter.get("turns_begun", 1) - 1


def _undecided(a: list[int], b: list[int]) -> bool:
    """Two roll-off records leave the tie open when one is the start of the other."""
    shorter = min(len(a), len(b))
    return a[:shorter] == b[:shorter]


def settle_order(encounter: Encounter, roll: Roll) -> list[str]:
    """Initiative order, highest first. Ties go to the higher modifier, then to a roll-off:
    each tied combatant rolls, and those still tied roll again. Roll-offs are kept on the
    combatants (``rolloff``) so the order stays the same when it is settled again."""
    ranked = [c for c in encounter["combatants"] if "initiative" in c]
    groups: dict[tuple[int, int], list[Combatant]] = {}
    for combatant in (c for c in ranked if "order_key" not in c):
        groups.setdefault((combatant["initiative"], combatant["modifier"]), []).append(combatant)
    for group in groups.values():
        while True:
            open_ties = {id(a): a for a in group for b in group
                         if a is not b and _undecided(a.get("rolloff", []), b.get("rolloff", []))
                         and len(a.get("rolloff", [])) <= len(b.get("rolloff", []))}
            if not open_ties:
                break
            for combatant in open_ties.values():
                combatant["rolloff"] = [*combatant.get("rolloff", []), int(roll())]
    ranked.sort(key=_rank, reverse=True)
    encounter["order"] = [c["name"] for c in ranked]
    return encounter["order"]


def _rank(c: Combatant) -> tuple[int, ...]:
    """Where a combatant sorts: initiative, modifier, roll-offs; or the place it took by acting
    out of turn (a delayed or readied action: ``order_key``)."""
    if "order_key" in c:
        return tuple(c["order_key"])
    return (c["initiative"], c["modifier"], *c.get("rolloff", []))


def _place_before(encounter: Encounter, mover: Combatant, current: Combatant) -> None:
    """Move ``mover`` just before ``current`` for the rest of the fight: its initiative becomes
    the count it acted on, and its rank sorts it first among those on that count (a roll-off
    higher than any die: no combatant sorts between the two)."""
    mover["initiative"] = current["initiative"]
    mover["order_key"] = [*_rank(current), 1000]
    mover.pop("rolloff", None)
    order = encounter["order"]
    if mover["name"] in order:
        order.remove(mover["name"])
    order.insert(order.index(current["name"]), mover["name"])


def missing_initiative(encounter: Encounter) -> list[str]:
    return [c["name"] for c in encounter["combatants"] if "initiative" not in c]


# ---------------------------------------------------------------------------------------------
# Rounds and turns
# ---------------------------------------------------------------------------------------------


def begun(encounter: Encounter) -> bool:
    return bool(encounter.get("active")) and int(encounter.get("round", 0)) > 0


def begin(encounter: Encounter, roll: Roll) -> list[Event]:
    """Settle the order and start the first round (the surprise round if anyone is aware)."""
    require_active(encounter)
    if encounter["round"] > 0:
        raise Invalid("the fight has already begun")
    if not encounter["combatants"]:
        raise Invalid("nobody is in the fight: add combatants with combat.add")
    missing = missing_initiative(encounter)
    if missing:
        raise Invalid(f"no initiative yet for {', '.join(missing)}: roll for all "
                      "(combat.roll_initiative) or type it (combat.initiative)")
    if encounter["aware_pending"]:
        raise Invalid(f"the surprise round names {', '.join(encounter['aware_pending'])}, who "
                      "is not in the fight: add them (combat.add) or start again")
    settle_order(encounter, roll)
    surprise = any(c["aware"] for c in encounter["combatants"])
    return _start_round(encounter, surprise=surprise)


def _acts_this_round(encounter: Encounter, combatant: Combatant) -> bool:
    """In the surprise round only those aware of their foes act."""
    return combatant["aware"] or not encounter["surprise"]


def _next_in_order(encounter: Encounter, after: str) -> str | None:
    order = encounter["order"]
    start = order.index(after) + 1 if after in order else 0
    for name in order[start:]:
        if _acts_this_round(encounter, find(encounter, name)):
            return name
    return None


def _start_round(encounter: Encounter, *, surprise: bool) -> list[Event]:
    encounter["round"] += 1
    encounter["surprise"] = surprise
    events: list[Event] = [{"event": "round_started", "round": encounter["round"],
                            "surprise": surprise}]
    for c in encounter["combatants"]:
        if c.pop("delaying", False):  # a turn delayed to the end of the round is lost
            events.append({"event": "delay_lost", "name": c["name"]})
    first = _next_in_order(encounter, "")
    if first is None:
        raise Invalid("nobody can act this round")
    return events + _start_turn(encounter, find(encounter, first))


def _start_turn(encounter: Encounter, combatant: Combatant) -> list[Event]:
    """A fresh budget; flat-footedness ends; an immediate action taken off-turn since the last
    turn has already used this turn's swift action."""
    encounter["turn"] = combatant["name"]
    encounter["turns_begun"] = encounter.get("turns_begun", 0) + 1
    combatant["flat_footed"] = False
    combatant["turns"] += 1
    combatant["budget"] = fresh_budget()
    if combatant["borrowed_round"]:
        combatant["budget"]["swift"] = "borrowed"
    events: list[Event] = [{"event": "turn_started", "name": combatant["name"]}]
    readied = combatant.pop("readied", None)
    if readied:  # its trigger did not come before its next turn
        events.append({"event": "ready_expired", "name": combatant["name"], **readied})
    return events


def _end_turn(encounter: Encounter, combatant: Combatant, settings: dict[str, Any]) -> list[Event]:
    events: list[Event] = [{"event": "turn_ended", "name": combatant["name"]}]
    if combatant["budget"]["swift"] == "borrowed":
        combatant["borrowed_round"] = 0  # the turn whose swift action was borrowed is over
    started = combatant.get("started")
    if (started and started["round"] < encounter["round"]
            and settings.get("started_full_round_lapses", True)):
        del combatant["started"]
        events.append({"event": "lapsed", "name": combatant["name"], "label": started["label"]})
    return events


def next_turn(encounter: Encounter, settings: dict[str, Any], roll: Roll) -> list[Event]:
    """End the current turn and start the next one, or a new round after the last. Before the
    first round, begin the fight."""
    require_active(encounter)
    if encounter["round"] == 0:
        return begin(encounter, roll)
    events: list[Event] = []
    current = find(encounter, encounter["turn"], required=False)
    if current is not None:
        events += _end_turn(encounter, current, settings)
    following = _next_in_order(encounter, encounter["turn"])
    if following is not None:
        return events + _start_turn(encounter, find(encounter, following))
    return events + _start_round(encounter, surprise=False)


def _own_turn(encounter: Encounter, name: str) -> Combatant:
    require_active(encounter)
    if not begun(encounter):
        raise Invalid("the fight has not begun")
    c = find(encounter, name)
    assert c is not None
    if encounter["turn"] != c["name"]:
        raise Invalid(f"it is {encounter['turn']}'s turn, not {c['name']}'s")
    return c


def delay(encounter: Encounter, name: str) -> list[Event]:
    """Delay (optional rule of the game, welcome in the issue): the current combatant, before
    doing anything, steps out of the order and can act later in the round (:func:`resume`),
    taking that count as its initiative. If the round ends first, that turn is lost; it acts at
    its own count the next round."""
    c = _own_turn(encounter, name)
    if not _untouched(c):
        raise Invalid(f"{c['name']} has already acted this turn: only a turn with nothing done "
                      "can be delayed")
    _unstart(encounter, c)
    c["delaying"] = True
    following = _next_in_order(encounter, c["name"])
    events: list[Event] = [{"event": "delayed", "name": c["name"]}]
    if following is not None:
        return events + _start_turn(encounter, find(encounter, following))
    return events + _start_round(encounter, surprise=False)


def resume(encounter: Encounter, name: str) -> list[Event]:
    """A delaying combatant acts now, before the current combatant (who has done nothing yet),
    and keeps that place in the order."""
    require_active(encounter)
    c = find(encounter, name)
    assert c is not None
    if not c.get("delaying"):
        raise Invalid(f"{c['name']} is not delaying")
    current = find(encounter, encounter["turn"])
    assert current is not None
    if not _untouched(current):
        raise Invalid(f"{current['name']} has already acted this turn: {c['name']} can step in "
                      "once it is over (combat.next), before the next combatant")
    _unstart(encounter, current)
    _place_before(encounter, c, current)
    del c["delaying"]
    return [{"event": "resumed", "name": c["name"]}] + _start_turn(encounter, c)


READY_ACTIONS = ("standard", "move", "swift", "free")


def ready_action(encounter: Encounter, table: dict[str, Any], settings: dict[str, Any],
                 name: str, action: str, trigger: str, *, speed_m: float,
                 override: str = "") -> dict[str, Any]:
    """Ready (optional rule of the game, welcome in the issue): spend the standard action of
    this turn to take ``action`` later, when ``trigger`` happens (:func:`trigger`), before its
    next turn. Returns ``overridden`` like :func:`take`."""
    if action not in READY_ACTIONS:
        raise Invalid(f"a readied action is one of {', '.join(READY_ACTIONS)}, not {action!r}")
    if not trigger.strip():
        raise Invalid("a readied action needs its trigger (what it waits for)")
    done = take(encounter, table, settings, name, "standard", speed_m=speed_m,
                override=override)
    c = find(encounter, name)
    assert c is not None
    c["readied"] = {"action": action, "trigger": trigger.strip(), "round": encounter["round"]}
    return done


def trigger(encounter: Encounter, name: str) -> list[Event]:
    """The readied action's trigger came: the combatant acts now, and from now on just before
    the combatant whose turn it is."""
    require_active(encounter)
    c = find(encounter, name)
    assert c is not None
    readied = c.get("readied")
    if not readied:
        raise Invalid(f"{c['name']} has no readied action")
    if encounter["turn"] == c["name"]:
        raise Invalid(f"it is {c['name']}'s own turn: a readied action waits for its trigger")
    current = find(encounter, encounter["turn"])
    assert current is not None
    _place_before(encounter, c, current)
    del c["readied"]
    return [{"event": "triggered", "name": c["name"], **readied}]


def restrict(encounter: Encounter, name: str, condition: str) -> Combatant:
    """Set (a condition's name) or lift ("") restricted activity on a combatant."""
    require_active(encounter)
    combatant = find(encounter, name)
    assert combatant is not None
    combatant["restricted"] = condition.strip()
    return combatant


def end(encounter: Encounter) -> None:
    """Forget the fight; only the plugin's own settings stay in its table."""
    require_active(encounter)
    for key in [k for k in encounter if k != "settings"]:
        del encounter[key]
    encounter["active"] = False


# ---------------------------------------------------------------------------------------------
# The action budget: what the rules allow now
# ---------------------------------------------------------------------------------------------


def restriction(encounter: Encounter, combatant: Combatant) -> str:
    """Why the combatant's activity is restricted this round, or ""."""
    if encounter.get("surprise"):
        return "surprise round"
    return combatant.get("restricted", "")


def _num(value: float) -> str:
    return f"{value:g}"


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


def _spent_words(budget: dict[str, Any]) -> str:
    parts = []
    if budget["standard"]:
        parts.append("a standard action")
    if budget["move"]:
        parts.append("two move actions" if budget["move"] == 2 else
                     "a move action" if budget["move"] == 1 else f"{budget['move']} move actions")
    return " and ".join(parts) or "nothing"


def _standard_refusal(encounter: Encounter, table: dict[str, Any], c: Combatant) -> str | None:
    name, budget, why = c["name"], c["budget"], restriction(encounter, c)
    if budget["full_round"]:
        return f"{name} took a full-round action this turn: it used the whole turn."
    if _main_after(table, budget, budget["standard"] + 1, budget["move"], bool(why)):
        return None
    if why:
        return (f"{name}'s activity is restricted ({why}): only one standard or one move action "
                f"this round, and {name} has already taken {_spent_words(budget)}.")
    if budget["standard"] >= table["turn"]["standard"]:
        return f"{name} has already taken a standard action this turn."
    return (f"{name} has taken {_spent_words(budget)} this turn: the standard action was traded "
            "for the second move action.")


def _move_refusal(encounter: Encounter, table: dict[str, Any], c: Combatant, extra: int = 1
                  ) -> str | None:
    name, budget, why = c["name"], c["budget"], restriction(encounter, c)
    if budget["full_round"]:
        return (f"{name} took a full-round action this turn: no move action after it (movement "
                "is limited to the 5-foot step).")
    if _main_after(table, budget, budget["standard"], budget["move"] + extra, bool(why)):
        return None
    if why:
        return (f"{name}'s activity is restricted ({why}): only one standard or one move action "
                f"this round, and {name} has already taken {_spent_words(budget)}.")
    return f"{name} has already taken {_spent_words(budget)} this turn: no move action is left."


def _full_round_refusal(encounter: Encounter, c: Combatant, allows_step: bool) -> str | None:
    name, budget, why = c["name"], c["budget"], restriction(encounter, c)
    if why:
        return (f"{name}'s activity is restricted ({why}): no full-round action. Start it with "
                "a standard action (full_round=<its name>) and complete it with a standard "
                "action next round.")
    if budget["full_round"]:
        return f"{name} has already taken a full-round action this turn."
    if budget["standard"] or budget["move"]:
        return (f"A full-round action takes the whole turn: {name} has already taken "
                f"{_spent_words(budget)}.")
    if budget["moved"]:
        return f"A full-round action takes the whole turn: {name} has already moved."
    if budget["step"] and not allows_step:
        return f"{name} has taken a 5-foot step, and this full-round action allows none."
    return None


def _swift_refusal(encounter: Encounter, c: Combatant, action: str) -> str | None:
    name, spent = c["name"], c["budget"]["swift"]
    if spent == "borrowed":
        return (f"{name}'s swift action this turn was used up by the immediate action taken "
                f"off-turn in round {c['borrowed_round']}: no swift or immediate action until "
                "this turn is over.")
    if spent:
        why = (" (the immediate action taken on its own turn counted as its swift action)"
               if spent == "immediate" else "")
        also = "; an immediate action on its own turn would count as one" if action == "immediate" \
            else ""
        return f"{name} has already taken a swift action this turn{why}: one per turn{also}."
    return None


def _immediate_off_turn_refusal(c: Combatant) -> str | None:
    name = c["name"]
    if c["flat_footed"]:
        return (f"{name} is flat-footed (no turn yet in this fight): no immediate action before "
                "its first turn.")
    if c["borrowed_round"]:
        return (f"{name} used an immediate action off-turn in round {c['borrowed_round']}: no "
                "further swift or immediate action until the end of its next turn.")
    return None


def _step_refusal(encounter: Encounter, table: dict[str, Any], settings: dict[str, Any],
                  c: Combatant, speed_m: float) -> str | None:
    name, budget = c["name"], c["budget"]
    why = restriction(encounter, c)
    if budget["step"]:
        return f"{name} has already taken a 5-foot step this round."
    if budget["metres_spent"] > EPSILON:
        return (f"{name} has moved {_num(budget['metres_spent'])} m this round: the 5-foot step "
                "is only for a round with no other movement.")
    if budget["moved"]:
        return (f"{name} has taken a move action this round, counted as movement: the 5-foot "
                "step is only for a round with no other movement (a move action spent on "
                "something else is taken with metres=0).")
    if budget["full_round"] and not budget["full_round_step"]:
        return f"{name}'s full-round action this turn allows no 5-foot step."
    if why and not settings.get("step_when_restricted", True):
        return (f"{name}'s activity is restricted ({why}), and the 5-foot step is not allowed "
                "under restriction (setting step_when_restricted).")
    if speed_m <= EPSILON:
        return f"{name}'s speed is 0 m: no 5-foot step."
    return None


def moving(metres: float | None, settings: dict[str, Any]) -> bool:
    """Whether a move action is movement: metres given and more than 0, or none given and the
    setting counts a move action as movement (metres=0 says it was spent on something else)."""
    if metres is None:
        return bool(settings.get("move_action_counts_as_movement", True))
    return metres > EPSILON


def _movement_refusal(c: Combatant, moves: bool, speed_m: float) -> str | None:
    """Whether the combatant may move at all now, before counting the budget."""
    name, budget = c["name"], c["budget"]
    if not moves:
        return None
    if budget["step"]:
        return (f"{name} took a 5-foot step this round: no other movement (a move action spent "
                "on something else is taken with metres=0).")
    if budget["full_round"]:
        return (f"{name} took a full-round action this turn: movement is limited to the "
                "5-foot step.")
    if speed_m <= EPSILON:
        return f"{name}'s speed is 0 m: no movement."
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
            allows_step: bool = True) -> str | None:
    """Why the rules forbid ``name`` taking ``action`` now, in plain words; None if allowed.

    ``metres`` goes with a move action (movement spent from it; None: not said, see
    :func:`moving`); ``full_round`` with a standard
    action that starts or completes a full-round action (3.3); ``allows_step`` with a
    full-round action (False when it leaves no time for the 5-foot step).
    """
    require_active(encounter)
    if action not in ACTIONS:
        raise Invalid(f"unknown action {action!r} (actions: {', '.join(ACTIONS)})")
    if metres is not None and metres < 0:
        raise Invalid(f"metres cannot be negative ({_num(metres)})")
    if metres and action != "move":
        raise Invalid("metres go with a move action (or actions.move), not a "
                      f"{action} action")
    if full_round and action != "standard":
        raise Invalid("full_round names a full-round action started or completed with a "
                      f"standard action, not a {action} action")
    if not begun(encounter):
        raise Invalid("the fight has not begun: it begins once every combatant has an "
                      "initiative (combat.initiative, combat.roll_initiative)")
    c = find(encounter, name)
    assert c is not None
    own = encounter["turn"] == c["name"]
    if action == "free":
        if own or settings.get("free_off_turn", True):
            return None
        return f"It is {encounter['turn']}'s turn: {c['name']} takes free actions on its own turn."
    if action == "immediate":
        return _swift_refusal(encounter, c, action) if own else _immediate_off_turn_refusal(c)
    if not own:
        waiting = (f" ({c['name']} is delaying: it acts with combat.resume)"
                   if c.get("delaying") else
                   f" ({c['name']} has a readied action: combat.trigger when it comes)"
                   if c.get("readied") else "")
        return (f"It is {encounter['turn']}'s turn, not {c['name']}'s: off-turn only an "
                f"immediate or a free action is possible{waiting}.")
    if action == "swift":
        return _swift_refusal(encounter, c, action)
    if action == "step":
        return _step_refusal(encounter, table, settings, c, speed_m)
    if action == "full-round":
        return _full_round_refusal(encounter, c, allows_step)
    if action == "standard":
        return _standard_refusal(encounter, table, c) or _full_round_part_refusal(encounter, c,
                                                                                  full_round)
    # a move action, with the movement spent from it
    reason = (_move_refusal(encounter, table, c)
              or _movement_refusal(c, moving(metres, settings), speed_m))
    if reason:
        return reason
    available = metres_left(c) + speed_m
    if metres is not None and metres > available + EPSILON:
        return (f"{_num(metres)} m is more than {c['name']} can move with this move action "
                f"({_num(available)} m: speed {_num(speed_m)} m"
                + (f" plus {_num(metres_left(c))} m left" if metres_left(c) > EPSILON else "")
                + ").")
    return None


def _full_round_part_refusal(encounter: Encounter, c: Combatant, label: str) -> str | None:
    """A standard action that starts a full-round action (only under restriction) or completes
    one started in an earlier round."""
    if not label:
        return None
    name, started = c["name"], c.get("started")
    if started:
        if started["round"] >= encounter["round"]:
            return (f"{name} started {started['label']!r} this round: it is completed with a "
                    "standard action next round.")
        if started["label"].casefold() != label.strip().casefold():
            return (f"{name} started {started['label']!r} in round {started['round']}, not "
                    f"{label!r}.")
        return None
    if not restriction(encounter, c):
        return (f"{name}'s activity is not restricted: take {label!r} as a full-round action "
                "(action=full-round).")
    return None


def move_refusal(encounter: Encounter, table: dict[str, Any], name: str, metres: float, *,
                 speed_m: float) -> str | None:
    """Why ``name`` may not move ``metres`` now (actions.move): movement is spent from the move
    actions already taken this turn, and further move actions are taken as needed."""
    require_active(encounter)
    if metres < 0:
        raise Invalid(f"metres cannot be negative ({_num(metres)})")
    if not begun(encounter):
        raise Invalid("the fight has not begun: it begins once every combatant has an "
                      "initiative (combat.initiative, combat.roll_initiative)")
    c = find(encounter, name)
    assert c is not None
    if encounter["turn"] != c["name"]:
        return f"It is {encounter['turn']}'s turn, not {c['name']}'s: no movement off-turn."
    reason = _movement_refusal(c, metres > EPSILON, speed_m)
    if reason:
        return reason
    extra = moves_needed(c, metres, speed_m)
    if extra == 0:
        return None
    reason = _move_refusal(encounter, table, c, extra)
    if reason:
        return (f"{c['name']} has {_num(metres_left(c))} m of movement left this turn, and "
                f"{_num(metres)} m needs {extra} more move action{'s' if extra > 1 else ''}: "
                f"{reason}")
    return None


# ---------------------------------------------------------------------------------------------
# Taking actions
# ---------------------------------------------------------------------------------------------


def take(encounter: Encounter, table: dict[str, Any], settings: dict[str, Any], name: str,
         action: str, *, speed_m: float, metres: float | None = None, full_round: str = "",
         allows_step: bool = True, override: str = "") -> dict[str, Any]:
    """Spend ``action`` from ``name``'s budget. Refused (:class:`Forbidden`) when the rules
    forbid it, unless ``override`` gives the game master's reason. Returns what happened:
    ``overridden`` (the refusal that was overridden, or ""), ``started``/``completed`` (a
    full-round action's name)."""
    reason = refusal(encounter, table, settings, name, action, speed_m=speed_m, metres=metres,
                     full_round=full_round, allows_step=allows_step)
    if reason and not override.strip():
        raise Forbidden(reason)
    c = find(encounter, name)
    assert c is not None
    budget = c["budget"]
    own = encounter["turn"] == c["name"]
    done: dict[str, Any] = {"overridden": reason or "", "started": "", "completed": ""}
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
        budget["metres_allowed"] += speed_m
        budget["metres_spent"] += metres or 0.0
        budget["moved"] = budget["moved"] or moving(metres, settings)
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
         speed_m: float, override: str = "") -> dict[str, Any]:
    """Spend ``metres`` of movement, taking the move actions it needs (actions.move). Returns
    ``overridden`` and ``moves_taken``."""
    reason = move_refusal(encounter, table, name, metres, speed_m=speed_m)
    if reason and not override.strip():
        raise Forbidden(reason)
    c = find(encounter, name)
    assert c is not None
    budget = c["budget"]
    extra = moves_needed(c, metres, speed_m)
    budget["move"] += extra
    budget["metres_allowed"] += extra * speed_m
    budget["metres_spent"] += metres
    budget["moved"] = budget["moved"] or metres > EPSILON
    return {"overridden": reason or "", "moves_taken": extra}


# ---------------------------------------------------------------------------------------------
# At a glance
# ---------------------------------------------------------------------------------------------


def summary(encounter: Encounter, table: dict[str, Any], settings: dict[str, Any],
            speeds: dict[str, float]) -> dict[str, Any]:
    """The encounter as plain data for ``show --json`` and the screen: the round, whose turn,
    and per combatant what is spent and what each action type would get now (True, or the
    reason it is refused)."""
    if not encounter.get("active"):
        return {"active": False}
    out: dict[str, Any] = {"active": True, "round": encounter["round"],
                           "surprise": encounter["surprise"], "turn": encounter["turn"],
                           "order": list(encounter["order"]), "combatants": []}
    if encounter["aware_pending"]:
        out["aware_pending"] = list(encounter["aware_pending"])
    ranked = {name: i for i, name in enumerate(encounter["order"])}
    for c in sorted(encounter["combatants"],
                    key=lambda c: ranked.get(c["name"], len(ranked))):
        speed = speeds.get(c["name"], 0.0)
        entry: dict[str, Any] = {
            "name": c["name"], "initiative": c.get("initiative"), "modifier": c["modifier"],
            "party": c["party"], "aware": c["aware"], "flat_footed": c["flat_footed"],
            "restricted": restriction(encounter, c), "speed_m": speed,
            "acts_this_round": _acts_this_round(encounter, c),
            "spent": dict(c["budget"]), "metres_left": metres_left(c),
            "borrowed_round": c["borrowed_round"],
            "started_full_round": dict(c["started"]) if c.get("started") else None,
            "delaying": bool(c.get("delaying")),
            "readied": dict(c["readied"]) if c.get("readied") else None,
        }
        if begun(encounter):
            entry.update(_now(encounter, table, settings, c, speed))
        out["combatants"].append(entry)
    return out


def _now(encounter: Encounter, table: dict[str, Any], settings: dict[str, Any], c: Combatant,
         speed_m: float) -> dict[str, Any]:
    """What ``c`` can still do now: ``remaining`` (counts, and the metres it can still move
    this turn) and ``refusals`` (each refused action type with its reason)."""
    refusals = {}
    for action in ACTIONS:
        reason = refusal(encounter, table, settings, c["name"], action, speed_m=speed_m)
        if reason is not None:
            refusals[action] = reason
    moves = 0
    if "move" not in refusals:
        moves = 1
        while _move_refusal(encounter, table, c, moves + 1) is None:
            moves += 1
    movement = 0.0 if _movement_refusal(c, True, speed_m) else metres_left(c) + moves * speed_m
    return {"remaining": {"standard": int("standard" not in refusals), "move": moves,
                          "full_round": "full-round" not in refusals,
                          "swift": "swift" not in refusals,
                          "immediate": "immediate" not in refusals,
                          "step": "step" not in refusals, "metres": movement},
            "refusals": refusals}
