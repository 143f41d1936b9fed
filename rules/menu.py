"""Menus as data: what a fighter may declare against each opponent right now (SPEC §4.4, §6).

`available_actions(bout, fighter)` is the only place that decides legality: the view's maneuver menu,
the AI and `rules.declare` all read it. Per opponent it lists the action types, and per action type
the maneuvers with cost (`~` for conditional costs), TN, dice limits, zones and a preselected default.

House rule `initiative_model: target_plus_global` (see rules.bout): a fighter holding global
initiative is also offered Attack (flavour "global": initiative queue, his target unchanged) against
every other foe in reach; without it he is offered Attack without buying only against foes he holds
or contests target initiative over, and against his target with no initiative either way he is
offered only Attack (buy initiative), flavour "buy_attacker", instead of a plain Attack.

A fighter who arrived mid-round (`Bout.arriving`, see rules.bout: he joined at `e1s2`, `e2s0`,
`e2s1` or `e2s2`, and this is still the exchange he arrived in) is offered, against each foe in
reach, only: Attack (buy initiative), flavour "force_enter" (house rule `allow_force_enter`, while no
attack on him has been declared and he has chosen no attack yet: one foe only), the defences anyone
is offered (Defend against a declared attack, Defend (preemptive) and Quick Defense against a foe who
has not declared yet), and Do Nothing. Never a plain Attack, a steal, a change of target or a Double
Attack: he has no initiative to attack with, steal back or keep.
"""

from __future__ import annotations

import itertools
from collections.abc import Collection
from dataclasses import dataclass, replace

from rules.bout import (
    ACTION_LABELS,
    AGGRESSIVE,
    ATTACK,
    ATTACK_ACTIONS,
    BUY_INITIATIVE,
    CHANGE_TARGET,
    CHANGE_TARGET_BUY,
    DEFEND,
    DEFEND_PREEMPTIVE,
    DEFENSIVE,
    DO_NOTHING,
    DOUBLE_ATTACK,
    MOBILITY,
    NO_INITIATIVE,
    POSTEMPTIVE,
    QUICK_ATTACK,
    QUICK_DEFENSE,
    Action,
    Bout,
    Committed,
    PartChoice,
    pair,
    seen_maneuver,
)
from rules.catalog import Catalog, Maneuver
from rules.costs import activation_cost, length_cost, maneuver_tn, stance_cost, stance_shift, weapon_for_hand
from rules.fastinit import fast_init_all
from rules.fighter import FighterSheet

DEFAULT_ZONE = {"swing": "III", "thrust": "XI"}
UNIVERSAL_GROUPS = frozenset({"evasion", "flee", "mobility"})


@dataclass(frozen=True, slots=True)
class PartOption:
    role: str
    hand: str
    maneuvers: tuple[tuple[str, int, tuple[str, ...]], ...]  # (maneuver id, tn, zones)


# Menus are values: nothing changes one once made. ManeuverOption, ActionOption, OpponentMenu and Menu
# are built many times per exchange, so they are plain slotted dataclasses with their own `__init__`
# (`init=False`), not frozen ones: the compiled build (rules.accel) runs a class's own `__init__`
# natively, while a frozen dataclass's generated one stays interpreted and stores each field through
# `object.__setattr__`. Fields, equality, hash and repr are the dataclass's own.
@dataclass(slots=True, unsafe_hash=True, init=False)
class ManeuverOption:
    maneuver: str
    name: str
    role: str
    group: str
    cost: int
    conditional_cost: int
    tn: int
    dice_min: int
    dice_max: int
    zones: tuple[tuple[str, int], ...]  # (zone id, extra aim cost)
    default_zone: str | None
    hand: str
    parts: tuple[PartOption, ...] = ()
    greater_allowed: bool = False
    # a Full Evasion without room to evade (`Bout.cornered`): the TN of the terrain roll it needs, with at
    # least one die set aside for it (`Action.terrain_dice`, counted out of `dice_max`); 0: none needed
    terrain_tn: int = 0

    def __init__(self, maneuver: str, name: str, role: str, group: str, cost: int, conditional_cost: int, tn: int,
                 dice_min: int, dice_max: int, zones: tuple[tuple[str, int], ...], default_zone: str | None,
                 hand: str, parts: tuple[PartOption, ...] = (), greater_allowed: bool = False,
                 terrain_tn: int = 0) -> None:
        self.maneuver = maneuver
        self.name = name
        self.role = role
        self.group = group
        self.cost = cost
        self.conditional_cost = conditional_cost
        self.tn = tn
        self.dice_min = dice_min
        self.dice_max = dice_max
        self.zones = zones
        self.default_zone = default_zone
        self.hand = hand
        self.parts = parts
        self.greater_allowed = greater_allowed
        self.terrain_tn = terrain_tn

    @property
    def label(self) -> str:
        cost = f"~{self.conditional_cost}" if self.conditional_cost and not self.cost else str(self.cost)
        if self.cost and self.conditional_cost:
            cost = f"{self.cost}+~{self.conditional_cost}"
        hand = " (offhand)" if self.hand == "off" else ""
        return f"{self.name}{hand} ({cost}): tn{self.tn}"


@dataclass(slots=True, unsafe_hash=True, init=False)
class ActionOption:
    action: str
    label: str
    maneuvers: tuple[ManeuverOption, ...]
    default: str | None
    flavour: str = ""  # buy_initiative: steal | buy_attacker | force_enter; change_target: free | none;
    # attack: "global" (house rule target_plus_global, a foe other than the target)

    def __init__(self, action: str, label: str, maneuvers: tuple[ManeuverOption, ...], default: str | None,
                 flavour: str = "") -> None:
        self.action = action
        self.label = label
        self.maneuvers = maneuvers
        self.default = default
        self.flavour = flavour

    def option(self, maneuver: str) -> ManeuverOption | None:
        for m in self.maneuvers:
            if m.maneuver == maneuver:
                return m
        return None


@dataclass(slots=True, unsafe_hash=True, init=False)
class OpponentMenu:
    opponent: str
    is_target: bool
    relation: str  # you_hold | he_holds | contested | none
    attacking_you: bool
    actions: tuple[ActionOption, ...]

    def __init__(self, opponent: str, is_target: bool, relation: str, attacking_you: bool,
                 actions: tuple[ActionOption, ...]) -> None:
        self.opponent = opponent
        self.is_target = is_target
        self.relation = relation
        self.attacking_you = attacking_you
        self.actions = actions

    @property
    def can_attack(self) -> bool:
        return any(a.action not in _NOT_ATTACKS for a in self.actions)

    @property
    def can_defend(self) -> bool:
        return any(a.action in (DEFEND, DEFEND_PREEMPTIVE, QUICK_DEFENSE) for a in self.actions)

    def action(self, action: str) -> ActionOption | None:
        for a in self.actions:
            if a.action == action:
                return a
        return None


@dataclass(slots=True, unsafe_hash=True, init=False)
class Menu:
    fighter: str
    cp: int
    exchange: int
    opponents: tuple[OpponentMenu, ...]
    default: tuple[Action, ...]

    def __init__(self, fighter: str, cp: int, exchange: int, opponents: tuple[OpponentMenu, ...],
                 default: tuple[Action, ...]) -> None:
        self.fighter = fighter
        self.cp = cp
        self.exchange = exchange
        self.opponents = opponents
        self.default = default

    def opponent(self, opponent: str) -> OpponentMenu | None:
        for o in self.opponents:
            if o.opponent == opponent:
                return o
        return None


# ----- per-fighter static kit ---------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class KitEntry:
    """One declarable maneuver of one fighter, with everything about it that does not change in a bout."""

    maneuver: Maneuver
    tn: int
    cost: int
    hand: str
    zones: tuple[tuple[str, int], ...]
    default_zone: str | None
    parts: tuple[PartOption, ...]


def _allowed_by_proficiency(catalog: Catalog, sheet: FighterSheet, m: Maneuver) -> bool:
    """The loader expands each proficiency's list (subtrees minus exclusions) into every allowed id."""
    if m.group in UNIVERSAL_GROUPS:
        return True
    prof = catalog.proficiencies.get(sheet.proficiency)
    return prof is not None and m.id in prof.maneuvers


def _item_ok(sheet: FighterSheet, m: Maneuver) -> bool:
    req = m.requires
    weapon = weapon_for_hand(sheet, req.hand)
    natural = weapon is None or "natural" in weapon.tags
    if req.item == "weapon" and (weapon is None or ("natural" in weapon.tags and req.hand == "off")):
        return False
    if req.item == "shield" and sheet.shield is None:
        return False
    if req.item == "unarmed" and not natural:
        return False
    if req.hand == "off" and req.item != "shield" and m.tn.source.startswith("weapon") and weapon is None:
        return False
    if req.hand == "off" and m.tn.source.startswith("shield") and sheet.shield is None:
        return False
    if req.weapon_tags and (weapon is None or not req.weapon_tags <= weapon.tags):
        return False
    # a Cut needs an edge: the weapon's swing must be a cutting one
    return not (m.damage_type == "cut" and m.attack_kind == "swing" and weapon is not None
                and weapon.swing_type != "cut")


def build_kit(catalog: Catalog, sheet: FighterSheet) -> tuple[KitEntry, ...]:
    """Every declarable maneuver this fighter's proficiency, level and equipment allow."""
    simple: list[KitEntry] = []
    composite: list[Maneuver] = []
    for m in sorted(catalog.maneuvers.values(), key=lambda m: m.order):
        if m.abstract or m.status != "playable" or m.min_level > sheet.level:
            continue
        if not _allowed_by_proficiency(catalog, sheet, m) or not _item_ok(sheet, m):
            continue
        if m.composite:
            composite.append(m)
            continue
        tn = maneuver_tn(sheet, m)
        if tn is None:
            continue
        zones = _zones(catalog, m)
        simple.append(
            KitEntry(m, tn, activation_cost(catalog, sheet, m), m.requires.hand, zones,
                     _default_zone(zones, m.attack_kind), ())
        )
    kit = list(simple)
    for m in composite:
        parts = _composite_parts(catalog, sheet, m, simple)
        if all(p.maneuvers for p in parts):
            kit.append(KitEntry(m, 0, activation_cost(catalog, sheet, m), "both", (), None, parts))
    kit.sort(key=lambda e: e.maneuver.order)
    return tuple(kit)


# A fighter's kit depends only on the catalog and his proficiency, level and equipment; the options of
# one action type only on the kit and the inputs in `_option_set`'s key. Both are computed once per
# process and shared by every bout (the world and the bench create bouts all the time). A value keeps
# alive the objects whose id() is in its key, so an id cannot be reused while its entry exists.
_KITS: dict[tuple[int, str, int, int, int, int], tuple[tuple[object, ...], int, tuple[KitEntry, ...]]] = {}
_KIT_SERIAL = itertools.count(1)
_KITS_MAX = 512


def _kit(bout: Bout, fid: str) -> tuple[int, tuple[KitEntry, ...]]:
    """(serial, kit): the serial stands for the kit in option-cache keys."""
    sheet = bout.fighters[fid].sheet
    cached = bout.kits.get(fid)
    if cached is not None and cached[0] is sheet:
        return cached[1], cached[2]
    catalog = bout.catalog
    key = (id(catalog), sheet.proficiency, sheet.level, id(sheet.weapon), id(sheet.shield), id(sheet.off_weapon))
    hit = _KITS.get(key)
    if hit is None:
        if len(_KITS) >= _KITS_MAX:
            _KITS.clear()
        hit = ((catalog, sheet.weapon, sheet.shield, sheet.off_weapon), next(_KIT_SERIAL), build_kit(catalog, sheet))
        _KITS[key] = hit
    bout.kits[fid] = (sheet, hit[1], hit[2])
    return hit[1], hit[2]


def kit_for(bout: Bout, fid: str) -> tuple[KitEntry, ...]:
    return _kit(bout, fid)[1]


# ----- the menu -----------------------------------------------------------------------------------
def _hands_used(pending: list[Committed] | list[Action], bout: Bout) -> set[str]:
    used: set[str] = set()
    for item in pending:
        hand = item.hand if isinstance(item, Committed) else _action_hand(bout, item)
        if hand == "both":
            used |= {"master", "off"}
        elif hand in ("master", "off"):
            used.add(hand)
    return used


def _action_hand(bout: Bout, action: Action) -> str:
    m = bout.catalog.maneuvers.get(action.maneuver)
    return "none" if m is None else m.requires.hand


def _zones(catalog: Catalog, m: Maneuver) -> tuple[tuple[str, int], ...]:
    if m.role != "attack" or not m.effects.deals_damage:
        return ()  # a blow that wounds nobody (Beat, Disarm, Hook, Grapple, ...) aims at no zone
    kind = m.attack_kind or "swing"
    return tuple((z.id, z.aim_cost) for z in catalog.zones.values() if z.attack_kind == kind)


def _default_zone(zones: tuple[tuple[str, int], ...], kind: str | None) -> str | None:
    if not zones:
        return None
    want = DEFAULT_ZONE.get(kind or "swing")
    ids = [z for z, _ in zones]
    return want if want in ids else ids[0]


def _incoming_key(bout: Bout, incoming: Committed | None) -> tuple[str, int] | None:
    """What the options of a defence depend on in an incoming attack: its kind and its dice. The kind
    is read from the maneuver the defender sees (only its root under `declare_roots_only`)."""
    if incoming is None:
        return None
    kind = bout.catalog.maneuvers[seen_maneuver(bout, incoming)].attack_kind
    return (kind or "swing", incoming.dice)


def _defence_fits(m: Maneuver, incoming: tuple[str, int] | None, sheet: FighterSheet) -> bool:
    if incoming is None:
        return True
    kind, dice = incoming
    if m.requires.vs_attack and kind not in m.requires.vs_attack and not (
            m.effects.special == "expulsion" and kind == "swing" and dice <= 4):
        return False  # Expulsion: thrusts, or swings of 4 dice or fewer (E1, G1)
    if m.requires.max_incoming_dice is not None and dice > m.requires.max_incoming_dice:
        return False
    limit = sheet.shield.block_limit if sheet.shield is not None else None
    return not (m.tn.source == "shield_dtn" and limit is not None and dice > limit)


class _OptionSet:
    """The cached options of one action type, their default, and the ActionOptions built from them."""

    __slots__ = ("actions", "default", "options")

    def __init__(self, options: tuple[ManeuverOption, ...], default: str | None) -> None:
        self.options = options
        self.default = default
        self.actions: dict[tuple[str, str], ActionOption] = {}

    def action(self, action: str, flavour: str) -> ActionOption:
        key = (action, flavour)
        found = self.actions.get(key)
        if found is None:
            found = ActionOption(action, ACTION_LABELS[action], self.options, self.default, flavour)
            self.actions[key] = found
        return found


_OPTIONS: dict[tuple[object, ...], _OptionSet] = {}
_OPTIONS_MAX = 8192


def _option_set(
    bout: Bout,
    fid: str,
    kit: tuple[int, tuple[KitEntry, ...]],
    role: str,
    extra_cost: int,
    conditional: int,
    budget: int,
    hands_free: Collection[str],
    incoming: tuple[str, int] | None,
    orientation: str | None,
    needs_orientation: bool,
    stance: int = 0,
) -> _OptionSet:
    """The maneuver options of one action type and the default among them. They depend only on the
    inputs in the cache key (the kit stands for the sheet's equipment, proficiency and level), so they
    are memoized across bouts: menus are rebuilt many times per exchange."""
    seize_cost = bout.rules.partial_evade_seize_cost
    may_flee = fid not in bout.attacked_last
    terrain_tn = evasion_terrain_tn(bout, fid)
    key = (
        kit[0], role, extra_cost, conditional, budget, "master" in hands_free, "off" in hands_free,
        incoming, orientation, needs_orientation, stance, seize_cost, may_flee, terrain_tn,
    )
    found = _OPTIONS.get(key)
    if found is None:
        opts = _compute_options(
            bout.fighters[fid].sheet, _role_kit(kit, role), role, extra_cost, conditional, budget, hands_free, incoming,
            orientation, needs_orientation, stance, seize_cost, may_flee, terrain_tn,
        )
        found = _OptionSet(opts, _default_maneuver(opts, ATTACK_GROUPS if role == "attack" else DEFENCE_GROUPS))
        if len(_OPTIONS) >= _OPTIONS_MAX:
            _OPTIONS.clear()
        _OPTIONS[key] = found
    return found


_ROLE_KITS: dict[tuple[int, str], tuple[KitEntry, ...]] = {}


def _role_kit(kit: tuple[int, tuple[KitEntry, ...]], role: str) -> tuple[KitEntry, ...]:
    """The kit's entries of one role, kept by the kit's serial (a serial is never reused): a menu of
    attacks never walks the defences, however many maneuvers the content offers."""
    key = (kit[0], role)
    found = _ROLE_KITS.get(key)
    if found is None:
        if len(_ROLE_KITS) >= 3 * _KITS_MAX:
            _ROLE_KITS.clear()
        if role == MOBILITY:  # mobility maneuvers (defence-role nodes) are offered on their own
            found = tuple(e for e in kit[1] if e.maneuver.group == MOBILITY)
        else:
            found = tuple(e for e in kit[1] if e.maneuver.role == role and e.maneuver.group != MOBILITY)
        _ROLE_KITS[key] = found
    return found


def _compute_options(
    sheet: FighterSheet,
    kit: tuple[KitEntry, ...],
    role: str,
    extra_cost: int,
    conditional: int,
    budget: int,
    hands_free: Collection[str],
    incoming: tuple[str, int] | None,
    orientation: str | None,
    needs_orientation: bool,
    stance: int = 0,
    seize_cost: int = 0,
    may_flee: bool = True,
    terrain_tn: int = 0,
) -> tuple[ManeuverOption, ...]:
    """`stance`: the house rule `stance_bonus` shift of activation costs for this role (costs.stance_shift);
    `seize_cost`: the house rule `partial_evade_seize_cost` (a conditional cost of an evasion that may seize);
    `terrain_tn`: he has no room to evade (`evasion_terrain_tn`): a Full Evasion keeps a die for its terrain
    roll out of its dice and says so (`ManeuverOption.terrain_tn`)."""
    both_free = "master" in hands_free and "off" in hands_free
    out: list[ManeuverOption] = []
    for entry in kit:  # the entries of this role (_role_kit)
        m = entry.maneuver
        if m.requires.orientations and orientation is not None and orientation not in m.requires.orientations:
            continue
        if m.requires.orientations and orientation is None and needs_orientation:
            continue
        if m.requires.first_exchange_only and orientation is None:
            continue
        if m.effects.leaves_bout and orientation is None and not may_flee:
            continue  # "auto" orientation: Flee only if he did not attack in his last exchange (design doc)
        hand = entry.hand
        if m.composite:
            needed = {p.hand for p in m.composite} - {"none"}
            if not all(h in hands_free for h in needed):
                continue
        elif (hand == "both" and not both_free) or (hand in ("master", "off") and hand not in hands_free):
            continue
        if role == "defense" and not _defence_fits(m, incoming, sheet):
            continue
        tn = entry.tn
        if role == "defense" and incoming is not None and m.tn.source == "weapon_dtn" and sheet.weapon:
            small = sheet.weapon.dtn_vs_small_thrust
            if small is not None and incoming[0] == "thrust" and incoming[1] <= 4:
                tn = small + m.tn.modifier
        parts = entry.parts
        base = stance_cost(entry.cost, stance, m) if stance else entry.cost
        cost = base + extra_cost
        cond = conditional + (seize_cost if m.effects.can_seize and m.evasion == "partial" else 0)
        if m.cost.conditional:
            cond += base
            cost -= base
        dice_min = max(1, m.dice_min)
        if parts:
            dice_min = len(parts)
        dice_max = budget - cost - (conditional if role == "defense" and conditional else 0)
        terrain = terrain_tn if m.evasion == "full" else 0
        if terrain:
            dice_max -= 1  # at least one die goes to the terrain roll
        if m.dice_max is not None:
            dice_max = min(dice_max, m.dice_max)
        if dice_max < dice_min:
            continue
        zones = entry.zones
        # positional (maneuver, name, role, group, cost, conditional_cost, tn, dice_min, dice_max, zones,
        # default_zone, hand, parts, greater_allowed, terrain_tn): a call with keywords builds a dict
        out.append(ManeuverOption(m.id, m.name, m.role, m.group, cost, cond, tn, dice_min, dice_max, zones,
                                  entry.default_zone, hand, parts, "greater" in m.tags, terrain))
    return tuple(out)


def _composite_parts(
    catalog: Catalog, sheet: FighterSheet, m: Maneuver, simple: list[KitEntry]
) -> tuple[PartOption, ...]:
    out = []
    for part in m.composite:
        choices = []
        for entry in simple:
            cand = entry.maneuver
            if cand.role != part.role or not catalog.descends_from(cand.id, part.maneuver):
                continue
            # a master-hand maneuver can fill an off-hand part if the off hand holds a weapon
            off_weapon_fill = part.hand == "off" and sheet.off_weapon is not None and cand.requires.hand == "master"
            fits_hand = part.hand in ("none", "both") or cand.requires.hand in (part.hand, "none")
            if not fits_hand and not off_weapon_fill:
                continue
            tn = entry.tn
            if off_weapon_fill:
                off_tn = maneuver_tn(_as_off(sheet), cand)
                if off_tn is None:
                    continue
                tn = off_tn
            choices.append((cand.id, tn, tuple(z for z, _ in entry.zones)))
        out.append(PartOption(part.role, part.hand, tuple(choices)))
    return tuple(out)


def _as_off(sheet: FighterSheet) -> FighterSheet:
    return replace(sheet, weapon=sheet.off_weapon)


def _default_maneuver(options: tuple[ManeuverOption, ...], groups: tuple[str, ...]) -> str | None:
    """Lowest TN, then lowest cost, within the first group that has options (SPEC §4.4 defaults)."""
    for group in groups:
        inside = [o for o in options if o.group == group and not o.parts]
        if inside:
            if group == "regular_attack":
                # the regular attack of lowest TN: Swing or Thrust themselves, not their children
                basic = [o for o in inside if o.maneuver in ("swing", "thrust")] or inside
                inside = basic
            if group == "regular_defense":
                basic = [o for o in inside if o.maneuver in ("parry", "block")] or inside
                inside = basic
            if group == "evasion":
                basic = [o for o in inside if o.maneuver in ("partial_evasion", "void")] or inside
                inside = basic
            best = min(inside, key=lambda o: (o.tn, o.cost, o.conditional_cost))
            return best.maneuver
    return options[0].maneuver if options else None


ATTACK_GROUPS = ("regular_attack", "unarmed", "misc_attack")
DEFENCE_GROUPS = ("regular_defense", "evasion")


def available_actions(bout: Bout, fid: str, pending: list[Action] | None = None, *, reserve: int = 0) -> Menu:
    """The fighter's menu at `s2`. `pending`: actions already chosen in this declaration. The menu's
    `default` (a whole preselected declaration) is filled only when nothing is chosen yet. `reserve`: CP
    kept out of the declaration (the leader's CP against shots that land before it, SPEC §4.9)."""
    menu = _menu(bout, fid, pending or [], reserve=reserve)
    if pending:
        return menu
    return Menu(menu.fighter, menu.cp, menu.exchange, menu.opponents,
                default_declaration(bout, fid, menu, reserve=reserve))


def build_menu(
    bout: Bout,
    fid: str,
    pending: list[Action] | None = None,
    opponent: str | None = None,
    kinds: Collection[str] | None = None,
    reserve: int = 0,
) -> Menu:
    """`available_actions` without the preselected default, optionally only for one opponent and
    some action types: the same legality, computed faster for the AI and for validation."""
    return _menu(bout, fid, pending or [], opponent, kinds, reserve)


_BOTH_HANDS = frozenset({"master", "off"})
_NOTHING = ActionOption(DO_NOTHING, ACTION_LABELS[DO_NOTHING], (), None)
_NOT_ATTACKS = frozenset({DEFEND, DEFEND_PREEMPTIVE, QUICK_DEFENSE, DO_NOTHING, MOBILITY})


def _menu(
    bout: Bout, fid: str, pending: list[Action], only: str | None = None, kinds: Collection[str] | None = None,
    reserve: int = 0,
) -> Menu:
    state = bout.fighters[fid]
    rules = bout.rules
    hands_free: Collection[str]
    if pending:
        spent = sum(_pending_cost(bout, fid, a) for a in pending)
        hands_free = {"master", "off"} - _hands_used(pending, bout)
        full_evasion = any(_is_full_evasion(bout, a) for a in pending)
    else:
        spent = 0
        hands_free = _BOTH_HANDS
        full_evasion = False
    budget = state.cp - max(0, reserve) - spent
    exchange = bout.clock.exchange
    foes_all = foes = bout.foes(fid)
    if only is not None:
        foes = (only,) if only in foes else ()
    orientation = bout.orientation[fid]
    # Full Evasion must be the only maneuver: after it, every opponent offers only Do Nothing
    can_attack = orientation != DEFENSIVE and budget > 0 and not full_evasion
    can_defend = orientation != AGGRESSIVE and not full_evasion
    target = bout.targets.get(fid)
    arriving = fid in bout.arrivals
    declarations = bout.declarations
    incoming_from: dict[str, Committed] = {}
    for owner, items in declarations.items():
        for c in items:
            if c.role == "attack" and c.opponent == fid and owner not in incoming_from:
                incoming_from[owner] = c
    under_attack = bool(incoming_from)
    # a plain Attack is always a primary attack: on the target, or on another foe under global initiative
    has_primary_attack = bool(pending) and any(
        (a.opponent == target or a.action == ATTACK) and a.action not in _NOT_ATTACKS for a in pending
    )
    global_rule = rules.initiative_model == "target_plus_global"
    has_global = global_rule and fid in bout.global_holders
    holders = bout.holders
    kit = _kit(bout, fid)
    needs_orientation = exchange == 1 and fid in bout.needs_orientation
    attack_stance = stance_shift(bout, fid, "attack") if rules.stance_bonus else 0
    defence_stance = stance_shift(bout, fid, "defense") if rules.stance_bonus else 0
    opponents: list[OpponentMenu] = []
    red_red_only = rules.composite_red_red_only
    hides_defence = target is not None and (fid, target) in holders and any(
        a.action == ATTACK and a.opponent == target for a in pending)
    quick_extra = rules.quick_attack_cost if rules.quick_attack_variant == "extra_cp" else 0
    relation = "none"
    mobility: bool | None = None  # are mobility maneuvers open to him now (asked only for a full menu)

    # called with positional arguments only: CPython 3.11 specializes no call that passes keywords
    def add(
        actions: list[ActionOption], action: str, role: str, extra: int,
        incoming: tuple[str, int] | None = None, cond: int = 0, flavour: str = "",
    ) -> None:
        if kinds is not None and action not in kinds:
            return
        option_set = _option_set(
            bout, fid, kit, role, extra, cond, budget, hands_free, incoming, orientation, needs_orientation,
            attack_stance if role == "attack" else defence_stance if role == "defense" else 0,
        )
        if not option_set.options:
            return
        ao = option_set.action(action, flavour)
        if red_red_only and relation != "contested" and (action == DOUBLE_ATTACK or any(
                o.parts for o in ao.maneuvers)):
            # house rule composite_red_red_only: composite maneuvers only in a true red/red pair
            if action == DOUBLE_ATTACK:
                return
            kept = tuple(o for o in ao.maneuvers if not o.parts)
            if not kept:
                return
            default = ao.default if any(o.maneuver == ao.default for o in kept) else kept[0].maneuver
            ao = replace(ao, maneuvers=kept, default=default)
        actions.append(ao)

    for opp in foes:
        if (fid, opp) in holders:
            relation = "you_hold"
        elif (opp, fid) in holders:
            relation = "he_holds"
        elif pair(fid, opp) in bout.contested:
            relation = "contested"
        else:
            relation = "none"
        incoming = incoming_from.get(opp)
        is_target = opp == target
        declared = opp in declarations
        actions: list[ActionOption] = []
        length = length_cost(bout, fid, opp) if can_attack else 0
        if can_attack and arriving:
            # arrived mid-round: force-enter one foe, or nothing (see the module docstring)
            if rules.allow_force_enter and not under_attack and not any(
                a.action not in _NOT_ATTACKS for a in pending
            ):
                add(actions, BUY_INITIATIVE, "attack", rules.buy_cost(state.sheet.level) + length, None, 0,
                    "force_enter")
        elif can_attack:
            buy = rules.buy_cost(state.sheet.level)
            if is_target and not has_primary_attack:
                if relation == "none" and global_rule and not has_global:
                    # target_plus_global without global initiative: no free attack on a "none" pair
                    add(actions, BUY_INITIATIVE, "attack", buy + length, None, 0, "buy_attacker")
                elif relation in ("you_hold", "contested", "none"):
                    add(actions, ATTACK, "attack", length)
                    if relation != "contested" and any(
                        (other, fid) in holders for other in foes_all if other != target
                    ):
                        add(actions, BUY_INITIATIVE, "attack", buy + length, None, 0, "buy_attacker")
                elif incoming is not None:
                    add(actions, BUY_INITIATIVE, "attack", buy + length, None, 0, "steal")
                    if rules.allow_not_buying:
                        add(actions, NO_INITIATIVE, "attack", length)
                else:
                    # he holds initiative over me, has declared, and attacks somebody else (or nobody)
                    if rules.quick_attack and declared:
                        add(actions, QUICK_ATTACK, "attack", length + quick_extra, None, 0, "quick")
                    if rules.allow_force_enter and not under_attack and declared:
                        add(actions, BUY_INITIATIVE, "attack", buy + length, None, 0, "force_enter")
            elif not is_target:
                if has_primary_attack and "off" in hands_free:
                    add(actions, DOUBLE_ATTACK, "attack", length)
                elif not has_primary_attack:
                    if has_global:
                        add(actions, ATTACK, "attack", length, None, 0, "global")
                    elif global_rule and relation in ("you_hold", "contested"):
                        add(actions, ATTACK, "attack", length)
                    targeted_me = bout.prev_targets.get(opp) == fid or bout.targets.get(opp) == fid
                    add(actions, CHANGE_TARGET, "attack", rules.change_target_cost + length, None, 0,
                        "none" if targeted_me else "free")
                    if targeted_me:
                        add(actions, CHANGE_TARGET_BUY, "attack", rules.change_target_cost + buy + length, None,
                            0, "steal")
        if mobility is None and (kinds is None or MOBILITY in kinds):
            # not for one who arrived mid-round (the module docstring's short list), nor after Full Evasion
            mobility = not arriving and not full_evasion and _mobility_open(bout, fid, target)
        if mobility:
            add(actions, MOBILITY, MOBILITY, 0)
        if can_defend:
            if incoming is not None:
                add(actions, DEFEND, "defense", 0, _incoming_key(bout, incoming))
            elif not declared:
                # hidden until rolled with an Attack on the target he holds (rules.declare, design doc)
                add(actions, DEFEND_PREEMPTIVE, "defense", 0, None, 0,
                    POSTEMPTIVE if hides_defence and not is_target else "")
                add(actions, QUICK_DEFENSE, "defense", 0, None, rules.quick_defense_cost)
        if bout.threaded and (fid, opp) in bout.threaded:  # rules.mobility: opp threaded past him this exchange
            actions = [a for a in actions if a.action not in ATTACK_ACTIONS]
        actions.append(_NOTHING)
        opponents.append(OpponentMenu(opp, is_target, relation, incoming is not None, tuple(actions)))
    return Menu(fid, budget, exchange, tuple(opponents), ())


def _mobility_open(bout: Bout, fid: str, target: str | None) -> bool:
    """Issue 13 item 1 (design doc "Mobility Manuever rolls"): a mobility maneuver is offered when one
    can work: two or more foes target him (Thread the Needle), or a companion targets his target
    (Outmaneuver). Each maneuver's own condition is checked when it is rolled (rules.exchange)."""
    if bout.rules.mobility_version != "v1":
        return False  # Version 2b: committed with the footwork at s0 (rules.mobility)
    targets = bout.targets
    if sum(1 for f in bout.foes(fid) if targets.get(f) == fid) >= 2:
        return True
    return target is not None and any(
        f != fid and targets.get(f) == target and not bout.hostile(fid, f) for f in bout.roster())


def evasion_terrain_tn(bout: Bout, fid: str) -> int:
    """The TN of the terrain roll fid's Full Evasion needs (research §3 Full Evasion: "without usable
    terrain, terrain roll TN 7, fail = prone"): the house rule `full_evasion_terrain_tn` when the world
    says he has no room to evade (`Bout.cornered`), else 0 (none: today's Full Evasion)."""
    return bout.rules.full_evasion_terrain_tn if fid in bout.cornered else 0


TERRAIN_FAIL = 0.4  # the suggested terrain dice: until the roll fails at most this often


def terrain_dice(tn: int) -> int:
    """The suggested dice for a terrain roll at `tn` (a force-enter's, a cornered Full Evasion's): the
    fewest (at most 5) with which it fails at most `TERRAIN_FAIL` of the time (2 at TN 7). The AI and
    the planner set them aside; the maneuver menu and the default declaration preselect them."""
    miss = min(1.0, max(0.0, (tn - 1) / 10))
    terrain = 1
    while miss**terrain > TERRAIN_FAIL and terrain < 5:
        terrain += 1
    return terrain


def option_terrain_dice(option: ManeuverOption) -> int:
    """`terrain_dice` for an option that needs a terrain roll (`ManeuverOption.terrain_tn`: a Full
    Evasion without room to evade); 0 when it needs none."""
    return terrain_dice(option.terrain_tn) if option.terrain_tn else 0


def _is_full_evasion(bout: Bout, action: Action) -> bool:
    m = bout.catalog.maneuvers.get(action.maneuver)
    return m is not None and m.evasion == "full"


def _pending_cost(bout: Bout, fid: str, action: Action) -> int:
    """CP an already chosen action commits now (cost + dice + aim + greater; not conditional costs)."""
    if action.action == DO_NOTHING:
        return 0
    m = bout.catalog.maneuvers[action.maneuver]
    sheet = bout.fighters[fid].sheet
    cost = 0 if m.cost.conditional else activation_cost(bout.catalog, sheet, m)
    if bout.rules.stance_bonus and not m.cost.conditional and m.group != MOBILITY:  # stance spares footwork
        cost = stance_cost(cost, stance_shift(bout, fid, m.role), m)
    if action.action in (BUY_INITIATIVE, CHANGE_TARGET_BUY):
        cost += bout.rules.buy_cost(sheet.level)
    if action.action in (CHANGE_TARGET, CHANGE_TARGET_BUY):
        cost += bout.rules.change_target_cost
    if action.action == QUICK_ATTACK and bout.rules.quick_attack_variant == "extra_cp":
        cost += bout.rules.quick_attack_cost
    if action.action == QUICK_DEFENSE:
        return 0
    if m.role == "attack" and action.opponent is not None:
        cost += length_cost(bout, fid, action.opponent)
    if action.zone is not None and action.zone in bout.catalog.zones:
        cost += bout.catalog.zones[action.zone].aim_cost
    dice = sum(p.dice for p in action.parts) if action.parts else action.dice
    for p in action.parts:
        if p.zone is not None and p.zone in bout.catalog.zones:
            cost += bout.catalog.zones[p.zone].aim_cost
    return cost + dice + action.greater + action.reflex_buy + action.terrain_dice


def default_declaration(bout: Bout, fid: str, menu: Menu, *, reserve: int = 0) -> tuple[Action, ...]:
    """SPEC §4.4: with initiative, the regular attack of lowest TN with about half the CP in exchange 1
    and all of it in exchange 2; without, the regular defence of lowest TN against each attacker."""
    cp = menu.cp
    budget = cp if bout.clock.exchange == 2 else (cp + 1) // 2
    target = bout.targets.get(fid)
    chosen: list[Action] = []
    target_menu = menu.opponent(target) if target else None
    attack = target_menu.action(ATTACK) if target_menu else None
    if attack is not None and target_menu is not None and target_menu.relation in ("you_hold", "contested"):
        opt = attack.option(attack.default or "")
        if opt is not None:
            dice = max(opt.dice_min, min(opt.dice_max, budget - opt.cost))
            chosen.append(Action(ATTACK, opt.maneuver, target, dice, opt.default_zone))
            return tuple(chosen)
    attackers = [o for o in menu.opponents if o.attacking_you]
    if not attackers:
        return ()
    share = max(1, budget // len(attackers))
    for opp in attackers:
        current = _menu(bout, fid, chosen, reserve=reserve)
        om = current.opponent(opp.opponent)
        defend = om.action(DEFEND) if om else None
        if defend is None or current.cp <= 0:
            continue
        opt = defend.option(defend.default or "")
        if opt is None:
            continue
        terrain = option_terrain_dice(opt)  # a Full Evasion without room to evade: its terrain roll
        top = opt.dice_max + (1 if terrain else 0) - terrain  # dice_max keeps one die for it already
        dice = max(opt.dice_min, min(top, share - opt.cost - terrain))
        if not opt.dice_min <= dice <= top:
            continue
        chosen.append(Action(DEFEND, opt.maneuver, opp.opponent, dice, terrain_dice=terrain))
    return tuple(chosen)


def part_choice(maneuver: str, dice: int, zone: str | None = None) -> PartChoice:
    return PartChoice(maneuver, dice, zone)


fast_init_all(PartOption, ManeuverOption, ActionOption, OpponentMenu, Menu)  # see rules.fastinit
