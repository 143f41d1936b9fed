"""Issue 17: a mutation corpus of run files and random commands. Every mutated file is replayed in
sync or refused with a one-line message, never a traceback, never a hang (each case runs in a child
process with a time and memory limit: `tests/fuzzkit.py`); a refused command changes nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests import fuzzkit

RUN_CASES = 60
WORLDS = 8


def test_mutated_run_files_replay_or_are_refused_in_one_line(tmp_path: Path) -> None:
    tally = fuzzkit.tally_runs(RUN_CASES, seed=2026, directory=tmp_path)
    assert tally.tried == RUN_CASES + 1 + 14  # the unmutated file and the named cases of issue 17 too
    assert tally.counts[fuzzkit.TRACEBACK] == 0, tally.examples
    assert tally.counts[fuzzkit.HANG] == 0, tally.examples
    assert tally.counts[fuzzkit.REFUSED] >= RUN_CASES // 2  # the corpus does reach the refusals
    assert tally.counts[fuzzkit.ACCEPTED] >= 1  # the unmutated file and harmless edits replay


@pytest.mark.parametrize("seed", range(WORLDS))
def test_random_commands_are_refused_cleanly_and_change_nothing(seed: int) -> None:
    outcome = fuzzkit.run_isolated(lambda: fuzzkit.command_case(seed))
    assert outcome.kind in (fuzzkit.ACCEPTED, fuzzkit.REFUSED), outcome.detail


def test_the_runner_counts_hangs_and_tracebacks() -> None:
    def hang() -> fuzzkit.Outcome:
        while True:
            pass

    def boom() -> fuzzkit.Outcome:
        raise RecursionError("deep")

    assert fuzzkit.run_isolated(hang, limit=0.5).kind == fuzzkit.HANG
    assert fuzzkit.run_isolated(boom).kind == fuzzkit.TRACEBACK
    assert fuzzkit.one_line("refused: x") and not fuzzkit.one_line("Traceback\n  x")
