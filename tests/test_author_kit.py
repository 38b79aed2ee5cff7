"""The author kit as an outside author meets it: ``gm-console new-plugin`` writes a distribution
that installs with pip and passes its own tests at once, and the example plugin in
``examples/`` (built only on the public API and ``gm_console.testing``) passes its tests."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from gm_console.cli import main

ROOT = Path(__file__).resolve().parent.parent


def install_and_test(distribution: Path, site: Path) -> subprocess.CompletedProcess[str]:
    """pip-install ``distribution`` into ``site`` (not into the test's environment, whose
    other tests would then load it), then run its own tests against it.

    The wheel is built by pip through the distribution's build backend (setuptools, in our
    test extras), without build isolation: an isolated build would install setuptools from
    the index into a new environment every time (3 s, and a download). Its tests run with
    the pytest plugins its own test extras name (pytest-asyncio), not every one installed
    here, as they run on its author's machine."""
    installed = subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps",
                                "--no-build-isolation", "--check-build-dependencies", "--no-index",
                                "--disable-pip-version-check", "--target", str(site),
                                str(distribution)], capture_output=True, text=True)
    assert installed.returncode == 0, installed.stdout + installed.stderr
    # The site first, then the tree under test (the suite may run from a checkout that is not
    # the one installed, PYTHONPATH pointing at it).
    path = os.pathsep.join(filter(None, [str(site), os.environ.get("PYTHONPATH", "")]))
    env = {**os.environ, "PYTHONPATH": path, "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1"}
    env.pop("PYTEST_XDIST_WORKER", None)
    return subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                           "-p", "pytest_asyncio.plugin", str(distribution / "tests")],
                          cwd=distribution, env=env, capture_output=True, text=True)


def test_new_plugin_writes_a_distribution_that_installs_and_passes_its_tests(tmp_path, capsys):
    assert main(["new-plugin", "torch", "--dir", str(tmp_path), "--key", "f11"]) == 0
    target = tmp_path / "gm-console-torch"
    assert f"wrote {target}" in capsys.readouterr().out
    assert (target / "gm_console_torch" / "torch.toml").is_file()
    assert (target / "gm_console_torch" / "labels.fr.toml").is_file()
    result = install_and_test(target, tmp_path / "site")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "5 passed" in result.stdout


@pytest.mark.parametrize("name, why", [("Torch", "lower-case"), ("t", "2 to 31"),
                                       ("9lives", "starting with a letter")])
def test_new_plugin_refuses_a_name_it_cannot_use(tmp_path, capsys, name, why):
    assert main(["new-plugin", name, "--dir", str(tmp_path)]) == 2
    assert why in capsys.readouterr().err
    assert not list(tmp_path.iterdir())


def test_new_plugin_never_writes_over_a_folder(tmp_path, capsys):
    (tmp_path / "gm-console-torch").mkdir()
    (tmp_path / "gm-console-torch" / "mine.txt").write_text("keep")
    assert main(["new-plugin", "torch", "--dir", str(tmp_path)]) == 2
    assert "exists already" in capsys.readouterr().err
    assert [p.name for p in (tmp_path / "gm-console-torch").iterdir()] == ["mine.txt"]


def test_the_example_light_plugin_passes_its_own_tests(tmp_path):
    example = tmp_path / "gm-console-light"
    subprocess.run(["cp", "-r", str(ROOT / "examples" / "gm-console-light"), str(example)],
                   check=True)
    result = install_and_test(example, tmp_path / "site")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "10 passed" in result.stdout


def test_the_example_spells_plugin_passes_its_own_tests(tmp_path):
    """The second example, on the public API too, extends the combat plugin through the hooks
    it declares (a kind of action, its check, taking it, a tracker column)."""
    example = tmp_path / "gm-console-spells"
    subprocess.run(["cp", "-r", str(ROOT / "examples" / "gm-console-spells"), str(example)],
                   check=True)
    result = install_and_test(example, tmp_path / "site")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "10 passed" in result.stdout
