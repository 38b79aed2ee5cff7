"""Keys that reach the console together (pasted, typed fast, a slow link delivering several in
one read), in a real terminal: the console draws them once, after the last, and must then
draw, though no key follows. Pilot cannot show this: its pause draws the screen itself."""

from __future__ import annotations

from pathlib import Path

from live_helpers import SESSION, Terminal

F5 = "\x1b[15~"  # the loads screen's key


def test_a_burst_is_drawn_whether_its_answer_is_taken_or_refused(tmp_path: Path) -> None:
    path = tmp_path / "s.toml"
    path.write_text(SESSION)
    console = Terminal(str(path))
    try:
        console.wait_for("08:00", since_start=True)
        console.press(F5)
        console.wait_for("Carried")
        # Settled, as at the table: nothing more to come (the first save done) that would
        # have the screen draw anyway.
        console.read(1.0)
        # A weight that is no number: the question stays, with its reason, as typed.
        console.press("ianvil, x, 1\r")
        console.wait_for("a number was expected, not 'x'", timeout=10)
        # Corrected in one more burst: the item taken, the question gone, the footer back.
        mark = len(console.seen)
        console.press("\x7f" * 4 + "2, 1\r")
        console.wait_for("2 / ", timeout=10)
        console.read(0.3)
        assert b"Put down" in console.seen[mark:]
    finally:
        console.close()
    assert "anvil" in path.read_text()
