"""Every hook a gm-console plugin can implement.

A plugin is a module (or object) with functions marked ``@hookimpl``, named after the hooks below
and taking any subset of their arguments by name. Implementations are called with keywords.

The host calls each implementation on its own: one that raises is reported, its plugin is
switched off, and the console carries on with the others.

``session`` arguments are :class:`gm_console.Session` (read-only: ``state``, ``setting()``,
``table()``, ``speed()``, ``terrain()``, ``derived()``; ``derived_of(plugin, character)``, the
derived values of one plugin only, the others not asked; ``derived_value(name, character)``,
another plugin's derived value by its name, a character's or (no character) the session's;
``subject(name)``, a character or a
creature a plugin keeps (``creatures``); a character's conditions:
``conditions()``, ``roll_dice()`` for the dice of a check, save or attack with the disadvantage
they impose, ``action_limits()``, ``hit_points()``; ``current_turn()``; ``kept(kind,
compute)``, a value of the whole session computed by ``compute(session)``, and
``kept_for(kind, character, compute)``, a value of a character that several hooks ask for,
computed by ``compute(session, character)``: each kept until what it read changes, as derived
values are, each caller given a copy (``shared=True``: the kept value itself, never to be
changed, the same object while nothing it read changed); ``rehearsal()``, an operation
context over a throwaway copy of the session, to show what an operation would do before it is
applied); ``ctx`` arguments are
:class:`gm_console.OpContext`, the same plus the means to change the session inside the current
operation (``section()``, ``journal()``, ``touch()``, ``advance_clock()``, ``request_rolls()``,
``add_condition()``/``remove_condition()``, ``duration()``, ``notify()`` and ``ask()`` to call
a hook, ``apply()`` for one of the plugin's own operations).

Call order: pluggy's, the last registered first. Plugins are registered the core first, then
the installed plugins by entry-point name (a to z), then the loose files of each configured
folder by file name; so a loose file is called first and the core last (which lets a local
file answer a ``firstresult`` hook before a built-in). A plugin switched off is skipped. For a
``firstresult`` hook the first answer that is not ``None`` wins. Reactions (``ctx`` hooks) run
inside the operation that caused them: what they change is saved and undone with it, and if
one raises, the whole operation is refused and nothing of it is kept.

A plugin may declare hooks of its own for other plugins: a ``hookspecs`` attribute (a module,
or a class whose functions take ``self`` first) of functions marked ``@gm_console.hookspec``.

``docs/hooks.md`` is made from this module (``python -m gm_console.host.hookdoc > docs/hooks.md``);
a test fails when it is out of date.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

import pluggy

if TYPE_CHECKING:
    from gm_console.contract.operations import Operation
    from gm_console.contract.screens import ScreenSpec
    from gm_console.contract.sections import SectionSpec
    from gm_console.contract.session import OpContext, Session
    from gm_console.rules.speed import SpeedStep

PROJECT = "gm_console"
"""pluggy's project name: the markers' and the entry-point group's (``gm_console.plugins``)."""
API_VERSION = 1
"""The plugin API this console provides (see :mod:`gm_console`)."""
hookimpl = pluggy.HookimplMarker(PROJECT)
hookspec = pluggy.HookspecMarker(PROJECT)
"""Marks the hooks below, and those a plugin declares for others."""


# ---------------------------------------------------------------------------------------------
# Contributions, collected once when the plugins are loaded
# ---------------------------------------------------------------------------------------------


@hookspec
def register_operations(register: Callable[[Operation], None]) -> None:
    """Contribute operations: call ``register(Operation(...))`` once per operation.

    Names are ``<area>.<verb>`` (``travel.advance``); the host refuses a name already taken.
    
    Example::

        def _light(ctx, params):
            ctx.section("light")["lit"] = params["who"]
            return f"{params['who']} lights a torch"

        @hookimpl
        def register_operations(register):
            register(Operation("light.torch", "Light a torch.", _light,
                               (Param("who", str, "the character"),)))
    """


@hookspec
def register_screens(register: Callable[[ScreenSpec], None]) -> None:
    """Contribute screens: ``register(ScreenSpec(id, key, title, factory))``.

    Each gets its key binding (remappable by id) and a command-palette entry.
    
    Example::

        @hookimpl
        def register_screens(register):
            def factory(store):
                from gm_console_light.screens import LightScreen  # Textual only when opened
                return LightScreen(store)
            register(ScreenSpec("light.sources", "f10", "Light: sources", factory))
    """


@hookspec
def register_sections(register: Callable[[SectionSpec], None]) -> None:
    """Contribute the plugin's table in the session file (``[plugins.<name>]``), with the
    defaults filled in when a session is opened and a validation run on load.

    Every session gets the defaults, so they must be what a session file holds: tables with
    text keys, arrays, text, numbers, true/false and dates, nested no more than 64 levels
    from the file's root. Other defaults (``None``, an object) switch the plugin off, with
    what is wrong and where.

    Example::

        @hookimpl
        def register_sections(register):
            def validate(table):
                if not isinstance(table.get("torches", []), list):
                    return [(("torches",), "torches must be an array of tables")]
                return []
            register(SectionSpec("light", defaults={"torches": []}, validate=validate))
    """


@hookspec
def help_text(language: str) -> str | None:
    """A few lines for the help screen (F1): what the plugin does, its keys, and each
    interpretation of the rules it makes and the setting that changes it.

    A plugin whose help is fixed text writes it in ``help.en.txt`` (and ``help.fr.txt``...)
    beside its module instead (``light.help.en.txt`` beside a loose ``light.py``): the host
    reads it when the help is shown. Implement the hook for a help worked out when asked; its
    answer is shown instead of the file's, which stays when it answers None.

    Example::

        @hookimpl
        def help_text(language):
            return "Torches burn 1 h (setting torch_hours)." if language == "en" else None
    """


@hookspec
def labels(language: str) -> dict[str, str] | None:
    """Translated labels, ``{"english label": "label in language"}``, for ``language``
    (``"en"`` or ``"fr"``). The host's ``t()`` looks them up.

    A plugin whose labels are fixed text writes them in ``labels.fr.toml`` beside its module
    instead (``"Light" = "Lumière"``, one a line; ``light.labels.fr.toml`` beside a loose
    ``light.py``): the host reads it when a language other than English is asked for, and
    ``gm_console.plugin_labels`` gives the plugin its own. Implement the hook for labels worked
    out when asked; its answer is added over the file's.

    Example::

        @hookimpl
        def labels(language):
            return {"Light": "Lumière", "Torches": "Torches"} if language == "fr" else None
    """


# ---------------------------------------------------------------------------------------------
# Derived values: computed from the session, never stored
# ---------------------------------------------------------------------------------------------


@hookspec
def speed_steps(character: dict[str, Any], session: Session) -> list[SpeedStep] | None:
    """Steps of the speed pipeline for ``character`` (see :mod:`gm_console.rules.speed`); a
    ``multiply`` step with ``speeds=("swim",)`` changes only those speeds
    (``session.speed(character).m_for("swim")``), not the speed that counts.

    Example::

        @hookimpl
        def speed_steps(character, session):
            if character.get("limping"):
                return [SpeedStep("multiply", "limping", value=0.5)]
            return None
    """


@hookspec
def character_derived(character: dict[str, Any], session: Session) -> dict[str, Any] | None:
    """Derived values for one character: ``{value name: {plain data}}``.

    They appear under the character's ``derived`` in ``gm-console show --json``; include a
    ``steps`` list of readable lines where a game master may ask "why?".
    
    Example::

        @hookimpl
        def character_derived(character, session):
            hours = session.setting("light", "torch_hours")
            return {"light": {"hours": hours, "steps": [f"a torch burns {hours} h"]}}
    """


@hookspec
def session_derived(session: Session) -> dict[str, Any] | None:
    """Derived values for the whole session: ``{top-level key: {plain data}}`` in
    ``gm-console show --json`` (``travel``, ``combat``).

    Example::

        @hookimpl
        def session_derived(session):
            return {"light": {"lit": len(session.state.get("plugins", {})
                                         .get("light", {}).get("torches", []))}}
    """


@hookspec
def party_columns(character: dict[str, Any], session: Session) -> dict[str, str] | None:
    """Short texts for the party table, ``{column title: text}`` (``{"Speed": "7 mv / 5 m"}``).
    The title is English, shown translated through the plugin's labels (``labels.fr.toml`` or
    the ``labels`` hook); ``show --json`` keeps it as given.

    Example::

        @hookimpl
        def party_columns(character, session):
            return {"Torch": "lit" if character.get("torch") else "-"}
    """


@hookspec
def character_conditions(character: dict[str, Any], session: Session
                         ) -> list[dict[str, Any]] | None:
    """Conditions the state gives ``character`` now (derived, never stored):
    ``[{"name": "staggered", "source": "maximal load (242 lb)"}]``.

    A name of config/conditions.toml takes that table's effects; otherwise give ``effects``
    (the vocabulary is :data:`gm_console.rules.conditions.EFFECTS`; a disadvantage may name the
    rolls it touches, ``{"check_disadvantage": ["perception"]}``, a speed factor the speeds,
    ``{"speed_factor": {"swim": 0.5}}``, from ``[scopes]`` of config/conditions.toml) and,
    translated, ``label``.
    Plugins read every condition, stored or derived, through ``session.conditions()``,
    ``session.disadvantage()`` and ``session.action_limits()``. An implementation must not
    read ``session.speed()``: the speed pipeline reads the conditions.

    Example::

        @hookimpl
        def character_conditions(character, session):
            if character.get("torch") == "out":
                return [{"name": "in the dark", "source": "no light",
                         "effects": {"attack_disadvantage": True}}]
            return None
    """


@hookspec
def creatures(session: Session) -> list[dict[str, Any]] | None:
    """The creatures a plugin keeps that are not party characters (the monsters and NPCs of a
    fight), each a dict shaped like a character as stored in the plugin's own section:
    ``name``, ``max_hit_points``, ``hit_points``, ``temp_hit_points``, ``conditions``, ability
    scores. The host finds a creature by name when no character has it
    (``session.subject()``): hit points, conditions, their durations and rolls on demand work
    on it as on a character, changed in place in the plugin's section (called with the
    operation's ``ctx`` as ``session`` when it is to be changed). Its hit points are the game
    master's unless the plugin's setting ``creature_hit_points_to_players`` is ``"numbers"``:
    a player's and a spectator's state has ``health`` (unhurt, wounded, bloodied, down) in
    place of its three hit point fields, and sentences that quote them should be made with
    ``session.hit_points_said()``.

    Example::

        @hookimpl
        def creatures(session):
            fight = session.state.get("plugins", {}).get("combat", {})
            return [c for c in fight.get("combatants", []) if "max_hit_points" in c]
    """


@hookspec(firstresult=True)
def current_turn(session: Session) -> dict[str, Any] | None:
    """The fight's ``{"round": n, "turn": name}`` while one is running (the combat plugin
    answers), so a condition's duration can count rounds from whose turn it is; None out of a
    fight. Read it through ``session.current_turn()``.

    Example (what the combat plugin does)::

        @hookimpl
        def current_turn(session):
            fight = session.state.get("plugins", {}).get("combat", {})
            return {"round": fight["round"], "turn": fight["turn"]} if fight.get("round") else None
    """


@hookspec(firstresult=True)
def current_terrain(session: Session) -> dict[str, Any] | None:
    """The terrain the party is in now: ``{"key", "label", "difficult": bool, "cost"}``
    (``cost``: metres of speed per metre, 2 in difficult terrain), and ``types``: every terrain
    type known, each shaped the same, so a plugin can price ground it is not on yet (a route's
    next leg).

    The first plugin that knows answers (the terrain plugin); others read it through
    ``session.terrain()``.
    
    Example::

        @hookimpl
        def current_terrain(session):
            return None  # let the terrain plugin answer; answer only if you keep terrain
    """


@hookspec(firstresult=True)
def acting_character(session: Session) -> str | None:
    """The name of whoever acts now (a fight running: the combatant whose turn it is), or
    None. Screens about one character open on them (the movement calculator).

    Example::

        @hookimpl
        def acting_character(session):
            chase = session.state.get("plugins", {}).get("chase", {})
            return chase.get("leader") if chase.get("running") else None
    """


@hookspec
def home_status(session: Session) -> str | None:
    """One short line for the home screen, in the session's language (``session.language``):
    where the plugin's part of the table stands now (the route's progress, the fight's round
    and whose turn it is), or None when there is nothing to say. The home screen asks after every
    change: read what the line says, not every character's derived values.

    Example::

        @hookimpl
        def home_status(session):
            lit = session.state.get("plugins", {}).get("light", {}).get("sources", [])
            return f"Light: {len(lit)} sources" if lit else None
    """


@hookspec(firstresult=True)
def rest_refused(session: Session, kind: str) -> str | None:
    """Why a rest (``kind``: "long" or "short") cannot be taken now by anyone, or None: a
    fight is running. The first plugin that objects is the reason the rest is refused. To keep
    one character from resting while the others rest, answer ``character_rest_refused``.

    Example::

        @hookimpl
        def rest_refused(session, kind):
            if session.state.get("plugins", {}).get("chase", {}).get("running"):
                return "a chase is on: nobody rests"
            return None
    """


@hookspec
def character_rest_refused(character: dict[str, Any], session: Session, kind: str
                           ) -> str | None:
    """Why this character cannot take the rest (``kind``: "long" or "short") while the others
    do (they have not eaten), or None. Asked of every plugin for every character once
    ``rest_refused`` let the rest go ahead; every reason given is kept. A character refused
    gets nothing of the rest (a long rest's level of exhaustion stays) and is left out of
    ``rested``; the rest's journal line names them with the reasons. When every character is
    refused, the rest is refused.

    Example::

        @hookimpl
        def character_rest_refused(character, session, kind):
            unfed = session.state.get("plugins", {}).get("rations", {}).get("unfed", [])
            if kind == "long" and character["name"] in unfed:
                return say("no food today")  # the journal: "Aria does not rest: no food today"
            return None
    """


# ---------------------------------------------------------------------------------------------
# Reactions, called inside the operation that caused them (their changes undo with it)
# ---------------------------------------------------------------------------------------------


@hookspec
def time_passed(ctx: OpContext, seconds: int, reason: str) -> None:
    """The in-game clock moved forward by ``seconds`` (``reason``: "travel", "travel halt"
    (a night's halt on the way, ``travel.new_day``), "round", "movement" (a climb or a swim
    over several rounds outside combat), "long rest", "short rest", or the GM's own reason for
    ``clock.advance``, "manual" unless given).

    Example::

        @hookimpl
        def time_passed(ctx, seconds, reason):
            for torch in ctx.section("light").get("torches", []):
                torch["left_s"] = max(0, torch["left_s"] - seconds)
    """


@hookspec
def rested(ctx: OpContext, kind: str, names: list[str]) -> None:
    """A rest (``kind``: "long" or "short") is over, its time passed (``time_passed`` heard
    it first): ``names`` are the characters who rested, in the party's order, those refused
    by ``character_rest_refused`` left out. What a rest gives back per character (spell slots,
    a daily power) is given here, to them alone.

    Example::

        @hookimpl
        def rested(ctx, kind, names):
            if kind == "long":
                for name in names:
                    ctx.section("slots").setdefault("spent", {})[name] = 0
    """


@hookspec
def round_started(ctx: OpContext, round: int) -> None:
    """A combat round began (announced by the combat plugin through ``ctx.notify``).

    Example::

        @hookimpl
        def round_started(ctx, round):
            ctx.journal(f"round {round}: the torches flicker", kind="light")
    """


@hookspec
def turn_started(ctx: OpContext, name: str, round: int) -> None:
    """A combatant's turn began (announced by the combat plugin): durations counted in rounds
    or "until the start of X's turn" tick here.

    Example::

        @hookimpl
        def turn_started(ctx, name, round):
            if name == "Lair":
                ctx.journal("the lair trembles", kind="lair")
    """


@hookspec
def turn_ended(ctx: OpContext, name: str, round: int) -> None:
    """A combatant's turn ended: "until the end of X's turn" durations end, and a condition
    that lasts until a save succeeds asks for that save.

    Example::

        @hookimpl
        def turn_ended(ctx, name, round):
            ctx.journal(f"{name} catches their breath", kind="note")
    """


@hookspec
def hit_points_changed(ctx: OpContext, name: str, hit_points: int, at_floor: bool) -> None:
    """Damage or healing changed the hit points of the character or creature ``name``
    (``at_floor``: at the floor or below, unconscious). The combat plugin takes a creature
    at the floor out of the fight's order, and back in once healed.

    Example::

        @hookimpl
        def hit_points_changed(ctx, name, hit_points, at_floor):
            if at_floor:
                ctx.journal(f"{name} is down", kind="combat", who=[name])
    """


@hookspec(firstresult=True)
def spend_movement(ctx: OpContext, character: str, metres: float,
                   override: str) -> dict[str, Any] | None:
    """``character`` spends ``metres`` of movement in a fight (a climb or a jump the movement
    plugin priced). The plugin that keeps the action economy (combat) books it and answers
    what it says of the turn (``{"metres_left": ...}``), or raises :class:`Refused` with the
    reason (``override``: the game master's reason to allow it anyway, "" if none). No answer
    from any plugin means no fight is tracked.

    Example (what the combat plugin does)::

        @hookimpl
        def spend_movement(ctx, character, metres, override):
            return ctx.apply("actions.move", combatant=character, metres=metres,
                             override=override).data
    """


@hookspec
def party_entered_terrain(ctx: OpContext, terrain: str) -> None:
    """Travel took the party onto ground of terrain ``terrain`` (a key of the ``types`` that
    ``current_terrain`` lists): the plugin that keeps the current terrain makes it current.

    Example (what the terrain plugin does)::

        @hookimpl
        def party_entered_terrain(ctx, terrain):
            ctx.apply("travel.terrain", terrain=terrain)
    """


@hookspec
def travelled(ctx: OpContext, km: float, hours: float, mode: str, terrain: str) -> None:
    """The party covered ``km`` in ``hours`` by ``mode`` (foot, horse, ship...) on ``terrain``.
    Called for each stretch of a journey after the travel table and the clock have moved
    (``time_passed`` with reason "travel" came first), so a plugin reading either sees the
    journey as it now is.

    Example::

        @hookimpl
        def travelled(ctx, km, hours, mode, terrain):
            ctx.section("weather")["km_in_the_rain"] = km
    """


@hookspec
def travel_factors(session: Session, mode: str) -> list[dict[str, Any]] | None:
    """Multipliers on the distance the party covers overland by ``mode`` (a storm, a lame
    horse): ``[{"factor": 0.5, "why": "storm: half the distance"}]``. The travel plugin applies
    their product to every hour of travel and plans with it; each ``why`` is shown with the
    figures it changed.

    Example::

        @hookimpl
        def travel_factors(session, mode):
            if session.state.get("plugins", {}).get("weather", {}).get("storm"):
                return [{"factor": 0.5, "why": "storm: half the distance"}]
            return None
    """


@hookspec
def character_renamed(ctx: OpContext, old: str, new: str) -> None:
    """Character ``old`` is now called ``new`` (``character.set field=name``): a plugin that
    keeps state by character name renames its entries, so nothing is orphaned.

    Example::

        @hookimpl
        def character_renamed(ctx, old, new):
            torches = ctx.section("light").get("torches", [])
            for torch in torches:
                if torch["holder"] == old:
                    torch["holder"] = new
    """


@hookspec
def character_removed(ctx: OpContext, name: str) -> None:
    """Character ``name`` left the party (``character.remove``): a plugin that keeps state by
    character name drops or closes what belonged to them. Undo brings both back together.

    Example::

        @hookimpl
        def character_removed(ctx, name):
            table = ctx.section("light")
            table["torches"] = [t for t in table.get("torches", []) if t["holder"] != name]
    """
