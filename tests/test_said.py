"""Rules' sentences in the reader's language: templates, the journal on disk, the live wire,
and a meta-check that every sentence the code says has its French."""

from __future__ import annotations

import ast
import string
from pathlib import Path
from typing import Any

import pytest

from gm_console.contract.operations import Operation, Refused
from gm_console.files import codec
from gm_console.host.manager import Host
from gm_console.state.store import Outcome, Store
from gm_console.text.i18n import Translator
from gm_console.text.said import Said, restored, say, stored

ROOT = Path(__file__).resolve().parent.parent


def french(extra: dict[str, str] | None = None) -> Translator:
    t = Translator("fr")
    t.table.update(extra or {})
    return t


def test_a_sentence_is_its_english_and_keeps_its_template() -> None:
    said = say("{name} walks {km} km", name="Aria", km=12.5)
    assert said == "Aria walks 12.5 km" and isinstance(said, str)
    assert said.template == "{name} walks {km} km"
    assert Translator("en")(said) == "Aria walks 12.5 km"


def test_french_fills_its_own_template_with_decimal_commas_and_nested_words() -> None:
    t = french({"{name} walks {km} km at a {pace} pace": "{name} marche {km} km à allure {pace}",
                "fast": "rapide"})
    said = say("{name} walks {km} km at a {pace} pace", name="Aria", km=12.5, pace=say("fast"))
    assert t(said) == "Aria marche 12,5 km à allure rapide"
    assert t(say("{n:,} lines", n=12000)) == "12,000 lines"  # no French: English as said


def test_a_french_template_with_other_fields_falls_back_to_english() -> None:
    t = french({"{name} rests": "{nom} se repose"})
    assert t(say("{name} rests", name="Aria")) == "Aria rests"


def test_a_journal_line_reads_in_french_after_a_save_and_a_load() -> None:
    host = Host()
    host.load()
    store = Store({"characters": [{"name": "Aria", "max_hit_points": 10, "hit_points": 10}]},
                  host)
    assert store.apply("hp.damage", {"character": "Aria", "amount": 3}).ok
    line = codec.parse(codec.dumps(store.state), "s.toml")["journal"][-1]
    english = Translator("en").line(line)
    assert english == line["text"] and "3" in english
    said = Translator("fr", host).line(line)
    assert said != english and "3" in said


def test_a_hostile_template_in_a_file_is_never_formatted() -> None:
    # Looked up in the reader's table, not found: the line's text as it is.
    line = {"text": "plain", "said": {"template": "{v.__class__.__mro__}", "values": {"v": 1}}}
    assert french().line(line) == "plain"
    # A known template with values that do not fit it: its text, not a crash.
    t = french({"{name} rests": "{name} se repose"})
    assert t.line({"text": "Aria rests", "said": {"template": "{name} rests",
                                                  "values": {"who": "Aria"}}}) == "Aria rests"
    assert t.line({"text": "Aria rests", "said": {"template": "{name} rests",
                                                  "values": {"name": "Aria"}}}) == "Aria se repose"
    for kept in ({"template": 3}, {"template": "{a}", "values": {"a": [1, 2]}},
                 {"template": "{a}", "values": {"a": {"template": "x"}}}, "text", None):
        assert restored("plain", kept) == "plain" and not isinstance(restored("plain", kept),
                                                                       Said)


def test_an_outcome_keeps_its_template_across_the_wire_and_a_copy() -> None:
    import copy
    import json

    refused = Outcome(False, "x", reason=say("{who} cannot act", who="Aria"))
    back = Outcome.from_dict(json.loads(json.dumps(refused.as_dict())))
    assert back.reason == "Aria cannot act" and back.reason.template == "{who} cannot act"
    assert copy.deepcopy(say("{a} b", a=1)).template == "{a} b"
    assert stored("plain") == {} and stored(say("no values")) == {}


def test_a_refusal_said_by_a_rule_reaches_the_outcome_with_its_template() -> None:
    def apply(ctx: Any, params: dict[str, Any]) -> str:
        raise Refused(say("{who} is too tired", who="Aria"))

    host = Host()
    host.load()
    host.operations["test.tired"] = Operation("test.tired", "", apply)
    outcome = Store({}, host).apply("test.tired")
    assert not outcome.ok and outcome.reason.template == "{who} is too tired"


# -- every sentence has its French ---------------------------------------------------------------

SOURCES = sorted([*ROOT.glob("gm_console/**/*.py"), *ROOT.glob("gm_console_plugins/**/*.py")])


def _said_templates() -> list[tuple[str, str]]:
    found = []
    for source in SOURCES:
        for node in ast.walk(ast.parse(source.read_text())):
            if isinstance(node, ast.Call) and _named(node.func) == "say" and node.args:
                first = node.args[0]
                where = f"{source.relative_to(ROOT)}:{node.lineno}"
                assert isinstance(first, ast.Constant) and isinstance(first.value, str), \
                    f"{where}: say() needs its template written out (it is a translation key)"
                found.append((where, first.value))
    return found


def _named(func: ast.expr) -> str:
    return func.id if isinstance(func, ast.Name) else \
        func.attr if isinstance(func, ast.Attribute) else ""


def _fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


@pytest.fixture(scope="module")
def french_table() -> dict[str, str]:
    host = Host()
    host.load()
    return Translator("fr", host).table


def test_every_sentence_said_has_its_french_with_the_same_fields(
        french_table: dict[str, str]) -> None:
    missing = [f"{where}: {template!r}" for where, template in _said_templates()
               if template not in french_table]
    assert not missing, "no French for:\n" + "\n".join(missing)
    wrong = [f"{where}: {template!r} → {french_table[template]!r}"
             for where, template in _said_templates()
             if _fields(french_table[template]) != _fields(template)]
    assert not wrong, "French with other fields:\n" + "\n".join(wrong)


def test_every_journal_kind_has_its_french(french_table: dict[str, str]) -> None:
    host = Host()
    host.load()
    kinds = {op.journal_kind for op in host.operations.values() if op.journal}
    for source in SOURCES:  # kinds of the lines operations add: journal(..., kind="roll")
        for node in ast.walk(ast.parse(source.read_text())):
            if isinstance(node, ast.Call) and _named(node.func) == "journal":
                kinds |= {k.value.value for k in node.keywords if k.arg == "kind"
                          and isinstance(k.value, ast.Constant)}
    missing = sorted(kinds - set(french_table))
    assert not missing, f"journal kinds without French: {missing}"


def _unsaid(source: Path) -> list[str]:
    """Sentences written straight into a refusal, a journal line or a result: in English
    only, whatever the reader's language."""
    found = []
    for node in ast.walk(ast.parse(source.read_text())):
        if isinstance(node, ast.Call) and _named(node.func) in ("Refused", "journal", "Result") \
                and node.args and isinstance(node.args[0], (ast.JoinedStr, ast.Constant)) \
                and isinstance(getattr(node.args[0], "value", ""), str):
            found.append(f"{source.relative_to(ROOT)}:{node.lineno}")
    return found


@pytest.mark.parametrize("area", ["gm_console", *sorted(
    p.name for p in (ROOT / "gm_console_plugins").iterdir()
    if p.is_dir() and p.name != "__pycache__")])
def test_rules_say_their_sentences_through_say(area: str) -> None:
    folder = ROOT / area if area == "gm_console" else ROOT / "gm_console_plugins" / area
    unsaid = [where for source in sorted(folder.rglob("*.py")) for where in _unsaid(source)]
    assert not unsaid, "write these with say(...):\n" + "\n".join(unsaid)


# -- the host's own sentences, in French -----------------------------------------------------


def test_the_hosts_operations_say_their_journal_lines_and_refusals_in_french(store) -> None:
    t = Translator("fr", store.host)
    assert store.apply("clock.advance", {"hours": 1.5}).ok
    assert t.line(store.state["journal"][-1]) == "le temps passe : 1 h 30 min → Jour 1, 09:30"
    assert store.apply("character.set", {"character": "Aria", "field": "bulky",
                                         "value": "yes"}).ok
    line = store.state["journal"][-1]
    assert line["text"] == "Aria: bulky from no to yes"
    assert t.line(line) == "Aria : encombrant passe de non à oui"
    assert store.apply("rest.long", {}).ok
    assert t.line(store.state["journal"][-1]) == "repos long de 8 h"
    refused = store.apply("character.set", {"character": "Aria", "field": "strength",
                                            "value": "26"})
    assert refused.reason == "Strength must be from 1 to 25, not 26"
    assert t(refused.reason) == "la Force doit être de 1 à 25, pas 26"
    assert t(store.apply("hp.damage", {"character": "Nobody", "amount": 2}).reason) == \
        "aucun personnage ni créature nommé 'Nobody' (connus : Aria, Bram)"
    assert t(store.apply("dice.roll", {"expression": "3x"}).reason).startswith(
        "'3x' n'est pas une notation de dés : ")


def test_a_condition_and_its_end_are_said_in_french_and_survive_undo(store) -> None:
    t = Translator("fr", store.host)
    assert store.apply("condition.add", {"character": "Aria", "condition": "prone",
                                         "minutes": 10}).ok
    assert t.line(store.state["journal"][-1]) == \
        "Aria est à terre, jusqu'au jour 1, 08:10"  # added in English, read in French
    assert store.apply("clock.advance", {"minutes": 15}).ok
    ended = [line for line in store.state["journal"] if line["kind"] == "condition"][-1]
    assert t.line(ended) == "Aria : à terre prend fin (jusqu'au jour 1, 08:10 : le temps " \
                            "est écoulé)"
    # undo's snapshot keeps the sentences said inside another one (a joined one too)
    assert store.apply("character.set", {"character": "Aria", "field": "exhaustion",
                                         "value": "3"}).ok
    assert store.apply("condition.add", {"character": "Aria", "condition": "stunned",
                                         "save_dc": 12}).ok
    assert store.apply("condition.save", {"character": "Aria", "condition": "stunned"}).ok
    [request] = store.state["rolls"]["pending"]
    assert request["title"].startswith("Constitution save DC 12 to end stunned (disadvantage: "
                                       "exhaustion 3 (")
    # the condition's label in the reader's language, the exhaustion's name and effect too
    # (written in English, they were read in English), and French that reads as French
    # ("pour mettre fin à étourdi" ended an adjective)
    assert t(request["title"]) == (
        "sauvegarde de Constitution DD 12 pour mettre fin à l'état étourdi (désavantage : "
        "épuisement 3 (désavantage aux jets d'attaque et de sauvegarde))")
    assert t.line(store.state["journal"][-1]) == \
        "Aria : sauvegarde demandée pour mettre fin à l'état étourdi"
    refused = store.apply("condition.save", {"character": "Aria", "condition": "cursed"})
    assert t(refused.reason) == "Aria n'a pas d'état 'cursed' ajouté à la main"


def test_an_armour_put_on_in_english_is_named_in_french(store) -> None:
    """The editor's armour change reads in the reader's language, the armour too (the
    table's French name: "armure passe d'aucune à chain mail" before); a name of the GM's
    own, braces and all, as typed."""
    t = Translator("fr", store.host)
    for value in ("none", "chain mail", "{odd} mail"):
        assert store.apply("character.set", {"character": "Aria", "field": "armour",
                                             "value": value}).ok
    lines = [t.line(line) for line in store.state["journal"][-3:]]
    assert lines[1:] == ["Aria : armure passe d'aucune à cotte de mailles",
                         "Aria : armure passe de cotte de mailles à {odd} mail"], lines
    assert Translator("en", store.host).line(store.state["journal"][-2]) == \
        "Aria: armour from none to chain mail"


def test_a_condition_added_in_english_is_named_in_french_in_the_journal_and_export(
        store) -> None:
    from gm_console.files.journal import to_markdown

    assert store.apply("condition.add", {"character": "Aria", "condition": "stunned",
                                         "rounds": 2}).ok
    # read back from the file, as a console in French opens a session played in English
    lines = codec.parse(codec.dumps(store.state), "s.toml")["journal"]
    [added] = [line for line in lines if line["kind"] == "condition"]
    assert added["text"].startswith("Aria is stunned, ")
    assert added["said"]["values"]["condition"]["values"]["key"] == "stunned"
    french_reader = Translator("fr", store.host)
    assert french_reader.line(added).startswith("Aria est étourdi, ")
    assert Translator("en", store.host).line(added).startswith("Aria is stunned, ")
    exported = to_markdown("Evening", lines, french_reader)
    assert "Aria est étourdi, " in exported and "stunned" not in exported


def test_a_condition_of_the_game_masters_own_table_keeps_its_french_label() -> None:
    from gm_console.rules.conditions import name_of

    table = {"bleeding": {"label": "bleeding", "label_fr": "saignant"}}
    kept = stored(say("{name} is {condition}", name="Aria",
                      condition=name_of("bleeding", table)))
    said = restored("Aria is bleeding", kept["said"])
    assert french({"{name} is {condition}": "{name} est {condition}"})(said) == \
        "Aria est saignant"
    unknown = name_of("hexed", {})  # no label in any language: its name, as typed
    assert french()(unknown) == "hexed" and unknown == "hexed"


def test_the_speeds_steps_say_themselves_in_french_with_decimal_commas(store) -> None:
    t = Translator("fr", store.host)
    speed = store.session.speed(store.session.character("Aria"))
    last = speed.steps[-1]
    assert last.startswith("= ") and "m per round (× 0.75 m per mv)" in last
    assert t(last).endswith("m par round (× 0,75 m par mv)")


def test_a_hidden_private_value_leaves_no_trace_even_when_quoted_escaped() -> None:
    from gm_console.rules import privacy
    from gm_console.text.said import hidden, private

    secret = private("it's\nhers", "Aria")
    plain = say("{name}: notes → {value}", name="Aria", value=secret)
    quoted = say("{who!r} has no roll in {title!r}", who="Aria", title=secret)
    nested = say("undone: {message} ({actor}'s {op})", message=plain, actor="gm", op="x")
    cut = say("{name} wrote {value:.6}", name="Aria", value=secret)
    for sentence in (plain, quoted, nested, cut):
        assert stored(sentence)["private"] == ["Aria"]
        shown = hidden(sentence, privacy.nobody_may_see)
        assert "it's" not in shown and "it's" not in str(stored(shown))
        assert "private" not in stored(shown)
        assert hidden(sentence, privacy.seer("aria")) is sentence  # her own: in full
    assert hidden(plain, privacy.nobody_may_see) == "Aria: notes → (private)"
    assert hidden(quoted, privacy.nobody_may_see) == "'Aria' has no roll in (private)"
    assert hidden(cut, privacy.nobody_may_see) == "(a private change)"  # not found as said


def test_a_private_value_says_what_it_says_instead_even_read_back_from_a_file() -> None:
    from gm_console.rules import privacy
    from gm_console.text.said import hidden, private

    figures = say("hit points {before} → {after}", before=11, after=5)
    sentence = say("{name} takes {amount} damage: {steps}", name="Goblin", amount=6,
                   steps=private(figures, privacy.GM_ALONE, instead=say("bloodied")))
    line = {"text": str(sentence), **stored(sentence)}
    assert line["private"] == [privacy.GM_ALONE]
    again = restored(line["text"], line["said"])  # as a journal line is read from a file
    assert isinstance(again, Said)
    for reader in (privacy.nobody_may_see, privacy.seer("Goblin"), privacy.seer("Aria")):
        shown = hidden(again, reader)
        assert shown == "Goblin takes 6 damage: bloodied" and "11" not in str(stored(shown))
        assert Translator("fr")(shown) == "Goblin subit 6 dégâts : en sang"
    assert hidden(again, privacy.everyone_may_see) is again  # the game master's
    assert Translator("fr")(again) == "Goblin subit 6 dégâts : points de vie 11 → 5"


@pytest.mark.parametrize("current, maximum, floor, word", [
    (10, 10, 0, "unhurt"), (12, 10, 0, "unhurt"), (9, 10, 0, "wounded"), (6, 10, 0, "wounded"),
    (5, 10, 0, "bloodied"), (6, 11, 0, "wounded"), (5, 11, 0, "bloodied"),
    (1, 10, 0, "bloodied"), (0, 10, 0, "down"), (-3, 10, -10, "bloodied"),
    (-10, 10, -10, "down"),
])
def test_a_word_for_a_creatures_hit_points(current, maximum, floor, word) -> None:
    from gm_console.rules import privacy

    assert privacy.health(current, maximum, floor) == word


def test_a_swap_shares_every_part_it_does_not_lead_to() -> None:
    from gm_console.rules import privacy

    goblin, wolf = {"name": "Goblin", "hit_points": 3}, {"name": "Wolf"}
    plugins = {"combat": {"combatants": [goblin, wolf], "order": ["Goblin"]},
               "travel": {"legs": []}}
    out = privacy.swapped(plugins, {id(goblin): {"name": "Goblin", "health": "bloodied"}})
    assert out["combat"]["combatants"][0] == {"name": "Goblin", "health": "bloodied"}
    assert plugins["combat"]["combatants"][0] is goblin  # the state's is never changed
    assert out["travel"] is plugins["travel"] and out["combat"]["order"] is \
        plugins["combat"]["order"] and out["combat"]["combatants"][1] is wolf
    assert privacy.swapped(plugins, {}) is plugins


def test_journal_lines_name_fields_requests_and_undos_in_words_in_both_languages(store):
    """A field by the word a reader uses, a value never set, no armour, a player's request and
    an undo: never a key (max_hit_points), None, an operation's name or its parameters."""
    t = Translator("fr", store.host)

    def said(name: str, **params: Any) -> tuple[str, str]:
        outcome = store.apply(name, params)
        assert outcome.ok, outcome.reason
        line = store.state["journal"][-1]
        return line["text"], t.line(line)

    assert said("character.set", character="Aria", field="max_hit_points", value="22") == (
        "Aria: maximum hit points set to 22", "Aria : points de vie max désormais 22")
    assert said("character.set", character="Bram", field="armour", value="chain mail") == (
        "Bram: armour from none to chain mail",
        "Bram : armure passe d'aucune à cotte de mailles")
    assert said("character.set", character="Aria", field="height_m", value="1.8") == (
        "Aria: height (m) from 1.75 to 1.8", "Aria : taille (m) passe de 1,75 à 1,8")
    english, french = said("request.add", op="item.add", character="Aria",
                           params={"character": "Aria", "name": "lantern", "weight_lb": 2})
    assert english == "gm asks: Aria takes 1 × lantern (2 lb each)"
    assert french.startswith("gm demande : Aria prend 1 × lantern") and "=" not in french
    undone = store.undo()
    assert undone.ok and undone.message == "undone: gm asks: Aria takes 1 × lantern (2 lb each)"
    assert "request.add" not in t(undone.message) and "'s" not in undone.message


def test_french_elides_de_and_que_before_a_vowel():
    t = Translator("fr")
    assert t(say("start of {name}'s turn: {how_long} is over", name="Aria",
                 how_long="x")) == "start of Aria's turn: x is over"  # no French: as said
    assert t(say("it lasted until the start of {name}'s turn", name="Aria")) == \
        "jusqu'au début du tour d'Aria"
    assert t(say("it lasted until the start of {name}'s turn", name="Bram")) == \
        "jusqu'au début du tour de Bram"
    assert t(say("it lasted until the end of {name}'s turn", name="Ilse")) == \
        "jusqu'à la fin du tour d'Ilse"
