"""Tests about the code base itself: documented hooks, and imports that run the right way."""

from __future__ import annotations

import inspect
import subprocess
import sys
from pathlib import Path

import pytest

from gm_console.contract import hookspecs
from gm_console.host.hookdoc import declared

ROOT = Path(__file__).resolve().parent.parent
HOOKS = [name for name, value in vars(hookspecs).items() if hasattr(value, "gm_console_spec")]


@pytest.mark.parametrize("hook", HOOKS)
def test_every_hook_is_documented(hook: str) -> None:
    assert (inspect.getdoc(getattr(hookspecs, hook)) or "").strip(), f"{hook} has no docstring"


@pytest.mark.parametrize("hook", HOOKS)
def test_every_hook_is_implemented_by_a_built_in_or_exercised_by_a_test(hook: str) -> None:
    sources = [*ROOT.glob("gm_console_plugins/*/*.py"), *ROOT.glob("gm_console/core/*.py"),
               *ROOT.glob("tests/**/*.py")]
    users = [p for p in sources if p.name != "test_meta.py" and f"def {hook}(" in p.read_text()
             or (p.parent.name == "tests" and p.name != "test_meta.py"
                 and f"{hook}=" in p.read_text())]
    assert users, f"no plugin implements {hook} and no test exercises it"


def imported_after(code: str) -> set[str]:
    """Every module loaded, by full name, after running ``code`` in a fresh interpreter."""
    script = f"import sys\n{code}\nprint(' '.join(sys.modules))"
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                            check=True)
    return set(result.stdout.split())


def test_store_operations_and_codec_run_without_textual() -> None:
    loaded = imported_after("import gm_console.state.store, gm_console.files.codec, gm_console.host.manager, "
                            "gm_console.cli\nfrom gm_console.host.manager import Host\nHost().load()")
    assert not any(m.split(".")[0] == "textual" for m in loaded)


def test_the_first_screen_imports_only_what_it_shows() -> None:
    """What start-up imports before the first screen (bench/console_bench.py's import figure):
    not the dice parser, the prompts, the plugins' screens or the live client, which wait until
    they are used (the plugin index keeps the versions' metadata out: test_plugin_index); nor
    the standard library's TOML parser, since tomli (compiled) reads the session: one parser's
    code in memory, not two."""
    loaded = imported_after("import gm_console.cli, gm_console.ui.app, gm_console.ui.screens.home,"
                            " gm_console.live.owner\nfrom gm_console.host.manager import Host\n"
                            "Host().load()")
    late = {"d20", "tomllib", "gm_console.ui.screens.prompt", "gm_console.live.client",
            *(f"gm_console_plugins.{p.parent.name}.screens"
              for p in ROOT.glob("gm_console_plugins/*/screens.py"))}
    assert not late & loaded, sorted(late & loaded)


def test_an_op_loads_neither_the_game_server_nor_asyncio(tmp_path: Path) -> None:
    """``gm-console op`` is what scripts run in loops (docs/session-file.md, "Limits"): serve's
    listeners (asyncio, ssl) and invite's links are heavy imports, for commands it is not."""
    session = tmp_path / "s.toml"
    loaded = imported_after("import contextlib, io\nfrom gm_console.cli import main\n"
                            "with contextlib.redirect_stdout(io.StringIO()):\n"
                            f"    assert main(['op', {str(session)!r}, 'journal.note', "
                            "'text=x']) == 0")
    journal = session.with_name(f"{session.stem}.journal.jsonl")
    assert '"text":"x"' in journal.read_text()  # it did apply and save
    assert not {"asyncio", "ssl", "gm_console.gameserver"} & loaded, \
        sorted({"asyncio", "ssl", "gm_console.gameserver"} & loaded)


@pytest.mark.parametrize("rules", sorted(ROOT.glob("gm_console_plugins/*/rules.py")),
                         ids=lambda p: p.parent.name)
def test_plugin_rules_import_neither_textual_nor_the_store(rules: Path) -> None:
    loaded = imported_after(f"import gm_console_plugins.{rules.parent.name}.rules")
    assert not any(m.split(".")[0] == "textual" for m in loaded)
    assert not {"gm_console.state.store", "gm_console.host.manager", "gm_console.contract.session"} & loaded


@pytest.mark.parametrize("hook", HOOKS)
def test_every_hook_has_an_example_that_implements_it_with_its_own_arguments(hook: str) -> None:
    import ast

    doc = inspect.getdoc(getattr(hookspecs, hook)) or ""
    _, sep, example = doc.partition("::\n")
    assert sep, f"{hook}'s docstring has no Example:: block"
    tree = ast.parse(inspect.cleandoc(example))
    impls = [node for node in ast.walk(tree)
             if isinstance(node, ast.FunctionDef) and node.name == hook]
    assert impls, f"{hook}'s example does not implement {hook}"
    spec_args = set(inspect.signature(getattr(hookspecs, hook)).parameters)
    assert {a.arg for a in impls[0].args.args} <= spec_args


@pytest.mark.parametrize("plugin, hook, spec", declared(),
                         ids=[f"{plugin}.{hook}" for plugin, hook, _ in declared()])
def test_every_hook_a_built_in_declares_has_an_example_with_its_own_arguments(
        plugin: str, hook: str, spec: object) -> None:
    import ast

    doc = inspect.getdoc(spec) or ""
    _, sep, example = doc.partition("::\n")
    assert sep, f"{plugin}'s {hook} has no Example:: block"
    tree = ast.parse(inspect.cleandoc(example))
    spec_args = set(inspect.signature(spec).parameters)  # type: ignore[arg-type]
    impls = [node for node in ast.walk(tree)
             if isinstance(node, ast.FunctionDef) and node.name == hook]
    # A hook others call rather than implement (combat_take_action) shows the call instead.
    calls = [node for node in ast.walk(tree) if isinstance(node, ast.Call) and node.args
             and isinstance(node.args[0], ast.Constant) and node.args[0].value == hook]
    assert impls or calls, f"{plugin}'s {hook} example neither implements nor calls it"
    given = {a.arg for a in impls[0].args.args} if impls else \
        {str(k.arg) for k in calls[0].keywords}  # (ctx.ask gives ctx itself)
    assert given <= spec_args, given - spec_args


def test_the_hook_reference_is_up_to_date() -> None:
    from gm_console.host.hookdoc import reference

    written = (ROOT / "docs" / "hooks.md").read_text()
    assert written == reference(), ("docs/hooks.md is out of date: "
                                    "python -m gm_console.host.hookdoc > docs/hooks.md")
