"""The client's side of the sequence numbers, against an owner scripted on the other end of a
real socket pair: a change that skips a number is not applied, the client asks for a snapshot
and takes it."""

from __future__ import annotations

import json
import socket
import threading
from typing import Any, Callable

from gm_console.live import protocol
from gm_console.live.client import RemoteStore


def joined(host, state: dict) -> tuple[RemoteStore, socket.socket, Any, Callable[[dict], None]]:
    """A client joined to the scripted owner, its snapshot ``state`` at seq 5: the store, the
    owner's end, what the owner reads and how it sends."""
    ours, theirs = socket.socketpair()
    owner_reads = theirs.makefile("rb")

    def send(message: dict) -> None:
        theirs.sendall((json.dumps(message) + "\n").encode())

    send({"type": "welcome", "protocol": protocol.VERSION, "role": "gm", "actor": "gm",
          "session": "s.toml"})
    send({"type": "snapshot", "seq": 5, "state": state})
    store = RemoteStore(ours, host)
    assert json.loads(owner_reads.readline())["type"] == "hello"
    return store, theirs, owner_reads, send


def test_a_client_that_misses_a_change_takes_a_new_snapshot(host) -> None:
    store, theirs, owner_reads, send = joined(host, {"clock": {"day": 1}, "journal": []})
    changes = []
    arrived = threading.Event()
    store.subscribe(lambda change: (changes.append(change), arrived.set()))

    send({"type": "change", "seq": 6, "op": "clock.advance", "message": "", "actor": "gm",
          "areas": ["clock"], "set": {"clock": {"day": 2}}, "remove": []})
    assert arrived.wait(5) and store.state["clock"] == {"day": 2} and store.seq == 6
    arrived.clear()
    send({"type": "change", "seq": 8, "op": "clock.advance", "message": "", "actor": "gm",
          "areas": ["clock"], "set": {"clock": {"day": 9}}, "remove": []})
    assert json.loads(owner_reads.readline())["type"] == "resync"  # seq 7 went missing
    assert store.state["clock"] == {"day": 2}  # the change after a gap is not applied
    send({"type": "snapshot", "seq": 8, "state": {"clock": {"day": 4}, "journal": []}})
    assert arrived.wait(5)
    assert store.state["clock"] == {"day": 4} and store.seq == 8
    assert "*" in changes[-1].areas  # every screen redraws everything
    lost = threading.Event()
    store.on_lost.append(lambda reason: lost.set())
    owner_reads.close()
    theirs.close()  # the owner went away
    assert lost.wait(2) and store.lost
    assert not store.apply("clock.advance", {"minutes": 1}).ok  # nobody to apply it
    store.close()


def test_a_change_that_does_not_fit_the_clients_copy_takes_a_new_snapshot(host) -> None:
    """A change carrying a list's changed elements (sync.diff's items) for a list the client
    holds shorter than the change was made on: not applied, a snapshot asked for."""
    store, theirs, owner_reads, send = joined(host, {"characters": [{"name": "Aria"}],
                                                     "journal": []})
    send({"type": "change", "seq": 6, "op": "character.set", "message": "", "actor": "gm",
          "areas": ["characters"], "set": {}, "remove": [],
          "items": {"characters": [3, {"2": {"name": "Ilse"}}]}})  # place 1: not known here
    assert json.loads(owner_reads.readline())["type"] == "resync"
    assert store.state["characters"] == [{"name": "Aria"}] and store.seq == 5
    store.close()
    theirs.close()
