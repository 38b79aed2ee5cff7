"""The authors' kit's ``gm_host``, as a plugin's tests use it (its fixtures, not the suite's)."""

from __future__ import annotations

from gm_console.testing import gm_host, gm_isolated  # noqa: F401  (the kit's fixtures)


def test_the_kits_host_takes_settings_with_their_own_plugins_table(gm_host):
    host = gm_host(plugins=["travel", "combat"],
                   settings='language = "fr"\n[plugins]\ndisabled = ["combat"]\n')
    assert host.config.settings["language"] == "fr"
    assert host.plugins["travel"].status == "loaded"
    assert host.plugins["combat"].status != "loaded"
    assert host.plugins.get("encumbrance") is None or host.plugins["encumbrance"].status != "loaded"
