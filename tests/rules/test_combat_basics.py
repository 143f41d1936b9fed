"""Combat basics (rules.combat_basics): the options a turn offers (melee only in a cluster, range
limits, stumbling), the host's view of a bout (members, active, left, clone, health), wounds turned
into stumble and daze, the AI (delaying, readying, charging), and whole fights by the AI: they end,
replay from their events with no dice, and are the same for the same seed."""

from __future__ import annotations

from typing import Any

import pytest

from rules.combat_basics import events as ev
from rules.combat_basics.ai import CbAI
from rules.combat_basics.attack import _after_roll
from rules.combat_basics.fold import Emitter, apply
from rules.combat_basics.scenario import ScenarioError, ScenarioFile, build, run
from rules.combat_basics.state import DAZE, MELEE, STUMBLE, CbBout, Strike
from rules.combat_basics.system import CombatBasics
from rules.combat_basics.turns import turn_options
from rules.content import default_catalog
from rules.decisions import CB_TURN, Decision
from rules.dice import SeededStream
from rules.events import BloodLossCheck, Died, Event, KnockCheck, ShockApplied
from rules.fighter import FighterState
from rules.systems import describer, run_step, system
from tests.rules.helpers import sheet

FIGHTER = {"attributes": {"AG": 2, "WT": 2}, "proficiencies": {"cut_and_thrust": 2}, "weapon": "arming_sword"}


def spec(fighters: list[dict[str, Any]], **rest: Any) -> ScenarioFile:
    return ScenarioFile.model_validate({"name": "t", "rule": "t", "fighters": fighters, **rest})


def bout_of(fighters: list[dict[str, Any]], **rest: Any) -> CbBout:
    return build(spec(fighters, **rest), default_catalog(), CombatBasics())


def values(b: CbBout, fid: str) -> set[str]:
    return {o.value for o in turn_options(b, fid)}


def test_melee_only_in_the_same_square_and_a_charge_into_the_next() -> None:
    b = bout_of([{"id": "A", "side": "r", "at": [0, 0], **FIGHTER}, {"id": "B", "side": "b", "at": [1, 0], **FIGHTER},
                 {"id": "C", "side": "b", "at": [0, 0], **FIGHTER}, {"id": "D", "side": "b", "at": [1, 1], **FIGHTER}])
    got = values(b, "A")
    assert "attack:C" in got and "attack:B" not in got and "attack:D" not in got
    assert "charge:B" in got and "charge:D" not in got  # D is diagonal: two moves away


def test_a_shot_beyond_the_weapons_range_is_not_offered() -> None:
    archer = {"attributes": {"AG": 2, "WT": 2}, "proficiencies": {"thrown": 4}}
    b = bout_of([{"id": "A", "side": "r", "at": [0, 0], "stats": {"missile": "throwing_knife"}, **archer},
                 {"id": "B", "side": "b", "at": [7, 0], **FIGHTER}, {"id": "C", "side": "b", "at": [6, 2], **FIGHTER}])
    assert default_catalog().missiles["throwing_knife"].max_range == 7
    got = values(b, "A")
    assert "shoot:B" in got and "shoot:C" not in got  # 6 + 2 = 8 squares: out of range


def test_a_stumbling_character_may_not_shoot_nor_move_back_nor_strike_who_did_not_attack_him() -> None:
    b = bout_of([{"id": "A", "side": "r", "at": [1, 0], **FIGHTER},
                 {"id": "B", "side": "b", "at": [0, 0], "stats": {"missile": "short_bow"},
                  "proficiencies": {"bow": 5, "cut_and_thrust": 2}, "weapon": "arming_sword"},
                 {"id": "D", "side": "r", "at": [0, 0], **FIGHTER}, {"id": "E", "side": "r", "at": [0, 5], **FIGHTER}])
    before = values(b, "B")
    assert {"attack:D", "shoot:E", "move:east"} <= before
    sys_ = CombatBasics()
    events = sys_.afflict(b, "B", STUMBLE, 2, "A")  # from the east, in line: no choice; out of the cluster
    assert [type(e) for e in events] == [ev.EffectBegan, ev.Moved]
    assert b.cb["B"].pos == (-1, 0)
    apply(ev.Moved("D", (0, 0), (-1, 0), "move"), b)  # D follows him in without attacking
    got = values(b, "B")
    assert not any(v.startswith(("shoot:", "charge:")) for v in got)
    assert "move:east" not in got and "attack:D" not in got
    apply(ev.AttackRolled(1, "D", "B", MELEE, "swing", "III", 4, 0, 6, (1, 1, 1, 1), 0, "none", 0, 0, (), 0, 0,
                          "missed"), _with_strike(b, "D", "B"))
    assert "attack:D" in values(b, "B")  # he attacked first


def _with_strike(b: CbBout, attacker: str, target: str) -> CbBout:
    b.queue.insert(0, Strike(attacker, target, MELEE, 0))
    return b


def test_a_failed_knockdown_is_a_stumble_and_shock_a_daze_of_a_third_of_it_in_seconds() -> None:
    b = bout_of([{"id": "A", "side": "r", "at": [0, 1], **FIGHTER}, {"id": "B", "side": "b", "at": [0, 0], **FIGHTER}])
    em = Emitter(b)
    wound: list[Event] = [ShockApplied(1, "B", 7, 0, 0, 7), KnockCheck(1, "B", "knockdown", 3, 7, (1, 2, 3), 0, True)]
    _after_roll(em, b, Strike("A", "B", MELEE, 0), "hit", wound)
    effects = [e for e in em.events if isinstance(e, ev.EffectBegan)]
    assert [(e.kind, e.seconds, e.turns, e.odd) for e in effects] == [(DAZE, 2, 1, False), (STUMBLE, 2, 1, False)]
    assert effects[1].blocked == "south"  # A is south of him


def test_the_host_reads_members_active_left_health_and_a_clone_shares_nothing() -> None:
    sys_ = CombatBasics()
    b = sys_.new_bout(default_catalog(), [sheet("A", side="r"), sheet("B", side="b"), sheet("C", side="b")],
                      reach={"A": ["B"]})
    assert b.cb["A"].pos == b.cb["B"].pos != b.cb["C"].pos  # those in reach share a square
    twin = b.clone()
    stream = SeededStream(3, "combat")
    sys_.advance(b, stream)
    assert twin.round == 0 and twin.order == [] and b.order
    sys_.flee(b, "C")
    result = sys_.advance(b, stream)
    assert "C" in result.left and b.left == {"C"} and b.health("C") == "fled" and not b.active("C")
    assert b.members() == ["A", "B"] and b.health("A") == "fighting"
    b.fighters["B"].dead = True
    sys_.advance(b, stream)
    assert b.health("B") == "dead" and b.over


def test_a_late_arrival_joins_tapped_and_takes_his_turn_next_round() -> None:
    sys_ = CombatBasics()
    b = sys_.new_bout(default_catalog(), [sheet("A", side="r"), sheet("B", side="b")])
    stream = SeededStream(1, "combat")
    sys_.advance(b, stream)
    b.fighters["goblin_7"] = FighterState(sheet("goblin_7", side="b"))
    from rules.systems import Entrant

    events = sys_.enter(b, lambda fid: Entrant("goblin", "b"))
    assert [e.type for e in events] == ["cb_stats", "cb_stats", "cb_joined"]
    assert b.cb["goblin_7"].stats.persuasion == 5 and b.cb["goblin_7"].creature == "goblin"
    assert "goblin_7" in b.order and "goblin_7" in b.done
    assert sys_.enter(b, lambda fid: Entrant("goblin", "b")) == []  # once each: nothing to do later


def test_the_host_tells_a_sheet_placed_fighter_his_creature_and_he_gets_its_missile() -> None:
    sys_ = CombatBasics()
    b = sys_.new_bout(default_catalog(), [sheet("actor_4", side="x", prof={"bow": 6}), sheet("actor_5", side="y")])
    assert b.cb["actor_4"].stats.missile is None
    from rules.systems import Entrant

    sides = {"actor_4": ("bandit_archer", "bandits"), "actor_5": ("goblin", "goblins")}
    sys_.enter(b, lambda fid: Entrant(*sides[fid]))
    assert b.cb["actor_4"].stats.missile == "short_bow" and b.cb["actor_4"].side == "bandits"
    assert b.cb["actor_5"].side == "goblins"


def _decision(b: CbBout, fid: str) -> Decision:
    opts = tuple(turn_options(b, fid))
    return Decision(CB_TURN, fid, opts, "wait")


def test_the_ai_readies_for_a_foe_two_steps_away_and_charges_one_next_to_it() -> None:
    b = bout_of([{"id": "A", "side": "r", "at": [0, 0], **FIGHTER}, {"id": "B", "side": "b", "at": [2, 0], **FIGHTER}])
    ai = CbAI()
    assert ai.choose(b, _decision(b, "A")) == "ready:enter"
    b.cb["A"].last_action = "ready:enter"  # it readied last turn and nothing came: it closes in
    assert ai.choose(b, _decision(b, "A")) == "move:east"
    apply(ev.Moved("B", (2, 0), (1, 0), "move"), b)
    assert ai.choose(b, _decision(b, "A")) == "charge:B"


def test_the_ai_delays_rather_than_walk_onto_a_readied_weapon() -> None:
    b = bout_of([{"id": "A", "side": "r", "at": [0, 0], **FIGHTER}, {"id": "B", "side": "b", "at": [1, 0], **FIGHTER},
                 {"id": "C", "side": "r", "at": [9, 9], **FIGHTER}])
    b.order = ["A", "B", "C"]
    apply(ev.Readied("B", "enter", (1, 0)), b)
    ai = CbAI()
    assert ai.choose(b, _decision(b, "A")) == "delay:after:B"
    b.done.add("B")  # he has had his turn: his readied action waits for us; let him come
    assert ai.choose(b, _decision(b, "A")) == "wait"


def _ai_fight(seed: int) -> tuple[list[Event], CbBout, CbBout]:
    cat = default_catalog()
    sys_ = CombatBasics()
    people = [sheet("knight", side="party", prof={"sword_and_shield": 7}, shield="small_shield"),
              sheet("archer", side="party", prof={"bow": 6, "cut_and_thrust": 4}, weapon="short_sword"),
              sheet("bandit_1", side="bandits", AG=6), sheet("bandit_2", side="bandits", AG=6),
              sheet("bandit_archer_1", side="bandits", prof={"bow": 5}, weapon="dagger")]
    states = [FighterState(s) for s in people]
    b = sys_.new_bout(cat, [])
    fresh = sys_.new_bout(cat, [])
    spots = [(0, 0), (0, 1), (5, 0), (5, 1), (8, 0)]
    missiles = [None, "short_bow", None, None, "short_bow"]
    for state, at, missile in zip(states, spots, missiles, strict=True):
        from rules.combat_basics.stats import from_sheet

        sys_.join(b, state, at, from_sheet(state.sheet, missile))
        sys_.join(fresh, FighterState(state.sheet), at, from_sheet(state.sheet, missile))
    stream = SeededStream(seed, "combat")
    events: list[Event] = []
    for _ in range(3000):
        events += run_step(sys_, b, stream, lambda d: sys_.suggest(b, d, None, None))  # type: ignore[arg-type]
        events += sys_.advance(b, stream).events
        if b.over:
            break
    return events, b, fresh


@pytest.mark.parametrize("seed", range(8))
def test_an_ai_fight_ends_and_replays_from_its_events_with_no_dice(seed: int) -> None:
    events, b, fresh = _ai_fight(seed)
    assert b.over, f"seed {seed}: no end in 3000 steps"
    assert len(b.sides_fighting()) <= 1
    for event in events:
        apply(event, fresh)
    assert repr(fresh.cb) == repr(b.cb) and fresh.order == b.order and fresh.round == b.round
    assert {f: s.snapshot() for f, s in fresh.fighters.items()} == {f: s.snapshot() for f, s in b.fighters.items()}
    line = describer("combat_basics")
    assert all(isinstance(line(e, None), str | None) for e in events)


@pytest.mark.parametrize("seed", [0, 5])
def test_the_same_seed_gives_the_same_events(seed: int) -> None:
    first = [e.to_dict() for e in _ai_fight(seed)[0]]
    assert first == [e.to_dict() for e in _ai_fight(seed)[0]]
    assert first != [e.to_dict() for e in _ai_fight(seed + 100)[0]]


def test_the_registry_makes_the_system() -> None:
    made = system("combat_basics")
    assert made.name == "combat_basics"


def test_an_answer_not_offered_is_refused_with_the_choices() -> None:
    bad = spec([{"id": "A", "side": "r", "at": [0, 0], **FIGHTER}, {"id": "B", "side": "b", "at": [1, 0], **FIGHTER}],
               dice=[9, 5], answers={"A": ["attack:B"]}, ai="none", turns=1)
    with pytest.raises(ScenarioError, match=r"round 1: A may: .*charge:B"):
        run(bad)


def test_with_no_bout_the_fold_puts_wound_events_on_the_fighters_and_ignores_its_own() -> None:
    from rules.events import WoundTaken

    fighters = {"A": FighterState(sheet("A"))}
    sys_ = CombatBasics()
    sys_.fold(WoundTaken(1, "A", "thigh", "cut", 2, 3, 1), fighters, None)
    sys_.fold(ev.Fled("A"), fighters, None)
    assert len(fighters["A"].wounds) == 1 and fighters["A"].pain == 3


def test_the_league_fights_end_and_the_ai_wins_the_mirror_match_more_often_than_not() -> None:
    from rules.combat_basics.league import league

    table = league(10)
    assert all(t.draws == 0 for t in table.values())
    assert table[("bandit", "bandit")].wins > 5  # over these ten seeds: readying pays


def test_every_event_of_a_fight_survives_the_run_files_json() -> None:
    import json

    from game.sim.event_codec import _value
    from rules.events import Event as RulesEvent

    events, _, _ = _ai_fight(1)
    assert {"cb_initiative", "cb_order", "cb_turn", "cb_move", "cb_strike", "cb_attack", "cb_over"} <= {
        e.type for e in events}
    events += [ev.Joined("a", "Arn", "r", 5, 5, 5, 5, None, (1, 2)), ev.StatsSet("a", "bandit", "b", 6, 5, 5, 5, None),
               ev.DirectionAsked("a", "b", 2, ("east", "south")), ev.Delayed("a", "after", "b", ("b", "a"))]
    for event in events:
        back = _value(json.loads(json.dumps(event.to_dict())), RulesEvent, "event")
        assert back == event, event.type


def test_a_bad_scenario_file_is_refused_in_one_line(tmp_path: Any) -> None:
    from rules.combat_basics.__main__ import main

    path = tmp_path / "bad.yaml"
    path.write_text("name: x\nrule: y\ndice: [11]\nfighters:\n  - {id: A}\n  - {id: B, weapon: lance}\n",
                    encoding="utf-8")
    from rules.combat_basics.scenario import load
    from rules.content import ContentErrors

    with pytest.raises(ContentErrors) as caught:
        load(path)
    assert str(caught.value.errors[0]).startswith(f"{path}:3:8: dice[0]: ")
    path.write_text("name: x\nrule: y\nfighters:\n  - {id: A}\n  - {id: B, weapon: lance}\n", encoding="utf-8")
    assert main([str(path)]) == 2


def test_an_actor_who_flees_before_acting_owes_nothing_and_the_next_turn_begins() -> None:
    sys_ = CombatBasics()
    b = sys_.new_bout(default_catalog(), [sheet("A", side="r"), sheet("B", side="r"), sheet("C", side="b"),
                                          sheet("D", side="b")])
    stream = SeededStream(2, "combat")
    sys_.advance(b, stream)
    first = b.actor
    assert first is not None and [d.kind for d in sys_.due(b)] == [CB_TURN]
    sys_.flee(b, first)
    assert sys_.due(b) == []
    sys_.advance(b, stream)
    assert b.actor is not None and b.actor != first and not b.over


@pytest.mark.parametrize("seed", range(12))
def test_any_legal_answers_play_on_and_replay(seed: int) -> None:
    """Random legal answers (every kind: delays, readies, moves, shots, defences, directions), with the
    host stumbling and dazing people now and then: nothing breaks, and the events rebuild the bout."""
    cat = default_catalog()
    sys_ = CombatBasics()
    people = [(sheet("a1", side="a", prof={"bow": 5, "cut_and_thrust": 4}), "short_bow", (0, 0)),
              (sheet("a2", side="a"), None, (1, 0)), (sheet("b1", side="b", shield="buckler"), None, (2, 0)),
              (sheet("b2", side="b", prof={"thrown": 5, "cut_and_thrust": 4}), "throwing_knife", (2, 1))]
    b, fresh = sys_.new_bout(cat, []), sys_.new_bout(cat, [])
    from rules.combat_basics.stats import from_sheet

    for s, missile, at in people:
        sys_.join(b, FighterState(s), at, from_sheet(s, missile))
        sys_.join(fresh, FighterState(s), at, from_sheet(s, missile))
    stream, pick = SeededStream(seed, "combat"), SeededStream(seed, "answers")

    def decide(d: Decision) -> str:
        return d.options[pick.randint(0, len(d.options) - 1)].value

    events: list[Event] = list(sys_.advance(b, stream).events)
    for step in range(600):
        if b.over:
            break
        if step % 37 == 5:
            who = sorted(f for f in b.cb if b.active(f))
            victim, source = who[pick.randint(0, len(who) - 1)], who[pick.randint(0, len(who) - 1)]
            if victim != source and b.push is None:
                events += sys_.afflict(b, victim, (STUMBLE, DAZE)[step % 2], pick.randint(1, 5), source)
        events += run_step(sys_, b, stream, decide)  # type: ignore[arg-type]
        events += sys_.advance(b, stream).events
    for event in events:
        apply(event, fresh)
    assert repr(fresh.cb) == repr(b.cb) and fresh.order == b.order and fresh.queue == b.queue
    assert {f: s.snapshot() for f, s in fresh.fighters.items()} == {f: s.snapshot() for f, s in b.fighters.items()}


def test_the_players_default_is_the_ais_and_badly_hurt_a_step_out_of_the_cluster() -> None:
    b = bout_of([{"id": "A", "side": "r", "at": [2, 2], **FIGHTER}, {"id": "B", "side": "b", "at": [2, 2], **FIGHTER},
                 {"id": "C", "side": "b", "at": [3, 2], **FIGHTER}])
    ai = CbAI()
    turn = Decision(CB_TURN, "A", tuple(turn_options(b, "A")), "wait")
    assert ai.advise(b, turn) == ai.choose(b, turn) == "attack:B"  # whole: the AI's attack in the cluster
    a = b.fighters["A"]
    a.ht = 2  # badly hurt: a step out of B's cluster, not toward C (east)
    assert ai.choose(b, turn) == "attack:B" and ai.advise(b, turn) in {"move:north", "move:south", "move:west"}


def test_the_bleeding_make_the_blood_loss_check_between_rounds_and_may_die_of_it() -> None:
    """Our adaptation (docs/systems/combat_basics.md): the document leaves wounds to the rest of its game,
    so a round's end is where the rules' blood-loss check falls (without it a fighter whose wounds keep
    the worst per location could take hits forever)."""
    sys_ = CombatBasics()
    b = sys_.new_bout(default_catalog(), [sheet("A", side="r"), sheet("B", side="b")])
    b.cb["B"].pos = (6, 0)  # out of reach: turns pass with nobody wounded
    stream = SeededStream(2, "combat")
    sys_.advance(b, stream)
    assert b.round == 1
    b.fighters["A"].blood_loss, b.fighters["A"].ht = 30, 1  # TN 30: no success is possible
    events: list[Event] = []
    for _ in range(50):
        events += run_step(sys_, b, stream, lambda d: sys_.suggest(b, d, None, None))  # type: ignore[arg-type]
        step = sys_.advance(b, stream)
        events += step.events
        if b.over:
            break
    types = [e.type for e in events]
    assert "blood_loss" in types and "cb_round" not in types[types.index("blood_loss"):]  # no round 2 after it
    check = next(e for e in events if isinstance(e, BloodLossCheck))
    assert (check.fighter, check.ht_lost, check.ht) == ("A", 1, 0)
    assert any(isinstance(e, Died) and e.fighter == "A" for e in events)
    assert b.health("A") == "dead" and b.over
    assert types[types.index("blood_loss") - 1] == "cb_turn_end"  # after the round's last turn


def test_the_players_default_readies_once_for_a_lone_foe_next_to_him_and_charges_a_busy_one() -> None:
    """`CbAI.advise`: before charging a foe who stands alone he readies for whoever enters his square (the
    AI charges at once); having readied, he charges; a foe already fighting someone he charges at once."""
    lone = bout_of([{"id": "A", "side": "r", "at": [2, 2], **FIGHTER},
                    {"id": "B", "side": "b", "at": [3, 2], **FIGHTER}])
    ai = CbAI()
    turn = Decision(CB_TURN, "A", tuple(turn_options(lone, "A")), "wait")
    assert ai.choose(lone, turn) == "charge:B" and ai.advise(lone, turn) == "ready:enter"
    lone.cb["A"].last_action = "ready:enter"  # nobody came: now he goes in
    assert ai.advise(lone, turn) == "charge:B"
    busy = bout_of([{"id": "A", "side": "r", "at": [2, 2], **FIGHTER},
                    {"id": "B", "side": "b", "at": [3, 2], **FIGHTER},
                    {"id": "C", "side": "r", "at": [3, 2], **FIGHTER}])
    turn = Decision(CB_TURN, "A", tuple(turn_options(busy, "A")), "wait")
    assert ai.advise(busy, turn) == ai.choose(busy, turn) == "charge:B"


def test_the_players_default_strikes_a_dazed_foe_in_his_cluster_first() -> None:
    """Line 47: a dazed character makes no defensive roll; the AI strikes the most hurt, the player's
    default the dazed one first."""
    b = bout_of([{"id": "A", "side": "r", "at": [2, 2], **FIGHTER}, {"id": "B", "side": "b", "at": [2, 2], **FIGHTER},
                 {"id": "C", "side": "b", "at": [2, 2], **FIGHTER}])
    b.fighters["B"].pain = 2
    em = Emitter(b)
    em.emit(ev.EffectBegan("C", DAZE, 2, 1, "A", None, False, False))
    ai = CbAI()
    turn = Decision(CB_TURN, "A", tuple(turn_options(b, "A")), "wait")
    assert ai.choose(b, turn) == "attack:B" and ai.advise(b, turn) == "attack:C"
