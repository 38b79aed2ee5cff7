"""What plugins see of a session.

:class:`Session` reads: the state, settings, rule tables, derived values. Derived-value hooks
get one. :class:`OpContext` is a Session inside a running operation, with the means to change
it: the journal, the clock, roll requests, nested operations. Neither knows about Textual or the
file on disk, so the same code runs under the TUI, ``gm-console op`` and a test.
"""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Any, Callable, Iterable, Mapping, Protocol

from gm_console.committed.cow import Draft, peek
from gm_console.contract.results import Refused, Result
from gm_console.rules import conditions as cond
from gm_console.rules import durations, hitpoints, privacy
from gm_console.rules.speed import Speed, compose
from gm_console.text.said import Said, private, said_by, say, stored

if TYPE_CHECKING:
    from gm_console.committed.derived_cache import DerivedCache
    from gm_console.contract.sections import SectionSpec
    from gm_console.rules.rolls import RollRequest

_MISSING: Any = object()
_WHOLE_SESSION: dict[str, Any] = {}
"""What a value of the whole session (not of one character) is kept under."""


class HostConfig(Protocol):
    """The settings and rule tables a session reads (:class:`gm_console.files.config.Config`)."""

    def table(self, name: str) -> dict[str, Any]: ...
    def where(self, name: str, *keys: str) -> str: ...
    @property
    def language(self) -> str: ...
    @property
    def metres_per_mv(self) -> float: ...


class PluginHost(Protocol):
    """What a session needs of its host, the loaded plugins (the plugin manager,
    :class:`gm_console.host.manager.Host`, is one): hooks to call, operations to run, the
    plugins and their state sections by name, the settings."""

    @property
    def config(self) -> HostConfig: ...
    @property
    def plugins(self) -> Mapping[str, object]: ...
    @property
    def operations(self) -> Mapping[str, object]: ...
    @property
    def sections(self) -> Mapping[str, SectionSpec]: ...

    def call(self, hook: str, **kwargs: Any) -> list[Any]:
        """Every plugin's answer (None answers left out)."""
    def call_each(self, hook: str, **kwargs: Any) -> list[tuple[str, Any]]:
        """(plugin name, answer) for every plugin that answered."""
    def call_of(self, plugin: str, hook: str, **kwargs: Any) -> list[Any]:
        """One plugin's answers (None answers left out), the others not asked."""
    def call_first(self, hook: str, **kwargs: Any) -> Any:
        """The first plugin's answer that is not None."""
    def operation(self, name: str) -> Any:
        """The :class:`~gm_console.contract.operations.Operation` called ``name``, or Refused
        (an operation names its context's type: typed here, the two would name each other)."""
    def run_operation(self, ctx: OpContext, name: str, raw: dict[str, Any]) -> Result:
        """Check and apply one operation inside ``ctx``."""
    def fail(self, plugin: str, error: str, detail: str = "") -> None:
        """Switch a plugin off, by name, for ``error``: how a plugin calling a hook it
        declares reports an answer of the wrong shape, as the host does for its own hooks."""


class Session:
    def __init__(self, state: dict[str, Any], host: PluginHost,
                 cache: DerivedCache | None = None) -> None:
        self.state = state
        self.host = host
        self._owners: dict[int, str] = {}  # creature (by id) -> the plugin keeping it
        # Derived values kept between calls; only for a committed state, never changed in place.
        self.cache = cache

    def rehearsal(self, actor: str = "gm") -> OpContext:
        """An operation context over a throwaway copy of this session: operations applied
        through it (``apply``) show what they would do, and nothing of it is ever committed.
        How a screen asks "this is what will happen: go on?" with the operation's own rules
        rather than a second copy of them."""
        return OpContext(Draft(self.state), self.host, actor, self.cache)

    # -- settings and tables ------------------------------------------------------------------

    def table(self, name: str) -> dict[str, Any]:
        """The rule tables of ``config/<name>.toml`` (user overrides merged in)."""
        return self.host.config.table(name)

    def where(self, name: str, *keys: str) -> str:
        """Where table ``[<keys>]`` of ``config/<name>.toml`` is written, file and line: what
        a message about a bad entry names."""
        return self.host.config.where(name, *keys)

    def setting(self, plugin: str, key: str, default: Any = _MISSING) -> Any:
        """A plugin setting: the session's ``[plugins.<plugin>.settings]`` first, then
        ``config/<plugin>.toml``'s ``[settings]``."""
        own = self.state.get("plugins", {}).get(plugin, {}).get("settings", {})
        if key in own:
            return own[key]
        configured = self.table(plugin).get("settings", {})
        if key in configured:
            return configured[key]
        if default is _MISSING:
            raise KeyError(f"setting {key!r} of plugin {plugin!r} is not in config/{plugin}.toml")
        return default

    @property
    def metres_per_mv(self) -> float:
        return self.host.config.metres_per_mv

    @property
    def language(self) -> str:
        return self.host.config.language

    # -- the session's own data ----------------------------------------------------------------

    @property
    def characters(self) -> list[dict[str, Any]]:
        return self.state.setdefault("characters", [])

    def character(self, name: str) -> dict[str, Any]:
        """The character called ``name`` (case-insensitive), or :class:`Refused`."""
        wanted = name.strip().casefold()
        characters = self.characters
        # Found without reaching every character: inside an operation, reaching one copies it.
        for index, character in enumerate(peek(characters)):
            if str(character.get("name", "")).casefold() == wanted:
                return characters[index]
        known = ", ".join(c.get("name", "?") for c in self.characters) or say("none")
        raise Refused(say("no character named {name!r} (characters: {known})", name=name,
                          known=known))

    def character_to_read(self, name: str) -> dict[str, Any]:
        """:meth:`character`, to be read and never changed: inside an operation, the
        character as it is, not taken into the operation's copy (an action of a combatant
        with 40 items read its speed and conditions through a copy of its sheet). What is
        read of it (``speed``, ``conditions``) is then the committed state's kept value."""
        wanted = name.strip().casefold()
        for character in peek(self.characters):
            if str(character.get("name", "")).casefold() == wanted:
                return character
        return self.character(name)  # its refusal

    def creatures(self) -> list[tuple[str, dict[str, Any]]]:
        """(plugin, creature) for every creature a plugin keeps (the ``creatures`` hook: the
        monsters of a fight), as stored in that plugin's section."""
        found = [(plugin, creature)
                 for plugin, batch in self.host.call_each("creatures", session=self)
                 if isinstance(batch, list) for creature in batch if isinstance(creature, dict)]
        self._owners.update((id(creature), plugin) for plugin, creature in found)
        return found

    def subject(self, name: str) -> dict[str, Any]:
        """The character called ``name``, or else the creature (a monster in a fight): what
        hit points, conditions and rolls on demand apply to. Refused naming both kinds."""
        wanted = name.strip().casefold()
        if any(str(c.get("name", "")).casefold() == wanted for c in peek(self.characters)):
            return self.character(name)
        found = self.creatures()
        for _, creature in found:
            if str(creature.get("name", "")).casefold() == wanted:
                return creature
        known = ", ".join([*(str(c.get("name", "?")) for c in self.characters),
                           *(str(c.get("name", "?")) for _, c in found)]) or say("none")
        raise Refused(say("no character or creature named {name!r} (known: {known})",
                          name=name, known=known))

    def owner_of(self, subject: dict[str, Any]) -> str:
        """The part of the session a subject of :meth:`subject` is kept in: ``characters``, or
        the plugin that keeps the creature (what an operation that changes it touches)."""
        return self._owners.get(id(subject), "characters")

    def section(self, plugin: str) -> dict[str, Any]:
        """The plugin's own table, ``[plugins.<plugin>]``, created empty if missing."""
        return self.state.setdefault("plugins", {}).setdefault(plugin, {})

    @property
    def clock(self) -> dict[str, int]:
        """``{"day": d, "second": s}``: day 1 onwards, seconds since midnight."""
        return self.state.setdefault("clock", {"day": 1, "second": 8 * 3600})

    # -- derived values ------------------------------------------------------------------------

    def speed(self, character: dict[str, Any]) -> Speed:
        """The speed that counts, composed from every plugin's steps (gm_console.rules.speed)."""
        def compute(session: Session, character: dict[str, Any]) -> Speed:
            steps = [step for batch in session.host.call("speed_steps", character=character,
                                                         session=session)
                     for step in (batch or [])]
            return compose(steps, float(character.get("speed_m", 9) or 0), self.metres_per_mv)
        return self.kept_for("speed", character, compute)

    def derived(self, character: dict[str, Any]) -> dict[str, Any]:
        """Every derived value of a character, ``speed`` included."""
        def compute(session: Session, character: dict[str, Any]) -> dict[str, Any]:
            out: dict[str, Any] = {"speed": session.speed(character).as_dict()}
            for values in session.host.call("character_derived", character=character,
                                            session=session):
                out.update(values or {})
            return out
        return self.kept_for("derived", character, compute)

    def derived_of(self, plugin: str, character: dict[str, Any]) -> dict[str, Any]:
        """The derived values ``plugin`` gives a character (its ``character_derived``; no
        ``speed``, which is every plugin's: :meth:`speed`), no other plugin's asked: for a
        screen that shows one plugin's values (a party's loads), which would otherwise compute
        every plugin's for each character it shows. Kept like derived values."""
        def compute(session: Session, character: dict[str, Any]) -> dict[str, Any]:
            out: dict[str, Any] = {}
            for values in session.host.call_of(plugin, "character_derived",
                                               character=character, session=session):
                out.update(values or {})
            return out
        return self.kept_for(f"derived_of:{plugin}", character, compute)

    def session_derived(self) -> dict[str, Any]:
        """Every value of the whole session the plugins derive (``session_derived``:
        ``travel``, ``terrain``, ``combat``...), as ``show --json`` gives them."""
        out: dict[str, Any] = {}
        for values in self.host.call("session_derived", session=self):
            out.update(values or {})
        return out

    def derived_value(self, name: str, character: dict[str, Any] | None = None) -> Any:
        """One derived value by its name, whichever plugin gives it: a character's
        (``session.derived_value("encumbrance", aria)["category"]``) or, without
        ``character``, the whole session's (``session.derived_value("travel")``); None when
        no loaded plugin gives it. How a plugin reads another's numbers: never through its
        module nor by calling its hooks. (Not from your own ``session_derived``, which it
        would call again.)"""
        values = self.derived(character) if character is not None else self.session_derived()
        return values.get(name)

    def party_columns(self, character: dict[str, Any]) -> dict[str, str]:
        """Every plugin's ``party_columns`` for ``character``: title (in English, as the
        plugin gave it) → text, what the party table shows and ``show`` prints."""
        columns: dict[str, str] = {}
        for contribution in self.character_hook("party_columns", character):
            columns.update(contribution)
        return columns

    def character_hook(self, hook: str, character: dict[str, Any]) -> list[Any]:
        """Every plugin's answer to ``hook(character=..., session=...)`` (``party_columns``),
        kept like derived values."""
        return self.kept_for(hook, character, lambda session, character: session.host.call(
            hook, character=character, session=session))

    def kept(self, kind: str, compute: Callable[[Session], Any], shared: bool = False) -> Any:
        """``compute(session)``, a value of the whole session, kept like derived values: a
        screen's party rows are computed again only once a table they read has changed,
        not after each clock advance. ``shared``: as :meth:`kept_for`."""
        return self.kept_for(kind, _WHOLE_SESSION, lambda session, _: compute(session), shared)

    def kept_for(self, kind: str, character: dict[str, Any],
                 compute: Callable[[Session, dict[str, Any]], Any],
                 shared: bool = False) -> Any:
        """A value of ``character`` kept like derived values: computed again only once what
        it read has changed (a plugin's own, named after it: ``"encumbrance.assess"``, which
        the speed, the conditions and the party's columns all ask for).
        ``compute(session, character)`` reads through the session and the character it is
        given (inside an operation: the committed ones, while they are the same), so that
        what it reads is noted; each caller gets its own copy, or with ``shared`` the kept
        value itself, never to be changed: the same object while nothing it read has
        changed, which a screen can tell from the last one by its identity (the party
        screen then has nothing to lay out again after a clock advance)."""
        if self.cache is None:
            return compute(self, character)
        return self.cache.get(kind, character, self.state, lambda reading: compute(
            Session(reading, self.host, self.cache), character), shared)

    # -- conditions (gm_console.rules.conditions) ----------------------------------------------------

    def conditions(self, character: dict[str, Any]) -> list[cond.Condition]:
        """Every condition of a character: stored on the sheet, then each plugin's derived
        ones (``character_conditions``), with their effects."""
        def compute(session: Session, character: dict[str, Any]) -> list[dict[str, Any]]:
            return [{"source": plugin, **entry}  # a condition that says no source: its plugin
                    for plugin, batch in session.host.call_each(
                        "character_conditions", character=character, session=session)
                    if isinstance(batch, list) for entry in batch if isinstance(entry, dict)]
        # Kept like derived values: a fight's screen asks for every combatant's, three times
        # (limits, hit points, names), after every key.
        derived = self.kept_for("character_conditions", character, compute)
        table = self.table("conditions")
        return cond.compose(cond.stored_entries(character), derived, cond.table_of(table),
                            self.language, cond.scopes_of(table))

    def clock_for(self, conditions: list[cond.Condition]) -> dict[str, int]:
        """The clock, to say what is left of ``conditions``' durations; ``{}`` when none is
        of game time. The clock is read only then: a party's rows and derived values, kept
        while what they read stays the same, are not made again at every clock advance."""
        timed = any((c.duration or {}).get("kind") == "time" for c in conditions)
        return self.clock if timed else {}

    def condition_tags(self, conditions: list[cond.Condition]) -> list[str]:
        """``conditions`` (:meth:`conditions`) as a table shows them, in the UI language:
        each abbreviated with what is left of its duration (``effr. 2r``, ``empois. 10m``)."""
        from gm_console.text.i18n import Translator

        clock = self.clock_for(conditions)
        t = Translator(self.language)
        return [t(cond.tag(c, clock)) for c in conditions]

    def conditions_in_full(self, conditions: list[cond.Condition]) -> list[str]:
        """``conditions`` named in full with what is left of their durations in words, in the
        UI language (a detail line: "frightened: 2 rounds (to the start of Aria's turn)",
        "poisoned: 10m left, until day 1, 10:10")."""
        from gm_console.text.i18n import Translator

        clock = self.clock_for(conditions)
        t = Translator(self.language)
        return [t(cond.in_full(c, clock)) for c in conditions]

    def disadvantage(self, character: dict[str, Any], roll: str,
                     scope: Iterable[str] = ()) -> list[str]:
        """Why ``character`` rolls ``roll`` ("check", "save", "attack") with disadvantage:
        one reason per condition (empty: a plain roll). ``scope``: what the roll is, named as
        ``[scopes]`` of config/conditions.toml names it (``("wisdom", "perception")``), for
        the conditions that touch only some rolls (``check_disadvantage = ["perception"]``)."""
        return cond.disadvantage(self.conditions(character), roll, scope)

    def roll_dice(self, character: dict[str, Any], roll: str, dice: str = "1d20", *,
                  roll_under: bool = False, scope: Iterable[str] = ()) -> tuple[str, list[str]]:
        """The dice ``character`` rolls for ``roll``, and why: ``("2d20kl1", ["exhaustion 1
        (...)"])`` with disadvantage, ``("1d20", [])`` without (``roll_under``: a check that
        succeeds at or under a target, where the worse die is the higher; ``scope``: what the
        roll is, its ability and skill or its kind of attack, ``("strength", "athletics")``,
        as :meth:`disadvantage` reads it). The one way a plugin asks a d20 roll of a
        character."""
        reasons = self.disadvantage(character, roll, scope)
        return (cond.with_disadvantage(dice, roll_under) if reasons else dice), reasons

    def action_limits(self, character: dict[str, Any]) -> cond.ActionLimits:
        """What the character's conditions allow in a fight (restricted, forbidden actions)."""
        return cond.action_limits(self.conditions(character))

    def hit_points(self, character: dict[str, Any]) -> hitpoints.HitPoints | None:
        """Hit points with the maximum the conditions leave (None: no maximum on the sheet)."""
        return hitpoints.of(character, self.conditions(character))

    def health(self, subject: dict[str, Any]) -> Said:
        """A word for the state of ``subject``'s hit points (unhurt, wounded, bloodied: half
        or less, down: at the floor), what players read of a creature's; unhurt without a
        maximum (nothing to count down from)."""
        hp = self.hit_points(subject)
        if hp is None:
            return say("unhurt")
        return privacy.health(hp.current, hp.effective_max,
                              int(self.setting("conditions", "hit_points_floor", 0)))

    def hit_points_public(self, subject: dict[str, Any], keeper: str = "") -> bool:
        """Whether players and spectators read ``subject``'s hit points as the game master
        does: a character's, yes; a creature's, when the plugin that keeps it (``keeper``, or
        the one :meth:`owner_of` names) sets ``creature_hit_points_to_players = "numbers"``
        (by default, ``"word"``, they read :meth:`health` instead)."""
        keeper = keeper or self.owner_of(subject)
        return keeper == "characters" or \
            self.setting(keeper, privacy.CREATURE_HIT_POINTS, "word") == "numbers"

    def hit_points_said(self, subject: dict[str, Any], full: Said, shown: Said,
                        keeper: str = "") -> Said:
        """A sentence quoting ``subject``'s hit points (its damage, its healing): ``full`` to
        those who may read them (:meth:`hit_points_public`), ``shown`` (the same without its
        figures: "Goblin takes 4 damage: bloodied") to the others."""
        if self.hit_points_public(subject, keeper):
            return full
        return private(full, privacy.GM_ALONE, instead=shown)

    def settle_hit_points(self, character: dict[str, Any]) -> None:
        """Write back the hit points the maximum that counts leaves, before a change that may
        raise it (exhaustion 4 to 3): the maximum comes back, the hit points it took do not."""
        hp = self.hit_points(character)
        if hp is not None and hp.current < hp.maximum and \
                character.get("hit_points", hp.maximum) != hp.current:
            character["hit_points"] = hp.current

    def current_turn(self) -> dict[str, Any] | None:
        """``{"round", "turn"}`` while a fight runs (from whichever plugin runs it)."""
        return self.host.call_first("current_turn", session=self)

    def terrain(self) -> dict[str, Any] | None:
        """The terrain the party is in, from whichever plugin knows (None if none does)."""
        return self.host.call_first("current_terrain", session=self)


class OpContext(Session):
    """A session inside one operation. Everything changed here is undone together."""

    def __init__(self, state: dict[str, Any], host: PluginHost, actor: str = "gm",
                 cache: DerivedCache | None = None) -> None:
        super().__init__(state, host)
        self.actor = actor
        self._committed_cache = cache
        """The committed state's kept derived values (the store's), for :meth:`kept_for`."""
        self.journal_lines: list[dict[str, Any]] = []
        self.touched: set[str] = set()

    def kept_for(self, kind: str, character: dict[str, Any],
                 compute: Callable[[Session, dict[str, Any]], Any],
                 shared: bool = False) -> Any:
        # Until the operation changes something, what it sees is the committed state: a
        # character's values are the ones kept for it there (an action of a combatant with
        # 40 items read its speed and conditions from every item, three times). Afterwards,
        # or for a character it made, they are computed from what the operation sees.
        draft, cache = self.state, self._committed_cache
        if cache is None or not isinstance(draft, Draft):
            return compute(self, character)
        committed = draft.committed(character)
        if committed is None:
            return compute(self, character)
        return cache.get(kind, committed, draft.base, lambda reading: compute(
            Session(reading, self.host, cache), committed), shared)

    def journal(self, text: str, kind: str = "note", who: list[str] | tuple[str, ...] = (),
                gm_only: bool = False) -> None:
        """Add a journal line besides the operation's own (a roll, a consequence), stamped
        with the in-game time at which it happens. A ``gm_only`` line is never sent to a
        player's or a spectator's terminal."""
        self.journal_lines.append({**self.now(), "kind": kind, "text": str(text),
                                   **stored(text), "who": list(who),
                                   **({"gm_only": True} if gm_only else {})})

    def now(self) -> dict[str, int]:
        """The in-game time, as a journal line carries it."""
        return {"day": int(self.clock.get("day", 1)), "second": int(self.clock.get("second", 0))}

    def touch(self, *sections: str) -> None:
        """Tell the views which parts changed (``"characters"``, ``"clock"``, a plugin name);
        the store adds the operation's own area anyway."""
        self.touched.update(sections)

    def advance_clock(self, seconds: int, reason: str) -> None:
        """Move the in-game clock forward and let every plugin react (``time_passed``)."""
        if seconds < 0:
            raise Refused(say("the clock only moves forward; undo to go back"))
        clock = self.clock
        total = int(clock.get("second", 0)) + int(seconds)
        clock["day"] = int(clock.get("day", 1)) + total // 86400
        clock["second"] = total % 86400
        self.touch("clock")
        self.host.call("time_passed", ctx=self, seconds=int(seconds), reason=reason)

    def request_rolls(self, request: RollRequest) -> int:
        """Queue rolls for the dice prompt; returns the request's id. When they are resolved,
        operation ``request.then`` is applied with ``request`` and ``outcomes``."""
        rolls = self.state.setdefault("rolls", {})
        rolls["next_id"] = int(rolls.get("next_id", 1))
        request.id = rolls["next_id"]
        rolls["next_id"] += 1
        rolls.setdefault("pending", []).append(copy.deepcopy(request.as_dict()))
        self.touch("rolls")
        return request.id

    def add_condition(self, character: dict[str, Any], name: str, *, source: str,
                      effects: dict[str, Any] | None = None,
                      duration: dict[str, Any] | None = None) -> bool:
        """Store a condition on a character (a plugin's consequence, or the game master's:
        no ``source``, it reads "added by the game master"); False when it already has one of
        that name (the first stays, with its duration)."""
        entries = cond.stored_entries(character)
        if any(e["name"].casefold() == name.casefold() for e in entries):
            return False
        entry: dict[str, Any] = {"name": name, **({"source": source} if source else {})}
        if effects:
            entry["effects"] = dict(effects)
        if duration:
            entry["duration"] = dict(duration)
        character["conditions"] = [*entries, entry]
        self.touch(self.owner_of(character))
        return True

    def remove_condition(self, character: dict[str, Any], name: str, why: str = "",
                         ) -> bool:
        """Take a stored condition away and, given ``why`` ("its 3 rounds are over"), say so in
        the journal; False when the character has none of that name."""
        entries = cond.stored_entries(character)
        kept = [e for e in entries if e["name"].casefold() != name.casefold()]
        if len(kept) == len(entries):
            return False
        self.settle_hit_points(character)  # a condition halving the maximum may end
        character["conditions"] = kept
        self.touch(self.owner_of(character))
        if why:
            label = cond.name_of(name, cond.table_of(self.table("conditions")))
            self.journal(say("{name}: {condition} ends ({why})",
                             name=str(character.get("name", "")), condition=label, why=why),
                         kind="condition",
                         who=[str(character.get("name", ""))])
        return True

    def duration(self, **given: Any) -> dict[str, Any] | None:
        """A condition's duration from what the game master said (see
        :func:`gm_console.rules.durations.build`), or Refused saying what is wrong."""
        try:
            return durations.build(clock=self.clock, turn=self.current_turn(),
                                   round_seconds=int(self.setting("conditions",
                                                                  "round_seconds", 6)),
                                   **given)
        except durations.DurationError as exc:
            raise Refused(said_by(exc)) from None

    def apply(self, name: str, **params: Any) -> Result:
        """Apply another operation inside this one (same undo step, same journal batch)."""
        return self.host.run_operation(self, name, params)

    def notify(self, hook: str, **kwargs: Any) -> None:
        """Call a reaction hook (``round_started``) on every plugin, inside this operation."""
        self.host.call(hook, ctx=self, **kwargs)

    def ask(self, hook: str, **kwargs: Any) -> Any:
        """Call a hook inside this operation and take the first plugin's answer (``None`` if no
        plugin answers): how one plugin has another do its part (``spend_movement``) without
        knowing which plugin that is."""
        return self.host.call_first(hook, ctx=self, **kwargs)
