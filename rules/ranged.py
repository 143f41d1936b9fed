"""Missile attacks (SPEC §4.9, the design doc's "Ranged combat"): aim, range bands, firing into a
melee, the target's defence, and damage through the same wound pipeline as melee.

The simulation decides *when* a shot happens (loosed at any tick, resolved at the start of the next,
before the bouts' exchanges) and computes the geometry; this module only does the dice. The sim calls
`can_shoot(...)` first, then `resolve_shot(ShotContext(...), combat_stream)` and applies nothing else:
the target's (and a bystander's) `FighterState` is updated here, the events say what happened.

Our rules (every number a module constant, every choice documented here):

- **Pool.** Shooter's dice = level in the weapon's missile proficiency (with defaults from other
  rated proficiencies, `rules.fighter.proficiency_level`) + the aim bonus − max(pain, carried shock)
  − penalties. The missile pool is not the Combat Pool: shooting spends no CP.
- **Aim bonus** (`aim_bonus`): 3 consecutive ticks of aiming give ⌊Aim/3⌋ dice, 4 give ⌊2·Aim/3⌋,
  5 or more give all of Aim (Aim = ⌊(AG+PER)/2⌋). Fewer than 3: none.
- **TN** = the ATN of the range band the distance falls in (content/missiles.yaml) + 1 if the target
  moved this exchange (`MOVING_TARGET_TN`). Out of range or without a clear line of fire the shot is
  refused: `can_shoot` names the reason and `resolve_shot` raises ValueError with it.
- **Aimed zone** (thrust zones VIII-XIV; default XI, centre of mass): head (XIII) −2 dice, lower legs
  (VIII) and arms (XIV) −3 dice (research E1: "Missiles to head −2 MP, lower legs or arms −3 MP").
- **Into melee** (`crowd` = other fighters adjacent to the target in melee): 2+ → −4 dice, 3+ → −6.
  The **botch number** rises with the crowd: a face ≤ 1 + (crowd − 1) counts as a one, so with a crowd
  of 3 every failed 1, 2 and 3 counts. A botch (no success, two "ones", or one on a single die) always
  misses the target; if anyone is next to the target (`neighbours`, friend or not) the shot hits one
  of them instead, picked with the stream, as an undefended hit with MoS `STRAY_MOS` (1) in the
  aimed zone.
- **Defence.** Not in melee, or at bout step s0/s1: a passive pool of max(Reflex, PER) − max(pain,
  carried shock) dice plus the CP the target chooses to add; at s2: only the chosen CP. The chosen CP
  is taken from the target's CP. TN = the best ranged defence: `DODGE_TN` (7), or the shield's ranged
  DTN when lower (a large shield: 6). An out-of-fight target does not defend. How much CP to add is not
  decided here: the world asks `rules.ai.suggest_shot_defence` for an AI and the command for the
  player's leader (`game.sim.commands`, `shot_defence_cp`).
- **Damage.** MoS = shooter successes − defence successes; a hit needs MoS > 0 and no botch. The blow
  is the weapon's `damage` (+ the shooter's ST when `adds_strength`: slings and thrown weapons; a bow
  or crossbow brings its own power), type puncture or bludgeon, through `rules.damage.roll_wound`
  (d6 location in the zone, − TO − AV, cap 5), then `rules.wounds.apply_wound` (pain, BL, shock out of
  unspent CP with the rest carried over, death, knockout and knockdown checks).
- **Dice order** on the stream: shooter's pool, defence pool (when it has dice), the neighbour pick
  after a botch (d10s, re-rolled until one names a neighbour; no roll with one neighbour), the d6
  location, then knock checks.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from rules.catalog import Catalog, MissileWeapon, RangeBand
from rules.damage import Blow, roll_wound
from rules.dice import DiceStream, Roll, roll_pool
from rules.events import CpSpent, Event, Part, WoundRecord
from rules.fighter import FighterState, proficiency_level
from rules.fold import apply
from rules.wounds import apply_wound

AIM_TICKS_FULL = 5  # ticks of aiming for the whole Aim bonus (3 -> 1/3, 4 -> 2/3)
MOVING_TARGET_TN = 1
DODGE_TN = 7  # passive defence against a missile without a (better) shield
CROWD_PENALTIES: tuple[tuple[int, int], ...] = ((3, 6), (2, 4))  # (crowd at least, dice lost)
MISSILE_ZONES: tuple[str, ...] = ("VIII", "IX", "X", "XI", "XII", "XIII", "XIV")
DEFAULT_ZONE = "XI"
ZONE_DICE_PENALTY: dict[str, int] = {"XIII": 2, "VIII": 3, "XIV": 3}
STRAY_MOS = 1
BOUT_STEPS: tuple[int | None, ...] = (None, 0, 1, 2)


@dataclass(frozen=True, slots=True)
class ShotContext:
    """Everything about one shot that the simulation knows and the dice do not.

    `crowd`: other fighters adjacent to the target in melee (the shooter not counted).
    `target_step`: the target's bout step (0, 1, 2) or None when it is not in a bout.
    `neighbours`: the fighters a botch may hit instead (usually everyone adjacent to the target).
    `defence_cp`: CP the target adds to its defence (taken from its CP; the AI or player decides).
    `reload_left`: ticks the shooter still needs to reload (0: ready).
    `exchange`: stamped on the events (0 outside bouts, as blood-loss deaths do).
    """

    shooter: FighterState
    target: FighterState
    weapon: MissileWeapon
    distance: int
    aim_ticks: int = 0
    clear_line_of_fire: bool = True
    crowd: int = 0
    target_step: int | None = None
    target_moved_this_exchange: bool = False
    defence_cp: int = 0
    neighbours: tuple[FighterState, ...] = ()
    zone: str = DEFAULT_ZONE
    reload_left: int = 0
    exchange: int = 0


@dataclass(frozen=True, slots=True)
class Modifier(Part):
    """One penalty applied to the shot: dice lost (negative) and/or TN raised."""

    reason: str
    dice: int = 0
    tn: int = 0


@dataclass(frozen=True, slots=True)
class Shot(Event):
    type: ClassVar[str] = "shot"
    exchange: int
    shooter: str
    target: str
    weapon: str
    distance: int
    band: str
    zone: str
    level: int  # the shooter's missile proficiency level
    aim_ticks: int
    aim_dice: int
    dice: int
    tn: int
    faces: tuple[int, ...]
    successes: int
    defence_dice: int
    defence_tn: int
    defence_faces: tuple[int, ...]
    defence_successes: int
    defence_cp: int
    mos: int
    hit: bool
    wound: WoundRecord | None
    botch: bool
    botch_face: int  # faces up to this count as ones for the botch
    hit_instead: str | None  # the neighbour a botch hit
    stray_wound: WoundRecord | None
    penalties: tuple[Modifier, ...] = field(default=())


@dataclass(frozen=True, slots=True)
class ShotResult:
    shot: Shot
    events: tuple[Event, ...]  # the Shot first, then what the wounds caused (shock, knock checks, death)

    @property
    def hit(self) -> bool:
        return self.shot.hit

    @property
    def wound(self) -> WoundRecord | None:
        return self.shot.wound

    @property
    def hit_instead(self) -> str | None:
        return self.shot.hit_instead


# ---- small rules, public for the simulation, the AI and the view -------------------------------------


def aim_bonus(shooter: FighterState, aim_ticks: int) -> int:
    """Dice from aiming: 3 ticks ⌊Aim/3⌋, 4 ticks ⌊2·Aim/3⌋, 5+ ticks all of Aim; else 0."""
    aim = shooter.attributes.aim
    if aim_ticks >= AIM_TICKS_FULL:
        return aim
    if aim_ticks == AIM_TICKS_FULL - 1:
        return 2 * aim // 3
    if aim_ticks == AIM_TICKS_FULL - 2:
        return aim // 3
    return 0


def reload_ticks(weapon: MissileWeapon) -> int:
    """Ticks after a shot before the weapon can shoot again (bow 1, crossbow 3, sling 1, thrown 0)."""
    return weapon.reload_ticks


def range_band(weapon: MissileWeapon, distance: int) -> RangeBand | None:
    """The band `distance` squares fall in, or None when out of range."""
    return weapon.band_at(distance)


def crowd_penalty(crowd: int) -> int:
    """Dice lost shooting at a target with `crowd` other fighters around it in melee (2+: 4, 3+: 6)."""
    for at_least, dice in CROWD_PENALTIES:
        if crowd >= at_least:
            return dice
    return 0


def botch_face(crowd: int) -> int:
    """The highest face that counts as a one for the botch: 1, +1 per surrounding fighter past the first."""
    return 1 + max(0, crowd - 1)


def defence_tn(target: FighterState) -> int:
    """The best passive defence against a missile: a dodge at DODGE_TN or the shield's ranged DTN."""
    shield = target.sheet.shield
    return min(DODGE_TN, shield.dtn_ranged) if shield is not None else DODGE_TN


def passive_defence_dice(target: FighterState, step: int | None) -> int:
    """Free defence dice: max(Reflex, PER) less pain/shock out of melee or at s0/s1; none at s2."""
    if target.out_of_fight or step == 2:
        return 0
    attrs = target.attributes
    return max(0, max(attrs.reflex, attrs.PER) - max(target.pain, target.carried_shock))


def can_shoot(
    shooter: FighterState,
    weapon: MissileWeapon,
    distance: int,
    clear_line_of_fire: bool,
    reload_left: int = 0,
) -> str | None:
    """Why the shot is not allowed, or None when it is."""
    if shooter.out_of_fight:
        return "the shooter is out of the fight"
    if reload_left > 0:
        return f"reloading ({reload_left} more tick{'s' if reload_left != 1 else ''})"
    if not clear_line_of_fire:
        return "no clear line of fire"
    if distance < 1:
        return "the target must be at least 1 square away"
    if weapon.band_at(distance) is None:
        return f"out of range ({distance} squares; {weapon.name} reaches {weapon.max_range})"
    return None


# ---- the shot ------------------------------------------------------------------------------------


def resolve_shot(ctx: ShotContext, stream: DiceStream, catalog: Catalog | None = None) -> ShotResult:
    """Roll one shot and apply its wound. `catalog` defaults to the shipped content (it supplies the
    zones, the wound table, proficiency defaults and the house rules). Raises ValueError when the
    shot is not allowed (`can_shoot`) or the context is malformed."""
    if catalog is None:
        from rules.content.loader import default_catalog  # lazily: keeps pydantic out of pure users

        catalog = default_catalog()
    _check(ctx)
    rules = catalog.house_rules
    shooter, target, weapon = ctx.shooter, ctx.target, ctx.weapon
    band = weapon.band_at(ctx.distance)
    assert band is not None  # _check

    level = proficiency_level(shooter.sheet.proficiencies, weapon.proficiency, catalog)
    aim = aim_bonus(shooter, ctx.aim_ticks)
    penalties: list[Modifier] = []
    pain = max(shooter.pain, shooter.carried_shock)
    if pain:
        penalties.append(Modifier("pain", dice=-pain))
    zone_penalty = ZONE_DICE_PENALTY.get(ctx.zone, 0)
    if zone_penalty:
        penalties.append(Modifier(f"aimed at zone {ctx.zone}", dice=-zone_penalty))
    crowd = crowd_penalty(ctx.crowd)
    if crowd:
        penalties.append(Modifier(f"into a melee of {ctx.crowd}", dice=-crowd))
    if ctx.target_moved_this_exchange:
        penalties.append(Modifier("moving target", tn=MOVING_TARGET_TN))
    dice = level + aim + sum(p.dice for p in penalties)
    tn = band.atn + sum(p.tn for p in penalties)

    roll = roll_pool(stream, dice, tn, rules.negative_pool)
    ones_up_to = botch_face(ctx.crowd)
    botch = _botch(roll, ones_up_to)

    defence_dice = 0
    consequences: list[Event] = []
    if not target.out_of_fight:
        if ctx.defence_cp:
            spent = CpSpent(ctx.exchange, target.id, ctx.defence_cp, f"against {shooter.id}'s shot")
            apply(spent, {target.id: target})
            consequences.append(spent)
        defence_dice = passive_defence_dice(target, ctx.target_step) + ctx.defence_cp
    dtn = defence_tn(target)
    droll = roll_pool(stream, defence_dice, dtn) if defence_dice > 0 else Roll(0, dtn, (), 0, False)

    mos = roll.successes - droll.successes
    hit = mos > 0 and not botch
    strength = shooter.attributes.ST if weapon.adds_strength else 0
    blow = Blow(weapon.damage_type, weapon.damage + strength)
    wound: WoundRecord | None = None
    hit_instead: str | None = None
    stray: WoundRecord | None = None

    if hit:
        wound, _ = roll_wound(catalog, target, blow, ctx.zone, mos, 0, stream)
        if wound is None:
            hit = False  # the location roll missed the body
        else:
            consequences += apply_wound(
                target, wound, attacker=shooter.id, exchange=ctx.exchange, stream=stream, rules=rules
            )
    elif botch and ctx.neighbours:
        victim = ctx.neighbours[_pick(stream, len(ctx.neighbours))]
        hit_instead = victim.id
        stray, _ = roll_wound(catalog, victim, blow, ctx.zone, STRAY_MOS, 0, stream)
        if stray is not None:
            consequences += apply_wound(
                victim, stray, attacker=shooter.id, exchange=ctx.exchange, stream=stream, rules=rules
            )

    shot = Shot(
        exchange=ctx.exchange,
        shooter=shooter.id,
        target=target.id,
        weapon=weapon.id,
        distance=ctx.distance,
        band=band.name,
        zone=ctx.zone,
        level=level,
        aim_ticks=ctx.aim_ticks,
        aim_dice=aim,
        dice=roll.dice,
        tn=roll.tn,
        faces=roll.faces,
        successes=roll.successes,
        defence_dice=droll.dice,
        defence_tn=droll.tn,
        defence_faces=droll.faces,
        defence_successes=droll.successes,
        defence_cp=ctx.defence_cp,
        mos=mos,
        hit=hit,
        wound=wound,
        botch=botch,
        botch_face=ones_up_to,
        hit_instead=hit_instead,
        stray_wound=stray,
        penalties=tuple(penalties),
    )
    return ShotResult(shot, (shot, *consequences))


def _check(ctx: ShotContext) -> None:
    reason = can_shoot(ctx.shooter, ctx.weapon, ctx.distance, ctx.clear_line_of_fire, ctx.reload_left)
    if reason is not None:
        raise ValueError(f"{ctx.shooter.id} cannot shoot {ctx.target.id}: {reason}")
    if ctx.zone not in MISSILE_ZONES:
        raise ValueError(f"a missile is aimed at a thrust zone ({', '.join(MISSILE_ZONES)}), not {ctx.zone!r}")
    if ctx.target_step not in BOUT_STEPS:
        raise ValueError(f"target_step must be 0, 1, 2 or None, not {ctx.target_step!r}")
    if ctx.aim_ticks < 0 or ctx.crowd < 0:
        raise ValueError("aim_ticks and crowd cannot be negative")
    if not 0 <= ctx.defence_cp <= ctx.target.cp:
        raise ValueError(f"{ctx.target.id} cannot add {ctx.defence_cp} CP to its defence (has {ctx.target.cp})")
    if any(n.id in (ctx.shooter.id, ctx.target.id) for n in ctx.neighbours):
        raise ValueError("neighbours are the fighters around the target, not the shooter or the target")


def _botch(roll: Roll, ones_up_to: int) -> bool:
    """No success and two "ones" (one on a single die), where every face up to `ones_up_to` is a one."""
    if roll.successes or not roll.faces:
        return False
    ones = sum(1 for face in roll.faces if face <= ones_up_to)
    return ones >= 2 or (roll.dice == 1 and ones == 1)


def _pick(stream: DiceStream, count: int) -> int:
    """An index below `count` from d10s: re-roll faces above `count` (up to 10), modulo beyond 10."""
    if count == 1:
        return 0
    if count > 10:
        return (stream.d10() - 1) % count
    while True:
        face = stream.d10()
        if face <= count:
            return face - 1
