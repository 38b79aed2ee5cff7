"""The combat operations: a whole fight can be run (and checked) through these alone, from the
screen or from ``gm-console op``.

They read the encounter from the session (``[plugins.combat]``), hand it to the plain rules
(:mod:`.turns` for the course of the fight, :mod:`.rules` for the action budget) with the speeds
and settings, and turn what they return into refusals, journal lines, the in-game clock (6
seconds a round) and the ``round_started`` hook.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from gm_console import Operation, Param, Refused, Result, RollRequest
from gm_console_plugins.combat import rules, turns
from gm_console_plugins.combat.section import SETTING_KEYS

if TYPE_CHECKING:
    from gm_console import OpContext, Session

PLUGIN = "combat"
ACTION_WORDS = rules.ACTION_WORDS


# -- reading the session --------------------------------------------------------------------


def settings_of(session: Session) -> dict[str, Any]:
    return {key: session.setting(PLUGIN, key) for key in SETTING_KEYS}


def encounter_of(session: Session) -> dict[str, Any]:
    """The encounter as stored; read-only callers (derived values, screens) get an inactive
    one without creating the table."""
    return session.state.get("plugins", {}).get(PLUGIN) or {"active": False}


def speed_m(session: Session, combatant: dict[str, Any],
            party: dict[str, dict[str, Any]] | None = None) -> float:
    """A party member's speed from the speed pipeline, as it is now (armour, load, exhaustion);
    an ad hoc combatant's own. A party member no longer in the party keeps 0 m. ``party`` is
    the characters by casefolded name, when the caller asks about many combatants."""
    if not combatant["party"]:
        return float(combatant.get("speed_m", 0.0))
    if party is not None:
        character = _member(party, combatant["name"])
        return 0.0 if character is None else float(session.speed(character).m)
    try:
        return float(session.speed(session.character(combatant["name"])).m)
    except Refused:
        return 0.0


def _party(session: Session, combatants: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """The characters by casefolded name, indexed once when party members fight (linear, not
    a search per combatant); the first of a name, as ``session.character``."""
    party: dict[str, dict[str, Any]] = {}
    if any(c["party"] for c in combatants):
        for character in session.characters:
            party.setdefault(str(character.get("name", "")).casefold(), character)
    return party


def _member(party: dict[str, dict[str, Any]], name: str) -> dict[str, Any] | None:
    return party.get(name.strip().casefold())


def speeds(session: Session, encounter: dict[str, Any]) -> dict[str, float]:
    """Every combatant's speed."""
    combatants = encounter.get("combatants", [])
    party = _party(session, combatants)
    return {c["name"]: speed_m(session, c, party) for c in combatants}


def limits(session: Session, encounter: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """What each party member's conditions allow (staggered, cannot fight, unconscious), read
    through the host: every plugin's conditions, this one importing none of them."""
    combatants = encounter.get("combatants", [])
    party, out = _party(session, combatants), {}
    for c in combatants:
        character = _member(party, c["name"]) if c["party"] else None
        if character is not None:
            found = session.action_limits(character).as_dict()
            if any(found.values()):
                out[c["name"]] = found
    return out


def own_limits(session: Session, combatant: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """:func:`limits` of one combatant, the one an action is about: its party member found by
    name, without reaching the rest of the party (inside an operation, reaching a character
    copies it: every action on a big party cost every sheet)."""
    if not combatant["party"]:
        return {}
    try:
        character = session.character(combatant["name"])
    except Refused:  # left the party mid-fight
        return {}
    found = session.action_limits(character).as_dict()
    return {combatant["name"]: found} if any(found.values()) else {}


def summary_of(session: Session) -> dict[str, Any]:
    """The fight at a glance (``show --json``'s ``combat``, the screen): the budget rules'
    summary with each party member's conditions and hit points, read through the host."""
    encounter = encounter_of(session)
    out = rules.summary(encounter, session.table(PLUGIN), settings_of(session),
                        speeds(session, encounter), limits(session, encounter))
    party = _party(session, encounter.get("combatants", []))
    for entry in out.get("combatants", []):
        character = _member(party, entry["name"]) if entry["party"] else None
        if character is None:  # not of the party, or left it mid-fight
            continue
        conditions = session.conditions(character)
        entry["condition_names"] = [c.label or c.name for c in conditions]
        hp = session.hit_points(character)
        if hp is not None:
            entry["hit_points"] = hp.short()
    return out


def roller(session: Session) -> Callable[[], int]:
    """The roll-off die (d20 draws from ``random``, so tests seed it with ``random.seed``)."""
    import d20  # on the first roll-off: d20's grammar costs a fifth of a second at start-up

    die = session.table(PLUGIN)["initiative_die"]
    return lambda: int(d20.roll(die).total)


OVERRIDE_HINT = " (the game master can force it with override=<reason>)"


def _guard(function: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    """Rules' own exceptions become refusals; a forbidden action says how to force it."""
    try:
        return function(*args, **kwargs)
    except turns.Invalid as exc:
        raise Refused(str(exc)) from None
    except rules.Forbidden as exc:
        raise Refused(f"{exc}{OVERRIDE_HINT}") from None


def _combatant_name(encounter: dict[str, Any], given: str) -> str:
    """The named combatant, or whose turn it is when no name is given."""
    if given.strip():
        found = _guard(turns.find, encounter, given)
        return found["name"]
    if not turns.begun(encounter):
        raise Refused("name the combatant (combatant=...): the fight has not begun")
    return encounter["turn"]


def _active(ctx: OpContext) -> dict[str, Any]:
    encounter = ctx.section(PLUGIN)
    _guard(turns.require_active, encounter)
    return encounter


# -- events the rules return ---------------------------------------------------------------


def _play(ctx: OpContext, events: list[dict[str, Any]], settings: dict[str, Any]) -> list[str]:
    """Act on round and turn events: the clock, the hook, journal lines. Returns short texts
    for the operation's message."""
    said: list[str] = []
    for event in events:
        if event["event"] == "round_started":
            n, surprise = event["round"], event["surprise"]
            if not surprise or settings["surprise_round_takes_time"]:
                ctx.advance_clock(int(ctx.table(PLUGIN)["round_seconds"]), "round")
            said.append(f"round {n} begins" + (" (surprise round)" if surprise else ""))
            ctx.notify("round_started", round=n)
        elif event["event"] == "turn_started":
            said.append(f"{event['name']}'s turn")
            ctx.notify("turn_started", name=event["name"], round=_round(ctx))
        elif event["event"] == "turn_ended":
            ctx.notify("turn_ended", name=event["name"], round=_round(ctx))
        elif event["event"] == "delayed":
            said.append(f"{event['name']} delays")
        elif event["event"] == "resumed":
            said.append(f"{event['name']} stops delaying and acts now")
        elif event["event"] == "delay_lost":
            ctx.journal(f"{event['name']} delayed to the end of the round: that turn is lost",
                        kind="combat", who=[event["name"]])
        elif event["event"] == "triggered":
            said.append(f"{event['name']} takes the readied {event['action']} action "
                        f"({event['trigger']}) and acts from now on at this count")
        elif event["event"] == "ready_expired":
            ctx.journal(f"{event['name']}'s readied {event['action']} action ({event['trigger']}) "
                        "was not triggered before its turn and is lost", kind="combat",
                        who=[event["name"]])
        elif event["event"] == "lapsed":
            ctx.journal(f"{event['name']}'s full-round action {event['label']!r}, started last "
                        "round, was not completed and is lost", kind="combat",
                        who=[event["name"]])
    return said


def _round(ctx: OpContext) -> int:
    return int(encounter_of(ctx).get("round", 0))


def _begin_if_needed(ctx: OpContext, encounter: dict[str, Any],
                     settings: dict[str, Any]) -> list[str]:
    """An action before round 1: the fight begins by itself once it can (every initiative
    known), so this either begins it (a session edited by hand) or refuses with what is
    missing."""
    if turns.begun(encounter):
        return []
    return _play(ctx, _guard(turns.begin, encounter, roller(ctx)), settings)


# -- the fight -------------------------------------------------------------------------------


def _start(ctx: OpContext, p: dict[str, Any]) -> Result:
    encounter = ctx.section(PLUGIN)
    if encounter.get("active"):
        raise Refused("a fight is already running: combat.end it first")
    fresh = _guard(turns.new_encounter, ctx.characters, p["surprise"])
    encounter.update(fresh)
    names = [c["name"] for c in fresh["combatants"]]
    aware = [c["name"] for c in fresh["combatants"] if c["aware"]] + fresh["aware_pending"]
    text = "the fight starts" + (f": {', '.join(names)}" if names else "")
    if aware:
        text += f"; surprise round, aware: {', '.join(aware)}"
    return Result(text, {"combatants": names, "aware": aware}, names)


def _add(ctx: OpContext, p: dict[str, Any]) -> Result:
    encounter = _active(ctx)
    added = _guard(turns.add_combatant, encounter, p["name"], p["initiative"], p["speed_m"],
                   value=p["value"], aware=p["aware"])
    said = _play(ctx, turns.place(encounter, roller(ctx)), settings_of(ctx))
    sign = "+" if added["modifier"] >= 0 else "−"
    text = (f"{added['name']} joins the fight (initiative {sign}{abs(added['modifier'])}, "
            f"speed {added['speed_m']:g} m"
            + (f", initiative {added['initiative']}" if "initiative" in added else "")
            + (", aware" if added["aware"] else "") + ")")
    return Result("; ".join([text, *said]), {"name": added["name"]}, [added["name"]])


def _add_entry(ctx: OpContext, p: dict[str, Any]) -> Result:
    encounter = _active(ctx)
    added = _guard(turns.add_entry, encounter, p["name"], p["count"], p["note"])
    said = _play(ctx, turns.place(encounter, roller(ctx)), settings_of(ctx))
    text = (f"{added['name']} ({added['entry']}) takes a turn at initiative count "
            f"{added['initiative']}, after every creature on that count")
    return Result("; ".join([text, *said]), {"name": added["name"]}, [])


def _remove(ctx: OpContext, p: dict[str, Any]) -> Result:
    encounter = _active(ctx)
    name = _combatant_name(encounter, p["combatant"])
    said = _play(ctx, _guard(turns.remove_combatant, encounter, name), settings_of(ctx))
    return Result(f"{name} leaves the fight" + "".join(f"; {s}" for s in said), {}, [name])


def spend_movement(ctx: OpContext, character: str, metres: float,
                   override: str) -> dict[str, Any]:
    """Another plugin's movement (a climb, a jump) booked as this combatant's move."""
    return ctx.apply("actions.move", combatant=character, metres=metres, override=override).data


def character_renamed(ctx: OpContext, old: str, new: str) -> None:
    """A party member renamed keeps their place in the fight under the new name."""
    encounter = encounter_of(ctx)
    if not encounter.get("active"):
        return
    encounter = ctx.section(PLUGIN)
    for combatant in encounter["combatants"]:
        if combatant["party"] and combatant["name"] == old:
            combatant["name"] = new
    encounter["order"] = [new if name == old else name for name in encounter["order"]]
    encounter["aware_pending"] = [new if n == old else n for n in encounter["aware_pending"]]
    if encounter["turn"] == old:
        encounter["turn"] = new
    ctx.touch(PLUGIN)


def character_removed(ctx: OpContext, name: str) -> None:
    """A party member who leaves the party leaves the fight, as combat.remove would."""
    encounter = encounter_of(ctx)
    if encounter.get("active") and any(c["party"] and c["name"] == name
                                       for c in encounter["combatants"]):
        ctx.journal(_remove(ctx, {"combatant": name}).message, kind="combat", who=[name])


def _initiative(ctx: OpContext, p: dict[str, Any]) -> Result:
    encounter = _active(ctx)
    name = _combatant_name(encounter, p["combatant"])
    _guard(turns.set_initiative, encounter, name, p["value"])
    said = _play(ctx, turns.place(encounter, roller(ctx)), settings_of(ctx))
    return Result("; ".join([f"{name}: initiative {p['value']}", *said]),
                  {"order": list(encounter["order"])}, [name])


def _roll_initiative(ctx: OpContext, p: dict[str, Any]) -> Result:
    encounter = _active(ctx)
    die = ctx.table(PLUGIN)["initiative_die"]
    wanted = [c for c in encounter["combatants"] if p["all"] or "initiative" not in c]
    if not wanted:
        raise Refused("every combatant has an initiative already (all=true rolls again)")
    rolls = [{"who": c["name"], "expression": f"{die}{c['modifier']:+d}"} for c in wanted]
    request = RollRequest("Initiative", rolls, then="combat.initiative_rolled")
    ctx.request_rolls(request)
    names = [c["name"] for c in wanted]
    return Result(f"initiative to roll: {', '.join(names)}", {"request": request.id}, names)


def _initiative_rolled(ctx: OpContext, p: dict[str, Any]) -> Result:
    encounter = _active(ctx)
    set_to = []
    for outcome in p["outcomes"]:
        name = _combatant_name(encounter, str(outcome["who"]))
        _guard(turns.set_initiative, encounter, name, int(outcome["total"]))
        set_to.append(f"{name} {int(outcome['total'])}")
    said = _play(ctx, turns.place(encounter, roller(ctx)), settings_of(ctx))
    return Result("; ".join([f"initiative: {', '.join(set_to)}", *said]),
                  {"order": list(encounter["order"])})


def _restrict(ctx: OpContext, p: dict[str, Any]) -> Result:
    encounter = _active(ctx)
    name = _combatant_name(encounter, p["combatant"])
    condition = (p["condition"].strip() or "restricted") if p["on"] else ""
    _guard(turns.restrict, encounter, name, condition)
    text = (f"{name}'s activity is restricted ({condition}): one standard or one move action a "
            "round" if condition else f"{name}'s activity is no longer restricted")
    return Result(text, {}, [name])


def _next(ctx: OpContext, p: dict[str, Any]) -> Result:
    encounter = _active(ctx)
    settings = settings_of(ctx)
    ending = encounter.get("turn", "")
    said = _play(ctx, _guard(turns.next_turn, encounter, settings, roller(ctx)), settings)
    text = (f"{ending}'s turn ends; " if ending else "") + "; ".join(said)
    return Result(text, {"round": encounter["round"], "turn": encounter["turn"]},
                  [encounter["turn"]])


def _reorder(move: Any) -> Any:
    """An operation that moves a combatant in the turn order (delay, resume, trigger) and
    plays on what follows: the next turn, a new round."""
    def apply(ctx: OpContext, p: dict[str, Any]) -> Result:
        encounter = _active(ctx)
        name = _combatant_name(encounter, p["combatant"])
        said = _play(ctx, _guard(move, encounter, name), settings_of(ctx))
        return Result("; ".join(said), {"turn": encounter["turn"],
                                        "order": list(encounter["order"])}, [name])
    return apply


def _ready(ctx: OpContext, p: dict[str, Any]) -> Result:
    encounter = _active(ctx)
    name = _combatant_name(encounter, p["combatant"])
    combatant = _guard(turns.find, encounter, name)
    done = _guard(rules.ready_action, encounter, ctx.table(PLUGIN), settings_of(ctx), name,
                  p["action"], p["trigger"], speed_m=speed_m(ctx, combatant),
                  override=p["override"], limits=own_limits(ctx, combatant))
    _override_line(ctx, name, done["overridden"], p["override"])
    text = (f"{name} readies {ACTION_WORDS[p['action']]} for when {p['trigger'].strip()} "
            "(its standard action)")
    if done["overridden"]:
        text += f" (override: {p['override'].strip()})"
    return Result(text, {}, [name])


def _end(ctx: OpContext, p: dict[str, Any]) -> Result:
    encounter = _active(ctx)
    rounds = encounter["round"]
    _guard(turns.end, encounter)
    return Result(f"the fight ends after {rounds} round{'s' if rounds != 1 else ''}",
                  {"rounds": rounds})


# -- actions ---------------------------------------------------------------------------------


def _override_line(ctx: OpContext, name: str, refusal: str, reason: str) -> None:
    if refusal:
        ctx.journal(f"override by the game master ({reason.strip()}): {refusal}",
                    kind="override", who=[name])


def _left(ctx: OpContext, encounter: dict[str, Any], name: str, speed: float,
          limits: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """What ``name`` has left after an action, with the speed and limits the action was
    checked with (an action changes the budget, not the sheet: computed once)."""
    combatant = _guard(turns.find, encounter, name)
    return rules.combatant_summary(encounter, ctx.table(PLUGIN), settings_of(ctx), combatant,
                                   speed, limits)


def _take(ctx: OpContext, p: dict[str, Any]) -> Result:
    encounter = _active(ctx)
    settings = settings_of(ctx)
    said = _begin_if_needed(ctx, encounter, settings)
    name = _combatant_name(encounter, p["combatant"])
    combatant = _guard(turns.find, encounter, name)
    speed, limited = speed_m(ctx, combatant), own_limits(ctx, combatant)
    done = _guard(rules.take, encounter, ctx.table(PLUGIN), settings, name, p["action"],
                  speed_m=speed, metres=p["metres"],
                  full_round=p["full_round"], allows_step=p["allows_step"],
                  override=p["override"], limits=limited,
                  as_standard=p["as_standard"])
    _override_line(ctx, name, done["overridden"], p["override"])
    what = ACTION_WORDS[p["action"]]
    if done["started"]:
        what += f", starting the full-round action {done['started']!r}"
    elif done["completed"]:
        what += f", completing the full-round action {done['completed']!r}"
    elif p["action"] == "full-round" and p["full_round"]:
        what += f" ({p['full_round']})"
    if p["action"] == "full-round" and p["as_standard"]:
        what += (" as a standard action, the single action of its round (only free and swift "
                 "actions and the 5-foot step are left)")
    if p["metres"]:
        what += f", moving {p['metres']:g} m"
    elif p["metres"] == 0 and p["action"] == "move":
        what += " (not to move)"
    if p["action"] == "immediate" and encounter["turn"] != name:
        what += " off-turn (it uses up the swift action of its next turn)"
    text = "; ".join(said + [f"{name} takes {what}"])
    if done["overridden"]:
        text += f" (override: {p['override'].strip()})"
    return Result(text, {"combatant": name, "overridden": done["overridden"],
                         **_left(ctx, encounter, name, speed, limited)}, [name])


def _move(ctx: OpContext, p: dict[str, Any]) -> Result:
    encounter = _active(ctx)
    settings = settings_of(ctx)
    said = _begin_if_needed(ctx, encounter, settings)
    name = _combatant_name(encounter, p["combatant"])
    combatant = _guard(turns.find, encounter, name)
    speed, limited = speed_m(ctx, combatant), own_limits(ctx, combatant)
    done = _guard(rules.move, encounter, ctx.table(PLUGIN), name, p["metres"],
                  speed_m=speed, override=p["override"], limits=limited)
    _override_line(ctx, name, done["overridden"], p["override"])
    taken = done["moves_taken"]
    text = f"{name} moves {p['metres']:g} m"
    if taken:
        text += f" (taking {'a move action' if taken == 1 else f'{taken} move actions'})"
    if done["overridden"]:
        text += f" (override: {p['override'].strip()})"
    return Result("; ".join(said + [text]), {"combatant": name, "moves_taken": taken,
                                             **_left(ctx, encounter, name, speed, limited)}, [name])


COMBATANT = Param("combatant", str, "a combatant's name (default: whose turn it is)", default="")
OVERRIDE = Param("override", str, "the game master's reason to force an action the rules "
                 "refuse (it goes into the journal)", default="")

OPERATIONS = [
    Operation(
        "combat.start", "Start a fight: every character of the session becomes a combatant. "
        "Then add monsters (combat.add) and give initiatives: round 1 begins as soon as every "
        "combatant has one, with the highest initiative's turn.",
        _start,
        (Param("surprise", list, "who is aware of their foes, if there is a surprise round "
               "(names, comma-separated; monsters may be named before they are added); "
               "empty: no surprise round", default=[]),),
    ),
    Operation(
        "combat.add", "Add an ad hoc combatant (a monster) to the fight.", _add,
        (Param("name", str, "its name"),
         Param("initiative", int, "its initiative modifier (added to the d20 when rolling for "
               "all, and the first tie-breaker)", default=0),
         Param("speed_m", float, "its speed in metres per round", default=9.0),
         Param("value", int, "its initiative, if already rolled or typed (else give it with "
               "combat.initiative or roll for all)", default=None),
         Param("aware", bool, "acts in the surprise round", default=False)),
    ),
    Operation(
        "combat.add_entry", "Add a non-creature entry to the initiative order (lair actions, a "
        "hazard, a ritual finishing): a turn at a fixed count, losing ties, with no action "
        "budget.", _add_entry,
        (Param("name", str, "its name (\"Lair actions\")"),
         Param("count", int, "the initiative count it acts on (20 for lair actions)"),
         Param("note", str, "what it is (lair actions, hazard, ...)", default="")),
    ),
    Operation("combat.remove", "Take a combatant out of the fight (fled, dead).", _remove,
              (Param("combatant", str, "its name"),)),
    Operation(
        "combat.initiative", "Type in a combatant's initiative (ties: higher modifier, then a "
        "roll-off).", _initiative,
        (Param("combatant", str, "its name"), Param("value", int, "its initiative"))),
    Operation(
        "combat.roll_initiative", "Ask for initiative rolls (1d20 + modifier) in the dice "
        "prompt, for everyone without an initiative.", _roll_initiative,
        (Param("all", bool, "roll again for everyone", default=False),)),
    Operation(
        "combat.initiative_rolled", "Set initiatives from resolved rolls (applied by the dice "
        "prompt).", _initiative_rolled,
        (Param("request", dict, "the roll request's context", default={}),
         Param("outcomes", list, "the rolls' outcomes: {who, total, ...}", default=[]))),
    Operation(
        "combat.restrict", "Restrict a combatant's activity (a condition) or lift it: one "
        "standard or one move action a round, plus free and swift actions.", _restrict,
        (Param("combatant", str, "its name"),
         Param("on", bool, "on (restricted) or off", default=True),
         Param("condition", str, "the condition's name, shown with the reason", default=""))),
    Operation(
        "combat.next", "End the current turn; the next combatant's begins (a new round after "
        "the last: 6 seconds on the clock).", _next),
    Operation(
        "combat.delay", "Delay: the current combatant, before doing anything, lets the others "
        "go and acts later in the round (combat.resume); a turn delayed past the end of the "
        "round is lost.", _reorder(turns.delay), (COMBATANT,)),
    Operation(
        "combat.resume", "A delaying combatant acts now, before the current combatant (who "
        "must not have acted yet), and keeps that place in the order.", _reorder(turns.resume),
        (Param("combatant", str, "the delaying combatant"),)),
    Operation(
        "combat.ready", "Ready an action (it costs the standard action of the turn) to take it "
        "later when its trigger happens (combat.trigger), before the combatant's next turn.",
        _ready,
        (COMBATANT,
         Param("action", str, "the readied action", default="standard",
               choices=rules.READY_ACTIONS),
         Param("trigger", str, "what it waits for (\"the orc comes within reach\")"),
         OVERRIDE)),
    Operation(
        "combat.trigger", "A readied action's trigger came: the combatant acts now, and from now "
        "on just before the combatant whose turn it is.", _reorder(turns.trigger),
        (Param("combatant", str, "the combatant with a readied action"),)),
    Operation("combat.end", "End the fight.", _end),
    Operation(
        "actions.take", "Spend an action of a combatant's budget; refused with the reason when "
        "the rules forbid it, unless override gives the game master's reason.",
        _take,
        (COMBATANT,
         Param("action", str, "the action type", choices=rules.ACTIONS),
         Param("metres", float, "with a move action: metres moved with it (0: the move action "
               "was spent on something else, which leaves the 5-foot step open; not given: "
               "counted as movement, setting move_action_counts_as_movement)", default=None),
         Param("full_round", str, "with a standard action: the full-round action it starts "
               "(restricted activity) or completes (the round after)", default=""),
         Param("allows_step", bool, "with a full-round action: false if it leaves no time for "
               "a 5-foot step", default=True),
         Param("as_standard", bool, "with a full-round action whose description allows it: "
               "taken as a standard action by a combatant limited, or limiting themselves "
               "(setting full_round_as_standard_by_choice), to a single standard action this "
               "round (RULES.md 3.2)", default=False),
         OVERRIDE),
        kind="combat",
    ),
    Operation(
        "actions.move", "Spend metres of movement: from the move actions taken this turn, "
        "taking more move actions as needed (refused when the budget forbids).",
        _move,
        (COMBATANT, Param("metres", float, "metres of movement (of speed) to spend"), OVERRIDE),
        kind="combat",
    ),
]
