"""Blood, first aid and healing out of combat (SPEC §4.10)."""

from __future__ import annotations

from game.sim import events as ev
from game.sim.commands import FirstAid, Step
from rules.fighter import Wound
from tests.world.worlds import world


def bleeding_world(bl: int = 2, pain: int = 1):  # type: ignore[no-untyped-def]
    w = world(["##########", "#@.......#", "##########"])
    w.state.actors["player"].fighter.add_wound(Wound("thigh", "cut", 2, pain, bl))
    return w


def test_first_aid_is_offered_before_the_sixth_waiting_tick_and_rolled_on_it() -> None:
    w = bleeding_world()
    offered_at = None
    aid: list[ev.FirstAidGiven] = []
    for tick in range(1, 7):
        events = w.apply(Step(None))
        if any(isinstance(e, ev.FirstAidOffered) for e in events):
            offered_at = tick
        aid += [e for e in events if isinstance(e, ev.FirstAidGiven)]
    assert offered_at == 5
    assert len(aid) == 1 and aid[0].actor == "player" and aid[0].tn == 7
    if aid[0].stopped:
        assert w.state.actors["player"].fighter.blood_loss == 0


def test_moving_interrupts_first_aid() -> None:
    w = bleeding_world()
    got = []
    for tick in range(8):
        events = w.apply(Step("E" if tick == 3 else None))
        got += [e for e in events if isinstance(e, ev.FirstAidGiven)]
    assert not got  # 3 waits, a step, 4 waits: never six in a row


def test_first_aid_can_be_declined() -> None:
    w = bleeding_world()
    w.apply(FirstAid(accept=False))
    got = []
    for _ in range(7):
        got += [e for e in w.apply(Step(None)) if isinstance(e, ev.FirstAidGiven) and e.actor == "player"]
    assert not got


def test_blood_loss_is_checked_every_six_moving_ticks() -> None:
    w = bleeding_world(bl=5)
    w.apply(FirstAid(accept=False))
    checks = []
    for tick in range(1, 13):
        events = w.apply(Step("E" if tick % 2 else "W"))
        checks += [tick for e in events if isinstance(e, ev.Bled)]
    assert checks == [6, 12]


def test_blood_loss_is_checked_every_eighteen_waiting_ticks() -> None:
    w = bleeding_world(bl=5)
    w.apply(FirstAid(accept=False))
    checks = []
    for tick in range(1, 19):
        checks += [tick for e in w.apply(Step(None)) if isinstance(e, ev.Bled)]
    assert checks == [18]


def test_healing_only_once_bleeding_has_stopped() -> None:
    w = bleeding_world(bl=0, pain=3)
    healed = []
    for _ in range(18):
        healed += [e for e in w.apply(Step(None)) if isinstance(e, ev.Healed)]
    fighter = w.state.actors["player"].fighter
    assert all(e.location == "thigh" for e in healed)
    assert fighter.pain == (3 - sum(e.amount for e in healed) if healed else 3) or not fighter.wounds


def test_no_healing_while_bleeding() -> None:
    w = bleeding_world(bl=3, pain=3)
    w.apply(FirstAid(accept=False))
    healed = []
    for _ in range(20):
        healed += [e for e in w.apply(Step(None)) if isinstance(e, ev.Healed)]
    assert not healed


def test_first_aid_resolves_before_that_steps_blood_loss_check() -> None:
    """Issue 13 item 13 (design doc "First Aid"): when the sixth waiting tick is also a tick of the
    blood-loss check, the first aid rolls first; if it stopped the bleeding there is no check at all."""
    for seed in range(6):
        w = world(["##########", "#@.......#", "##########"], seed=seed)
        w.state.actors["player"].fighter.add_wound(Wound("thigh", "cut", 2, 1, 3))
        w.state.actors["player"].bleed_thirds = 12  # the sixth wait brings it to 18: a check is due then
        events: list[ev.WorldEvent] = []
        for _ in range(6):
            events = w.apply(Step(None))
        kinds = [type(e) for e in events if isinstance(e, ev.FirstAidGiven | ev.Bled)]
        aid = next(e for e in events if isinstance(e, ev.FirstAidGiven))
        if aid.stopped:
            assert kinds == [ev.FirstAidGiven], seed  # nothing left to bleed
        else:
            assert kinds[0] is ev.FirstAidGiven and ev.Bled in kinds, seed
