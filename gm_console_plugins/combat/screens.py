"""The combat screen: the initiative order with each combatant's budget at a glance, one key per
action type on the current combatant, off-turn immediate actions on the selected one, and the
last refusal with its reason and a key to override it.

Every key applies an operation (the same ones ``gm-console op`` runs); the table is synced cell
by cell, so a key press repaints only the cells whose text changed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from rich.cells import cell_len
from textual.app import ComposeResult

from gm_console import (
    parse_condition_entry,
    parse_hit_points_entry,
    parse_on_demand,
    said_by,
    say,
)
from gm_console.ui import StoreScreen, SyncedTable, TextView, Value, css_beside, key_binding
from gm_console_plugins.combat import creatures, ops, turns
from gm_console_plugins.combat.hints import ALL_AGAIN_FR, LEGEND

if TYPE_CHECKING:
    from gm_console import Change

LEFT, SPENT, NONE = "●", "✓", "–"  # available, used, not possible now
BORROWED = "⇠"  # the swift action of the next turn, used by an immediate action off-turn


COLUMNS = ("Name", "Init", "HP", "Std", "Mv", "Full", "Sw", "Imm", "Fr", "5ft", "Metres",
           "State")
"""Short titles so that 80 columns hold the table; the legend and F1 say what they mean."""
WIDTHS = (10, 5, 9, 5, 4, 5, 4, 4, 4, 4, 14)
"""Fixed, one per column but the state (:func:`layout`), so the table keeps its shape as the
figures change. The table has no cell padding: each width holds its text and one space before
the next column (a longer text ends in "…"). Metres holds "4,5/10,5+16,5", HP "12/20+10" and
"bloodied" (a player's word for a creature's), Name "▶Goblin 2" (a group's member), and the
French titles fit ("Simp")."""
STATE = COLUMNS.index("State")
STATE_AT_LEAST = 15
"""The state column takes the width the others leave, and never less than this: a condition
with its duration and how many more ("fright. 2r +3", "étourdi DD13 +1", :func:`listed`)."""
NARROW = {"Name": 8, "HP": 7, "Metres": 14, "Fr": 0}
"""Below 80 columns: the free actions' tally and the state (said in full under the table)
leave room, and three columns narrow, so that 60 columns hold the table."""


def layout(width: int) -> list[tuple[int, int]]:
    """(column index, width) of the columns shown in a terminal ``width`` columns wide (one
    of them the scroll bar's). The state takes the rest; at 80 columns the free actions'
    tally leaves it room (the line under the table counts them); below, it goes too."""
    room = width - 1
    for dropped in ((), ("Fr",)):
        shown = [(index, wide) for index, (title, wide) in enumerate(zip(COLUMNS, WIDTHS))
                 if title not in dropped]
        left = room - sum(wide for _, wide in shown)
        if left >= STATE_AT_LEAST:
            return shown + [(STATE, left)]
    narrowed = [(index, NARROW.get(title, wide))
                for index, (title, wide) in enumerate(zip(COLUMNS, WIDTHS))]
    return [(index, wide) for index, wide in narrowed if wide]


def fit(text: str, width: int) -> str:
    """``text`` in ``width`` cells, cut with "…" when longer."""
    if cell_len(text) <= width:
        return text
    while text and cell_len(text) > width - 1:
        text = text[:-1]
    return text + "…"


def listed(parts: list[str], width: int) -> str:
    """``parts`` in ``width`` cells: as many as fit whole, then "+N" for the N others ("pois.
    10m +2"), the line under the table naming them all; the first is cut with "…" only when
    even it does not fit beside its "+N"."""
    text = ", ".join(parts)
    if cell_len(text) <= width:
        return text
    for count in range(len(parts) - 1, 0, -1):
        shown = f"{', '.join(parts[:count])} +{len(parts) - count}"
        if cell_len(shown) <= width:
            return shown
    more = f" +{len(parts) - 1}" if len(parts) > 1 else ""
    return fit(parts[0], width - cell_len(more)) + more


def _glyph(spent: bool, left: bool) -> str:
    return SPENT if spent else LEFT if left else NONE


def _move_cell(spent: int, left: int) -> str:
    return SPENT * spent + LEFT * left or NONE


def states(entry: dict[str, Any], t: Callable[[str], str], surprise: bool,
           short: bool = False) -> list[str]:
    """What sets the combatant apart this round, in words (``short`` for the table, where a
    surprised combatant is flat-footed by definition and the status line names the surprise
    round). Awareness matters only before the fight and in its surprise round."""
    if entry.get("out"):  # a creature at 0 hit points: nothing else about it matters now
        return [t("out") if short else t("out of the fight (0 hit points: heal it to bring "
                                          "it back)")]
    # The table names the conditions first, with what is left of each ("stun. 2r"), before
    # the round's own states (cut with "…" where they do not fit): what they restrict or
    # forbid is said in full under the table.
    tags = entry.get("condition_tags") or [] if short else []
    out = list(tags)
    if not entry["acts_this_round"]:
        out.append(t("surprised"))
    if entry["flat_footed"] and not (short and not entry["acts_this_round"]):
        out.append(t("flat-ft.") if short else t("flat-footed"))
    if entry["acts_this_round"] and entry["restricted"]:
        why = entry["restricted"]
        if short and why == "surprise round":
            out.append(t("restricted"))
        elif short and not tags:  # the first cause only ("slowed", not who added it)
            out.append(f"{t('restricted')} ({t(why).split(' (')[0].split(';')[0]})")
        elif not short:
            out.append(f"{t('restricted')} ({t(why)})")
    conditions = entry.get("conditions") or {}
    if conditions.get("no_actions") and not tags:
        out.append(t("no actions") if short
                   else f"{t('no actions')} ({t(conditions['no_actions'])})")
    elif conditions.get("forbids") and not tags:
        out.append(t("limited") if short else "; ".join(
            f"{t('no ')}{t(action)} ({t(why)})" for action, why in conditions["forbids"].items()))
    if entry["aware"] and surprise and not short:
        out.append(t("aware"))
    if entry.get("entry"):
        out.append(t(entry["entry"]))
    if entry["started_full_round"]:
        out.append(f"→ {entry['started_full_round']['label']}")
    if entry["delaying"]:
        out.append(t("delaying"))
    if entry["readied"]:
        readied = entry["readied"]
        out.append(f"{t('ready')}{t(': ')}{t(readied['action'])}" if short
                   else f"{t('ready')}{t(': ')}{t(readied['action'])} ({readied['trigger']})")
    return out


def row_cells(entry: dict[str, Any], current: bool, t: Callable[[str], str],
              surprise: bool, number: Callable[[float], str] = "{:g}".format,
              state_width: int = STATE_AT_LEAST) -> list[str]:
    """One combatant's row: on its own turn what is spent and left of every action type;
    off-turn only what it can do now (an immediate action) and a borrowed swift. ``number``
    writes metres in the reader's language (6,75 in French); the state is :func:`listed` in
    ``state_width`` cells."""
    spent, now = entry["spent"], entry.get("remaining")
    initiative = "?" if entry["initiative"] is None else str(entry["initiative"])
    cells = [("▶" if current else " ") + entry["name"], initiative,
             t(entry.get("hit_points", ""))]  # a player's word for a creature's
    state = listed(states(entry, t, surprise, short=True), state_width)
    if now is None:  # the fight has not begun
        return cells + [""] * 8 + [state]
    if not current:
        borrowed = BORROWED if entry["borrowed_round"] else ""
        return cells + ["", "", "", borrowed, LEFT if now["immediate"] else NONE, "", "", "",
                        state]
    swift = BORROWED if spent["swift"] == "borrowed" else _glyph(bool(spent["swift"]),
                                                                  now["swift"])
    full = SPENT if spent["full_round"] else (LEFT if now["full_round"] else NONE)
    metres = "/".join([number(spent["metres_spent"]), number(spent["metres_allowed"])]) \
        + "+" + number(now["metres"])
    return cells + [_glyph(spent["standard"] > 0, bool(now["standard"])),
                    _move_cell(spent["move"], now["move"]), full, swift,
                    LEFT if now["immediate"] else NONE, str(spent["free"]),
                    _glyph(spent["step"], now["step"]), metres, state]


def detail_parts(entry: dict[str, Any], t: Callable[[str], str], surprise: bool,
                 number: Callable[[float], str] = "{:g}".format) -> list[str]:
    """The selected combatant in parts: initiative and speed, its state, each condition in
    full with what is left of its duration, and why an immediate action is refused (the one
    action that can be taken off-turn)."""
    initiative = "?" if entry["initiative"] is None else str(entry["initiative"])
    colon = t(": ")
    parts = [f"{entry['name']}{colon}{t('Initiative')} {initiative} ({entry['modifier']:+d}), "
             f"{number(entry['speed_m'])} m"] + states(entry, t, surprise)
    if "armour_class" in entry:  # a creature: what an attack on it must reach
        parts.insert(1, f"{t('HP')} {t(entry.get('hit_points', ''))}, {t('AC')} "
                        f"{entry['armour_class']}")
    parts += [t(name) for name in entry.get("condition_full") or
              entry.get("condition_names") or []]
    if entry["spent"]["free"]:  # the tally leaves the table at 80 columns (layout)
        parts.append(f"{t('free actions')}{colon}{entry['spent']['free']}")
    refused = entry.get("refusals", {}).get("immediate")
    if refused:
        parts.append(f"{t('immediate')}{colon}{t(refused)}")
    # other plugins' tracker columns (combat_columns): 80 columns hold the table's own
    parts += [f"{t(title)}{colon}{value}" for title, value in entry.get("columns", {}).items()]
    return parts


def detail(entry: dict[str, Any], t: Callable[[str], str], surprise: bool,
           number: Callable[[float], str] = "{:g}".format) -> str:
    """The line under the table: :func:`detail_parts` one after the other (``?`` shows them
    one a line, where a long list is not cut)."""
    return " · ".join(detail_parts(entry, t, surprise, number))


class CombatScreen(StoreScreen):
    AREAS = frozenset({"*"})  # speeds follow characters, items, armour... of any plugin

    DEFAULT_CSS = css_beside(__file__, "combat_screen.tcss")

    KEY_HINTS = {  # a refusal that can be forced is shown without its syntax (_run)
        "combat.start": "key S",
        "(all=true rolls again)": "(I types the selected one's initiative)",
        ALL_AGAIN_FR: "(I types the selected one's initiative)",
        "(full_round=<its name>)": "(key g)",
    }
    BINDINGS = [
        key_binding("s", "take('standard')", "Standard", "combat.standard"),
        key_binding("m", "take('move')", "Move", "combat.move"),
        key_binding("M", "take('move', 0)", "Move, not moving", "combat.move_not_moving",
                    show=False),
        key_binding("v", "move_metres", "Move N m", "combat.move_metres"),
        key_binding("f", "take('full-round')", "Full-round", "combat.full_round"),
        key_binding("F", "full_round_no_step", "Full, no step", "combat.full_round_no_step",
                    show=False),
        key_binding("g", "full_round_part", "Start/complete", "combat.full_round_part",
                    show=False),
        key_binding("G", "full_round_as_standard", "Full as standard",
                    "combat.full_round_as_standard", show=False),
        key_binding("w", "take('swift')", "Swift", "combat.swift"),
        key_binding("i", "immediate", "Immediate", "combat.immediate"),
        key_binding("e", "take('free')", "Free", "combat.free"),
        key_binding("5", "take('step')", "5-ft step", "combat.step"),
        key_binding("space", "next", "End turn", "combat.next"),
        key_binding("o", "override", "Override", "combat.override"),
        key_binding("h", "hit_points", "HP", "combat.hit_points"),
        key_binding("c", "condition", "Condition", "combat.condition"),
        key_binding("k", "roll_on_demand", "Check/save", "combat.roll_on_demand"),
        key_binding("t", "restrict", "Restrict", "combat.restrict", show=False),
        key_binding("I", "initiative", "Initiative", "combat.initiative", show=False),
        key_binding("R", "roll_initiative", "Roll init.", "combat.roll_initiative", show=False),
        key_binding("a", "add", "Add", "combat.add", show=False),
        key_binding("L", "add_entry", "Lair/hazard", "combat.add_entry", show=False),
        key_binding("x", "remove", "Remove", "combat.remove", show=False),
        key_binding("S", "start", "Start fight", "combat.start", show=False),
        key_binding("E", "end", "End fight", "combat.end", show=False),
        key_binding("D", "delay", "Delay", "combat.delay", show=False),
        key_binding("A", "resume", "Act (delayed)", "combat.resume", show=False),
        key_binding("y", "ready", "Ready", "combat.ready", show=False),
        key_binding("T", "trigger", "Trigger", "combat.trigger", show=False),
        key_binding("u", "app.undo", "Undo", "combat.undo"),
        key_binding("question_mark", "why", "Detail", "combat.why", show=False),
    ]
    # The worn armour's and the terrain's operations are their plugins' to name (hooks): their
    # keys are offered to every role, the owner decides.
    OPERATIONS = {
        **dict.fromkeys(("take", "immediate", "full_round_no_step", "full_round_as_standard",
                         "full_round_part", "override"), "actions.take"),
        "move_metres": "actions.move", "hit_points": "hp.damage",
        "condition": "condition.add", "roll_on_demand": "roll.save",
        **{action: f"combat.{action}" for action in (
            "next", "restrict", "initiative", "roll_initiative", "add", "add_entry", "remove",
            "start", "end", "delay", "resume", "ready", "trigger")},
    }

    def __init__(self, store: Any, **kwargs: Any) -> None:
        super().__init__(store, **kwargs)
        self.refused: tuple[str, dict[str, Any], str] | None = None  # op, params, reason
        self.last_reason = ""  # the last refusal, for a prompt to show
        self._turn_shown = ""
        self._entries: dict[str, dict[str, Any]] = {}
        self._surprise = False
        self._kept: dict[str, Any] = {}  # each combatant's summary line, between two keys
        # Each combatant's row as drawn, with what it was drawn from: an action changes one
        # row of many (redrawing every row's cells would slow each key press on a big fight).
        self._rows: dict[str, tuple[tuple[Any, ...], list[str]]] = {}
        self._columns_shown: tuple[int, Any] | None = None  # width, _columns_at's answer

    def compose_body(self) -> ComposeResult:
        yield Value(id="status")
        yield SyncedTable(id="combatants", cursor_type="row", zebra_stripes=True,
                          cell_padding=0)
        yield Value(id="detail")
        yield Value(id="refusal")
        yield Value(self.t(LEGEND), id="legend")

    # -- drawing ------------------------------------------------------------------------------

    def _summary(self) -> dict[str, Any]:
        # the other plugins' columns are shown with the selected combatant only (_detailed)
        return ops.summary_of(self.session, self._kept, columns=False)

    def refresh_view(self, change: Change | None) -> None:
        summary = self._summary()
        self._entries = {c["name"]: c for c in summary.get("combatants", [])}
        self._surprise = bool(summary.get("surprise")) or summary.get("round") == 0
        table = self.query_one("#combatants", SyncedTable)
        status = self.query_one("#status", Value)
        shown, titles, widths = self._columns_at(self.app.size.width)
        colon = self.t(": ")
        if not summary["active"]:
            status.show(self.t("No fight is running.") + "  S" + colon + self.t("Start a fight"))
            table.sync(titles, [], widths)
            self._turn_shown = ""
            self._show_detail()
            return
        if summary["round"]:
            label = f"{self.t('Round')} {summary['round']}"
            if summary["surprise"]:
                label += f" ({self.t('surprise round')})"
            status.show(f"{label} · {self.t('Turn')}{colon}{summary['turn']}")
        else:
            missing = [c["name"] for c in summary["combatants"] if c["initiative"] is None]
            if missing:
                status.show(f"{self.t('Initiative')}{colon}{', '.join(missing)} ?  "
                            f"({self.t('R: roll for all, I: type it')})")
            elif summary.get("aware_pending"):
                status.show(self.t("Aware, not in the fight yet (a: add)") + colon
                            + ", ".join(summary["aware_pending"]))
            else:
                status.show(self.t("a: add a combatant"))
        last = len(shown) - 1  # the last column needs no space after it
        state_width = next((wide - (place < last) for place, (index, wide) in enumerate(shown)
                            if index == STATE), 0)
        rows, drawn = [], {}
        for c in summary["combatants"]:  # (`in`, not `get`: for every row after every key)
            inputs = (c, c["name"] == summary["turn"], self._surprise, shown)
            known = self._rows[c["name"]] if c["name"] in self._rows else None
            if known is not None and known[0] == inputs:
                fitted = known[1]
            else:
                cells = row_cells(c, inputs[1], self.t, self._surprise, self.app.t.number,
                                  state_width)
                fitted = [fit(cells[index], wide - (place < last))
                          for place, (index, wide) in enumerate(shown)]
            drawn[c["name"]] = (inputs, fitted)
            rows += [(c["name"], fitted)]
        self._rows = drawn
        table.sync(titles, rows, widths)
        if summary["turn"] != self._turn_shown:  # the cursor follows the turn
            self._turn_shown = summary["turn"]
            names = [c["name"] for c in summary["combatants"]]
            if summary["turn"] in names:
                table.move_cursor(row=names.index(summary["turn"]))
        self._show_detail()

    def _columns_at(self, width: int) -> tuple[list[tuple[int, int]], list[str], list[int]]:
        """The columns shown ``width`` columns wide (:func:`layout`), their titles in the UI
        language and their widths: laid out and translated once for each width."""
        if self._columns_shown is None or self._columns_shown[0] != width:
            shown = layout(width)
            self._columns_shown = (width, (shown, [self.t(COLUMNS[index]) for index, _ in shown],
                                           [wide for _, wide in shown]))
        return self._columns_shown[1]

    def _detailed(self) -> dict[str, Any] | None:
        """The selected combatant's entry, with the other plugins' columns."""
        entry = self._entries.get(self._selected() or "")
        return ops.with_columns(self.session, entry) if entry else None

    def _show_detail(self) -> None:
        entry = self._detailed()
        self.query_one("#detail", Value).show(
            detail(entry, self.t, self._surprise, self.app.t.number) if entry else "")

    def on_data_table_row_highlighted(self, event: Any) -> None:
        self._show_detail()

    def action_why(self) -> None:
        """The selected combatant's detail one part a line: every condition in full, however
        many (the line under the table is cut at three lines)."""
        entry = self._detailed()
        if entry:
            parts = detail_parts(entry, self.t, self._surprise, self.app.t.number)
            self.app.push_screen(TextView(parts[0], "\n".join(parts[1:])))

    def on_resize(self) -> None:
        """Fewer columns below 80 (:func:`layout`); below 24 lines the legend (also in F1's
        help) leaves its lines to the table, so the status line never scrolls away."""
        self.query_one("#legend", Value).display = self.app.size.height >= 24
        self.refresh_view(None)

    def _show_refusal(self, reason: str, can_override: bool) -> None:
        hint = f"  ({self.t('press o to override')})" if can_override else ""
        self.query_one("#refusal", Value).show(
            f"{self.t('Last refusal')}{self.t(': ')}{reason}{hint}")

    # -- applying -----------------------------------------------------------------------------

    def _run(self, op: str, **params: Any) -> bool:
        """Apply an operation; a refusal stays on screen with its reason (and can be
        overridden when the operation takes an override)."""
        outcome = self.apply(op, said_here=True, **params)
        if outcome.ok:
            self.refused = None
            self.query_one("#refusal", Value).show("")
            return True
        # only what the rules forbid can be forced, not what makes no sense (a lair's action)
        forced = ops.forced_reason(outcome.reason)
        can_override = op in ("actions.take", "actions.move") and forced is not None
        reason = self.for_screen(forced if can_override and forced is not None
                                 else outcome.reason)
        self.refused = (op, params, reason) if can_override else None
        self._show_refusal(reason, can_override)
        self.last_reason = reason
        self.app.bell()
        return False

    def _selected(self) -> str | None:
        return self.query_one("#combatants", SyncedTable).current_key

    def _ask(self, question: str, then: Callable[[str], object], value: str = "") -> None:
        """Ask on the screen's bottom line, as every screen asks its own questions (the
        table stays in view, and answering redraws what changed, not the screen); ``then``
        applies the answer and returns False when it was refused: the line then stays open
        with the text and the reason (anything else closes it: "" for an empty answer,
        None)."""
        def submit(text: str) -> str | None:
            return self.last_reason if then(text) is False else None
        self.ask(question, submit, value)

    def action_take(self, action: str, metres: float | None = None, **params: Any) -> bool:
        if metres is not None:
            params["metres"] = metres
        return self._run("actions.take", action=action, **params)

    def action_full_round_no_step(self) -> None:
        self.action_take("full-round", allows_step=False)

    def action_full_round_as_standard(self) -> None:
        self.action_take("full-round", as_standard=True)

    def action_immediate(self) -> None:
        self._run("actions.take", action="immediate", combatant=self._selected() or "")

    def action_move_metres(self) -> None:
        self._ask("Metres to move",
                  lambda text: text and self._run("actions.move", metres=text))

    def action_full_round_part(self) -> None:
        encounter = ops.encounter_of(self.session)
        current = turns.find(encounter, encounter.get("turn", ""), required=False) \
            if encounter.get("active") else None
        pending = current.get("started", {}).get("label", "") if current else ""
        self._ask("Full-round action to start or complete",
                  lambda label: label and self.action_take("standard", full_round=label),
                  pending)

    def action_next(self) -> None:
        self._run("combat.next")

    def action_override(self) -> None:
        if self.refused is None:
            self.notify(self.t("Last refusal") + self.t(": ") + "—", severity="information")
            return
        op, params, _ = self.refused
        self._ask("Reason to override",
                  lambda reason: reason and self._run(op, **{**params, "override": reason}))

    def action_restrict(self) -> None:
        name = self._selected()
        if name:
            self._ask("Condition (empty: lift the restriction)",
                      lambda text: self._run("combat.restrict", combatant=name,
                                             on=bool(text), condition=text))

    def action_initiative(self) -> None:
        name = self._selected()
        if name:
            self._ask("Initiative value", lambda text: text and self._run(
                "combat.initiative", combatant=name, value=text))

    def _typed(self, question: str, parse: Callable[[str], tuple[str, dict[str, Any]]]
               ) -> None:
        """Ask for a line about the selected combatant, typed as on the party screen, and
        apply the operation it reads as (hit points, a condition: any combatant's)."""
        name = self._selected()
        if not name or name not in self._entries or self._entries[name].get("entry"):
            return

        def typed(text: str) -> bool | str | None:
            if not text:
                return None
            try:
                op, params = parse(text)
            except ValueError as exc:  # stays in the prompt with what was typed
                self.last_reason = self.t(said_by(exc))
                return False
            return self._run(op, character=name, **params)
        self._ask(say("{name}: {text}", name=name, text=self.t(question)), typed)

    def action_hit_points(self) -> None:
        self._typed("Hit points: 7 or -7 damage, +5 heal, t8 temporary", parse_hit_points_entry)

    def action_condition(self) -> None:
        self._typed("Condition: prone, frightened 2r, poisoned 10m, stunned dc13 con, -prone",
                    parse_condition_entry)

    def action_roll_on_demand(self) -> None:
        """A check, a save or an attack roll of the selected combatant (or of those named
        after ":"), asked through the dice prompt or the player's own terminal."""
        name = self._selected()
        if not name or name not in self._entries or self._entries[name].get("entry"):
            return

        def typed(text: str) -> bool | None:
            if not text:
                return None
            try:
                found = parse_on_demand(text)
            except ValueError as exc:
                self.last_reason = self.t(said_by(exc))
                return False
            if found is None:
                self.last_reason = self.t(say("{text!r}: type save dex 14, check str 12, "
                                              "attack 15 or attack Goblin 2", text=text))
                return False
            op, params = found
            return self._run(op, **{**params, "who": params["who"] or [name]})
        self._ask(say("{name}: {text}", name=name, text=self.t(
            "Roll: save dex 14, check str 12, attack 15, attack Goblin 2 (: who)")), typed)

    def action_roll_initiative(self) -> None:
        self._run("combat.roll_initiative")

    def action_add(self) -> None:
        def add(text: str) -> bool | None:
            if not text:
                return None
            group = None if "," in text else \
                creatures.typed_group(self.session.table("creatures"), text)
            if group is not None:  # "3 goblins": from the stat blocks
                return self._run("combat.add", creature=group[1], count=group[0])
            parts = [part.strip() for part in text.split(",")]
            params: dict[str, Any] = {"name": parts[0]}
            for key, value in zip(("initiative", "speed_m", "hit_points", "armour_class"),
                                  parts[1:]):
                if value:
                    params[key] = value
            return self._run("combat.add", **params)
        self._ask("Add: 3 goblins (config/creatures.toml), or name, init. mod., speed m, HP, AC",
                  add)

    def action_add_entry(self) -> None:
        def add(text: str) -> None:
            parts = [part.strip() for part in text.split(",")]
            if len(parts) >= 2:
                self._run("combat.add_entry", name=parts[0], count=parts[1],
                          note=",".join(parts[2:]))
            elif text:
                self._show_refusal(self.t("Entry: name, initiative count, what it is"), False)
        self._ask("Entry: name, initiative count, what it is", add)

    def action_remove(self) -> None:
        name = self._selected()
        if name:
            self._run("combat.remove", combatant=name)

    def action_start(self) -> None:
        self._ask("Surprise: who is aware (comma-separated; empty: none)",
                  lambda text: self._run("combat.start", surprise=text))

    def action_delay(self) -> None:
        self._run("combat.delay")

    def action_resume(self) -> None:
        name = self._selected()
        if name:
            self._run("combat.resume", combatant=name)

    def action_ready(self) -> None:
        def ready(text: str) -> bool:
            action, sep, trigger = text.partition(":")
            if not sep:
                action, trigger = "standard", text
            return self._run("combat.ready", action=action.strip() or "standard", trigger=trigger)
        self._ask("Readied action: trigger (standard, move, swift or free)", ready)

    def action_trigger(self) -> None:
        name = self._selected()
        if name:
            self._run("combat.trigger", combatant=name)

    def action_end(self) -> None:
        if ops.encounter_of(self.session).get("active"):
            self.app.confirm(self.t("End the fight? The order and every budget go."),
                             lambda: self._run("combat.end"))
        else:
            self._run("combat.end")  # says there is none
