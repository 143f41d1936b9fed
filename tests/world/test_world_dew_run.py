"""Dungeon runs under Dew's detailed sequence (issue 15: "playable in the arena mode (and dungeon runs if it
fits)"): a whole roguelike run (`game.sim.run_world`, `python -m game.sim run --run --system dew_sequence`)
fights every bout by the sequence, lands every shot by Dew's missile rules, carries EN and BD between bouts
(a companion knocked out and brought round comes back with what he fell with, not healed), folds from its
log at every tick and replays in sync, from the command line too."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from game.sim import events as ev
from game.sim.commands import Confirm
from game.sim.run_world import run_setup
from game.sim.runfile import replay, save_run
from game.sim.world import World
from rules.dew import events as dev
from rules.dew.state import DewBout
from rules.dew.stats import load_stats
from tests.world.test_world_history import Shadow

SYSTEM = "dew_sequence"
ROOT = Path(__file__).resolve().parents[2]
STATS = load_stats()


def dew_run(seed: int) -> World:
    return World(run_setup(seed), seed=seed, player_ai=True, combat_system=SYSTEM)


def test_a_run_fights_by_the_sequence_brings_a_companion_round_as_he_fell_and_replays(tmp_path: Path) -> None:
    """Seed 9: the party goes down two stairs; the spearman is knocked out, brought round by the leader, and
    his next brush with a foe (a sling stone) finds him with the EN he rested to since he fell."""
    w = dew_run(9)
    shadow = Shadow(w)  # the log folds to the same world at every tick
    seen: list[object] = []
    fell: dict[str, tuple[tuple[str, int], ...]] = {}
    brought_round: set[str] = set()
    for _ in range(1500):
        if w.state.over is not None:
            break
        for e in shadow.step(Confirm()):
            if isinstance(e, ev.RulesEvent | ev.ShotLanded):
                seen.append(e.event)
            if isinstance(e, ev.Carried) and dict(e.record)["en"] <= 0:
                fell[e.actor] = e.record  # kept as he went down
            elif isinstance(e, ev.CameRound):
                assert e.actor in fell, f"{e.actor} was brought round with no record of how he fell"
                brought_round.add(e.actor)
        assert all(isinstance(b.rules.system_state, DewBout) for b in w.state.bouts.values())
    assert w.state.over is not None and w.state.run is not None and w.state.run.deepest >= 2, w.summary()
    kinds = {type(e) for e in seen}
    assert {dev.Joined, dev.RoundBegan, dev.HitRoll, dev.Damaged, dev.OutOfFight, dev.ShotLoosed} <= kinds, kinds
    assert brought_round, "no companion was brought round in this run"
    later = [e for e in seen if isinstance(e, dev.Damaged) and e.target in brought_round]
    for who in brought_round:
        model = STATS.creatures[w.state.actors[who].creature]
        hit = next(e for e in later if e.target == who)
        assert hit.en_after + hit.damage < model.en, "brought round at his full EN: the fall was forgotten"
    path = tmp_path / "dew_run.jsonl"
    save_run(w, path, final=True)
    assert replay(path).world.summary()["checksum"] == w.summary()["checksum"]


def test_the_command_line_plays_a_run_and_replays_it_in_sync(tmp_path: Path) -> None:
    record = tmp_path / "run.jsonl"
    out = subprocess.run([sys.executable, "-m", "game.sim", "run", "--run", "--system", SYSTEM, "--seed", "2",
                          "--max-ticks", "5000", "--record", str(record)],
                         cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr
    result = json.loads(out.stdout.splitlines()[-1])
    assert result["outcome"] in ("victory", "death") and result["depth"] >= 2, result
    assert json.loads(record.read_text().splitlines()[0]).get("system") == SYSTEM
    again = subprocess.run([sys.executable, "-m", "game.sim", "replay", str(record)],
                           cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert again.returncode == 0 and "in sync" in again.stdout, again.stderr
