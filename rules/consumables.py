"""What a consumable would do to a fighter (SPEC §4.10, the design doc's blood-loss, first-aid and
healing sections), as data: each function reads a `FighterState` and returns a `Care` listing every
change (wound by wound, and HT), or a one-line `Refused`; none changes the fighter. The world turns a
`Care` into events; `cared(state, care)` builds the fighter as he would be after it (for previews and
tests).

The effects (`content/items.yaml`'s `effect`; `power` is the item's):

- ``first_aid`` (a bandage): first aid may be tried at once, with `power` dice more than the usual
  (WT + PER) / 2; `first_aid_outcome` says what a roll of it changes (any success stops every wound's
  bleeding, as the world's own first aid does). Nothing bleeding: refused.
- ``painkiller``: eases `power` pain, less one for every dose already taken since the last healing
  ("repeated re-application might become less effective"), spread over the most painful wounds, never
  below 1 a wound: it numbs, it does not heal. A new wound on the same place brings its own pain back
  ("if the wound gets hit again, the painkiller reduction is lost"), as the fighter keeps the worst
  pain of a place.
- ``staunch`` (styptic powder): the worst bleeding place stops bleeding at once, no roll (OUR OWN).
- ``restore`` (a cordial): gives back `power` HT lost to blood loss, only once no wound bleeds
  ("healing rolls only once BL is 0") (OUR OWN).
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.fighter import FighterState, Wound
from rules.refusal import Refused

FIRST_AID_EFFECTS = ("first_aid", "painkiller", "staunch", "restore")


@dataclass(frozen=True, slots=True)
class WoundChange:
    """Wound `index` of `FighterState.wounds` (at `location`) goes from `pain`/`bl` before to after."""

    index: int
    location: str
    pain: tuple[int, int]
    bl: tuple[int, int]


@dataclass(frozen=True, slots=True)
class Care:
    effect: str
    fighter: str
    wounds: tuple[WoundChange, ...] = ()
    ht: tuple[int, int] | None = None  # (before, after) when HT changes
    first_aid_dice: int = 0  # a bandage: the pool of the first-aid roll it allows now
    message: str = ""


def first_aid_dice(state: FighterState, bonus: int = 0) -> int:
    """The first-aid pool: (WT + PER) / 2 (as the world's first aid), plus a bandage's bonus."""
    a = state.attributes
    return max(1, (a.WT + a.PER) // 2 + bonus)


def bandage(state: FighterState, power: int) -> Care | Refused:
    if state.dead:
        return Refused("the dead need no bandage")
    if state.blood_loss <= 0:
        return Refused("no wound bleeds: the bandage is not needed")
    dice = first_aid_dice(state, power)
    return Care("first_aid", state.id, first_aid_dice=dice,
                message=f"{state.sheet.name} is bandaged: a first-aid roll of {dice} dice")


def first_aid_outcome(state: FighterState, successes: int) -> Care:
    """What a first-aid roll with `successes` changes: any success stops every wound's bleeding."""
    if successes <= 0:
        return Care("first_aid", state.id, message="the bleeding goes on")
    changes = tuple(WoundChange(i, w.location, (w.pain, w.pain), (w.bl, 0)) for i, w in enumerate(state.wounds) if w.bl)
    return Care("first_aid", state.id, changes, message="the bleeding stops")


def painkiller(state: FighterState, power: int, doses_taken: int = 0) -> Care | Refused:
    if state.dead:
        return Refused("the dead feel no pain")
    relief = power - doses_taken
    if relief <= 0:
        return Refused(f"after {doses_taken} doses the painkiller no longer helps")
    order = sorted(range(len(state.wounds)), key=lambda i: (-state.wounds[i].pain, -state.wounds[i].level, i))
    changes: list[WoundChange] = []
    for i in order:
        wound = state.wounds[i]
        eased = min(relief, wound.pain - 1)
        if eased <= 0:
            continue
        changes.append(WoundChange(i, wound.location, (wound.pain, wound.pain - eased), (wound.bl, wound.bl)))
        relief -= eased
        if relief == 0:
            break
    if not changes:
        return Refused("no wound hurts enough for a painkiller")
    total = sum(c.pain[0] - c.pain[1] for c in changes)
    return Care("painkiller", state.id, tuple(changes), message=f"{total} pain numbed")


def staunch(state: FighterState) -> Care | Refused:
    if state.dead:
        return Refused("the dead do not bleed")
    bleeding = [(w.bl, i) for i, w in enumerate(state.wounds) if w.bl > 0]
    if not bleeding:
        return Refused("no wound bleeds")
    _, worst = max(bleeding, key=lambda b: (b[0], -b[1]))
    place = state.wounds[worst].location
    changes = tuple(WoundChange(i, w.location, (w.pain, w.pain), (w.bl, 0))
                    for i, w in enumerate(state.wounds) if w.location == place and w.bl > 0)
    return Care("staunch", state.id, changes, message=f"the {place.replace('_', ' ')} stops bleeding")


def restore(state: FighterState, power: int) -> Care | Refused:
    if state.dead:
        return Refused("nothing restores the dead")
    if state.blood_loss > 0:
        return Refused("stop the bleeding first")
    full = state.sheet.attributes.HT
    if state.ht >= full:
        return Refused("no health was lost to blood")
    after = min(full, state.ht + power)
    return Care("restore", state.id, ht=(state.ht, after), message=f"HT {state.ht} -> {after}")


def use(effect: str, power: int, state: FighterState, doses_taken: int = 0) -> Care | Refused:
    """Dispatch on an item's `effect` (see the module docstring)."""
    if effect == "first_aid":
        return bandage(state, power)
    if effect == "painkiller":
        return painkiller(state, power, doses_taken)
    if effect == "staunch":
        return staunch(state)
    if effect == "restore":
        return restore(state, power)
    return Refused(f"unknown effect {effect!r}")


def cared(state: FighterState, care: Care) -> FighterState:
    """A new `FighterState` as `state` would be after `care` (the original is untouched)."""
    out = FighterState(state.sheet)
    changed = {c.index: c for c in care.wounds}
    for i, w in enumerate(state.wounds):
        c = changed.get(i)
        pain, bl = (c.pain[1], c.bl[1]) if c is not None else (w.pain, w.bl)
        out.add_wound(Wound(w.location, w.damage_type, w.level, pain, bl))
    out.ht = care.ht[1] if care.ht is not None else state.ht
    out.carried_shock = state.carried_shock
    out.prone = state.prone
    out.destroyed = set(state.destroyed)
    out.dead, out.unconscious = state.dead, state.unconscious
    out.cp = min(state.cp, out.max_cp())
    return out


def treat(state: FighterState, wounds: tuple[tuple[int, int, int], ...], ht: int | None = None) -> None:
    """Change `state` in place as a `Care` says (the world's fold of a consumable used): each
    (wound index, pain, blood loss) after, and HT after when given. ValueError for a wound that is not
    there or a value out of range (a bad event), before anything changes."""
    for index, pain, bl in wounds:
        if not 0 <= index < len(state.wounds) or pain < 0 or bl < 0:
            raise ValueError(f"{state.id} has no wound {index} to treat to pain {pain}, bleeding {bl}")
    if ht is not None and not 0 < ht <= state.sheet.attributes.HT:
        raise ValueError(f"{state.id}'s HT cannot become {ht}")
    for index, pain, bl in wounds:
        state.wounds[index].pain = pain
        state.wounds[index].bl = bl
    if ht is not None:
        state.ht = ht
    state._recount()


def changes(care: Care) -> tuple[tuple[int, int, int], ...]:
    """A `Care`'s wound changes as (index, pain after, blood loss after): what `treat` takes."""
    return tuple((c.index, c.pain[1], c.bl[1]) for c in care.wounds)
