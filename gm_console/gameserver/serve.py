"""``gm-console serve SESSION``: the owner without a screen, for a game server. It logs to
stderr and stops on SIGTERM, SIGHUP or Ctrl-C, saving first."""

from __future__ import annotations

import logging
import signal
import sys
import threading
from pathlib import Path
from typing import TYPE_CHECKING

from gm_console.files import codec
from gm_console.gameserver.listening import ListenerError
from gm_console.host.manager import Host
from gm_console.live import rendezvous
from gm_console.live.owner import Owner

if TYPE_CHECKING:
    from gm_console.gameserver.fronts import Fronts


def serve(session: Path, host: Host, fronts: Fronts | None = None) -> int:
    """``fronts``: the game server's listeners, started once the owner listens and stopped
    before it stops."""
    logging.basicConfig(stream=sys.stderr, level=logging.INFO,
                        format="%(asctime)s gm-console serve: %(message)s")
    log = logging.getLogger("gm_console.live")
    try:
        lock, sock = rendezvous.meet(session, timeout=3.0)
    except (rendezvous.OwnerUnreachable, OSError) as exc:
        log.error("%s", exc)
        return 2
    if sock is not None:
        sock.close()
        holder = rendezvous.read_announcement(session).get("pid", "another process")
        log.error("%s already has an owner (process %s): join it instead", session, holder)
        return 1
    assert lock is not None
    try:
        owner = Owner.open(session, host, lock, create=False)
    except codec.SessionFileError as exc:
        lock.release()
        log.error("cannot serve the session, and it was left untouched:\n%s", exc)
        return 2
    stop = threading.Event()
    for signum in (signal.SIGTERM, signal.SIGHUP, signal.SIGINT):
        signal.signal(signum, lambda number, frame: stop.set())
    try:
        owner.listen()
        if fronts is not None:
            try:
                fronts.start()
            except ListenerError as exc:
                log.error("%s", exc)
                return 2
        while not stop.wait(3600):
            pass
        log.info("stopping: saving %s", session)
    finally:
        if fronts is not None:
            fronts.close()
        owner.close()
    not_saved = owner.saver.not_saved()
    if not_saved:  # the last save, tried once more on stopping, failed too
        log.error("%s", not_saved)
        return 1
    return 0
