"""The documentation: the site under docs/ builds with warnings as errors (every page in the nav,
no broken link or anchor), every section of RULES.md that the code cites exists, and the README
stays a short introduction that keeps CI's command."""

from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

# "RULES.md 1.2", "RULES.md section 3", "RULES.md 1.1 to 1.5", "RULES.md 1.6, 1.7", "2.1–2.4"
CITATION = re.compile(r"RULES\.md[\s\u00a0]+(?:sections?[\s\u00a0]+)?"
                      r"(\d+(?:\.\d+)?(?:[\s\u00a0]*(?:,|to|and|-|–)[\s\u00a0]*\d+\.\d+)*)")
NUMBER = re.compile(r"\d+(?:\.\d+)?")
HEADING = re.compile(r"^#{2,6}[ \t]+(\d+(?:\.\d+)*)\.?[ \t]", re.MULTILINE)
CITING = ("gm_console", "gm_console_plugins", "gm_console_config", "tests", "examples", "bench",
          "docs")


def sections_of_the_rules() -> set[str]:
    return set(HEADING.findall((ROOT / "RULES.md").read_text(encoding="utf-8")))


def citations() -> dict[str, set[str]]:
    """Every section number cited as "RULES.md N.N", with the files citing it."""
    cited: dict[str, set[str]] = {}
    for folder in CITING:
        for path in (ROOT / folder).rglob("*"):
            if path.suffix not in (".py", ".toml", ".md") or "__snapshots__" in path.parts:
                continue
            for match in CITATION.finditer(path.read_text(encoding="utf-8")):
                numbers = NUMBER.findall(match.group(1))
                if re.search(r"to|-|–", match.group(1)) and len(numbers) == 2:
                    numbers = list(span(*numbers))
                for number in numbers:
                    cited.setdefault(number, set()).add(str(path.relative_to(ROOT)))
    return cited


def span(first: str, last: str) -> list[str]:
    """1.1 to 1.5: each section of the range (within one chapter)."""
    chapter, _, start = first.partition(".")
    end_chapter, _, end = last.partition(".")
    if chapter != end_chapter or not start or not end:
        return [first, last]
    return [f"{chapter}.{n}" for n in range(int(start), int(end) + 1)]


def test_the_rules_have_the_sections_the_citations_need() -> None:
    assert {"1", "1.1", "1.7", "2", "2.7", "3", "3.4"} <= sections_of_the_rules()


def test_every_rules_section_the_code_cites_exists() -> None:
    cited = citations()
    assert len(cited) > 15, "the citations are no longer found: CITATION needs a look"
    missing = {number: sorted(files) for number, files in cited.items()
               if number not in sections_of_the_rules()}
    assert not missing, f"RULES.md has no such section: {missing}"


def test_the_readme_is_short_and_keeps_the_test_command() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(readme.splitlines()) <= 150
    assert "python3 dev.py test" in readme  # .ci/run runs the README's command


@pytest.mark.parametrize("page", ["README.md", "CONTRIBUTING.md", "CHANGELOG.md"])
def test_the_root_pages_link_only_to_files_that_exist(page: str) -> None:
    """The site checks its own links; these are read on the forge, outside it."""
    text = (ROOT / page).read_text(encoding="utf-8")
    for target in re.findall(r"\]\(([^)\s]+)\)", text):
        if target.startswith(("http://", "https://", "#")):
            continue
        assert (ROOT / target.split("#")[0]).exists(), f"{page} links to {target}"


@pytest.mark.skipif(importlib.util.find_spec("mkdocs") is None
                    or importlib.util.find_spec("material") is None,
                    reason="mkdocs-material is not installed (it is in the test extra: "
                           "pip install -e '.[test]')")
def test_the_site_builds_with_warnings_as_errors(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet",
         "--config-file", str(ROOT / "mkdocs.yml"), "--site-dir", str(tmp_path / "site")],
        cwd=ROOT, capture_output=True, text=True, timeout=300,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})  # material's notice, not our warning
    assert result.returncode == 0, result.stdout + result.stderr
    for page in ("index.html", "guide/index.html", "hooks/index.html", "rules/index.html"):
        assert (tmp_path / "site" / page).exists(), page
    rules = (tmp_path / "site" / "rules" / "index.html").read_text(encoding="utf-8")
    assert "Forced march" in rules  # RULES.md itself, included


def test_the_combat_plugins_hooks_are_each_documented_with_their_signature() -> None:
    """docs/hooks.md is made from the host's hooks alone: the hooks the combat plugin declares
    for others are on their own page, which must name each as declared."""
    import inspect

    from gm_console_plugins.combat import hookspecs

    page = (ROOT / "docs" / "combat-hooks.md").read_text(encoding="utf-8")
    declared = [name for name, value in vars(hookspecs).items()
                if hasattr(value, "gm_console_spec")]
    assert len(declared) >= 5
    for name in declared:
        signature = inspect.signature(getattr(hookspecs, name))
        params = ", ".join(f"{p.name}: {p.annotation}" for p in signature.parameters.values())
        assert f"### `{name}`" in page, name
        assert f"def {name}({params}) -> {signature.return_annotation}" in page, name
