"""``gm-console op`` tells the outcome only once it is saved, fails loudly when it cannot save,
and saves even when nobody reads what it prints."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from gm_console import cli
from gm_console.files import codec

SESSION = '[session]\nname = "Op"\n'


def read_only(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``folder`` refuses new files. Root writes anywhere, so for root the temporary file's
    creation fails as it does for a user in a folder without write permission."""
    if os.geteuid() != 0:
        folder.chmod(0o555)
        return
    real = codec.tempfile.mkstemp

    def denied(*args, dir=None, **kwargs):
        if Path(dir) == folder:
            raise PermissionError(13, "Permission denied", str(folder))
        return real(*args, dir=dir, **kwargs)
    monkeypatch.setattr(codec.tempfile, "mkstemp", denied)
    real_open = os.open

    def no_new_file(file, flags, *args, **kwargs):  # the session's log, the journal's file
        if flags & os.O_CREAT and Path(file).parent == folder and not Path(file).exists() \
                and Path(file).suffix in (".wal", ".jsonl"):
            raise PermissionError(13, "Permission denied", str(file))
        return real_open(file, flags, *args, **kwargs)
    monkeypatch.setattr(os, "open", no_new_file)


def test_an_op_that_cannot_save_says_so_and_exits_non_zero(tmp_path, monkeypatch, capsys):
    path = tmp_path / "s.toml"
    path.write_text(SESSION)
    read_only(tmp_path, monkeypatch)
    code = cli.main(["op", str(path), "clock.advance", "hours=1"])
    out, err = capsys.readouterr()
    assert code == 1
    assert json.loads(out)["ok"] is False and "could not be written" in json.loads(out)["reason"]
    assert "Permission denied" in err and "Traceback" not in err
    assert path.read_text() == SESSION


def test_an_op_on_a_full_disk_exits_non_zero_without_a_traceback(tmp_path):
    path = tmp_path / "s.toml"
    path.write_text(SESSION)
    script = ("import resource, signal, sys\n"
              "signal.signal(signal.SIGXFSZ, signal.SIG_IGN)\n"
              "resource.setrlimit(resource.RLIMIT_FSIZE, (10, 10))\n"
              "from gm_console.cli import main\n"
              f"sys.exit(main(['op', {str(path)!r}, 'clock.advance', 'hours=1']))\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 1
    assert '"ok": true' not in done.stdout and "Traceback" not in done.stderr
    assert "File too large" in done.stderr
    assert path.read_text() == SESSION


def test_an_op_whose_reader_went_away_still_saves(tmp_path):
    path = tmp_path / "s.toml"
    path.write_text(SESSION)
    read_end, write_end = os.pipe()
    os.close(read_end)  # `| head` that has already finished
    done = subprocess.run([sys.executable, "-m", "gm_console", "op", str(path),
                           "clock.advance", "hours=2"], stdout=write_end,
                          stderr=subprocess.PIPE, text=True, timeout=60)
    os.close(write_end)
    assert "Traceback" not in done.stderr
    assert tomllib.loads(path.read_text())["clock"]["second"] == 10 * 3600
