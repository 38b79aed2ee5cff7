"""What each subcommand's ``--help`` ends with: examples, and the environment variables it reads
(the command line's own reference; docs/cli.md says the same at more length)."""

from __future__ import annotations

CONFIG = "GM_CONSOLE_CONFIG_DIR   the settings folder (settings.toml, your own rule tables)"
DATA = ("GM_CONSOLE_DATA_DIR     the data folder (the demo's copy, console.log, plugins.log, "
        "the browser links)")
RUNTIME = ("GM_CONSOLE_RUNTIME_DIR  where a live session's owner is found (else "
           "$XDG_RUNTIME_DIR)")
TERM = "TERM                    the terminal's type (a dumb one cannot show the console)"
PLUGINS = ("GM_CONSOLE_PLUGINS      a,b: only these plugins load (and the core), for this run")
TRACE = ("GM_CONSOLE_TRACE_PLUGINS 1: every hook call, its plugin and how long, to console.log")

EXAMPLES: dict[str, tuple[list[str], list[str]]] = {
    # command: (examples, environment variables it reads)
    "": (["gm-console                        the demo session",
          "gm-console my-campaign.toml       open (or create) your campaign",
          "gm-console my-campaign.toml --theme nord",
          "gm-console my-campaign.toml --role player:Aria --name Ann",
          "                                  join the game master's live session as Aria"],
         [CONFIG, DATA, RUNTIME, TERM, PLUGINS, TRACE]),
    "plugins": (["gm-console plugins", "gm-console plugins --json | jq '.[].name'",
                 "gm-console plugins --hooks"],
                [CONFIG, PLUGINS, TRACE]),
    "show": (["gm-console show my-campaign.toml",
              "gm-console show my-campaign.toml --json | jq .travel.arrival"],
             [CONFIG, PLUGINS, TRACE]),
    "op": (["gm-console op my-campaign.toml clock.advance minutes=90",
            "gm-console op my-campaign.toml hp.damage character=Aria amount=7",
            "gm-console op my-campaign.toml item.add character=Aria name=rope weight_lb=10"],
           [CONFIG, RUNTIME, PLUGINS, TRACE]),
    "ops": (["gm-console ops", "gm-console ops --json | jq '.[].name'"],
            [CONFIG, PLUGINS, TRACE]),
    "journal": (["gm-console journal my-campaign.toml > evening.md",
                 "gm-console journal my-campaign.toml --character Aria --kind note",
                 "gm-console journal my-campaign.toml --with-gm-notes > gm-copy.md"],
                [CONFIG, PLUGINS, TRACE]),
    "serve": (["gm-console serve my-campaign.toml --ssh 0.0.0.0:2222 "
               "--authorized-keys players.keys",
               "gm-console serve my-campaign.toml --web 127.0.0.1:8080"],
              [CONFIG, DATA, RUNTIME, PLUGINS, TRACE]),
    "invite": (["gm-console invite my-campaign.toml --role player:Aria --key ann.pub "
                ">> players.keys",
                "gm-console invite my-campaign.toml --role spectator --web"],
               [DATA]),
    "import": (["gm-console import my-campaign.toml party.csv",
                "gm-console import my-campaign.toml characters.json"],
               [CONFIG, RUNTIME, PLUGINS, TRACE]),
    "completion": (["eval \"$(gm-console completion bash)\"     in ~/.bashrc",
                    "gm-console completion zsh > ~/.zfunc/_gm-console",
                    "gm-console completion fish > ~/.config/fish/completions/gm-console.fish"],
                   []),
    "new-plugin": (["gm-console new-plugin weather", "gm-console new-plugin rations --dir ~/src "
                    "--key f11"], []),
}


def epilog(command: str) -> str:
    """The end of ``command``'s help ("" for the console itself)."""
    examples, environment = EXAMPLES[command]
    text = "examples:\n" + "\n".join(f"  {line}" for line in examples)
    if environment:
        text += "\n\nenvironment:\n" + "\n".join(f"  {line}" for line in environment)
    return text
