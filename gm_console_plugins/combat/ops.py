"""The combat operations: a whole fight can be run (and checked) through these alone, from the
screen or from ``gm-console op``.

They read the encounter from the session (``[plugins.combat]``), hand it to the plain rules
(:mod:`.turns` for the course of the fight, :mod:`.rules` for the action budget) with the speeds
and settings, and turn what they return into refusals, journal lines, the in-game clock (6
seconds a round) and the ``round_started`` hook.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, NamedTuple

from gm_console import (
    Operation,
    Param,
    Refused,
    Result,
    RollRequest,
    Said,
    joined,
    said_by,
    say,
)
from gm_console_plugins.combat import rules, turns
from gm_console_plugins.combat.section import SETTING_KEYS

if TYPE_CHECKING:
    from gm_console import OpContext, Session

PLUGIN = "combat"
ACTION_WORDS = rules.ACTION_WORDS
READY_NAMES = {"standard": say("standard"), "move": say("move"), "swift": say("swift"),
               "free": say("free")}
"""A readied action's type as a sentence says it ("the readied move action")."""


def _named(action: str) -> str:
    return READY_NAMES.get(action, action)


# -- reading the session --------------------------------------------------------------------


def settings_of(session: Session) -> dict[str, Any]:
    return {key: session.setting(PLUGIN, key) for key in SETTING_KEYS}


def encounter_of(session: Session) -> dict[str, Any]:
    """The encounter as stored; read-only callers (derived values, screens) get an inactive
    one without creating the table."""
    return session.state.get("plugins", {}).get(PLUGIN) or {"active": False}


def speed_m(session: Session, combatant: dict[str, Any]) -> float:
    """A party member's speed from the speed pipeline, as it is now (armour, load, exhaustion);
    an ad hoc combatant's own. A party member no longer in the party keeps 0 m."""
    if not combatant["party"]:
        return float(combatant.get("speed_m", 0.0))
    try:
        return float(session.speed(session.character(combatant["name"])).m)
    except Refused:
        return 0.0


def fighters(session: Session, encounter: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """What each character brings to the fight, by casefolded name (the first of a name, as
    ``session.character``): ``speed_m``, ``limits`` (what its conditions allow: the host's
    ``action_limits``; None when they allow everything), ``condition_names`` and
    ``hit_points`` (None: no maximum). Kept from one change to the next while the sheets it
    read stay the same: an action changes the encounter, not them (a fight of 30 party
    members asked it of each after every key)."""
    if not any(c["party"] for c in encounter.get("combatants", [])):
        return {}
    return session.kept("combat.fighters", _fighters)


def _fighters(session: Session) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for character in session.characters:
        name = str(character.get("name", "")).casefold()
        if name in out:
            continue
        conditions = session.conditions(character)
        hp = session.hit_points(character)
        limited = session.action_limits(character).as_dict()
        out[name] = {"speed_m": float(session.speed(character).m),
                     "limits": limited if any(limited.values()) else None,
                     "condition_names": [c.label or c.name for c in conditions],
                     "hit_points": None if hp is None else hp.short()}
    return out


def _member(found: dict[str, dict[str, Any]],
            combatant: dict[str, Any]) -> dict[str, Any] | None:
    """The party member's figures from :func:`fighters` (None: not of the party, or no longer
    in it)."""
    return found.get(combatant["name"].strip().casefold()) if combatant["party"] else None


def speeds(session: Session, encounter: dict[str, Any],
           found: dict[str, dict[str, Any]] | None = None) -> dict[str, float]:
    """Every combatant's speed (``found``: :func:`fighters`, when the caller has it)."""
    found = fighters(session, encounter) if found is None else found
    out = {}
    for c in encounter.get("combatants", []):
        member = _member(found, c)
        out[c["name"]] = (float(c.get("speed_m", 0.0)) if not c["party"] else
                          0.0 if member is None else member["speed_m"])
    return out


def limits(session: Session, encounter: dict[str, Any],
           found: dict[str, dict[str, Any]] | None = None) -> dict[str, dict[str, Any]]:
    """What each party member's conditions allow (staggered, cannot fight, unconscious), read
    through the host: every plugin's conditions, this one importing none of them."""
    found = fighters(session, encounter) if found is None else found
    out = {}
    for c in encounter.get("combatants", []):
        member = _member(found, c)
        if member is not None and member["limits"]:
            out[c["name"]] = member["limits"]
    return out


def own_limits(session: Session, combatant: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """:func:`limits` of one combatant, the one an action is about: its party member found by
    name, without reaching the rest of the party (inside an operation, reaching a character
    copies it: every action on a big party would cost a copy of every sheet)."""
    if not combatant["party"]:
        return {}
    try:
        character = session.character(combatant["name"])
    except Refused:  # left the party mid-fight
        return {}
    found = session.action_limits(character).as_dict()
    return {combatant["name"]: found} if any(found.values()) else {}


def summary_of(session: Session, kept: dict[str, Any] | None = None) -> dict[str, Any]:
    """The fight at a glance (``show --json``'s ``combat``, the screen): the budget rules'
    summary with each party member's conditions and hit points, read through the host
    (``kept``: the screen's, see :func:`rules.summary`)."""
    encounter = encounter_of(session)
    found = fighters(session, encounter)
    out = rules.summary(encounter, session.table(PLUGIN), settings_of(session),
                        speeds(session, encounter, found), limits(session, encounter, found),
                        kept)
    for entry in out.get("combatants", []):
        member = _member(found, entry)
        if member is None:  # not of the party, or left it mid-fight
            continue
        entry["condition_names"] = member["condition_names"]
        if member["hit_points"] is not None:
            entry["hit_points"] = member["hit_points"]
    return out


def roller(session: Session) -> Callable[[], int]:
    """The roll-off die (d20 draws from ``random``, so tests seed it with ``random.seed``)."""
    import d20  # on the first roll-off: building d20's grammar is slow, start-up needs no dice

    die = session.table(PLUGIN)["initiative_die"]
    return lambda: int(d20.roll(die).total)


OVERRIDE_HINT = " (the game master can force it with override=<reason>)"
"""How a refusal that can be forced ends, in English (the host's sentence, said in French
by its translation); :func:`forced_reason` is the refusal without it."""


def _guard(function: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    """Rules' own exceptions become refusals; a forbidden action says how to force it."""
    try:
        return function(*args, **kwargs)
    except turns.Invalid as exc:
        raise Refused(said_by(exc)) from None
    except rules.Forbidden as exc:
        raise Refused(say("{why} (the game master can force it with override=<reason>)",
                          why=said_by(exc))) from None


def forced_reason(reason: str) -> str | None:
    """What the rules forbid, in a refusal that can be forced (:data:`OVERRIDE_HINT`); None
    for any other refusal. A screen says it without the command-line syntax."""
    if not reason.endswith(OVERRIDE_HINT):
        return None
    why = reason.values.get("why") if isinstance(reason, Said) else None
    return why if isinstance(why, str) else reason[:-len(OVERRIDE_HINT)]


def _combatant_name(encounter: dict[str, Any], given: str) -> str:
    """The named combatant, or whose turn it is when no name is given."""
    if given.strip():
        found = _guard(turns.find, encounter, given)
        return found["name"]
    if not turns.begun(encounter):
        raise Refused(say("name the combatant (combatant=...): the fight has not begun"))
    return encounter["turn"]


def _active(ctx: OpContext) -> dict[str, Any]:
    encounter = ctx.section(PLUGIN)
    _guard(turns.require_active, encounter)
    return encounter


# -- events the rules return ---------------------------------------------------------------


def _play(ctx: OpContext, events: list[dict[str, Any]], settings: dict[str, Any]) -> list[Said]:
    """Act on round and turn events: the clock, the hook, journal lines. Returns short texts
    for the operation's message."""
    said: list[Said] = []
    for event in events:
        name = event.get("name", "")
        if event["event"] == "round_started":
            n, surprise = event["round"], event["surprise"]
            if not surprise or settings["surprise_round_takes_time"]:
                ctx.advance_clock(int(ctx.table(PLUGIN)["round_seconds"]), "round")
            said.append(say("round {round} begins (surprise round)", round=n) if surprise
                        else say("round {round} begins", round=n))
            ctx.notify("round_started", round=n)
        elif event["event"] == "turn_started":
            said.append(say("{name}'s turn", name=name))
            ctx.notify("turn_started", name=name, round=_round(ctx))
        elif event["event"] == "turn_ended":
            ctx.notify("turn_ended", name=name, round=_round(ctx))
        elif event["event"] == "delayed":
            said.append(say("{name} delays", name=name))
        elif event["event"] == "resumed":
            said.append(say("{name} stops delaying and acts now", name=name))
        elif event["event"] == "delay_lost":
            ctx.journal(say("{name} delayed to the end of the round: that turn is lost",
                            name=name), kind="combat", who=[name])
        elif event["event"] == "triggered":
            said.append(say("{name} takes the readied {action} action ({trigger}) and acts from "
                            "now on at this count", name=name, action=_named(event["action"]),
                            trigger=event["trigger"]))
        elif event["event"] == "ready_expired":
            ctx.journal(say("{name}'s readied {action} action ({trigger}) was not triggered "
                            "before its turn and is lost", name=name,
                            action=_named(event["action"]), trigger=event["trigger"]),
                        kind="combat", who=[name])
        elif event["event"] == "lapsed":
            ctx.journal(say("{name}'s full-round action {label!r}, started last round, was not "
                            "completed and is lost", name=name, label=event["label"]),
                        kind="combat", who=[name])
    return said


def _round(ctx: OpContext) -> int:
    return int(encounter_of(ctx).get("round", 0))


def _begin_if_needed(ctx: OpContext, encounter: dict[str, Any],
                     settings: dict[str, Any]) -> list[Said]:
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
        raise Refused(say("a fight is already running: combat.end it first"))
    fresh = _guard(turns.new_encounter, ctx.characters, p["surprise"])
    encounter.update(fresh)
    names = [c["name"] for c in fresh["combatants"]]
    aware = [c["name"] for c in fresh["combatants"] if c["aware"]] + fresh["aware_pending"]
    parts = [say("the fight starts: {names}", names=", ".join(names)) if names
             else say("the fight starts")]
    if aware:
        parts.append(say("surprise round, aware: {names}", names=", ".join(aware)))
    return Result(joined("; ", parts), {"combatants": names, "aware": aware}, names)


def _add(ctx: OpContext, p: dict[str, Any]) -> Result:
    encounter = _active(ctx)
    added = _guard(turns.add_combatant, encounter, p["name"], p["initiative"], p["speed_m"],
                   value=p["value"], aware=p["aware"])
    said = _play(ctx, turns.place(encounter, roller(ctx)), settings_of(ctx))
    sign = "+" if added["modifier"] >= 0 else "−"
    details = [say("initiative {modifier}", modifier=f"{sign}{abs(added['modifier'])}"),
               say("speed {speed:g} m", speed=added["speed_m"])]
    if "initiative" in added:
        details.append(say("initiative {value}", value=added["initiative"]))
    if added["aware"]:
        details.append(say("aware"))
    text = say("{name} joins the fight ({details})", name=added["name"],
               details=joined(", ", details))
    return Result(joined("; ", [text, *said]), {"name": added["name"]}, [added["name"]])


def _add_entry(ctx: OpContext, p: dict[str, Any]) -> Result:
    encounter = _active(ctx)
    added = _guard(turns.add_entry, encounter, p["name"], p["count"], p["note"])
    said = _play(ctx, turns.place(encounter, roller(ctx)), settings_of(ctx))
    text = say("{name} ({entry}) takes a turn at initiative count {count}, after every "
               "creature on that count", name=added["name"], entry=added["entry"],
               count=added["initiative"])
    return Result(joined("; ", [text, *said]), {"name": added["name"]}, [])


def _remove(ctx: OpContext, p: dict[str, Any]) -> Result:
    encounter = _active(ctx)
    name = _combatant_name(encounter, p["combatant"])
    said = _play(ctx, _guard(turns.remove_combatant, encounter, name), settings_of(ctx))
    return Result(joined("; ", [say("{name} leaves the fight", name=name), *said]), {}, [name])


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
    return Result(joined("; ", [say("{name}: initiative {value}", name=name, value=p["value"]),
                                *said]), {"order": list(encounter["order"])}, [name])


def _roll_initiative(ctx: OpContext, p: dict[str, Any]) -> Result:
    encounter = _active(ctx)
    die = ctx.table(PLUGIN)["initiative_die"]
    wanted = [c for c in encounter["combatants"] if p["all"] or "initiative" not in c]
    if not wanted:
        raise Refused(say("every combatant has an initiative already (all=true rolls again)"))
    rolls = [{"who": c["name"], "expression": f"{die}{c['modifier']:+d}"} for c in wanted]
    request = RollRequest("Initiative", rolls, then="combat.initiative_rolled")
    ctx.request_rolls(request)
    names = [c["name"] for c in wanted]
    return Result(say("initiative to roll: {names}", names=", ".join(names)),
                  {"request": request.id}, names)


def _initiative_rolled(ctx: OpContext, p: dict[str, Any]) -> Result:
    encounter = _active(ctx)
    set_to = []
    for outcome in p["outcomes"]:
        name = _combatant_name(encounter, str(outcome["who"]))
        _guard(turns.set_initiative, encounter, name, int(outcome["total"]))
        set_to.append(f"{name} {int(outcome['total'])}")
    said = _play(ctx, turns.place(encounter, roller(ctx)), settings_of(ctx))
    return Result(joined("; ", [say("initiative: {rolled}", rolled=", ".join(set_to)), *said]),
                  {"order": list(encounter["order"])})


def _restrict(ctx: OpContext, p: dict[str, Any]) -> Result:
    encounter = _active(ctx)
    name = _combatant_name(encounter, p["combatant"])
    condition = (p["condition"].strip() or say("restricted")) if p["on"] else ""
    _guard(turns.restrict, encounter, name, condition)
    text = (say("{name}'s activity is restricted ({condition}): one standard or one move "
                "action a round", name=name, condition=condition) if condition
            else say("{name}'s activity is no longer restricted", name=name))
    return Result(text, {}, [name])


def _next(ctx: OpContext, p: dict[str, Any]) -> Result:
    encounter = _active(ctx)
    settings = settings_of(ctx)
    ending = encounter.get("turn", "")
    said = _play(ctx, _guard(turns.next_turn, encounter, settings, roller(ctx)), settings)
    ended = [say("{name}'s turn ends", name=ending)] if ending else []
    return Result(joined("; ", [*ended, *said]),
                  {"round": encounter["round"], "turn": encounter["turn"]},
                  [encounter["turn"]])


def _reorder(move: Any) -> Any:
    """An operation that moves a combatant in the turn order (delay, resume, trigger) and
    plays on what follows: the next turn, a new round."""
    def apply(ctx: OpContext, p: dict[str, Any]) -> Result:
        encounter = _active(ctx)
        name = _combatant_name(encounter, p["combatant"])
        said = _play(ctx, _guard(move, encounter, name), settings_of(ctx))
        return Result(joined("; ", said), {"turn": encounter["turn"],
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
    text = say("{name} readies {action} for when {trigger} (its standard action)", name=name,
               action=ACTION_WORDS[p["action"]], trigger=p["trigger"].strip())
    return Result(_overridden(text, done, p), {}, [name])


def _end(ctx: OpContext, p: dict[str, Any]) -> Result:
    encounter = _active(ctx)
    rounds = encounter["round"]
    _guard(turns.end, encounter)
    return Result(say("the fight ends after {rounds} round", rounds=rounds) if rounds == 1
                  else say("the fight ends after {rounds} rounds", rounds=rounds),
                  {"rounds": rounds})


# -- actions ---------------------------------------------------------------------------------


def _override_line(ctx: OpContext, name: str, refusal: str, reason: str) -> None:
    if refusal:
        ctx.journal(say("override by the game master ({reason}): {why}", reason=reason.strip(),
                        why=refusal), kind="override", who=[name])


def _overridden(text: Said, done: dict[str, Any], p: dict[str, Any]) -> Said:
    """What an operation did, with the game master's reason when it forced the rules."""
    if not done["overridden"]:
        return text
    return say("{text} (override: {reason})", text=text, reason=p["override"].strip())


def _left(ctx: OpContext, encounter: dict[str, Any], name: str, speed: float,
          limits: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """What ``name`` has left after an action, with the speed and limits the action was
    checked with (an action changes the budget, not the sheet: computed once)."""
    combatant = _guard(turns.find, encounter, name)
    return rules.combatant_summary(encounter, ctx.table(PLUGIN), settings_of(ctx), combatant,
                                   speed, limits)


class _Acting(NamedTuple):
    """Who takes an action and what it is checked against (the fight begun if it was not)."""
    encounter: dict[str, Any]
    settings: dict[str, Any]
    said: list[Any]   # what beginning the fight said
    name: str
    speed: float
    limited: dict[str, dict[str, Any]]


def _acting(ctx: OpContext, p: dict[str, Any]) -> _Acting:
    encounter = _active(ctx)
    settings = settings_of(ctx)
    said = _begin_if_needed(ctx, encounter, settings)
    name = _combatant_name(encounter, p["combatant"])
    combatant = _guard(turns.find, encounter, name)
    return _Acting(encounter, settings, said, name, speed_m(ctx, combatant),
                   own_limits(ctx, combatant))


def _take(ctx: OpContext, p: dict[str, Any]) -> Result:
    encounter, settings, said, name, speed, limited = _acting(ctx, p)
    done = _guard(rules.take, encounter, ctx.table(PLUGIN), settings, name, p["action"],
                  speed_m=speed, metres=p["metres"],
                  full_round=p["full_round"], allows_step=p["allows_step"],
                  override=p["override"], limits=limited,
                  as_standard=p["as_standard"])
    _override_line(ctx, name, done["overridden"], p["override"])
    what = [ACTION_WORDS[p["action"]]]  # the action, then what goes with it
    if done["started"]:
        what.append(say(", starting the full-round action {label!r}", label=done["started"]))
    elif done["completed"]:
        what.append(say(", completing the full-round action {label!r}",
                        label=done["completed"]))
    elif p["action"] == "full-round" and p["full_round"]:
        what.append(say(" ({label})", label=p["full_round"]))
    if p["action"] == "full-round" and p["as_standard"]:
        what.append(say(" as a standard action, the single action of its round (only free and "
                        "swift actions and the 5-foot step are left)"))
    if p["metres"]:
        what.append(say(", moving {metres:g} m", metres=p["metres"]))
    elif p["metres"] == 0 and p["action"] == "move":
        what.append(say(" (not to move)"))
    if p["action"] == "immediate" and encounter["turn"] != name:
        what.append(say(" off-turn (it uses up the swift action of its next turn)"))
    text = _overridden(say("{name} takes {what}", name=name, what=joined("", what)), done, p)
    return Result(joined("; ", [*said, text]),
                  {"combatant": name, "overridden": done["overridden"],
                   **_left(ctx, encounter, name, speed, limited)}, [name])


def _move(ctx: OpContext, p: dict[str, Any]) -> Result:
    encounter, _, said, name, speed, limited = _acting(ctx, p)
    done = _guard(rules.move, encounter, ctx.table(PLUGIN), name, p["metres"],
                  speed_m=speed, override=p["override"], limits=limited)
    _override_line(ctx, name, done["overridden"], p["override"])
    taken = done["moves_taken"]
    text = (say("{name} moves {metres:g} m", name=name, metres=p["metres"]) if not taken else
            say("{name} moves {metres:g} m (taking a move action)", name=name,
                metres=p["metres"]) if taken == 1 else
            say("{name} moves {metres:g} m (taking {count} move actions)", name=name,
                metres=p["metres"], count=taken))
    return Result(joined("; ", [*said, _overridden(text, done, p)]),
                  {"combatant": name, "moves_taken": taken,
                   **_left(ctx, encounter, name, speed, limited)},
                  [name])


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
