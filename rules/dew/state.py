"""The state of a detailed-sequence bout: its characters, the ranges between them, the round, the phase
and the step in progress. Only `rules.dew.fold` writes it; the rules read it.

Ranges are pairwise, 1 (grappling distance) to 6 (the document's maximum; 6 also stands for "6 or
more"). See docs/systems/dew_sequence.md for how they map onto the grid.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from rules.dew.stats import CreatureModel, DewStats

COMBAT, NONCOMBAT, MOVEMENT = "combat", "noncombat", "movement"
Square = tuple[int, int]
MIN_RANGE, MAX_RANGE = 1, 6


@dataclass
class DewFighter:
    """One character in the detailed sequence."""

    id: str
    name: str
    side: str
    stats: CreatureModel
    en: int
    bd: int
    weapon: str | None
    sheathed: list[str]
    armour_enc: int
    armour_worn: bool
    shield: bool
    alert: bool = True
    fallen: bool = False
    unconscious: bool = False
    dead: bool = False
    active: int = 0
    reactive: int = 0
    blows_spent: int = 0  # this round (borrowed ones count for the round they are borrowed from)
    borrowed_active: int = 0  # taken from next round's allowance during movement
    borrowed_reactive: int = 0
    en_spent_phase: int = 0
    en_spent_round: int = 0
    en_spent_last_round: int = 0
    combat_action: bool = False  # expended blows or EN in this round's combat phase
    noncombat: str | None = None  # the noncombat option taken this round
    prepared: int = 0
    prep_weapon: str | None = None
    passed: bool = False
    pos: tuple[int, int] | None = None  # his square, where the bout has a map (the trace system, 3.1)
    tired: bool = False  # hosted: he joined with the EN or BD of an earlier fight, not rested to the full

    @property
    def conscious(self) -> bool:
        return not (self.unconscious or self.dead)

    def en_cap(self) -> int:
        """EN that may be expended in one phase: EL+2, +4 or +6 by EN class (document line 5)."""
        return self.stats.el + 2 + self.stats.en_class

    def ac(self) -> int:
        if self.armour_worn or self.stats.unarmoured_ac is None:
            return self.stats.ac
        return self.stats.unarmoured_ac

    def first_modifier(self) -> int:
        return self.stats.ac_mod1 - (0 if self.shield else self.stats.shield_mod)

    def next_blow_cost(self) -> int:
        """The first blow of a round costs no EN, each later one 1 EN (line 17)."""
        return 0 if self.blows_spent == 0 else 1

    def can_spend(self, active_only: bool = False) -> bool:
        """Has the blow (an active one if required) and the EN for it, within the phase cap. A character
        cannot spend his last point of EN (our ruling)."""
        if not self.conscious:
            return False
        if self.active <= 0 and (active_only or self.reactive <= 0):
            return False
        cost = self.next_blow_cost()
        return cost == 0 or (self.en > cost and self.en_spent_phase + cost <= self.en_cap())


@dataclass
class DewBout:
    """A bout under the detailed sequence (see the module docstring)."""

    stats: DewStats
    fighters: dict[str, DewFighter]
    ranges: dict[tuple[str, str], int]
    round: int = 0
    phase: str = COMBAT
    segment: int = 0
    holders: tuple[str, ...] = ()  # who has the initiative in this segment
    chain: str | None = None  # a thrusting preparation keeps the initiative (1.2.4)
    pending: dict[str, str] = field(default_factory=dict)  # options chosen this segment
    parries: dict[str, str | None] = field(default_factory=dict)  # parry answers this segment
    noncombat_choices: dict[str, str] = field(default_factory=dict)
    move_choices: dict[str, str] = field(default_factory=dict)
    moved: bool = False  # this round's movement is resolved (reactions are due)
    reactions: dict[str, str | None] = field(default_factory=dict)
    newly_in_reach: dict[str, tuple[str, ...]] = field(default_factory=dict)
    ground: list[tuple[str, str]] = field(default_factory=list)  # (item, where: the one it lies by)
    over: bool = False
    left_unreported: list[str] = field(default_factory=list)
    away: dict[str, DewFighter] = field(default_factory=dict)  # hosted: left the bout on his feet (`Withdrawn`)
    traces: bool = False  # the optional trace system (3.1-3.2.3) moves characters on their squares
    adjacency: int = 8  # the squares one step away on the map: 8, or the 4 orthogonal ones (the world's house rule)
    moving: dict[str, tuple[Square, ...]] = field(default_factory=dict)  # trace left, from his square (3.2.1)
    ends: dict[str, str] = field(default_factory=dict)  # where a trace ends: "" its end, or "within reach of" him
    drawn: dict[str, tuple[Square, ...]] = field(default_factory=dict)  # the traces revealed last (for the map)

    def clone(self) -> DewBout:
        """A copy sharing nothing that changes (the stats are read-only): `rules.bout.SystemState`, for the
        world's lookahead and time travel when the bout is hosted (`rules.dew.hosted`)."""
        def copy_fighter(f: DewFighter) -> DewFighter:
            return replace(f, sheathed=list(f.sheathed))

        return replace(
            self, fighters={fid: copy_fighter(f) for fid, f in self.fighters.items()}, ranges=dict(self.ranges),
            pending=dict(self.pending), parries=dict(self.parries), noncombat_choices=dict(self.noncombat_choices),
            move_choices=dict(self.move_choices), reactions=dict(self.reactions),
            newly_in_reach=dict(self.newly_in_reach), ground=list(self.ground),
            left_unreported=list(self.left_unreported), away={fid: copy_fighter(f) for fid, f in self.away.items()},
            moving=dict(self.moving), ends=dict(self.ends), drawn=dict(self.drawn))

    def mapped(self) -> bool:
        """Do traces move these characters: the option is on and every character has a square?"""
        return self.traces and bool(self.fighters) and all(f.pos is not None for f in self.fighters.values())

    def range(self, a: str, b: str) -> int:
        return self.ranges[pair(a, b)]

    def others(self, fid: str) -> list[str]:
        return [o for o in self.fighters if o != fid]

    def foes(self, fid: str) -> list[str]:
        side = self.fighters[fid].side
        return [o for o, f in self.fighters.items() if o != fid and f.side != side and f.conscious]

    def standing(self) -> list[str]:
        return [fid for fid, f in self.fighters.items() if f.conscious]

    def fight_left(self) -> bool:
        """Are two conscious characters of different sides left?"""
        return len({self.fighters[fid].side for fid in self.standing()}) > 1


def pair(a: str, b: str) -> tuple[str, str]:
    return (a, b) if a < b else (b, a)


def clamp_range(value: int) -> int:
    return max(MIN_RANGE, min(MAX_RANGE, value))
