"""What a bout's orientation and a wait mean for footwork at `s0` (design doc, step 0/1; issue 13 items 7, 8, 10).

The world moves the fighters (game.sim.world); this module owns the rule it asks about:

- `bump_rushes`: an Aggressive fighter whose bumped foe steps away follows him into the vacated square at
  once, with no bump frame and no choice ("you will also automatically bump-rush into enemy's square
  immediately if the enemy vacates his square, without having the ability to wait for the next step to
  consider following or not"). Cautious, Defensive and auto keep the choice (the bump frame, or the AI).
- `step_into_empty`: an Aggressive fighter who steps into an empty square reverts to Cautious ("you must
  bump into an enemy square always to confirm it (else it's always revert to Cautious)"); the change is
  an `OrientationChosen` event with its reason, folded into the bout.

- `wait_bump_order`: a wait next to foes is a bump too ("Wait can also be considered bumping"): the
  foe it bumps (faces, and targets by default at `s1`) by the design doc's priority (house rule
  `wait_bumps`, default on).

The first two follow house rule `aggressive_bump_rush` (default on). Neither applies under `initiative_model:
red_white` (classic TRoS, "Backward compatible with TROS"): "there's no bump rushing when rolling Red in
Step 0/1", so one who threw red keeps his throw and the bump frame's choice.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rules.bout import AGGRESSIVE, CAUTIOUS, Bout
from rules.events import Event, OrientationChosen

REVERT_REASON = "stepped into an empty square: Aggressive must bump a foe"


def _committed_aggressive(bout: Bout, fid: str) -> bool:
    rules = bout.rules
    return (
        rules.aggressive_bump_rush
        and rules.initiative_model != "red_white"
        and bout.clock.exchange == 1
        and bout.orientation.get(fid) == AGGRESSIVE
    )


def bump_rushes(bout: Bout, fid: str) -> bool:
    """Does fid, whose bumped foe just stepped away, follow him at once without being asked?"""
    return _committed_aggressive(bout, fid)


def step_into_empty(bout: Bout, fid: str) -> list[Event]:
    """fid stepped into an empty square at `s0`: an Aggressive fighter reverts to Cautious (the event),
    anyone else keeps his orientation (no events)."""
    if bout.clock.step != 0 or not _committed_aggressive(bout, fid):
        return []
    return bout.fold1(OrientationChosen(bout.clock.exchange, fid, CAUTIOUS, REVERT_REASON))


# ----- "Wait can also be considered bumping" (design doc, Player Rollover implications; issue 13 item 7)
SIDE_RANK = {"front": 0, "side": 1, "behind": 2}


@dataclass(frozen=True, slots=True)
class WaitCandidate:
    """A foe next to one who waits: `synced` = in his bout at the same step of the same exchange (else
    further ahead in another bout: a bump fast-tracks into his exchange); `side` = front, side or
    behind, from the waiter's facing; `targets_me` = he targets the waiter."""

    fighter: str
    synced: bool
    side: str
    targets_me: bool = False


def wait_bump_order(candidates: Sequence[WaitCandidate]) -> list[str]:
    """The foes a wait bumps, first choice first (house rule `wait_bumps`): synced ones before the rest;
    inside each, the one in front, then the sides, then behind ("Randomly select the target that is
    either to the left/right of you as priority, or decide between this, according to some AI logic":
    one who targets the waiter first, then the lowest id)."""
    for c in candidates:
        if c.side not in SIDE_RANK:
            raise ValueError(f"side {c.side!r}: front, side or behind")
    ranked = sorted(candidates, key=lambda c: (not c.synced, SIDE_RANK[c.side], not c.targets_me, c.fighter))
    return [c.fighter for c in ranked]
