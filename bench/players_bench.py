#!/usr/bin/env python3
"""Benchmark of the game server with a table of players, run by hand (not in the test suite).

``gm-console serve`` with both listeners; N players join, half over SSH (asyncssh clients),
half in a browser (websocket clients that speak the browser page's protocol: the bytes the
page would draw, without drawing them), players by key or one-time link and spectators. Then
the game master's operations (``clock.advance``, one minute each, through the owner's socket
as ``gm-console op`` sends them) and, for each, the time until the new clock has reached
every player's screen (the end of the chunk that completes it). It prints, for each N:

- login: connecting to the first usable screen (the party and the journal drawn), median and
  slowest, SSH and browser;
- latency: the GM's operation to the last player's screen, median and p99;
- memory per player: the consoles' unique memory (USS: private pages) and their proportional
  share (PSS) divided by N, and resident memory (RSS) for comparison;
- CPU per operation per player: the consoles' user and system time over the operations,
  divided by operations and players; and the server's own (the owner, the SSH and web
  listeners passing every console's bytes on) per operation, for all the players.

    .venv/bin/python bench/players_bench.py [--players 1,10,25,50] [--ops 40]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import aiohttp
import asyncssh

from gm_console.gameserver import links
from gm_console.live import protocol, rendezvous
from gm_console.live.roles import Role

SESSION = ('[session]\nname = "Bench"\n\n[[characters]]\nname = "Aria"\n\n[[characters]]\n'
           'name = "Bram"\n')
FIRST_SCREEN = b"Latest in the journal"
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


class Screen:
    """What one player's front has been sent, and when each new clock reached it."""

    def __init__(self) -> None:
        self.seen = bytearray()
        self.arrived: dict[bytes, float] = {}
        self.wanted: bytes | None = None

    def took(self, data: bytes) -> None:
        self.seen += data
        if self.wanted is not None and self.wanted in self.seen[-4096:]:
            self.arrived[self.wanted] = time.monotonic()
            self.wanted = None

    async def until(self, text: bytes, timeout: float = 120) -> None:
        deadline = time.monotonic() + timeout
        while text not in self.seen:
            if time.monotonic() > deadline:
                raise SystemExit(f"{text!r} never reached a screen:\n{self.seen[-800:]!r}")
            await asyncio.sleep(0.01)


async def ssh_player(port: int, key: Path, screen: Screen) -> asyncssh.SSHClientConnection:
    conn = await asyncssh.connect("127.0.0.1", port, username="player", client_keys=[key],
                                  known_hosts=None, agent_path=None, config=[])
    process = await conn.create_process(term_type="xterm-256color", term_size=(80, 24),
                                        encoding=None)

    async def read() -> None:
        while chunk := await process.stdout.read(65536):
            screen.took(chunk)
    asyncio.ensure_future(read())
    return conn


async def web_player(http: aiohttp.ClientSession, url: str, screen: Screen) -> Any:
    socket_ = await http.ws_connect(f"{url}?width=80&height=24",
                                    origin=url.split("/ws")[0].split("/join")[0])

    async def read() -> None:
        async for message in socket_:
            if message.type == aiohttp.WSMsgType.BINARY:
                screen.took(message.data)
            elif message.type == aiohttp.WSMsgType.TEXT:
                screen.took(message.data.encode())
    asyncio.ensure_future(read())
    return socket_


def consoles(server: int) -> list[int]:
    """The console processes the server started: each a ``--role`` command line, or a fork
    of the server's template console (the template itself, the server's child, is not)."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit() and entry != str(server):
            try:
                line = Path(f"/proc/{entry}/cmdline").read_bytes()
                stat = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if stat[0] == "Z" or b"python" not in line.split(b"\0")[0]:
                continue
            forked = b"_prefork" in line and int(stat[1]) != server
            if (b"--role" in line or forked) and _descends(int(entry), server):
                found.append(int(entry))
    return found


def _descends(pid: int, ancestor: int) -> bool:
    while pid > 1:
        try:
            pid = int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])
        except OSError:
            return False
        if pid == ancestor:
            return True
    return False


def memory_kb(pid: int) -> dict[str, int]:
    figures: dict[str, int] = {}
    for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines()[1:]:
        name, value = line.split(":", 1)
        figures[name] = int(value.split()[0])
    return {"uss": figures["Private_Clean"] + figures["Private_Dirty"], "pss": figures["Pss"],
            "rss": figures["Rss"]}


def cpu_seconds(pids: list[int]) -> float:
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / CLOCK_TICKS


class GameMaster:
    """The GM's operations through the owner's socket, as ``gm-console op`` sends them."""

    def __init__(self, session: Path) -> None:
        self.sock = socket.socket(socket.AF_UNIX)
        self.sock.connect(rendezvous.read_announcement(session)["socket"])
        self.sock.sendall(protocol.encode(protocol.hello("gm", name="bench")))
        self.reader = self.sock.makefile("rb")
        self.ids = 0
        self.until("snapshot")

    def until(self, kind: str, **fields: Any) -> dict[str, Any]:
        while True:
            message = protocol.decode(self.reader.readline(protocol.MAX_LINE))
            if message["type"] == kind and all(message.get(k) == v for k, v in fields.items()):
                return message

    def advance(self) -> None:
        self.ids += 1
        self.sock.sendall(protocol.encode({"type": "op", "id": self.ids, "op": "clock.advance",
                                           "params": {"minutes": 1}}))
        self.until("outcome", id=self.ids)


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(share * (len(ordered) - 1))))]


async def table(players: int, ops: int, folder: Path, extra: list[str]) -> dict[str, Any]:
    session = folder / f"bench-{players}.toml"
    session.write_text(SESSION)
    key = asyncssh.generate_private_key("ssh-ed25519", comment="bench")
    key.write_private_key(folder / "key")
    os.chmod(folder / "key", 0o600)
    public = key.export_public_key().decode().strip()
    keys = folder / "authorized_keys"
    keys.write_text(f'role="player:Aria" {public}\n')
    os.chmod(keys, 0o600)
    log = open(folder / f"serve-{players}.log", "wb")
    server = subprocess.Popen([sys.executable, "-m", "gm_console", "serve", str(session),
                               "--ssh", "127.0.0.1:0", "--authorized-keys", str(keys),
                               "--web", "127.0.0.1:0", "--max-connections",
                               str(players + 2), *extra], stdout=log, stderr=log)
    try:
        return await _run(players, ops, folder, session, server)
    finally:
        server.terminate()
        server.wait(60)
        log.close()


async def _port(folder: Path, players: int, kind: str) -> int:
    import re

    for _ in range(600):
        found = re.search(rf"{kind}: listening on [^ ]+:(\d+)",
                          (folder / f"serve-{players}.log").read_text(errors="replace"))
        if found:
            return int(found.group(1))
        await asyncio.sleep(0.05)
    raise SystemExit(f"the server did not listen ({kind})")


async def _run(players: int, ops: int, folder: Path, session: Path,
               server: subprocess.Popen[bytes]) -> dict[str, Any]:
    ssh_port, web_port = await _port(folder, players, "SSH"), await _port(folder, players, "web")
    base = f"http://127.0.0.1:{web_port}"
    screens: list[Screen] = []
    logins: dict[str, list[float]] = {"ssh": [], "web": []}
    held: list[Any] = []
    async with aiohttp.ClientSession() as http:
        for index in range(players):  # one at a time: each login's own time
            screen = Screen()
            started = time.monotonic()
            if index % 2 == 0:
                held.append(await ssh_player(ssh_port, folder / "key", screen))
                kind = "ssh"
            else:
                url = f"{base}/ws" if index % 4 == 3 else \
                    f"{base}/join/{links.add(session, Role.parse('player:Bram'), 'web')}/ws"
                held.append(await web_player(http, url, screen))
                kind = "web"
            await screen.until(FIRST_SCREEN)
            logins[kind].append(time.monotonic() - started)
            screens.append(screen)
        await asyncio.sleep(2)  # every console settled
        pids = consoles(server.pid)
        memory = [memory_kb(pid) for pid in pids]
        gm = GameMaster(session)
        latencies = []
        cpu_before, server_before = cpu_seconds(pids), cpu_seconds([server.pid])
        for op in range(1, ops + 1):
            minutes = 8 * 60 + op
            clock = f"{minutes // 60:02d}:{minutes % 60:02d}".encode()
            for screen in screens:
                screen.wanted = clock
            sent = time.monotonic()
            await asyncio.to_thread(gm.advance)
            for screen in screens:
                await screen.until(clock, timeout=60)
            latencies.append(max(s.arrived.get(clock, time.monotonic()) for s in screens) - sent)
            await asyncio.sleep(0.3)  # the table between two of the GM's keys
        cpu = cpu_seconds(pids) - cpu_before
        server_cpu = cpu_seconds([server.pid]) - server_before
        gm.sock.close()
        for item in held:  # an SSH connection closes at once; a websocket is awaited
            closed = item.close()
            if asyncio.iscoroutine(closed):
                await closed
    count = len(memory)
    return {"players": players, "consoles": count,
            "ssh_login": logins["ssh"], "web_login": logins["web"],
            "median_ms": 1000 * statistics.median(latencies),
            "p99_ms": 1000 * percentile(latencies, 0.99),
            "uss_mib": sum(m["uss"] for m in memory) / count / 1024,
            "pss_mib": sum(m["pss"] for m in memory) / count / 1024,
            "rss_mib": sum(m["rss"] for m in memory) / count / 1024,
            "cpu_ms_per_op_player": 1000 * cpu / ops / count,
            "server_cpu_ms_per_op": 1000 * server_cpu / ops}


def _login(values: list[float]) -> str:
    if not values:
        return "-"
    return f"{statistics.median(values):.2f} / {max(values):.2f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", default="1,10,25,50",
                        help="the table sizes, comma-separated (default 1,10,25,50)")
    parser.add_argument("--ops", type=int, default=40, help="GM operations at each size")
    parser.add_argument("--json", action="store_true", help="the figures as JSON too")
    parser.add_argument("--no-prefork", dest="prefork", action="store_false",
                        help="serve with --no-prefork: every console a program (the reference)")
    args = parser.parse_args()
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["GM_CONSOLE_DATA_DIR"] = str(Path(tmp) / "data")
        os.environ["GM_CONSOLE_CONFIG_DIR"] = str(Path(tmp) / "cfg")
        for players in (int(n) for n in args.players.split(",")):
            rows.append(asyncio.run(table(players, args.ops, Path(tmp),
                                          [] if args.prefork else ["--no-prefork"])))
            print(f"  {players} players measured", file=sys.stderr, flush=True)
    print("| players | op to every screen, median / p99 (goal 100 / 250 ms) | USS per player "
          "(goal 12 MiB) | PSS | RSS | CPU per op per player (goal 1 ms) | server CPU per op | "
          "SSH login, median / slowest (goal 0.5 s) | browser login (goal 2 s) |")
    print("|---|---|---|---|---|---|---|---|---|")
    for row in rows:
        print(f"| {row['players']} | {row['median_ms']:.0f} / {row['p99_ms']:.0f} ms "
              f"| {row['uss_mib']:.1f} MiB | {row['pss_mib']:.1f} MiB | {row['rss_mib']:.1f} MiB "
              f"| {row['cpu_ms_per_op_player']:.2f} ms | {row['server_cpu_ms_per_op']:.0f} ms "
              f"| {_login(row['ssh_login'])} s "
              f"| {_login(row['web_login'])} s |")
    if args.json:
        print(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
