"""game.sim.run_summary: the end screen's numbers from world events (hand-made and from a real world)."""

from __future__ import annotations

from game.sim import events as ev
from game.sim.commands import Confirm
from game.sim.run_summary import summarize
from game.sim.scenario_file import dungeon_setup
from game.sim.world import World
from rules.events import Attack, WoundRecord
from rules.ranged import Shot


def _wound(location: str, level: int, kind: str = "cut") -> WoundRecord:
    return WoundRecord(zone="IV", location=location, damage_type=kind, level=level, raw=level, bl=1, shock=level,
                       pain=level, knockdown=None, knockout=None, destroyed=False, death=False)


def _attack(attacker: str, defender: str, wound: WoundRecord | None) -> ev.RulesEvent:
    return ev.RulesEvent(1, Attack(seq=1, exchange=1, attacker=attacker, defender=defender, maneuver="swing", dice=5,
                                   tn=6, faces=(9, 9, 2), successes=2, defence=None, mos=2, hit=wound is not None,
                                   wound=wound))


def _shot(shooter: str, target: str, wound: WoundRecord | None, stray: tuple[str, WoundRecord] | None = None
          ) -> ev.ShotLanded:
    return ev.ShotLanded(Shot(exchange=0, shooter=shooter, target=target, weapon="short_bow", distance=5,
                              band="short", zone="IX", level=6, aim_ticks=0, aim_dice=0, dice=6, tn=6,
                              faces=(8,), successes=1, defence_dice=0, defence_tn=0, defence_faces=(),
                              defence_successes=0, defence_cp=0, mos=1, hit=wound is not None, wound=wound,
                              botch=stray is not None, botch_face=1, hit_instead=stray[0] if stray else None,
                              stray_wound=stray[1] if stray else None))


PARTY = {"hero", "archer"}
FACTIONS = {"hero": "player", "archer": "player", "bandit": "bandits", "goblin": "goblins", "wolf": "wolves",
            "rat": "vermin"}
NAMES = {"hero": "Knight", "archer": "Archer", "bandit": "Bandit", "wolf": "Wolf", "goblin": "Goblin"}


def test_a_hand_made_run() -> None:
    events: list[ev.WorldEvent] = [
        ev.TickStarted(1),
        _attack("hero", "bandit", _wound("chest", 3)),
        _attack("bandit", "hero", _wound("forearm", 2)),
        _attack("bandit", "hero", _wound("thigh", 0)),  # glanced off: no wound
        _attack("hero", "bandit", None),
        ev.TickStarted(2),
        ev.Died("bandit", "wounds"),
        _shot("archer", "goblin", _wound("face", 4, "puncture")),
        ev.Died("goblin", "wounds"),
        ev.Died("goblin", "wounds"),  # counted once
        _shot("goblin", "rat", None, stray=("hero", _wound("hand", 1, "puncture"))),
        _attack("wolf", "rat", _wound("neck", 5)),
        ev.Died("rat", "wounds"),  # the wolf's kill, not the party's
        ev.TickStarted(9),
        _attack("wolf", "hero", _wound("neck", 4)),
        ev.Died("hero", "blood loss"),
        ev.GameOver("death", 9),
    ]
    s = summarize(events, party=PARTY, leader="hero", factions=FACTIONS, names=NAMES)
    assert s.outcome == "death" and s.turns == 9 and s.depth == 1
    assert s.kills_by_faction == {"bandits": 1, "goblins": 1} and s.kills == 2
    assert s.wounds_taken == 3  # forearm, the stray arrow to the hand, the neck
    assert s.best_blow == "Archer's shot to Goblin's face, level 4"
    assert s.cause_of_death == "bled to death after Wolf's cut to the neck, level 4"
    assert s.to_dict()["kills_by_faction"] == {"bandits": 1, "goblins": 1}


def test_depth_victory_and_nothing_happened() -> None:
    class Descended(ev.WorldEvent):  # stands in for the stairs event the world will emit
        __slots__ = ("depth",)
        type = "descended"

        def __init__(self, depth: int) -> None:
            self.depth = depth

    s = summarize([ev.TickStarted(3), Descended(2), Descended(4), ev.GameOver("victory", 40)],
                  party=PARTY, leader="hero", factions=FACTIONS, depth=1)
    assert (s.outcome, s.depth, s.turns, s.kills, s.wounds_taken, s.best_blow, s.cause_of_death) == (
        "victory", 4, 40, 0, 0, None, None)
    empty = summarize([], party=PARTY, leader="hero", factions=FACTIONS)
    assert (empty.outcome, empty.turns, empty.kills) == ("unfinished", 0, 0)
    killed = summarize([_attack("bandit", "hero", _wound("face", 5)), ev.Died("hero", "wounds")],
                       party=PARTY, leader="hero", factions=FACTIONS, names=NAMES)
    assert killed.cause_of_death == "killed by Bandit (cut to the face, level 5)"
    assert summarize([ev.Died("hero", "wounds")], party=PARTY, leader="hero", factions=FACTIONS
                     ).cause_of_death == "wounds"


def test_a_real_world() -> None:
    """From a real AI-led dungeon run: the numbers agree with the events, seed by seed."""
    any_kill = False
    for seed in (1, 2, 3, 6):  # (6: since companions let fleeing foes go, the guards finish them in 2 and 3)
        world = World(dungeon_setup(seed, party=("player_fighter", "companion_spearman")), seed=seed, player_ai=True)
        events = list(world.opening)
        for _ in range(250):
            events.extend(world.apply(Confirm()))
        actors = world.state.actors
        party = {a.id for a in actors.values() if a.fighter.sheet.side == "player"}
        factions = {a.id: a.fighter.sheet.side for a in actors.values()}
        s = summarize(events, party=party, leader=world.state.leader, factions=factions)
        died = {e.actor for e in events if isinstance(e, ev.Died)}
        assert s.kills <= len(died - party)
        assert set(s.kills_by_faction) <= set(factions.values()) - {"player"}
        assert s.turns == max(e.tick for e in events if isinstance(e, ev.TickStarted))
        party_wounds = sum(1 for e in events if isinstance(e, ev.RulesEvent) and isinstance(e.event, Attack)
                           and e.event.hit and e.event.wound is not None and e.event.wound.level > 0
                           and e.event.defender in party)
        assert s.wounds_taken >= party_wounds
        knocked_out = {e.actor for e in events if isinstance(e, ev.KnockedOut)}
        assert (s.cause_of_death is not None) == (world.state.leader in died | knocked_out)
        any_kill = any_kill or s.kills > 0
    assert any_kill
