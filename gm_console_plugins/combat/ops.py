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
from gm_console_plugins.combat import creatures, kinds, rules, turns
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


def sheet_of(session: Session, combatant: dict[str, Any]) -> dict[str, Any] | None:
    """The sheet of the party member a combatant is, to be read and never changed
    (``session.character_to_read``); None for a creature, an ad hoc combatant, or a party
    member no longer in the party. Found once for :func:`speed_m` and :func:`own_limits`."""
    if creatures.is_creature(combatant) or not combatant["party"]:
        return None
    try:
        return session.character_to_read(combatant["name"])
    except Refused:
        return None


def speed_m(session: Session, combatant: dict[str, Any], sheet: dict[str, Any] | None) -> float:
    """A party member's speed from the speed pipeline, as it is now (armour, load, exhaustion;
    ``sheet``: :func:`sheet_of`); an ad hoc combatant's own. A party member no longer in the
    party keeps 0 m."""
    if creatures.is_creature(combatant):
        return _creature_speed(session, combatant)
    if not combatant["party"]:
        return float(combatant.get("speed_m", 0.0))
    if sheet is None:
        return 0.0
    try:
        return float(session.speed(sheet).m)
    except Refused:
        return 0.0


def _creature_speed(session: Session, creature: dict[str, Any]) -> float:
    """A creature's own speed, as its conditions leave it (grappled: 0; slowed: half)."""
    speed = float(creature.get("speed_m", 0.0))
    for condition in session.conditions(creature):
        factor = condition.effects.get("speed_factor")
        if isinstance(factor, (int, float)) and not isinstance(factor, bool):
            speed *= float(factor)
    return speed


def creature_figures(session: Session, creature: dict[str, Any]) -> dict[str, Any]:
    """What a creature brings to the fight, as :func:`fighters` says of a party member, read
    through the host's conditions and hit points as a character's are."""
    hp = session.hit_points(creature)
    limited = session.action_limits(creature).as_dict()
    return {"speed_m": _creature_speed(session, creature),
            "limits": limited if any(limited.values()) else None,
            **_condition_words(session, session.conditions(creature)),
            # a player's view has a word for them instead (unhurt, wounded, bloodied, down)
            "hit_points": creature.get("health") if hp is None else hp.short()}


def _condition_words(session: Session, conditions: list[Any]) -> dict[str, list[str]]:
    """A combatant's conditions for the screen: ``condition_names`` (labels),
    ``condition_tags`` (the State column's, abbreviated with what is left of each duration)
    and ``condition_full`` (the line under the table's: name and whole duration, in words)."""
    return {"condition_names": [c.label or c.name for c in conditions],
            "condition_tags": session.condition_tags(conditions),
            "condition_full": session.conditions_in_full(conditions)}


def fighters(session: Session, encounter: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """What each character brings to the fight, by casefolded name (the first of a name, as
    ``session.character``): ``speed_m``, ``limits`` (what its conditions allow: the host's
    ``action_limits``; None when they allow everything), ``condition_names`` and
    ``hit_points`` (None: no maximum). Kept from one change to the next while the sheets it
    read stay the same: an action changes the encounter, not them (a fight of 30 party
    members asked it of each after every key). The kept table itself, not a copy: read it,
    never change it (:func:`summary_of` copies what it hands on)."""
    if not any(c["party"] for c in encounter.get("combatants", [])):
        return {}
    return session.kept("combat.fighters", _fighters, shared=True)


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
                     **_condition_words(session, conditions),
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
    return {c["name"]: _creature_speed(session, c) if creatures.is_creature(c) else
            _speed_of(c, _member(found, c)) for c in encounter.get("combatants", [])}


def _speed_of(combatant: dict[str, Any], figures: dict[str, Any] | None) -> float:
    """A combatant's speed from its ``figures`` (:func:`fighters`' or
    :func:`creature_figures`'; None: an ad hoc combatant's own, 0 m for one who left the
    party)."""
    if figures is not None:
        return float(figures["speed_m"])
    return 0.0 if combatant["party"] else float(combatant.get("speed_m", 0.0))


def own_limits(session: Session, combatant: dict[str, Any],
               sheet: dict[str, Any] | None) -> dict[str, dict[str, Any]]:
    """What the conditions of the one combatant an action is about allow, read through the
    host (``sheet``: :func:`sheet_of`, its party member found by name without reaching the
    rest of the party: inside an operation, reaching a character copies it, and every action
    on a big party would cost a copy of every sheet)."""
    if creatures.is_creature(combatant):
        found = session.action_limits(combatant).as_dict()
        return {combatant["name"]: found} if any(found.values()) else {}
    if sheet is None:
        return {}
    found = session.action_limits(sheet).as_dict()
    return {combatant["name"]: found} if any(found.values()) else {}


def summary_of(session: Session, kept: dict[str, Any] | None = None,
               columns: bool = True) -> dict[str, Any]:
    """The fight at a glance (``show --json``'s ``combat``, the screen): the budget rules'
    summary with each party member's conditions and hit points, read through the host, and
    the other plugins' columns (:func:`with_columns`; ``columns``: False leaves them out).

    ``kept``: the screen's, see :func:`rules.summary`. With it, a party member whose line and
    figures are the last call's is given as the last call's entry itself, to be read and
    never changed: one action changes one combatant of thirty, and making the others'
    entries again after each key cost more than the action."""
    encounter = encounter_of(session)
    found = fighters(session, encounter)
    stored = {c["name"]: c for c in encounter.get("combatants", [])}
    before: dict[str, Any] = {} if kept is None else kept.get("entries", {})
    # Each combatant's figures read once, for its speed, what its conditions allow (read
    # through the host: every plugin's conditions, this one importing none of them) and its
    # line: a party member's from fighters (the last call's while neither its combatant nor
    # fighters' table changed), a creature's own; None for anyone else.
    # (Looked up with `in`, not `get`: the loops run for every combatant after every key.)
    figures, speeds, party = {}, {}, {}
    for name, c in stored.items():
        known = before[name] if name in before else None
        if known is not None and known[0] is c and known[1] is found:
            figures[name], speeds[name] = known[2], known[3]
        elif creatures.is_creature(c):
            figures[name] = creature_figures(session, c)
            speeds[name] = _speed_of(c, figures[name])
            continue
        else:
            figures[name] = _member(found, c)
            speeds[name] = _speed_of(c, figures[name])
        party[name] = c  # a creature's figures are read again each time
    out = rules.summary(encounter, session.table(PLUGIN), settings_of(session), speeds,
                        {name: member["limits"] for name, member in figures.items()
                         if member is not None and member["limits"]}, kept)
    entries = {}
    for index, line in enumerate(out.get("combatants", [])):
        name = line["name"]
        known = before[name] if name in before else None
        if known is not None and known[4] is line and known[2] is figures[name]:
            entry = known[5]  # a party member's, as the last call made it
        else:
            entry = _entry(stored[name], line, figures[name])
        out["combatants"][index] = entry
        if name in party:
            entries[name] = (party[name], found, figures[name], speeds[name], line, entry)
    if kept is not None:
        kept["entries"] = entries
    if columns and "combatants" in out:
        out["combatants"] = [with_columns(session, entry) for entry in out["combatants"]]
    return out


def _entry(creature: dict[str, Any], line: dict[str, Any],
           member: dict[str, Any] | None) -> dict[str, Any]:
    """A combatant's entry of :func:`summary_of`: its ``line`` of the rules' summary (copied)
    with what a creature (``creature``, as stored) or a party member (``member``, its figures)
    brings."""
    entry = dict(line)
    if creatures.is_creature(creature):
        entry.update(armour_class=creature["armour_class"], out=turns.is_out(creature),
                     **({"group": creature["group"]} if creature.get("group") else {}))
    if member is None:  # not of the party, or left it mid-fight
        return entry
    entry.update({key: list(member[key]) for key in
                  ("condition_names", "condition_tags", "condition_full")})
    if member["hit_points"] is not None:
        entry["hit_points"] = member["hit_points"]
    return entry


def with_columns(session: Session, entry: dict[str, Any]) -> dict[str, Any]:
    """A combatant's entry of :func:`summary_of` with the tracker's columns from other
    plugins (``combat_columns``), a copy when there are any. The screen asks them for the
    combatant it details only: they are shown nowhere else."""
    found = _columns(session, entry)
    return {**entry, "columns": found} if found else entry


def _columns(session: Session, entry: dict[str, Any]) -> dict[str, str]:
    """The tracker's columns from other plugins (``combat_columns``) for one combatant; a
    plugin answering anything but a table of text is switched off by name."""
    columns: dict[str, str] = {}
    for plugin, answer in session.host.call_each("combat_columns", session=session,
                                                 combatant=entry):
        if not isinstance(answer, dict) or not all(
                isinstance(k, str) and isinstance(v, str) for k, v in answer.items()):
            session.host.fail(plugin, say("{hook} returned {value}, not {shape}",
                                          hook="combat_columns", value=repr(answer)[:60],
                                          shape=say("a table of text")))
            continue
        columns.update(answer)
    return columns


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
    ties = str(ctx.setting(PLUGIN, "initiative_ties", "modifier"))
    if ties not in turns.TIES:
        raise Refused(say("setting initiative_ties is one of {ties}, not {value!r}",
                          ties=", ".join(turns.TIES), value=ties))
    if encounter.get("ties", "modifier") != ties:  # the order settles ties as the setting says
        encounter["ties"] = ties
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


def _block(ctx: OpContext, key: str) -> dict[str, Any] | None:
    """The stat block asked for (None: a combatant typed in by hand)."""
    if not key.strip():
        return None
    return dict(_guard(creatures.stat_block, ctx.table("creatures"), key,
                       lambda found: ctx.where("creatures", "creatures", found)))


def _hit_points(ctx: OpContext, p: dict[str, Any], dice: str) -> int | None:
    """Its maximum hit points: given, else its hit dice averaged or rolled (the setting, or
    roll_hit_points); None for a combatant with neither (the tracker's ad hoc combatant)."""
    if p["hit_points"] is not None:
        if p["hit_points"] < 1:
            raise Refused(say("hit points must be at least 1, not {value}",
                              value=p["hit_points"]))
        return int(p["hit_points"])
    if not dice:
        return None
    rolled = p["roll_hit_points"] if p["roll_hit_points"] is not None else \
        ctx.setting(PLUGIN, "creature_hit_points", "average") == "rolled"
    if not rolled:
        return int(_guard(creatures.average_hit_points, dice))
    import d20  # on the first roll: building d20's grammar is slow
    return int(_guard(creatures.rolled_hit_points, dice,
                      lambda sides: int(d20.roll(f"1d{sides}").total)))


def _add(ctx: OpContext, p: dict[str, Any]) -> Result:
    encounter = _active(ctx)
    block = _block(ctx, p["creature"])
    if p["count"] < 1 or p["count"] > 50:
        raise Refused(say("a group is 1 to 50 creatures, not {count}", count=p["count"]))
    base = p["name"].strip() or (creatures.label(block, ctx.language) if block else "")
    modifier = p["initiative"] if p["initiative"] is not None else \
        creatures.initiative_modifier(block) if block else 0
    speed = p["speed_m"] if p["speed_m"] is not None else \
        float(block.get("speed_m", 9)) if block else 9.0
    dice = p["hit_dice"].strip() or (str(block["hit_dice"]) if block else "")
    taken = {str(c["name"]).casefold() for c in encounter["combatants"]}
    names = creatures.names(base, p["count"], taken)
    if p["count"] > 1 and any(str(c.get("group", "")).casefold() == base.casefold()
                              for c in encounter["combatants"]):
        raise Refused(say("there is already a group named {name!r}", name=base))
    members = []
    for name in names:
        added = _guard(turns.add_combatant, encounter, name, modifier, speed,
                       value=p["value"], aware=p["aware"])
        hit_points = _hit_points(ctx, p, dice)
        if hit_points is not None:
            ac = p["armour_class"] if p["armour_class"] is not None else \
                int(block.get("armour_class", 10)) if block else 10
            attack = p["attack"] if p["attack"] is not None else \
                int(block.get("attack", 0)) if block else 0
            added.update(creatures.creature_fields(block, hit_points, ac, attack))
        if p["count"] > 1:
            added["group"] = base
        members.append(added)
    said = _play(ctx, turns.place(encounter, roller(ctx)), settings_of(ctx))
    if p["count"] > 1:
        return _group_added(ctx, base, members, said)
    added = members[0]
    sign = "+" if added["modifier"] >= 0 else "−"
    details = [say("initiative {modifier}", modifier=f"{sign}{abs(added['modifier'])}"),
               say("speed {speed:g} m", speed=added["speed_m"])]
    if "initiative" in added:
        details.append(say("initiative {value}", value=added["initiative"]))
    if creatures.is_creature(added):  # its hit points are the game master's (the setting)
        details += [ctx.hit_points_said(added, say("{hit_points} hit points",
                                                   hit_points=added["max_hit_points"]),
                                        say("unhurt"), PLUGIN),
                    say("armour class {ac}", ac=added["armour_class"])]
    if added["aware"]:
        details.append(say("aware"))
    text = say("{name} joins the fight ({details})", name=added["name"],
               details=joined(", ", details))
    return Result(joined("; ", [text, *said]), {"name": added["name"]}, [added["name"]])


def _group_added(ctx: OpContext, base: str, members: list[dict[str, Any]],
                 said: list[Said]) -> Result:
    names = [m["name"] for m in members]
    hit_points = [f"{m['name']} {m['max_hit_points']}" for m in members
                  if creatures.is_creature(m)]
    listed = ", ".join(names) if not hit_points else ctx.hit_points_said(
        members[0], joined(", ", hit_points), joined(", ", names), PLUGIN)
    text = say("{group} join the fight, one initiative for them all: {names}", group=base,
               names=listed)
    return Result(joined("; ", [text, *said]), {"name": base, "members": names}, names)


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


def creatures_of(session: Session) -> list[dict[str, Any]]:
    """The fight's creatures, for the host (``creatures``): stored in the encounter, reached
    through ``session`` (an operation's context changes them in place)."""
    encounter = encounter_of(session)
    if not encounter.get("active") or not any(
            creatures.is_creature(c) for c in encounter["combatants"]):
        return []
    return [c for c in encounter["combatants"] if creatures.is_creature(c)]


def hit_points_changed(ctx: OpContext, name: str, at_floor: bool) -> None:
    """A creature at the floor of its hit points is out of the fight (its turn passes, if it
    was); healed above it, back in at its initiative. Journaled either way."""
    encounter = encounter_of(ctx)
    if not encounter.get("active"):
        return
    creature = turns.find(encounter, name, required=False)
    if creature is None or not creatures.is_creature(creature) \
            or at_floor == turns.is_out(creature):
        return
    encounter = ctx.section(PLUGIN)
    settings = settings_of(ctx)
    if at_floor:
        said = _play(ctx, turns.take_out(encounter, creature["name"]), settings)
        text = say("{name} is down: out of the fight", name=creature["name"])
    else:
        said = _play(ctx, turns.bring_back(encounter, creature["name"], roller(ctx)), settings)
        text = say("{name} is back in the fight", name=creature["name"])
    ctx.journal(joined("; ", [text, *said]), kind="combat", who=[creature["name"]])
    ctx.touch(PLUGIN)


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
    members = _guard(turns.group_of, encounter, p["combatant"])
    for member in members:  # a group's one initiative
        _guard(turns.set_initiative, encounter, member["name"], p["value"])
    name = members[0].get("group", members[0]["name"]) if len(members) > 1 else \
        members[0]["name"]
    said = _play(ctx, turns.place(encounter, roller(ctx)), settings_of(ctx))
    return Result(joined("; ", [say("{name}: initiative {value}", name=name, value=p["value"]),
                                *said]), {"order": list(encounter["order"])}, [name])


def _roll_initiative(ctx: OpContext, p: dict[str, Any]) -> Result:
    encounter = _active(ctx)
    die = ctx.table(PLUGIN)["initiative_die"]
    wanted: dict[str, dict[str, Any]] = {}  # who rolls: a combatant, or a group once
    for c in encounter["combatants"]:
        if (p["all"] or "initiative" not in c) and not turns.is_entry(c) \
                and not turns.is_out(c):
            wanted.setdefault(str(c.get("group") or c["name"]), c)
    if not wanted:
        raise Refused(say("every combatant has an initiative already (all=true rolls again)"))
    rolls = [{"who": who, "expression": f"{die}{c['modifier']:+d}"}
             for who, c in wanted.items()]
    request = RollRequest("Initiative", rolls, then="combat.initiative_rolled")
    ctx.request_rolls(request)
    names = list(wanted)
    return Result(say("initiative to roll: {names}", names=", ".join(names)),
                  {"request": request.id}, names)


def _initiative_rolled(ctx: OpContext, p: dict[str, Any]) -> Result:
    encounter = _active(ctx)
    set_to = []
    for outcome in p["outcomes"]:
        for member in _guard(turns.group_of, encounter, str(outcome["who"])):
            _guard(turns.set_initiative, encounter, member["name"], int(outcome["total"]))
        set_to.append(f"{outcome['who']} {int(outcome['total'])}")
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
    sheet = sheet_of(ctx, combatant)
    done = _guard(rules.ready_action, encounter, ctx.table(PLUGIN), settings_of(ctx), name,
                  p["action"], p["trigger"], speed_m=speed_m(ctx, combatant, sheet),
                  override=p["override"], limits=own_limits(ctx, combatant, sheet))
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
    sheet = sheet_of(ctx, combatant)
    return _Acting(encounter, settings, said, name, speed_m(ctx, combatant, sheet),
                   own_limits(ctx, combatant, sheet))


def _left(ctx: OpContext, acting: _Acting) -> dict[str, Any]:
    """What the acting combatant has left after an action, with the speed, limits and
    settings the action was checked with (an action changes the budget, not the sheet nor
    the settings: read once)."""
    combatant = _guard(turns.find, acting.encounter, acting.name)
    return rules.combatant_summary(acting.encounter, ctx.table(PLUGIN), acting.settings,
                                   combatant, acting.speed, acting.limited)


_kept_kinds: tuple[Any, ...] = ()
"""The last :func:`action_kinds` that switched no plugin off, after the answers it was made
of, written out."""


def action_kinds(session: Session) -> dict[str, kinds.Kind]:
    """Every kind of action the plugins contribute (``combat_action_kinds``), this plugin's
    first. A plugin whose answer is not a list of sound kinds, or takes a name already taken,
    is switched off by name, as the host does with any answer of the wrong shape.

    Kept while the answers are the same (each action checked every field of every kind again);
    the table for each caller its own, the kinds in it to be read, never changed."""
    global _kept_kinds
    answers = sorted(session.host.call_each("combat_action_kinds"),
                     key=lambda answer: answer[0] != PLUGIN)
    # Written out, not compared with ==: True == 1, which the checks tell apart; and the
    # text is a copy, so an answer changed in place is a change.
    made_of = repr(answers)
    kept = _kept_kinds
    if kept and kept[0] == made_of:
        return dict(kept[1])
    found: dict[str, kinds.Kind] = {}
    failed = False
    for plugin, answer in answers:
        entries = answer if isinstance(answer, list) else []
        wrong = (next(filter(None, map(kinds.problem, entries)), None) if entries else
                 f"it returns a list of tables (kinds of action), not {answer!r}"[:120])
        taken = [e["kind"] for e in entries if not wrong and e["kind"] in found]
        if wrong or taken:
            why = wrong or (f"kind {taken[0]!r} is contributed already by "
                            f"{found[taken[0]]['plugin']!r}")
            session.host.fail(plugin, say("combat_action_kinds: {why}", why=why))
            failed = True
            continue
        found.update((e["kind"], kinds.sound(e, plugin)) for e in entries)
    if not failed:  # a plugin switched off answers no more: the next answers differ
        _kept_kinds = (made_of, found)
    return dict(found)


def _checks(ctx: OpContext, entry: dict[str, Any], kind: str, cost: str, variant: str,
            refusal: Said | None) -> tuple[str, tuple[str, str] | None]:
    """What the other plugins say of the action (``combat_action_check``): the first refusal
    (""), and the first allowance with its plugin (None)."""
    refused, allowed = "", None
    for plugin, answer in ctx.host.call_each("combat_action_check", session=ctx,
                                             combatant=entry, kind=kind, cost=cost,
                                             variant=variant, refusal=refusal):
        verdict = list(answer.items()) if isinstance(answer, dict) else []
        if len(verdict) != 1 or verdict[0][0] not in ("refuse", "allow") \
                or not isinstance(verdict[0][1], str) or not verdict[0][1].strip():
            ctx.host.fail(plugin, say("{hook} returned {value}, not {shape}",
                                      hook="combat_action_check", value=repr(answer)[:60],
                                      shape=say("a table of refuse or allow and a reason")))
            continue
        if verdict[0][0] == "refuse":
            refused = refused or verdict[0][1]
        elif allowed is None:
            allowed = (plugin, verdict[0][1])
    return refused, allowed


def _take(ctx: OpContext, p: dict[str, Any]) -> Result:
    known = action_kinds(ctx)
    kind, variant = p["action"].strip().casefold(), p["variant"].strip().casefold()
    cost = _guard(kinds.cost_of, known, kind, variant)
    acting = _acting(ctx, p)
    encounter, settings, said, name, speed, limited = acting
    combatant = _guard(turns.find, encounter, name)
    if known[kind]["per_turn"]:
        if turns.is_entry(combatant):
            raise Refused(say("{name} is not a creature ({entry}): it has no actions to spend",
                              name=name, entry=combatant["entry"]))
        refusal = kinds.own_budget_refusal(encounter, combatant, known[kind],
                                           limited.get(name, {}).get("no_actions", ""))
    else:
        refusal = _guard(rules.refusal, encounter, ctx.table(PLUGIN), settings, name, cost,
                         speed_m=speed, metres=p["metres"], full_round=p["full_round"],
                         allows_step=p["allows_step"], limits=limited,
                         as_standard=p["as_standard"])
    reason = _heard(ctx, acting, combatant, (kind, cost, variant), refusal, p["override"])
    if known[kind]["per_turn"]:
        kinds.spend_own(combatant, kind)
        done: dict[str, Any] = {"started": "", "completed": ""}
    else:
        done = rules.spend(encounter, settings, name, cost, speed_m=speed, metres=p["metres"],
                           full_round=p["full_round"], allows_step=p["allows_step"],
                           as_standard=p["as_standard"])
    done["overridden"] = reason or ""
    what = [kinds.words(known, kind, variant, cost)]  # the action, then what goes with it
    if done["started"]:
        what.append(say(", starting the full-round action {label!r}", label=done["started"]))
    elif done["completed"]:
        what.append(say(", completing the full-round action {label!r}",
                        label=done["completed"]))
    elif cost == "full-round" and p["full_round"]:
        what.append(say(" ({label})", label=p["full_round"]))
    if cost == "full-round" and p["as_standard"]:
        what.append(say(" as a standard action, the single action of its round (only free and "
                        "swift actions and the 5-foot step are left)"))
    if p["metres"]:
        what.append(say(", moving {metres:g} m", metres=p["metres"]))
    elif p["metres"] == 0 and cost == "move":
        what.append(say(" (not to move)"))
    if cost == "immediate" and encounter["turn"] != name:
        what.append(say(" off-turn (it uses up the swift action of its next turn)"))
    text = _overridden(say("{name} takes {what}", name=name, what=joined("", what)), done, p)
    ctx.notify("combat_action_taken", combatant=name, kind=kind, cost=cost, variant=variant)
    return Result(joined("; ", [*said, text]),
                  {"combatant": name, "kind": kind, "cost": cost, "variant": variant,
                   "overridden": done["overridden"],
                   **_left(ctx, acting)}, [name])


def _heard(ctx: OpContext, acting: _Acting, combatant: dict[str, Any],
           action: tuple[str, str, str], refusal: Said | None, override: str) -> str | None:
    """The budget's ``refusal`` of an ``action`` (kind, cost, variant), with what the other
    plugins say of it (``combat_action_check``): refused unless the game master's
    ``override`` forces it, journaled when forced or lifted by a plugin. Returns the refusal
    overridden (None: none)."""
    kind, cost, variant = action
    entry = rules.combatant_summary(acting.encounter, ctx.table(PLUGIN), acting.settings,
                                    combatant, acting.speed, acting.limited)
    refused, allowed = _checks(ctx, entry, kind, cost, variant, refusal)
    reason = refused or (None if allowed else refusal)
    if reason and not override.strip():
        _guard(_forbid, reason)
    _override_line(ctx, acting.name, reason or "", override)
    if allowed and refusal and not refused:
        ctx.journal(say("allowed by {plugin} ({reason}): {why}", plugin=allowed[0],
                        reason=allowed[1], why=refusal), kind="override", who=[acting.name])
    return reason


def _forbid(reason: str) -> None:
    raise rules.Forbidden(reason)


def take_action(ctx: OpContext, combatant: str, kind: str, variant: str,
                override: str) -> dict[str, Any] | None:
    """``combat_take_action``: another plugin's operation spends an action as
    ``actions.take`` does, inside it (None: no fight is running)."""
    if not encounter_of(ctx).get("active"):
        return None
    return ctx.apply("actions.take", combatant=combatant, action=kind, variant=variant,
                     override=override).data


def _move(ctx: OpContext, p: dict[str, Any]) -> Result:
    acting = _acting(ctx, p)
    encounter, _, said, name, speed, limited = acting
    refusal = _guard(rules.move_refusal, encounter, ctx.table(PLUGIN), name, p["metres"],
                     speed_m=speed, limits=limited)
    combatant = _guard(turns.find, encounter, name)
    # moving is a move action's, for the other plugins' checks, when it needs one
    needs = rules.moves_needed(combatant, p["metres"], speed)
    reason = _heard(ctx, acting, combatant, ("move", "move", ""), refusal, p["override"]) \
        if needs or refusal else None
    taken = rules.spend_metres(encounter, name, p["metres"], speed_m=speed)
    done = {"overridden": reason or "", "moves_taken": taken}
    for _ in range(taken):
        ctx.notify("combat_action_taken", combatant=name, kind="move", cost="move", variant="")
    text = (say("{name} moves {metres:g} m", name=name, metres=p["metres"]) if not taken else
            say("{name} moves {metres:g} m (taking a move action)", name=name,
                metres=p["metres"]) if taken == 1 else
            say("{name} moves {metres:g} m (taking {count} move actions)", name=name,
                metres=p["metres"], count=taken))
    return Result(joined("; ", [*said, _overridden(text, done, p)]),
                  {"combatant": name, "moves_taken": taken,
                   **_left(ctx, acting)},
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
        "combat.add", "Add a creature (a monster, an NPC) to the fight: from its stat block "
        "(config/creatures.toml) or by hand; a group of several has one initiative and hit "
        "points each.", _add,
        (Param("name", str, "its name (default: the stat block's; a group's members are "
               "numbered: Goblin 1, Goblin 2...)", default=""),
         Param("creature", str, "its stat block in config/creatures.toml (goblin, wolf...)",
               default=""),
         Param("count", int, "how many (a group: one initiative, hit points each)", default=1),
         Param("initiative", int, "its initiative modifier (added to the d20 when rolling for "
               "all, and the first tie-breaker; default: the stat block's, else 0)",
               default=None),
         Param("speed_m", float, "its speed in metres per round (default: the stat block's, "
               "else 9)", default=None),
         Param("hit_points", int, "its maximum hit points (default: from its hit dice)",
               default=None),
         Param("hit_dice", str, "its hit dice (2d8+2): averaged, or rolled (setting "
               "creature_hit_points, or roll_hit_points)", default=""),
         Param("roll_hit_points", bool, "roll the hit dice rather than take their average "
               "(default: setting creature_hit_points)", default=None),
         Param("armour_class", int, "its armour class (default: the stat block's, else 10)",
               default=None),
         Param("attack", int, "its attack bonus (default: the stat block's, else 0)",
               default=None),
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
         Param("action", str, "the action type (standard, move, full-round, free, swift, "
               "immediate, step) or a kind of action a plugin adds (combat_action_kinds)"),
         Param("variant", str, "a variant of the kind that spends another action type "
               "(cast: quickened)", default=""),
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
