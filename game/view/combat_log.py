"""The combat log panel: every roll with faces, TN, successes, MoS and wound (lines from
``game.sim.log.describe``), scrollable (mouse wheel, PgUp/PgDn, End) and filterable: all / my bout / rolls. A
blood-loss check that holds is listed under Rolls only (each bleeding fighter makes one a tick).

Clean by default (issue 11): only what the party can see (a line about fighters none of the party can see is
kept but not shown, unless ``show_unseen``: a recording watched with everything revealed), each line once (the
same rules line logged again in the same tick, e.g. under a merged bout's number, is dropped), each bout line
with its bout; the "newer" marker has a row of its own and never overprints a line. The story lines of
``game.sim.narration`` (a hurt foe who flees, a death from blood loss credited to the wound that caused it, the
leader catching his breath) replace the plain ones; one the party's own (its wound) shows even out of sight.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from dataclasses import dataclass
from enum import StrEnum

from game.sim import bout_events as rev
from game.sim import events as wev
from game.sim.fov import field_of_view
from game.sim.geometry import Pos
from game.sim.log import describe, known_names
from game.sim.narration import Narrator
from game.sim.state import WorldState
from game.view.layout_clock import LAYOUT_CLOCK
from game.view.widgets import ACCENT, PANEL, PANEL_EDGE, PANEL_HEADER, ROW_FOCUS, TEXT, TEXT_DIM, Hit, Panel

MAX_LINES = 2000
SIGHT_RADIUS = 8  # squares: the map's field of view (game.view.map_render.FOV_RADIUS)
_BOUT_PREFIX = "[bout "
LAYOUTS_PER_BUILD = 3  # new line layouts one build may make (a tick's burst of lines fills in over frames; a
# wrapped line costs 0.7-1 ms to lay out; the panel's title and tabs, laid out once, do not count)


class LogFilter(StrEnum):
    ALL = "all"
    MINE = "mine"
    ROLLS = "rolls"


FILTER_LABELS = {LogFilter.ALL: "All", LogFilter.MINE: "My bout", LogFilter.ROLLS: "Rolls"}
_ROLL_EVENTS = (rev.Attack, rev.ReflexContest, rev.KnockCheck, rev.BloodLossCheck, rev.TerrainRoll)


@dataclass(frozen=True)
class LogLine:
    text: str
    tick: int
    roll: bool
    mine: bool
    tone: str  # hit | miss | roll | info | me | end
    seen: bool = True  # the party could see it happen
    quiet: bool = False  # a routine roll that changed nothing (a blood-loss check that holds): under Rolls only


def _involved(event: object, who: str) -> bool:
    for name in ("attacker", "defender", "fighter", "a", "b", "actor", "into", "fled", "winner"):
        if getattr(event, name, None) == who:
            return True
    return False


def _joins(e: wev.BoutStarted | wev.BoutJoined, leader: str) -> bool:
    return leader in e.members if isinstance(e, wev.BoutStarted) else e.actor == leader


def party_sight(state: WorldState) -> frozenset[Pos]:
    """The squares any living member of the party can see now."""
    seen: set[Pos] = set()
    for a in state.actors.values():
        if a.party and a.alive:
            seen |= field_of_view(state.tilemap, a.pos, SIGHT_RADIUS)
    return frozenset(seen)


def _actors_of(event: wev.WorldEvent, inner: object, bouts: dict[int, list[str]]) -> list[str]:
    """The fighters an event is about: its bout's members, its named actors."""
    out: list[str] = []
    bout = getattr(event, "bout", None)
    if isinstance(bout, int):
        out += bouts.get(bout, [])
    out += list(getattr(event, "members", ()) or ())
    for source in (event, inner):
        for name in ("attacker", "defender", "fighter", "a", "b", "actor", "into", "fled", "winner", "shooter",
                     "target"):
            value = getattr(source, name, None)
            if isinstance(value, str):
                out.append(value)
    return out


class LogModel:
    """The lines and the leader's bouts (for the "my bout" filter). Pure: no drawing."""

    def __init__(self) -> None:
        self.lines: list[LogLine] = []
        self.my_bouts: set[int] = set()
        self.version = 0
        self._this_tick: tuple[int, set[str]] = (-1, set())  # the bout lines of the latest tick, unprefixed
        self.narrator = Narrator()  # a foe who flees, whose wound bled a foe to death, the leader's breath

    def _again(self, tick: int, text: str) -> bool:
        """The same bout line was logged already this tick (under another bout's number)."""
        if not text.startswith(_BOUT_PREFIX):
            return False
        body = text.split("] ", 1)[-1]
        last, bodies = self._this_tick
        if last != tick:
            bodies = set()
            self._this_tick = (tick, bodies)
        if body in bodies:
            return True
        bodies.add(body)
        return False

    def add_events(self, state: WorldState, events: Iterable[wev.WorldEvent],
                   sight: frozenset[Pos] | None = None) -> int:
        """Append the log lines of ``events``; returns how many lines were added. ``sight``: the squares the
        party sees (default: computed from the state)."""
        names = known_names(state)
        leader = state.leader
        added = 0
        visible: frozenset[Pos] | None = sight
        bouts: dict[int, list[str]] = {}
        for actor, bout in state.membership.items():
            bouts.setdefault(bout, []).append(actor)
        for e in events:
            if isinstance(e, wev.BoutStarted | wev.BoutJoined) and _joins(e, leader):
                self.my_bouts.add(e.bout)
            elif isinstance(e, wev.BoutSplit) and leader in e.members:
                self.my_bouts.add(e.new_bout)
            elif isinstance(e, wev.BoutSynced) and e.bout in self.my_bouts:
                self.my_bouts.update(e.merged)
            elif isinstance(e, wev.BoutSynced) and any(b in self.my_bouts for b in e.merged):
                self.my_bouts.add(e.bout)
            told = self.narrator.tell(e, describe(e, names, state.system.describe), state, names)
            text = told.text
            if not text or self._again(state.tick, text):
                continue
            inner = e.event if isinstance(e, wev.RulesEvent | wev.Bled) else e
            roll = isinstance(inner, _ROLL_EVENTS) or isinstance(e, wev.FirstAidGiven)
            # the leader's bout's own lines (who leaves it: a foe who flees), his own, and the party's story
            in_mine = isinstance(e, wev.RulesEvent | wev.BoutLeft) and e.bout in self.my_bouts
            mine = in_mine or _involved(inner, leader) or told.ours
            seen = True
            if not mine:
                who = [a for a in _actors_of(e, inner, bouts) if a in state.actors]
                if who:
                    if visible is None:
                        visible = party_sight(state)
                    seen = any(state.actors[a].party or state.actors[a].pos in visible for a in who)
            if isinstance(inner, rev.Attack):
                tone = "hit" if inner.hit and inner.wound is not None and inner.wound.level > 0 else "miss"
            elif isinstance(e, wev.GameOver):
                tone = "end"
            elif roll:
                tone = "roll"
            else:
                tone = "me" if mine else "info"
            # every bleeding fighter's check that holds, each tick, buried the fight's lines (seen under Xvfb)
            quiet = isinstance(inner, rev.BloodLossCheck) and not inner.ht_lost
            self.lines.append(LogLine(text, state.tick, roll, mine, tone, seen, quiet))
            added += 1
        if len(self.lines) > MAX_LINES:
            del self.lines[: len(self.lines) - MAX_LINES]
        if added:
            self.version += 1
        return added

    def note(self, text: str, tick: int) -> None:
        """A line of the view's own (a walk that stopped, and why): the leader's, seen, no roll."""
        self.lines.append(LogLine(text, tick, False, True, "me"))
        if len(self.lines) > MAX_LINES:
            del self.lines[: len(self.lines) - MAX_LINES]
        self.version += 1

    def filtered(self, which: LogFilter, unseen: bool = False) -> list[LogLine]:
        """The lines of a filter; ``unseen``: also those the party could not see."""
        if which is LogFilter.MINE:
            return [line for line in self.lines if line.mine and not line.quiet]
        if which is LogFilter.ROLLS:
            return [line for line in self.lines if line.roll and (unseen or line.seen)]
        return [line for line in self.lines if (unseen or line.seen) and not line.quiet]


TONE_COLOURS = {
    "hit": (255, 140, 120, 255),
    "miss": (190, 198, 214, 255),
    "roll": (214, 220, 232, 255),
    "info": (150, 158, 176, 255),
    "me": (226, 230, 238, 255),
    "end": (250, 204, 36, 255),
}


class CombatLog(Panel):
    """The log panel. Hit actions: ``("log_filter", LogFilter)``, ``("log_scroll", +n/-n)``."""

    def __init__(self) -> None:
        super().__init__()
        self.model = LogModel()
        self.filter = LogFilter.ALL
        self.scroll = 0  # lines scrolled up from the newest
        self.mode = "normal"  # collapsed | normal | expanded
        self.incremental = True  # a build lays out at most LAYOUTS_PER_BUILD lines; the rest in the next ones
        self.rect = (0.0, 0.0, 0.0, 0.0)
        self.show_unseen = False  # also the lines the party could not see (a recording shown whole)
        self.right_limit = 0.0  # x the panel must stay left of (the arrow pad)
        self.top_limit = 0.0  # y the panel must stay under (the HUD)
        self._shown = 0
        self._built_view: tuple[Hashable, ...] = ()

    # --- model ----------------------------------------------------------------------------------------------
    def add_events(self, state: WorldState, events: Iterable[wev.WorldEvent]) -> None:
        added = self.model.add_events(state, events)
        if added and self.scroll:
            self.scroll += added if self.filter is LogFilter.ALL else 0

    def note(self, text: str, tick: int) -> None:
        """Add a line of the view's own (``LogModel.note``)."""
        self.model.note(text, tick)
        if self.scroll:
            self.scroll += 1 if self.filter is not LogFilter.ROLLS else 0

    def clear(self) -> None:
        """Forget every line (the watch view refills the log after a jump in time)."""
        self.model = LogModel()
        self.scroll = 0
        self.invalidate()

    def set_filter(self, which: LogFilter) -> None:
        self.filter = which
        self.scroll = 0

    def cycle_filter(self) -> None:
        order = list(LogFilter)
        self.set_filter(order[(order.index(self.filter) + 1) % len(order)])

    def lines(self) -> list[LogLine]:
        """The lines the panel shows now (its filter, seen ones unless ``show_unseen``)."""
        return self.model.filtered(self.filter, self.show_unseen)

    def scroll_by(self, lines: int) -> None:
        total = len(self.lines())
        self.scroll = max(0, min(max(0, total - 1), self.scroll + lines))

    def page(self, direction: int) -> None:
        self.scroll_by(direction * max(3, self._shown - 1))

    def cycle_mode(self) -> None:
        self.mode = {"normal": "expanded", "expanded": "collapsed", "collapsed": "normal"}[self.mode]

    # --- panel ----------------------------------------------------------------------------------------------
    def content_key(self) -> Hashable:
        return (self.model.version, *self._view_key())

    def _view_key(self) -> tuple[Hashable, ...]:
        """What the log shows, but for its lines (a scroll, filter or mode change is shown whole at once)."""
        return (self.filter, self.scroll, self.mode, self.right_limit, self.top_limit, self.show_unseen, self.width,
                self.height, self.scale)

    def place(self) -> tuple[float, float, float, float]:
        k = self.scale
        margin = 12 * k
        width = min(640 * k, max(300 * k, (self.right_limit or self.width) - 2 * margin))
        height = {"collapsed": 92 * k, "normal": 212 * k, "expanded": 440 * k}[self.mode]
        if self.mode == "normal" and len(self.model.lines) < 4:
            height = 110 * k  # little to show yet: keep the map clear
        if self.top_limit:
            height = min(height, self.top_limit - 2 * margin)
        return (self.x_for(width, margin), margin, width, height)

    def build(self) -> None:
        k = self.scale
        left, bottom, width, height = self.rect = self.place()
        self.box(self.rect, PANEL, 10, edge=PANEL_EDGE, shadow=True)
        header = 34 * k
        top = bottom + height
        self.box((left, top - header, width, header), PANEL_HEADER, 10)
        self.texts.put("title", "Combat log", left + 12 * k, top - header / 2, size=12 * k, bold=True,
                       colour=TEXT, anchor_y="center")
        tab_w = 86 * k
        tx = left + width - 3 * (tab_w + 6 * k) - 4 * k
        for i, which in enumerate(LogFilter):
            rect = (tx + i * (tab_w + 6 * k), top - header + 4 * k, tab_w, header - 8 * k)
            on = which is self.filter
            self.box(rect, ROW_FOCUS if on else PANEL, 7, edge=ACCENT if on else PANEL_EDGE)
            self.texts.put(("tab", which), FILTER_LABELS[which], rect[0] + tab_w / 2, rect[1] + rect[3] / 2,
                           size=11 * k, bold=on, colour=TEXT if on else TEXT_DIM, anchor_x="center",
                           anchor_y="center")
            self.hits.append(Hit((rect[0], rect[1] - 6 * k, tab_w, rect[3] + 12 * k), ("log_filter", which)))
        lines = self.lines()
        body_bottom = bottom + 8 * k
        marker_bottom = body_bottom
        if self.scroll:  # the marker's own row: the lines start above it
            body_bottom += 18 * k
        body_top = top - header - 6 * k
        y = body_bottom
        end = len(lines) - self.scroll
        shown = 0
        text_w = int(width - 24 * k)
        view = self._view_key()
        # a first build too lays out a few lines a frame (about 0.8 ms each): the newest first, older ones above
        budget = self.incremental and (view == self._built_view or not self._built_view)
        chrome = self.texts.layouts  # the title's and the tabs' (a first build's): not lines
        self._built_view = view
        for index in range(end - 1, -1, -1):
            line = lines[index]
            made = self.texts.layouts - chrome
            if budget and (made >= LAYOUTS_PER_BUILD or (made > 0 and LAYOUT_CLOCK.busy())):
                self.incomplete = True  # the older lines next frame (a tick's burst of lines over a few frames)
                break
            t = self.texts.put(("line", id(line)), line.text, left + 12 * k, y, size=11 * k,
                               colour=TONE_COLOURS[line.tone], anchor_y="bottom", width=text_w, multiline=True)
            if y + t.content_height > body_top:
                t.visible = False
                break
            y += t.content_height + 3 * k
            shown += 1
        self._shown = shown
        if self.scroll:
            self.texts.put("more", f"▼ {self.scroll} newer (End)", left + width - 12 * k, marker_bottom,
                           size=10 * k, colour=ACCENT, anchor_x="right", anchor_y="bottom")
        if not lines:
            self.texts.put("empty", "Nothing yet.", left + 12 * k, body_bottom, size=11 * k, colour=TEXT_DIM,
                           anchor_y="bottom")
        self.hits.append(Hit((left, bottom, width, height - header), ("log_body", None)))
