"""A front's kept values: a change event replaces only the tables it names, so what a screen
computed from the others (the party's rows) is kept across it, as on the owner's console."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from gm_console.host.manager import Host


def test_a_front_keeps_what_it_computed_until_a_table_it_read_changes(tmp_path: Path,
                                                                     host: Host) -> None:
    from gm_console.live import rendezvous
    from gm_console.live.client import RemoteStore
    from gm_console.live.owner import Owner
    from gm_console.live.rendezvous import SessionLock

    path = tmp_path / "s.toml"
    path.write_text('[session]\nname = "kept"\n\n[[characters]]\nname = "Aria"\n')
    lock = SessionLock(path)
    assert lock.acquire()
    owner = Owner.open(path, host, lock)
    try:
        owner.listen()
        front = RemoteStore(rendezvous.meet(path)[1], host, "gm")
        computed: list[Any] = []

        def strengths(session: Any) -> list[Any]:
            computed.append(1)
            return [character.get("strength") for character in session.characters]
        first = front.session.kept("strengths", strengths)
        assert front.apply("clock.advance", {"minutes": 10}).ok
        assert front.session.kept("strengths", strengths) == first and len(computed) == 1
        assert front.apply("character.set", {"character": "Aria", "field": "strength",
                                             "value": "15"}).ok
        assert front.session.kept("strengths", strengths) == [15] and len(computed) == 2
        front.close()
    finally:
        owner.close()
