"""The parse cache beside a big session (gm_console.files.parse_cache): used only for the very text it
was made from, ignored when stale, cut, garbled, forged by another user or unwritable, and never
the reason a session fails to open or opens differently from its TOML."""

from __future__ import annotations

import json
import marshal
import multiprocessing
import os
from pathlib import Path
from typing import Any

import pytest
import tomli

from gm_console import Operation
from gm_console.files import codec, nesting, parse_cache, signed
from gm_console.files.saver import Saver
from gm_console.host.manager import Host
from gm_console.state.store import Store


def big_text(lines: int = 1200, word: str = "rain") -> str:
    """A session past the size from which parses are cached (a long journal)."""
    state = codec.new_session("Long campaign")
    state["characters"] = [{"name": "Aria", "strength": 17, "items": [
        {"name": "rope", "weight_lb": 10, "qty": 1}]}]
    state["journal"] = [{"day": 1, "second": 28800 + n, "kind": "note", "actor": "gm",
                         "real": "2026-01-01T08:00:00+00:00",
                         "text": f"note {n}: the party walks on in the {word}"}
                        for n in range(lines)]
    text = codec.dumps(state)
    assert parse_cache.wanted(text)
    return text


def parsed(text: str, host: Host, name: str = "s") -> dict[str, Any]:
    """What the TOML alone gives, as codec.read returns it."""
    return codec.prepare(tomli.loads(text), host, name)


@pytest.fixture
def session(tmp_path: Path) -> Path:
    path = tmp_path / "campaign" / "s.toml"
    path.parent.mkdir()
    path.write_text(big_text())
    return path


def refuse_to_parse(text: str, path: Any) -> Any:
    raise AssertionError("parsed the TOML although the cache holds it")


def test_a_big_session_is_parsed_once_then_read_from_its_cache(session, host, monkeypatch):
    first = codec.read(session, host)
    assert parse_cache.cache_path(session).name == ".s.toml.gm-console.cache"
    assert parse_cache.cache_path(session).exists()
    with monkeypatch.context() as patched:
        patched.setattr(codec, "parse", refuse_to_parse)
        again = codec.read(session, host)
    assert again == first == parsed(session.read_text(), host)


def test_small_files_are_not_cached(tmp_path, host):
    path = tmp_path / "campaign" / "s.toml"
    path.parent.mkdir()
    path.write_text('[session]\nname = "Short"\n')
    codec.read(path, host)
    assert sorted(p.name for p in path.parent.iterdir()) == ["s.toml"]


def test_a_file_changed_since_is_parsed_again(session, host):
    codec.read(session, host)
    changed = big_text(word="snow")
    session.write_text(changed)  # by hand, by another program, or a save the cache missed
    state = codec.read(session, host)
    assert state == parsed(changed, host)
    assert state["journal"][-1]["text"].endswith("snow")


@pytest.mark.parametrize("damage", [
    lambda data: data[:len(data) // 2],  # cut by a crash
    lambda data: data.replace(b"rain", b"rein", 1),  # one word garbled
    lambda data: b"",
    lambda data: b"\x00\xff" * 100,
    lambda data: data.split(b"\n", 1)[1],  # no header
    lambda data: b'{"format": 1}\n' + data.split(b"\n", 1)[1],
])
def test_a_damaged_cache_is_ignored_and_replaced(session, host, damage):
    codec.read(session, host)
    cache = parse_cache.cache_path(session)
    cache.write_bytes(damage(cache.read_bytes()))
    assert codec.read(session, host) == parsed(session.read_text(), host)
    assert parse_cache.recall(session, parse_cache.digest(session.read_text()),
                              10 ** 8) is not None  # made anew


def refuse_to_read(payload: bytes) -> Any:
    raise AssertionError("read a cache of another format")


def test_a_cache_in_another_versions_format_is_parsed_anew(session, host, monkeypatch):
    """marshal's format may change with Python's version (and gm-console's cache was JSON
    before): a cache whose header names another is never read, and is made anew."""
    codec.read(session, host)
    cache = parse_cache.cache_path(session)
    header, _, payload = cache.read_bytes().partition(b"\n")
    meta = json.loads(header)
    for other in ({"marshal": marshal.version + 1}, {"format": 1}):
        cache.write_bytes(json.dumps({**meta, **other}).encode() + b"\n" + payload)
        with monkeypatch.context() as patched:
            patched.setattr(signed.marshal, "loads", refuse_to_read)
            assert codec.read(session, host) == parsed(session.read_text(), host)
        assert json.loads(cache.read_bytes().partition(b"\n")[0]) == meta  # made anew


def sign(session: Path, state: Any, text: str | None = None) -> None:
    """A cache beside ``session`` holding ``state`` for ``text`` (the session's by default),
    signed with the key of whoever the data folder belongs to now."""
    assert signed.store(parse_cache.cache_path(session),
                        parse_cache.digest(text or session.read_text()), state, ".t.")


def test_a_cache_written_by_anyone_else_is_ignored(session, host, tmp_path, monkeypatch):
    """Another user of a shared folder, another machine: their key is not ours."""
    truth = codec.read(session, host)
    with monkeypatch.context() as elsewhere:
        elsewhere.setenv("GM_CONSOLE_DATA_DIR", str(tmp_path / "someone-else"))
        sign(session, {"session": {"name": "Forged"}})
    assert codec.read(session, host) == truth
    unsigned = json.dumps({"format": signed.FORMAT, "marshal": marshal.version,
                           "about": parse_cache.digest(session.read_text())})
    parse_cache.cache_path(session).write_bytes(unsigned.encode() + b"\n"
                                                + marshal.dumps({"x": 1}))
    assert codec.read(session, host) == truth
    # The signature is what tells them apart: the same cache signed with this user's key is
    # taken as it is (the key's owner can change the session file itself anyway).
    sign(session, {**truth, "session": {"name": "Signed"}})
    assert codec.read(session, host)["session"]["name"] == "Signed"


def test_without_a_key_nothing_is_cached_and_sessions_open(session, host, tmp_path,
                                                           monkeypatch):
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("a file where the data folder would be")
    monkeypatch.setenv("GM_CONSOLE_DATA_DIR", str(blocked))
    assert codec.read(session, host) == parsed(session.read_text(), host)
    assert not parse_cache.cache_path(session).exists()


def test_a_damaged_key_is_replaced(session, host, tmp_path):
    codec.read(session, host)
    key = Path(os.environ["GM_CONSOLE_DATA_DIR"]) / "cache.key"
    assert len(key.read_bytes()) == 32 and (key.stat().st_mode & 0o777) == 0o600
    key.write_bytes(b"cut")
    assert codec.read(session, host) == parsed(session.read_text(), host)
    assert len(key.read_bytes()) == 32


def test_a_cache_that_is_a_link_or_a_fifo_is_not_followed(session, host, tmp_path):
    truth = codec.read(session, host)
    cache = parse_cache.cache_path(session)
    elsewhere = tmp_path / "elsewhere"
    sign(session, {"session": {"name": "Forged"}})
    cache.rename(elsewhere)
    cache.symlink_to(elsewhere)
    assert codec.read(session, host) == truth
    cache.unlink()
    os.mkfifo(cache)  # opening it must not hang the console
    assert codec.read(session, host) == truth


def test_a_cache_whose_content_the_checks_refuse_gives_way_to_the_toml(session, host):
    truth = codec.read(session, host)
    for content in ({"clock": {"day": "soon"}}, {"characters": "all of them"},
                    {"characters": [{"name": "A", "items": [{}] * 2000}]}, [1, 2, 3]):
        sign(session, content)
        assert codec.read(session, host) == truth


def nested(levels: int) -> list[Any]:
    value: list[Any] = []
    for _ in range(levels - 1):
        value = [value]
    return value


@pytest.mark.parametrize("unlike_a_parse", [
    {"session": {"name": "x"}, "deep": nested(nesting.MAX_DEPTH)},  # its last list: level 64
    {"session": {"name": "x"}, "plugins": {"p": {"pair": (1, 2)}}},  # a parse gives a list
])
def test_only_a_state_as_its_parse_gives_it_is_kept(session, host, unlike_a_parse):
    """Nothing nested past the limit (what the cache gives is not walked again at each start)
    and no tuple (a parse of the text gives a list: the next start parses, and keeps that)."""
    text = session.read_text()
    assert not parse_cache.remember(session, parse_cache.digest(text), unlike_a_parse)
    assert not parse_cache.cache_path(session).exists()
    within = {"session": {"name": "x"}, "deep": nested(nesting.MAX_DEPTH - 1)}
    assert parse_cache.remember(session, parse_cache.digest(text), within)
    assert parse_cache.recall(session, parse_cache.digest(text), 10 ** 8).state == within


class Name(str):
    """A subclass of str, which an operation may leave in the state (and marshal refuses)."""


@pytest.mark.parametrize("left, read_back", [((1, 2), [1, 2]), (Name("Aria"), "Aria")])
def test_what_the_file_holds_differently_is_read_back_as_its_parse_gives_it(
        session, host, monkeypatch, left, read_back):
    """An operation may leave a tuple or a subclass of str in the state: its save is not
    cached, and the next start gives what the file holds, as the TOML's parse does (and
    keeps that for the start after)."""
    store = Store(codec.read(session, host), host)
    store.host.operations["pair.set"] = Operation(
        "pair.set", "", lambda ctx, p: ctx.section("core").update(pair=left), plugin="core")
    assert store.apply("pair.set").ok
    parse_cache.cache_path(session).unlink()
    saver = Saver(session)
    saver.schedule(store.state)
    saver.close()
    assert not parse_cache.cache_path(session).exists()
    pair = codec.read(session, host)["plugins"]["core"]["pair"]
    assert pair == read_back and type(pair) is type(read_back)
    assert parse_cache.cache_path(session).exists()  # the parse's, for the next start
    with monkeypatch.context() as patched:
        patched.setattr(codec, "parse", refuse_to_parse)
        pair = codec.read(session, host)["plugins"]["core"]["pair"]
    assert pair == read_back and type(pair) is type(read_back)


def test_a_broken_file_is_reported_whatever_a_foreign_cache_says(session, host, tmp_path,
                                                                 monkeypatch):
    good = session.read_text()
    broken = good.replace("[session]", "[session", 1)
    with monkeypatch.context() as elsewhere:
        elsewhere.setenv("GM_CONSOLE_DATA_DIR", str(tmp_path / "someone-else"))
        sign(session, parsed(good, host), text=broken)  # claims the broken text is fine
    session.write_text(broken)
    with pytest.raises(codec.SessionFileError, match="not valid TOML"):
        codec.read(session, host)


def test_a_folder_where_the_cache_cannot_be_written_still_opens(session, host, monkeypatch):
    codec.read(session, host)  # the key exists: only the folder refuses
    parse_cache.cache_path(session).unlink()

    def refuse(*args: Any, **kwargs: Any) -> Any:  # a read-only folder, even for root
        raise PermissionError(13, "Permission denied")
    with monkeypatch.context() as read_only:
        read_only.setattr(signed.tempfile, "mkstemp", refuse)
        assert codec.read(session, host) == parsed(session.read_text(), host)
    assert not parse_cache.cache_path(session).exists()
    if os.geteuid() != 0:
        session.parent.chmod(0o555)
        try:
            assert codec.read(session, host) == parsed(session.read_text(), host)
        finally:
            session.parent.chmod(0o755)
        assert not parse_cache.cache_path(session).exists()


def test_a_full_disk_leaves_no_cache_and_no_temporary_file(session, host, monkeypatch):
    def full(*args: Any) -> None:
        raise OSError(28, "No space left on device")
    with monkeypatch.context() as patched:
        patched.setattr(signed.os, "replace", full)
        assert codec.read(session, host) == parsed(session.read_text(), host)
    assert sorted(p.name for p in session.parent.iterdir()) == ["s.toml"]


def test_dates_in_the_toml_are_kept_as_read_and_not_cached(tmp_path, host):
    path = tmp_path / "s.toml"
    text = big_text().replace("[session]", "[session]\nstarted = 2026-01-01T08:00:00Z", 1)
    path.write_text(text)
    state = codec.read(path, host)
    assert state["session"]["started"] == tomli.loads(text)["session"]["started"]
    assert not parse_cache.cache_path(path).exists()
    assert codec.read(path, host) == state


def test_closing_the_saver_keeps_what_it_saved_for_the_next_start(session, host, monkeypatch):
    store = Store(codec.read(session, host), host)
    saver = Saver(session)
    store.on_save = saver.schedule
    assert store.apply("journal.note", {"text": "the last thing said"}).ok
    saver.close()
    with monkeypatch.context() as patched:
        patched.setattr(codec, "parse", refuse_to_parse)
        reopened = codec.read(session, host)
    assert reopened == parsed(session.read_text(), host)
    assert reopened["journal"][-1]["text"] == "the last thing said"


def test_an_op_keeps_what_it_wrote_for_the_next_reader(session, host, monkeypatch, capsys):
    from gm_console.cli import main

    codec.read(session, host)  # the cache holds the file as it was
    assert main(["op", str(session), "journal.note", "text=written by a script"]) == 0
    with monkeypatch.context() as patched:
        patched.setattr(codec, "parse", refuse_to_parse)
        reopened = codec.read(session, host)
    assert reopened == parsed(session.read_text(), host)
    assert reopened["journal"][-1]["text"] == "written by a script"


def _read_many(path: str, texts: list[str], rounds: int, out: Any) -> None:
    host = Host().load()
    wanted = [parsed(text, host) for text in texts]
    wrong = 0
    for _ in range(rounds):
        try:
            state = codec.read(Path(path), host)
        except codec.SessionFileError:
            continue
        wrong += state not in wanted
    out.put(wrong)


def test_two_processes_reading_and_saving_one_session_never_see_the_wrong_state(session):
    """One process saves two versions in turn (each read caching its parse), the other reads:
    whatever cache it finds, it gets the state of the text it read."""
    texts = [big_text(word="rain"), big_text(word="snow")]
    context = multiprocessing.get_context("fork")
    out = context.Queue()
    reader = context.Process(target=_read_many, args=(str(session), texts, 40, out))
    reader.start()
    host = Host().load()
    for n in range(40):
        codec.write_atomic(session, texts[n % 2])
        codec.read(session, host)
    reader.join(60)
    assert out.get(timeout=5) == 0


def test_a_file_gm_console_saved_is_known_as_its_writing_and_no_other_is(session, host):
    """codec.load gives the text when gm-console wrote it, as its saves reuse the journal's
    lines from it: not for a file written by hand (the fixture's), parsed or from the cache
    of its parse, nor for a cache an older gm-console made of the same text."""
    assert codec.load(session, host).written is None  # parsed
    assert codec.load(session, host).written is None  # the cache of that parse
    store = Store(codec.read(session, host), host)
    store.apply("journal.note", {"text": "saved by the console"})
    saver = Saver(session)
    saver.schedule(store.state)
    saver.close()
    loaded = codec.load(session, host)
    assert loaded.written == session.read_text() and loaded.state == store.state
    sign(session, loaded.state)  # about the text's digest alone, as before
    assert codec.load(session, host) == (loaded.state, None)
