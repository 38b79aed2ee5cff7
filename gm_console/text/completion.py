"""``gm-console completion SHELL``: the script that completes gm-console's subcommands,
session files (``*.toml``) and, after ``op SESSION``, the operations' names (asked of
``gm-console ops`` when completed: plugins add operations)."""

from __future__ import annotations

SHELLS = ("bash", "zsh", "fish")


def script(shell: str, commands: tuple[str, ...]) -> str:
    words = " ".join(commands)
    if shell == "fish":
        lines = ["complete -c gm-console -f",
                 f"complete -c gm-console -n __fish_use_subcommand -a '{words}'",
                 "complete -c gm-console -n 'not __fish_seen_subcommand_from ops plugins "
                 "new-plugin completion' -k -a '(__fish_complete_suffix .toml)'",
                 "complete -c gm-console -n '__fish_seen_subcommand_from op; and test "
                 "(count (commandline -opc)) -eq 3' -a \"(gm-console ops 2>/dev/null | "
                 "string match -r '^\\S+')\"",
                 "complete -c gm-console -n '__fish_seen_subcommand_from completion' "
                 f"-a '{' '.join(SHELLS)}'"]
        return "\n".join(lines) + "\n"
    bash = f"""_gm_console() {{
    local cur=${{COMP_WORDS[COMP_CWORD]}}
    COMPREPLY=()
    if [ "$COMP_CWORD" -eq 1 ]; then
        COMPREPLY=($(compgen -W "{words}" -- "$cur"))
    elif [ "${{COMP_WORDS[1]}}" = op ] && [ "$COMP_CWORD" -eq 3 ]; then
        COMPREPLY=($(compgen -W "$(gm-console ops 2>/dev/null | sed -n 's/^\\([^ ]*\\)  (.*/\\1/p')" -- "$cur"))
        return
    elif [ "${{COMP_WORDS[1]}}" = completion ]; then
        COMPREPLY=($(compgen -W "{' '.join(SHELLS)}" -- "$cur"))
        return
    fi
    COMPREPLY+=($(compgen -f -X '!*.toml' -- "$cur") $(compgen -d -S / -- "$cur"))
}}
complete -o filenames -o nospace -F _gm_console gm-console
"""
    if shell == "zsh":
        return "autoload -U +X bashcompinit && bashcompinit\n" + bash
    return bash
