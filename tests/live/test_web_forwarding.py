"""The browser view believes forwarding headers only from the proxy ``serve --trusted-proxy``
names: from anyone else, ``X-Forwarded-Host`` does not get past the loopback Host check, nor
make the page's addresses."""

from __future__ import annotations

import http.client
from pathlib import Path

import pytest
from live_helpers import SESSION
from server_helpers import Server


def fetch(port: int, headers: dict[str, str]) -> tuple[int, str]:
    probe = http.client.HTTPConnection("127.0.0.1", port, timeout=20)
    try:
        probe.request("GET", "/", headers=headers)
        answer = probe.getresponse()
        return answer.status, answer.read().decode()
    finally:
        probe.close()


@pytest.mark.parametrize("proxy", ["", "127.0.0.1"])
def test_forwarding_headers_are_believed_from_the_named_proxy_alone(tmp_path: Path,
                                                                    proxy: str) -> None:
    session = tmp_path / "s.toml"
    session.write_text(SESSION)
    server = Server(session, "--web", "127.0.0.1:0",
                    *(["--trusted-proxy", proxy] if proxy else []))
    try:
        port = server.port("web")
        forwarded = {"X-Forwarded-Host": "game.example", "X-Forwarded-Proto": "https"}
        rebound = fetch(port, {"Host": f"evil.example:{port}", **forwarded})
        plain = fetch(port, {"Host": f"evil.example:{port}"})
        assert plain[0] == 403  # a rebound name, no header: refused either way
        if proxy:  # the proxy says which name the browser used
            assert rebound[0] == 200 and "wss://game.example/ws" in rebound[1]
        else:  # a page's script can send the header: it is ignored
            assert rebound[0] == 403
            status, page = fetch(port, forwarded)
            assert status == 200 and "game.example" not in page
            assert f"ws://127.0.0.1:{port}/ws" in page
    finally:
        assert server.stop() == 0


def test_a_trusted_proxy_without_the_web_view_is_refused(tmp_path: Path, capsys) -> None:
    from gm_console.cli import main

    session = tmp_path / "s.toml"
    session.write_text(SESSION)
    assert main(["serve", str(session), "--trusted-proxy", "127.0.0.1"]) == 2
    assert "--trusted-proxy goes with --web" in capsys.readouterr().err
