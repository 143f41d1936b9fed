"""Missile attacks (rules/ranged.py, SPEC §4.9) and their content (content/missiles.yaml)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from rules.ai import SHOT_DEFENCE_MAX, suggest_shot_defence
from rules.catalog import MissileWeapon
from rules.content import default_catalog
from rules.dice import ScriptedStream, SeededStream
from rules.events import ShockApplied, WoundTaken
from rules.fighter import Attributes, FighterSheet, FighterState
from rules.ranged import (
    DODGE_TN,
    Modifier,
    Shot,
    ShotContext,
    aim_bonus,
    botch_face,
    can_shoot,
    crowd_penalty,
    defence_tn,
    passive_defence_dice,
    range_band,
    reload_ticks,
    resolve_shot,
)
from tests.content.contentkit import copy_shipped, errors_of, position, write

CAT = default_catalog()
MISSES = [1, 1, 1, 1, 1]  # the target's five passive defence dice, all failing


def missile(mid: str) -> MissileWeapon:
    return CAT.missiles[mid]


def shooter(bow: int = 5, fid: str = "S", **attrs: int) -> FighterState:
    base = {"AG": 6, "PER": 6} | attrs  # Aim 6
    sheet = FighterSheet.build(
        CAT, id=fid, attributes=Attributes.from_mapping(base), proficiencies={"bow": bow}, weapon=None
    )
    return FighterState(sheet)


def fighter(fid: str = "T", shield: str | None = None, **attrs: int) -> FighterState:
    """Reflex 5, PER 5, CP 11 with the default attributes."""
    sheet = FighterSheet.build(
        CAT, id=fid, attributes=Attributes.from_mapping(attrs), proficiencies={"cut_and_thrust": 6},
        weapon="arming_sword", shield=shield,
    )
    return FighterState(sheet)


def ctx(s: FighterState, t: FighterState, weapon: str = "short_bow", distance: int = 5, **kw: object) -> ShotContext:
    return ShotContext(shooter=s, target=t, weapon=missile(weapon), distance=distance, **kw)  # type: ignore[arg-type]


def shoot(c: ShotContext, faces: list[int]) -> Shot:
    stream = ScriptedStream(faces)
    result = resolve_shot(c, stream, CAT)
    assert stream.remaining == 0, "the test scripted more dice than the shot used"
    return result.shot


# ---- aim, range, penalties -------------------------------------------------------------------------


@pytest.mark.parametrize(("ticks", "aim6", "aim7"), [(0, 0, 0), (2, 0, 0), (3, 2, 2), (4, 4, 4), (5, 6, 7), (9, 6, 7)])
def test_aim_bonus_by_ticks(ticks: int, aim6: int, aim7: int) -> None:
    assert aim_bonus(shooter(), ticks) == aim6
    assert aim_bonus(shooter(AG=7, PER=7), ticks) == aim7  # 1/3 and 2/3 round down


def test_aim_adds_dice_to_the_pool() -> None:
    shot = shoot(ctx(shooter(bow=5), fighter(), aim_ticks=4), [1] * 9 + MISSES)
    assert (shot.level, shot.aim_dice, shot.dice) == (5, 4, 9)


@pytest.mark.parametrize(
    ("distance", "band", "atn"),
    [(1, "point_blank", 5), (3, "point_blank", 5), (4, "short", 6), (10, "short", 6), (11, "medium", 8),
     (20, "medium", 8), (21, "long", 10), (30, "long", 10)],
)
def test_range_bands_and_tn(distance: int, band: str, atn: int) -> None:
    found = range_band(missile("short_bow"), distance)
    assert found is not None and (found.name, found.atn) == (band, atn)
    shot = shoot(ctx(shooter(), fighter(), distance=distance), [1] * 5 + MISSES)
    assert (shot.band, shot.tn) == (band, atn)


def test_out_of_range_and_other_refusals() -> None:
    bow, s, t = missile("short_bow"), shooter(), fighter()
    assert range_band(bow, 31) is None
    assert can_shoot(s, bow, 31, True) == "out of range (31 squares; Short Bow reaches 30)"
    assert can_shoot(s, bow, 5, False) == "no clear line of fire"
    assert can_shoot(s, bow, 5, True, reload_left=2) == "reloading (2 more ticks)"
    assert can_shoot(s, bow, 0, True) is not None
    assert can_shoot(s, bow, 30, True) is None
    for bad in (
        ctx(s, t, distance=31),
        ctx(s, t, clear_line_of_fire=False),
        ctx(s, t, reload_left=1),
        ctx(s, t, zone="III"),  # a swing zone
        ctx(s, t, defence_cp=12),  # more than the target's 11 CP
        ctx(s, t, target_step=3),
    ):
        with pytest.raises(ValueError):
            resolve_shot(bad, ScriptedStream([]), CAT)


def test_reload_ticks() -> None:
    assert {m: reload_ticks(missile(m)) for m in CAT.missiles} == {
        "short_bow": 1, "long_bow": 1, "crossbow": 3, "sling": 1, "throwing_knife": 0, "javelin": 0,
    }


def test_crowd_penalties() -> None:
    assert [crowd_penalty(n) for n in range(5)] == [0, 0, 4, 6, 6]
    s = shooter(bow=8)
    two = shoot(ctx(s, fighter(), crowd=2), [1] * 4 + MISSES)
    three = shoot(ctx(s, fighter(), crowd=3), [1] * 2 + MISSES)
    assert (two.dice, three.dice) == (4, 2)
    assert two.penalties == (Modifier("into a melee of 2", dice=-4),)
    assert three.penalties == (Modifier("into a melee of 3", dice=-6),)


def test_a_pool_pushed_below_one_die_rolls_one_die_at_a_higher_tn() -> None:
    shot = shoot(ctx(shooter(bow=5), fighter(), crowd=3), [5] + MISSES)  # 5 - 6 = -1 dice
    assert (shot.dice, shot.tn, shot.successes, shot.botch) == (1, 6 + 2, 0, False)


def test_aimed_zone_penalties() -> None:
    s = shooter(bow=8)
    head = shoot(ctx(s, fighter(), zone="XIII"), [1] * 6 + MISSES)
    arm = shoot(ctx(s, fighter(), zone="XIV"), [1] * 5 + MISSES)
    assert (head.dice, arm.dice) == (6, 5)


def test_moving_target_raises_the_tn() -> None:
    shot = shoot(ctx(shooter(), fighter(), target_moved_this_exchange=True), [1] * 5 + MISSES)
    assert shot.tn == 6 + 1
    assert shot.penalties == (Modifier("moving target", tn=1),)


# ---- botches into a crowd --------------------------------------------------------------------------


def test_botch_number_rises_with_the_crowd() -> None:
    assert [botch_face(n) for n in range(5)] == [1, 1, 2, 3, 4]


def test_a_botch_into_a_crowd_hits_a_neighbour() -> None:
    s, t = shooter(bow=8), fighter()
    n1, n2 = fighter("N1"), fighter("N2")
    # crowd 3: 8 - 6 = 2 dice at TN 6; faces 3 and 2 both count as ones (botch face 3).
    # Then the target's 5 defence dice, the neighbour pick (7 names nobody, 2 names N2) and the d6.
    shot = shoot(ctx(s, t, crowd=3, neighbours=(n1, n2)), [3, 2, *MISSES, 7, 2, 1])
    assert shot.botch and shot.botch_face == 3 and not shot.hit
    assert shot.hit_instead == "N2"
    assert shot.stray_wound is not None and shot.stray_wound.location == "lower_abdomen"
    assert shot.stray_wound.raw == 1 + 6 - 5  # stray MoS 1 + short bow 6 - TO 5
    assert [w.location for w in n2.wounds] == ["lower_abdomen"]
    assert t.wounds == [] and n1.wounds == []


def test_the_same_faces_without_a_crowd_are_no_botch() -> None:
    shot = shoot(ctx(shooter(bow=2), fighter(), neighbours=(fighter("N1"),)), [3, 2, *MISSES])
    assert not shot.botch and shot.hit_instead is None


def test_a_botch_with_one_neighbour_needs_no_pick_and_without_neighbours_just_misses() -> None:
    n1 = fighter("N1")
    shot = shoot(ctx(shooter(bow=2), fighter(), crowd=1, neighbours=(n1,)), [1, 1, *MISSES, 6])
    assert shot.botch and shot.hit_instead == "N1"
    alone = shoot(ctx(shooter(bow=2), fighter()), [1, 1, *MISSES])
    assert alone.botch and alone.hit_instead is None and alone.stray_wound is None


# ---- the target's defence --------------------------------------------------------------------------


@pytest.mark.parametrize("step", [None, 0, 1])
def test_passive_defence_out_of_melee_and_at_s0_s1(step: int | None) -> None:
    t = fighter()
    shot = shoot(ctx(shooter(), t, target_step=step, defence_cp=2), [1] * 5 + [1] * 7)
    assert (shot.defence_dice, shot.defence_tn, shot.defence_cp) == (5 + 2, DODGE_TN, 2)
    assert t.cp == 11 - 2


def test_at_s2_only_cp_defends() -> None:
    t = fighter()
    shot = shoot(ctx(shooter(), t, target_step=2, defence_cp=3), [1] * 5 + [1] * 3)
    assert shot.defence_dice == 3 and t.cp == 8
    none = shoot(ctx(shooter(), fighter(), target_step=2), [1] * 5)
    assert none.defence_dice == 0 and none.defence_faces == ()


def test_passive_pool_takes_the_better_of_reflex_and_perception_less_pain() -> None:
    keen = fighter(PER=8)
    assert passive_defence_dice(keen, None) == 8
    assert passive_defence_dice(keen, 2) == 0
    keen.carried_shock = 3
    assert passive_defence_dice(keen, 1) == 5


def test_a_large_shield_is_the_better_ranged_defence() -> None:
    assert defence_tn(fighter()) == 7
    assert defence_tn(fighter(shield="small_shield")) == 7  # its ranged DTN 8 is worse than a dodge
    assert defence_tn(fighter(shield="large_shield")) == 6


def test_defence_successes_cancel_the_shot() -> None:
    t = fighter()
    shot = shoot(ctx(shooter(), t), [10, 10, 1, 1, 1] + [7, 7, 1, 1, 1])
    assert (shot.successes, shot.defence_successes, shot.mos, shot.hit) == (2, 2, 0, False)
    assert t.wounds == []


# ---- damage ------------------------------------------------------------------------------------------


def test_a_hit_wounds_through_the_melee_pipeline() -> None:
    s, t = shooter(), fighter()
    result = resolve_shot(ctx(s, t), ScriptedStream([10, 1, 1, 1, 1, *MISSES, 1]), CAT)
    shot = result.shot
    assert shot.hit and shot.mos == 1
    wound = shot.wound
    assert wound is not None
    # puncture, zone XI, d6 1 -> lower abdomen; level = MoS 1 + bow 6 - TO 5 = 2
    assert (wound.location, wound.damage_type, wound.level) == ("lower_abdomen", "puncture", 2)
    assert (wound.bl, wound.shock, wound.pain) == (2, 5, 7 - 5)  # the table's level 2, pain 7 - WP
    assert (t.pain, t.blood_loss, t.cp) == (2, 2, 11 - 5)
    assert [type(e) for e in result.events] == [Shot, WoundTaken, ShockApplied]
    assert result.events[2].to_dict()["from_pool"] == 5
    data = shot.to_dict()
    assert data["type"] == "shot" and data["wound"]["location"] == "lower_abdomen"


def test_shock_beyond_the_pool_carries_over() -> None:
    t = fighter()
    t.cp = 2
    resolve_shot(ctx(shooter(), t), ScriptedStream([10, 1, 1, 1, 1, *MISSES, 1]), CAT)
    assert (t.cp, t.carried_shock) == (0, 3)


@pytest.mark.parametrize(
    ("weapon", "raw"), [("crossbow", 1 + 8 - 8), ("javelin", 1 + 2 + 7 - 8), ("sling", 1 + 1 + 7 - 8)]
)
def test_strength_counts_for_thrown_weapons_and_slings_only(weapon: str, raw: int) -> None:
    s = FighterState(
        FighterSheet.build(CAT, id="S", attributes=Attributes(ST=7), proficiencies={"crossbow": 4, "thrown": 4,
                                                                                     "sling": 4})
    )
    shot = shoot(ctx(s, fighter(TO=8), weapon=weapon, distance=2), [10, 1, 1, 1, *MISSES, 1])  # MoS 1
    assert shot.wound is not None and shot.wound.raw == raw
    assert shot.wound.damage_type == missile(weapon).damage_type


def test_missile_proficiency_defaults() -> None:
    shot = shoot(ctx(shooter(bow=6), fighter(), weapon="crossbow"), [1] * 4 + MISSES)
    assert shot.level == 4  # bow 6 - 2


def test_determinism() -> None:
    def run() -> tuple[list[dict[str, object]], dict[str, object], dict[str, object]]:
        t, n = fighter(), fighter("N")
        c = ctx(shooter(bow=7), t, crowd=2, aim_ticks=5, neighbours=(n,), target_moved_this_exchange=True)
        result = resolve_shot(c, SeededStream(42, "combat"), CAT)
        return [e.to_dict() for e in result.events], t.snapshot(), n.snapshot()

    assert run() == run()
    outcomes = set()
    for seed in range(60):
        result = resolve_shot(ctx(shooter(bow=7), fighter(), aim_ticks=5), SeededStream(seed, "combat"), CAT)
        outcomes.add(result.hit)
    assert outcomes == {True, False}


# ---- content -------------------------------------------------------------------------------------


def test_every_shipped_missile_weapon_loads() -> None:
    assert set(CAT.missiles) == {"short_bow", "long_bow", "crossbow", "sling", "throwing_knife", "javelin"}
    for m in CAT.missiles.values():
        assert m.proficiency in CAT.proficiencies
        assert all(a.max_squares < b.max_squares and a.atn <= b.atn for a, b in zip(m.bands, m.bands[1:], strict=False))
        assert m.adds_strength == (m.proficiency in ("sling", "thrown"))
        assert m.thrown == (m.proficiency == "thrown")
    for bow in ("short_bow", "long_bow"):
        short, long = range_band(missile(bow), 8), range_band(missile(bow), missile(bow).max_range)
        assert short is not None and long is not None
        assert short.atn == 6 and 9 <= long.atn <= 10
    assert {"bow", "crossbow", "sling", "thrown"} <= set(CAT.proficiencies)


GOOD = (  # one entry on two lines
    "  - {id: test_bow, name: T, proficiency: bow, hands: 2, damage: 5, damage_type: puncture, "
    "adds_strength: false, reload_ticks: 1,\n"
    "     bands: [{band: short, max: 5, atn: 6}, {band: long, max: 9, atn: 9}]}\n"
)


def broken(tmp_path: Path, entry: str) -> tuple[Path, str, list[str]]:
    root = copy_shipped(tmp_path)
    text = "missiles:\n" + GOOD + entry
    path = write(root / "missiles.yaml", text)
    return path, text, errors_of(root)


def test_good_missile_file_loads(tmp_path: Path) -> None:
    assert broken(tmp_path, "")[2] == []


def test_missile_unknown_key(tmp_path: Path) -> None:
    path, text, errors = broken(tmp_path, GOOD.replace("test_bow", "b2").replace("hands: 2", "hands: 2, aim: 3"))
    assert errors == [f"{path}:{position(text, 4, 'aim:')}: missiles[1].aim: unknown key"]


def test_missile_dangling_proficiency(tmp_path: Path) -> None:
    entry = GOOD.replace("test_bow", "b2").replace("proficiency: bow", "proficiency: archery")
    path, text, errors = broken(tmp_path, entry)
    assert errors == [f"{path}:{position(text, 4, 'archery')}: missiles[1].proficiency: unknown proficiency 'archery'"]


def test_missile_bands_out_of_order(tmp_path: Path) -> None:
    entry = GOOD.replace("test_bow", "b2").replace("band: short", "band: medium").replace("band: long", "band: short")
    path, text, errors = broken(tmp_path, entry)
    where = position(text, 5, "short")
    assert errors == [
        f"{path}:{where}: missiles[1].bands[1].band: band 'short' after 'medium': bands go point_blank, short, "
        "medium, long, each once"
    ]


def test_missile_band_max_must_grow_and_atn_never_fall(tmp_path: Path) -> None:
    entry = GOOD.replace("test_bow", "b2").replace("max: 9, atn: 9", "max: 5, atn: 4")
    path, text, errors = broken(tmp_path, entry)
    assert errors == [
        f"{path}:{position(text, 5, '5, atn: 4')}: missiles[1].bands[1].max: max 5 must be greater than the "
        "previous band's 5",
        f"{path}:{position(text, 5, '4}')}: missiles[1].bands[1].atn: atn 4 is lower than the nearer band's 6",
    ]


def test_missile_damage_type_and_ranges(tmp_path: Path) -> None:
    entry = GOOD.replace("test_bow", "b2").replace("damage_type: puncture", "damage_type: cut")
    path, text, errors = broken(tmp_path, entry)
    [error] = errors
    assert error.startswith(f"{path}:{position(text, 4, 'cut')}: missiles[1].damage_type: Input should be 'puncture'")


def test_missile_ids_share_the_item_id_space(tmp_path: Path) -> None:
    path, text, errors = broken(tmp_path, GOOD.replace("test_bow", "arming_sword"))
    [error] = errors
    where = position(text, 4, "arming_sword")
    assert error.startswith(f"{path}:{where}: missiles[1].id: duplicate item id 'arming_sword' (first at ")


def test_missiles_file_is_required(tmp_path: Path) -> None:
    root = copy_shipped(tmp_path)
    (root / "missiles.yaml").unlink()
    [error] = errors_of(root)
    assert "missiles.yaml" in error


def test_catalog_without_missiles_still_constructs() -> None:
    bare = replace(CAT, missiles={})
    assert bare.missiles == {} and bare.weapons == CAT.weapons


# ---- the AI's CP against a shot (rules.ai.suggest_shot_defence) ----------------------------------------


def test_ai_shot_defence_adds_nothing_out_of_a_bout_or_out_of_the_fight() -> None:
    t = fighter()  # CP 11 of 11
    assert suggest_shot_defence(t, None) == 0  # CP does not refresh outside bouts: keep it
    t.dead = True
    assert suggest_shot_defence(t, 0) == 0


@pytest.mark.parametrize("step", [0, 1])
def test_ai_shot_defence_at_s0_s1_adds_a_quarter_only_while_cp_is_plentiful(step: int) -> None:
    t = fighter()
    assert suggest_shot_defence(t, step) == 2  # 11 // 4
    t.cp = 8  # still two thirds of 11
    assert suggest_shot_defence(t, step) == 2
    t.cp = 7  # short of two thirds: the free pool must do
    assert suggest_shot_defence(t, step) == 0


def test_ai_shot_defence_at_s2_depends_on_the_declaration() -> None:
    t = fighter()
    assert suggest_shot_defence(t, 2) == 2  # not declared: a quarter, the declaration gets the rest
    t.cp = 3
    assert suggest_shot_defence(t, 2) == 0
    assert suggest_shot_defence(t, 2, declared=True, exchange=1) == 0  # the next exchange's pool
    assert suggest_shot_defence(t, 2, declared=True, exchange=2) == 3  # refreshed at the round's end anyway
    t.cp = 20
    assert suggest_shot_defence(t, 2, declared=True, exchange=2) == SHOT_DEFENCE_MAX
    assert suggest_shot_defence(t, 2) == SHOT_DEFENCE_MAX
    t.cp, t.no_refresh = 3, True
    assert suggest_shot_defence(t, 2, declared=True, exchange=2) == 0  # no refresh: keep what is left


def test_ai_shot_defence_never_exceeds_the_cp_and_is_accepted_by_resolve_shot() -> None:
    for cp in range(0, 16):
        for step in (None, 0, 1, 2):
            for declared in (False, True):
                for exchange in (1, 2):
                    t = fighter()
                    t.cp = cp
                    add = suggest_shot_defence(t, step, declared=declared, exchange=exchange)
                    assert 0 <= add <= min(cp, SHOT_DEFENCE_MAX)
    t = fighter()
    add = suggest_shot_defence(t, 2)
    shot = shoot(ctx(shooter(), t, target_step=2, defence_cp=add), MISSES + [1] * add)  # a miss: no shock
    assert shot.defence_cp == shot.defence_dice == add == 2 and t.cp == 11 - add
