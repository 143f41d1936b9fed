"""Fighters: attributes and derived values, proficiencies with defaults, equipment, wound state, CP.

`FighterSheet` is what a fighter is (immutable); `FighterState` is how he is doing in a bout
(mutable: pool, wounds, health). Derived values follow SPEC §4.1.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import ClassVar, TypeVar

from rules.catalog import Armour, Catalog, Shield, Weapon

T = TypeVar("T")

ATTRIBUTE_NAMES: tuple[str, ...] = ("ST", "AG", "TO", "EN", "HT", "WT", "WP", "PER")


@dataclass(frozen=True, slots=True)
class Attributes:
    ST: int = 5
    AG: int = 5
    TO: int = 5
    EN: int = 5
    HT: int = 5
    WT: int = 5
    WP: int = 5
    PER: int = 5

    @classmethod
    def from_mapping(cls, values: Mapping[str, int]) -> Attributes:
        unknown = set(values) - set(ATTRIBUTE_NAMES)
        if unknown:
            raise ValueError(f"unknown attribute(s): {', '.join(sorted(unknown))}")
        for name, value in values.items():
            if not 1 <= value <= 20:
                raise ValueError(f"attribute {name}={value} is outside 1..20")
        return cls(**dict(values))

    def halved(self) -> Attributes:
        return Attributes(*(max(1, getattr(self, n) // 2) for n in ATTRIBUTE_NAMES))

    @property
    def reflex(self) -> int:
        return (self.AG + self.WT) // 2

    @property
    def aim(self) -> int:
        return (self.AG + self.PER) // 2

    @property
    def knockdown(self) -> int:
        return (self.ST + self.AG) // 2

    @property
    def knockout(self) -> int:
        return self.TO + self.WP // 2

    @property
    def move(self) -> int:
        return (self.ST + self.AG + self.EN) // 2


def proficiency_level(ratings: Mapping[str, int], prof: str, catalog: Catalog) -> int:
    """A rating, or the best default to it from a rated proficiency (level - penalty, capped)."""
    best = ratings.get(prof, 0)
    for rated, level in ratings.items():
        source = catalog.proficiencies.get(rated)
        if source is None or prof not in source.defaults:
            continue
        best = max(best, min(level - source.defaults[prof], source.default_cap))
    return max(0, best)


UNARMED_PROFICIENCIES: tuple[str, ...] = ("pugilism", "brawling")


@dataclass(frozen=True, slots=True)
class FighterSheet:
    """Who a fighter is: attributes, skills and equipment (content objects, already resolved)."""

    id: str
    name: str
    side: str
    attributes: Attributes
    proficiencies: Mapping[str, int]
    weapon: Weapon | None
    shield: Shield | None = None
    off_weapon: Weapon | None = None
    armour: tuple[Armour, ...] = ()
    proficiency: str = ""  # the proficiency he fights with (best one his weapon allows)
    level: int = 0
    av: Mapping[str, int] = field(default_factory=dict)
    encumbrance_cp: int = 0  # CP his load costs (rules.encumbrance; set by the run from what he carries)

    @property
    def cp_penalty(self) -> int:
        """CP his gear costs: the shield's penalty and his load's encumbrance penalty."""
        return (self.shield.cp_penalty if self.shield is not None else 0) + self.encumbrance_cp

    @classmethod
    def build(
        cls,
        catalog: Catalog,
        *,
        id: str,
        name: str | None = None,
        side: str | None = None,
        attributes: Attributes | None = None,
        proficiencies: Mapping[str, int] | None = None,
        weapon: str | None = None,
        shield: str | None = None,
        off_weapon: str | None = None,
        armour: tuple[str, ...] | list[str] = (),
        encumbrance_cp: int = 0,
    ) -> FighterSheet:
        """Resolve content ids; raises KeyError naming the unknown id."""
        ratings = dict(proficiencies or {})
        for prof in ratings:
            if prof not in catalog.proficiencies:
                raise KeyError(f"unknown proficiency {prof!r}")
        w = _lookup(catalog.weapons, weapon, "weapon")
        s = _lookup(catalog.shields, shield, "shield")
        ow = _lookup(catalog.weapons, off_weapon, "weapon")
        pieces = tuple(_need(catalog.armour, a, "armour") for a in armour)
        candidates = w.proficiencies if w is not None else UNARMED_PROFICIENCIES
        prof, level = "", -1
        for candidate in candidates:
            if candidate not in catalog.proficiencies:
                continue
            lvl = proficiency_level(ratings, candidate, catalog)
            if lvl > level:
                prof, level = candidate, lvl
        av: dict[str, int] = {}
        for piece in pieces:
            for loc in piece.covers:
                av[loc] = max(av.get(loc, 0), piece.av)
        return cls(
            id=id,
            name=name or id,
            side=side or id,
            attributes=attributes or Attributes(),
            proficiencies=ratings,
            weapon=w,
            shield=s,
            off_weapon=ow,
            armour=pieces,
            proficiency=prof,
            level=max(0, level),
            av=av,
            encumbrance_cp=encumbrance_cp,
        )


def disarmed(sheet: FighterSheet, catalog: Catalog) -> FighterSheet:
    """His sheet once his weapon is knocked from his hand (Disarm, issue 13 item 5): no weapon, and he fights
    with his best unarmed proficiency (research §1.8: "with no weapon and no shield, pugilism"; level 0
    untrained), so his CP refreshes from it and his menu offers the unarmed maneuvers."""
    prof, level = "", -1
    for candidate in UNARMED_PROFICIENCIES:
        if candidate in catalog.proficiencies:
            lvl = proficiency_level(sheet.proficiencies, candidate, catalog)
            if lvl > level:
                prof, level = candidate, lvl
    return replace(sheet, weapon=None, proficiency=prof, level=max(0, level))


def _lookup(table: Mapping[str, T], key: str | None, kind: str) -> T | None:
    return None if key is None else _need(table, key, kind)


def _need(table: Mapping[str, T], key: str, kind: str) -> T:
    try:
        return table[key]
    except KeyError:
        raise KeyError(f"unknown {kind} {key!r}") from None


@dataclass(slots=True)
class Wound:
    location: str
    damage_type: str
    level: int
    pain: int
    bl: int


class FighterState:
    """A fighter's condition during play. Changed only by folding rules events (`rules.fold`).

    `dead` and `unconscious` are properties: changing either sets `out_of_fight` (dead or unconscious,
    a plain attribute) and bumps `FighterState.roster_epoch`, which
    a `Bout` watches to know when its cached member and foe lists are stale (a bout bumps it too when
    its membership or reach changes)."""

    roster_epoch: ClassVar[int] = 0

    __slots__ = (
        "_bl_at",
        "_dead",
        "_pain_at",
        "_unconscious",
        "blood_loss",
        "bonus_dice",
        "carried_shock",
        "cp",
        "destroyed",
        "ht",
        "no_refresh",
        "out_of_fight",
        "pain",
        "prone",
        "sheet",
        "wounds",
    )

    def __init__(self, sheet: FighterSheet) -> None:
        self.sheet = sheet
        self.ht = sheet.attributes.HT
        self.wounds: list[Wound] = []
        self.pain = 0  # worst pain per location, summed (kept by add_wound and _recount; read-only elsewhere)
        self.blood_loss = 0  # the same for blood loss
        self._pain_at: dict[str, int] = {}  # worst pain and blood loss per location (see _recount)
        self._bl_at: dict[str, int] = {}
        self.carried_shock = 0
        self.prone = False
        self._unconscious = False
        self._dead = False
        self.out_of_fight = False  # dead or unconscious; kept by the two setters (read on hot paths)
        self.destroyed: set[str] = set()
        self.bonus_dice = 0
        self.no_refresh = False
        self.cp = self.max_cp()

    @property
    def id(self) -> str:
        return self.sheet.id

    @property
    def attributes(self) -> Attributes:
        a = self.sheet.attributes
        return a.halved() if self.ht == 1 else a

    @property
    def reflex(self) -> int:
        a = self.sheet.attributes
        if self.ht == 1:
            a = a.halved()
        return (a.AG + a.WT) // 2

    def add_wound(self, wound: Wound) -> None:
        """Wounds on one location keep the worst pain and blood loss, not the sum (G5 inflictWound)."""
        self.wounds.append(wound)
        # what _recount would give, without walking every wound again
        loc = wound.location
        worst_pain = self._pain_at.get(loc, 0)
        if wound.pain > worst_pain:
            self._pain_at[loc] = wound.pain
            self.pain += wound.pain - worst_pain
        worst_bl = self._bl_at.get(loc, 0)
        if wound.bl > worst_bl:
            self._bl_at[loc] = wound.bl
            self.blood_loss += wound.bl - worst_bl

    def _recount(self) -> None:
        pain: dict[str, int] = {}
        bl: dict[str, int] = {}
        for w in self.wounds:
            pain[w.location] = max(pain.get(w.location, 0), w.pain)
            bl[w.location] = max(bl.get(w.location, 0), w.bl)
        self._pain_at = pain
        self._bl_at = bl
        self.pain = sum(pain.values())
        self.blood_loss = sum(bl.values())

    def stop_bleeding(self) -> None:
        """First aid worked: no wound bleeds any more (SPEC §4.10)."""
        for w in self.wounds:
            w.bl = 0
        self._recount()

    def ease_pain(self, amount: int) -> tuple[str, int] | None:
        """Healing: the most painful wound hurts `amount` less; a wound with no pain and no bleeding is
        healed and gone. Returns (location, pain left) or None when there was nothing to heal."""
        if not self.wounds or amount <= 0:
            return None
        worst = max(self.wounds, key=lambda w: (w.pain, w.level))
        worst.pain = max(0, worst.pain - amount)
        if worst.pain == 0 and worst.bl == 0:
            self.wounds.remove(worst)
        self._recount()
        return worst.location, worst.pain

    @property
    def dead(self) -> bool:
        return self._dead

    @dead.setter
    def dead(self, value: bool) -> None:
        if value != self._dead:
            self._dead = value
            self.out_of_fight = value or self._unconscious
            FighterState.roster_epoch += 1

    @property
    def unconscious(self) -> bool:
        return self._unconscious

    @unconscious.setter
    def unconscious(self, value: bool) -> None:
        if value != self._unconscious:
            self._unconscious = value
            self.out_of_fight = self._dead or value
            FighterState.roster_epoch += 1


    def clone(self) -> FighterState:
        """A copy whose wounds and flags change apart from this one's (the sheet is shared: it never changes)."""
        c = FighterState(self.sheet)
        c.ht = self.ht
        c.wounds = [Wound(w.location, w.damage_type, w.level, w.pain, w.bl) for w in self.wounds]
        c.pain, c.blood_loss = self.pain, self.blood_loss
        c._pain_at, c._bl_at = dict(self._pain_at), dict(self._bl_at)
        c.carried_shock = self.carried_shock
        c.prone = self.prone
        c._unconscious, c._dead, c.out_of_fight = self._unconscious, self._dead, self.out_of_fight
        c.destroyed = set(self.destroyed)
        c.bonus_dice = self.bonus_dice
        c.no_refresh = self.no_refresh
        c.cp = self.cp
        return c

    def max_cp(self) -> int:
        """Proficiency + Reflex - max(pain, carried-over shock) - shield and encumbrance penalties;
        halved at HT 1."""
        return self._pool(self.prone)

    def rested_cp(self) -> int:
        """His CP after a round out of any bout: `max_cp` on his feet (nothing of a fight holds it back)."""
        return self._pool(False)

    def refreshed_cp(self) -> int:
        """His CP after the round's refresh (`rules.exchange.end_round`): unchanged when he may not
        refresh, else `max_cp` on his feet again (a knockdown lasts to the round's end)."""
        return self.cp if self.no_refresh else self._pool(False)

    def _pool(self, prone: bool) -> int:
        # `reflex` and the sheet's `cp_penalty` written out: a property read costs a call in pure Python
        sheet = self.sheet
        a = sheet.attributes
        if self.ht == 1:
            a = a.halved()
        shield = sheet.shield
        penalty = (shield.cp_penalty if shield is not None else 0) + sheet.encumbrance_cp
        cp = sheet.level + (a.AG + a.WT) // 2 - max(self.pain, self.carried_shock) - penalty
        cp = max(0, cp)
        if self.ht == 1:
            cp //= 2
        if prone:
            cp //= 2
        return cp

    def snapshot(self) -> dict[str, object]:
        return {
            "cp": self.cp,
            "max_cp": self.max_cp(),
            "ht": self.ht,
            "pain": self.pain,
            "shock": self.carried_shock,
            "bl": self.blood_loss,
            "prone": self.prone,
            "unconscious": self.unconscious,
            "dead": self.dead,
            "wounds": [
                {"location": w.location, "type": w.damage_type, "level": w.level} for w in self.wounds
            ],
        }
