"""Small modal prompts with defaults (SPEC §6): orientation (``s0``), target (``s1``), bump frame, first aid.

Each prompt turns intents (from keys, the arrow pad or its own buttons) into world commands. Prompts read
the arrow keys in the *map* sense (a direction), so "arrow into the foe" keeps meaning the same thing:

- **orientation**: an arrow into an enemy preselects Aggressive, away Defensive, wait Cautious (SPEC §4.2,
  ``World.contextual_orientation``); Shift preselects the alternative; Tab cycles; Enter, the same key
  again, or a tap on a choice confirms ``Step(direction, orientation)``;
- **target**: an arrow picks the adjacent foe in that direction (the same arrow again confirms), Enter or
  wait keeps the selection (the default first); a tap on a name confirms it;
- **bump frame**: the bump direction (or Enter) follows, wait stays, another arrow steps elsewhere;
- **first aid**: Enter or wait binds the wounds (``FirstAid(True)`` then a wait), Esc declines
  (``FirstAid(False)``), an arrow just moves on;
- **any other decision** a combat system asks (a bid, a designation, an interrupt, ...): the generic
  ``ChoicePrompt`` (``game.view.choice_prompt``), built from the decision's data alone.

Every choice button is at least 72 px tall.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass

from game.sim.commands import Bump, Command, FirstAid, Step, Target
from game.sim.geometry import Direction
from game.sim.player_view import (
    AGGRESSIVE,
    CAUTIOUS,
    DEFENSIVE,
    ORIENTATIONS,
    decision_view,
    player_view,
)
from game.sim.state import WorldState
from game.view.indicators import direction_of, foe_in_direction
from game.view.input_map import MOVES, Intent
from game.view.palette import Palette
from game.view.widgets import (
    ACCENT,
    PANEL,
    PANEL_HEADER,
    TEXT_DIM,
    Panel,
    elide,
    touch,
)

MOVE_DIRECTION: dict[Intent, Direction] = {
    Intent.MOVE_N: Direction.N,
    Intent.MOVE_E: Direction.E,
    Intent.MOVE_S: Direction.S,
    Intent.MOVE_W: Direction.W,
}
ALTERNATIVE = {AGGRESSIVE: CAUTIOUS, DEFENSIVE: CAUTIOUS, CAUTIOUS: AGGRESSIVE, "red": "white", "white": "red"}
ORIENTATION_TEXT = {
    AGGRESSIVE: ("Aggressive", "attack, no defence"),
    CAUTIOUS: ("Cautious", "attack or defend"),
    DEFENSIVE: ("Defensive", "defend, may flee"),
    "red": ("Red", "throw to attack"),  # house rule initiative_model: red_white
    "white": ("White", "throw to defend"),
}


def orientation_choices(state: WorldState) -> tuple[str, ...]:
    """The leader's choices this round: the orientations, or red/white under that house rule."""
    bout = player_view(state).my_bout
    return ORIENTATIONS if bout is None else bout.orientation_choices
ARROWS = {Direction.N: "↑", Direction.E: "→", Direction.S: "↓", Direction.W: "←", None: "·"}
_KEY_LABELS = {"SPACE": "Space", "PERIOD": ".", "NUM_5": "Num 5", "NUM_BEGIN": "Num 5"}


def key_label(specs: tuple[str, ...]) -> str:
    """The first one or two bound keys, readable ("Space/."): the help text names the key to press."""
    names: list[str] = []
    for spec in sorted(specs, key=lambda k: k.startswith("NUM_")):  # the numpad last
        name = _KEY_LABELS.get(spec, spec.replace("_", " ").title())
        if name not in names:
            names.append(name)
    return "/".join(names[:2]) or "wait"


@dataclass(frozen=True)
class Outcome:
    """What a prompt wants done: commands to apply in order, and whether it closes."""

    commands: tuple[Command, ...] = ()
    close: bool = True


@dataclass(frozen=True)
class Option:
    key: str
    label: str
    sub: str = ""
    colour: tuple[int, int, int, int] | None = None


class Prompt(Panel):
    """Base: a title, a line of help and a column (or row) of big choice buttons."""

    kind = "prompt"
    horizontal = False
    cancellable = False  # Esc closes it without a command (else Esc means "pause")

    def __init__(self, state: WorldState, palette: Palette) -> None:
        super().__init__()
        self.state = state
        self.palette = palette
        self.options: list[Option] = []
        self.selected = 0
        self.title = ""
        self.help = ""
        self.top_limit = 0.0
        self.rect = (0.0, 0.0, 0.0, 0.0)

    # --- behaviour --------------------------------------------------------------------------------------------
    def handle(self, intent: Intent, alternative: bool = False) -> Outcome | None:
        """An intent while the prompt is open; None when the prompt does not use it."""
        if intent is Intent.NEXT_OPTION:
            self.select((self.selected + 1) % max(1, len(self.options)))
            return Outcome(close=False)
        if intent is Intent.PREV_OPTION:
            self.select((self.selected - 1) % max(1, len(self.options)))
            return Outcome(close=False)
        if intent is Intent.CONFIRM:
            return self.choose(self.selected)
        if intent is Intent.CANCEL and self.cancellable:
            return Outcome()
        return None

    def select(self, index: int) -> None:
        if self.options:
            self.selected = max(0, min(index, len(self.options) - 1))
            self.invalidate()

    def choose(self, index: int) -> Outcome:
        raise NotImplementedError

    def navigate(self, action: str) -> Outcome | None:
        """A tap on one of the prompt's own controls (a page turn, back), by its action; None: not one."""
        return None

    def page_by(self, step: int) -> bool:
        """Turn ``step`` pages (PgUp/PgDn); False when the prompt has no pages."""
        return False

    @property
    def selected_key(self) -> str | None:
        return self.options[self.selected].key if self.options else None

    # --- drawing ----------------------------------------------------------------------------------------------
    def content_key(self) -> Hashable:
        return (self.title, self.help, tuple(self.options), self.selected, self.top_limit)

    def build(self) -> None:
        k = self.scale
        n = max(1, len(self.options))
        gap = 8 * k
        header = 40 * k
        help_h = 40 * k
        button_h = touch(k)
        if self.horizontal:
            width = max(460 * k, n * 162 * k + (n + 1) * gap)
            height = header + button_h + help_h + 3 * gap
        else:
            width = 460 * k
            height = header + n * (button_h + gap) + help_h + 2 * gap
        left, top, bottom = self.frame(width, height, header)
        self.texts.put("title", self.title, left + 14 * k, top - header / 2, size=15 * k, bold=True,
                       anchor_y="center")
        self.texts.put("help", elide(self.help, 120), left + 14 * k, bottom + 8 * k, size=10 * k, colour=TEXT_DIM,
                       anchor_y="bottom", width=int(width - 28 * k), multiline=True)
        for i, option in enumerate(self.options):
            if self.horizontal:
                bw = (width - (n + 1) * gap) / n
                rect = (left + gap + i * (bw + gap), top - header - gap - button_h, bw, button_h)
            else:
                rect = (left + gap, top - header - gap - (i + 1) * button_h - i * gap, width - 2 * gap, button_h)
            on = i == self.selected
            if option.colour is not None and on:
                bx, by, bw_, bh = rect
                self.box((bx - 4 * k, by - 4 * k, bw_ + 8 * k, bh + 8 * k), option.colour, 12)
            self.button(("opt", i), rect, option.label, ("prompt", i), primary=on, hot=on, sub=option.sub or None,
                        size=15)
            if option.colour is not None:  # each choice keeps its colour as a stripe, selected or not
                bx, by, bw_, bh = rect
                self.mesh.rounded_rect(bx + bw_ / 2, by + bh - 5 * k, bw_ - 24 * k, 5 * k, 2 * k, option.colour)

    def frame(self, width: float, height: float, header: float) -> tuple[float, float, float]:
        """The prompt's panel and header bar, `width` x `height` at the top left (clear of the top bar):
        (left, top, bottom); `rect` is set to it."""
        k = self.scale
        left = self.x_for(width, 12 * k)
        top = (self.top_limit or self.height) - 10 * k
        bottom = top - height
        self.rect = (left, bottom, width, height)
        self.box(self.rect, PANEL, 12, edge=ACCENT, shadow=True)
        self.box((left, top - header, width, header), PANEL_HEADER, 12)
        return left, top, bottom


class OrientationPrompt(Prompt):
    """The orientation for this round, preselected from the key that led here."""

    kind = "orientation"
    horizontal = True
    cancellable = True

    def __init__(self, state: WorldState, palette: Palette, direction: Direction | None, orientation: str,
                 contextual: Callable[[Direction | None], str], wait_keys: tuple[str, ...] = ("SPACE",)) -> None:
        super().__init__(state, palette)
        self.contextual = contextual
        self.wait_key = key_label(wait_keys)
        self.direction = direction
        self.choices = orientation_choices(state)
        self.title = "Orientation for this round" if self.choices == ORIENTATIONS else "Throw for initiative"
        self.options = []
        for o in self.choices:
            label, sub = ORIENTATION_TEXT[o]
            self.options.append(Option(o, label, sub, palette.orientation(o).colour))
        self.set_direction(direction, orientation)

    def set_direction(self, direction: Direction | None, orientation: str) -> None:
        self.direction = direction
        self.selected = self.choices.index(orientation) if orientation in self.choices else 0
        s = self.state
        leader = s.actors[s.leader]
        if direction is None:
            what = "wait"
        else:
            into = s.at(leader.pos.step(direction))
            what = f"step {direction.name}" + (f" into {into.name}" if into is not None else "")
        key = self.wait_key if direction is None else ARROWS[direction]
        self.help = f"{key}: {what} · Enter or the same key again: confirm · Tab or Shift+arrow: other " \
                    "choice · Esc: back"
        self.invalidate()

    @property
    def orientation(self) -> str:
        return self.choices[self.selected]

    def handle(self, intent: Intent, alternative: bool = False) -> Outcome | None:
        if intent in MOVES or intent is Intent.WAIT:
            direction = MOVE_DIRECTION.get(intent)
            if direction == self.direction and not alternative:
                return self.choose(self.selected)
            base = self.contextual(direction)
            self.set_direction(direction, ALTERNATIVE[base] if alternative else base)
            return Outcome(close=False)
        return super().handle(intent, alternative)

    def choose(self, index: int) -> Outcome:
        self.select(index)
        d = self.direction
        return Outcome((Step(None if d is None else d.name, self.orientation),))


class TargetPrompt(Prompt):
    """Choose the one foe to target at ``s1``."""

    kind = "target"

    def __init__(self, state: WorldState, palette: Palette, options: tuple[str, ...], default: str | None) -> None:
        super().__init__(state, palette)
        self.title = "Choose your target"
        self.ids = list(options)
        self.selected = self.ids.index(default) if default in self.ids else 0
        self.help = "Arrow: the foe that way · Enter/wait: confirm · Tab: next"
        self._refresh_options()

    def _refresh_options(self) -> None:
        s = self.state
        bout = player_view(s).my_bout
        out = []
        for fid in self.ids:
            a = s.actors[fid]
            d = direction_of(s, fid)
            sub = ""
            if bout is not None:
                # the rules settle initiative once every target is in: until then, what they hold now
                his = bout.targets.get(fid)
                sub = "targets you" if his == s.leader else f"targets {s.actors[his].name}" if his else "no target yet"
                rel = bout.relation(s.leader, fid)
                if rel != "none":
                    sub += " · " + {"you_hold": "you hold initiative", "he_holds": "he holds initiative",
                                    "contested": "initiative contested"}[rel]
                o = bout.orientation(fid)
                if o:
                    sub = f"{o} · {sub}"
            out.append(Option(fid, f"{ARROWS.get(d, '·')} {a.name}", sub))
        self.options = out
        self.invalidate()

    @property
    def candidate(self) -> str | None:
        return self.ids[self.selected] if self.ids else None

    def select_id(self, fid: str) -> bool:
        if fid in self.ids:
            self.select(self.ids.index(fid))
            return True
        return False

    def handle(self, intent: Intent, alternative: bool = False) -> Outcome | None:
        if intent in MOVES:
            fid = foe_in_direction(self.state, MOVE_DIRECTION[intent])
            if fid is None or fid not in self.ids:
                return Outcome(close=False)
            if fid == self.candidate:
                return self.choose(self.selected)
            self.select_id(fid)
            return Outcome(close=False)
        if intent is Intent.WAIT:
            return self.choose(self.selected)
        return super().handle(intent, alternative)

    def choose(self, index: int) -> Outcome:
        self.select(index)
        fid = self.candidate
        return Outcome((Target(fid),)) if fid is not None else Outcome(close=False)


class BumpPrompt(Prompt):
    """The bumped foe stepped away: follow, stay, or step elsewhere."""

    kind = "bump"
    horizontal = True

    def __init__(self, state: WorldState, palette: Palette, fled: str | None = None) -> None:
        super().__init__(state, palette)
        decision = decision_view(state)
        bumped = decision.bump_direction if decision is not None else None
        self.direction = bumped if bumped is not None else Direction.N
        name = state.actors[fled].name if fled in state.actors else "Your foe"
        self.title = f"{name} stepped out of reach"
        self.options = [Option("follow", f"Follow {ARROWS[self.direction]}", "Enter"), Option("stay", "Stay", "wait")]
        self.help = "Another arrow: step that way instead"

    def handle(self, intent: Intent, alternative: bool = False) -> Outcome | None:
        if intent in MOVES:
            d = MOVE_DIRECTION[intent]
            if d == self.direction:
                return Outcome((Bump("follow"),))
            return Outcome((Bump("step", d.name),))
        if intent is Intent.WAIT:
            return Outcome((Bump("stay"),))
        return super().handle(intent, alternative)

    def choose(self, index: int) -> Outcome:
        self.select(index)
        return Outcome((Bump(self.options[index].key),))


class FirstAidPrompt(Prompt):
    """Offered before the sixth quiet tick while bleeding."""

    kind = "first_aid"
    horizontal = True
    cancellable = True

    def __init__(self, state: WorldState, palette: Palette) -> None:
        super().__init__(state, palette)
        bl = state.actors[state.leader].fighter.blood_loss
        self.title = f"You are bleeding (BL {bl})"
        self.options = [Option("accept", "Bind wounds", "Enter / wait"), Option("decline", "Not now", "Esc")]
        self.help = "Binding takes this tick standing still · an arrow just moves on"

    def handle(self, intent: Intent, alternative: bool = False) -> Outcome | None:
        if intent in MOVES:
            return Outcome((Step(MOVE_DIRECTION[intent].name),))
        if intent is Intent.WAIT:
            return self.choose(0)
        if intent is Intent.CANCEL:
            return self.choose(1)
        return super().handle(intent, alternative)

    def choose(self, index: int) -> Outcome:
        self.select(index)
        if self.options[index].key == "accept":
            return Outcome((FirstAid(True), Step(None)))
        return Outcome((FirstAid(False),))
