"""Gold & Glory's basic actions with things, postures, jumping and climbing (rules.gold_glory.kit, leaps):
the branches the scenario files (31-41) do not walk, the stats and carry seams, and the AI's choices."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules.content import ContentErrors
from rules.decisions import GG_ACT, Decision
from rules.gold_glory import events as ev
from rules.gold_glory.ai import GGAI
from rules.gold_glory.build import Entrant, new_gg_bout
from rules.gold_glory.carry import record, restore
from rules.gold_glory.fold import Emitter
from rules.gold_glory.kit import carry_out as kit_do
from rules.gold_glory.leaps import carry_out as leap_do
from rules.gold_glory.options import act_options, can_move, defence_options
from rules.gold_glory.resolve import attack_mods
from rules.gold_glory.rolls import ScriptedDice
from rules.gold_glory.state import Frame, GGBout
from rules.gold_glory.stats import load_stats, load_stats_from


def duo(a: dict[str, object] | None = None, foe_at: tuple[int, int] = (9, 0), friend: bool = False) -> GGBout:
    """A (a human fighter at 0,0 facing E, `a` his Entrant fields), a goblin foe, and with `friend` B beside A."""
    people = [Entrant("A", "Ann", "red", "human_fighter", (0, 0), "E", **(a or {})),  # type: ignore[arg-type]
              Entrant("G", "Gob", "blue", "goblin", foe_at, "W")]
    if friend:
        people.append(Entrant("B", "Bo", "red", "human_fighter", (0, 1), "E", hands=("arming_sword",)))
    bout = new_gg_bout(load_stats(), people)
    bout.round = 1
    for f in bout.fighters.values():
        f.declared, f.ap, f.ap_left, f.mp_left = True, 3, 3, 3
    bout.stage = "turns"
    return bout


def values(bout: GGBout, fid: str = "A") -> set[str]:
    return {o.value for o in act_options(bout, Frame(fid, "turn"))}


def test_a_belt_item_that_is_no_item_is_named_where_written(tmp_path: Path) -> None:
    bad = tmp_path / "gold_glory_stats.yaml"
    bad.write_text(
        "weapons:\n"
        "  - {id: stick, skill: club, dam: 2, abs: 1}\n"
        "  - {id: bite, skill: brawl, dam: 2, abs: 0, natural: true}\n"
        "potions:\n"
        "  - {id: tonic, heal: 3}\n"
        "creatures:\n"
        "  - {id: oaf, str: 5, dex: 5, con: 5, hp: 10, move: [1, 3, 6, 9], weapon: stick, belt: [tonic, bite]}\n"
    )
    with pytest.raises(ContentErrors) as info:
        load_stats_from(str(bad), "gold_glory_stats.yaml")
    text = str(info.value)
    assert "gold_glory_stats.yaml:7:" in text and "creatures[0].belt[1]" in text and "bite" in text
    assert "belt[0]" not in text


def test_bare_hands_and_a_natural_weapon() -> None:
    stats = load_stats()
    bout = duo({"hands": (), "belt": ("arming_sword",)})
    assert bout.fighters["A"].weapon.id == "fist"
    assert "draw:arming_sword" in values(bout)
    wolf = new_gg_bout(stats, [Entrant("W", "W", "x", "wolf", (0, 0)), Entrant("G", "G", "y", "goblin", (5, 0))])
    assert wolf.fighters["W"].hands == [] and wolf.fighters["W"].weapon.id == "wolf_bite"
    wolf.fighters["W"].ap = wolf.fighters["W"].ap_left = 3
    assert not any(v.startswith(("draw", "drop", "pickup", "give")) for v in values(wolf, "W"))
    with pytest.raises(ValueError, match="unknown item 'spoon'"):
        duo({"belt": ("spoon",)})


def test_a_full_round_action_only_with_nothing_spent() -> None:
    bout = duo({"belt": ("healing_potion",)})
    assert "draw:healing_potion" in values(bout) and "sheath:arming_sword" in values(bout)
    assert "draw:healing_potion;done" in values(bout) and "drop:arming_sword;done" not in values(bout)
    bout.fighters["A"].ap_left = 2
    assert not any(v.startswith(("draw", "sheath")) for v in values(bout))


def test_a_fumbled_handover_falls_at_the_receivers_feet() -> None:
    bout = duo({"hands": ("arming_sword", "healing_potion")}, friend=True)
    bout.fighters["B"].hands = []
    em = Emitter(bout)
    kit_do(em, "A", "give:B:healing_potion", ScriptedDice([1]))
    assert bout.offers == {"B": ("A", "healing_potion")} and "receive:A" in values(bout, "B")
    bout.fighters["B"].speed = "dash"  # mod-9: "when the action and movement mods are piling up"
    kit_do(em, "B", "receive:A", ScriptedDice([10]))  # 6 + 9 - 9 - 10 fails
    assert bout.fighters["A"].hands == ["arming_sword"] and bout.ground == {(0, 1): ["healing_potion"]}
    assert bout.offers == {}


def test_crouching_gives_no_melee_mod_sitting_and_lying_mod_plus_3() -> None:
    bout = duo(foe_at=(1, 0))
    for posture, mod in (("crouch", None), ("sit", 3), ("lie", 3), ("stand", None)):
        bout.fighters["A"].posture = posture
        assert attack_mods(bout, "G", "A").get("target down") == mod, posture
    bout.fighters["A"].posture = "sit"
    assert not can_move(bout.fighters["A"]) and "stand" in values(bout)
    bout.fighters["A"].posture = "crouch"
    assert can_move(bout.fighters["A"])


def test_a_jump_past_his_mp_lands_off_balance_or_falls() -> None:
    for balance, fell in ((1, False), (0, True)):
        bout = duo()
        bout.chasms = {(1, 0)}
        bout.fighters["A"].mp_left = 1  # the jump costs 2
        bout.fighters["A"].stats = bout.fighters["A"].stats.model_copy(update={"off_balance": balance})
        em = Emitter(bout)
        leap_do(em, "A", "jump:E", ScriptedDice([1]))
        assert bout.fighters["A"].pos == (2, 0) and bout.fighters["A"].prone is fell
        assert any(isinstance(e, ev.OffBalance) for e in em.events) is not fell


def test_climbing_slips_and_falls() -> None:
    bout = duo({"hands": ()})
    bout.heights = {(1, 0): (3, 0)}
    em = Emitter(bout)
    leap_do(em, "A", "climb:E", ScriptedDice([2]))  # 6 - 2: up one
    assert (bout.fighters["A"].climb_at, bout.fighters["A"].climb_level) == ((1, 0), 1)
    bout.fighters["A"].ap_left = 3
    assert values(bout) >= {"climb:E"} and not can_move(bout.fighters["A"])
    assert not any(v.startswith(("move:", "draw:", "attack:")) for v in values(bout))
    assert [o.value for o in defence_options(bout, "A", "G")] == ["none"]
    leap_do(em, "A", "climb:E", ScriptedDice([10]))  # -4: slips down one
    assert bout.fighters["A"].climb_level == 0 and bout.fighters["A"].climb_at is None
    bout.fighters["A"].ap_left = 3
    leap_do(em, "A", "climb:E", ScriptedDice([1]))
    bout.fighters["A"].ap_left = 3
    bout.fighters["A"].hands = ["arming_sword"]  # a hand occupied: mod-6
    leap_do(em, "A", "climb:E", ScriptedDice([7]))  # 6 - 6 - 7 = -7: falls off
    rolls = [e for e in em.events if isinstance(e, ev.Roll)]
    assert dict(rolls[-1].mods) == {"hands": -6} and rolls[-1].margin == -7
    assert bout.fighters["A"].prone and bout.fighters["A"].climb_level == 0


def test_what_a_hanging_man_drops_is_lost_down_the_chasm() -> None:
    bout = duo()
    bout.chasms = {(1, 0), (2, 0)}
    em = Emitter(bout)
    leap_do(em, "A", "jump:E", ScriptedDice([8]))  # 6 - 3 - 8 = -5: a square short (5 / 3), into the chasm
    assert bout.fighters["A"].fled
    bout = duo()
    bout.chasms = {(1, 0), (2, 0)}
    em = Emitter(bout)
    leap_do(em, "A", "jump:E", ScriptedDice([4]))  # -1: hangs
    assert bout.fighters["A"].hanging == (3, 0) and bout.fighters["A"].pos == (2, 0)
    assert values(bout) >= {"drop:arming_sword"} and not can_move(bout.fighters["A"])
    kit_do(em, "A", "drop:arming_sword", ScriptedDice([]))
    assert bout.fighters["A"].hands == [] and bout.ground == {}


def test_what_he_carries_goes_from_bout_to_bout() -> None:
    bout = duo({"belt": ("healing_potion",), "hp": 6})
    a = bout.fighters["A"]
    kept = record(a)
    assert kept == (("hp", 6), ("kit", 1), ("hand:arming_sword", 1), ("belt:healing_potion", 1))
    again = duo({"hands": ()})
    restore(again.fighters["A"], kept, load_stats())
    assert (again.fighters["A"].hands, again.fighters["A"].belt, again.fighters["A"].weapon.id) == (
        ["arming_sword"], ["healing_potion"], "arming_sword")
    older = duo({"belt": ("healing_potion",)})
    restore(older.fighters["A"], (("hp", 4), ("wound", 8)), load_stats())  # a record from before things: his own
    assert (older.fighters["A"].hp, older.fighters["A"].belt) == (4, ["healing_potion"])


def test_the_ai_drinks_when_hurt_and_takes_a_weapon_when_bare_handed() -> None:
    ai = GGAI()
    bout = duo({"hands": ("arming_sword", "healing_potion"), "hp": 5}, foe_at=(1, 0))
    d = Decision(GG_ACT, "A", tuple(act_options(bout, Frame("A", "turn"))), "done")
    assert ai.choose(bout, d) == "drink:healing_potion"
    bout.fighters["A"].hp = 12
    assert ai.choose(bout, d).startswith("attack:G")
    bout = duo({"hands": ()}, foe_at=(1, 0))
    bout.ground = {(0, 1): ["dagger"]}
    d = Decision(GG_ACT, "A", tuple(act_options(bout, Frame("A", "turn"))), "done")
    assert ai.choose(bout, d) == "pickup:dagger@0,1"
