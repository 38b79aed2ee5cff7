"""The travel planner: pace and its effect, mode, terrain, the route's legs with the time each
takes, the arrival on the in-game clock, the reverse question (how far in a given time), and
travelling for real. Keys only; the figures come from :mod:`.summary`, the changes from the
travel operations.

The planned hours a day are the session's (travel.plan: home and travelling to the end keep to
them); the reverse question is the screen's own scratch state.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal

from gm_console import Refused, format_clock, format_duration, said_by, say
from gm_console.ui import StoreScreen, SyncedTable, Value, css_beside, key_binding
from gm_console_plugins.travel import ops, reading, rules
from gm_console_plugins.travel.summary import ASK, onward, reverse, summary

if TYPE_CHECKING:
    from gm_console import Outcome

_DURATION = re.compile(r"^\s*(\d+(?:[.,]\d+)?)\s*(h|hours?|m|min|minutes?|d|days?|j|jours?)?\s*$",
                       re.IGNORECASE)


def km(value: float) -> str:
    """A distance for the eye: 17.38, not 17.375."""
    return f"{value:.2f}".rstrip("0").rstrip(".")


def parse_duration(text: str) -> tuple[float, float]:
    """'3h', '3', '90min', '2d' → (hours, days); ValueError saying what is expected."""
    match = _DURATION.match(text)
    if not match:
        raise ValueError(say("{text!r}: write a time such as 3h, 90min or 2d", text=text))
    value = float(match.group(1).replace(",", "."))
    unit = (match.group(2) or "h").lower()
    if value <= 0:
        raise ValueError(say("the time must be more than 0"))
    if unit.startswith(("d", "j")):
        return 0.0, value
    if unit.startswith("m"):
        return value / 60, 0.0
    return value, 0.0


def parse_mode(text: str) -> dict[str, Any]:
    """'ship 3 24' → mode ship, 3 km/h, 24 h a day; 'ship 18m' → speed 18 m per round;
    'special 27' → a 27 m special mount."""
    words = text.split()
    if not words:
        raise ValueError(say("type a mode: foot, mounted, gallop, vehicle, ship or special"))
    params: dict[str, Any] = {"mode": words[0].lower()}
    numbers = words[1:]
    try:
        if params["mode"] == "special" and numbers:
            params["speed_m"] = float(numbers[0].rstrip("m").replace(",", "."))
        elif params["mode"] == "ship" and numbers:
            first = numbers[0].lower().replace(",", ".")
            if first.endswith("m"):
                params["speed_m"] = float(first.rstrip("m"))
            else:
                params["speed_kmh"] = float(first.removesuffix("kmh").removesuffix("km/h"))
            if len(numbers) > 1:
                params["hours_per_day"] = float(numbers[1].rstrip("h").replace(",", "."))
    except ValueError:
        raise ValueError(say("{text!r}: the speed and hours must be numbers", text=text)) from None
    return params



PLUGIN_KIND = "travel"
"""The journal kind of the travel operations' lines."""


class TravelPlanner(StoreScreen):
    # Travellers' speeds come from the sheets (exhaustion, load); terrain from its plugin.
    AREAS = frozenset({"travel", "terrain", "clock", "characters", "rolls", "settings"})
    BINDINGS = [
        key_binding("f", "pace('fast')", "Fast", "travel.fast"),
        key_binding("w", "pace('normal')", "Normal", "travel.normal"),
        key_binding("s", "pace('slow')", "Slow", "travel.slow"),
        key_binding("m", "ask('mode')", "Mode", "travel.mode"),
        key_binding("t", "ask('terrain')", "Terrain", "travel.terrain"),
        key_binding("a", "ask('leg')", "Add leg", "travel.add_leg"),
        key_binding("x", "remove_leg", "Remove leg", "travel.remove_leg"),
        key_binding("c", "clear_route", "Clear route", "travel.clear_route", show=False),
        key_binding("left_square_bracket", "plan_hours(-1)", "Fewer hours a day",
                    "travel.fewer_hours", show=False),
        key_binding("right_square_bracket", "plan_hours(1)", "More hours a day",
                    "travel.more_hours", show=False),
        key_binding("h", "ask('reverse')", "How far…", "travel.reverse"),
        key_binding("g", "advance('1')", "1 hour", "travel.advance_hour"),
        key_binding("G", "ask('hours')", "Hours…", "travel.advance_hours", show=False),
        key_binding("e", "advance('end')", "To the end", "travel.advance_end"),
        key_binding("E", "advance('nonstop')", "To the end without halting",
                    "travel.advance_nonstop", show=False),
        key_binding("F", "fresh_mount", "Fresh mount", "travel.fresh_mount", show=False),
        key_binding("question_mark", "why", "Why?", "travel.why"),
        Binding("escape", "back", "Back", id="travel.back"),
    ]
    # ask('reverse') only works a distance out; ask('terrain') applies what the terrain plugin
    # names (the terrain_prompt hook)
    OPERATIONS = {"pace": "travel.pace", "advance": "travel.advance", "ask('hours')": "travel.advance",
                  "ask('mode')": "travel.mode", "ask('leg')": "travel.leg",
                  "fresh_mount": "travel.fresh_mount", "clear_route": "travel.route_clear",
                  "remove_leg": "travel.leg_remove", "plan_hours": "travel.plan"}
    KEY_HINTS = {"add legs (travel.leg) or give hours=<number>":
                 "press a to add a leg, or G to travel a number of hours",
                 # the same syntax in the French refusal (travel's labels)
                 "ajoutez des étapes (travel.leg) ou donnez hours=<number>":
                 "press a to add a leg, or G to travel a number of hours",
                 # kept verbatim in both languages' sentences
                 "(travel.fresh_mount)": "(F)", "(travel.route_clear)": "(c)"}
    # A line's side space is margin, not padding: a changed line is written from its widget's
    # first cell, and a margin is not the widget's (one cell and its colours fewer per line).
    # For the same reason a line whose words before its value never change with it (.tp-line)
    # has them in a widget of their own: a new value is written from where it starts.
    # Once it has said something, the last line keeps two lines' room, so that a one-line
    # outcome after a two-line one moves nothing (nothing is under it: the room shows as
    # nothing).
    DEFAULT_CSS = css_beside(__file__, "travel_planner.tcss")

    # What the question line asks, by the key's question.
    QUESTIONS: ClassVar[dict[str, str]] = {
        "mode": ("Mode (foot, mounted, gallop, vehicle, ship <km/h> [hours a day], "
                 "special <speed m>)"),
        "leg": "Leg: km terrain [name]",
        "reverse": "How far in (3h, 90min, 2d)",
        "hours": "Travel how many hours?",
    }

    def __init__(self, store: Any, **kwargs: Any) -> None:
        super().__init__(store, **kwargs)
        self.journal_seen = len(store.session.state.get("journal", []))
        """The journal lines already looked at for travel done elsewhere
        (:meth:`_said_elsewhere`)."""
        # the last "how far in" question: a day ("j" for jour in French)
        language = store.session.language  # the host's, for the app's whole life
        self.reverse_text = "1j" if language == "fr" else "1d"
        self._decimal_comma = language == "fr"  # for :meth:`_km`, not a view made per figure
        self._values: dict[str, Value] = {}  # by id, each found once: 11 are shown at each key

    # -- layout -------------------------------------------------------------------------------

    def compose_body(self) -> ComposeResult:
        # The title never changes (the UI language is the app's): given once, not at each key.
        yield Value(self.t("Travel planner"), id="tp-title", classes="panel-title")
        with Horizontal(classes="tp-line"):
            yield Value(id="tp-pace-label")
            yield Value(id="tp-pace", classes="tp-value")
        yield Value(id="tp-mode", classes="tp-value")
        yield Value(id="tp-rates", classes="tp-value")
        yield Value(id="tp-today", classes="tp-value")
        table = SyncedTable(id="tp-legs", cursor_type="row", zebra_stripes=True)
        table.can_focus = False  # the keys belong to the screen; the cursor moves with ↑↓
        yield table
        yield Value(id="tp-total", classes="tp-value")
        with Horizontal(classes="tp-line"):
            yield Value(id="tp-reverse-label")
            yield Value(id="tp-reverse", classes="tp-value")
        yield Value(id="tp-hint", classes="hint")
        # Last: what was done takes one line or two, and nothing under it moves when it does.
        yield Value(id="tp-last", classes="tp-value")

    # -- what is shown ------------------------------------------------------------------------

    def refresh_view(self, change: Any) -> None:
        # The translator itself, looked up once (self.t asks the app for it at each label),
        # as is the session's view.
        t = self.app.t
        colon = t(": ")  # " : " in French
        session = self.session
        found = reading.kept_terrain(session)  # for the summary and how far: asked once
        values = summary(session, kept=True, terrain=found)
        if "error" in values:
            self._value("tp-pace-label", "")
            self._value("tp-pace", Text(t(values["error"]), style="bold red"))
            return
        effect = values["effect"]
        style = "yellow" if effect["passive_perception"] or effect["stealth"] else ""
        self._value("tp-pace-label", f"{t('Pace')} [f w s]{colon}")
        self._value("tp-pace", Text.assemble(
            (t(values["pace_label"]), "bold"), " — ", (t(effect["text"]), style)))
        ground = t("difficult") if values["difficult"] else t("ordinary")
        mode = values["mode_label"]
        if values["mode"] == "special":
            mode += f" {values['speed_m']} m"
        elif values["mode"] == "ship":
            own = f"{values['speed_kmh']} km/h" if values["speed_kmh"] else f"{values['speed_m']} m"
            mode += f" {own}, {values['day_hours']} h {t('a day')}"
        self._value("tp-mode", f"{t('Mode')} [m]{colon}{mode} · {t('Terrain')} [t]{colon}"
                               f"{t(values['terrain_label'])} ({ground})")
        rates = (f"{self._km(values['per_minute_m'])} m/min · {self._km(values['per_hour_km'])} "
                 f"km/h · {self._km(values['per_day_km'])} km/{t('day')} "
                 f"({self._km(values['day_hours'])} h)")
        if values["day_hour_km"] != values["per_hour_km"]:
            rates += f" · {t('within the day')} {self._km(values['day_hour_km'])} km/h"
        self._value("tp-rates", rates)
        self._said_elsewhere()
        self._show_today(values)
        self._show_route(values)
        self._show_reverse(found)
        self._value("tp-hint", t("↑↓ leg · x remove · c clear · [ ] h/day · G hours · "
                                 "E no halt · F mount · ? why"))

    def _said_elsewhere(self) -> None:
        """Travel done by an operation this screen did not apply (the forced-march saves
        answered in the dice prompt travel on; another front's advance): its sentence on the
        last line, which would otherwise still say the stretch before. The operation's own
        line opens its run of travel lines in the journal; the last such run is said. (What
        this screen applies itself, :meth:`_done` says.)"""
        lines = self.session.state.get("journal", [])
        new, self.journal_seen = lines[min(self.journal_seen, len(lines)):], len(lines)
        if self.applying:
            return
        opening = [line for before, line in zip([None, *new], new)
                   if line.get("kind") == PLUGIN_KIND and
                   (before is None or before.get("kind") != PLUGIN_KIND)]
        if opening:
            self.query_one("#tp-last").add_class("said")
            self._value("tp-last", Text(self.for_screen(self.app.t.line(opening[-1])),
                                        style="italic"))

    def _km(self, value: float) -> str:
        """A distance for the eye in the UI language: 17.38, or 17,38 in French."""
        text = km(value)
        return text.replace(".", ",") if self._decimal_comma else text

    def _value(self, widget_id: str, text: str | Text) -> None:
        value = self._values.get(widget_id)
        if value is None:
            value = self._values[widget_id] = self.query_one(f"#{widget_id}", Value)
        # Text, not markup: "[m]" is a key to press, not a style.
        value.show(Text(text) if isinstance(text, str) else text)

    def _show_today(self, values: dict[str, Any]) -> None:
        t = self.app.t
        colon = t(": ")
        dc = values["next_forced_march_dc"]
        parts = [f"{t('Today')}{colon}{format_duration(values['hours_today'] * 3600)}",
                 f"{t('next forced-march save')}{colon}" + (f"{t('DC')} {dc}" if dc else
                                                            t("none yet"))]
        if "fresh_mount" in values:
            due = values["fresh_mount"]["due_in_km"]
            parts.append(f"{t('fresh mount in')} {self._km(due)} km" if due else
                         t("fresh mount needed (F)"))
        line = Text(" · ".join(parts))
        if values["awaiting_saves"]:
            line.append(f"\n⚄ {t('Waiting for the forced-march saves')} (r)", style="bold yellow")
        for reason in [*values["vetoed"], *values["stopped_by"]]:
            line.append(f"\n■ {t('Stopped')}{t(': ')}{t(reason)}", style="bold red")
        self._value("tp-today", line)

    def _show_route(self, values: dict[str, Any]) -> None:
        t = self.app.t
        table = self.query_one("#tp-legs", SyncedTable)
        # Titles as wide as their widest cell (a synced cell does not widen its column), 76
        # columns in all so that the table fits an 80-column terminal.
        columns = ["# ", t("Distance").ljust(11), t("Terrain").ljust(22), t("Time").ljust(11),
                   t("Ends").ljust(9), t("Name").ljust(10)]
        rows = []
        for leg in values["route"]:
            ground = t(leg["terrain_label"]) + (" (×2)" if leg["difficult"] else "")
            distance = f"{self._km(leg['km'])} km"
            if leg["done_km"] and leg["done_km"] < leg["km"]:
                distance = f"{self._km(leg['done_km'])}/{distance}"
            elif leg["done_km"]:
                distance = f"✓ {distance}"
            ends = leg["ends"]
            rows.append((str(leg["leg"]), [
                str(leg["leg"]), distance, ground,
                format_duration(leg["seconds"]) if leg["seconds"] else "—",
                f"{t('D')}{ends['day']} {ends['text'][-5:]}" if ends else "", leg["name"]]))
        table.sync(columns, rows)
        if not rows:
            self._value("tp-total", t("no route: a adds a leg"))
            return
        left = f" ({self._km(values['remaining_km'])} {t('left')})" if values["done_km"] else ""
        text = Text(f"{t('Total')} {self._km(values['route_km'])} km{left} · ")
        arrival = values["arrival"]
        if arrival is None:
            text.append(t("arrived"), style="bold green")
        else:
            text.append(f"{format_duration(values['remaining_seconds'])}, "
                        f"{values['plan_hours_per_day']} h/{t('day')} [ ] → ")
            text.append(format_clock(arrival, t("Day")), style="bold")
        dcs = values["planned_forced_march_dcs"]
        if dcs:
            text.append(f"\n{t('forced march')}{t(': ')}{t('saves')} {t('DC')} "
                        f"{', '.join(map(str, dcs))}",
                        style="yellow")
        mounts = values.get("fresh_mount", {}).get("route_km")
        if mounts:
            text.append(f"\n{t('Fresh mounts at km')} {', '.join(self._km(x) for x in mounts)}")
        self._value("tp-total", text)

    def _show_reverse(self, terrain: Any = ASK) -> None:
        t = self.app.t
        try:
            hours, days = parse_duration(self.reverse_text)
            found = reverse(self.session, hours=hours, days=days, terrain=terrain)
        except ValueError as exc:
            self._value("tp-reverse-label", "")
            self._value("tp-reverse", Text(t(said_by(exc)), style="red"))
            return
        self._value("tp-reverse-label",
                    f"{t('How far')} [h] {t('in')} {self.reverse_text}{t(': ')}")
        line = f"{self._km(found['km'])} km"
        if days:
            line += f" ({t(found['terrain'])})"
        elif found["route_ends"]:
            line += f" ({t('arrived')} {format_duration(found['hours_travelled'] * 3600)})"
        self._value("tp-reverse", line)

    # -- keys ---------------------------------------------------------------------------------

    # What ctrl+z takes back that is worth a hint: the clock moved, a leg thrown away.
    UNDO_HINTED = frozenset({"travel.advance", "travel.leg_remove", "travel.route_clear"})

    applying = False
    """Whether an operation of this screen's own is being applied (its redraw is not travel
    done elsewhere)."""

    def apply(self, op: str, /, *, said_here: bool = False, **params: Any) -> Outcome:
        self.applying = True
        try:
            return super().apply(op, said_here=said_here, **params)
        finally:
            self.applying = False
            self.journal_seen = len(self.session.state.get("journal", []))

    def _outcome(self, op: str, **params: Any) -> bool:
        return self._done(self.apply(op, **params)).ok

    def _done(self, outcome: Outcome) -> Outcome:
        """What was done, on the screen's last line (a refusal is said where it was asked)."""
        if outcome.ok:
            said = (self._pace_taken(outcome) if outcome.op == "travel.pace" else
                    self.for_screen(outcome.message))
            line = Text(said, style="italic")
            if outcome.op in self.UNDO_HINTED:
                line.append(f"  (ctrl+z {self.t('undoes it')})", style="dim")
            self.query_one("#tp-last").add_class("said")
            self._value("tp-last", line)
        return outcome

    def _pace_taken(self, outcome: Outcome) -> str:
        """A pace key's outcome, short: the pace line and the rates line above show the rest
        of its sentence (the journal keeps it whole). Said in full, it doubled what the key
        wrote to the terminal: two more lines, for the same words."""
        pace = str(outcome.data.get("pace", ""))
        try:
            label = rules.label(rules.pace_row(self.session.table(reading.PLUGIN), pace), pace,
                                self.session.language)
        except rules.TravelError:  # a pace the table no longer has: the sentence as it came
            return self.for_screen(outcome.message)
        return f"{self.t('Pace')}{self.t(': ')}{self.t(label)}"

    def action_pace(self, pace: str) -> None:
        self._outcome("travel.pace", pace=pace)

    def action_advance(self, hours: str) -> None:
        if hours not in ("end", "nonstop"):
            self._outcome("travel.advance", hours=hours)
            return
        # To the end moves the clock by hours, even days: asked first, with what it will do
        # (as planned, with its nights' halts; or, E, marching on without one).
        nonstop = hours == "nonstop"
        trip = onward(self.session, nonstop=nonstop)
        if trip is None:
            self._outcome("travel.advance", hours="end", nonstop=nonstop)  # says why it cannot
            return
        self.app.confirm(self._onward_question(trip, nonstop),
                         lambda: self._outcome("travel.advance", hours="end", nonstop=nonstop))

    def _onward_question(self, trip: dict[str, Any], nonstop: bool) -> str:
        """The question before travelling to the end: how long, until when, the nights' halts
        and the forced-march saves on the way, and what stops the party short of the end."""
        time = format_duration(trip["seconds"])
        until = format_clock(trip["until"], self.t("Day"))
        dcs = trip["forced_march_dcs"]
        if not nonstop:  # the travel hours, nights not counted
            return self._planned_question(trip, format_duration(trip["travel_seconds"]),
                                          until)
        if trip["stop"]:
            question = self._short_question(trip, time, until)
        else:
            question = self.t("Travel to the end of the route: {time} of travel, arrival "
                              "{arrival}?").format(time=time, arrival=until)
        if len(dcs) == 1:  # said first: the question ends the text
            question = self.t("No night's halt: one hour of forced march, with a Constitution "
                              "save (DC {dc}).").format(dc=dcs[0]) + " " + question
        elif dcs:
            question = self.t("No night's halt: {count} hours of forced march, each with a "
                              "Constitution save (DC {first} to {last}).").format(
                count=len(dcs), first=dcs[0], last=dcs[-1]) + " " + question
        return question

    def _planned_question(self, trip: dict[str, Any], time: str, until: str) -> str:
        """To the end as planned: the plan's hours a day, its nights' halts and its saves."""
        t = self.t
        plan = t("As planned, {hours} h a day").format(
            hours=self.app.t.number(float(trip["hours_per_day"])))
        halts = trip["halts"]
        if halts:
            plan += ", " + (t("one night's halt") if halts == 1 else
                            t("{count} nights' halts").format(count=halts))
        dcs = trip["forced_march_dcs"]
        if dcs:
            plan += ", " + (t("one forced-march save (DC {dcs})") if len(dcs) == 1 else
                            t("{count} forced-march saves (DC {dcs})")).format(
                count=len(dcs), dcs=", ".join(map(str, dcs)))
        if trip["stop"]:
            return plan + ". " + self._short_question(trip, time, until)
        return plan + ". " + t("Travel to the end of the route: {time} of travel, arrival "
                               "{arrival}?").format(time=time, arrival=until)

    def _short_question(self, trip: dict[str, Any], time: str, until: str) -> str:
        why = {"day": self.t("the mode's hours of travel today are done"),
               "mount": self.t("the mount has galloped its hours"),
               "most": self.t("one advance covers at most a month")}[trip["stop"]]
        return self.t("Travel on towards the end of the route: {time} of travel, until "
                      "{until} ({why}), {km} km short of the end?").format(
            time=time, until=until, why=why, km=self.app.t.number(trip["remaining_km"]))

    def _advance_hours(self, text: str) -> Outcome | None:
        """G's answer: a number of hours moves the clock that far, so it is asked first (a typo
        would be 40 h on the clock); anything else goes to the operation, which says what is
        wrong while the question stays open with the text as typed."""
        try:
            hours = ops.HOURS.coerce(text)
        except Refused:
            return self._done(self.apply(ops.ADVANCE_OP, said_here=True, hours=text))
        if hours is None:  # the operation's word for e: asked the same way
            self.action_advance("end")
            return None
        self.app.confirm(
            self.t("Travel {hours} h now? The clock moves on by up to {hours} h.")
            .format(hours=self.app.t.number(hours)),
            lambda: self._outcome("travel.advance", hours=text))
        return None

    def action_fresh_mount(self) -> None:
        self._outcome("travel.fresh_mount")

    def action_clear_route(self) -> None:
        legs = len(summary(self.session).get("route", []))
        if legs:
            self.app.confirm(self.t("Clear the route ({legs} legs)?").format(legs=legs),
                             lambda: self._outcome("travel.route_clear"))

    def action_remove_leg(self) -> None:
        key = self.query_one("#tp-legs", SyncedTable).current_key
        if key is not None:
            self._outcome("travel.leg_remove", leg=int(key))

    def action_why(self) -> None:
        """How the distances were worked out, step by step."""
        values = summary(self.session)
        steps = values.get("steps") or [values.get("error", "")]
        self.notify("\n".join(self.t(step) for step in steps), title=self.t("Why?"), timeout=12)

    def action_plan_hours(self, step: int) -> None:
        planned = summary(self.session).get("plan_hours_per_day")
        if planned is None:  # a setting the rules cannot use: the screen says which
            return
        current = float(planned)
        wanted = min(24.0, max(1.0, current + step))
        if wanted != current:
            self._outcome("travel.plan", hours_per_day=wanted)

    def action_ask(self, what: str) -> None:
        question = self.QUESTIONS.get(what)
        if what == "terrain":
            known = reading.catalogue(self.session) or {}
            question = f"{self.t('Terrain')}{self.t(': ')}{', '.join(known)}"
        self.ask(question or what, lambda text: self._answer(what, text))

    def _answer(self, what: str, text: str) -> Outcome | str | None:
        """Apply the answer to the question ``what``; a refusal keeps the question open with
        the text as typed."""
        if not text:
            return None
        try:
            if what == "mode":
                return self._done(self.apply("travel.mode", said_here=True, **parse_mode(text)))
            if what == "terrain":  # the terrain plugin says which of its operations
                prompt = self.store.host.call_first("terrain_prompt", session=self.session)
                if prompt is None:
                    return self.t("the terrain plugin is not loaded")
                op, params = prompt["read"](text)
                return self._done(self.apply(op, said_here=True, **params))
            if what == "leg":
                return self._done(self.apply("travel.leg", said_here=True, **self._leg(text)))
            if what == "hours":
                return self._advance_hours(text)
            parse_duration(text)  # reverse: how far in that time
        except ValueError as exc:
            return said_by(exc)
        self.reverse_text = text
        self._show_reverse()
        return None

    def _leg(self, text: str) -> dict[str, Any]:
        words = text.split()
        params: dict[str, Any] = {"km": words[0].removesuffix("km")}
        if len(words) > 1:
            params["terrain"] = words[1]
        if len(words) > 2:
            params["name"] = " ".join(words[2:])
        return params

    def on_key(self, event: Any) -> None:
        # ↑↓ move the leg cursor while the table itself never takes the focus.
        if self.asking or event.key not in ("up", "down"):
            return
        table = self.query_one("#tp-legs", SyncedTable)
        if table.row_count:
            table.move_cursor(row=table.cursor_row + (1 if event.key == "down" else -1))
            event.stop()
