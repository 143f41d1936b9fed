"""Gold & Glory (rules.gold_glory): stats validation, rolls, the generic bout interface, AI bouts to an end,
determinism, and the fold (replaying the events onto a fresh bout rebuilds it and draws no dice)."""

from __future__ import annotations

import copy
from dataclasses import asdict
from pathlib import Path

import pytest

from rules.content import ContentErrors
from rules.decisions import Decision
from rules.dice import SeededStream
from rules.events import Event
from rules.gold_glory import events as ev
from rules.gold_glory.build import Entrant, new_gg_bout
from rules.gold_glory.fold import Emitter, apply
from rules.gold_glory.grid import side_mod, turn_angle
from rules.gold_glory.rolls import ScriptedDice, roll
from rules.gold_glory.state import GGBout
from rules.gold_glory.stats import load_stats, load_stats_from
from rules.gold_glory.system import GoldGlory
from rules.gold_glory.table import render
from rules.systems import SYSTEMS, WORLD_SYSTEMS, run_step, system

CAST = [("K", "player_fighter", "party", (0, 0), "E"), ("S", "companion_spearman", "party", (0, 2), "E"),
        ("B", "bandit", "bandits", (6, 0), "W"), ("C", "bandit_chief", "bandits", (6, 2), "W"),
        ("G", "goblin_spearman", "goblins", (3, 6), "N"), ("W", "wolf", "goblins", (4, 7), "N")]


def fresh(house: tuple[str, ...] = ()) -> GGBout:
    """The cast with nothing at their belts (the knight's healing draught is tests/rules/test_gold_glory_kit.py's)."""
    return new_gg_bout(load_stats(), [Entrant(fid, fid, side, creature, pos, facing, belt=())
                                      for fid, creature, side, pos, facing in CAST], house)


def play(seed: int, bout: GGBout | None = None, max_steps: int = 5000) -> tuple[GGBout, list[Event], int]:
    gg = GoldGlory()
    bout = bout or fresh()
    stream = SeededStream(seed, "combat")
    events: list[Event] = []
    for _ in range(max_steps):
        events += run_step(gg, bout, stream, lambda d: gg.suggest(bout, d, None, None))  # type: ignore[arg-type]
        events += gg.advance(bout, stream).events
        if bout.over:
            break
    return bout, events, stream.draws


def snapshot(bout: GGBout) -> dict[str, object]:
    data = {k: v for k, v in bout.__dict__.items() if k != "stats"}
    data["fighters"] = {fid: asdict(f) for fid, f in bout.fighters.items()}
    data["frames"] = [asdict(fr) for fr in bout.frames]
    return copy.deepcopy(data)


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5, 6])
def test_an_ai_bout_fights_to_an_end(seed: int) -> None:
    bout, events, _ = play(seed)
    assert bout.over, f"seed {seed}: not over after round {bout.round}"
    assert len({bout.fighters[fid].side for fid in bout.standing()}) <= 1
    kinds = {e.type for e in events}
    assert {"gg_declare", "gg_roll", "gg_damage", "gg_out", "gg_bout_over", "gg_activate"} <= kinds
    assert bout.round < 40


@pytest.mark.parametrize("seed", [1, 3, 6])  # seeds whose six-fighter bout has an interrupt
def test_the_ai_attacks_defends_and_reacts(seed: int) -> None:
    _, events, _ = play(seed)
    whats = {e.what for e in events if isinstance(e, ev.Roll)}
    assert "attack" in whats and ({"parry", "avoid"} & whats), whats
    assert any(isinstance(e, ev.FramePushed) and e.kind == "react" for e in events)
    assert any(isinstance(e, ev.FramePushed) and e.kind == "interrupt" for e in events)
    assert any(isinstance(e, ev.Moved) for e in events)


@pytest.mark.parametrize("house", [("fast_movement_initiative", "moving_lowers_initiative"),
                                   ("extra_ap_initiative", "action_lowers_initiative", "streamlined_waiting"),
                                   ("resistance_melee", "fumbles", "perfect", "ten_always_fails",
                                    "third_party_interjection")])
@pytest.mark.parametrize("seed", [1, 2])
def test_bouts_under_the_house_rules_end_too(house: tuple[str, ...], seed: int) -> None:
    bout, events, _ = play(seed, fresh(house))
    assert bout.over, f"{house} seed {seed}: not over after round {bout.round}"
    assert any(isinstance(e, ev.Damaged) for e in events)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_same_seed_same_events(seed: int) -> None:
    _, first, _ = play(seed)
    _, second, _ = play(seed)
    assert [e.to_dict() for e in first] == [e.to_dict() for e in second]


HOUSES = [(), ("fast_movement_initiative", "moving_lowers_initiative", "extra_ap_initiative"),
          ("action_lowers_initiative", "streamlined_waiting", "third_party_interjection"),
          ("resistance_melee", "fumbles", "perfect", "ten_always_fails")]


@pytest.mark.parametrize("house", HOUSES)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_folding_the_events_onto_a_fresh_bout_rebuilds_it(seed: int, house: tuple[str, ...]) -> None:
    bout, events, draws = play(seed, fresh(house))
    replay = fresh(house)
    stream = SeededStream(seed, "combat")
    for event in events:
        apply(event, replay)
    assert stream.draws == 0 and draws > 0
    assert snapshot(replay) == snapshot(bout)


def test_a_replay_midway_matches_too() -> None:
    gg = GoldGlory()
    bout = fresh()
    stream = SeededStream(4, "combat")
    events: list[Event] = []
    for _ in range(40):
        events += run_step(gg, bout, stream, lambda d: gg.suggest(bout, d, None, None))  # type: ignore[arg-type]
        events += gg.advance(bout, stream).events
    replay = fresh()
    for event in events:
        gg.fold(event, {}, replay)
    assert snapshot(replay) == snapshot(bout)


def test_the_generic_bout_interface() -> None:
    bout, _, _ = play(2)
    assert bout.members() == [c[0] for c in CAST]
    out = bout.left
    assert out and all(not bout.active(fid) for fid in out)
    assert {bout.health(fid) for fid in out} <= {"dead", "unconscious", "fled"}
    assert all(bout.health(fid) == "fighting" for fid in bout.standing())
    first = bout.fighters[bout.standing()[0]]
    wounds = list(first.wounds)
    twin = bout.clone()
    twin.fighters[first.id].hp = -99
    twin.fighters[first.id].wounds.append(5)
    assert first.hp != -99 and first.wounds == wounds
    assert snapshot(bout.clone()) == snapshot(bout) and bout.clone().stats is bout.stats


def test_the_registry_knows_it_and_the_world_hosts_it() -> None:
    assert "gold_and_glory" in SYSTEMS and "gold_and_glory" in WORLD_SYSTEMS
    gg = system("gold_and_glory")
    assert gg.name == "gold_and_glory"
    line = gg.describe(ev.Declared("H", 5, "walk", 3), {"H": "Heroic Herman"})
    assert line == "Heroic Herman declares 5ap and walk (3mp)."


def test_the_table_shows_points_initiative_and_the_mod_stack() -> None:
    gg = GoldGlory()
    bout = fresh()
    stream = SeededStream(1, "combat")
    gg.advance(bout, stream)  # round 1 begins
    run_step(gg, bout, stream, lambda d: gg.suggest(bout, d, None, None))  # type: ignore[arg-type]
    gg.advance(bout, stream)  # the first turn
    text = render(bout)
    assert "init" in text and "mod stack" in text and "acting" in text
    rows = gg.table(bout)
    assert len(rows) == len(CAST) and all("ap " in text for _, text in rows)
    assert gg.label(bout)[0] == "r1"


def test_the_magus_king_wins_a_modified_resistance_roll_with_plus_6() -> None:
    """"Modified resistance rolls" (line 818): 8 vs 4: 8 - 4 + 5 - 1D10 (3) = +6."""
    em = Emitter(fresh())
    r = roll(em, ScriptedDice([3]), "K", "resist", 8 - 4 + 5, {}, "B", resistance=True)
    assert (r.margin, r.success) == (6, True)


@pytest.mark.parametrize(("skill", "die", "margin", "success"), [(6, 4, 2, True), (7, 7, 0, True), (4, 7, -3, False)])
def test_the_almighty_d10(skill: int, die: int, margin: int, success: bool) -> None:
    """"Terminology": success level = skill - 1D10 (skill 6 roll 4: +2; 7, 7: +0; 4, 7: -3)."""
    r = roll(Emitter(fresh()), ScriptedDice([die]), "K", "attack", skill, {})
    assert (r.margin, r.success) == (margin, success)


@pytest.mark.parametrize(("skill", "mods", "chance"), [(5, {"x": 3}, 8), (6, {"x": -2}, 4)])
def test_the_mod_stack_sets_the_chance_on_a_d10(skill: int, mods: dict[str, int], chance: int) -> None:
    """"Modifications" (line 202): "skill 5 mod+3 has a chance of 8 on a D10 to succeed, skill 6 mod-2 has
    4": every face up to the chance succeeds, every one above fails."""
    wins = [roll(Emitter(fresh()), ScriptedDice([die]), "K", "attack", skill, mods).success for die in range(1, 11)]
    assert wins == [die <= chance for die in range(1, 11)]


def test_a_ten_always_fails_only_under_its_house_rule_and_never_in_resistance_rolls() -> None:
    assert roll(Emitter(fresh()), ScriptedDice([10]), "K", "x", 12, {}).success
    strict = Emitter(fresh(("ten_always_fails",)))
    assert not roll(strict, ScriptedDice([10]), "K", "x", 12, {}).success
    assert roll(strict, ScriptedDice([10]), "K", "resist", 12, {}, resistance=True).success


def test_fumbles_and_perfect_results() -> None:
    em = Emitter(fresh(("fumbles", "perfect")))
    assert roll(em, ScriptedDice([10, 9]), "K", "x", 6, {}).quality == "fumble"
    assert roll(em, ScriptedDice([10, 10]), "K", "x", 6, {}).quality == "critical_fumble"
    assert roll(em, ScriptedDice([10, 3]), "K", "x", 6, {}).quality == ""
    assert roll(em, ScriptedDice([1, 4]), "K", "x", 6, {}).quality == "perfect"
    assert roll(em, ScriptedDice([1, 1]), "K", "x", 6, {}).quality == "exceptional"
    assert roll(em, ScriptedDice([1, 9]), "K", "x", 6, {}).quality == ""


def test_side_and_flank_mods() -> None:
    assert [side_mod(a) for a in (0, 45, 90, 135, 180)] == [0, 0, -3, -6, -9]
    assert turn_angle("N", "S") == 180 and turn_angle("NW", "NE") == 90


def test_every_creature_has_a_stat_line() -> None:
    import yaml

    shipped = yaml.safe_load((Path(__file__).resolve().parents[2] / "content" / "creatures.yaml").read_text())
    assert {c["id"] for c in shipped["creatures"]} <= set(load_stats().creatures)


def test_a_bad_stats_file_names_file_line_column_and_field(tmp_path: Path) -> None:
    bad = tmp_path / "gold_glory_stats.yaml"
    bad.write_text(
        "weapons:\n"
        "  - {id: stick, skill: club, dam: 2, abs: 1}\n"
        "creatures:\n"
        "  - {id: oaf, str: 5, dex: 5, con: 5, hp: 10, move: [1, 3, 6, 9], weapon: stick}\n"
        "  - {id: lout, str: 5, dex: 5, con: 5, hp: -1, move: [1, 3, 6, 9], weapon: stick}\n"
    )
    with pytest.raises(ContentErrors) as info:
        load_stats_from(str(bad), "gold_glory_stats.yaml")
    assert "gold_glory_stats.yaml:5:" in str(info.value) and "hp" in str(info.value)


def test_cross_references_are_named_where_written(tmp_path: Path) -> None:
    bad = tmp_path / "gold_glory_stats.yaml"
    bad.write_text(
        "weapons:\n"
        "  - {id: stick, skill: club, dam: 2, abs: 1}\n"
        "creatures:\n"
        "  - {id: oaf, str: 5, dex: 5, con: 5, hp: 10, move: [1, 3, 6, 9], weapon: spoon}\n"
        "  - {id: lout, str: 5, dex: 5, con: 5, hp: 9, move: [1, 6, 3, 9], weapon: stick, shield: lid}\n"
    )
    with pytest.raises(ContentErrors) as info:
        load_stats_from(str(bad), "gold_glory_stats.yaml")
    text = str(info.value)
    assert "gold_glory_stats.yaml:4:" in text and "spoon" in text
    assert "creatures[1].move" in text and "creatures[1].shield" in text


def test_an_illegal_answer_changes_nothing() -> None:
    from rules.bout import IllegalAction

    gg = GoldGlory()
    bout = fresh()
    stream = SeededStream(1, "combat")
    gg.advance(bout, stream)
    d = gg.due(bout)[0]
    before = snapshot(bout)
    with pytest.raises(IllegalAction):
        gg.answer(bout, d, "99:dash")
    assert snapshot(bout) == before


def test_the_ai_beats_a_naive_one_in_the_mirror_match() -> None:
    """`python -m rules.gold_glory.league` prints the table; here bandit against bandit over fixed seeds."""
    from rules.gold_glory.league import fight

    results = [fight(seed, "bandit", "bandit", ai_first=seed % 2 == 0) for seed in range(40)]
    assert results.count("ai") >= 22, f"the AI won {results.count('ai')} of 40 against the naive AI"


def duo(a: tuple[int, int], b: tuple[int, int], *more: tuple[str, str, tuple[int, int]]) -> GGBout:
    cast = [Entrant("A", "A", "red", "human_fighter", a, "E"), Entrant("B", "B", "blue", "human_fighter", b, "W")]
    cast += [Entrant(fid, fid, side, "goblin" if fid.startswith("g") else "human_fighter", pos)
             for fid, side, pos in more]
    return new_gg_bout(load_stats(), cast)


def test_diagonals_cost_1_2_1_2_and_terrain_is_paid_leaving_a_square() -> None:
    from rules.gold_glory.options import move_cost

    bout = duo((0, 0), (9, 9))
    f = bout.fighters["A"]
    assert [move_cost(bout, f, "NE"), move_cost(bout, f, "E")] == [1, 1]
    f.diagonals = 1
    assert move_cost(bout, f, "SE") == 2 and move_cost(bout, f, "S") == 1
    bout.terrain[(0, 1)] = 2  # line 327: "Moving into a double mp shrubbery from flat grass costs only one mp"
    assert move_cost(bout, f, "S") == 1
    bout.terrain[(0, 0)] = 2  # "moving out of a double mp shrubbery to flat grass costs double mp"
    assert move_cost(bout, f, "S") == 2 and move_cost(bout, f, "SE") == 4


def test_enemies_are_sharp_corners_friends_round_and_only_the_small_pass_between_two_friends() -> None:
    from rules.gold_glory.options import can_step

    bout = duo((0, 0), (1, 0))  # an enemy to the east: no diagonal past him
    a = bout.fighters["A"]
    assert not can_step(bout, a, "NE") and not can_step(bout, a, "SE") and can_step(bout, a, "N")
    friends = duo((0, 0), (9, 9), ("f1", "red", (1, 0)), ("f2", "red", (0, 1)), ("g1", "red", (5, 5)))
    a = friends.fighters["A"]
    assert can_step(friends, a, "NE")  # one friend's round corner
    assert not can_step(friends, a, "SE")  # between two friends
    small = friends.fighters["g1"]
    friends.fighters["f1"].pos, friends.fighters["f2"].pos = (6, 5), (5, 6)
    assert can_step(friends, small, "SE")


def test_turning_costs_nothing_with_movement_then_a_mp_then_ap_by_the_angle() -> None:
    from rules.gold_glory.options import turn_cost

    f = duo((0, 0), (9, 9)).fighters["A"]
    f.moving, f.mp_left, f.ap_left = True, 3, 3
    assert turn_cost(f, "W") == (0, 0)
    f.moving = False
    assert turn_cost(f, "W") == (0, 1)
    f.mp_left = 0
    assert turn_cost(f, "N") == (1, 0) and turn_cost(f, "SW") == (2, 0)
    f.ap_left = 1
    assert turn_cost(f, "W") is None


def test_wounds_mods_and_the_speeds_they_forbid() -> None:
    f = duo((0, 0), (9, 9)).fighters["A"]  # 12 hp
    seen = []
    for hp in (12, 9, 8, 5, 4, 1, 0, -2):
        f.hp = hp
        seen.append((f.wound_mod(), f.speeds()[-1]))
    assert seen == [(0, "dash"), (0, "dash"), (-1, "dash"), (-1, "dash"), (-2, "run"), (-2, "run"),
                    (-3, "walk"), (-3, "walk")]


def test_the_declaration_offers_0_to_base_plus_dex_ap_at_each_speed() -> None:
    from rules.gold_glory.options import declaration_options

    bout = duo((0, 0), (9, 9))
    values = [o.value for o in declaration_options(bout, "A")]  # base 3 + dex 6
    assert values[0] == "0:maneuver" and "9:dash" in values and "10:maneuver" not in values
    assert len(values) == 10 * 4


def test_scripted_dice_refuse_a_face_too_big_for_the_die() -> None:
    dice = ScriptedDice([5])
    with pytest.raises(ValueError, match="too big for a D4"):
        dice.d4()
    with pytest.raises(ValueError, match="between 1 and 10"):
        ScriptedDice([11])


@pytest.mark.parametrize(("text", "message"), [
    ("  - {id: B, creature: nobody, pos: [1, 0]}\n", "unknown gold_and_glory creature 'nobody' for B"),
    ("  - {id: B, creature: bandit, pos: [0, 0]}\n", "B: square (0, 0) is taken"),
    ("  - {id: B, creature: bandit, pos: [1, 0], stats: {dex: 99}}\n", "B: stats.dex: Input should be"),
    ("  - {id: B, creature: bandit, pos: [1, 0], facing: UP}\n", "B: facing 'UP' is not one of"),
    ("  - {id: B, creature: bandit, pos: [1, 0]}\nhouse: [no_rules]\n", "unknown house rule 'no_rules'"),
    ("  - {id: B, creature: bandit, pos: [1, 0]}\nanswers: {A: [fly]}\n", "'fly' is not one of 0:maneuver"),
    ("  - {id: B, creature: bandit, pos: [1, 0]\n", "gg.yaml:7:1: <yaml>"),
])
def test_a_bad_scenario_is_one_clear_line(tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str,
                                          message: str) -> None:
    from rules.gold_glory.__main__ import main

    path = tmp_path / "gg.yaml"
    head = "name: bad\nrule: none\ndice: [1, 1]\nfighters:\n  - {id: A, creature: bandit, pos: [0, 0]}\n"
    path.write_text(head + text)
    assert main([str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert message in err and len(err.splitlines()) == 1, err


@pytest.mark.parametrize("house", HOUSES)
def test_every_decision_has_options_and_a_legal_default(house: tuple[str, ...]) -> None:
    gg = GoldGlory()
    bout = fresh(house)
    stream = SeededStream(5, "combat")
    kinds = set()

    def decide(d: Decision) -> str:
        kinds.add(d.kind)
        assert d.options and d.default in d.values(), d
        return gg.suggest(bout, d, None, None)

    for _ in range(3000):
        run_step(gg, bout, stream, decide)  # type: ignore[arg-type]
        gg.advance(bout, stream)
        if bout.over:
            break
    assert bout.over and {"gg_declare", "gg_act", "gg_defend", "gg_react"} <= kinds


def test_the_engine_builds_a_bout_from_world_fighter_sheets_and_fights_it_out() -> None:
    """`GoldGlory.new_bout` from TRoS sheets (as the world holds them): each found by id or name in the stat
    lines, the sides lined up facing each other (the world's `rules.gold_glory.hosted` places them on its
    squares instead)."""
    from tests.rules.helpers import catalog, sheet

    cat = catalog()
    gg = GoldGlory()
    sheets = [sheet("bandit_1", side="bandits", cat=cat), sheet("town_guard", side="guards", cat=cat),
              sheet("goblin_2", side="goblins", cat=cat)]
    bout = gg.new_bout(cat, sheets)
    assert isinstance(bout, GGBout) and bout.members() == ["bandit_1", "town_guard", "goblin_2"]
    assert [f.stats.id for f in bout.fighters.values()] == ["bandit", "town_guard", "goblin"]
    stream = SeededStream(3, "combat")
    for _ in range(5000):
        run_step(gg, bout, stream, lambda d: gg.suggest(bout, d, None, stream))  # type: ignore[arg-type]
        gg.advance(bout, stream)
        if bout.over:
            break
    assert bout.over
    with pytest.raises(ValueError, match="no gold_and_glory stats for fighter 'nobody'"):
        gg.new_bout(cat, [sheet("nobody", cat=cat)])


def test_off_balance_covers_its_level_of_mp_then_he_falls() -> None:
    """Line 970-978: "falling down can be avoided by purposefully going off balance"; "when the character
    tries ... to move beyond his off balance level he will fall down"."""
    from rules.gold_glory.options import move_note, move_options
    from rules.gold_glory.resolve import move

    bout = duo((0, 0), (9, 9))
    bout.round = 1
    f = bout.fighters["A"]
    f.mp_left = 0
    assert move_note(bout, f, "N") == "off balance"
    assert move_note(bout, f, "NE") == "off balance"  # a first diagonal costs 1
    em = Emitter(bout)
    move(em, "A", "N", ScriptedDice([]))
    assert [e.type for e in em.events] == ["gg_move", "gg_off_balance"] and not f.prone
    assert bout.mod_stack("A") == {"off balance": -3} and f.balance_left() == 0
    assert move_options(bout, f) == []  # no mp and no level left: he may not try a step
    f.mp_left = 1
    f.diagonals = 1
    assert move_note(bout, f, "NE") == "fall"  # 2mp with 1 and no level left
    move(em, "A", "NE", ScriptedDice([]))
    assert f.prone and em.events[-1].type == "gg_fall"


def test_the_stat_line_checks_the_off_balance_level() -> None:
    with pytest.raises(ValueError, match="off_balance"):
        new_gg_bout(load_stats(), [Entrant("A", "A", "red", "human_fighter", (0, 0), "E", overrides={"off_balance": 9}),
                                   Entrant("B", "B", "blue", "goblin", (3, 0), "W")])


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_badly_hurt_escape_off_the_map(seed: int) -> None:
    """Line 1469: "A character has successfully escaped from combat when he has moved off the edge of the
    battle map"; the AI does it when badly hurt or outnumbered."""
    _, events, _ = play(seed)
    fled = [e for e in events if isinstance(e, ev.OutOfFight) and e.state == "fled"]
    assert fled and all(e.away >= 1 for e in fled)
    chosen = {e.fighter for e in events if isinstance(e, ev.Chosen) and e.choice == "away"}
    assert {e.fighter for e in fled} <= chosen


def test_a_badly_hurt_fighter_declares_a_flight_and_moves_away_and_a_healthy_one_closes() -> None:
    from rules.gold_glory.ai import GGAI, target, wants_to_flee
    from rules.gold_glory.options import act_options, declaration_options
    from rules.gold_glory.state import Frame

    bout = duo((0, 0), (1, 0))
    bout.bounds = (-3, -3, 4, 3)
    bout.round = 1
    a = bout.fighters["A"]
    assert not wants_to_flee(bout, "A")
    a.hp = 4  # a third of 12
    assert wants_to_flee(bout, "A")
    ai = GGAI()
    declared = ai.choose(bout, Decision("gg_declare", "A", tuple(declaration_options(bout, "A")), "3:maneuver"))
    assert declared == "3:run"  # the fastest he may at a third of his hp, ap for one parry
    a.speed, a.mp_left, a.ap_left = "run", 6, 3
    opts = act_options(bout, Frame("A", "turn"))
    away = next(o for o in opts if o.value == "away")
    assert away.label == "Escape off the map" and away.note.startswith("4 squares")
    assert ai.choose(bout, Decision("gg_act", "A", tuple(opts), "done")) == "away"
    assert target(bout, "B") == "A"


def test_the_chaser_takes_the_foe_he_can_catch() -> None:
    from rules.gold_glory.ai import target

    bout = duo((0, 0), (12, 0), ("c", "blue", (0, 5)))  # B far away, c near: A chases c
    assert target(bout, "A") == "c"
    bout.fighters["c"].pos = (0, 14)  # neither catchable this round: the nearer
    assert target(bout, "A") == "B"


def test_a_movement_path_is_one_choice_walked_step_by_step() -> None:
    from rules.gold_glory.paths import close_path

    bout = duo((0, 0), (5, 2))
    bout.round = 1
    bout.terrain[(1, 0)] = 0  # a wall in the way
    a = bout.fighters["A"]
    a.speed, a.mp_left = "walk", 6
    path = close_path(bout, "A", "B")
    assert path and path[0] != "E"
    sq = a.pos
    for d in path:
        sq = (sq[0] + {"E": 1, "W": -1}.get(d[-1], 0), sq[1] + {"N": -1, "S": 1}.get(d[0], 0))
    assert max(abs(sq[0] - 5), abs(sq[1] - 2)) == 1  # in base contact
