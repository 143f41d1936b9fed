"""Save and continue a run on depth 3 (issue 10, "Tests and numbers": save/continue on depth 3): the run
file written mid-run (as the autosave is) continues into the same world, every depth left behind
included, and the continued world plays on exactly as the one that was saved."""

from __future__ import annotations

from pathlib import Path

from game.sim.commands import Confirm
from game.sim.digest import snapshot
from game.sim.run_world import run_setup
from game.sim.runfile import replay, save_run
from game.sim.world import World


def test_a_run_saved_on_depth_3_continues_as_it_was(tmp_path: Path) -> None:
    world = World(run_setup(2), seed=2, player_ai=True)
    run = world.state.run
    assert run is not None
    while run.depth < 3:
        assert world.state.over is None and world.state.tick < 2000
        world.apply(Confirm())
    for _ in range(5):
        world.apply(Confirm())
    assert world.state.over is None and run.depth == 3 and sorted(run.levels) == [1, 2]
    path = tmp_path / "autosave.jsonl"
    save_run(world, path)
    continued = replay(path, torn_tail=True).world
    cont_run = continued.state.run
    assert cont_run is not None and cont_run.depth == 3 and sorted(cont_run.levels) == [1, 2]
    assert snapshot(continued.state) == snapshot(world.state)  # every depth, floor, inventory, fighter
    assert continued.checksum() == world.checksum()
    for _ in range(60):  # both play on alike, to the tick
        if world.state.over is not None:
            break
        world.apply(Confirm())
        continued.apply(Confirm())
        assert continued.checksum() == world.checksum(), world.state.tick
    assert continued.state.tick == world.state.tick > 0
