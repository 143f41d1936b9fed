"""Shots in a Dew world land by Dew's own missile rules (`rules.dew.shots`, through `HostedDew.shoot` and
`shot_problem`, asked by `game.sim.shooting`): the shot and the attack procedure's events in the log, the
target's EN and BD changed where he is (his bout, or his carried record), folded from the log at every
tick, replayed in sync; a shot beyond the Dew range is refused."""

from __future__ import annotations

from pathlib import Path

from game.sim import events as ev
from game.sim.commands import Confirm
from game.sim.runfile import replay, save_run
from game.sim.scenario_file import load_named_scenario
from game.sim.world import World
from rules.dew import events as dev
from rules.dew.hosted import as_dew
from rules.dew.shots import preparations, problem, reach
from rules.dew.stats import load_stats
from rules.systems import Entrant
from tests.world.test_world_history import Shadow

STATS = load_stats()


def test_aiming_prepares_the_shot_and_multiplies_the_range() -> None:
    archer = STATS.creatures["bandit_archer"]  # 2 active blows: one preparation at most, the last blow looses
    bow = STATS.weapons["short_bow"]  # range 4
    assert [preparations(archer, bow, t) for t in (0, 1, 5)] == [0, 1, 1]
    assert reach(archer, bow, 0) == 4 and reach(archer, bow, 3) == 8
    assert preparations(archer, STATS.weapons["sling"], 3) == 0  # no preparations with a sling
    assert problem(STATS, archer, "short_bow", 8, 1) is None
    out = problem(STATS, archer, "short_bow", 5, 0)
    assert out is not None and "range" in out
    assert problem(STATS, archer, "arming_sword", 1, 0) is not None


def test_the_world_refuses_a_shot_beyond_the_dew_range() -> None:
    w = World(load_named_scenario("merry_thieves"), seed=1, player_ai=True, combat_system="dew_sequence")
    system = w.system
    archer = next(a for a in w.state.actors.values() if a.missile is not None)
    assert archer.missile is not None
    who = Entrant(archer.creature, archer.faction)
    assert system.shot_problem(who, archer.fighter, archer.missile.id, 40, 0) is not None  # type: ignore[attr-defined]
    assert system.shot_problem(who, archer.fighter, archer.missile.id, 2, 0) is None  # type: ignore[attr-defined]


def test_shots_land_by_dews_rules_and_the_log_rebuilds_them(tmp_path: Path) -> None:
    w = World(load_named_scenario("merry_thieves"), seed=1, player_ai=True, combat_system="dew_sequence")
    shadow = Shadow(w)
    landed: list[object] = []
    carried: list[ev.Carried] = []
    into: list[object] = []
    for _ in range(300):
        if w.state.over is not None:
            break
        events = shadow.step(Confirm())
        landing = False
        for e in events:
            if isinstance(e, ev.ShotLanded):
                landed.append(e.event)
                landing = True
            elif isinstance(e, ev.RulesEvent) and landing:  # the target's part, into his bout
                into.append(e.event)
            elif isinstance(e, ev.ShotsDone):
                landing = False
            elif isinstance(e, ev.Carried) and landing:  # the target out of any bout: his record after it
                carried.append(e)
                assert dict(e.record)["spent"] == 0
        for bout in w.state.bouts.values():
            b = as_dew(bout.rules)
            for fid, f in b.fighters.items():
                if not f.conscious:
                    assert w.state.actors[fid].fighter.out_of_fight
    assert landed, "no shot landed"
    assert all(type(e).__module__ == "rules.dew.events" for e in landed), {type(e).__name__ for e in landed}
    shots = [e for e in landed if isinstance(e, dev.ShotLoosed)]
    rolls = [e for e in landed if isinstance(e, dev.HitRoll)]
    assert shots and len(rolls) == len(shots)
    assert all(s.distance <= s.reach for s in shots)
    hurt = [e for e in landed + into if isinstance(e, dev.Damaged)]
    assert hurt, "no shot hurt anyone"
    assert all(isinstance(e, dev.Damaged | dev.OutOfFight) for e in into)
    assert all(r.parries == () and r.weapon in STATS.weapons and STATS.weapons[r.weapon].missile for r in rolls)
    path = tmp_path / "shots.jsonl"
    save_run(w, path, final=True)
    assert replay(path).world.summary()["checksum"] == w.summary()["checksum"]


def test_a_shot_at_a_man_out_of_any_bout_changes_his_carried_record() -> None:
    """Scripted dice: the archer (to hit 15, short bow, one aimed tick: one preparation) at a brute 3
    squares off who stood still (alert: no surprise): 6+6 = 12 + AC 8 - 1, less 1 preparation = 18 against
    15, a hit; D12 3 - 1 + 1 = 3 against 10, not critical; D6 5 + 2 for the preparation = 7 off the 12 EN
    he carried (no rest: straight after his last bout); BD 9 as he carried it."""
    from rules.dew.dice import scripted
    from rules.systems import Shot

    w = World(load_named_scenario("merry_thieves"), seed=1, player_ai=True, combat_system="dew_sequence")
    s = w.state
    archer = next(a for a in s.actors.values() if a.missile is not None)
    foe = s.actors["bandit_brute_1"]  # AC 8, first modifier -1, second +1
    assert archer.missile is not None
    kept = (("en", 12), ("bd", 9), ("spent", 0))
    shot = Shot(archer.id, foe.id, Entrant(archer.creature, archer.faction), Entrant(foe.creature, foe.faction,
                carried=kept), archer.missile.id, 3, 1, False)
    dice = scripted([6, 6, 3, 5])
    out = w.system.shoot(shot, s.fighters, dice)  # type: ignore[attr-defined]
    assert out.wasted is None and out.bout_events == []
    kinds = [type(e) for e in out.events]
    assert kinds == [dev.ShotLoosed, dev.HitRoll, dev.CriticalRoll, dev.Damaged], kinds
    roll, damage = out.events[1], out.events[3]
    assert (roll.total, roll.outcome, roll.preparations, roll.surprise) == (18, "hit", 1, 1)
    assert (damage.damage, damage.en_after, damage.bd_after) == (7, 5, 9)
    assert out.carried == (("en", 5), ("bd", 9), ("spent", 0))
    assert dice.remaining == 0
