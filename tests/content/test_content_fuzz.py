"""Issue 17: a mutation corpus of content files (bytes flipped, lines dropped or repeated, values
of the wrong type, nesting 1,000 deep, alias bombs, BOMs, comments): every mutation is accepted or
refused with every error naming file:line:col, never a traceback, never a hang."""

from __future__ import annotations

from pathlib import Path

from tests import fuzzkit

CASES = 30


def test_mutated_content_is_accepted_or_named_with_file_line_column(tmp_path: Path) -> None:
    tally = fuzzkit.tally_content(CASES, seed=2027, directory=tmp_path)  # (the corpus is the shipped files)
    assert tally.tried == CASES
    assert tally.counts[fuzzkit.TRACEBACK] == 0, tally.examples
    assert tally.counts[fuzzkit.HANG] == 0, tally.examples
    assert tally.counts[fuzzkit.REFUSED] >= 5  # the corpus does reach the refusals
