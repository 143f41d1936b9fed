"""The bout scenario runner: a YAML file of fighters and exchanges in, a combat log or JSON out.

The file format is documented in docs/scenario-format.md; `python -m rules.scenario FILE` runs one.
"""

from rules.scenario.model import ScenarioFile
from rules.scenario.runner import ScenarioError, ScenarioResult, load_scenario, run_scenario

__all__ = ["ScenarioError", "ScenarioFile", "ScenarioResult", "load_scenario", "run_scenario"]
