"""Steps 0/1 of the design doc: the martial stance and the terrain roll (issue 13 item 5).

"0/1 : Decide on martial stance if possible ... Any necessary/optional terrain rolls are also decided here."

- **Stance** (house rule `stance_bonus`, TRoS's stance, research §1.8 / §3.1): once every orientation of a
  round's `e1s0` is in, each fighter who chose one declares Offensive, Neutral or Defensive, lowest
  Reflex first (ties: the id), each seeing the ones before ("revealed ... in the lowest reflex to highest
  reflex stance declaration queue"). The stance shifts activation costs in that exchange by 2
  (`rules.costs.stance_shift`). The default (and the AI's answer) is the stance the orientation implies.
- **Terrain roll**: a fighter on difficult ground (`Bout.set_terrain`, the TN of his footing) sets aside
  at least one CP die at each round's `e1s0` (a "necessary" roll: TRoS asks it of whoever fights on bad
  ground) and rolls them when the step settles: the dice are spent; no success and he loses his footing
  (prone, CP halved, as any knockdown: research §3 Full Evasion's "terrain roll TN 7, fail = prone").
  The AI sets aside the fewest dice whose roll fails at most `FOOTING_FAIL` of the time.

Both are decisions (`rules.decisions.STANCE`, `TERRAIN`) that `rules.tros_sos` puts due after the
orientations; events `StanceChosen`, `FootingSet` and `FootingRoll` carry them (`rules.fold`).
"""

from __future__ import annotations

from rules.bout import AGGRESSIVE, DEFENSIVE, Bout, IllegalAction
from rules.costs import NEUTRAL, OFFENSIVE, STANCES
from rules.decisions import STANCE, TERRAIN, Decision, Option
from rules.dice import DiceStream, roll_pool
from rules.events import Event, FootingRoll, FootingSet, StanceChosen

STANCE_LABELS = {OFFENSIVE: "Offensive (attacks -2 CP, defences +2)", NEUTRAL: "Neutral",
                 DEFENSIVE: "Defensive (defences -2 CP, attacks +2)"}
FOOTING_FAIL = 0.25  # the AI's terrain dice: until the roll fails at most this often
FOOTING_MAX_DICE = 4


def implied_stance(bout: Bout, fid: str) -> str:
    """The stance fid's orientation implies (the decision's default)."""
    orientation = bout.orientation.get(fid)
    return OFFENSIVE if orientation == AGGRESSIVE else DEFENSIVE if orientation == DEFENSIVE else NEUTRAL


def due(bout: Bout) -> list[Decision]:
    """The stance and terrain decisions due at `e1s0` once the orientations are in (see the module
    docstring): the next stance in the queue, else every terrain roll not yet set."""
    if bout.rules.stance_bonus:
        stance = bout.stance
        queue = [fid for fid in bout.roster() if fid not in stance and fid in bout.answered]
        if queue:
            fighters = bout.fighters
            fid = min(queue, key=lambda f: (fighters[f].reflex, f))
            return [stance_decision(bout, fid)]
    if not bout.terrain:
        return []
    return [terrain_decision(bout, fid) for fid in bout.roster()
            if fid in bout.terrain and fid not in bout.footing and fid not in bout.footing_rolled
            and bout.fighters[fid].cp > 0]


def stance_decision(bout: Bout, fid: str) -> Decision:
    options = tuple(Option(s, STANCE_LABELS[s]) for s in STANCES)
    return Decision(STANCE, fid, options, implied_stance(bout, fid), note="TRoS stance: this exchange's costs +-2")


def terrain_decision(bout: Bout, fid: str) -> Decision:
    tn = bout.terrain[fid]
    cp = bout.fighters[fid].cp
    return Decision(TERRAIN, fid, default=str(footing_dice(tn, cp)), low=1, high=cp,
                    note=f"difficult ground: CP dice for a terrain roll at TN {tn} (no success: you go down)")


def footing_dice(tn: int, cp: int) -> int:
    """The AI's dice for a terrain roll at `tn` (see FOOTING_FAIL), at least 1 and at most his CP."""
    miss = min(1.0, max(0.0, (tn - 1) / 10))
    dice = 1
    while miss**dice > FOOTING_FAIL and dice < FOOTING_MAX_DICE:
        dice += 1
    return max(1, min(dice, cp))


def choose_stance(bout: Bout, fid: str, stance: str) -> list[Event]:
    if stance not in STANCES:
        raise IllegalAction(f"a stance is one of {', '.join(STANCES)}")
    if not bout.rules.stance_bonus or fid in bout.stance or fid not in bout.answered:
        raise IllegalAction(f"{fid} does not choose a stance now")
    return bout.fold1(StanceChosen(bout.clock.exchange, fid, stance))


def set_footing(bout: Bout, fid: str, dice: int) -> list[Event]:
    if fid not in bout.terrain or fid in bout.footing or fid in bout.footing_rolled:
        raise IllegalAction(f"{fid} makes no terrain roll now")
    cp = bout.fighters[fid].cp
    if not 1 <= dice <= cp:
        raise IllegalAction(f"a terrain roll takes 1 to {cp} CP dice")
    return bout.fold1(FootingSet(bout.clock.exchange, fid, dice))


def roll_footing(bout: Bout, stream: DiceStream) -> list[Event]:
    """Roll every terrain roll set at this step, in roster order."""
    events: list[Event] = []
    for fid in bout.roster():
        dice = bout.footing.get(fid)
        if dice is None:
            continue
        tn = bout.terrain[fid]
        r = roll_pool(stream, dice, tn, bout.rules.negative_pool)
        events += bout.fold1(FootingRoll(bout.clock.exchange, fid, dice, tn, r.faces, r.successes,
                                         r.successes > 0))
    return events
