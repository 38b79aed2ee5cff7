"""The fight's course (RULES.md 3): combatants, initiative and its ties, the surprise round,
rounds and turns, delay and ready, restricted activity. A state machine over plain data: the
encounter is the dict kept in the session as ``[plugins.combat]`` (TOML-shaped: no None, a
missing value is a missing key).

Functions that move the fight on return *events* (``round_started``, ``turn_started``,
``lapsed``, ...) for the operations to act on: the clock, the ``round_started`` hook, journal
lines. What a combatant may do within its turn is :mod:`.rules`.
"""

from __future__ import annotations

from typing import Any, Callable, Literal, overload

from gm_console import joined, modifier, parse_score, said_by, say

Encounter = dict[str, Any]
Combatant = dict[str, Any]
Event = dict[str, Any]
Roll = Callable[[], int]


class Invalid(ValueError):
    """A request that cannot be understood or applied (not a rule refusal)."""


# ---------------------------------------------------------------------------------------------
# The encounter and its combatants
# ---------------------------------------------------------------------------------------------


def dexterity_modifier(dexterity: Any) -> int:
    """floor((Dexterity − 10) / 2); a sheet without Dexterity counts as 10."""
    if dexterity in (None, ""):
        return 0
    try:
        return modifier(parse_score(dexterity, "dexterity"))
    except ValueError as exc:
        raise Invalid(said_by(exc)) from None


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
            raise Invalid(say("{name}: a speed cannot be negative ({speed} m)", name=name,
                              speed=speed_m))
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
            raise Invalid(say("a character without a name cannot join the fight"))
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


@overload
def find(encounter: Encounter, name: str, *, required: Literal[True] = ...) -> Combatant: ...


@overload
def find(encounter: Encounter, name: str, *, required: bool) -> Combatant | None: ...


def find(encounter: Encounter, name: str, *, required: bool = True) -> Combatant | None:
    """The combatant called ``name`` (case-insensitive); None only when not ``required``."""
    wanted = name.strip().casefold()
    for combatant in encounter.get("combatants", []):
        if combatant["name"].casefold() == wanted:
            return combatant
    if required:
        known = ", ".join(c["name"] for c in encounter.get("combatants", []))
        raise Invalid(say("no combatant named {name!r} (combatants: {known})", name=name,
                          known=known or say("nobody")))
    return None


def require_active(encounter: Encounter) -> None:
    if not encounter.get("active"):
        raise Invalid(say("no fight is running: start one with combat.start"))


def add_combatant(encounter: Encounter, name: str, modifier: int, speed_m: float, *,
                  value: int | None = None, aware: bool = False) -> Combatant:
    """Add an ad hoc combatant (a monster), flat-footed until its first turn like everyone. It
    takes its place in the order once it has an initiative (:func:`place`)."""
    require_active(encounter)
    name = name.strip()
    if not name:
        raise Invalid(say("a combatant needs a name"))
    if find(encounter, name, required=False) is not None:
        raise Invalid(say("there is already a combatant named {name!r}", name=name))
    pending = [n for n in encounter["aware_pending"] if n.casefold() == name.casefold()]
    combatant = new_combatant(name, modifier, party=False, speed_m=speed_m,
                              aware=aware or bool(pending))
    for matched in pending:
        encounter["aware_pending"].remove(matched)
    encounter["combatants"].append(combatant)
    if value is not None:
        combatant["initiative"] = int(value)
    return combatant


def add_entry(encounter: Encounter, name: str, count: int, note: str = "") -> Combatant:
    """A non-creature entry in the initiative order (lair actions, a hazard, a ritual
    finishing): it takes its turn at a fixed count, losing ties to every creature on it, and
    has no action budget (``entry`` is its note). It acts from round 1, not in a surprise
    round."""
    require_active(encounter)
    name = name.strip()
    if not name:
        raise Invalid(say("an entry needs a name"))
    if find(encounter, name, required=False) is not None:
        raise Invalid(say("there is already a combatant named {name!r}", name=name))
    entry = new_combatant(name, 0, party=False, speed_m=0.0)
    entry.update(flat_footed=False, initiative=int(count), entry=note.strip() or "entry",
                 order_key=[int(count), -1000])  # below any creature on the same count
    encounter["combatants"].append(entry)
    return entry


def is_entry(combatant: Combatant) -> bool:
    """A non-creature entry (lair actions, a hazard): a turn, no action budget."""
    return bool(combatant.get("entry"))


def remove_combatant(encounter: Encounter, name: str) -> list[Event]:
    """Take a combatant out of the fight (fled, dead). If it was its turn, the next one's
    begins (a new round after the last), without the end-of-turn bookkeeping of the one
    leaving."""
    require_active(encounter)
    combatant = find(encounter, name)
    return _leave_order(encounter, combatant, lambda: encounter["combatants"].remove(combatant))


def take_out(encounter: Encounter, name: str) -> list[Event]:
    """A creature down (at the floor of its hit points) is out of the fight: it leaves the
    order, keeping its place in the encounter (its hit points, its initiative) to come back
    healed (:func:`bring_back`). Its turn, if it was, passes as with :func:`remove_combatant`."""
    require_active(encounter)
    combatant = find(encounter, name)
    if combatant.get("out"):
        return []
    return _leave_order(encounter, combatant, lambda: combatant.update(out=True))


def bring_back(encounter: Encounter, name: str, roll: Roll) -> list[Event]:
    """A creature healed above the floor is back in the fight at its initiative."""
    combatant = find(encounter, name)
    if not combatant.pop("out", False):
        return []
    return place(encounter, roll)


def is_out(combatant: Combatant) -> bool:
    return bool(combatant.get("out"))


def group_of(encounter: Encounter, name: str) -> list[Combatant]:
    """The combatants a name stands for: the members of the group so called ("Goblins": one
    initiative for them all), or the one combatant of that name."""
    wanted = name.strip().casefold()
    members = [c for c in encounter.get("combatants", [])
               if str(c.get("group", "")).casefold() == wanted]
    return members or [find(encounter, name)]


def _leave_order(encounter: Encounter, combatant: Combatant,
                 leave: Callable[[], Any]) -> list[Event]:
    was_turn = encounter["turn"] == combatant["name"]
    following = _next_in_order(encounter, combatant["name"]) if was_turn else None
    if combatant["name"] in encounter["order"]:
        encounter["order"].remove(combatant["name"])
    leave()
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
    if is_entry(combatant):  # its count is fixed; it still loses ties
        combatant["initiative"] = int(value)
        combatant["order_key"] = [int(value), -1000]
        return
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
    if current is None or first is None or first == current["name"]:
        return []
    if not (encounter["round"] == 1 and encounter.get("turns_begun") == 1
            and _untouched(current)):
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
    ranked = [c for c in encounter["combatants"] if "initiative" in c and not is_out(c)]
    groups: dict[tuple[int, ...], list[Combatant]] = {}
    for combatant in (c for c in ranked if "order_key" not in c):
        groups.setdefault(_tie_key(encounter, combatant), []).append(combatant)
    for group in groups.values():
        while True:
            open_ties = {id(a): a for a in group for b in group
                         if a is not b and _undecided(a.get("rolloff", []), b.get("rolloff", []))
                         and len(a.get("rolloff", [])) <= len(b.get("rolloff", []))}
            if not open_ties:
                break
            for combatant in open_ties.values():
                combatant["rolloff"] = [*combatant.get("rolloff", []), int(roll())]
    ranked.sort(key=lambda c: _rank(c, encounter), reverse=True)
    encounter["order"] = [c["name"] for c in ranked]
    return encounter["order"]


TIES = ("modifier", "party", "roll-off")
"""How equal initiatives are settled (setting initiative_ties): the higher modifier, then a
roll-off; the party's characters first, then the same; a roll-off alone."""


def _tie_key(encounter: Encounter, c: Combatant) -> tuple[int, ...]:
    """What sorts a combatant before the roll-offs, as the fight's ``ties`` say."""
    ties = encounter.get("ties", "modifier")
    if ties == "roll-off":
        return (c["initiative"],)
    if ties == "party":
        return (c["initiative"], int(bool(c["party"])), c["modifier"])
    return (c["initiative"], c["modifier"])


def _rank(c: Combatant, encounter: Encounter | None = None) -> tuple[int, ...]:
    """Where a combatant sorts: initiative, the tie-breakers (modifier...), roll-offs; or the
    place it took by acting out of turn (a delayed or readied action: ``order_key``)."""
    if "order_key" in c:
        return tuple(c["order_key"])
    return (*_tie_key(encounter or {}, c), *c.get("rolloff", []))


def _place_before(encounter: Encounter, mover: Combatant, current: Combatant) -> None:
    """Move ``mover`` just before ``current`` for the rest of the fight: its initiative becomes
    the count it acted on, and its rank sorts it first among those on that count (a roll-off
    higher than any die: no combatant sorts between the two)."""
    mover["initiative"] = current["initiative"]
    mover["order_key"] = [*_rank(current, encounter), 1000]
    mover.pop("rolloff", None)
    order = encounter["order"]
    if mover["name"] in order:
        order.remove(mover["name"])
    order.insert(order.index(current["name"]), mover["name"])


def missing_initiative(encounter: Encounter) -> list[str]:
    return [c["name"] for c in encounter["combatants"]
            if "initiative" not in c and not is_out(c)]


# ---------------------------------------------------------------------------------------------
# Rounds and turns
# ---------------------------------------------------------------------------------------------


def begun(encounter: Encounter) -> bool:
    return bool(encounter.get("active")) and int(encounter.get("round", 0)) > 0


def begin(encounter: Encounter, roll: Roll) -> list[Event]:
    """Settle the order and start the first round (the surprise round if anyone is aware)."""
    require_active(encounter)
    if encounter["round"] > 0:
        raise Invalid(say("the fight has already begun"))
    if not encounter["combatants"]:
        raise Invalid(say("nobody is in the fight: add combatants with combat.add"))
    missing = missing_initiative(encounter)
    if missing:
        raise Invalid(say("no initiative yet for {names}: roll for all (combat.roll_initiative) "
                          "or type it (combat.initiative)", names=", ".join(missing)))
    if encounter["aware_pending"]:
        raise Invalid(say("the surprise round names {names}, who is not in the fight: add them "
                          "(combat.add) or start again",
                          names=", ".join(encounter["aware_pending"])))
    settle_order(encounter, roll)
    surprise = any(c["aware"] for c in encounter["combatants"])
    return _start_round(encounter, surprise=surprise)


def acts_this_round(encounter: Encounter, combatant: Combatant) -> bool:
    """In the surprise round only those aware of their foes act."""
    return combatant["aware"] or not encounter["surprise"]


def _next_in_order(encounter: Encounter, after: str) -> str | None:
    order = encounter["order"]
    start = order.index(after) + 1 if after in order else 0
    for name in order[start:]:
        if acts_this_round(encounter, find(encounter, name)):
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
        raise Invalid(say("nobody can act this round"))
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
    # An immediate action is only borrowed off-turn, so one still recorded here was borrowed
    # before this turn began: this is the turn whose swift action it used, and it is over (even
    # if the game master forced a swift or immediate action in it, which overwrote "borrowed").
    combatant["borrowed_round"] = 0
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
        raise Invalid(say("the fight has not begun"))
    c = find(encounter, name)
    if encounter["turn"] != c["name"]:
        raise Invalid(say("it is {turn}'s turn, not {name}'s", turn=encounter["turn"],
                          name=c["name"]))
    return c


def delay(encounter: Encounter, name: str) -> list[Event]:
    """Delay (an optional rule of the game): the current combatant, before doing anything, steps
    out of the order and can act later in the round (:func:`resume`), taking that count as its
    initiative. If the round ends first, that turn is lost; it acts at its own count the next
    round."""
    c = _own_turn(encounter, name)
    if not _untouched(c):
        raise Invalid(say("{name} has already acted this turn: only a turn with nothing done "
                          "can be delayed", name=c["name"]))
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
    if not c.get("delaying"):
        raise Invalid(say("{name} is not delaying", name=c["name"]))
    current = find(encounter, encounter["turn"])
    if not _untouched(current):
        raise Invalid(say("{current} has already acted this turn: {name} can step in once it is "
                          "over (combat.next), before the next combatant",
                          current=current["name"], name=c["name"]))
    _unstart(encounter, current)
    _place_before(encounter, c, current)
    del c["delaying"]
    return [{"event": "resumed", "name": c["name"]}] + _start_turn(encounter, c)


def trigger(encounter: Encounter, name: str) -> list[Event]:
    """The readied action's trigger came: the combatant acts now, and from now on just before
    the combatant whose turn it is."""
    require_active(encounter)
    c = find(encounter, name)
    readied = c.get("readied")
    if not readied:
        raise Invalid(say("{name} has no readied action", name=c["name"]))
    if encounter["turn"] == c["name"]:
        raise Invalid(say("it is {name}'s own turn: a readied action waits for its trigger",
                          name=c["name"]))
    current = find(encounter, encounter["turn"])
    _place_before(encounter, c, current)
    del c["readied"]
    return [{"event": "triggered", "name": c["name"], **readied}]


def restrict(encounter: Encounter, name: str, condition: str) -> Combatant:
    """Set (a condition's name) or lift ("") restricted activity on a combatant."""
    require_active(encounter)
    combatant = find(encounter, name)
    combatant["restricted"] = condition.strip()
    return combatant


def end(encounter: Encounter) -> None:
    """Forget the fight; only the plugin's own settings stay in its table."""
    require_active(encounter)
    for key in [k for k in encounter if k != "settings"]:
        del encounter[key]
    encounter["active"] = False


# ---------------------------------------------------------------------------------------------
# Restricted activity
# ---------------------------------------------------------------------------------------------


def restriction(encounter: Encounter, combatant: Combatant) -> str:
    """Why the combatant's activity is restricted this round, or "" (a word the reader's
    language says: a :class:`~gm_console.text.said.Said`, or the condition's name as typed)."""
    if encounter.get("surprise"):
        return say("surprise round")
    if combatant.get("budget", {}).get("limited"):  # 3.2: chose a single standard action
        chosen = say("a full-round action taken as a standard action")
        own = combatant.get("restricted", "")
        return joined("; ", [own, chosen]) if own else chosen
    restricted: str = combatant.get("restricted", "")
    return restricted
