"""Handing gear to a companion, consumables used in play, and experience spent at the stairs (issue 10,
game.sim.run_actions): each command's events fold to the live state (a `Shadow` checks the fold after every
command), change the numbers the rules use, refuse bad requests with one line and replay from the run file."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from game.sim import events as ev
from game.sim.commands import CompanionStep, Confirm, Gear, Step, Train, from_dict, to_dict
from game.sim.geometry import Direction, chebyshev
from game.sim.inventory import numbers
from game.sim.run_world import run_setup, run_wearer
from game.sim.runfile import replay, save_run
from game.sim.state import WorldState
from game.sim.world import World
from rules.fighter import Wound, proficiency_level
from tests.world.test_world_history import Shadow

LEADER, COMPANION = "player", "companion_spearman_1"


def both(shadow: Shadow) -> tuple[WorldState, WorldState]:
    return shadow.world.state, shadow.state


def put_items(shadow: Shadow, who: str, items: tuple[tuple[str, int], ...]) -> None:
    """Lay `items` on `who`'s square in the live and the folded state alike (a pile found there), and pick
    them up by command."""
    for state in both(shadow):
        assert state.run is not None
        state.run.floor[state.actors[who].pos] = items
    for item, count in items:
        events = shadow.step(Gear("pick_up", item=item, count=count, actor=None if who == LEADER else who))
        assert isinstance(events[0], ev.ItemsPickedUp), events


def wound(shadow: Shadow, who: str, *wounds: Wound) -> None:
    """The same wounds on `who` in both states (as a fight would have left them)."""
    for state in both(shadow):
        for w in wounds:
            state.actors[who].fighter.add_wound(Wound(w.location, w.damage_type, w.level, w.pain, w.bl))


def refused(world: World, command: Gear | Train, reason: str) -> None:
    events = world.apply(command)
    assert len(events) == 1 and isinstance(events[0], ev.Rejected) and reason in events[0].reason, events
    assert "\n" not in events[0].reason


def bring_companion_beside(shadow: Shadow) -> None:
    """The companion steps toward the leader (the leader waits) until he stands beside him."""
    world = shadow.world
    for _ in range(10):
        s = world.state
        leader, companion = s.actors[LEADER], s.actors[COMPANION]
        if chebyshev(leader.pos, companion.pos) <= 1:
            return
        dx = (leader.pos.x > companion.pos.x) - (leader.pos.x < companion.pos.x)
        dy = (leader.pos.y > companion.pos.y) - (leader.pos.y < companion.pos.y)
        name = {(0, -1): "N", (0, 1): "S", (1, 0): "E", (-1, 0): "W", (1, -1): "NE", (1, 1): "SE", (-1, -1): "NW",
                (-1, 1): "SW"}[(dx, dy)]
        if s.house_rules.adjacency == 4 and dx and dy:
            name = "E" if dx > 0 else "W"
        shadow.step(CompanionStep(COMPANION, name))
        shadow.step(Step(None))
    raise AssertionError("the companion never came beside the leader")


def test_giving_gear_to_a_companion_moves_it_and_changes_both_loads(tmp_path: Path) -> None:
    shadow = Shadow(World(run_setup(3), seed=3))
    world = shadow.world
    run = world.state.run
    assert run is not None
    assert chebyshev(world.state.actors[LEADER].pos, world.state.actors[COMPANION].pos) > 1  # seed 3's start
    refused(world, Gear("give", item="small_shield", to=COMPANION), "Spearman is not beside Knight")
    bring_companion_beside(shadow)
    refused(world, Gear("give", item="small_shield", to=COMPANION), "is equipped: unequip it first")
    shadow.step(Gear("unequip", slot="shield"))
    companion = world.state.actors[COMPANION]
    load_before = run.inventories[COMPANION].load(run.content.items)
    tick = world.state.tick
    events = shadow.step(Gear("give", item="small_shield", to=COMPANION))
    assert events == [ev.ItemsGiven(LEADER, COMPANION, "small_shield", 1)]
    assert run.inventories[LEADER].count("small_shield") == 0 and run.inventories[COMPANION].count("small_shield") == 1
    assert run.inventories[COMPANION].load(run.content.items) > load_before
    assert companion.speed == numbers(run.inventories[COMPANION], run_wearer(run, companion),
                                      items=run.content.items, catalog=world.state.catalog).move_points
    assert world.state.tick == tick  # free: no tick passed
    for command, reason in ((Gear("give", item="small_shield", to=COMPANION), "you carry 0"),
                            (Gear("give", item="arming_sword", to=LEADER), "to whom?"),
                            (Gear("give", item="arming_sword", to="nobody"), "no one of the party"),
                            (Gear("give", item="no_such_thing", to=COMPANION), "no item")):
        refused(world, command, reason)
        assert from_dict(to_dict(command)) == command
    shadow.step(Step("N"))
    save_run(world, tmp_path / "give.jsonl", final=True)
    assert replay(tmp_path / "give.jsonl").world.checksum() == world.checksum()


def test_equipping_a_shield_beside_a_two_handed_spear_is_refused() -> None:
    shadow = Shadow(World(run_setup(3), seed=3))
    shadow.step(Gear("unequip", slot="shield"))
    bring_companion_beside(shadow)
    shadow.step(Gear("give", item="small_shield", to=COMPANION))
    refused(shadow.world, Gear("equip", item="small_shield", actor=COMPANION), "two-handed")


@pytest.mark.parametrize("seed", [3, 4, 5, 6])
def test_a_bandage_rolls_first_aid_at_once_and_counts_are_limited(seed: int) -> None:
    shadow = Shadow(World(run_setup(seed), seed=seed))
    world = shadow.world
    run = world.state.run
    assert run is not None
    refused(world, Gear("use", item="bandage"), "carries no Linen Bandage")
    put_items(shadow, LEADER, (("bandage", 6),))
    refused(world, Gear("pick_up", item="bandage"), "there are not 1")
    refused(world, Gear("use", item="bandage"), "no wound bleeds")
    wound(shadow, LEADER, Wound("forearm", "cut", 2, 3, 2))
    fighter = world.state.actors[LEADER].fighter
    draws = world.state.combat.draws
    events = shadow.step(Gear("use", item="bandage"))
    used = events[0]
    assert isinstance(used, ev.ItemUsed) and used.effect == "first_aid" and used.faces
    dice = (fighter.attributes.WT + fighter.attributes.PER) // 2 + 2
    assert len(used.faces) == dice and world.state.combat.draws > draws
    assert isinstance(events[-1], ev.StreamsAt)  # the roll's draws are marked for the fold
    assert run.inventories[LEADER].count("bandage") == 5
    if used.successes > 0:
        assert fighter.blood_loss == 0
    else:
        assert fighter.blood_loss == 2


def test_a_painkiller_eases_less_with_each_dose_and_styptic_and_cordial_follow_the_rules() -> None:
    shadow = Shadow(World(run_setup(3), seed=3))
    world = shadow.world
    run = world.state.run
    assert run is not None
    put_items(shadow, LEADER, (("poppy_tincture", 3), ("styptic_powder", 1), ("red_cordial", 1)))
    fighter = world.state.actors[LEADER].fighter
    wound(shadow, LEADER, Wound("thigh", "cut", 3, 5, 2), Wound("chest", "puncture", 2, 4, 0))
    assert fighter.pain == 9
    shadow.step(Gear("use", item="poppy_tincture"))
    assert fighter.pain == 6 and run.doses[LEADER] == 1
    shadow.step(Gear("use", item="poppy_tincture"))
    assert fighter.pain == 4 and run.doses[LEADER] == 2
    refused(world, Gear("use", item="red_cordial"), "stop the bleeding first")
    shadow.step(Gear("use", item="styptic_powder"))
    assert fighter.blood_loss == 0 and run.inventories[LEADER].count("styptic_powder") == 0
    refused(world, Gear("use", item="red_cordial"), "no health was lost")
    for state in both(shadow):
        state.actors[LEADER].fighter.ht -= 1  # as blood loss took it
    shadow.step(Gear("use", item="red_cordial"))
    assert fighter.ht == fighter.sheet.attributes.HT
    refused(world, Gear("use", item="arming_sword"), "is no consumable")


def test_a_bandage_on_a_companion_beside_him() -> None:
    shadow = Shadow(World(run_setup(4), seed=4))
    put_items(shadow, LEADER, (("styptic_powder", 2),))
    wound(shadow, COMPANION, Wound("shin", "cut", 2, 2, 1))
    companion = shadow.world.state.actors[COMPANION]
    if chebyshev(shadow.world.state.actors[LEADER].pos, companion.pos) > 1:
        refused(shadow.world, Gear("use", item="styptic_powder", to=COMPANION), "is not beside")
    bring_companion_beside(shadow)
    events = shadow.step(Gear("use", item="styptic_powder", to=COMPANION))
    assert isinstance(events[0], ev.ItemUsed) and events[0].on == COMPANION
    assert companion.fighter.blood_loss == 0


def test_experience_is_spent_at_the_stairs_on_proficiencies_and_attributes() -> None:
    shadow = Shadow(World(run_setup(3), seed=3))
    world = shadow.world
    run = world.state.run
    assert run is not None
    leader = world.state.actors[LEADER]
    refused(world, Train("proficiency", "sword_and_shield"), "costs 9 experience; you have 0")
    for state in both(shadow):
        assert state.run is not None
        state.run.experience[LEADER] = 30
        state.run.experience[COMPANION] = 8
    cp = leader.fighter.max_cp()
    events = shadow.step(Train("proficiency", "sword_and_shield"))
    assert events == [ev.Trained(LEADER, "proficiency", "sword_and_shield", 9, 9)]
    assert leader.fighter.sheet.level == 9 and leader.fighter.max_cp() == cp + 1 and run.experience[LEADER] == 21
    damage = numbers(run.inventories[LEADER], run_wearer(run, leader), items=run.content.items,
                     catalog=world.state.catalog).damage_swing
    events = shadow.step(Train("attribute", "ST"))
    assert events == [ev.Trained(LEADER, "attribute", "ST", 7, 21)] and run.experience[LEADER] == 0
    assert leader.fighter.sheet.attributes.ST == 7
    assert numbers(run.inventories[LEADER], run_wearer(run, leader), items=run.content.items,
                   catalog=world.state.catalog).damage_swing == (damage or 0) + 1
    shadow.step(Train("proficiency", "polearm", actor=COMPANION))
    assert world.state.actors[COMPANION].fighter.sheet.level == 8 and run.experience[COMPANION] == 0
    for command, reason in ((Train("attribute", "XX"), "no attribute"), (Train("proficiency", "juggling"),
                            "no proficiency"), (Train("attribute", "AG"), "costs 21 experience; you have 0")):
        refused(world, command, reason)
        assert from_dict(to_dict(command)) == command
    # away from the stairs: refused
    for state in both(shadow):
        assert state.run is not None
        state.run.experience[LEADER] = 50
    for _ in range(6):
        if world.state.pending is not None and world.state.pending.kind == "step":
            shadow.step(Step("E"))
    from game.sim.run_actions import at_the_stairs

    assert not at_the_stairs(run, leader)
    refused(world, Train("attribute", "AG"), "at the stairs")


def test_experience_earned_in_a_run_is_spent_on_arrival_and_replays(tmp_path: Path) -> None:
    """The AI leads seed 10 down the stairs (the first arrival on depth 2 gives experience); the player then
    spends it beside the stairs he arrived by, and the run file replays it."""
    world = World(run_setup(10), seed=10, player_ai=True)
    run = world.state.run
    assert run is not None
    while run.depth == 1:
        assert world.state.over is None and world.state.tick < 2000
        world.apply(Confirm())
    leader = world.state.actors[LEADER]
    have = run.experience[LEADER]
    assert have >= 5
    catalog = world.state.catalog
    ratings = run_wearer(run, leader).proficiencies
    cheapest = min(catalog.proficiencies, key=lambda p: (proficiency_level(ratings, p, catalog), p))
    level = proficiency_level(ratings, cheapest, catalog)
    assert level + 1 <= have
    events = world.apply(Train("proficiency", cheapest))
    assert events == [ev.Trained(LEADER, "proficiency", cheapest, level + 1, level + 1)]
    assert run.experience[LEADER] == have - level - 1
    world.apply(Confirm())
    save_run(world, tmp_path / "train.jsonl", final=True)
    again = replay(tmp_path / "train.jsonl").world
    assert again.checksum() == world.checksum()
    assert again.state.run is not None and again.state.run.trained == run.trained


def test_a_heavy_load_costs_cp_in_the_rules_and_on_the_screens() -> None:
    """Encumbrance's CP penalty (rules.encumbrance) is on the fighter's sheet from what he carries: his pool
    and his rest drop by it, the character and inventory screens show it, and setting it down gives it back."""
    from game.sim.party_sheet import character_view, gear_view, now_rows

    shadow = Shadow(World(run_setup(3), seed=3))
    state = shadow.world.state
    leader = state.actors[LEADER]
    before = leader.fighter.max_cp()
    assert leader.fighter.sheet.encumbrance_cp == 0
    assert character_view(state, LEADER).cp_line == f"CP {before} (unencumbered)"
    put_items(shadow, LEADER, (("mail_hauberk", 1), ("mail_chausses", 1), ("great_helm", 1)))
    for item in ("mail_hauberk", "mail_chausses", "great_helm"):
        shadow.step(Gear("equip", item=item))
    run = state.run
    assert run is not None
    n = numbers(run.inventories[LEADER], run_wearer(run, leader), items=run.content.items, catalog=state.catalog)
    assert n.cp_load > 0 and leader.fighter.sheet.encumbrance_cp == n.cp_load
    assert leader.fighter.max_cp() == leader.fighter.rested_cp() == n.cp == before - n.cp_load
    assert character_view(state, LEADER).cp_line.startswith(f"CP {n.cp}: {before} before the load's -{n.cp_load}")
    assert dict(now_rows(gear_view(state, LEADER)))["CP"] == f"{n.cp} ({before} - {n.cp_load} load)"
    for slot, item in (("body_over", "mail_hauberk"), ("legs", "mail_chausses"), ("head", "great_helm")):
        shadow.step(Gear("unequip", slot=slot))
        shadow.step(Gear("drop", item=item))  # a lighter load: CP and move points follow at once
        now = numbers(run.inventories[LEADER], run_wearer(run, leader), items=run.content.items, catalog=state.catalog)
        assert leader.fighter.max_cp() == now.cp == before - now.cp_load and leader.speed == now.move_points
    assert leader.fighter.sheet.encumbrance_cp == 0 and leader.fighter.max_cp() == before


def _pace(shadow: Shadow, ticks: int) -> list[ev.WorldEvent]:
    """The leader walks to and fro for `ticks` ticks (a walker does not heal, so pain changes only by the
    painkiller), the events of every tick."""
    state = shadow.world.state
    leader = state.actors[LEADER]
    way = next(d for d in ("N", "S", "E", "W") if state.tilemap.passable(leader.pos.step(Direction[d]))
               and leader.pos.step(Direction[d]) not in state.occupancy)
    back = {"N": "S", "S": "N", "E": "W", "W": "E"}[way]
    events: list[ev.WorldEvent] = []
    for i in range(ticks):
        events += shadow.step(Step(way if i % 2 == 0 else back))
    return events


@pytest.mark.parametrize("seed", [3, 6])  # seeds whose foes leave the pacing knight alone for 240 ticks
def test_a_painkiller_wears_off_and_its_pain_comes_back(seed: int) -> None:
    from game.sim.party_sheet import character_view
    from game.sim.run_world import PAINKILLER_TICKS

    shadow = Shadow(World(run_setup(seed), seed=seed))
    state = shadow.world.state
    run = state.run
    assert run is not None
    put_items(shadow, LEADER, (("poppy_tincture", 2),))
    fighter = state.actors[LEADER].fighter
    wound(shadow, LEADER, Wound("thigh", "cut", 3, 5, 0), Wound("chest", "puncture", 2, 4, 0))
    shadow.step(Gear("use", item="poppy_tincture"))
    taken = state.tick
    assert fighter.pain == 6 and run.doses[LEADER] == 1
    assert character_view(state, LEADER).numbed == f"painkiller: 3 pain numbed, wears off in {PAINKILLER_TICKS} ticks"
    events = _pace(shadow, PAINKILLER_TICKS - 1)
    assert not [e for e in events if isinstance(e, ev.PainReturned)] and fighter.pain == 6
    events = _pace(shadow, 1)
    # the thigh was numbed 5 -> 2 (the chest not): its pain comes back
    returned = [e for e in events if isinstance(e, ev.PainReturned)]
    assert state.tick == taken + PAINKILLER_TICKS and returned == [ev.PainReturned(LEADER, ((0, 5),))]
    assert fighter.pain == 9 and run.doses.get(LEADER, 0) == 0 and LEADER not in run.numbed
    assert character_view(state, LEADER).numbed == ""
    shadow.step(Gear("use", item="poppy_tincture"))  # the dose gone, the next works in full again
    assert fighter.pain == 6


def test_the_ai_leader_bandages_numbs_and_trains_at_the_stairs() -> None:
    """The AI leader (game.sim.run_ai) uses what a player would: a bandage on a bleeding wound, a
    painkiller on pain of `PAINKILLER_PAIN` or more, and his experience at the stairs on his fighting
    proficiency, through the same events as the commands (the fold checked every tick)."""
    from game.sim.run_ai import PAINKILLER_PAIN
    from rules.progression import proficiency_cost

    shadow = Shadow(World(run_setup(3), seed=3, player_ai=True))
    state = shadow.world.state
    run = state.run
    assert run is not None
    leader = state.actors[LEADER]
    for s in both(shadow):
        assert s.run is not None
        inv = s.run.inventories[LEADER]  # (found on the way, as far as this test cares)
        s.run.inventories[LEADER] = replace(inv, carried=(*inv.carried, ("bandage", 2), ("poppy_tincture", 1)))
        s.run.experience[LEADER] = 25
    wound(shadow, LEADER, Wound("thigh", "cut", 3, PAINKILLER_PAIN + 1, 2))
    prof, level = leader.fighter.sheet.proficiency, leader.fighter.sheet.level
    events = shadow.step()
    used = [e for e in events if isinstance(e, ev.ItemUsed)]
    assert used and used[0].effect == "first_aid" and used[0].on == LEADER and len(used) == 1
    trained = [e for e in events if isinstance(e, ev.Trained)]
    # at the stairs (he starts beside the stairs up): his fighting proficiency, as long as he can pay
    first, second, third = (proficiency_cost(level + i) for i in range(3))
    assert first + second <= 25 < first + second + third
    assert [(e.kind, e.name, e.value, e.cost) for e in trained] == [
        ("proficiency", prof, level + 1, first), ("proficiency", prof, level + 2, second)]
    assert leader.fighter.sheet.level == level + 2 and run.experience[LEADER] == 25 - first - second
    later: list[ev.WorldEvent] = []
    for _ in range(3):  # a failed bandage is tried again next tick; once bleeding stops (or the bandages are
        later += shadow.step()  # gone) the pain's turn comes: one painkiller, not a second while it works
    kinds = [e.effect for e in later if isinstance(e, ev.ItemUsed)]
    assert kinds.count("painkiller") == 1 and set(kinds) <= {"first_aid", "painkiller"} and len(kinds) <= 2
    assert LEADER in run.numbed and leader.fighter.pain < PAINKILLER_PAIN + 1


def test_a_consumable_that_changes_the_pool_changes_the_cp_in_hand() -> None:
    """docs/run.md "CP in hand": a painkiller's eased pain gives the dice it held back at once (not at
    the next round's rest), a cordial's HT given back from 1 lifts the halving, and pain coming back when
    the dose wears off takes them again; every step folded (the Shadow) like the live state."""
    from game.sim.run_world import PAINKILLER_TICKS

    shadow = Shadow(World(run_setup(3), seed=3))
    state = shadow.world.state
    put_items(shadow, LEADER, (("poppy_tincture", 1), ("red_cordial", 1)))
    fighter = state.actors[LEADER].fighter
    wound(shadow, LEADER, Wound("thigh", "cut", 3, 5, 0))
    for s in both(shadow):
        s.actors[LEADER].fighter.cp = s.actors[LEADER].fighter.max_cp()  # as the last round's rest left him
    full = fighter.max_cp()
    assert fighter.cp == full and fighter.pain == 5
    shadow.step(Gear("use", item="poppy_tincture"))
    assert fighter.pain == 2 and fighter.max_cp() == full + 3 and fighter.cp == full + 3  # at once
    for s in both(shadow):
        s.actors[LEADER].fighter.ht = 1  # as blood loss took it: the pool is halved at HT 1
        s.actors[LEADER].fighter.cp = s.actors[LEADER].fighter.max_cp()
    halved = fighter.cp
    shadow.step(Gear("use", item="red_cordial"))
    assert fighter.ht == 2 and fighter.cp == fighter.max_cp() == full + 3 > halved
    events = _pace(shadow, PAINKILLER_TICKS)
    assert any(isinstance(e, ev.PainReturned) for e in events)
    assert fighter.pain == 5 and fighter.cp == fighter.max_cp() == full
