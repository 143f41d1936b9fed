"""The scripted world scenarios (content/scenarios/rules/, issue 13 items 6, 7, 8, 10, 13 and 15's
blocked movers): each shows its rule in every seed it names, and each that can turn the rule off
(`without`) fails every expectation not marked `given` there, while the `given` ones still hold (the
same situation arose). The loader's errors name file, line, column and field."""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path

import pytest

from game.sim.scripted_run import Record, check, match, run_scripted, scenario_check
from game.sim.scripted_scenario import ScriptedScenario, load_scripted
from rules.content import ContentErrors

FOLDER = Path(str(files("content") / "scenarios" / "rules"))
FILES = sorted(FOLDER.glob("*.yaml"))
NO_SWITCH = {"first_aid_before_blood_loss.yaml"}  # no house rule turns it off: proved below instead


def test_the_folder_holds_one_file_per_item() -> None:
    assert {f.name for f in FILES} >= {
        "party_orders.yaml", "wait_bumps_front_first.yaml", "wait_bumps_side_before_behind.yaml",
        "wait_bumps_synced_first.yaml",
        "aggressive_bump_rush.yaml",
        "aggressive_into_empty_reverts.yaml", "red_throw_no_bump_rush.yaml",
        "red_throw_into_empty_keeps.yaml",
        "first_aid_before_blood_loss.yaml", "blocked_mover_bumps.yaml"}


@pytest.mark.parametrize("path", FILES, ids=[f.stem for f in FILES])
def test_the_scenario_shows_its_rule_and_fails_without_it(path: Path) -> None:
    spec = load_scripted(path)
    verdict = check(spec)
    assert verdict.failures == ()
    assert len(verdict.runs) == len(spec.seeds) and all(r.passed for r in verdict.runs)
    assert any(not e.given for e in spec.expect), "an expectation about the rule itself"
    if path.name in NO_SWITCH:
        assert spec.without is None
        return
    assert spec.without is not None, "each file names the house rules that turn its rule off"
    for off in verdict.without:
        assert not off.problems
        for exp, (text, held, _) in zip(spec.expect, off.results, strict=True):
            assert held is exp.given, (off.seed, text)


def test_first_aid_before_blood_loss_fails_on_the_log_in_the_other_order() -> None:
    """Item 13 has no switch (the order is the world's, game.sim.recovery): its expectations hold on the
    world's log and fail on the same log with the blood-loss check moved before the first aid (what the
    world did before the rule)."""
    spec = load_scripted(FOLDER / "first_aid_before_blood_loss.yaml")
    for seed in spec.seeds:
        run = run_scripted(spec, seed)
        assert run.passed, seed
        records = run.records
        aid = next(i for i, r in enumerate(records) if r.data["type"] == "first_aid")
        check_at = next(i for i, r in enumerate(records) if r.data["type"] == "blood_loss")
        assert records[aid].tick == records[check_at].tick == 6 and aid < check_at
        swapped: list[Record] = [r for i, r in enumerate(records) if i != check_at]
        swapped.insert(aid, records[check_at])
        results = [match(swapped, spec, i) for i in range(len(spec.expect))]
        assert [held for _, held, _ in results] == [True, True, False], seed


BASE = """\
name: Test
rule: a rule
map: |
  #######
  #.@b..#
  #######
legend:
  b: {creature: bandit}
"""


def _errors(tmp_path: Path, text: str) -> list[str]:
    path = tmp_path / "bad.yaml"
    path.write_text(BASE + text, encoding="utf-8")
    with pytest.raises(ContentErrors) as info:
        load_scripted(path, display="bad.yaml")
    return [str(e) for e in info.value.errors]


def test_bad_files_are_refused_with_file_line_column_and_field(tmp_path: Path) -> None:
    assert _errors(tmp_path, "script:\n  - {cmd: step, direction: UP}\nexpect:\n  - {type: moved}\n") == [
        "bad.yaml:10:5: script[0]: bad step command: direction: must be one of E, N, NE, NW, S, SE, SW, W or null, "
        "not 'UP'"]
    (error,) = _errors(tmp_path, "expect:\n  - {type: movd, actor: player}\n")
    assert error.startswith("bad.yaml:10:12: expect[0].type: unknown event type 'movd'")
    (error,) = _errors(tmp_path, "expect:\n  - {type: moved, actr: player}\n")
    assert error == "bad.yaml:10:19: expect[0].actr: a 'moved' event has no field 'actr' (it has: actor, bonus, " \
                    "facing, frm, mp, to)"
    (error,) = _errors(tmp_path, "actor_state:\n  nobody: {move_init: 3}\nexpect:\n  - {type: moved}\n")
    assert error == "bad.yaml:10:3: actor_state.nobody: no actor 'nobody' (actors: bandit_1, player)"
    (error,) = _errors(tmp_path, "expect: []\n")
    assert error.startswith("bad.yaml:9:9: expect: List should have at least 1 item")
    (error,) = _errors(tmp_path, "script:\n  - {cmd: confirm, who: ghost}\nexpect:\n  - {type: moved}\n")
    assert error == "bad.yaml:10:25: script[0].who: no actor 'ghost'"
    (error,) = _errors(tmp_path, "house_rules: {wait_bump: false}\nexpect:\n  - {type: moved}\n")
    assert error.startswith("bad.yaml:9:15: house_rules.wait_bump: unknown house rule (known: ")
    (error,) = _errors(tmp_path, "expect:\n  - {type: moved}\nwithout:\n  house_rules: {wait_bumps: 7}\n")
    assert error == "bad.yaml:12:17: without.house_rules.wait_bumps: Input should be a valid boolean (got 7)"


def test_the_cli_prints_the_log_and_exits_by_the_verdict(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert scenario_check(str(FOLDER / "blocked_mover_bumps.yaml"), seed=1) == 0
    out = capsys.readouterr().out
    assert "Knight bumps into Spearman (a friend)" in out and out.rstrip().endswith("RESULT ok")
    wrong = tmp_path / "wrong.yaml"
    wrong.write_text(BASE + "script:\n  - {cmd: step, direction: N}\nexpect:\n  - {type: moved, actor: player, "
                     "to: [2, 1]}\n", encoding="utf-8")
    assert scenario_check(str(wrong)) == 1  # a wall north of him: he never gets there
    assert "RESULT FAILED" in capsys.readouterr().out
    assert scenario_check(str(tmp_path / "missing.yaml")) == 2
    assert "file not found" in capsys.readouterr().err


def _spec(tmp_path: Path, text: str) -> ScriptedScenario:
    path = tmp_path / "file.yaml"
    path.write_text(BASE + text, encoding="utf-8")
    return load_scripted(path)


def test_run_to_tick_confirms_after_the_script_and_a_refused_or_misdirected_command_stops_the_run(
        tmp_path: Path) -> None:
    spec = _spec(tmp_path, "run_to_tick: 3\nscript:\n  - {cmd: step, direction: null, orientation: cautious}\n"
                           "expect:\n  - {type: tick_end, tick: 3}\n  - {type: tick_end, tick: 4, absent: true}\n")
    run = run_scripted(spec, 1)
    assert run.passed and max(r.tick for r in run.records) == 3
    refused = run_scripted(_spec(tmp_path, "script:\n  - {cmd: target, target: bandit_1}\n  - {cmd: confirm}\n"
                                           "expect:\n  - {type: tick}\n"), 1)
    assert len(refused.problems) == 1 and refused.problems[0].startswith("script item 1 (line 10): refused: ")
    assert not refused.passed
    asked = run_scripted(_spec(tmp_path, "script:\n  - {cmd: confirm, who: bandit_1}\nexpect:\n  - {type: tick}\n"), 1)
    assert asked.problems == ["script item 1 (line 10): the world asks player, not bandit_1"]
    assert [r.data["type"] for r in asked.records if r.tick > 0] == []  # nothing was played


def test_the_companions_previews_only_read_the_world() -> None:
    """The `plan` records (each companion's preview after a command) change nothing: the world's events
    are the same without them."""
    spec = load_scripted(FOLDER / "party_orders.yaml")
    with_plans = run_scripted(spec, 1)
    plans = [r for r in with_plans.records if r.data["type"] == "plan"]
    assert plans and all(r.line and r.line.startswith("preview: Spearman: ") for r in plans)
    events = [(r.tick, r.data) for r in with_plans.records if r.data["type"] != "plan"]
    assert events == [(r.tick, r.data) for r in run_scripted(spec, 1, previews=False).records]


def test_the_content_check_loads_every_scripted_scenario(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import shutil

    from game.sim.__main__ import main

    assert main(["check"]) == 0
    assert f"{len(FILES)} scripted scenarios" in capsys.readouterr().out
    root = tmp_path / "content"
    shutil.copytree(str(files("content")), root)
    broken = root / "scenarios" / "rules" / "blocked_mover_bumps.yaml"
    lines = broken.read_text(encoding="utf-8").splitlines(keepends=True)
    row = next(i for i, line in enumerate(lines) if "type: bumped" in line)
    lines[row] = lines[row].replace("type: bumped", "type: bumpd")
    broken.write_text("".join(lines), encoding="utf-8")
    assert main(["check", str(root)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert [line for line in out if line.startswith(f"{broken}:{row + 1}:")] == [
        f"{broken}:{row + 1}:12: expect[1].type: unknown event type 'bumpd' (e.g. moved, bumped, bump_frame, "
        "orientation, first_aid, blood_loss, decision, declared)"]
