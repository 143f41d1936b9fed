"""`python -m rules.combat_basics FILE.yaml [--seed N]`: run a Combat basics scenario file, print its
log, the table and each expectation that failed; exit 1 if any did (2 if the file cannot run)."""

from __future__ import annotations

import argparse
import sys

from rules.combat_basics.log import describe
from rules.combat_basics.scenario import ScenarioError, load, run
from rules.combat_basics.table import render
from rules.content import ContentErrors


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m rules.combat_basics", description=__doc__)
    parser.add_argument("file")
    parser.add_argument("--seed", type=int, default=None)
    args = parser.parse_args(argv)
    try:
        result = run(load(args.file), args.seed)
    except ContentErrors as exc:
        for error in exc.errors:
            print(error, file=sys.stderr)
        return 2
    except (ScenarioError, OSError) as exc:
        print(f"{args.file}: {exc}", file=sys.stderr)
        return 2
    for event in result.events:
        line = describe(event, result.names)
        if line is not None:
            print(line)
    print(render(result.bout))
    for failure in result.failures:
        print(f"FAILED: {failure}")
    print("all expectations hold" if not result.failures else f"{len(result.failures)} expectation(s) failed")
    return 1 if result.failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
