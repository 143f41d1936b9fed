"""`python -m rules.gold_glory FILE.yaml [--seed N]`: run one Gold & Glory scenario, print its log and checks."""

from __future__ import annotations

import argparse
import sys

from rules.content import ContentErrors
from rules.gold_glory.log import describe
from rules.gold_glory.scenario import ScenarioError, load, run
from rules.gold_glory.table import render


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m rules.gold_glory", description=__doc__)
    parser.add_argument("file", help="scenario YAML (docs/systems/gold_and_glory.md)")
    parser.add_argument("--seed", type=int, default=None)
    args = parser.parse_args(argv)
    try:
        result = run(load(args.file), seed=args.seed)
    except ContentErrors as exc:
        for error in exc.errors:
            print(error, file=sys.stderr)
        return 2
    except (ScenarioError, ValueError) as exc:
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
    print(render(result.bout))
    for failure in result.failures:
        print(f"FAILED: {failure}")
    return 1 if result.failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
