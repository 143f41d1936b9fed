"""game.sim.deciding (issue 12): the difficulty picks the enemies' decision-maker, the party and the leader's
defaults use the planner on streams of their own, the run file records the difficulty, and asking for a
default or its reason changes nothing in the world."""

from __future__ import annotations

import json
from pathlib import Path
from typing import cast

import pytest

from game.sim.commands import Confirm
from game.sim.deciding import Deciding, concerns, engaged_with, explain_for
from game.sim.declaring import chance_text, declaration_source
from game.sim.difficulty import DIFFICULTIES
from game.sim.leader_step import badly_hurt
from game.sim.recording import RecordingError
from game.sim.runfile import header_for, replay, save_run
from game.sim.scenario_file import load_named_scenario
from game.sim.world import World
from rules.deciders import DecisionMaker
from rules.decisions import DECLARATION, Decision
from rules.dice import SeededStream
from rules.fighter import Wound
from rules.menu import available_actions
from rules.systems import CombatSystem
from tests.rules.planner_helpers import random_bout


def _world(seed: int = 2, difficulty: str | None = "normal") -> World:
    return World(load_named_scenario("arena_three_way"), seed=seed, difficulty=difficulty)


def _log(world: World, ticks: int, *, ask: bool) -> list[str]:
    """The event log of `ticks` Enters; with `ask` the view's questions are put before every command."""
    out = [json.dumps(e.to_dict(), sort_keys=True) for e in world.opening]
    asked = 0
    for _ in range(ticks):
        s = world.state
        if s.over is not None:
            break
        if ask:
            draws = (s.combat.draws, s.ai.draws, s.cosmetic.draws)
            world.contextual_orientation(None)
            source = declaration_source(s)
            if source is not None and s.pending is not None and s.pending.kind == "declare":
                source.menu()
                source.explain()
                asked += 1
            for fid in s.actors:
                explain_for(s, fid)
            assert (s.combat.draws, s.ai.draws, s.cosmetic.draws) == draws  # nothing drawn from the world
        out += [json.dumps(e.to_dict(), sort_keys=True) for e in world.apply(Confirm())]
    if ask:
        assert asked > 0  # the run reached the leader's declarations
    return out


def test_difficulty_picks_the_enemies_decision_maker_and_the_party_plans() -> None:
    makers = {d: (_world(difficulty=d).deciding.enemies.name, _world(difficulty=d).deciding.party.name)
              for d in DIFFICULTIES}
    assert makers == {"easy": ("baseline", "planner"), "normal": ("planner_fast", "planner"),
                      "hard": ("planner", "planner")}
    old = _world(difficulty=None).deciding
    assert old.legacy and old.enemies is old.party and old.enemies.name == "baseline"
    with pytest.raises(ValueError, match="unknown difficulty 'nightmare': choose one of easy, normal, hard"):
        _world(difficulty="nightmare")


@pytest.mark.parametrize("seed", [2, 5])
def test_asking_for_defaults_changes_nothing_in_the_event_log(seed: int) -> None:
    quiet = _log(_world(seed), 24, ask=False)
    asked = _log(_world(seed), 24, ask=True)
    assert quiet == asked
    assert _log(_world(seed), 24, ask=False) == quiet  # and the same seed and commands give the same log


def test_enter_declares_the_planners_suggestion_with_its_reason() -> None:
    world = _world(2)
    for _ in range(40):
        s = world.state
        if s.pending is not None and s.pending.kind == "declare":
            break
        world.apply(Confirm())
    s = world.state
    assert s.pending is not None and s.pending.kind == "declare"
    source = declaration_source(s)
    assert source is not None
    suggested = source.menu().default
    why = source.explain()
    assert why and explain_for(s, s.leader) == f"Suggested: {why}"
    events = world.apply(Confirm())
    rules_events = [e.to_dict()["event"] for e in events if e.type == "rules"]
    declared = [d for d in rules_events if d["type"] == "declared"]
    mine = [d for d in declared if d["fighter"] == s.leader]
    assert mine, declared
    assert len(mine[0]["actions"]) == len(suggested)
    assert [a["maneuver"] for a in mine[0]["actions"]] == [a.maneuver for a in suggested]


def test_the_old_game_keeps_the_rules_default_and_explains_nothing() -> None:
    world = _world(2, difficulty=None)
    while world.state.pending is not None and world.state.pending.kind != "declare":
        world.apply(Confirm())
    s = world.state
    source = declaration_source(s)
    assert source is not None
    bout = s.bout_of(s.leader)
    assert bout is not None
    assert source.menu().default == available_actions(bout.rules, s.leader).default
    assert source.explain() == "" and explain_for(s, s.leader) == ""


def test_the_run_file_records_the_difficulty_and_replays_in_sync(tmp_path: Path) -> None:
    world = _world(4, difficulty="hard")
    for _ in range(30):
        if world.state.over is not None:
            break
        world.apply(Confirm())
    assert header_for(world).setup["difficulty"] == "hard"
    path = tmp_path / "run.jsonl"
    save_run(world, path)
    again = replay(path)
    assert again.world.deciding.difficulty == "hard"
    assert again.world.checksums == world.checksums


def test_a_file_without_the_field_is_the_old_game_and_a_bad_one_is_refused(tmp_path: Path) -> None:
    world = _world(3, difficulty=None)
    for _ in range(20):
        world.apply(Confirm())
    assert "difficulty" not in header_for(world).setup
    path = tmp_path / "old.jsonl"
    save_run(world, path)
    assert replay(path).world.deciding.legacy
    lines = path.read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[0])
    header["setup"]["difficulty"] = "nightmare"
    bad = tmp_path / "bad.jsonl"
    bad.write_text("\n".join([json.dumps(header, separators=(",", ":")), *lines[1:]]) + "\n", encoding="utf-8")
    with pytest.raises(RecordingError) as caught:
        replay(bad)
    message = str(caught.value)
    assert "difficulty must be one of easy, normal, hard, not 'nightmare'" in message
    assert "\n" not in message


def test_the_inspect_line_tells_a_companions_choice_and_a_foes_only_once_resolved() -> None:
    world = _world(2)
    companion = "companion_spearman_1"
    seen: set[str] = set()
    for _ in range(30):
        s = world.state
        for fid, actor in s.actors.items():
            line = explain_for(s, fid)
            bout = s.bout_of(fid)
            if line:
                assert line.startswith("Last choice: " if fid != s.leader else "Suggested: ")
                assert bout is not None
                assert actor.party or fid not in bout.rules.declarations  # a foe's: never before it resolves
                seen.add(fid)
        world.apply(Confirm())
    assert companion in seen and s.leader in seen
    assert any(not world.state.actors[f].party for f in seen)  # a foe's (normal: planner_fast) once resolved


def test_enters_step_keeps_the_party_together_out_of_a_fight() -> None:
    from game.sim.geometry import manhattan

    world = _world(4)
    assert _world(4, difficulty=None).suggested_step() is None  # the old game's Enter waits
    assert World(load_named_scenario("guards_and_bandits"), seed=1, difficulty="normal").suggested_step() is None
    moved = 0
    for _ in range(20):
        s = world.state
        leader, spearman = s.actors[s.leader], s.actors["companion_spearman_1"]
        if badly_hurt(leader.fighter):
            break  # (the hurt leader's step is the next test's)
        step = world.suggested_step()
        apart = manhattan(leader.pos, spearman.pos)
        if s.bout_of(s.leader) is not None or apart <= 1:
            assert step is None
        elif step is not None:
            assert manhattan(leader.pos.step(step), spearman.pos) < apart
            before = leader.pos
            world.apply(Confirm())
            assert s.actors[s.leader].pos != before  # Enter took it
            moved += 1
            continue
        world.apply(Confirm())
    assert moved > 0


def test_a_badly_hurt_leader_withdraws_from_the_foes_near_him_and_rests() -> None:
    """Badly hurt, Enter steps away from the foes close to him (in a fight only at its footwork stage, and
    then Defensive), and waits (rest) once none is close; unhurt in a fight it holds his ground."""
    from game.sim.geometry import Pos, manhattan
    from game.sim.leader_step import THREAT_IN_FIGHT, THREAT_OUT_OF_FIGHT, suggested_step

    world = _world(4)
    s = world.state
    while s.bout_of(s.leader) is None:  # Enter until his first fight (a foe next to him)
        world.apply(Confirm())
    leader = s.actors[s.leader]
    living = [a for a in s.actors.values() if a.alive and not a.fighter.out_of_fight]
    goals: list[Pos] = []
    assert suggested_step(s, goals, living, footwork=True) is None  # unhurt: he holds his ground

    def nearest_foe(pos: Pos) -> int:
        return min(manhattan(pos, a.pos) for a in living if s.hostile(leader.id, a.id))

    f = leader.fighter
    f.add_wound(Wound("chest", "cut", 4, -(-(f.sheet.level + f.reflex) // 2), 0))  # half of all his pool
    assert badly_hurt(f) and nearest_foe(leader.pos) <= THREAT_IN_FIGHT
    assert suggested_step(s, goals, living, footwork=False) is None  # no footwork now: he waits
    step = suggested_step(s, goals, living, footwork=True)
    assert step is not None and nearest_foe(leader.pos.step(step)) > nearest_foe(leader.pos)
    assert world.input.contextual_orientation(step) == "defensive"  # a step away, and so what Enter sends
    far = [a for a in living if not s.hostile(leader.id, a.id) or manhattan(leader.pos, a.pos) > THREAT_OUT_OF_FIGHT]
    assert len(far) < len(living)
    assert suggested_step(s, goals, far, footwork=True) is None  # no foe close: he rests


class _Echo:
    """A combat system stand-in whose suggestion is the name of the decision-maker it was handed."""

    def suggest(self, bout: object, decision: object, maker: DecisionMaker, stream: object) -> str:
        return maker.name


def test_a_foe_plans_only_when_he_fights_the_party() -> None:
    """In the party's bout a foe busy with somebody else answers as the baseline (cheap), one who targets a
    party member (or is targeted by one) with the difficulty's planner; before anyone has a target, every
    foe of the party's bout plans, and a fight the party is not in stays on the baseline."""
    bout = random_bout(3, 4, 4)  # f0 the party, f1..f3 three other sides, all hostile to each other
    deciding = Deciding("hard", 1)
    party = frozenset({"f0"})

    def maker(fid: str, members: frozenset[str] = party) -> str:
        decision = Decision(DECLARATION, fid)
        return cast(str, deciding.answer(cast(CombatSystem, _Echo()), bout, 1, decision, party=fid in members,
                                         party_members=members, tick=1, world_ai=SeededStream(1, "ai")))

    assert [maker(f) for f in ("f0", "f1", "f2", "f3")] == ["planner"] * 4  # nothing shows whom they fight
    bout.targets.update({"f0": "f1", "f1": "f2", "f2": "f3", "f3": "f2"})
    assert engaged_with(bout, "f1") == {"f0", "f2"} and engaged_with(bout, "f3") == {"f2"}
    assert [maker(f) for f in ("f0", "f1", "f2", "f3")] == ["planner", "planner", "baseline", "baseline"]
    assert [maker(f, frozenset()) for f in ("f1", "f2")] == ["baseline", "baseline"]
    assert concerns(bout, "f3", frozenset({"f2"})) and not concerns(bout, "f3", party)


@pytest.mark.parametrize("seed", [2, 3, 5])
def test_the_suggestion_quotes_the_menus_own_odds(seed: int) -> None:
    """The suggestion line and the menu's odds panel speak of the same choice with the same numbers (they
    once said "100 % to land" beside "Lands 77%")."""
    world = _world(seed)
    compared = 0
    for _ in range(120):
        s = world.state
        if s.over is not None:
            break
        source = declaration_source(s) if s.pending is not None and s.pending.kind == "declare" else None
        if source is not None:
            default = source.menu().default
            why = source.explain()
            for i, action in enumerate(default):
                odds = source.odds(action, default[:i])
                if action.action not in ("defend",) and odds.land is not None:
                    assert f"{chance_text(odds.land)} to land" in why, (why, odds.land)
                    compared += 1
        world.apply(Confirm())
    assert compared > 0
