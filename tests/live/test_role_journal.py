"""A role's view of the journal (gm_console.live.role_journal) kept in step with the session's
journal, change by change and across undos, reads as the filtered list would; the snapshot's
journal, written without holding its lines, decodes to the same lines."""

from __future__ import annotations

import json

from gm_console.live import protocol, roles, sync
from gm_console.rules import privacy


def test_a_roles_journal_follows_the_sessions_as_the_filtered_list_does(store):
    store.apply("character.add", {"name": "Aria"})
    for role in (roles.Role.parse("player:Aria"), roles.Role(roles.SPECTATOR)):
        view = roles.view(store.state, role, store.host)
        steps = [("journal.note", {"text": "the road"}),
                 ("journal.note", {"text": "WEREWOLF", "gm_only": True}),
                 ("character.set", {"character": "Aria", "field": "notes", "value": "secret"}),
                 ("undo", {}), ("journal.note", {"text": "dawn"})]
        for op, params in steps:
            outcome = store.undo() if op == "undo" else store.apply(op, params)
            assert outcome.ok, outcome.reason
            later = roles.view(store.state, role, store.host, before=view)
            expected = privacy.journal_for(store.state["journal"], role.may_see)
            assert list(later["journal"]) == expected and len(later["journal"]) == len(expected)
            # what a change event carries brings the role's copy to the same lines
            copy = sync.patch({"journal": list(view["journal"])}, sync.diff(view, later))
            assert copy["journal"] == expected
            view = later
        assert all(not line.get("gm_only") for line in view["journal"])


def test_the_snapshot_written_line_by_line_is_the_snapshot(store):
    store.apply("character.add", {"name": "Aria"})
    store.apply("journal.note", {"text": "a \"quoted\" word, a line\nbreak and é"})
    store.apply("journal.note", {"text": "GM only", "gm_only": True})
    for role in (roles.Role(roles.GM), roles.Role(roles.SPECTATOR)):
        view = roles.view(store.state, role, store.host)
        whole = json.loads(protocol.encode({"type": protocol.SNAPSHOT, "seq": 7,
                                            "state": view}))
        assert json.loads(b"".join(protocol.snapshot(7, view))) == whole
