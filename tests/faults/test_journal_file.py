"""The journal has its own file, appended to (gm_console.files.journal_file): a save writes
the small state and the new lines, whatever the campaign's length; a session file from before,
its journal inside it, is moved out on its first save and kept as it was."""

from __future__ import annotations

import json
import tomllib

import os

import pytest

from gm_console import cli
from gm_console.live import protocol
from gm_console.files import codec
from gm_console.files.journal_file import journal_path
from gm_console.headless import open_state
from tests.faults.owned_session import an_owner, owned


def old_layout(lines: int) -> str:
    state = codec.new_session("Long campaign")
    state["journal"] = [{"day": 1, "second": 28800 + n, "kind": "note", "actor": "gm",
                         "real": "2026-01-01T08:00:00+00:00", "text": f"note {n} in the rain"}
                        for n in range(lines)]
    return codec.dumps(state)


def test_the_first_op_moves_the_journal_out_and_keeps_the_file_as_it_was(tmp_path, capsys):
    path = tmp_path / "s.toml"
    original = old_layout(500)
    path.write_text(original)
    assert cli.main(["op", str(path), "journal.note", "text=first"]) == 0
    assert (tmp_path / "s.toml.v1.bak").read_text() == original
    assert "[[journal]]" not in path.read_text() and "in the rain" not in path.read_text()
    lines = [json.loads(line) for line in journal_path(path).read_text().splitlines()]
    assert len(lines) == 501 and lines[0]["text"] == "note 0 in the rain"
    assert lines[-1]["text"] == "first"
    capsys.readouterr()
    assert cli.main(["journal", str(path)]) == 0
    shown = capsys.readouterr().out
    assert "note 0 in the rain" in shown and "first" in shown


def test_an_op_appends_its_lines_and_leaves_the_rest_as_it_was(tmp_path):
    path = tmp_path / "s.toml"
    path.write_text(old_layout(2000))
    assert cli.main(["op", str(path), "journal.note", "text=first"]) == 0
    before, state_file = journal_path(path).read_bytes(), path.read_text()
    assert cli.main(["op", str(path), "journal.note", "text=second"]) == 0
    after = journal_path(path).read_bytes()
    assert after.startswith(before) and after[len(before):].count(b"\n") == 1
    assert b'"text":"second"' in after[len(before):]
    assert path.read_text() == state_file  # a note changes no table
    assert len(state_file) < 2000  # the state alone, not the campaign's journal


def test_an_undo_takes_its_lines_back_from_the_file(tmp_path, host):
    path = tmp_path / "s.toml"
    store, saver, _ = owned(path, host)
    store.apply("journal.note", {"text": "kept"})
    store.apply("journal.note", {"text": "undone"})
    assert saver.flush()
    assert store.undo().ok and saver.flush()
    saver.close()
    texts = [json.loads(line)["text"] for line in journal_path(path).read_text().splitlines()]
    assert texts[0] == "kept" and "undone" not in texts[1:-1] and texts[-1].startswith("undone")
    assert len(texts) == 2
    assert codec.load(path, host).state["journal"] == store.state["journal"]


def test_a_line_cut_by_a_crash_is_dropped_and_the_log_gives_it_back(tmp_path, host):
    path = tmp_path / "s.toml"
    store, saver, _ = owned(path, host)
    store.apply("journal.note", {"text": "one"})
    assert saver.flush()
    store.apply("journal.note", {"text": "two"})  # in the log; killed before its save
    with open(journal_path(path), "ab") as cut:
        cut.write(b'{"day": 1, "text": "tw')  # the save's append, cut short
    texts = [line["text"] for line in open_state(path, host, create=False).state["journal"]]
    assert texts == ["one", "two"]


def test_a_journal_file_garbled_before_its_end_is_refused_naming_the_line(tmp_path, host):
    path = tmp_path / "s.toml"
    path.write_text('[session]\nname = "s"\n')
    journal_path(path).write_text('{"text": "one"}\nnot json\n{"text": "three"}\n')
    with pytest.raises(codec.SessionFileError) as refused:
        codec.load(path, host)
    assert "s.journal.jsonl" in str(refused.value) and "line 2" in str(refused.value)
    assert journal_path(path).read_text().count("\n") == 3  # left as it is


def test_the_owner_moves_an_old_journal_out_when_it_opens_the_session(tmp_path, host):

    path = tmp_path / "s.toml"
    path.write_text(old_layout(50))
    owner = an_owner(path, host)
    try:
        assert owner.saver.flush()
        assert "journal" not in tomllib.loads(path.read_text())
        assert len(journal_path(path).read_text().splitlines()) == 50
    finally:
        owner.close()


def test_a_long_journal_is_read_back_from_its_file_not_held(tmp_path, host):
    path = tmp_path / "s.toml"
    path.write_text(old_layout(3000))
    assert cli.main(["op", str(path), "journal.note", "text=moved out"]) == 0
    opened = open_state(path, host, create=False)
    journal = opened.state["journal"]
    assert len(journal) == 3001 and journal.held == 0 and journal.on_shelf(opened.journal)
    assert journal[0]["text"] == "note 0 in the rain" and journal[-1]["text"] == "moved out"
    assert [line["text"] for line in journal[1500:1502]] == ["note 1500 in the rain",
                                                             "note 1501 in the rain"]
    assert sum(1 for _ in journal) == 3001
    assert journal[0:600][-1]["text"] == "note 599 in the rain"  # then a run that overlaps it
    assert [line["text"] for line in journal[500:1700]][::1199] == ["note 500 in the rain",
                                                                    "note 1699 in the rain"]
    assert next(reversed(journal))["text"] == "moved out"


def test_a_journal_read_through_keeps_a_few_pages_decoded_not_more(tmp_path, host, monkeypatch):
    """A decoded line is ten times its bytes on disk, kept for as long as the console runs:
    the file keeps a few of the journal screen's pages of them (what it shows, read again at
    each key), not a thousand."""
    from gm_console.files import journal_file
    from gm_console.ui.screens.journal import PAGE

    path = tmp_path / "s.toml"
    path.write_text(old_layout(3000))
    assert cli.main(["op", str(path), "journal.note", "text=moved out"]) == 0
    opened = open_state(path, host, create=False)
    journal = opened.state["journal"]
    decoded = []
    real = journal_file.JournalFile._decoded
    monkeypatch.setattr(journal_file.JournalFile, "_decoded",
                        lambda self, index, text: decoded.append(index) or real(self, index, text))
    assert sum(1 for _ in journal) == 3001 and len(decoded) == 3001
    decoded.clear()
    assert len(journal[-6 * PAGE:]) == 6 * PAGE
    assert decoded  # fewer than six pages of the lines walked through were kept
    decoded.clear()
    assert [line["text"] for line in journal[-PAGE:]][-1] == "moved out"
    assert [line["text"] for line in journal[-PAGE:]][0] == f"note {3001 - PAGE} in the rain"
    assert len(decoded) <= PAGE  # the page read once, then kept


def test_the_owner_lets_go_of_the_lines_no_undo_reaches(tmp_path, host):
    path = tmp_path / "s.toml"
    store, saver, _ = owned(path, host, undo_depth=3)
    for n in range(20):
        assert store.apply("journal.note", {"text": f"note {n}"}).ok
        assert saver.flush()
    # the last three operations may be undone: their lines, and the latest, are held
    assert store.state["journal"].held <= 4
    for _ in range(3):
        assert store.undo().ok
    assert saver.flush()
    texts = [line["text"] for line in store.state["journal"]]
    # each undo takes back the lines of what it undoes, and says so in one line
    assert texts == [*(f"note {n}" for n in range(17)), "undone: note 17"]
    assert store.apply("journal.note", {"text": "after"}).ok and saver.flush()
    saver.close()
    on_disk = [json.loads(line)["text"] for line in journal_path(path).read_text().splitlines()]
    assert on_disk == [*texts, "after"]


def test_an_undo_in_the_log_takes_back_lines_already_in_the_journals_file(tmp_path, host):
    path = tmp_path / "s.toml"
    store, saver, _ = owned(path, host, delay=3600)
    store.apply("journal.note", {"text": "kept"})
    store.apply("journal.note", {"text": "taken back"})
    assert saver.flush()
    assert store.undo().ok  # written ahead; the process dies before its save
    reopened = open_state(path, host, create=False)
    texts = [line["text"] for line in reopened.state["journal"]]
    assert texts == ["kept", "undone: taken back"]


def test_a_snapshot_sends_the_lines_on_disk_as_they_are_there(tmp_path, host):

    path = tmp_path / "s.toml"
    store, saver, _ = owned(path, host, undo_depth=1)
    for text in ("one", 'a "quoted" é', "three"):
        assert store.apply("journal.note", {"text": text}).ok and saver.flush()
    journal = store.state["journal"]
    assert journal.on_shelf(saver.journal) == 2  # the last one undo may take back is held
    sent = json.loads(b"".join(protocol.snapshot(1, store.state)))["state"]["journal"]
    assert [line["text"] for line in sent] == ["one", 'a "quoted" é', "three"]
    assert sent == journal.as_list()
    saver.close()


def test_a_journal_that_is_a_fifo_or_has_a_huge_line_is_refused_not_waited_for(tmp_path, host):
    import os

    path = tmp_path / "s.toml"
    path.write_text('[session]\nname = "s"\n')
    os.mkfifo(journal_path(path))  # nobody writes it: reading it would wait for ever
    with pytest.raises(codec.SessionFileError) as refused:
        codec.load(path, host)
    assert "s.journal.jsonl" in str(refused.value) and "not a file" in str(refused.value)
    os.unlink(journal_path(path))
    journal_path(path).write_bytes(b'{"text": "one"}\n' + b"x" * (2 * 1024 * 1024) + b"\n")
    with pytest.raises(codec.SessionFileError) as refused:
        codec.load(path, host)
    assert "line 2 is longer than" in str(refused.value)


def test_a_line_garbled_inside_its_braces_reads_as_a_line_that_says_so(tmp_path, host):
    path = tmp_path / "s.toml"
    path.write_text('[session]\nname = "s"\n')
    journal_path(path).write_text('{"text": "one"}\n{"text": "tw\n{"text": "three"}\n'
                                  .replace('"tw\n', '"tw}\n'))
    lines = codec.load(path, host).state["journal"]
    assert [line["text"] for line in lines][::2] == ["one", "three"]
    assert "s.journal.jsonl, line 2: this line is not a journal line" in lines[1]["text"]
    assert journal_path(path).read_text().count("\n") == 3  # left as it is
    # a front joining is sent the journal as its file holds it: that line as the one saying so
    sent = protocol.decode(b"".join(protocol.snapshot(1, {"journal": lines})))
    assert sent["state"]["journal"] == lines.as_list()


def test_a_closed_session_lets_go_of_its_journals_descriptor(tmp_path, host):
    """Each opening of a session has its own reader of the journal (a console that rejoins
    opens it again and again): closing lets it go; a line read after opens it again."""
    path = tmp_path / "s.toml"
    owner = an_owner(path, host)
    for index in range(3):
        assert owner.store.apply("journal.note", {"text": f"note {index}"}).ok
    assert owner.saver.flush()
    shelf = owner.saver.journal
    assert shelf.lines(0, 1)[0]["text"] == "note 0"
    def readers() -> int:  # descriptors open on the journal's file
        target = str(journal_path(path).resolve())
        return sum(os.path.realpath(f"/proc/self/fd/{fd}") == target
                   for fd in os.listdir("/proc/self/fd"))
    assert readers() == 1
    owner.close()
    assert readers() == 0
    assert shelf.lines(1, 2)[0]["text"] == "note 1"
