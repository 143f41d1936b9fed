"""What a bout's orientation means for footwork at `e1s0` (design doc, step 0/1; issue 13 items 8, 10).

The world moves the fighters (game.sim.world); this module owns the rule it asks about:

- `bump_rushes`: an Aggressive fighter whose bumped foe steps away follows him into the vacated square at
  once, with no bump frame and no choice ("you will also automatically bump-rush into enemy's square
  immediately if the enemy vacates his square, without having the ability to wait for the next step to
  consider following or not"). Cautious, Defensive and auto keep the choice (the bump frame, or the AI).
- `step_into_empty`: an Aggressive fighter who steps into an empty square reverts to Cautious ("you must
  bump into an enemy square always to confirm it (else it's always revert to Cautious)"); the change is
  an `OrientationChosen` event with its reason, folded into the bout.

Both follow house rule `aggressive_bump_rush` (default on). Neither applies under `initiative_model:
red_white` (classic TRoS, "Backward compatible with TROS"): "there's no bump rushing when rolling Red in
Step 0/1", so one who threw red keeps his throw and the bump frame's choice.
"""

from __future__ import annotations

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
