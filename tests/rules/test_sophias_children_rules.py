"""sophias_children, rule by rule (document 001): surprise, the level-0 party's one roll, equal bids
and the roll-off, allies interrupting each other (Note #1), the Stunned (Note #2), the First Action
that cannot be interrupted, Squads acting member by member, the end of a round, the pools
recalculated only when all are 0, and illegal answers that change nothing."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from rules.bout import Bout, IllegalAction
from rules.decisions import ACTION, BID, COUNTER, DEFENCE, DESIGNATE, INTERRUPT, MEMBER, ROLLER, Decision
from rules.dice import ScriptedStream, SeededStream
from rules.events import Event
from rules.sophias_children import events as sev
from rules.sophias_children.state import ACTION as PHASE_ACTION
from rules.sophias_children.state import STUNNED, ScBout
from rules.sophias_children.stats import ScStats
from rules.sophias_children.system import SophiasChildren
from rules.systems import Answer, run_step, system
from tests.rules.helpers import catalog, sheet

Row = tuple[str, str, str, int, int]  # id, side, kind, level, agility
Script = list[tuple[str, str, Answer]]  # (who, decision kind, answer)


def make(rows: list[Row], squads: dict[str, list[str]] | None = None,
         surprised: dict[str, bool] | None = None) -> tuple[SophiasChildren, Bout, list[Event]]:
    sc_system = SophiasChildren()
    bout = sc_system.new_bout(catalog(), [sheet(fid, side=side, prof={"cut_and_thrust": 3}, AG=3, WT=3)
                                          for fid, side, _, _, _ in rows])
    stats = {fid: ScStats.model_validate({"kind": kind, "level": level, "agility": agility})
             for fid, _, kind, level, agility in rows}
    events = sc_system.configure(bout, stats, squads, surprised)
    return sc_system, bout, events


class Exhausted(Exception):
    """The script has no answer left for the decision now due."""


class Answers:
    """Answers each decision from the script, which must name it (who, kind) in order."""

    def __init__(self, script: Script) -> None:
        self.queue = list(script)

    def __call__(self, d: Decision) -> Answer:
        if not self.queue:
            raise Exhausted
        who, kind, value = self.queue[0]
        assert (who, kind) == (d.who, d.kind), f"script wants {who}'s {kind}, but {d.who}'s {d.kind} is due"
        self.queue.pop(0)
        return value


def step(sc_system: SophiasChildren, bout: Bout, stream: ScriptedStream | SeededStream,
         decide: Callable[[Decision], Answer]) -> list[Event]:
    events = run_step(sc_system, bout, stream, decide)
    return events + sc_system.advance(bout, stream).events


def fight(rows: list[Row], dice: list[int], script: Script,
          squads: dict[str, list[str]] | None = None) -> tuple[SophiasChildren, Bout, list[Event]]:
    """Nobody surprised; step until the script is used up and another decision is due."""
    sc_system, bout, events = make(rows, squads, {side: False for _, side, _, _, _ in rows})
    stream = ScriptedStream(dice, fallback=SeededStream(1, "combat"))
    decide = Answers(script)
    with pytest.raises(Exhausted):
        while True:
            events += step_collect(sc_system, bout, stream, decide, events)
    return sc_system, bout, events


def step_collect(sc_system: SophiasChildren, bout: Bout, stream: ScriptedStream | SeededStream,
                 decide: Answers, into: list[Event]) -> list[Event]:
    """One step; the events of a step cut short by `Exhausted` are kept too (they are folded)."""
    events: list[Event] = []
    try:
        due = sc_system.due(bout)
        while due:
            for d in due:
                events += sc_system.answer(bout, d, decide(d))
            due = sc_system.due(bout)
    except Exhausted:
        into += events
        raise
    events += sc_system.settle(bout, stream)
    return events + sc_system.advance(bout, stream).events


def test_surprise_roll_1_or_2_surprises_a_side_which_starts_tapped() -> None:
    sc_system, bout, _ = make([("A", "red", "leader", 1, 2), ("B", "blue", "leader", 1, 2)])
    events = step(sc_system, bout, ScriptedStream([2, 5, 1]), Answers([]))  # red 2: surprised; blue 5
    assert [(e.side, e.surprised, e.face) for e in events if isinstance(e, sev.SurpriseDecided)] == \
        [("red", True, 2), ("blue", False, 5)]
    assert [e.unit for e in events if isinstance(e, sev.InitiativeRolled)] == ["B"]  # the surprised do not roll
    assert ScBout(bout).sc.acting == "B" and ScBout(bout).up_units() == ["B"]


def test_every_side_surprised_is_nobody_surprised() -> None:
    sc_system, bout, _ = make([("A", "red", "leader", 1, 2), ("B", "blue", "leader", 1, 2)],
                              surprised={"red": True, "blue": True})
    events = step(sc_system, bout, ScriptedStream([6, 1]), Answers([]))
    assert [e.unit for e in events if isinstance(e, sev.InitiativeRolled)] == ["A", "B"]
    assert ScBout(bout).sc.acting == "A" and set(ScBout(bout).up_units()) == {"A", "B"}


def test_a_level_0_party_rolls_once_for_the_group_by_the_member_it_chooses() -> None:
    rows: list[Row] = [("P1", "party", "pc", 0, 1), ("P2", "party", "pc", 0, 3),
                       ("Hero", "party", "pc", 1, 2), ("Orc", "orcs", "leader", 1, 2)]
    _sc_system, bout, events = fight(rows, [4, 1, 2], [("P1", ROLLER, "P2"), ("P1", DESIGNATE, "P2")])
    rolls = [(e.unit, e.members, e.roller, e.total) for e in events if isinstance(e, sev.InitiativeRolled)]
    assert rolls == [("party level-0 party", ("P1", "P2"), "P2", 7), ("Hero", ("Hero",), "Hero", 3),
                     ("Orc", ("Orc",), "Orc", 4)]
    # both level-0 characters top the roll: one side tied with itself, so no bidding: the side picks
    assert not any(isinstance(e, sev.TieForFirst) for e in events)
    assert ScBout(bout).sc.acting == "P2" and ScBout(bout).sc.pools == {"party": 6, "orcs": 2}


def test_a_level_0_party_may_choose_its_worse_roller() -> None:
    rows: list[Row] = [("P1", "party", "pc", 0, 1), ("P2", "party", "pc", 0, 3), ("Orc", "orcs", "leader", 1, 2)]
    _, _, events = fight(rows, [6, 1], [("P1", ROLLER, "P1")])
    rolls = [(e.unit, e.roller, e.total) for e in events if isinstance(e, sev.InitiativeRolled)]
    assert rolls == [("party level-0 party", "P1", 7), ("Orc", "Orc", 3)]


def test_equal_bids_go_to_a_roll_off_that_rerolls_ties() -> None:
    # initiative 3+2 and 3+2: tied. Red stands on 0, blue stands on 0: no points at all
    _sc_system, bout, events = fight([("A", "red", "leader", 1, 2), ("B", "blue", "leader", 1, 2)],
                                    [3, 3, 4, 4, 2, 5], [("A", BID, 0), ("B", BID, 0)])
    offs = [e for e in events if isinstance(e, sev.RollOff)]
    assert [(o.faces, o.winner) for o in offs] == [((("red", 4), ("blue", 4)), None),
                                                   ((("red", 2), ("blue", 5)), "blue")]
    won = next(e for e in events if isinstance(e, sev.FirstActionWon))
    assert won.side == "blue" and won.paid == ()
    assert ScBout(bout).sc.acting == "B" and ScBout(bout).sc.pools == {"red": 2, "blue": 2}


def test_a_matched_bid_is_equal_and_rolled_off_and_both_pay() -> None:
    _sc_system, bout, events = fight([("A", "red", "leader", 1, 3), ("B", "blue", "leader", 1, 3)], [3, 3, 6, 1],
                                    [("A", BID, 2), ("B", BID, 2), ("A", BID, 2), ("B", BID, 2)])
    assert next(e for e in events if isinstance(e, sev.FirstActionWon)).side == "red"
    assert ScBout(bout).sc.pools == {"red": 1, "blue": 1}


def test_a_bid_beyond_the_tied_contribution_is_refused_and_changes_nothing() -> None:
    sc_system, bout, _ = make([("A", "red", "leader", 1, 2), ("A2", "red", "leader", 1, 3),
                               ("B", "blue", "leader", 1, 2)], surprised={"red": False, "blue": False})
    stream = ScriptedStream([3, 1, 3])
    sc_system.settle(bout, stream)
    due = sc_system.due(bout)
    assert [(d.kind, d.who, d.low, d.high) for d in due] == [(BID, "A", 1, 2)]  # only A's 2, not red's 5
    before = ScBout(bout).sc.snapshot()
    with pytest.raises(IllegalAction):
        sc_system.answer(bout, due[0], 3)
    with pytest.raises(IllegalAction):
        sc_system.answer(bout, Decision(BID, "B"), 1)  # not due: it is red's turn
    assert ScBout(bout).sc.snapshot() == before


def test_allies_may_interrupt_each_other_out_of_one_pool() -> None:
    rows: list[Row] = [("A", "red", "leader", 1, 3), ("A2", "red", "leader", 1, 3), ("B", "blue", "leader", 1, 1)]
    # initiative: B 6+1 stands out; he waits and designates A; A's ally A2 Interrupts him with 1, A buys
    # his action back with 2 out of the same pool (6 - 1 - 2 = 3), A2 gives way
    script: Script = [
        ("B", ACTION, "wait"), ("B", DESIGNATE, "A"),
        ("A2", INTERRUPT, 1), ("A", COUNTER, 2), ("A2", INTERRUPT, 0),
        ("A", ACTION, "wait"),
    ]
    _sc_system, bout, events = fight(rows, [1, 1, 6], script)
    settled = [e for e in events if isinstance(e, sev.InterruptSettled)]
    assert [(e.interrupter, e.interrupted, e.winner, e.paid) for e in settled] == [("A2", "A", "A", (("red", 3),))]
    assert ScBout(bout).sc.pools == {"red": 3, "blue": 1}


def test_the_first_action_cannot_be_interrupted_and_the_stunned_cannot_counter_bid() -> None:
    rows: list[Row] = [("A", "red", "leader", 1, 3), ("B", "blue", "leader", 1, 3), ("C", "blue", "leader", 1, 3)]
    script: Script = [
        ("A", ACTION, "swing:B"), ("B", DEFENCE, "full_evasion"),
        ("A", DESIGNATE, "B"), ("C", INTERRUPT, 2),
    ]
    # initiative A 6+3 stands out; A's swing: 6 dice, one success at TN 6; B's dodge: 3 dice at TN 4, one
    dice = [6, 1, 1, 6, 1, 2, 3, 4, 5, 1, 1, 5]
    _sc_system, bout, events = fight(rows, dice, script)
    first_attack = next(i for i, e in enumerate(events) if isinstance(e, sev.ScAttack))
    assert not any(isinstance(e, sev.InterruptBid) for e in events[:first_attack])
    assert ScBout(bout).has("B", STUNNED)
    counter = [e for e in events if isinstance(e, sev.InterruptBid) and e.counter]
    assert [(e.unit, e.amount) for e in counter] == [("B", 0)]  # no decision asked of B: he cannot
    assert ScBout(bout).sc.acting == "C" and ScBout(bout).sc.pools == {"red": 3, "blue": 4}


def test_a_stunned_combatant_cannot_interrupt_and_his_action_is_to_recover() -> None:
    rows: list[Row] = [("A", "red", "leader", 1, 3), ("B", "blue", "leader", 1, 3), ("C", "red", "leader", 1, 1)]
    script: Script = [
        ("A", ACTION, "swing:B"), ("B", DEFENCE, "full_evasion"), ("A", DESIGNATE, "C"),
    ]
    dice = [6, 1, 1, 6, 1, 2, 3, 4, 5, 1, 1, 5]
    sc_system, bout, events = fight(rows, dice, script)
    # B (Up, Stunned, with 3 points) is never asked to Interrupt C
    assert not any(isinstance(e, sev.InterruptBid) for e in events)
    assert ScBout(bout).sc.acting == "C"
    due = sc_system.due(bout)
    assert due[0].kind == ACTION and due[0].who == "C"
    sc_system.answer(bout, due[0], "wait")
    sc_system.settle(bout, SeededStream(1, "combat"))
    sc_system.advance(bout, SeededStream(1, "combat"))
    due = sc_system.due(bout)
    assert due[0].kind == DESIGNATE and due[0].values() == ("B",)
    sc_system.answer(bout, due[0], "B")
    action = sc_system.due(bout)[0]
    assert action.kind == ACTION and action.values() == ("recover",)


def test_a_squad_acts_member_by_member_then_designates_and_the_round_ends() -> None:
    rows: list[Row] = [("A", "red", "leader", 1, 1),
                       ("G1", "gob", "minion", 1, 2), ("G2", "gob", "minion", 1, 2), ("G3", "gob", "minion", 1, 2)]
    script: Script = [
        ("G1", MEMBER, "G3"), ("G3", ACTION, "wait"), ("G1", MEMBER, "G1"), ("G1", ACTION, "wait"),
        ("G2", ACTION, "wait"), ("G1", DESIGNATE, "A"), ("A", ACTION, "wait"),
    ]
    sc_system, bout, events = fight(rows, [1, 5], script, squads={"goblins": ["G1", "G2", "G3"]})
    chosen = [e.fighter for e in events if isinstance(e, sev.ActionChosen)]
    assert chosen == ["G3", "G1", "G2", "A"]
    tapped = [e.unit for e in events if isinstance(e, sev.ActionDone) and e.fighter is None]
    assert tapped == ["goblins", "A"]
    ended = [e for e in events if isinstance(e, sev.ScRoundEnded)]
    assert [(e.round, e.last) for e in ended] == [(1, "A")]
    assert ScBout(bout).sc.round == 2 and set(ScBout(bout).up_units()) == {"A", "goblins"}
    due = sc_system.due(bout)
    assert due[0].kind == DESIGNATE and due[0].who == "A" and due[0].values() == ("goblins",)  # not himself


def test_pools_are_recalculated_when_every_side_is_at_0() -> None:
    # tied 3+1 each; both bid their 1 (a match), both stand: a roll-off, both pay: pools 0 and 0
    script: Script = [("A", BID, 1), ("B", BID, 1), ("A", BID, 1), ("B", BID, 1),
                      ("A", ACTION, "wait"), ("A", DESIGNATE, "B"), ("B", ACTION, "wait")]
    _sc_system, bout, events = fight([("A", "red", "leader", 1, 1), ("B", "blue", "leader", 1, 1)],
                                    [3, 3, 5, 2], script)
    assert not any(isinstance(e, sev.InterruptBid) for e in events)  # nobody had a point to Interrupt with
    ended = next(i for i, e in enumerate(events) if isinstance(e, sev.ScRoundEnded))
    recalculated = [e for e in events[ended:] if isinstance(e, sev.PoolsSet)]
    assert [(e.pools, e.recalculated) for e in recalculated] == [((("red", 1), ("blue", 1)), True)]
    assert ScBout(bout).sc.pools == {"red": 1, "blue": 1}


def test_squads_must_be_minions_or_soldiers_of_one_side_and_agility() -> None:
    rows: list[Row] = [("A", "red", "leader", 1, 2), ("B", "red", "soldier", 1, 2), ("C", "red", "soldier", 1, 3)]
    with pytest.raises(ValueError, match="only Minions and Soldiers"):
        make(rows, {"s": ["A", "B"]})
    with pytest.raises(ValueError, match="one side and one Agility"):
        make(rows, {"s": ["B", "C"]})
    with pytest.raises(ValueError, match="unknown fighter"):
        make(rows, {"s": ["B", "Z"]})


def test_surprise_after_the_start_is_refused_and_a_newcomer_joins_tapped() -> None:
    sc_system, bout, _ = make([("A", "red", "leader", 1, 2), ("B", "blue", "leader", 1, 2)])
    sc_system.settle(bout, ScriptedStream([3, 4, 6, 1]))
    assert ScBout(bout).sc.phase == PHASE_ACTION
    with pytest.raises(IllegalAction):
        sc_system.configure(bout, surprised={"red": True})
    bout.add_fighter(sheet("C", side="blue", prof={"cut_and_thrust": 3}))
    events = sc_system.configure(bout, {"C": ScStats(kind="leader", level=2, agility=1)})
    assert [(e.fighter, e.unit, e.agility) for e in events if isinstance(e, sev.CombatantJoined)] == [("C", "C", 1)]
    assert "C" not in ScBout(bout).up_units() and ScBout(bout).sc.pools == {"red": 2, "blue": 2}
    # one who joins without `configure` is placed from his sheet at the next step
    bout.add_fighter(sheet("D", side="red", prof={"cut_and_thrust": 3}, AG=6))
    joined = sc_system.advance(bout, SeededStream(1, "combat")).events
    assert [(e.fighter, e.agility) for e in joined if isinstance(e, sev.CombatantJoined)] == [("D", 3)]


def test_a_cloned_bout_has_the_same_state_and_changes_apart() -> None:
    sc_system, bout, _ = make([("A", "red", "leader", 1, 2), ("B", "blue", "leader", 1, 2)])
    sc_system.settle(bout, ScriptedStream([3, 4, 6, 1]))
    copy = bout.clone({fid: s.clone() for fid, s in bout.fighters.items()})
    assert ScBout(copy).sc.snapshot() == ScBout(bout).sc.snapshot()
    decision = sc_system.due(copy)[0]
    sc_system.answer(copy, decision, "wait")
    assert ScBout(copy).sc.chosen is not None and ScBout(bout).sc.chosen is None


def test_a_bout_of_another_system_is_refused() -> None:
    other = system("tros_sos").new_bout(catalog(), [sheet("A", side="red"), sheet("B", side="blue")])
    with pytest.raises(IllegalAction, match="not a Sophia's Children bout"):
        SophiasChildren().due(other)


def _counter_due(bid: int) -> tuple[ScBout, Decision]:
    """Red (A, A2: pool 6) against blue (B, B2: pool 6); B has First Action, waits and designates A; B2
    Interrupts with `bid`, A2 stays out: A's counter-bid is due."""
    rows: list[Row] = [("A", "red", "leader", 1, 3), ("A2", "red", "leader", 1, 3),
                       ("B", "blue", "leader", 1, 3), ("B2", "blue", "leader", 1, 3)]
    sc_system, bout, _ = make(rows, None, {"red": False, "blue": False})
    stream = ScriptedStream([1, 1, 6, 1], fallback=SeededStream(1, "combat"))
    answers: dict[tuple[str, str], Answer] = {("B", ACTION): "wait", ("B", DESIGNATE): "A", ("B2", INTERRUPT): bid,
                                              ("A2", INTERRUPT): 0}
    for _ in range(20):
        due = sc_system.due(bout)
        for d in due:
            if (d.who, d.kind) == ("A", COUNTER):
                return ScBout(bout), d
            sc_system.answer(bout, d, answers[(d.who, d.kind)])
        if not due:
            sc_system.settle(bout, stream)
            sc_system.advance(bout, stream)
    raise AssertionError("A's counter-bid never came due")


def test_the_players_default_counter_bid_keeps_his_action_out_of_the_whole_pool() -> None:
    """The AI matches an Interrupt within half its pool; the player's default (`ai.advise`) within all of it."""
    from rules.sophias_children import ai

    b, d = _counter_due(4)
    assert b.pool("red") == 6 and ai.suggest(b, d) == 0  # 4 is more than half of 6: the AI yields
    assert ai.advise(b, d) == 4  # the player's default matches
    b, d = _counter_due(2)
    assert ai.suggest(b, d) == ai.advise(b, d) == 2


@pytest.mark.parametrize(("rows", "designator"), [
    ([("A", "red", "leader", 1, 3), ("A2", "red", "leader", 1, 3), ("B", "blue", "leader", 1, 3)], "A2"),
    ([("A", "red", "leader", 1, 3), ("B", "blue", "leader", 1, 3), ("C", "green", "leader", 1, 3)], "B"),
])
def test_one_who_left_the_bout_before_designating_leaves_it_to_his_side_else_the_first_up(
        rows: list[Row], designator: str) -> None:
    """The world's bout split and the last to act went with the other part: the Next Action is designated
    by a unit of his side still here (our ruling), else by the first unit that may be designated; never
    asked of one who is not in the bout (the world would route it to the wrong bout)."""
    sc_system, bout, _ = fight(rows, [6, 1, 1], [("A", ACTION, "wait")])
    d = sc_system.due(bout)
    assert [(x.who, x.kind) for x in d] == [("A", DESIGNATE)]
    bout.remove_fighter("A")
    d = sc_system.due(bout)
    assert [(x.who, x.kind) for x in d] == [(designator, DESIGNATE)] and "A" not in d[0].values()
    events = sc_system.answer(bout, d[0], d[0].values()[0])
    assert any(isinstance(e, sev.Designated) for e in events)
