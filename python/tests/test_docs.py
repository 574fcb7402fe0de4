"""The ten-line examples of docs/bot-builders.md and python/README.md run as printed."""

import contextlib
import io
import re
import unittest
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def examples(doc):
    """Each ```python block of `doc` after its section heading, by heading."""
    text = (ROOT / doc).read_text()
    found = {}
    for section in re.split(r"^## ", text, flags=re.M)[1:]:
        heading = section.splitlines()[0]
        for block in re.findall(r"```python\n(.*?)```", section, flags=re.S):
            found[heading] = block
    return found


def run(code):
    with contextlib.redirect_stdout(io.StringIO()) as out:
        exec(compile(code, "<example>", "exec"), {"__name__": "__example__"})
    return out.getvalue()


class Examples(unittest.TestCase):
    def test_the_openspiel_example_plays_a_whole_game(self):
        code = examples("docs/bot-builders.md")["OpenSpiel in ten lines"]
        self.assertLessEqual(len(code.strip().splitlines()), 12)
        # The MCTS bot's 50 simulations a move, cut to 2 for the test's time; the rest as printed.
        printed = run(code.replace("2.0, 50,", "2.0, 2,"))
        self.assertRegex(printed, r"^\[[01]\.0, [01]\.0\]\n$")

    def test_the_pettingzoo_example_plays_a_whole_game(self):
        code = examples("docs/bot-builders.md")["PettingZoo in ten lines"]
        self.assertLessEqual(len(code.strip().splitlines()), 12)
        printed = run(code)
        self.assertEqual(sorted(line.split()[0] for line in printed.splitlines()), ["player_0", "player_1", "player_2"])


if __name__ == "__main__":
    unittest.main()
