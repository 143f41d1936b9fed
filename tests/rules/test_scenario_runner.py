"""The scenario runner contract: `python -m rules.scenario FILE [--seed N] [--json]`."""

from __future__ import annotations

import json
import subprocess
import sys
from importlib.resources import files
from pathlib import Path

import pytest

from rules.scenario import load_scenario, run_scenario

BOUTS = files("content") / "scenarios" / "bouts"
SHIPPED = sorted(p.name for p in BOUTS.iterdir() if p.name.endswith(".yaml"))


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "rules.scenario", *args], capture_output=True, text=True,
                          timeout=120)


@pytest.mark.parametrize("name", SHIPPED)
def test_every_shipped_bout_runs(name: str) -> None:
    result = run_scenario(load_scenario(Path(str(BOUTS / name))))
    assert result.exchanges_run >= 1
    assert any(e.type == "attack" for e in result.events)  # every shipped bout comes to blows


def test_json_output_follows_the_contract(tmp_path: Path) -> None:
    path = Path(str(BOUTS / "duel_sword_vs_mace.yaml"))
    done = cli(str(path), "--json", "--seed", "5")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert set(data) >= {"events", "fighters"}
    attacks = [e for e in data["events"] if e["type"] == "attack"]
    assert attacks
    keys = {"type", "seq", "exchange", "attacker", "defender", "maneuver", "dice", "tn", "faces", "successes",
            "defence", "mos", "hit", "wound"}
    for attack in attacks:
        assert keys <= set(attack)
    assert [a["seq"] for a in attacks] == sorted(a["seq"] for a in attacks)
    first = attacks[0]
    assert (first["attacker"], first["maneuver"], first["dice"], first["exchange"]) == ("A", "cut", 6, 1)
    assert first["defence"]["maneuver"] == "block"
    initiative = [e for e in data["events"] if e["type"] == "initiative"]
    assert initiative and all(isinstance(pair, list) and len(pair) == 2 for e in initiative for pair in e["holders"])
    assert set(data["fighters"]) == {"A", "B"}


def test_same_seed_same_output_and_seed_override_changes_it() -> None:
    path = str(BOUTS / "auto_brawl.yaml")
    a, b, c = cli(path, "--json"), cli(path, "--json"), cli(path, "--json", "--seed", "99")
    assert a.stdout == b.stdout
    assert a.stdout != c.stdout


def test_scripted_dice_are_consumed_in_order(tmp_path: Path) -> None:
    path = tmp_path / "scripted.yaml"
    path.write_text(
        "dice: [9, 9, 9, 9, 1]\n"
        "fighters:\n"
        "  - {id: A, weapon: arming_sword, proficiencies: {cut_and_thrust: 6}, orientation: aggressive}\n"
        "  - {id: B, weapon: arming_sword, proficiencies: {cut_and_thrust: 6}, orientation: defensive,\n"
        "     attributes: {TO: 15}}\n"
        "exchanges:\n"
        "  - declarations: {A: [{maneuver: cut, target: B, dice: 4, zone: III}], B: []}\n"
    )
    data = json.loads(cli(str(path), "--json").stdout)
    (attack,) = [e for e in data["events"] if e["type"] == "attack"]
    assert attack["faces"] == [9, 9, 9, 9] and attack["hit"]
    assert attack["wound"]["level"] == 0  # Toughness 15: it glances off
    assert data["dice_left"] == 0


def test_bad_files_are_refused_with_a_location(tmp_path: Path) -> None:
    broken = tmp_path / "broken.yaml"
    broken.write_text("fighters:\n  - {id: A, weapon: arming_sword}\n  - {id: B, wepon: arming_sword}\n")
    done = cli(str(broken))
    assert done.returncode == 2
    assert f"{broken}:3:" in done.stderr and "wepon" in done.stderr
    unknown = tmp_path / "unknown.yaml"
    unknown.write_text("fighters:\n  - {id: A, weapon: arming_sword}\n  - {id: B, weapon: lightsaber}\n")
    done = cli(str(unknown))
    assert done.returncode == 2 and "lightsaber" in done.stderr
    illegal = tmp_path / "illegal.yaml"
    illegal.write_text(
        "fighters:\n"
        "  - {id: A, weapon: arming_sword, proficiencies: {cut_and_thrust: 6}, orientation: aggressive}\n"
        "  - {id: B, weapon: arming_sword, proficiencies: {cut_and_thrust: 6}, orientation: defensive}\n"
        "exchanges:\n  - declarations: {A: [{maneuver: parry, against: B, dice: 3}]}\n"
    )
    done = cli(str(illegal))
    assert done.returncode == 2 and "exchange 1" in done.stderr
    assert cli(str(tmp_path / "missing.yaml")).returncode == 2
