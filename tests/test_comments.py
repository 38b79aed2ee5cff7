"""The game master's comments in the session file survive gm-console's saves
(gm_console.files.comments): above a table or a key, beside a value, at the end; a comment
follows its character by name; one whose line is gone is kept at the end."""

from __future__ import annotations

import tomllib

from gm_console import cli
from gm_console.files import codec, comments

WRITTEN_BY_HAND = '''# The Vaelmoor campaign: session 12
format_version = 1

[session]
name = "Vaelmoor"  # renamed after the flood

[clock]
day = 3
second = 28800  # 08:00, the bells

# the party
[[characters]]
name = "Aria"
notes = "a # in a note is no comment"
# her wound from the wolf
speed_m = 9

# owes the guild
[[characters]]
name = "Bram"
speed_m = 7.5

# read me: the last line
'''


def after(lines: list[str], comment: str) -> str:
    """The first line after ``comment`` that is not a comment."""
    index = lines.index(comment) + 1
    while lines[index].startswith("#"):
        index += 1
    return lines[index]


def test_a_session_file_written_again_keeps_every_comment_where_it_was(tmp_path, host):
    path = tmp_path / "s.toml"
    path.write_text(WRITTEN_BY_HAND)
    assert cli.main(["op", str(path), "clock.advance", "minutes=10"]) == 0
    text = path.read_text()
    assert tomllib.loads(text)["clock"]["second"] == 28800 + 600  # the change is written
    lines = text.splitlines()
    assert lines[0] == "# The Vaelmoor campaign: session 12"
    # gm-console writes a short party one character a line: a comment on a character, or
    # on one of its keys, is above that character's line
    assert "Aria" in after(lines, "# the party") and "Aria" in after(lines, "# her wound "
                                                                           "from the wolf")
    assert "Bram" in after(lines, "# owes the guild")
    assert 'name = "Vaelmoor"  # renamed after the flood' in lines
    assert "second = 29400  # 08:00, the bells" in lines
    assert lines[-1] == "# read me: the last line"
    assert "a # in a note is no comment" in text and text.count("#") == WRITTEN_BY_HAND.count("#")
    # a second save finds them where the first one put them, and adds none
    assert cli.main(["op", str(path), "clock.advance", "minutes=10"]) == 0
    again = path.read_text()
    assert [line for line in again.splitlines() if "#" in line] == [
        line.replace("29400", "30000") for line in lines if "#" in line]


def test_a_comment_follows_its_character_by_name_and_one_without_its_line_is_kept(host):
    state = codec.prepare(tomllib.loads(WRITTEN_BY_HAND), host, "s")
    state["characters"][1]["notes"] = "a long note, so that the party is written in tables " * 2
    found = comments.found(WRITTEN_BY_HAND)
    state["characters"] = [state["characters"][1]]  # Aria leaves the party
    text = comments.kept(codec.dumps(state), found)
    lines = text.splitlines()
    assert "[[characters]]" in lines  # one character too long for a line: a table
    assert after(lines, "# owes the guild") == "[[characters]]"  # above Bram's, as written
    assert "# her wound from the wolf" in lines and "# the party" in lines  # not lost
    assert tomllib.loads(text)["characters"] == state["characters"]


def test_a_file_without_comments_is_written_as_gm_console_writes_it(host):
    state = tomllib.loads(WRITTEN_BY_HAND)
    plain = codec.dumps(state)
    assert comments.kept(plain, comments.found(plain)) == plain
    assert not comments.found('[session]\nname = "the #1 party"\n')
