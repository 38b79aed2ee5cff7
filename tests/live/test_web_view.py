"""The browser view for real: gm-console serve --web, Debian's chromium driven by Playwright.

What the page shows is read from its terminal (xterm.js) buffer, the text its renderer draws:
an init script keeps a reference to each terminal textual-serve's page creates."""

from __future__ import annotations

import http.client
import os
import re
import subprocess
import time
from pathlib import Path
from typing import Any

import pytest
from live_helpers import SESSION, RawClient
from server_helpers import Server, alive, descendants

from gm_console.cli import main

CHROMIUM = "/usr/bin/chromium"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--no-first-run"]
pytestmark = pytest.mark.skipif(
    not os.access(CHROMIUM, os.X_OK),
    reason="Debian's chromium is not installed (apt-get install chromium chromium-driver; "
           ".ci/run installs it where it can): the browser view cannot be tested here")

KEEP_TERMINALS = """
window.gmTerminals = [];
Object.defineProperty(Object.prototype, "terminal", {
  configurable: true,
  set(value) {
    Object.defineProperty(this, "terminal", {value, writable: true, configurable: true,
                                             enumerable: true});
    if (value && value.buffer) window.gmTerminals.push(value);
  },
});
"""
SCREEN_TEXT = """() => {
  const term = window.gmTerminals[0];
  if (!term) return "";
  const buffer = term.buffer.active, rows = [];
  for (let i = 0; i < term.rows; i++) {
    const line = buffer.getLine(buffer.viewportY + i);
    rows.push(line ? line.translateToString(true) : "");
  }
  return rows.join("\\n");
}"""


def screen_text(page: Any) -> str:
    return page.evaluate(SCREEN_TEXT)


def wait_for_text(page: Any, *texts: str, timeout: float = 30) -> str:
    deadline = time.monotonic() + timeout
    while True:
        shown = screen_text(page)
        if all(text in shown for text in texts):
            return shown
        if time.monotonic() > deadline:
            raise AssertionError(f"{texts} not all in the browser's terminal:\n{shown}")
        time.sleep(0.1)


@pytest.fixture
def browser() -> Any:
    playwright = pytest.importorskip("playwright.sync_api")
    with playwright.sync_playwright() as driver:
        launched = driver.chromium.launch(
            executable_path=CHROMIUM,
            args=FLAGS)
        try:
            yield launched
        finally:
            launched.close()


def _parent(pid: int) -> int:
    return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])


def test_the_browser_shows_the_party_and_a_live_change_spectator_or_player_by_link(
        tmp_path: Path, browser: Any, capsys: pytest.CaptureFixture[str]) -> None:
    session = tmp_path / "s.toml"
    session.write_text(SESSION)
    server = Server(session, "--web", "127.0.0.1:0", "--max-connections", "2")
    port = server.port("web")
    try:
        assert main(["invite", str(session), "--role", "player:Aria", "--web"]) == 0
        url = capsys.readouterr().out.strip()
        assert url.startswith(f"http://127.0.0.1:{port}/?join=")
        # a link-preview bot fetches the page, a screenshot tool runs it and leaves: neither
        # spends the link (the websocket that starts the console does, and gives it back
        # when its tab closes before a key is pressed)
        preview = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        preview.request("GET", url.split(str(port), 1)[1])
        answer = preview.getresponse()
        assert answer.status == 200
        # everything the page loads is this server's: nothing elsewhere holds its frame back
        assert all(address.startswith(f"http://127.0.0.1:{port}/") for address in
                   re.findall(r'(?:src|href)="([^"]+)"', answer.read().decode()))
        preview.close()
        shot = subprocess.run([CHROMIUM, *FLAGS, f"--screenshot={tmp_path / 'tool.png'}", url],
                              capture_output=True, timeout=120)
        assert shot.returncode == 0 and (tmp_path / "tool.png").is_file()
        server.wait_log("the link is unused again")

        watcher = browser.new_context(viewport={"width": 1000, "height": 700})
        watcher.add_init_script(KEEP_TERMINALS)
        spectator = watcher.new_page()
        spectator.goto(f"http://127.0.0.1:{port}/")

        seat = browser.new_context(viewport={"width": 1000, "height": 700})
        seat.add_init_script(KEEP_TERMINALS)
        player = seat.new_page()
        player.goto(url)
        splash = player.screenshot()
        assert player.url == f"http://127.0.0.1:{port}/"  # the token left the address bar

        shown = wait_for_text(spectator, "Latest in the journal", "spectator", "08:00")
        assert "Aria" in shown and "Bram" in shown
        wait_for_text(player, "Latest in the journal", "player:Aria", "Bram")
        # each tab's console is a fork of the template console (its pages shared), not a
        # program of its own
        forks = [pid for pid in descendants(server.process.pid)
                 if b"_prefork" in Path(f"/proc/{pid}/cmdline").read_bytes()
                 and _parent(pid) != server.process.pid]
        assert len(forks) == 2
        # two consoles run: a third tab is turned away
        assert watcher.request.get(f"http://127.0.0.1:{port}/ws").status == 503
        game_master = RawClient(session, "gm", "Dee")  # as gm-console op does it
        game_master.send({"type": "op", "id": 1, "op": "clock.advance",
                          "params": {"minutes": 30}})
        assert game_master.until("outcome", id=1)["ok"]
        game_master.close()
        wait_for_text(spectator, "08:30")
        wait_for_text(player, "08:30")
        # the screenshot is taken once the console drew the change: the terminal is shown
        # (the page's splash gone) and holds it
        picture = player.screenshot(path=str(tmp_path / "player.png"))
        assert player.evaluate("document.body.classList.contains('-first-byte')")
        assert "08:30" in screen_text(player) and picture != splash

        # bound to loopback, it answers loopback names only (not a rebound web site's)
        for path, headers, status, page in [
                ("/", {"Host": f"evil.example:{port}"}, 403, ""),
                ("/ws", {"Host": f"evil.example:{port}"}, 403, ""),
                # a forwarding header from no named proxy is not believed
                ("/", {"Host": f"evil.example:{port}", "X-Forwarded-Host": f"127.0.0.1:{port}"},
                 403, "")]:
            probe = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            probe.request("GET", path, headers=headers)
            answer = probe.getresponse()
            assert answer.status == status and page in answer.read().decode()
            probe.close()

        # a link works once: the second browser to open it is told so
        again = browser.new_page()
        response = again.goto(url)
        assert response.status == 403 and "already been used" in again.content()
        again.close()

        # the seat is the browser's (its cookie) for a reload; a spectator stays a spectator
        assert "(player:Aria)" in seat.request.get(f"http://127.0.0.1:{port}/").text()
        assert "(spectator)" in watcher.request.get(f"http://127.0.0.1:{port}/").text()

        watcher.close()  # a tab closed: its console quits
        server.wait_log(r"web: browser 127\.0\.0\.1's console closed")
        assert len([pid for pid in forks if alive(pid)]) == 1
        # the server stopped with a player's tab open: its console quits too, nothing is left
        consoles = descendants(server.process.pid)
        assert consoles
        assert server.stop() == 0
        assert not [pid for pid in consoles if alive(pid)]
        seat.close()
    finally:
        assert server.stop() == 0
    log = server.log.read_text()
    assert "took a seat as player:Aria" in log
