"""The plugin host: loads plugins with pluggy, collects what they contribute, and calls their
hooks one implementation at a time so that a plugin that raises is switched off, not fatal.

A fresh :class:`Host` is built per run (and per test): there is no import-time global manager.
"""

from __future__ import annotations

import difflib
import functools
import importlib
import importlib.util
import logging
import os
import time
import traceback
from dataclasses import dataclass, field, replace
from pathlib import Path
from types import FunctionType, MethodType, ModuleType
from typing import Any, Callable, Iterator

import pluggy

from gm_console.contract import hookspecs
from gm_console.contract.hookspecs import API_VERSION, PROJECT
from gm_console.contract.operations import Operation, Refused, Result
from gm_console.contract.screens import ScreenSpec
from gm_console.contract.sections import SectionSpec
from gm_console.files.config import Config, ConfigError
from gm_console.host import plugin_index, plugin_output
from gm_console.host.contributions import sound_operation, sound_screen, sound_section
from gm_console.host.global_keys import kept_remaps, screen_clash
from gm_console.host.version import installed
from gm_console.rules import conditions as cond
from gm_console.rules.speed import SpeedStep
from gm_console.text import catalogue
from gm_console.text.said import Said, did_you_mean, say, stored

ENTRY_POINT_GROUP = "gm_console.plugins"
Text = str | Callable[[], str]
"""A plugin's version, or how to read it when it is asked for: a distribution's metadata (its
README included) is parsed as e-mail headers, work that would slow every start-up and that
only ``gm-console plugins`` and the help screen need."""
CORE = "core"
CORE_MODULE = "gm_console.core.hooks"
"""The host's own plugin, loaded by name as the installed ones are by their entry points."""
log = logging.getLogger("gm_console.host")
log.addHandler(logging.NullHandler())  # a console's screen is no place for log lines
trace = logging.getLogger("gm_console.host.trace")
"""Every hook call, its plugin and how long it took, with ``GM_CONSOLE_TRACE_PLUGINS=1``."""
TRACE_VARIABLE = "GM_CONSOLE_TRACE_PLUGINS"
CHOICE_VARIABLE = "GM_CONSOLE_PLUGINS"
"""``a,b``: only these plugins load (and the core), whatever the settings say."""


@dataclass
class PluginRecord:
    """What ``gm-console plugins`` reports about one plugin."""

    name: str
    release: Text
    """Its version (:attr:`version`), or how to read it."""
    source: str
    status: str = "loaded"  # loaded | disabled | failed
    error: str = ""
    hooks: list[str] = field(default_factory=list)
    traceback: str = ""
    """Where it failed, Python's traceback (the log has it; the kit and ``--debug`` show it)."""

    @property
    def version(self) -> str:
        self.release = _read(self.release)
        return self.release

    def as_dict(self) -> dict[str, Any]:
        return {"name": self.name, "version": self.version, "source": self.source,
                "status": self.status, "error": self.error, "hooks": self.hooks,
                "traceback": self.traceback}


def _installed_version(distribution: str) -> str:
    from importlib.metadata import version

    return version(distribution)


def _read(text: Text) -> str:
    if not callable(text):
        return text
    try:
        return text() or ""
    except Exception:  # unreadable metadata: a version is not worth a failure
        return ""


class UnknownHook(AttributeError):
    """A hook called (``ctx.ask``, ``ctx.notify``, ``session.host.call``) that nobody declares:
    a misspelt name, or one declared by a plugin that is not loaded. The message names it."""


class _PluginManager(pluggy.PluginManager):
    """pluggy's, finding a module's hooks faster: pluggy reads each name of a module through
    ``inspect.getattr_static`` (so that a class's properties are not run), most of
    ``Host.load``'s work. A module's names are in its ``__dict__``, where nothing runs: a name
    that is no function (an imported module, a class, a constant) is no hook, and a plain
    function's marker is read from it, as pluggy would read them; anything else (a method, a
    class's names) is pluggy's to read and check as ever."""

    def __init__(self, project_name: str) -> None:
        super().__init__(project_name)
        # Each hook's implementations in the order they answer, kept until a plugin comes or
        # goes: a hook is called for every combatant and every character at each key, and
        # pluggy's list of them was copied and reversed at each call.
        self.answering: dict[str, tuple[Any, ...]] = {}

    def register(self, plugin: Any, name: str | None = None) -> str | None:
        self.answering.clear()
        return super().register(plugin, name)

    def unregister(self, plugin: Any = None, name: str | None = None) -> Any:
        self.answering.clear()
        return super().unregister(plugin, name)

    def add_hookspecs(self, module_or_class: Any) -> None:
        self.answering.clear()  # a registered plugin's implementations of the new hooks
        super().add_hookspecs(module_or_class)

    def parse_hookimpl_opts(self, plugin: Any, name: str) -> Any:
        opts = _module_marker(plugin, name, self.project_name + "_impl")
        return super().parse_hookimpl_opts(plugin, name) if opts is _PLUGGYS else opts

    def parse_hookspec_opts(self, module_or_class: Any, name: str) -> Any:
        opts = _module_marker(module_or_class, name, self.project_name + "_spec")
        return super().parse_hookspec_opts(module_or_class, name) if opts is _PLUGGYS else opts


_PLUGGYS = object()
"""What :func:`_module_marker` leaves to pluggy."""


def _module_marker(owner: Any, name: str, marker: str) -> Any:
    """The options a module's plain function is marked with (None when it is not, or when
    the name holds no function); :data:`_PLUGGYS` for a name pluggy must read itself."""
    if not isinstance(owner, ModuleType):
        return _PLUGGYS
    value = owner.__dict__.get(name)
    if isinstance(value, FunctionType):
        opts = getattr(value, marker, None)
        return opts if isinstance(opts, dict) else None
    return _PLUGGYS if isinstance(value, (MethodType, staticmethod, classmethod)) else None


class Host:
    def __init__(self, config: Config | None = None) -> None:
        self.config = config or Config()
        self.pm = _PluginManager(PROJECT)
        self.pm.add_hookspecs(hookspecs)
        self.plugins: dict[str, PluginRecord] = {}
        self.operations: dict[str, Operation] = {}
        self.screens: dict[str, ScreenSpec] = {}
        self.sections: dict[str, SectionSpec] = {}
        self.failure_listeners: list[Callable[[PluginRecord], None]] = []
        self.slow_listeners: list[Callable[[str], None]] = []
        """Told (in words, a Said) of a plugin's hook that took longer than the
        ``slow_hook_seconds`` setting: the first time for each plugin's hook."""
        self.slow_hooks: dict[tuple[str, str], float] = {}  # (plugin, hook): slowest seconds
        self.failures: list[PluginRecord] = []  # every switch-off, in order (Store.apply reads it)
        self.keymap: dict[str, str] = {}
        """``[keys]`` as the console applies it (:func:`global_keys.kept_remaps`)."""
        self.keymap_notes: list[Said] = []
        """Why an entry of ``[keys]`` was not applied: said once the console starts."""
        self.declared_hooks: dict[str, str] = {}  # hook name → the plugin that declared it
        self.trace = os.environ.get(TRACE_VARIABLE, "") not in ("", "0")
        """Log every hook call (:data:`trace`)."""
        self.debug = False
        """``gm-console --debug``: a plugin switched off is said with its traceback."""
        # plugin name → the folder of its labels and help files, and their names' prefix
        self.text_homes: dict[str, tuple[Path, str]] = {}

    # -- loading ------------------------------------------------------------------------------

    def load(self) -> Host:
        """Register the core, the installed plugins, then loose files; collect contributions.

        Two passes: every plugin is imported first and the hooks it declares for others
        (``hookspecs``) are added, so a plugin may implement a hook declared by one that
        loads after it; then each is registered and checked."""
        plugin_output.install()
        self._register(CORE, importlib.import_module(CORE_MODULE), installed,
                       "built into gm-console")
        settings = self.config.settings.get("plugins", {})
        enabled = settings.get("enabled", "all")
        disabled = set(settings.get("disabled", []))
        chosen = os.environ.get(CHOICE_VARIABLE)
        if chosen is not None:  # for this run, instead of the settings' choice
            enabled = [name.strip() for name in chosen.split(",") if name.strip()]
            disabled = set()
        found = list(self._discover(settings.get("folders", [])))
        if chosen is not None:
            _check_chosen(enabled, [name for name, *_ in found])
        imported: list[tuple[str, Any, Text, str]] = []
        for name, version, source, load in found:
            if name in self.plugins or any(name == other for other, *_ in imported):
                self.plugins.setdefault(f"{name} ({source})", PluginRecord(
                    name, version, source, "failed", f"another plugin is already named {name!r}"))
                continue
            if name in disabled or (enabled != "all" and name not in enabled):
                self.plugins[name] = PluginRecord(
                    name, version, source, "disabled", f"not in {CHOICE_VARIABLE}"
                    if chosen is not None else "switched off in settings")
                continue
            try:
                with plugin_output.speaking(name):
                    module = _contained(load)
                _check_api(module)
                self._declare_hooks(name, module)
            except Exception as exc:  # a broken plugin must not take the console down
                cause = exc.__cause__ or exc
                self.plugins[name] = PluginRecord(
                    name, version, source, "failed", _at(str(exc), cause, _folder_of_source(
                        source)), traceback=_traceback(cause))
                log.error("plugin %s failed to load: %s\n%s", name, exc, _traceback(cause))
                continue
            imported.append((name, module, version, source))
        for name, module, version, source in imported:
            plugin_output.adopt(getattr(module, "__package__", None) or module.__name__)
            self._register(name, module, version, source)
        self._collect()
        self._check_screen_keys()
        self._check_conditions()
        return self

    def _check_screen_keys(self) -> None:
        """A plugin screen given as its class binding a key the app keeps on every screen, as
        the user's ``[keys]`` set them (dice moved to ``g``: its ``g``), would hide the app's
        action there: its plugin is switched off, by name. A screen its factory makes is
        checked when it is first opened (the console's app)."""
        self.keymap, self.keymap_notes = kept_remaps(self.config.keys(), {
            spec.id: spec.factory for spec in self.screens.values()
            if isinstance(spec.factory, type)})
        for note in self.keymap_notes:
            log.warning("%s", note)
        for spec in list(self.screens.values()):
            clash = self.key_clash(spec.factory, spec.id) if isinstance(spec.factory, type) \
                else ""
            if clash and spec.id in self.screens:
                self.fail(spec.plugin, clash)

    def keep_screen_keys(self, screen: type, screen_id: str) -> list[Said]:
        """A screen made only when first opened: the moves of ``[keys]`` onto one of its keys
        are not applied from now on (:func:`global_keys.kept_remaps`); why, for each."""
        self.keymap, notes = kept_remaps(self.keymap, {screen_id: screen})
        self.keymap_notes += notes
        return notes

    def key_clash(self, screen: type, screen_id: str) -> str:
        """Why the plugin screen ``screen_id`` of class ``screen`` binds a key the app keeps on
        every screen as ``[keys]`` put them (:func:`global_keys.screen_clash`), or ""."""
        return screen_clash(screen, screen_id, self.keymap, self.screens)

    def _check_conditions(self) -> None:
        """config/conditions.toml, the bundled file and the user's, checked once at load: an
        effect misspelt, or a scope no list holds, would otherwise change no roll, silently.
        ConfigError names the file and the line of the table it is in."""
        table = self.config.table("conditions")
        problems = cond.table_problems(table)
        if problems:
            keys, problem = problems[0]
            raise ConfigError(f"{self.config.where('conditions', *keys)}: {problem}")

    def _declare_hooks(self, name: str, module: Any) -> None:
        """Add the hooks a plugin declares for others (its ``hookspecs`` attribute: a module or
        class of functions marked with :data:`gm_console.hookspec`)."""
        declared = getattr(module, "hookspecs", None)
        if declared is None:
            return
        taken = set(self._hook_names())
        names = [n for n in dir(declared) if hasattr(getattr(declared, n), "gm_console_spec")]
        clashes = sorted(taken & set(names))
        if clashes:
            raise ValueError(f"declares hook {clashes[0]!r}, which already exists")
        if not names:
            raise ValueError("has a 'hookspecs' attribute with no @hookspec function in it")
        self.pm.add_hookspecs(declared)
        self.declared_hooks.update(dict.fromkeys(names, name))

    def _discover(self, folders: list[str]) -> Iterator[tuple[str, Text, str,
                                                              Callable[[], Any]]]:
        for found in plugin_index.entry_points(ENTRY_POINT_GROUP):
            if not found.distribution:
                yield found.name, "", "entry point", plugin_index.loader(found.value)
                continue
            yield (found.name, functools.partial(_installed_version, found.distribution),
                   f"entry point of {found.distribution}", plugin_index.loader(found.value))
        for folder in folders:
            for path in sorted(Path(folder).expanduser().glob("*.py")):
                if not path.name.startswith("_"):
                    yield path.stem, "local", str(path), functools.partial(_import_file, path)

    def _register(self, name: str, module: Any, version: Text, source: str) -> None:
        record = PluginRecord(name, lambda: _read(version) or getattr(module, "__version__", ""),
                              source)
        self.plugins[name] = record
        try:
            self.pm.register(module, name=name)
        except pluggy.PluginValidationError as exc:
            record.status, record.error = "failed", f"invalid hook implementation: {exc}"
            return
        callers = self.pm.get_hookcallers(module) or []  # (pluggy walks every hook for it)
        # optionalhook=True: a hook another plugin declares, which may not be loaded (pluggy's
        # marker; the implementation then simply goes uncalled)
        unknown = [hc.name for hc in callers
                   if not hc.has_spec() and not all(impl.optionalhook for impl in
                                                    hc.get_hookimpls() if impl.plugin is module)]
        if unknown:
            # Be pytest, not datasette: a misspelled hook is an error, not a silent no-op.
            hints = [f"{u!r}" + did_you_mean(u, self._hook_names()) for u in unknown]
            self.pm.unregister(module)
            record.status = "failed"
            record.error = "implements " + ", ".join(hints) + ", which is not a gm-console hook"
            return
        wrappers = sorted(impl.function.__name__ for hc in callers
                          for impl in hc.get_hookimpls()
                          if impl.plugin is module and (impl.wrapper or impl.hookwrapper))
        if wrappers:
            # The host calls each implementation on its own (so one that raises is switched off
            # alone): there is no call for a wrapper to wrap. Say so rather than take its
            # generator for an answer.
            self.pm.unregister(module)
            record.status = "failed"
            record.error = (f"{', '.join(wrappers)} is a wrapper (wrapper=True or hookwrapper=True);"
                            " gm-console calls each implementation on its own and has no wrappers:"
                            " write a plain @hookimpl")
            return
        self.config.add_plugin_folder(name, _folder_of(module))
        home = catalogue.home_of(getattr(module, "__file__", None))
        if home is not None:
            self.text_homes[name] = home
        record.hooks = sorted(hc.name for hc in callers)

    def _hook_names(self) -> list[str]:
        return [n for n in dir(hookspecs) if not n.startswith("_")
                and hasattr(getattr(hookspecs, n), "gm_console_spec")] + list(self.declared_hooks)

    def _collect(self) -> None:
        def owned(kind: str, store: dict[str, Any], attr: str,
                  check: Callable[[Any], None]) -> Callable[[str], Callable]:
            def make(plugin: str) -> Callable[[Any], None]:
                def register(item: Any) -> None:
                    key = getattr(item, attr)
                    if key in store:
                        raise ValueError(f"{kind} {key!r} is already registered by "
                                         f"{store[key].plugin!r}")
                    check(item)
                    store[key] = replace(item, plugin=plugin)
                return register
            return make

        for hook, make in (
            ("register_operations", owned("operation", self.operations, "name",
                                          sound_operation)),
            ("register_screens", owned("screen", self.screens, "id", sound_screen)),
            ("register_sections", owned("section", self.sections, "name", sound_section)),
        ):
            for impl in self._impls(hook):
                self._invoke(impl, {"register": make(impl.plugin_name)})

    # -- calling hooks ------------------------------------------------------------------------

    def _impls(self, hook: str) -> tuple[Any, ...]:
        kept = self.pm.answering.get(hook)
        if kept is not None:
            return kept
        caller = getattr(self.pm.hook, hook, None)
        if caller is None:  # neither the host nor a loaded plugin declares it
            raise UnknownHook(say("no hook {hook}{hint}: gm-console plugins --hooks lists "
                                  "every hook, the host's and those the loaded plugins declare",
                                  hook=repr(hook), hint=did_you_mean(hook, self._hook_names())))
        # pluggy calls the last registered first; keep its order.
        found = self.pm.answering[hook] = tuple(reversed(caller.get_hookimpls()))
        return found

    def _invoke(self, impl: Any, kwargs: dict[str, Any]) -> Any:
        started = time.monotonic()
        try:
            with plugin_output.speaking(impl.plugin_name):
                return impl.function(**{k: kwargs[k] for k in impl.argnames if k in kwargs})
        except Refused:
            raise
        except (Exception, SystemExit) as exc:
            where = _where(exc, _folder_of(self.pm.get_plugin(impl.plugin_name)))
            self.fail(impl.plugin_name, say("{hook} raised {error} ({where})",
                                            hook=impl.function.__name__, error=_short(exc),
                                            where=where) if where else
                      say("{hook} raised {error}", hook=impl.function.__name__,
                          error=_short(exc)), traceback.format_exc())
            return None
        finally:
            took = time.monotonic() - started
            if self.trace:
                trace.info("hook %s of %s: %.3f ms", impl.function.__name__, impl.plugin_name,
                           took * 1000)
            if took > self.config.slow_hook_seconds:
                self._slow(impl.plugin_name, impl.function.__name__, took)

    def _slow(self, plugin: str, hook: str, took: float) -> None:
        """Name a hook that held the console up: in the log each time, to the listeners (the
        console's notice) the first time for each plugin's hook, not at every redraw."""
        message = say("plugin {plugin}: hook {hook} took {seconds} s", plugin=plugin, hook=hook,
                      seconds=f"{took:.1f}")
        log.warning("%s", message)
        first = (plugin, hook) not in self.slow_hooks
        self.slow_hooks[(plugin, hook)] = max(took, self.slow_hooks.get((plugin, hook), 0.0))
        if first:
            for listener in self.slow_listeners:
                listener(message)

    def _answer(self, hook: str, impl: Any, kwargs: dict[str, Any]) -> Any:
        """The plugin's answer if it has the shape the hook declares; else the plugin is
        switched off (by its own name, not whoever reads the answer next) and None."""
        value = self._invoke(impl, kwargs)
        shape = _SHAPES.get(hook)
        if value is None or shape is None or shape[0](value):
            return value
        self.fail(impl.plugin_name, say("{hook} returned {value}, not {shape}", hook=hook,
                                        value=_preview(value), shape=shape[1]))
        return None

    def call_each(self, hook: str, **kwargs: Any) -> list[tuple[str, Any]]:
        """(plugin name, answer) for every plugin that answered; one that raises or answers
        nonsense is switched off and left out.

        ``labels`` and ``help_text`` are answered by each plugin's files too
        (:mod:`gm_console.text.catalogue`): a plugin's file first, then its hook's answer,
        which a reader takes over the file's (the translator updates its table in this order,
        the help screen keeps the last text of each plugin)."""
        filed = self._filed(hook, str(kwargs.get("language", "en"))) if hook in _FILED else []
        results = []
        for impl in self._impls(hook):
            value = self._answer(hook, impl, kwargs)
            if value is not None:
                results.append((impl.plugin_name, value))
        if not filed:
            return results
        answered: dict[str, list[Any]] = {}
        for name, value in results:
            answered.setdefault(name, []).append(value)
        files = dict(filed)
        ordered = []
        for name in reversed(self.plugins):  # the order their hooks answer in (_impls)
            if name in files:
                ordered.append((name, files[name]))
            ordered += [(name, value) for value in answered.pop(name, [])]
        return ordered + [(name, value) for name, values in answered.items() for value in values]

    def _filed(self, hook: str, language: str) -> list[tuple[str, Any]]:
        """What the loaded plugins' labels or help files say in ``language``; a plugin whose
        file cannot be read is switched off, with the file and what is wrong."""
        found = []
        for name, home in list(self.text_homes.items()):
            record = self.plugins.get(name)
            if record is None or record.status != "loaded":
                continue
            try:
                value: Any = (catalogue.plugin_help(home, language) if hook == "help_text"
                              else {} if language == "en"
                              else catalogue.read_labels(catalogue.labels_path(home, language)))
            except catalogue.CatalogueError as exc:
                self.fail(name, str(exc))
                continue
            if value:
                found.append((name, value))
        return found

    def filed_by(self, hook: str) -> set[str]:
        """The loaded plugins whose files answer ``hook`` (``labels``, ``help_text``)."""
        return {name for name, home in self.text_homes.items()
                if self.plugins.get(name) is not None and self.plugins[name].status == "loaded"
                and hook in catalogue.filed_hooks(home)}

    def call(self, hook: str, **kwargs: Any) -> list[Any]:
        """Every plugin's answer (None answers left out)."""
        return [value for _, value in self.call_each(hook, **kwargs)]

    def call_of(self, plugin: str, hook: str, **kwargs: Any) -> list[Any]:
        """One plugin's answers to ``hook`` (None left out), the others not asked: what a
        screen showing that plugin's values needs (not for ``labels`` and ``help_text``,
        which files answer too: :meth:`call_each`)."""
        return [value for impl in self._impls(hook) if impl.plugin_name == plugin
                for value in (self._answer(hook, impl, kwargs),) if value is not None]

    def call_first(self, hook: str, **kwargs: Any) -> Any:
        for impl in self._impls(hook):
            value = self._answer(hook, impl, kwargs)
            if value is not None:
                return value
        return None

    def fail(self, plugin: str, error: str, detail: str = "") -> None:
        """Switch a plugin off after it raised: its hooks, operations and screens go away; its
        table in the session stays, untouched, and is saved as it was."""
        if plugin == CORE:
            raise RuntimeError(f"the core raised: {error}\n{detail}")
        record = self.plugins.get(plugin)
        module = self.pm.get_plugin(plugin)
        if module is not None:
            self.pm.unregister(module)
        for registry in (self.operations, self.screens, self.sections):
            for key in [k for k, v in registry.items() if v.plugin == plugin]:
                del registry[key]
        log.error("plugin %s switched off: %s\n%s", plugin, error, detail)
        if record is not None:
            record.status, record.error, record.traceback = "failed", error, detail
            self.failures.append(record)
            for listener in self.failure_listeners:
                listener(record)

    # -- operations ---------------------------------------------------------------------------

    def operation(self, name: str) -> Operation:
        if name not in self.operations:
            close = difflib.get_close_matches(name, list(self.operations), n=1)
            raise Refused(say("unknown operation {name!r} (did you mean {close!r}?) (gm-console "
                              "ops lists them)", name=name, close=close[0]) if close else
                          say("unknown operation {name!r} (gm-console ops lists them)",
                              name=name))
        return self.operations[name]

    def run_operation(self, ctx: Any, name: str, raw: dict[str, Any]) -> Result:
        """Check and apply one operation inside ``ctx``; the journal gets its line first."""
        op = self.operation(name)
        params = op.coerce(raw)
        first_line, started = len(ctx.journal_lines), ctx.now()
        try:
            with plugin_output.speaking(op.plugin):
                reason = op.check(ctx, params) if op.check else None
                if reason:
                    raise Refused(reason)
                outcome = op.apply(ctx, params)
        except Refused:
            raise
        except ConfigError as exc:  # the user's rule file (it names itself and the line), not
            raise Refused(say("{name}: {error}", name=name, error=str(exc))) from None  # a bug
        except Exception as exc:
            where = _where(exc, _folder_of(self.pm.get_plugin(op.plugin)))
            self.fail(op.plugin, say("operation {name} raised {error} ({where})", name=name,
                                     error=_short(exc), where=where) if where else
                      say("operation {name} raised {error}", name=name, error=_short(exc)),
                      traceback.format_exc())
            raise Refused(say("{name} failed inside plugin {plugin!r} ({error}); the plugin is "
                              "switched off and nothing was changed", name=name,
                              plugin=op.plugin, error=_short(exc))) from exc
        result = outcome if isinstance(outcome, Result) else \
            Result(outcome if isinstance(outcome, str) and outcome else str(outcome or name))
        ctx.touch(name.split(".", 1)[0], *([op.plugin] if op.plugin != CORE else []))
        if op.journal:
            # The operation's own line comes first and carries the time it began at.
            ctx.journal_lines.insert(first_line, {**started, "kind": op.journal_kind,
                                                  "text": str(result.message),
                                                  **stored(result.message),
                                                  "who": list(result.who)})
        return result


def _check_chosen(chosen: list[str], found: list[str]) -> None:
    """Every name of GM_CONSOLE_PLUGINS must be a plugin found (installed, built in, or a
    loose file): a typo would otherwise quietly load less than asked."""
    unknown = [name for name in chosen if name not in found and name != CORE]
    if unknown:
        raise ConfigError(f"{CHOICE_VARIABLE}={','.join(chosen)}: no plugin named "
                          f"{unknown[0]!r}{did_you_mean(unknown[0], found)} (plugins: "
                          f"{', '.join(sorted(set(found)))})")


def _contained(load: Callable[[], Any]) -> Any:
    """Import a plugin; one that raises, or calls ``sys.exit`` at import, fails alone (the
    error's cause is what it raised: its file and line, its traceback)."""
    try:
        return load()
    except (Exception, SystemExit) as exc:
        raise ValueError(f"import failed: {_short(exc)}") from exc


def _traceback(exc: BaseException) -> str:
    return "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))


_HOST_FOLDERS = tuple(str(folder) + os.sep for folder in (
    *(Path(module.__file__).parent for module in (pluggy, importlib) if module.__file__),
    Path(__file__).parent.parent))  # (gm_console/, not gm_console_plugins/ beside it)
"""The host's own code and what loads plugins: never where a plugin failed."""


def _where(exc: BaseException, folder: Path | None) -> str:
    """The file and line a plugin failed at: a syntax error's own, else the innermost frame
    of the traceback in the plugin's folder (when it is known), else the innermost that is
    not the host's; "" when none is."""
    if isinstance(exc, SyntaxError) and exc.filename:
        return f"{exc.filename}, line {exc.lineno}"
    frames = traceback.extract_tb(exc.__traceback__)
    mine = [f for f in frames if folder is not None
            and f.filename.startswith(str(folder) + os.sep)] or \
        [f for f in frames if not f.filename.startswith(_HOST_FOLDERS + ("<",))]
    return f"{mine[-1].filename}, line {mine[-1].lineno}" if mine else ""


def _at(error: str, exc: BaseException, folder: Path | None) -> str:
    where = _where(exc, folder)
    return f"{error} ({where})" if where else error


def _folder_of_source(source: str) -> Path | None:
    """A loose file's folder (its source is its path); None for an entry point."""
    path = Path(source)
    return path.parent if path.suffix == ".py" else None


def _check_api(module: Any) -> None:
    """A plugin built for a newer plugin API than this console provides is refused by name."""
    wanted = getattr(module, "GM_CONSOLE_API", API_VERSION)
    if not isinstance(wanted, int) or isinstance(wanted, bool) or wanted < 1:
        raise ValueError(f"GM_CONSOLE_API = {wanted!r}: it should be a whole number, the plugin "
                         f"API version the plugin was built for (this console: {API_VERSION})")
    if wanted > API_VERSION:
        raise ValueError(f"built for gm-console plugin API {wanted}; this gm-console "
                         f"({installed()}) provides API {API_VERSION}: "
                         "upgrade gm-console")


def _folder_of(module: Any) -> Path | None:
    """Where a plugin's own files are: its package folder, or the folder of its loose file."""
    where = getattr(module, "__file__", None)
    return Path(where).parent if where else None


def _import_file(path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"gm_console_local_{path.stem}", path)
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot load {path}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _short(exc: BaseException) -> str:
    if isinstance(exc, SystemExit):
        return f"called sys.exit({exc.code!r})"
    if isinstance(exc, SyntaxError):  # (its file and line are said beside it: _where)
        return f"SyntaxError: {exc.msg}"
    return f"{type(exc).__name__}: {exc}"


def _preview(value: Any) -> str:
    text = repr(value)
    return f"{type(value).__name__} {text[:60]}{'...' if len(text) > 60 else ''}"


def _text_table(value: Any) -> bool:
    return isinstance(value, dict) and all(isinstance(k, str) and isinstance(v, str)
                                           for k, v in value.items())


def _named_values(value: Any) -> bool:
    return isinstance(value, dict) and all(isinstance(k, str) for k in value)


def _speed_steps(value: Any) -> bool:
    return isinstance(value, list) and all(
        isinstance(step, SpeedStep) and isinstance(step.value, (int, float))
        and not isinstance(step.value, bool) for step in value)


def _conditions(value: Any) -> bool:
    return isinstance(value, list) and all(
        isinstance(entry, dict) and isinstance(entry.get("name"), str) for entry in value)


def _turn(value: Any) -> bool:
    return (isinstance(value, dict) and isinstance(value.get("turn"), str)
            and isinstance(value.get("round"), int) and not isinstance(value["round"], bool))


_FILED = frozenset({"labels", "help_text"})
"""The hooks the plugins' data files answer as well (:meth:`Host.call_each`)."""


# What each hook's answer must look like (hookspecs.py), checked before anyone reads it.
_SHAPES: dict[str, tuple[Callable[[Any], bool], str]] = {
    "help_text": (lambda v: isinstance(v, str), say("text")),
    "labels": (_text_table, say("a table of text")),
    "speed_steps": (_speed_steps, say("a list of SpeedStep")),
    "character_derived": (_named_values, say("a table of named values")),
    "session_derived": (_named_values, say("a table of named values")),
    "party_columns": (_text_table, say("a table of text")),
    "current_terrain": (_named_values, say("a table of named values")),
    "spend_movement": (_named_values, say("a table of named values")),
    "travel_factors": (lambda v: isinstance(v, list), say("a list of factors")),
    "character_rest_refused": (lambda v: isinstance(v, str), say("text")),
    "character_conditions": (_conditions,
                             say("a list of conditions, each a table with a name")),
    "current_turn": (_turn, say("a table with the round and whose turn it is")),
}


