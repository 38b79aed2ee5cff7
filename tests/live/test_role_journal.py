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
            copy = sync.patch({**view, "journal": list(view["journal"])}, sync.diff(view, later))
            assert copy["journal"] == expected and copy["characters"] == later["characters"]
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
        sent = json.loads(b"".join(protocol.snapshot(7, view)))
        assert sent["state"] == whole["state"] and sent["journal_from"] == 0
        last = json.loads(b"".join(protocol.snapshot(7, view, 1)))
        assert last["state"]["journal"] == whole["state"]["journal"][-1:]
        assert last["journal_from"] == len(view["journal"]) - 1


def test_a_console_is_sent_the_journals_last_lines_and_asks_for_older_ones(tmp_path, host):
    from gm_console.live import rendezvous
    from gm_console.live.client import RemoteStore
    from tests.faults.owned_session import an_owner

    path = tmp_path / "s.toml"
    path.write_text('[session]\nname = "long"\n\n[[characters]]\nname = "Aria"\n')
    owner = an_owner(path, host)
    try:
        owner.listen()
        for n in range(300):
            owner.store.apply("journal.note", {"text": f"note {n}", "gm_only": n % 3 == 0})
        fronts = {role: RemoteStore(rendezvous.meet(path)[1], host, role, journal=50)
                  for role in ("gm", "spectator")}
        for role, front in fronts.items():
            journal = front.state["journal"]
            seen = [f"note {n}" for n in range(300) if role == "gm" or n % 3]
            assert len(journal) == len(seen) and journal.held == 50  # the rest: the owner's
            assert journal[0]["text"] == seen[0] and [l["text"] for l in journal] == seen
        gm = fronts["gm"]
        for n in range(300, 420):  # a long evening: the console lets go of the older lines
            assert gm.apply("journal.note", {"text": f"note {n}"}).ok
        journal = gm.state["journal"]
        assert len(journal) == 420 and journal.held <= 100
        assert journal[-1]["text"] == "note 419" and journal[310]["text"] == "note 310"
        assert gm.undo().ok
        assert gm.state["journal"][-1]["text"].startswith("undone: note 419")
        for front in fronts.values():
            front.close()
    finally:
        owner.close()


def test_lines_the_owner_did_not_answer_for_are_asked_again_later():
    """The owner not answering (stopped, busy): the console says where the lines are, waits
    once for the whole reading, and reads them for real once the owner answers again."""
    from types import SimpleNamespace

    from gm_console.live.client import OwnersLines

    asked = []
    answers: list = []

    def journal_lines(start, stop):
        asked.append((start, stop))
        return [{"text": f"line {index}"} for index in range(start, stop)] if answers else []
    shelf = OwnersLines(SimpleNamespace(journal_lines=journal_lines))
    lines = shelf.lines(0, 3000)  # more than one asking's worth
    assert len(lines) == 3000 and "does not answer" in lines[0]["text"]
    assert len(asked) == 1  # the rest did not wait for the owner again
    answers.append(True)
    assert [line["text"] for line in shelf.lines(0, 2)] == ["line 0", "line 1"]


def test_a_long_reading_keeps_no_more_lines_than_its_bound():
    from gm_console.committed.journal import read_through

    kept: dict = {}
    lines = read_through(kept, 0, 3000, lambda a, b: [{"n": i} for i in range(a, b)], 1024)
    assert len(lines) == 3000 and len(kept) == 1024 and min(kept) == 3000 - 1024
