"""The table the snapshot tests photograph: the bundled demo party, mid-journey and mid-fight,
every screen reached by its key, in English and in French.

    python3 dev.py test tests/test_snapshots.py --snapshot-update   # after a deliberate change

rewrites the SVGs under tests/__snapshots__/; review them (open them in a browser) before
committing.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from gm_console.files import codec
from gm_console.host.manager import Host
from gm_console.state.store import Store

ROOT = Path(__file__).resolve().parent.parent

SCREENS: dict[str, list[str]] = {
    "home": [],
    "party": ["f3"],
    "editor": ["f3", "enter"],
    "journal": ["f4"],
    "loads": ["f5"],
    "travel": ["f6"],
    "movement": ["f7", "c", "3"],
    "combat": ["f8"],
    "settings": ["f9"],
    "help": ["f8", "f1"],
    "dice": ["d", "1", "d", "2", "0"],
}
"""Each screen, by the keys that open it from home."""


def table_state(host: Host) -> dict[str, Any]:
    """The demo session after a morning's march and into a fight: the journal, the route and
    the combat table all have something to show."""
    random.seed(1234)
    state = codec.prepare(codec.parse((ROOT / "gm_console_config" / "demo.toml").read_text(encoding="utf-8"),
                                      "demo.toml"), host, "demo")
    store = Store(state, host)
    for op, params in (
            ("travel.leg", {"km": "12", "terrain": "road", "name": "King's road"}),
            ("travel.leg", {"km": "9.5", "terrain": "dense_forest"}),
            ("travel.advance", {"hours": "2"}),
            ("dice.roll", {"expression": "1d20+3"}),
            ("journal.note", {"text": "Wolves howl to the north."}),
            ("combat.start", {}),
            ("combat.add", {"name": "Wolf", "creature": "wolf", "count": "2"}),  # HP each
            ("combat.initiative", {"combatant": "Aria", "value": "17"}),
            ("combat.initiative", {"combatant": "Bram", "value": "9"}),
            ("combat.initiative", {"combatant": "Ilse", "value": "14"}),
            ("combat.initiative", {"combatant": "Wolf", "value": "12"}),
            ("actions.take", {"action": "move", "metres": "4.5"}),
            ("hp.damage", {"character": "Wolf 2", "amount": "4"}),
            ("condition.add", {"character": "Wolf 2", "condition": "prone"}),
            ("condition.add", {"character": "Aria", "condition": "frightened", "rounds": "2"}),
            ("condition.add", {"character": "Bram", "condition": "poisoned", "minutes": "10"}),
    ):
        outcome = store.apply(op, params)
        assert outcome.ok, f"{op}: {outcome.reason}"
    return store.state


def make_app(language: str, config_dir: Path) -> Any:
    """The console on the table state, in ``language``; user config in ``config_dir``."""
    from gm_console.ui.app import app_class

    config_dir.mkdir(parents=True, exist_ok=True)
    (config_dir / "settings.toml").write_text(f'language = "{language}"\n', encoding="utf-8")
    host = Host().load()
    store = Store(table_state(host), host)
    return app_class(host)(store, Path("campaign.toml"))
