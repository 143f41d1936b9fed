"""`python -m rules.gold_glory FILE.yaml [--seed N]`: run one Gold & Glory scenario, print its log,
the table and each expectation that failed (`rules.scenario_cli`)."""

from __future__ import annotations

from rules.gold_glory.log import describe
from rules.gold_glory.scenario import Result, ScenarioError, load, run
from rules.gold_glory.table import render
from rules.scenario_cli import scenario_main


def play(path: str, seed: int | None) -> tuple[Result, str]:
    result = run(load(path), seed)
    return result, render(result.bout)


def main(argv: list[str] | None = None) -> int:
    return scenario_main(argv, prog="python -m rules.gold_glory", description=__doc__,
                         file_help="scenario YAML (docs/systems/gold_and_glory.md)", play=play, describe=describe,
                         refusals=(ScenarioError,))


if __name__ == "__main__":
    raise SystemExit(main())
