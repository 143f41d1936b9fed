"""`python -m rules.scenario FILE.yaml [--seed N] [--json] [--system NAME]`: run one bout scenario."""

from __future__ import annotations

import argparse
import json
import sys

from rules.content import ContentErrors
from rules.scenario.runner import ScenarioError, load_scenario, run_scenario
from rules.systems import DEFAULT_SYSTEM, SYSTEMS, describer


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m rules.scenario", description=__doc__)
    parser.add_argument("file", help="scenario YAML file (see docs/scenario-format.md)")
    parser.add_argument("--seed", type=int, default=None, help="override the file's seed")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of the log")
    parser.add_argument("--system", default=DEFAULT_SYSTEM, help=f"the combat system ({', '.join(sorted(SYSTEMS))})")
    args = parser.parse_args(argv)
    if args.system not in SYSTEMS:
        print(f"unknown combat system {args.system!r}: choose one of {', '.join(sorted(SYSTEMS))}", file=sys.stderr)
        return 2
    try:
        scenario = load_scenario(args.file)
        result = run_scenario(scenario, seed=args.seed, system_name=args.system)
    except ContentErrors as exc:
        for error in exc.errors:
            print(error, file=sys.stderr)
        return 2
    except ScenarioError as exc:
        print(f"{args.file}: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:
        print(f"{args.file}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    if args.json:
        json.dump(result.to_json_dict(), sys.stdout, ensure_ascii=False)
        print()
        return 0
    describe = describer(args.system)
    for event in result.events:
        line = describe(event, result.names)
        if line is not None:
            print(line)
    print("--")
    for state in result.bout.fighters.values():
        status = "dead" if state.dead else "unconscious" if state.unconscious else "fighting"
        print(f"{state.sheet.name}: {status}, HT {state.ht}, CP {state.cp}, pain {state.pain}, BL {state.blood_loss}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
