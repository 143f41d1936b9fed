"""Ranged attacks in the world (SPEC §4.9): aiming over consecutive ticks, a shot landing at the next
tick, refusals, and AI archers."""

from __future__ import annotations

import json
from pathlib import Path

from game.sim import events as ev
from game.sim.commands import Aim, Confirm, Declare, Shoot, Step, Target, from_dict, to_dict
from game.sim.runfile import replay, save_run
from game.sim.world import World
from rules.events import Declared
from rules.ranged import Shot, passive_defence_dice
from tests.world.worlds import setup, under_fire, world

ARCHER_CAST = {
    "@": ("companion_archer_melee", "player", True),
    "b": ("bandit", "bandits", False),
    "s": ("companion_spearman", "player", True),
}


def test_the_player_aims_then_shoots_and_the_shot_lands_at_the_next_tick() -> None:
    w = world(["############", "#@.......b.#", "############"], cast=ARCHER_CAST)
    w.state.actors["b1"].flee_threshold = None
    for expected in (1, 2, 3):
        events = w.apply(Aim("b1"))
        aimed = [e for e in events if isinstance(e, ev.Aimed)]
        assert aimed and aimed[0].ticks == expected
    events = w.apply(Shoot("b1"))
    loosed = [e for e in events if isinstance(e, ev.ShotLoosed)]
    assert loosed and loosed[0].aim_ticks == 3
    assert not [e for e in events if isinstance(e, ev.ShotLanded)]
    landed = [e for e in w.apply(Confirm()) if isinstance(e, ev.ShotLanded)]
    shot = landed[0].event.to_dict()
    assert shot["type"] == "shot" and shot["shooter"] == "player" and shot["target"] == "b1"


def test_aiming_only_counts_on_consecutive_ticks() -> None:
    w = world(["############", "#@.......b.#", "############"], cast=ARCHER_CAST)
    w.apply(Aim("b1"))
    w.apply(Step(None))
    events = w.apply(Aim("b1"))
    assert [e.ticks for e in events if isinstance(e, ev.Aimed)] == [1]


def test_shots_are_refused_without_a_bow_or_without_a_line() -> None:
    w = world(["############", "#@.......b.#", "############"])  # the knight has no bow
    refused = w.apply(Shoot("b1"))
    assert [e.type for e in refused] == ["rejected"]
    w2 = world(["#####", "#@b.#", "#####"], cast=ARCHER_CAST)
    assert [e.type for e in w2.apply(Shoot("b1"))] != ["rejected"]  # in melee: allowed (issue 13 item 14)
    w3 = world(["#########", "#@.#..b.#", "#########"], cast=ARCHER_CAST)
    assert [e.type for e in w3.apply(Shoot("b1"))] == ["rejected"]  # a wall in the way


def test_an_ai_archer_shoots_at_a_foe_in_sight() -> None:
    cast = {"@": ("player_fighter", "player", True), "a": ("bandit_archer", "bandits", False)}
    w = world(["##############", "#@.........a.#", "##############"], cast=cast)
    w.state.actors["a1"].flee_threshold = None
    loosed = []
    for _ in range(6):
        loosed += [e for e in w.apply(Step(None)) if isinstance(e, ev.ShotLoosed)]
    assert loosed and loosed[0].actor == "a1"


# ---- the target's CP against a shot (SPEC §4.9: the free pool plus CP at s0/s1, CP only at s2) ---------

MELEE = ["##############", "#.........s..#", "#@........b..#", "#............#", "##############"]
ARCHER_AT_LEADER = ["##############", "#@.........a.#", "##############"]
FIGHTER_AND_ARCHER = {"@": ("player_fighter", "player", True), "a": ("bandit_archer", "bandits", False)}


def _shot(events: list[ev.WorldEvent]) -> Shot:
    shots = [e.event for e in events if isinstance(e, ev.ShotLanded) and isinstance(e.event, Shot)]
    assert len(shots) == 1
    return shots[0]


def _shoot_into_the_melee(seed: int, waits: int) -> tuple[World, int, int, list[ev.WorldEvent]]:
    """The leader shoots the bandit fighting the spearman; returns the world, the bandit's step and CP
    when the shot lands, and the landing tick's events."""
    w = world(MELEE, cast=ARCHER_CAST, seed=seed)
    for a in w.state.actors.values():
        a.flee_threshold = None
    for _ in range(waits):
        w.apply(Step(None))
    assert [e.type for e in w.apply(Shoot("b1"))] != ["rejected"]
    bout = w.state.bout_of("b1")
    assert bout is not None
    return w, bout.step, w.state.actors["b1"].fighter.cp, w.apply(Confirm())


def test_an_ai_target_at_s0_s1_adds_cp_to_its_free_pool_and_pays_for_it() -> None:
    w, step, cp, events = _shoot_into_the_melee(seed=1, waits=0)
    bandit = w.state.actors["b1"].fighter
    assert step == 1 and cp == bandit.max_cp()
    shot = _shot(events)
    added = 2  # a quarter of a full 11 CP (rules.ai.suggest_shot_defence)
    assert shot.defence_cp == added
    assert shot.defence_dice == passive_defence_dice(bandit, 1) + added  # the free pool plus the CP
    assert not shot.hit and bandit.cp == cp - added  # a miss: nothing else took CP this tick (s1)


def test_an_ai_target_at_s2_defends_with_cp_only_and_declares_with_the_rest() -> None:
    _, step, cp, events = _shoot_into_the_melee(seed=4, waits=1)
    assert step == 2
    shot = _shot(events)
    assert shot.defence_cp == 2 and shot.defence_dice == 2  # no free pool at s2
    declared = [e.event for e in events if isinstance(e, ev.RulesEvent) and isinstance(e.event, Declared)
                and e.event.fighter == "b1"]
    assert declared, "the bandit declares after the shot has landed"
    spent = sum(a.cost for a in declared[0].actions)
    assert declared[0].cp_left == cp - 2 - spent


def _leader_under_fire(seed: int = 1) -> World:
    """Wait until the bandit archer's shot is in the air at the leader (it lands at the next tick)."""
    w = world(ARCHER_AT_LEADER, cast=FIGHTER_AND_ARCHER, seed=seed)
    w.state.actors["a1"].flee_threshold = None
    for _ in range(12):
        pending = w.state.pending
        assert pending is not None
        if pending.incoming:
            return w
        w.apply(Step(None))
    raise AssertionError("the archer never shot")


def test_the_decision_announces_the_shot_and_the_players_cp_is_used() -> None:
    w = _leader_under_fire()
    pending = w.state.pending
    assert pending is not None and pending.kind == "step"
    assert pending.incoming == ("a1",) and pending.shot_defence == 0  # out of a bout the AI would keep its CP
    leader = w.state.actors["player"].fighter
    cp = leader.cp
    free = passive_defence_dice(leader, None)
    shot = _shot(w.apply(Step(None, shot_defence_cp=3)))
    assert shot.target == "player" and shot.defence_cp == 3 and shot.defence_dice == free + 3
    assert leader.cp == cp - 3
    assert w.commands[-1][1]["shot_defence_cp"] == 3  # recorded with the command


def test_without_a_value_the_leader_takes_the_suggestion() -> None:
    w = _leader_under_fire()
    shot = _shot(w.apply(Confirm()))
    assert shot.defence_cp == 0
    assert "shot_defence_cp" not in w.commands[-1][1]


def test_an_illegal_defence_is_rejected_and_changes_nothing() -> None:
    w = _leader_under_fire()
    leader = w.state.actors["player"].fighter
    before = (w.state.tick, w.checksum(), leader.cp, len(w.commands), w.state.pending)
    for bad, reason in ((-1, "0 or more"), (leader.cp + 1, f"you have {leader.cp} CP")):
        events = w.apply(Step(None, shot_defence_cp=bad))
        assert [e.type for e in events] == ["rejected"]
        assert reason in events[0].to_dict()["reason"]
        assert (w.state.tick, w.checksum(), leader.cp, len(w.commands), w.state.pending) == before
    w.apply(Step(None))  # the shot lands
    events = w.apply(Confirm(shot_defence_cp=1))  # nothing in the air now
    assert [e.type for e in events] == ["rejected"] and "no shot is coming" in events[0].to_dict()["reason"]


def test_a_defence_choice_is_recorded_and_replays_exactly(tmp_path: Path) -> None:
    w = _leader_under_fire(seed=2)
    w.apply(Step(None, shot_defence_cp=2))
    for _ in range(6):
        pending = w.state.pending
        assert pending is not None
        w.apply(Confirm(shot_defence_cp=1) if pending.incoming else Confirm())
    path = tmp_path / "run.jsonl"
    save_run(w, path)
    assert '"shot_defence_cp":2' in path.read_text()
    result = replay(path, build=lambda _: setup(ARCHER_AT_LEADER, cast=FIGHTER_AND_ARCHER, seed=2))
    assert result.world.checksums == w.checksums and result.world.summary() == w.summary()


def test_commands_carry_the_defence_through_json() -> None:
    for command in (Step("N", None, 2), Aim("b1", 0), Shoot("b1", "XIII", 1), Target("b1", 3),
                    Declare((), 4), Confirm(5), Confirm()):
        assert from_dict(json.loads(json.dumps(to_dict(command)))) == command
    assert "shot_defence_cp" not in to_dict(Step("N"))


def test_at_s2_the_leaders_declaration_must_fit_in_the_cp_the_shot_leaves() -> None:
    w = under_fire(seed=1)
    pending = w.state.pending
    assert pending is not None
    menu = w.menu()
    assert menu is not None and pending.shot_defence > 0
    default = menu.default
    leader = w.state.actors["player"].fighter
    cp = leader.cp
    before = (w.checksum(), leader.cp, len(w.commands))
    events = w.apply(Declare(default, shot_defence_cp=cp))  # every CP against the arrow: none left to declare
    assert [e.type for e in events] == ["rejected"]  # the menu, short of CP, refuses the declaration
    bout = w.state.bout_of("player")
    assert bout is not None and "player" not in bout.rules.declarations
    assert (w.checksum(), leader.cp, len(w.commands)) == before
    events = w.apply(Declare((), shot_defence_cp=cp))  # declaring nothing leaves it all for the arrow
    shot = _shot(events)
    assert shot.defence_cp == cp and shot.defence_dice == cp  # s2: only the CP defends


def test_a_target_that_never_moved_has_no_moving_target_penalty() -> None:
    """Issue 13 item 14: a shot loosed at tick 1 lands at tick 2; its target, who never stepped, used to
    count as moving (his last step's tick, -1, was within three ticks of tick 2)."""
    cast = {"@": ("bandit_archer", "player", True), "b": ("bandit", "bandits", False)}
    w = world(["##########", "#@.....b.#", "##########"], cast=cast, seed=3)
    w.state.actors["b1"].speed = 0  # (test set-up) he cannot take a step: he loses each one as "slow"
    assert not any(isinstance(e, ev.Rejected) for e in w.apply(Shoot("b1", "XI")))
    shots = []
    for _ in range(2):
        shots += [e.event for e in w.apply(Step(None)) if isinstance(e, ev.ShotLanded) and isinstance(e.event, Shot)]
    assert shots and shots[0].target == "b1"
    assert w.state.actors["b1"].stepped_tick == -1  # he never stepped
    assert all("moving" not in p.reason for p in shots[0].penalties), shots[0].penalties


def test_the_log_tells_a_shot_loosed_and_where_it_landed() -> None:
    from game.sim.log import describe

    w = world(["############", "#@.......b.#", "############"], cast=ARCHER_CAST)
    w.state.actors["b1"].flee_threshold = None
    names = {a.id: a.name for a in w.state.actors.values()}
    w.apply(Aim("b1"))
    loosed = [describe(e, names) for e in w.apply(Shoot("b1")) if isinstance(e, ev.ShotLoosed)]
    assert loosed == [f"{names['player']} looses at {names['b1']} after 1 tick of aim"]
    lines = [describe(e, names) for e in w.apply(Confirm()) if isinstance(e, ev.ShotLanded)]
    landed = [line for line in lines if line is not None]
    assert len(landed) == 1 and landed[0].startswith(f"{names['player']} shoots {names['b1']} (")
