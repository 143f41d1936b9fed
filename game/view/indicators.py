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
- **companions' planned steps**: every companion's next step (``game.sim.companion_plans``);
- **mobility marks**: a threading arrow past a foe, a flank mark on a flanked target (issue 13 item 1);
- the **arrow pad** indicators for the leader's four neighbours.

Relations, targets, revealed orientations and declared roles are the leader's view
(``game.sim.player_view``): the rules' own, never re-derived here (at ``s1`` the relations shown are the ones
the rules hold until the targets are in, and a fighter who arrived mid-round holds none).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.sim.companion_plans import companion_plans
from game.sim.declaring import Menu, declaration_source
from game.sim.geometry import ORTHOGONAL, Direction
from game.sim.player_view import CONTESTED, HE_HOLDS, YOU_HOLD, BoutView, PlayerView, player_view
from game.sim.state import WorldState
from game.view.arrow_pad import ButtonIndicators, Mark, PadIndicators
from game.view.palette import ArcState, Initiative, Outline


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
class MobilityMark:
    """A mobility maneuver on the map (issue 13 item 1): ``kind`` ``thread`` (an arrow from ``actor`` slipping
    past ``foe``) or ``flank`` (a mark at ``foe``'s side towards ``actor``); ``state`` as
    ``game.sim.player_view.MobilityView`` (declared, committed, worked, failed)."""

    actor: str
    foe: str
    kind: str  # thread | flank
    state: str


@dataclass(frozen=True, slots=True)
class Indicators:
    footbases: tuple[Footbase, ...] = ()
    arcs: tuple[Arc, ...] = ()
    icons: tuple[HeadIcon, ...] = ()
    marks: tuple[RollMark, ...] = ()
    clocks: tuple[ClockLabel, ...] = ()
    planned: tuple[PlannedStep, ...] = ()
    pad: PadIndicators = field(default_factory=PadIndicators)
    mobility: tuple[MobilityMark, ...] = ()


# ----- relations -------------------------------------------------------------------------------------------
def _pair(a: str, b: str) -> tuple[str, str]:
    return (a, b) if a < b else (b, a)


def holder_state(bout: BoutView, holder: str, other: str) -> ArcState:
    """The arc state of a fighter who holds (or contests) initiative over ``other``."""
    declared, attacks, _ = bout.roles(holder, other)
    if not declared:
        return ArcState.HAS_INITIATIVE
    return ArcState.ATTACKING_WITH_INITIATIVE if attacks else ArcState.FORFEITED


def responder_state(bout: BoutView, fighter: str, holder: str) -> ArcState:
    """The arc state of a fighter without initiative over ``holder`` (he targets him back)."""
    _, attacks, defends = bout.roles(fighter, holder)
    if defends and not attacks:
        return ArcState.DEFENDING
    return ArcState.NO_INITIATIVE


def bout_arcs(bout: BoutView) -> list[Arc]:
    """Initiative arcs of one bout (one or two per targeting pair)."""
    targets = bout.targets
    arcs: list[Arc] = []
    done: set[tuple[str, str]] = set()
    for a in sorted(targets):
        b = targets[a]
        key = _pair(a, b)
        if key in done:
            continue
        done.add(key)
        mutual = targets.get(b) == a
        rel = bout.relation(a, b)
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


# the s1 outline of an orientation, in either vocabulary (a red throw reads as Aggressive, white as Defensive)
_ORIENTATION_OUTLINE = {"aggressive": Outline.AGGRESSIVE, "cautious": Outline.CAUTIOUS,
                        "defensive": Outline.DEFENSIVE, "red": Outline.AGGRESSIVE, "white": Outline.DEFENSIVE}


def icons_shown(bout: BoutView) -> bool:
    """Orientation icons over heads: from ``s1`` of the first exchange (secret at ``s0``), for that exchange."""
    return bout.exchange == 1 and bout.step >= 1


# ----- the whole picture -----------------------------------------------------------------------------------
def compute(
    state: WorldState,
    *,
    selected: str | None = None,
    candidate: str | None = None,
    menu: Menu | None = None,
    view: PlayerView | None = None,
) -> Indicators:
    """All indicators for the current state.

    ``selected``: the opponent selected in a prompt or the maneuver menu (single circle; fades the primary's
    inner circle when different). ``candidate``: the leader's target being chosen in the ``s1`` prompt.
    ``menu``: the leader's menu when already computed (``s2`` pad outlines). ``view``: the leader's view of
    ``state`` when the caller has it (else it is built here).
    """
    view = player_view(state) if view is None else view
    leader = state.leader
    my_bout = view.my_bout

    arcs: list[Arc] = []
    icons: list[HeadIcon] = []
    clocks: list[ClockLabel] = []
    marks: list[RollMark] = []
    mobility: list[MobilityMark] = []
    for bout in view.bouts:
        arcs.extend(bout_arcs(bout))
        if icons_shown(bout):
            icons.extend(HeadIcon(fid, o) for fid in bout.members if (o := bout.orientation(fid)) is not None)
        clocks.append(ClockLabel(bout.id, bout.clock, bout.members, bout.mine))
        mobility.extend(mobility_marks(bout))

    footbases: list[Footbase] = []
    primary: str | None = my_bout.targets.get(leader) if my_bout is not None else None
    if selected is None and my_bout is not None and my_bout.step == 1:
        selected = candidate
    if primary is not None:
        footbases.append(Footbase(primary, "primary", inner_faded=selected is not None and selected != primary))
    if selected is not None and selected != primary and selected in state.actors:
        footbases.append(Footbase(selected, "secondary"))

    if my_bout is not None and my_bout.step == 2 and menu is None:
        source = declaration_source(state)
        menu = source.menu() if source is not None else None
    pad, pad_marks = pad_indicators(state, view, menu)
    marks.extend(pad_marks)

    # every companion's next step (issue 13 item 6: game.sim.companion_plans; a hand-set one included)
    planned = tuple(PlannedStep(p.actor, p.direction) for p in companion_plans(state) if p.steps)
    return Indicators(tuple(footbases), tuple(arcs), tuple(icons), tuple(marks), tuple(clocks), planned, pad,
                      tuple(mobility))


def mobility_marks(bout: BoutView) -> list[MobilityMark]:
    """The map's marks for the mobility maneuvers the leader sees in ``bout``: a threading arrow past each
    foe threaded (or to be), a flank mark on an Outmaneuver's target."""
    return [MobilityMark(m.actor, foe, "flank" if m.maneuver == "outmaneuver" else "thread", m.state)
            for m in bout.mobility for foe in m.foes]


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
    state: WorldState, view: PlayerView, menu: Menu | None
) -> tuple[PadIndicators, list[RollMark]]:
    """SPEC §6 arrow-button indicators for the leader's neighbours (and the map's Atk/Def marks)."""
    leader = state.leader
    my_bout = view.my_bout
    buttons: dict[Direction, ButtonIndicators] = {}
    marks: list[RollMark] = []
    for d, fid in neighbour_foes(state).items():
        target = targeting_you = targeting_other = None
        outline: Outline | None = None
        mark: Mark | None = None
        his_bout = view.bout_of(fid)
        if his_bout is not None:
            his_target = his_bout.targets.get(fid)
            if my_bout is not None and his_bout.id == my_bout.id:
                mine = my_bout.targets
                rel = my_bout.relation(leader, fid)  # from my side
                if mine.get(leader) == fid:
                    target = _initiative(rel)
                if his_target == leader:
                    targeting_you = _initiative(rel)
                if my_bout.step == 1:
                    o = my_bout.orientation(fid)
                    if o is not None and my_bout.exchange == 1:
                        outline = _ORIENTATION_OUTLINE.get(o)
                elif my_bout.step == 2:
                    om = menu.opponent(fid) if menu is not None else None
                    if om is not None:
                        if om.can_attack and om.can_defend:
                            outline = Outline.ATTACK_AND_DEFENCE
                        elif om.can_attack:
                            outline = Outline.ATTACK_ONLY
                        elif om.can_defend:
                            outline = Outline.DEFENCE_ONLY
                    _, attacks_me, _ = my_bout.roles(fid, leader)
                    if attacks_me:
                        mark = Mark.DEF
                    elif mine.get(leader) == fid and rel in (YOU_HOLD, CONTESTED):
                        mark = Mark.ATK
            if his_target is not None and his_target != leader:
                theirs = his_bout.relation(fid, his_target)
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
