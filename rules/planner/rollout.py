"""Playing a cloned bout forward for the planner: the replies of the others and the exchanges after.

Everyone but the planning fighter's own candidate is played by the baseline heuristics (`rules.ai`),
drawing from the sample's stream, with the same step calls the scenario runner makes. What the
planning fighter may not see is hidden from the clone first (`hide_from`): under `declare_roots_only`
an earlier declarer's exact maneuver becomes its root with a TN guessed from his visible equipment.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rules import ai
from rules.bout import Action, Bout, Committed, IllegalAction, maneuver_root
from rules.costs import maneuver_tn
from rules.declare import commit_declaration
from rules.dice import DiceStream
from rules.events import Attack, Event
from rules.exchange import resolve_exchange


def bout_over(bout: Bout) -> bool:
    return not any(bout.foes(fid) for fid in bout.roster())


def hide_from(bout: Bout, viewer: str) -> None:
    """Under `declare_roots_only`, replace what others declared by what viewer sees of it."""
    if not bout.rules.declare_roots_only:
        return
    catalog = bout.catalog
    for owner, items in bout.declarations.items():
        if owner == viewer:
            continue
        seen: list[Committed] = []
        for c in items:
            root = maneuver_root(catalog, c.maneuver)
            if root == c.maneuver or c.action.parts:
                seen.append(c)
                continue
            m = catalog.maneuvers[root]
            tn = maneuver_tn(bout.fighters[owner].sheet, m) or 7
            a = c.action
            seen.append(Committed(
                owner, Action(a.action, root, a.opponent, a.dice, a.zone), c.role, root, c.opponent, c.dice, tn,
                c.cost, 0, c.zone, c.hand, c.flavour,
            ))
        bout.declarations[owner] = seen


def declare_rest(bout: Bout, stream: DiceStream) -> None:
    """Every fighter still to declare declares what the baseline would."""
    while (fid := bout.next_declarer()) is not None:
        try:
            commit_declaration(bout, fid, ai.suggest_declaration(bout, fid, stream))
        except IllegalAction:  # the baseline only picks from the menu; this is a safety net
            commit_declaration(bout, fid, [])


def declare_until(bout: Bout, fid: str, stream: DiceStream) -> None:
    """Those whose turn to declare comes before fid's declare what the baseline would."""
    while (other := bout.next_declarer()) is not None and other != fid:
        try:
            commit_declaration(bout, other, ai.suggest_declaration(bout, other, stream))
        except IllegalAction:
            commit_declaration(bout, other, [])


def play_exchange(bout: Bout, stream: DiceStream) -> list[Event]:
    """One whole exchange from its first step, everyone played by the baseline."""
    for fid in bout.orientation_due():
        bout.choose_orientation(fid, ai.suggest_orientation(bout, fid, stream))
    bout.finish_targeting(stream, lambda fid: ai.suggest_target(bout, fid))
    declare_rest(bout, stream)
    return resolve_exchange(bout, stream).events


@dataclass(slots=True)
class Tally:
    """What happened to one fighter's attacks and to the attacks on him, over the samples."""

    attacks: dict[str, int] = field(default_factory=dict)  # per defender: attacks made
    landed: dict[str, int] = field(default_factory=dict)  # per defender: attacks that hit
    incoming: dict[str, int] = field(default_factory=dict)  # per attacker: attacks on me
    stopped: dict[str, int] = field(default_factory=dict)  # per attacker: attacks on me that missed

    def add(self, events: list[Event], fid: str) -> None:
        for e in events:
            if type(e) is not Attack:
                continue
            if e.attacker == fid:
                self.attacks[e.defender] = self.attacks.get(e.defender, 0) + 1
                if e.hit:
                    self.landed[e.defender] = self.landed.get(e.defender, 0) + 1
            elif e.defender == fid:
                self.incoming[e.attacker] = self.incoming.get(e.attacker, 0) + 1
                if not e.hit:
                    self.stopped[e.attacker] = self.stopped.get(e.attacker, 0) + 1
