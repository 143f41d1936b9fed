"""The command line of a combat system's own scenario runner (`python -m rules.dew FILE`, `python -m
rules.gold_glory FILE`, `python -m rules.combat_basics FILE`): run one scenario file, print its log in
the system's words, the table a player would keep, and each expectation that failed. Exit 0 when all
hold, 1 when one failed, 2 when the file cannot run (one line per problem: content errors name
file:line:column and the field).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Mapping, Sequence
from typing import Protocol

from rules.content import ContentErrors
from rules.events import Event


class ScenarioResult(Protocol):
    """What a system's scenario runner returns (each system's own `Result` has these)."""

    @property
    def events(self) -> Sequence[Event]: ...

    @property
    def names(self) -> Mapping[str, str]: ...

    @property
    def failures(self) -> Sequence[str]: ...


def scenario_main(argv: list[str] | None, *, prog: str, description: str | None, file_help: str,
                  play: Callable[[str, int | None], tuple[ScenarioResult, str]],
                  describe: Callable[[Event, Mapping[str, str]], str | None],
                  refusals: tuple[type[Exception], ...]) -> int:
    """Parse `FILE [--seed N]`, `play` it (the result and the table's text) and print as the module
    docstring says. `refusals`: the system's own errors for a file that cannot run."""
    parser = argparse.ArgumentParser(prog=prog, description=description)
    parser.add_argument("file", help=file_help)
    parser.add_argument("--seed", type=int, default=None)
    args = parser.parse_args(argv)
    refused: tuple[type[Exception], ...] = (*refusals, ValueError)
    try:
        result, table = play(args.file, args.seed)
    except ContentErrors as exc:
        for error in exc.errors:
            print(error, file=sys.stderr)
        return 2
    except refused as exc:
        print(f"{args.file}: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:
        print(f"{args.file}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    for event in result.events:
        line = describe(event, result.names)
        if line is not None:
            print(line)
    print("--")
    print(table)
    for failure in result.failures:
        print(f"FAILED: {failure}")
    print("all expectations hold" if not result.failures else f"{len(result.failures)} expectation(s) failed")
    return 1 if result.failures else 0
