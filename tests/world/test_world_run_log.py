"""The combat log tells a run's events in plain words (issue 10: game/sim/run_log.py through
`game.sim.log.describe`): stairs and the depth entered with its theme, items, chests, recruits,
followers, training, consumables and their effect, painkillers wearing off, the relic, the victory;
and an AI-led run's log has a line for each of them that happened."""

from __future__ import annotations

from game.sim import events as ev
from game.sim.commands import Confirm
from game.sim.log import describe
from game.sim.run_world import run_setup
from game.sim.world import World
from tests.world.test_world_run_victory import WON_SEED

NAMES = {"player": "Knight", "c1": "Spearman", "r1": "Sellsword", "b1": "Bandit 1"}


def line(event: ev.WorldEvent) -> str | None:
    return describe(event, NAMES)


def test_stairs_and_the_depth_entered_with_its_theme() -> None:
    assert line(ev.LevelChanged(2, 3, (("player", 1, 1), ("c1", 1, 2)), "bandit_hold")) == (
        "Knight, Spearman take the stairs down to depth 3, The Bandit Hold")
    up = ev.LevelChanged(3, 2, (("player", 1, 1),), "caves")
    assert line(up) == "Knight takes the stairs up to depth 2, The Caves"
    assert line(ev.LevelChanged(3, 2, (("player", 1, 1),))) == "Knight takes the stairs up to depth 2"


def test_items_picked_up_put_down_dropped_given_equipped_and_taken_off() -> None:
    assert line(ev.ItemsPickedUp("player", (1, 1), (("bandage", 3), ("spear", 1)))) == (
        "Knight picks up 3 Linen Bandage, Spear")
    assert line(ev.ItemPutDown("player", (1, 1), "bandage", 2)) == "Knight puts down 2 Linen Bandage"
    assert line(ev.ItemsDropped("b1", (1, 1), (("spear", 1), ("gambeson", 1)))) == (
        "Bandit 1 drops Spear, Gambeson where he fell")
    assert line(ev.ItemsGiven("player", "c1", "bandage", 1)) == "Knight gives Linen Bandage to Spearman"
    on = ev.GearChanged("player", "mail_hauberk", (), (("body_over", "mail_hauberk"),))
    assert line(on) == "Knight equips Mail Hauberk (body over)"
    off = ev.GearChanged("player", "mail_hauberk", (("mail_hauberk", 1),), ())
    assert line(off) == "Knight takes off Mail Hauberk"


def test_chests_recruits_followers_and_training() -> None:
    assert line(ev.ChestOpened("player", (2, 2), (("coins", 18), ("bandage", 1)))) == (
        "Knight opens a chest: 18 Silver Coins, Linen Bandage")
    assert line(ev.ChestOpened("player", (2, 2), ())) == "Knight opens a chest: it is empty"
    assert line(ev.Recruited("player", "r1", "hireling", 40)) == "Knight hires Sellsword for 40 coins"
    assert line(ev.Recruited("player", "r1", "prisoner")) == "Knight frees Sellsword, who joins the party"
    assert line(ev.RecruitRefused("player", "r1", "Sellsword asks 40 coins; you have 0")) == (
        "Sellsword does not join: Sellsword asks 40 coins; you have 0")
    assert line(ev.FollowerSetOut("c1", 2, 345)) == (
        "Spearman is left behind on depth 2 and follows the party (arrives at tick 345)")
    assert line(ev.FollowerArrived("c1", 2, (3, 3))) == "Spearman catches up with the party, from depth 2"
    assert line(ev.Trained("player", "proficiency", "sword_and_shield", 9, 9)) == (
        "Knight trains sword and shield to 9 (9 experience)")
    assert line(ev.ExperienceGained("player", 5, "b1")) == "Knight gains 5 experience (Bandit 1 fell)"
    assert line(ev.ExperienceGained("player", 10, "depth 3")) == "Knight gains 10 experience (depth 3)"


def test_consumables_say_what_they_did_and_painkillers_wear_off() -> None:
    bandage = ev.ItemUsed("player", "c1", "bandage", "first_aid", ((0, 3, 0),), None, (9, 2, 8), 2)
    assert line(bandage) == "Knight uses Linen Bandage on Spearman: first aid [9, 2, 8] 2 successes, the bleeding stops"
    failed = ev.ItemUsed("player", "player", "bandage", "first_aid", ((0, 3, 2),), None, (1, 2), 0)
    assert line(failed) == "Knight uses Linen Bandage: first aid [1, 2] 0 successes, still bleeding 2"
    assert line(ev.ItemUsed("player", "player", "poppy_tincture", "painkiller", ((0, 2, 0), (1, 1, 0)))) == (
        "Knight uses Poppy Tincture: the pain eases to 3")
    assert line(ev.ItemUsed("player", "player", "styptic_powder", "staunch", ((0, 1, 0), (1, 1, 2)))) == (
        "Knight uses Styptic Powder: the worst bleeding stops, 2 left")
    assert line(ev.ItemUsed("player", "c1", "red_cordial", "restore", (), 4)) == (
        "Knight uses Red Cordial on Spearman: HT back to 4")
    assert line(ev.PainReturned("player", ((0, 4), (1, 2)))) == "Knight's painkiller wears off: the pain is back to 6"


def test_the_relic_taken_and_the_victory() -> None:
    assert line(ev.ItemsPickedUp("player", (1, 1), (("iron_crown", 1),))) == (
        "Knight takes The Iron Crown: now to bring it out")
    assert line(ev.GameOver("victory", 2640)) == "== victory at tick 2640 =="


def test_an_ai_led_runs_log_tells_its_run_events() -> None:
    """Every run event of an AI-led run of `WON_SEED` (a won run) has its line, none of them blank."""
    world = World(run_setup(WON_SEED), seed=WON_SEED, player_ai=True)
    names: dict[str, str] = {}
    seen: dict[str, str] = {}
    for _ in range(8000):
        if world.state.over is not None:
            break
        for e in world.apply(Confirm()):
            names.update({a.id: a.name for a in world.state.actors.values()})
            text = describe(e, names)
            if e.type in {"level_changed", "items_picked_up", "gear_changed", "chest_opened", "recruited",
                          "follower_set_out", "follower_arrived", "trained", "item_used", "items_dropped",
                          "experience", "game_over", "came_round"}:
                assert text, e
                seen.setdefault(e.type, text)
    assert world.state.over == "victory"
    assert seen["level_changed"].startswith("Knight") and "depth 2, The Caves" in seen["level_changed"]
    assert seen["game_over"].startswith("== victory")
    assert {"chest_opened", "recruited", "trained", "item_used", "follower_arrived", "came_round"} <= set(seen)
    assert seen["came_round"].endswith("comes round and stands again")
