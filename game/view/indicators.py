"""Indicator data of SPEC §6 computed from the world state: pure functions, no drawing, no window.

Everything the map and the arrow pad show about a fight comes from here:

- **footbases**: the leader's primary target (double circle; inner circle faded while another opponent is
  selected in a prompt or the menu) and the opponent currently selected (single circle);
- **initiative arcs** between paired fighters, pointing at the one without initiative, in five states
  (red attacking with initiative, yellow has initiative, clear no initiative / may still attack, blue
  defending, green forfeited); a mutual pair gets a second arc on the other side for the second fighter;
- **orientation icons** over heads once revealed (exchange 1 from ``s1`` on; orientation is secret at ``s0``);
- **"Atk" / "Def" marks** for imminent rolls involving the leader;
- **bout clocks** (``e1s2``) per bout;
- **companions' planned steps**;
- the **arrow pad** indicators for the leader's four neighbours.

At ``s1`` targets are still being chosen, so relations there are *predicted* from the targets known so far
(with the leader's candidate target from the prompt) by the rules of SPEC §4.3 without rolling dice.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from game.sim.geometry import ORTHOGONAL, Direction
from game.sim.state import BoutState, WorldState
from game.view.arrow_pad import ButtonIndicators, Mark, PadIndicators
from game.view.palette import ArcState, Initiative, Outline
from rules.bout import AGGRESSIVE, CAUTIOUS, DEFENSIVE, ORIENTATION_RANK, pair
from rules.menu import Menu, available_actions

# relation of (a, b) from a's side, as rules.bout.Bout.relation spells it
YOU_HOLD, HE_HOLDS, CONTESTED, NONE = "you_hold", "he_holds", "contested", "none"


@dataclass(frozen=True, slots=True)
class Footbase:
    """A target circle at an actor's feet: ``primary`` (double) or ``secondary`` (single)."""

    actor: str
    kind: str  # primary | secondary
    inner_faded: bool = False


@dataclass(frozen=True, slots=True)
class Arc:
    """An initiative arc from ``src`` to ``dst``; its arrowhead points at ``dst`` (the one without initiative).

    ``side`` is +1 when the arc bulges to the left of the line src→dst and -1 to the right, so the two arcs
    of a mutual pair form a lens instead of overlapping.
    """

    src: str
    dst: str
    state: ArcState
    side: int = 1
    bout: int = 0


@dataclass(frozen=True, slots=True)
class HeadIcon:
    """An orientation icon over an actor's head."""

    actor: str
    orientation: str


@dataclass(frozen=True, slots=True)
class RollMark:
    """A capital "Atk"/"Def" badge over an actor: a roll involving the leader is imminent."""

    actor: str
    mark: Mark


@dataclass(frozen=True, slots=True)
class ClockLabel:
    """A bout's clock (``e1s2``) shown near its members."""

    bout: int
    label: str
    members: tuple[str, ...]
    mine: bool = False


@dataclass(frozen=True, slots=True)
class PlannedStep:
    """A companion's planned next step (faint arrow); ``direction`` None means he waits."""

    actor: str
    direction: Direction | None


@dataclass(frozen=True, slots=True)
class Indicators:
    footbases: tuple[Footbase, ...] = ()
    arcs: tuple[Arc, ...] = ()
    icons: tuple[HeadIcon, ...] = ()
    marks: tuple[RollMark, ...] = ()
    clocks: tuple[ClockLabel, ...] = ()
    planned: tuple[PlannedStep, ...] = ()
    pad: PadIndicators = field(default_factory=PadIndicators)


# ----- relations -------------------------------------------------------------------------------------------
def effective_targets(bout: BoutState, leader: str | None = None, candidate: str | None = None) -> dict[str, str]:
    """Current targets of the bout's active members; at ``s1`` the leader's ``candidate`` replaces his own."""
    rules = bout.rules
    members = set(bout.members)
    out: dict[str, str] = {}
    for fid in members:
        target = rules.targets.get(fid)
        if bout.step == 1 and fid == leader and candidate is not None:
            target = candidate
        if target is not None and target in members:
            out[fid] = target
    return out


def predict_relation(bout: BoutState, a: str, b: str, targets: Mapping[str, str]) -> str:
    """SPEC §4.3 without dice: who would hold initiative between ``a`` and ``b`` given ``targets``.

    Cautious vs Cautious is settled by a Reflex roll, so before it is rolled it shows as contested.
    """
    ta, tb = targets.get(a), targets.get(b)
    if ta == b and tb != a:
        return YOU_HOLD
    if tb == a and ta != b:
        return HE_HOLDS
    if ta != b:
        return NONE
    rules = bout.rules
    flowing = rules.flow.get(pair(a, b))
    if flowing is not None:
        return YOU_HOLD if flowing == a else HE_HOLDS
    oa = rules.orientation.get(a) or CAUTIOUS
    ob = rules.orientation.get(b) or CAUTIOUS
    if oa == DEFENSIVE and ob == DEFENSIVE:
        return NONE
    if oa == ob:
        return CONTESTED
    return YOU_HOLD if ORIENTATION_RANK[oa] > ORIENTATION_RANK[ob] else HE_HOLDS


def relation(bout: BoutState, a: str, b: str, targets: Mapping[str, str]) -> str:
    """The relation of ``a`` to ``b``: predicted at ``s1``, the rules' own otherwise."""
    if bout.step == 1:
        return predict_relation(bout, a, b, targets)
    return bout.rules.relation(a, b)


def _declared_roles(bout: BoutState, fid: str, opponent: str) -> tuple[bool, bool, bool]:
    """(declared at all, attacks ``opponent``, defends against ``opponent``) for this exchange."""
    items = bout.rules.declarations.get(fid)
    if items is None:
        return False, False, False
    attacks = any(c.role == "attack" and c.opponent == opponent for c in items)
    defends = any(c.role == "defense" and c.opponent in (opponent, None) for c in items)
    return True, attacks, defends


def holder_state(bout: BoutState, holder: str, other: str) -> ArcState:
    """The arc state of a fighter who holds (or contests) initiative over ``other``."""
    declared, attacks, _ = _declared_roles(bout, holder, other)
    if not declared:
        return ArcState.HAS_INITIATIVE
    return ArcState.ATTACKING_WITH_INITIATIVE if attacks else ArcState.FORFEITED


def responder_state(bout: BoutState, fighter: str, holder: str) -> ArcState:
    """The arc state of a fighter without initiative over ``holder`` (he targets him back)."""
    _, attacks, defends = _declared_roles(bout, fighter, holder)
    if defends and not attacks:
        return ArcState.DEFENDING
    return ArcState.NO_INITIATIVE


def bout_arcs(bout: BoutState, targets: Mapping[str, str]) -> list[Arc]:
    """Initiative arcs of one bout (one or two per targeting pair)."""
    arcs: list[Arc] = []
    done: set[tuple[str, str]] = set()
    for a in sorted(targets):
        b = targets[a]
        key = pair(a, b)
        if key in done:
            continue
        done.add(key)
        mutual = targets.get(b) == a
        rel = relation(bout, a, b, targets)
        if rel == CONTESTED:
            arcs.append(Arc(a, b, holder_state(bout, a, b), 1, bout.id))
            if mutual:
                arcs.append(Arc(b, a, holder_state(bout, b, a), 1, bout.id))
        elif rel in (YOU_HOLD, HE_HOLDS):
            holder, other = (a, b) if rel == YOU_HOLD else (b, a)
            arcs.append(Arc(holder, other, holder_state(bout, holder, other), 1, bout.id))
            if mutual:
                arcs.append(Arc(holder, other, responder_state(bout, other, holder), -1, bout.id))
        else:
            arcs.append(Arc(a, b, responder_state(bout, a, b), 1, bout.id))
            if mutual:
                arcs.append(Arc(b, a, responder_state(bout, b, a), 1, bout.id))
    return arcs


def _initiative(rel: str) -> Initiative:
    """Pad colour of a relation seen from the fighter in that direction: he holds = red, contested = yellow."""
    if rel == HE_HOLDS:
        return Initiative.THEIRS
    if rel == CONTESTED:
        return Initiative.CONTESTED
    return Initiative.MINE


_ORIENTATION_OUTLINE = {AGGRESSIVE: Outline.AGGRESSIVE, CAUTIOUS: Outline.CAUTIOUS, DEFENSIVE: Outline.DEFENSIVE}


def orientation_revealed(bout: BoutState) -> bool:
    """Orientations are secret at ``s0`` and shown from ``s1`` of the first exchange."""
    return bout.rules.clock.exchange == 1 and bout.step >= 1


# ----- the whole picture -----------------------------------------------------------------------------------
def compute(
    state: WorldState,
    *,
    selected: str | None = None,
    candidate: str | None = None,
    menu: Menu | None = None,
) -> Indicators:
    """All indicators for the current state.

    ``selected``: the opponent selected in a prompt or the maneuver menu (single circle; fades the primary's
    inner circle when different). ``candidate``: the leader's target being chosen in the ``s1`` prompt.
    ``menu``: the leader's ``available_actions`` when already computed (``s2`` pad outlines).
    """
    leader = state.leader
    leader_actor = state.actors.get(leader)
    my_bout = state.bout_of(leader) if leader_actor is not None and leader_actor.alive else None

    arcs: list[Arc] = []
    icons: list[HeadIcon] = []
    clocks: list[ClockLabel] = []
    marks: list[RollMark] = []
    targets_by_bout: dict[int, dict[str, str]] = {}
    for bout in sorted(state.bouts.values(), key=lambda b: b.id):
        targets = effective_targets(bout, leader, candidate)
        targets_by_bout[bout.id] = targets
        arcs.extend(bout_arcs(bout, targets))
        if orientation_revealed(bout):
            for fid in bout.members:
                o = bout.rules.orientation.get(fid)
                if o is not None:
                    icons.append(HeadIcon(fid, o))
        clocks.append(ClockLabel(bout.id, bout.clock(), tuple(bout.members), bout is my_bout))

    footbases: list[Footbase] = []
    primary: str | None = None
    if my_bout is not None:
        primary = my_bout.rules.targets.get(leader)
        if primary is not None and not my_bout.rules.active(primary):
            primary = None
    if selected is None and my_bout is not None and my_bout.step == 1:
        selected = candidate
    if primary is not None:
        footbases.append(Footbase(primary, "primary", inner_faded=selected is not None and selected != primary))
    if selected is not None and selected != primary and selected in state.actors:
        footbases.append(Footbase(selected, "secondary"))

    if my_bout is not None and my_bout.step == 2 and menu is None:
        menu = available_actions(my_bout.rules, leader)
    pad, pad_marks = pad_indicators(state, my_bout, targets_by_bout, menu)
    marks.extend(pad_marks)

    planned = tuple(
        PlannedStep(a.id, a.planned_dir)
        for a in state.actors.values()
        if a.party and not a.leader and a.alive and a.planned
    )
    return Indicators(tuple(footbases), tuple(arcs), tuple(icons), tuple(marks), tuple(clocks), planned, pad)


def neighbour_foes(state: WorldState) -> dict[Direction, str]:
    """The living hostile actor next to the leader in each orthogonal direction."""
    leader = state.actors.get(state.leader)
    out: dict[Direction, str] = {}
    if leader is None:
        return out
    for d in ORTHOGONAL:
        other = state.at(leader.pos.step(d))
        if other is not None and other.alive and state.hostile(leader.id, other.id):
            out[d] = other.id
    return out


def pad_indicators(
    state: WorldState,
    my_bout: BoutState | None,
    targets_by_bout: Mapping[int, Mapping[str, str]],
    menu: Menu | None,
) -> tuple[PadIndicators, list[RollMark]]:
    """SPEC §6 arrow-button indicators for the leader's neighbours (and the map's Atk/Def marks)."""
    leader = state.leader
    buttons: dict[Direction, ButtonIndicators] = {}
    marks: list[RollMark] = []
    for d, fid in neighbour_foes(state).items():
        target = targeting_you = targeting_other = None
        outline: Outline | None = None
        mark: Mark | None = None
        his_bout = state.bout_of(fid)
        if his_bout is not None:
            his_targets = targets_by_bout.get(his_bout.id, {})
            his_target = his_targets.get(fid)
            if my_bout is not None and his_bout.id == my_bout.id:
                mine = targets_by_bout.get(my_bout.id, {})
                rel = relation(my_bout, leader, fid, mine)  # from my side
                if mine.get(leader) == fid:
                    target = _initiative(rel)
                if his_target == leader:
                    targeting_you = _initiative(rel)
                if my_bout.step == 1:
                    o = my_bout.rules.orientation.get(fid)
                    if o is not None and my_bout.rules.clock.exchange == 1:
                        outline = _ORIENTATION_OUTLINE[o]
                elif my_bout.step == 2:
                    om = menu.opponent(fid) if menu is not None else None
                    if om is not None:
                        if om.can_attack and om.can_defend:
                            outline = Outline.ATTACK_AND_DEFENCE
                        elif om.can_attack:
                            outline = Outline.ATTACK_ONLY
                        elif om.can_defend:
                            outline = Outline.DEFENCE_ONLY
                    _, attacks_me, _ = _declared_roles(my_bout, fid, leader)
                    if attacks_me:
                        mark = Mark.DEF
                    elif mine.get(leader) == fid and rel in (YOU_HOLD, CONTESTED):
                        mark = Mark.ATK
            if his_target is not None and his_target != leader:
                theirs = relation(his_bout, fid, his_target, his_targets)
                targeting_other = (
                    Initiative.THEIRS if theirs == YOU_HOLD else Initiative.CONTESTED if theirs == CONTESTED
                    else Initiative.MINE
                )
        buttons[d] = ButtonIndicators(target, targeting_you, targeting_other, outline, mark)
        if mark is not None:
            marks.append(RollMark(fid, mark))
    empty = ButtonIndicators()
    pad = PadIndicators(
        north=buttons.get(Direction.N, empty),
        east=buttons.get(Direction.E, empty),
        south=buttons.get(Direction.S, empty),
        west=buttons.get(Direction.W, empty),
    )
    return pad, marks


def foe_in_direction(state: WorldState, direction: Direction) -> str | None:
    """The living hostile actor next to the leader in ``direction``."""
    return neighbour_foes(state).get(direction)


def direction_of(state: WorldState, actor: str) -> Direction | None:
    """The orthogonal direction from the leader to an adjacent ``actor``."""
    leader = state.actors[state.leader]
    other = state.actors.get(actor)
    if other is None:
        return None
    dx, dy = other.pos.x - leader.pos.x, other.pos.y - leader.pos.y
    for d in ORTHOGONAL:
        if (d.dx, d.dy) == (dx, dy):
            return d
    return None
