"""The movement calculator: a character's round as segments, priced live against their speed,
beside their jump figures. Keys only; nothing here computes a rule (see rules.py and ops.py).

The path being built is the screen's own scratch state: it reaches the session only when the
game master makes the move (enter), the whole way over the rounds it takes (a), or spends it in
combat (e).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual.app import ComposeResult

from gm_console import Refused, said_by, say
from gm_console.ui import StoreScreen, SyncedTable, Value, css_beside, key_binding
from gm_console_plugins.movement import ops, rounds, rules
from gm_console_plugins.movement.segments import JUMPS, Segment, format_path

# What the figure under the jumps means, by setting obstacle_check (RULES.md 1.7).
OBSTACLE_LABELS = {"up_to_quarter": "Small obstacle (check)",
                   "taller_than_quarter": "Obstacle without a check"}
if TYPE_CHECKING:
    from gm_console import Outcome

NOTES_WIDTH = 26  # "standing ≤ 2.55 m, slippery"



class MovementScreen(StoreScreen):
    # A speed depends on the sheet, the items, encumbrance, armour, exhaustion and any plugin's
    # speed step; the terrain on another plugin: any operation may change what is shown. Only
    # the widgets whose text changed repaint, so listening to everything costs little.
    AREAS = frozenset({"*"})
    KEY_HINTS = {ops.FORCE: " (press f to force it, with a reason)",
                 " (movement.cover)": " (press a)", " (movement.spend)": " (press e)",
                 # the same syntax in the host's French of the sentence
                 " (le MJ peut le forcer avec override=<reason>)":
                 " (press f to force it, with a reason)"}
    BINDINGS = [
        key_binding("w", "add('walk')", "Walk", "movement.walk"),
        key_binding("c", "add('climb')", "Climb", "movement.climb"),
        key_binding("s", "add('swim')", "Swim", "movement.swim"),
        key_binding("k", "add('crawl')", "Crawl", "movement.crawl"),
        key_binding("l", "add('long_jump')", "Long jump", "movement.long_jump"),
        key_binding("h", "add('high_jump')", "High jump", "movement.high_jump"),
        key_binding("t", "terrain", "Terrain", "movement.terrain"),
        key_binding("u", "run_up", "Run-up", "movement.run_up"),
        key_binding("exclamation_mark", "hazard", "Slippery/rough", "movement.hazard"),
        key_binding("o", "obstacle", "Obstacle", "movement.obstacle"),
        key_binding("backspace", "erase", "Erase", "movement.erase"),
        key_binding("delete", "remove", "Remove", "movement.remove", show=False),
        key_binding("up", "select(-1)", "Previous segment", "movement.previous", show=False),
        key_binding("down", "select(1)", "Next segment", "movement.next", show=False),
        key_binding("left", "character(-1)", "Previous character",
                    "movement.previous_character", show=False),
        key_binding("right", "character(1)", "Next character", "movement.next_character",
                    show=False),
        key_binding("enter", "move", "Move", "movement.move"),
        key_binding("e", "spend", "Spend in combat", "movement.spend"),
        key_binding("a", "cover", "Whole way", "movement.cover", show=False),
        key_binding("f", "force", "Force (a reason)", "movement.force", show=False),
        key_binding("question_mark", "why", "Why?", "movement.why"),
        # Digits are bindings too, not a key handler: bindings run in order with the kind keys,
        # so "c3" typed fast is a 3 m climb and not a 3 on the segment before it.
        *[key_binding(key, f"digit({char!r})", char, f"movement.digit_{key}", show=False)
          for key, char in [(str(n), str(n)) for n in range(10)] + [("full_stop", ".")]],
    ]
    OPERATIONS = {"move": "movement.move", "spend": "movement.spend", "cover": "movement.cover"}
    DEFAULT_CSS = css_beside(__file__, "movement_screen.tcss")

    def __init__(self, store: Any, **kwargs: Any) -> None:
        super().__init__(store, **kwargs)
        self.segments: list[Segment] = []
        self.selected = -1          # index of the segment the keys change
        self.typed = ""             # digits typed for the selected segment's metres
        self.typing_obstacle = False  # ... or for its obstacle's height (after o)
        self.untyped: Segment | None = None
        # Opens on whoever acts now (a fight running), else on the first character.
        self.character_name = str(store.host.call_first("acting_character",
                                                         session=store.session) or "")
        self.why = False            # the derivation of every figure is shown (?)
        self.refused_op = ""        # the move or spend last refused, for f to force
        self.way: rounds.Way | None = None  # the whole way of a path longer than a round

    # -- layout -------------------------------------------------------------------------------

    def compose_body(self) -> ComposeResult:
        yield Value(id="mv-head", classes="panel-title")
        table = SyncedTable(id="mv-path", cursor_type="row", zebra_stripes=True)
        table.can_focus = False  # every key goes to the screen's bindings
        yield table
        yield Value(id="mv-total")
        yield Value(id="mv-rounds")
        yield Value(id="mv-checks")
        yield Value(id="mv-jump")
        yield Value(id="mv-hint", classes="hint")
        yield Value(id="mv-why")

    # -- what is shown ------------------------------------------------------------------------

    def character(self) -> dict[str, Any] | None:
        characters = self.session.characters
        if not characters:
            return None
        for character in characters:
            if character.get("name") == self.character_name:
                return character
        self.character_name = str(characters[0].get("name", ""))
        return characters[0]

    def refresh_view(self, change: Any) -> None:
        t = self.t
        character = self.character()
        head = self.query_one("#mv-head", Value)
        if character is None:  # none yet, or the last one was removed
            head.show(t("Movement: no characters yet (add one on the party screen)"))
            self.query_one("#mv-path", SyncedTable).sync([], [])
            self._show_way(None)
            for widget in ("#mv-total", "#mv-checks", "#mv-jump", "#mv-why"):
                self.query_one(widget, Value).show("")
            return
        session = self.session
        terrain = session.terrain()
        if terrain is None:
            where = t("no terrain set")
        else:
            kind = t("difficult") if terrain.get("difficult") else t("normal")
            where = f"{t(terrain.get('label', '?'))} ({kind})"
        position = f"{self._index() + 1}/{len(session.characters)}"
        head.show(f"{character['name']} · {t('speed')} {self._m(session.speed(character).m)} m"
                  f" · {t('terrain')}{t(': ')}{where} · ←→ {t('character')} {position}")
        path = self._show_path(character)
        jump = self._show_jump(character)
        self.query_one("#mv-hint", Value).show(self._hint())
        why = self.query_one("#mv-why", Value)
        why.display = self.why
        if self.why:  # computed only when asked for
            lines = [f"{t('Speed')}:", *map(t, session.speed(character).steps)]
            if path is not None:
                lines += [f"{t('Path')}:", *map(t, path.steps)]
            if self.way is not None:
                lines += [f"{t('Whole way')}:", *map(t, self.way.steps())]
            if jump is not None:
                lines += [f"{t('Jumps')}:", *map(t, jump.steps)]
            why.show("\n".join(lines))

    def _m(self, value: Any) -> str:
        """Metres for the eye in the UI language: 1.275, or 1,275 in French."""
        return self.app.t.number(float(value), 3)

    def _index(self) -> int:
        names = [c.get("name") for c in self.session.characters]
        return names.index(self.character_name) if self.character_name in names else 0

    def _show_path(self, character: dict[str, Any]) -> rules.PricedPath | None:
        t = self.t
        table = self.query_one("#mv-path", SyncedTable)
        total = self.query_one("#mv-total", Value)
        checks = self.query_one("#mv-checks", Value)
        # Titles as wide as the widest cell: SyncedTable updates a cell in place without
        # widening its column, so a column must start wide enough ("difficult*", the notes).
        # 76 columns in all: the table fits an 80-column terminal.
        columns = ["#  ", t("Segment").ljust(9), t("Terrain").ljust(10), "m".ljust(5),
                   t("rate").ljust(4), t("cost").ljust(5), t("Notes").ljust(NOTES_WIDTH)]
        if not self.segments:
            self._show_way(None)
            table.sync(columns, [])
            total.show(t("No segments yet: w walk, c climb, s swim, k crawl, l long jump, "
                         "h high jump, then type the metres"))
            checks.show("")
            return None
        try:
            path = ops.price(self.session, character, format_path(self.segments))
        except Refused as exc:
            self._show_way(None)
            table.sync(columns, [])
            total.show(Text(self.for_screen(said_by(exc)), style="bold red"))
            checks.show("")
            return None
        rows = []
        for index, priced in enumerate(path.segments):
            seg = priced.segment
            terrain = t("difficult") if priced.difficult else t("normal")
            if priced.terrain_from != "segment":
                terrain += "*"
            rows.append((str(index), [
                f"{'▶' if index == self.selected else ' '}{priced.number}",
                t(rules.KIND_WORDS[seg.kind]), terrain, self._m(seg.metres),
                self._m(priced.rate), self._m(priced.cost), self._notes(priced)]))
        table.sync(columns, rows)
        if 0 <= self.selected < len(rows) and table.cursor_row != self.selected:
            table.move_cursor(row=self.selected)
        m = rules.said_m
        if path.fits:
            total.show(Text(t(say("Total {cost} m of {speed} m: {left} m left", cost=m(path.cost),
                                  speed=m(path.speed), left=m(path.left))), style="bold green"))
        else:
            total.show(Text(t(say("Total {cost} m of {speed} m: {over} m too far",
                                  cost=m(path.cost), speed=m(path.speed), over=m(path.over))),
                            style="bold red"))
        self._show_way(path)
        lines = [f"⚠ {t(problem)}" for problem in path.problems]
        lines += [t(say("⚄ {ability} ({skill}) DC {dc}: {reason} [{segment}]",
                        ability=rules.ABILITY_WORDS[c.ability], skill=rules.SKILL_WORDS[c.skill], dc=c.dc,
                        reason=c.reason, segment=c.segment)) for c in path.checks]
        checks.show("\n".join(lines))
        return path

    def _show_way(self, path: rules.PricedPath | None) -> None:
        """A path longer than a round: the rounds, time and checks of the whole way (a); a
        line only then."""
        longer = path is not None and not path.fits and path.speed > 0
        self.way = ops.over_rounds(self.session, path) if path is not None and longer else None
        shown = self.query_one("#mv-rounds", Value)
        if shown.display != longer:
            shown.display = longer
        shown.show(Text(self.t(say("Whole way (a): {summary}", summary=self.way.summary())),
                        style="bold") if self.way is not None else "")

    def _notes(self, priced: rules.PricedSegment) -> str:
        t = self.t
        seg = priced.segment
        notes = []
        if seg.kind in JUMPS:
            notes.append(f"{t('running') if priced.run_up else t('standing')} "
                         f"≤ {self._m(priced.max_m or 0)} m")
        if seg.slippery:
            notes.append(t("slippery"))
        if seg.rough:
            notes.append(t("rough water"))
        if seg.obstacle_m is not None:
            notes.append(f"{t('obstacle')} {self._m(seg.obstacle_m)} m")
        return ", ".join(notes)

    def _show_jump(self, character: dict[str, Any]) -> rules.JumpFigures | None:
        t = self.t
        value = self.query_one("#mv-jump", Value)
        try:
            jump = ops.figures(self.session, character)
        except ValueError as exc:
            value.show(Text(t(said_by(exc)), style="red"))
            return None
        reach = "?" if jump.reach is None else f"{self._m(jump.reach)} m"
        show = self._m
        value.show(
            f"{t('Long jump')} {show(jump.long_running)} m ({t('standing')} "
            f"{show(jump.long_standing)} m) · {t('High jump')} {show(jump.high_running)} m "
            f"({t('standing')} {show(jump.high_standing)} m)\n{t('Reach')} {reach} · "
            f"{t(OBSTACLE_LABELS[ops.settings(self.session)['obstacle_check']])} ≤ "
            f"{show(jump.obstacle_max)} m")
        return jump

    def _hint(self) -> str:
        t = self.t
        if self.typing_obstacle:
            return t("Type the obstacle's height in metres; o again to drop it")
        return t("0-9 . metres · t terrain (* = current) · u run-up · ! slippery/rough · "
                 "o obstacle · ↑↓ segment · ⌫ erase · enter move · a whole way · "
                 "e spend in combat · f force · ? why")

    # -- keys ---------------------------------------------------------------------------------

    def _current(self) -> Segment | None:
        return self.segments[self.selected] if 0 <= self.selected < len(self.segments) else None

    def _set(self, segment: Segment) -> None:
        self.segments[self.selected] = segment
        self.refresh_view(None)

    def _start_typing(self, obstacle: bool = False) -> None:
        self.typed, self.typing_obstacle = "", obstacle
        self.untyped = self._current()  # what erasing every typed digit brings back

    def _typed_value(self, segment: Segment) -> None:
        """Show the typed figure on the segment; nothing typed (or only "0", "0.") brings the
        segment back as it was before typing."""
        value = float(self.typed) if self.typed.strip(".") else 0.0
        if value <= 0:
            if self.untyped is not None:
                self._set(self.untyped)
            return
        self._set(replace(segment, obstacle_m=value) if self.typing_obstacle
                  else replace(segment, metres=value))

    def action_add(self, kind: str) -> None:
        self.segments.append(Segment(kind, 1))
        self.selected = len(self.segments) - 1
        self._start_typing()
        self.refresh_view(None)

    def action_digit(self, char: str) -> None:
        segment = self._current()
        if segment is None or (char == "." and "." in self.typed):
            return
        self.typed += char
        self._typed_value(segment)

    def action_erase(self) -> None:
        """Backspace: the last typed digit, else the selected segment."""
        segment = self._current()
        if segment is None:
            return
        if self.typed:
            self.typed = self.typed[:-1]
            self._typed_value(segment)
            return
        self.action_remove()

    def action_remove(self) -> None:
        if self._current() is None:
            return
        del self.segments[self.selected]
        self.selected = min(self.selected, len(self.segments) - 1)
        self._start_typing()
        self.refresh_view(None)

    def action_select(self, step: int) -> None:
        if self.segments:
            self.selected = max(0, min(len(self.segments) - 1, self.selected + step))
            self._start_typing()
            self.refresh_view(None)

    def action_character(self, step: int) -> None:
        characters = self.session.characters
        if characters:
            index = (self._index() + step) % len(characters)
            self.character_name = str(characters[index].get("name", ""))
            self.refresh_view(None)

    def action_terrain(self) -> None:
        """Cycle the selected segment: current terrain → difficult → normal → current."""
        segment = self._current()
        if segment is not None:
            following = {None: True, True: False, False: None}[segment.difficult]
            self._set(replace(segment, difficult=following))

    def action_run_up(self) -> None:
        """Cycle a jump: from the path → running → standing → from the path."""
        segment = self._current()
        if segment is None:
            return
        if segment.kind not in JUMPS:
            self.notify(self.t("A run-up applies to a jump"), severity="warning")
            return
        self._set(replace(segment, run_up={None: True, True: False, False: None}[segment.run_up]))

    def action_hazard(self) -> None:
        segment = self._current()
        if segment is not None and segment.kind == "climb":
            self._set(replace(segment, slippery=not segment.slippery))
        elif segment is not None and segment.kind == "swim":
            self._set(replace(segment, rough=not segment.rough))
        elif segment is not None:
            self.notify(self.t("Slippery applies to a climb, rough water to a swim"),
                        severity="warning")

    def action_obstacle(self) -> None:
        segment = self._current()
        if segment is None:
            return
        if segment.kind != "long_jump":
            self.notify(self.t("An obstacle applies to a long jump"), severity="warning")
            return
        if self.typing_obstacle or segment.obstacle_m is not None:
            self._set(replace(segment, obstacle_m=None))
            self._start_typing()
        else:
            self._start_typing(obstacle=True)
            self.refresh_view(None)

    def _make(self, op: str, override: str = "") -> Outcome | None:
        character = self.character()
        if character is None or not self.segments:
            return None
        params = {"character": character["name"], "segments": format_path(self.segments)}
        if override:
            params["override"] = override
        outcome = self.apply(op, **params)
        self.refused_op = "" if outcome.ok else op
        if outcome.ok:
            self.notify(self.t(outcome.message), timeout=6)
            self.segments, self.selected = [], -1
            self._start_typing()
            self.refresh_view(None)
        return outcome

    def action_why(self) -> None:
        self.why = not self.why
        self.refresh_view(None)

    def action_move(self) -> None:
        self._make("movement.move")

    def action_spend(self) -> None:
        self._make("movement.spend")

    def action_cover(self) -> None:
        self._make("movement.cover")

    def action_force(self) -> None:
        """Make the last refused move or spend anyway, with the game master's reason."""
        if not self.refused_op:
            self.notify(self.t("Nothing refused to force"), severity="information")
            return
        op = self.refused_op
        self.ask(self.t("Reason to force it"),
                 lambda reason: self._make(op, reason) if reason else None)
