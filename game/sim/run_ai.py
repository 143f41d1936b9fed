"""The AI leader's care of his party and his training in a run (issue 10, docs/run.md "The AI leader").

When the AI leads a run (`WorldCore.player_ai`), at the end of each tick and out of any bout he does
what a player would do with the inventory and character screens, through the same checks and events
as their commands (`run_actions.use_item`, `run_actions.train`):

- **care**: each party member beside him (himself first) who bleeds gets a first-aid item (a bandage,
  else a styptic) from his own pack or the leader's; one in pain `PAINKILLER_PAIN` or more with no
  painkiller working yet takes a painkiller; one who lost HT to blood loss and bleeds no more takes a
  cordial. One item a member a tick, so a failed bandage is tried again on the next.
- **training**: each party member within `run_actions.AT_THE_STAIRS` of the stairs spends his
  experience on the next level of the proficiency he fights with, as long as he can pay for it (then on
  Agility, which raises Reflex, once that proficiency is at its highest).

Every choice is a pure function of the state (no random draw but a bandage's own roll).
"""

from __future__ import annotations

from game.sim import events as ev
from game.sim import run_actions
from game.sim.commands import Gear, Train
from game.sim.geometry import chebyshev
from game.sim.recovery import CARE_TN
from game.sim.state import Actor, RunState
from game.sim.world_core import WorldCore
from rules.bout import IllegalAction
from rules.progression import MAX_PROFICIENCY

PAINKILLER_PAIN = 3  # the AI gives a painkiller at this much pain (a wound of level 2 or two small ones)
CARE_ORDER = (("first_aid", "bleeding"), ("staunch", "bleeding"), ("painkiller", "pain"), ("restore", "ht"))


def tend_and_train(core: WorldCore) -> None:
    """The AI leader's care and training this tick (see the module docstring)."""
    s = core.state
    run = s.run
    leader = s.actors.get(s.leader)
    if run is None or leader is None or not leader.alive or s.bout_of(leader.id) is not None:
        return
    members = [leader, *(a for a in core.living() if a.party and a.id != leader.id)]
    for member in members:
        if s.bout_of(member.id) is None and chebyshev(member.pos, leader.pos) <= run_actions.BESIDE:
            _tend(core, run, leader, member)
    for member in members:
        if s.bout_of(member.id) is None and run.experience.get(member.id, 0) > 0:
            _train(core, run, member)


def _need(run: RunState, member: Actor, need: str) -> bool:
    f = member.fighter
    if need == "bleeding":
        return f.blood_loss > 0
    if need == "pain":
        return f.pain >= PAINKILLER_PAIN and member.id not in run.numbed
    return f.blood_loss == 0 and f.ht < f.attributes.HT


def _tend(core: WorldCore, run: RunState, leader: Actor, member: Actor) -> None:
    """One item for `member` if he needs one and he or the leader carries it."""
    items = run.content.items
    for effect, need in CARE_ORDER:
        if not _need(run, member, need):
            continue
        for user in (member, leader) if member.id != leader.id else (leader,):
            item = next((i for i, _n in run.inventories[user.id].carried if items[i].effect == effect), None)
            if item is None:
                continue
            command = Gear("use", item=item, actor=None if user.id == leader.id else user.id,
                           to=None if member.id == user.id else member.id)
            s = core.state
            try:
                events = run_actions.use_item(s, run, user, command, s.combat, CARE_TN, s.house_rules.negative_pool)
            except IllegalAction:
                continue  # (the rules refuse it: no wound the painkiller eases, say)
            for e in events:
                core.emit(e)
            if any(isinstance(e, ev.ItemUsed) and e.faces for e in events):
                core.mark_streams()  # the bandage's roll drew from the combat stream
            return


def _train(core: WorldCore, run: RunState, member: Actor) -> None:
    """Spend `member`'s experience at the stairs, one purchase at a time while he can pay."""
    s = core.state
    if not run_actions.at_the_stairs(run, member):
        return
    for _ in range(8):  # (a handful a visit at most: each costs more than the last)
        prof = member.fighter.sheet.proficiency
        adv = run_actions.advancement(s, run, member)
        level = member.fighter.sheet.level
        command = Train("proficiency", prof, member.id) if prof and level < MAX_PROFICIENCY else Train(
            "attribute", "AG", member.id)
        if adv.experience <= 0:
            return
        try:
            events = run_actions.train(s, run, command)
        except IllegalAction:
            return  # too dear for now
        for e in events:
            core.emit(e)
