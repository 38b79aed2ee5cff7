"""gm-console-light through gm-console's author kit: rules, operations, hooks, screen."""

from __future__ import annotations

from gm_console_light import party_columns, rules

ARIA = [{"name": "Aria"}, {"name": "Bram"}]


def light_of(store, index: int = 0) -> dict:
    session = store.session  # a derived value by name, as another plugin would read it
    return session.derived_value("light", session.characters[index])


def source(id: int, lit: bool = True, left: int = 600) -> dict:
    return {"id": id, "holder": "Aria", "kind": "torch", "lit": lit, "left_s": left}


def test_only_lit_sources_burn_and_the_spent_ones_go_out() -> None:
    burnt = rules.burn([source(1), source(2, lit=False), source(3, left=60)], 300)
    assert burnt.left == {1: 300, 3: 0}
    assert burnt.out == [3]


def test_the_brightest_lit_source_counts() -> None:
    kinds = {"torch": {"bright_m": 6}, "candle": {"bright_m": 1.5}}
    carried = [source(1, lit=False), {**source(2), "kind": "candle"}]
    assert rules.brightest(carried, kinds) == 1.5
    assert rules.brightest([], kinds) == 0


def test_a_torch_burns_down_with_the_clock_and_says_when_it_goes_out(gm_store) -> None:
    store = gm_store(characters=ARIA, plugins=["light"])
    assert store.apply("light.add", {"holder": "aria", "kind": "Torch"}).ok
    assert store.apply("clock.advance", {"minutes": 45}).ok
    derived = light_of(store)
    assert derived["lit"] == 1 and derived["bright_m"] == 6
    assert "torch #1: lit, 15 min left" in derived["steps"]
    outcome = store.apply("clock.advance", {"minutes": 20})
    assert any(line["text"] == "Aria's torch burns out" for line in outcome.journal)
    assert light_of(store)["bright_m"] == 0
    assert not store.apply("light.relight", {"id": "1"}).ok


def test_a_doused_lantern_keeps_what_is_left(gm_store) -> None:
    store = gm_store(characters=ARIA, plugins=["light"])
    store.apply("light.add", {"holder": "Bram", "kind": "lantern"})
    assert store.apply("light.douse", {"id": "1"}).ok
    store.apply("clock.advance", {"hours": 2})
    assert store.state["plugins"]["light"]["sources"][0]["left_s"] == 6 * 3600
    refused = store.apply("light.add", {"holder": "Bram", "kind": "sun"})
    assert "not a light source of light.toml" in refused.reason


def test_the_rule_table_is_the_users_to_change(gm_store, gm_isolated) -> None:
    (gm_isolated / "light.toml").write_text("[kinds.torch]\nminutes = 30\n")
    store = gm_store(characters=ARIA, plugins=["light"])
    store.apply("light.add", {"holder": "Aria", "kind": "torch"})
    assert store.state["plugins"]["light"]["sources"][0]["left_s"] == 30 * 60


def test_the_party_column_warns_and_follows_a_rename(gm_store) -> None:
    store = gm_store(characters=ARIA, plugins=["light"])
    store.apply("light.add", {"holder": "Aria", "kind": "candle"})
    store.apply("clock.advance", {"minutes": 55})
    session = store.session
    assert party_columns(session.characters[0], session) == {"Light": "candle 5 min !"}
    assert store.apply("character.set", {"character": "Aria", "field": "name",
                                         "value": "Ariane"}).ok
    assert store.state["plugins"]["light"]["sources"][0]["holder"] == "Ariane"
    assert store.apply("character.remove", {"character": "Ariane"}).ok
    assert store.state["plugins"]["light"]["sources"] == []


async def test_the_screen_adds_douses_and_removes_at_80x24(gm_store, gm_pilot) -> None:
    store = gm_store(characters=ARIA, plugins=["light"])
    async with gm_pilot(store) as pilot:
        await pilot.press("f10")
        await pilot.pause()
        await pilot.press("a", *"Bram, lantern", "enter")
        await pilot.pause()
        table = pilot.app.screen.query_one("#sources")
        assert [str(c) for c in table.get_row("1")] == ["Bram", "lantern", "6 h", "yes"]
        await pilot.press("space")
        await pilot.pause()
        assert pilot.app.store.state["plugins"]["light"]["sources"][0]["lit"] is False
        assert table.get_row("1")[3] == "no"
        await pilot.press("x")
        await pilot.pause()
        assert pilot.app.store.state["plugins"]["light"]["sources"] == []


def test_its_french_and_its_help_come_from_its_files(gm_host) -> None:
    host = gm_host(["light"])
    assert dict(host.call_each("labels", language="fr"))["light"]["Holder"] == "Porteur"
    helps = {language: dict(host.call_each("help_text", language=language))["light"]
             for language in ("en", "fr")}
    assert helps["en"].startswith("Light (F10)") and helps["fr"].startswith("Lumière (F10)")


async def test_its_party_column_is_titled_in_the_readers_language(gm_host, gm_store,
                                                                   gm_pilot) -> None:
    store = gm_store(characters=ARIA, host=gm_host(["light"], settings='language = "fr"\n'))
    store.apply("light.add", {"holder": "Aria", "kind": "torch"})
    async with gm_pilot(store) as pilot:
        await pilot.press("f3")  # the party screen
        await pilot.pause()
        table = pilot.app.screen.query_one("#party")
        titles = [str(column.label) for column in table.columns.values()]
    assert "Lumière" in titles and "Light" not in titles, titles


def test_its_journal_line_is_a_sentence_said_in_the_readers_language(gm_store) -> None:
    import tomllib
    from pathlib import Path

    from gm_console_light import rules as light_rules

    store = gm_store(characters=ARIA, plugins=["light"])
    store.apply("light.add", {"holder": "Aria", "kind": "candle"})
    outcome = store.apply("clock.advance", {"hours": 2})
    [line] = [line for line in outcome.journal if line.get("kind") == "light"]
    assert line["text"] == "Aria's candle burns out"
    assert line["said"]["template"] == "{holder}'s {kind} burns out"
    french = tomllib.loads((Path(light_rules.__file__).parent / "labels.fr.toml").read_text())
    assert french[line["said"]["template"]] == "La {kind} de {holder} s'éteint, consumée"
