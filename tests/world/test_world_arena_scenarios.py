"""The arena's scenarios from source document 001 (`merry_thieves`, `francis_and_the_assassins`) under every
combat system the world hosts: an AI fight reaches an end (or its tick limit with the log rebuilding the
world at every tick), its recording replays in sync, and under Sophia's Children the thugs act as one
Squad and the assassins roll their own initiative, as the document has them."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.sim import events as ev
from game.sim.arena import arena_systems
from game.sim.commands import Confirm
from game.sim.log import describe
from game.sim.runfile import replay, save_run
from game.sim.scenario_file import load_named_scenario
from game.sim.world import World
from rules.sophias_children import events as sev
from tests.world.test_world_history import Shadow

SCENARIOS = ("merry_thieves", "francis_and_the_assassins")


@pytest.mark.parametrize("system", [c.id for c in arena_systems()])
@pytest.mark.parametrize("scenario", SCENARIOS)
def test_the_documents_scenarios_play_and_replay_under_every_system(scenario: str, system: str,
                                                                    tmp_path: Path) -> None:
    w = World(load_named_scenario(scenario), seed=2, player_ai=True, combat_system=system)
    shadow = Shadow(w)
    fought = False
    for _ in range(160):
        if w.state.over is not None:
            break
        fought |= any(isinstance(e, ev.RulesEvent) for e in shadow.step(Confirm()))
    assert fought, f"{scenario} under {system}: no bout in 160 ticks"
    path = tmp_path / "run.jsonl"
    save_run(w, path, final=w.state.over is not None)
    assert replay(path).world.summary()["checksum"] == w.summary()["checksum"]


def _joined(scenario: str) -> list[sev.CombatantJoined]:
    w = World(load_named_scenario(scenario), seed=2, player_ai=True, combat_system="sophias_children")
    out: list[sev.CombatantJoined] = []
    for _ in range(60):
        out += [e.event for e in w.apply(Confirm()) if isinstance(e, ev.RulesEvent)
                and isinstance(e.event, sev.CombatantJoined)]
    return out


def test_under_sophias_children_the_thugs_are_one_squad_and_the_assassins_leaders() -> None:
    thugs = [j for j in _joined("merry_thieves") if j.side != "player"]
    assert len({j.fighter for j in thugs}) == 4  # (one may join several bouts in turn)
    assert all(j.squad for j in thugs) and len({j.unit for j in thugs}) == 1
    assassins = [j for j in _joined("francis_and_the_assassins") if j.side != "player"]
    assert len({j.fighter for j in assassins}) == 2
    assert all(j.kind == "leader" and not j.squad for j in assassins)
    assert len({j.unit for j in assassins}) == 2  # each rolls his own initiative


def test_a_world_squad_is_named_after_its_members_in_the_log_and_the_table() -> None:
    w = World(load_named_scenario("merry_thieves"), seed=2, player_ai=True, combat_system="sophias_children")
    names = {a.id: a.name for a in w.state.actors.values()}
    lines: list[str] = []
    tables: list[str] = []
    for _ in range(60):
        for e in w.apply(Confirm()):
            line = describe(e, names, w.system.describe)
            if line:
                lines.append(line)
        for bout in w.state.bouts.values():
            tables += [text for _, text in w.system.table(bout.rules)]
    text = "\n".join(lines + tables)
    assert "the Thugs' Squad" in text or "The Thugs' Squad" in text
    assert "@" not in text  # never the raw Squad id


def _surprise(rows: list[str]) -> dict[str, tuple[bool, int | None]]:
    from tests.world.worlds import setup

    w = World(setup(rows), player_ai=True, combat_system="sophias_children")
    return {e.event.side: (e.event.surprised, e.event.face) for e in w.opening
            if isinstance(e, ev.RulesEvent) and isinstance(e.event, sev.SurpriseDecided)}


def test_surprise_is_adjudicated_from_who_faces_whom_when_the_bout_begins() -> None:
    # everyone starts facing south: the bandit stands behind the knight (north of him) and faces him
    behind = _surprise(["#####", "#...#", "#.b.#", "#.@.#", "#...#", "#####"])
    assert behind == {"player": (True, None), "bandits": (False, None)}  # adjudicated: no 1d6
    # the bandit south of the knight: the knight faces him, the bandit has his back to the knight
    facing = _surprise(["#####", "#...#", "#.@.#", "#.b.#", "#...#", "#####"])
    assert facing == {"player": (False, None), "bandits": (True, None)}


def test_a_systems_prompt_is_titled_in_words_not_by_its_kind() -> None:
    """Seen under Xvfb: Gold & Glory's declaration prompt read "Gg declare"."""
    from game.sim.player_view import choice_view

    titles: set[str] = set()
    for system in ("sophias_children", "dew_sequence", "gold_and_glory"):
        w = World(load_named_scenario("arena_three_way"), seed=3, combat_system=system, difficulty="normal")
        for _ in range(120):
            pending = w.state.pending
            if w.state.over is not None or pending is None:
                break
            if pending.kind == "decide":
                choice = choice_view(pending.asks)
                assert choice is not None and choice.title and "_" not in choice.title
                assert choice.title.lower() != choice.kind.replace("_", " ")
                titles.add(choice.title)
            w.apply(Confirm())
    assert "Action points and speed for the round" in titles
