"""The log's story lines (game.sim.narration, issue 11): a hurt foe who breaks off is said to flee, with his
blood loss and health; a death from blood loss is told once and names whose wound it was; the leader's pool
coming back out of a fight is told."""

from __future__ import annotations

from game.sim import events as ev
from game.sim.commands import Confirm
from game.sim.log import describe, known_names
from game.sim.narration import Narrator, flight_line, hurt_enough_to_flee
from game.sim.run_world import run_setup
from game.sim.state import WorldState
from game.sim.world import World
from rules import events as rev
from rules.fighter import Wound
from tests.world.worlds import world

ROWS = ["##########", "#@b.s....#", "##########"]


def _wound(state: WorldState, actor: str, pain: int, bl: int) -> None:
    state.actors[actor].fighter.add_wound(Wound("chest", "cut", 3, pain, bl))


def _attack(attacker: str, defender: str, bl: int) -> rev.Attack:
    wound = rev.WoundRecord("chest", "chest", "cut", 3, 3, bl, 0, 4, None, None, False, False)
    return rev.Attack(1, 1, attacker, defender, "swing", 6, 6, (9, 8, 7, 2, 1, 1), 3, None, 3, True, wound)


def _tell(narrator: Narrator, state: WorldState, event: ev.WorldEvent) -> tuple[str | None, bool]:
    names = known_names(state)
    told = narrator.tell(event, describe(event, names), state, names)
    return told.text, told.ours


def test_a_hurt_foe_who_leaves_flees_with_his_blood_loss_and_health() -> None:
    w = world(ROWS)
    s = w.state
    _wound(s, "b1", 9, 3)
    bandit = s.actors["b1"]
    assert hurt_enough_to_flee(s, bandit)
    ht = bandit.fighter.ht
    text, ours = _tell(Narrator(), s, ev.BoutLeft(1, "b1", "separated"))
    assert text == f"[bout 1] b1 flees, bleeding (BL 3, HT {ht}/{ht} left): he may bleed to death"
    assert not ours


def test_a_hurt_foe_who_does_not_bleed_flees_badly_hurt() -> None:
    s = world(ROWS).state
    _wound(s, "b1", 9, 0)
    f = s.actors["b1"].fighter
    assert flight_line(s.actors["b1"]) == f"b1 flees, badly hurt (pain 9 of his {f.sheet.level + f.reflex} CP)"


def test_a_foe_left_with_nobody_in_reach_is_not_said_to_flee() -> None:
    s = world(ROWS).state
    assert not hurt_enough_to_flee(s, s.actors["b1"])
    text, _ = _tell(Narrator(), s, ev.BoutLeft(2, "b1", "separated"))
    assert text == "[bout 2] b1 leaves the bout (no foe within reach)"


def test_a_death_from_blood_loss_is_told_once_and_credits_the_worst_bleeding_wound() -> None:
    s = world(ROWS).state
    narrator = Narrator()
    for attacker, bl in (("s1", 2), ("player", 5), ("s1", 1)):
        _tell(narrator, s, ev.RulesEvent(1, _attack(attacker, "b1", bl)))
    assert narrator.credit("b1") == "player"
    # the rules' check says he died (out of a fight): nothing, the world's Died right after tells it
    assert _tell(narrator, s, ev.Bled("b1", rev.Died(0, "b1", "blood loss"))) == (None, False)
    text, ours = _tell(narrator, s, ev.Died("b1", "blood loss"))
    assert text == "b1 collapses from blood loss and dies — the wound you gave him"
    assert ours  # the party's own story: shown even out of its sight


def test_a_companions_wound_and_a_foes_wound_are_credited_to_them() -> None:
    s = world(["##########", "#@b.s.g..#", "##########"]).state
    narrator = Narrator()
    _tell(narrator, s, ev.RulesEvent(1, _attack("s1", "b1", 2)))
    _tell(narrator, s, ev.RulesEvent(2, _attack("g1", "s1", 2)))
    text, ours = _tell(narrator, s, ev.RulesEvent(1, rev.Died(1, "b1", "blood loss")))
    assert (text, ours) == ("[bout 1] b1 collapses from blood loss and dies — the wound s1 gave him", True)
    text, ours = _tell(narrator, s, ev.Died("s1", "blood loss"))
    assert (text, ours) == ("s1 collapses from blood loss and dies — the wound g1 gave him", False)


def test_a_glancing_or_dry_wound_is_nobodys_credit() -> None:
    s = world(ROWS).state
    narrator = Narrator()
    _tell(narrator, s, ev.RulesEvent(1, _attack("player", "b1", 0)))
    assert narrator.credit("b1") is None
    assert _tell(narrator, s, ev.Died("b1", "blood loss"))[0] == "b1 collapses from blood loss and dies"


def test_the_leader_catches_his_breath_and_nobody_else_is_told() -> None:
    s = world(ROWS).state
    narrator = Narrator()
    assert _tell(narrator, s, ev.Rested("player", 14)) == ("You catch your breath: CP 14", True)
    assert _tell(narrator, s, ev.Rested("s1", 12))[0] is None


def test_in_a_run_each_blood_loss_death_is_told_once_with_a_wound_its_giver_gave() -> None:
    """Seed 1's AI-led run: its foes flee hurt and bleed to death; every such death is one line naming one
    who did land a bleeding wound on him (read from the raw events), the leader's as 'you'."""
    w = World(run_setup(1), seed=1, player_ai=True)
    narrator = Narrator()
    given: set[tuple[str, str]] = set()
    deaths: list[tuple[str, str]] = []
    flights = 0
    for _ in range(400):
        for e in w.apply(Confirm()):
            names = known_names(w.state)
            inner = e.event if isinstance(e, ev.RulesEvent | ev.ShotLanded) else None
            wound = getattr(inner, "wound", None)
            if wound is not None and getattr(inner, "hit", False) and wound.bl > 0:
                attacker = str(getattr(inner, "attacker", None) or getattr(inner, "shooter", None))
                victim = str(getattr(inner, "defender", None) or getattr(inner, "target", None))
                given.add((names[attacker], names[victim]))
            text = narrator.tell(e, describe(e, names), w.state, names).text or ""
            assert "dies (blood loss)" not in text  # the plain line, once told twice, is gone
            flights += " flees, " in text
            if isinstance(e, ev.Died) and e.cause == "blood loss":
                deaths.append((names[e.actor], text))
    assert flights >= 3
    assert deaths
    leader = w.state.actors[w.state.leader].name
    credited_to_you = 0
    for victim, text in deaths:
        assert text.startswith(f"{victim} collapses from blood loss and dies — the wound "), text
        giver = text.split(" — the wound ", 1)[1].removesuffix(" gave him")
        credited_to_you += giver == "you"
        assert ((leader if giver == "you" else giver), victim) in given, text
    assert credited_to_you >= 1
