"""World events -> tweens on the actor views (SPEC §6): moves, bump lunges, attack lunges, hit flashes,
floating damage levels, falls.

Events of one tick play as **beats**: all movement of the tick at once (WE-GO), bonus squares after, then
each attack in resolution order, then falls. A beat starts when the previous one finished. Movement and
attack beats are *world-lagging* animation (:attr:`Animator.busy`): :meth:`Animator.fast_forward` completes
them all, so the screen never lags the world once the player acts. Flashes and floating numbers are
cosmetic overlays on a separate tween manager and keep playing.

Sounds (``game.view.sound``) go with the beats when a ``sound`` callback is given: a tick's steps with its
movement beat, a blow's swing as the lunge starts and its impact (hit, parry, block) at the lunge's peak, a
death or a knockdown with the fall, first aid with its label; everything else an event sounds (a bout
starting, a shot loosed or landing, a refused command) at once, when the events arrive.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from arcade import easing

from game.sim import bout_events as rev
from game.sim import events as wev
from game.sim.geometry import Direction
from game.view.map_render import ActorView, MapRender
from game.view.palette import RGBA
from game.view.shake import HEAVY_WOUND
from game.view.sound import EVENT_SOUNDS, impact_sound, sounds_for
from game.view.tween import MOVE_SECONDS, TweenManager

BUMP_SECONDS = 0.2  # out and back
ATTACK_SECONDS = 0.24
FALL_SECONDS = 0.3
FLASH_SECONDS = 0.4
FLOAT_SECONDS = 1.0
GLANCE: RGBA = (200, 206, 220, 255)
MISS: RGBA = (160, 168, 186, 255)
HIT: RGBA = (255, 110, 90, 255)
HEAL: RGBA = (120, 220, 140, 255)
PAINT_BUDGET = 6  # chunks of the map repainted a frame after a step (nearest the leader first), ~0.2-0.4 ms each


@dataclass
class Beat:
    """Things that start together; the next beat starts when their tweens have finished."""

    steps: list[Callable[[], None]] = field(default_factory=list)
    label: str = ""


def wound_label(attack: rev.Attack) -> tuple[str, RGBA] | None:
    """What floats over the defender: the wound level, "glance" or "miss" (None: nothing to show)."""
    if not attack.hit:
        return "miss", MISS
    w = attack.wound
    if w is None:
        return "hit", HIT
    if w.level <= 0:
        return "glance", GLANCE
    return str(w.level), HIT


class Animator:
    """Turns world events into beats of tweens on a :class:`MapRender`'s actor views."""

    def __init__(self, render: MapRender, setting: float | str = 1.0,
                 sound: Callable[[str], object] | None = None) -> None:
        self.render = render
        self.sound = sound  # plays one named sound (game.view.sound.SoundBank.play); None: silent
        self.tweens = TweenManager()
        self.cosmetic = TweenManager()
        self.queue: deque[Beat] = deque()
        self.on_settled: Callable[[], None] | None = None
        self.on_heavy: Callable[[], None] | None = None  # a heavy wound lands (the game view shakes the screen)
        self._pending_snap = False
        self.warmed = False  # the last update made something ahead for the map (a quiet frame's one job)
        # work a tick's frame hands to the next frame (issue 11: the frame right after a tick): ``later`` holds
        # what was asked for before this frame was drawn, ``due`` what runs at the next update
        self.later: list[Callable[[], None]] = []
        self.due: list[Callable[[], None]] = []
        self.configure(setting)

    def configure(self, setting: float | str) -> None:
        """The animation speed setting: 0.5, 1, 2, 4 or "instant"."""
        self.tweens.configure(setting)
        self.cosmetic.configure(setting)
        if self.tweens.instant:
            self.fast_forward()

    # --- state ----------------------------------------------------------------------------------------------
    @property
    def busy(self) -> bool:
        """World-lagging animation is pending (moves, lunges, falls, or the field of view's repaint)."""
        return bool(self.queue) or self.tweens.busy or bool(self.later) or bool(self.due)

    @property
    def settled(self) -> bool:
        """Nothing at all is animating, cosmetic overlays included."""
        return not self.busy and not self.cosmetic.busy

    # --- events -> beats ------------------------------------------------------------------------------------
    def push(self, events: Iterable[wev.WorldEvent]) -> None:
        moves = Beat(label="moves")
        bonus = Beat(label="bonus")
        attacks: list[Beat] = []
        falls = Beat(label="falls")
        late = Beat(label="late")
        r = self.render
        moved = False
        for e in events:
            if isinstance(e, wev.Moved):
                moved = True
                (bonus if e.bonus else moves).steps.append(self._move_step(e))
                self._sound_with(bonus if e.bonus else moves, e)
            elif isinstance(e, wev.Forfeited):
                moves.steps.append(self._face_step(e.actor, e.facing))
                self._sound_with(moves, e)
            elif isinstance(e, wev.Bumped):
                moves.steps.append(self._bump_step(e))
                self._sound_with(moves, e)
            elif isinstance(e, wev.RulesEvent) and isinstance(e.event, rev.Attack):
                impact = impact_sound(e.to_dict()) if self._audible(e.event.attacker, e.event.defender) else None
                attacks.append(Beat([self._attack_step(e.event, impact)], "attack"))
            elif isinstance(e, wev.Died | wev.KnockedOut):
                falls.steps.append(self._fall_step(e.actor, isinstance(e, wev.Died)))
                self._sound_with(falls, e)
            elif isinstance(e, wev.FirstAidGiven):
                label = "bleeding stops" if e.stopped else "first aid fails"
                late.steps.append(self._float_step(e.actor, label, HEAL if e.stopped else MISS))
                self._sound_with(late, e)
            elif isinstance(e, wev.Healed):
                late.steps.append(self._float_step(e.actor, "heals", HEAL))
            elif self.sound is not None and (e.type in EVENT_SOUNDS or isinstance(e, wev.RulesEvent)):
                for name in sounds_for(e.to_dict()):
                    self.sound(name)
        # someone moved: the light is recomputed in the next frame; else at once (little changes, and a caller
        # showing no events asks for the view as it is now)
        moves.steps.append(self._next_frame(self._light) if moved else r.update_fov)
        for beat in (moves, bonus, *attacks, falls, late):
            if beat.steps:
                self.queue.append(beat)
        self._pending_snap = True
        self._start_ready()

    def _view(self, actor: str) -> ActorView | None:
        return self.render.actors.get(actor)

    def _audible(self, *actors: str) -> bool:
        """Sounds are heard from what the leader sees (and from the party): not from behind walls."""
        if self.sound is None:
            return False
        return any(v is not None and v.seen for v in (self._view(a) for a in actors))

    def _sound_with(self, beat: Beat, event: wev.WorldEvent) -> None:
        """Play ``event``'s sounds when ``beat`` starts (one of each kind per beat)."""
        actor = getattr(event, "actor", "")
        if self.sound is None or not self._audible(actor):
            return
        play = self.sound
        for name in sounds_for(event.to_dict()):
            if all(getattr(step, "sound_name", None) != name for step in beat.steps):
                step = _SoundStep(play, name)
                beat.steps.append(step)

    def _move_step(self, e: wev.Moved) -> Callable[[], None]:
        def start() -> None:
            view = self._view(e.actor)
            if view is None:
                return
            self.render.set_facing(view, e.facing)

            def setter(x: float, y: float, v: ActorView = view) -> None:
                v.gx, v.gy = x, y

            self.tweens.tween_position(
                (float(e.frm[0]), float(e.frm[1])), (float(e.to[0]), float(e.to[1])), MOVE_SECONDS, setter,
                ease=easing.ease_out, key=("move", e.actor),
            )

        return start

    def _face_step(self, actor: str, facing: str) -> Callable[[], None]:
        def start() -> None:
            view = self._view(actor)
            if view is not None:
                self.render.set_facing(view, facing)

        return start

    def _lunge(self, view: ActorView, direction: tuple[float, float], amount: float, seconds: float,
               at_peak: Callable[[], None] | None = None) -> None:
        dx, dy = direction

        def out(v: float) -> None:
            view.ox, view.oy = dx * amount * v, dy * amount * v

        def back() -> None:
            if at_peak is not None:
                at_peak()
            self.tweens.tween_value(1.0, 0.0, seconds * 0.55, out, ease=easing.ease_in_out, key=("lunge", view.id))

        self.tweens.tween_value(0.0, 1.0, seconds * 0.45, out, ease=easing.ease_out, on_done=back,
                                key=("lunge", view.id))

    def _bump_step(self, e: wev.Bumped) -> Callable[[], None]:
        def start() -> None:
            view = self._view(e.actor)
            if view is None:
                return
            self.render.set_facing(view, e.facing)
            d = Direction[e.facing]
            self._lunge(view, (d.dx, d.dy), 0.5, BUMP_SECONDS)

        return start

    def _attack_step(self, attack: rev.Attack, impact: str | None = None) -> Callable[[], None]:
        def start() -> None:
            view = self._view(attack.attacker)
            target = self._view(attack.defender)
            if view is None or target is None:
                return
            dx, dy = target.gx - view.gx, target.gy - view.gy
            norm = max(1e-6, (dx * dx + dy * dy) ** 0.5)
            if dx:
                view.facing_east = dx > 0
            swing = EVENT_SOUNDS["attack"]
            if self.sound is not None and swing and self._audible(attack.attacker, attack.defender):
                self.sound(swing)
            self._lunge(view, (dx / norm, dy / norm), 0.3, ATTACK_SECONDS,
                        at_peak=lambda: self._impact(attack, impact))

        return start

    def _impact(self, attack: rev.Attack, sound: str | None = None) -> None:
        if sound is not None and self.sound is not None:
            self.sound(sound)
        target = self._view(attack.defender)
        if target is None:
            return
        shown = wound_label(attack)
        if shown is None:
            return
        label, colour = shown
        if attack.hit and (attack.wound is None or attack.wound.level > 0):
            self.flash(target, (255, 70, 60))
            if attack.wound is not None and attack.wound.level >= HEAVY_WOUND and self.on_heavy is not None:
                self.on_heavy()
        elif attack.hit:
            self.flash(target, (170, 180, 255))
        self.float_label(attack.defender, label, colour)

    def flash(self, view: ActorView, colour: tuple[int, int, int]) -> None:
        view.flash_colour = colour

        def setter(v: float) -> None:
            view.flash = v

        self.cosmetic.tween_value(1.0, 0.0, FLASH_SECONDS, setter, ease=easing.ease_in, key=("flash", view.id))

    def float_label(self, actor: str, label: str, colour: RGBA) -> None:
        floater = self.render.add_floater(actor, label, colour)
        if floater is None:
            return

        def rise(v: float) -> None:
            floater.rise = 0.9 * v
            floater.alpha = 1.0 if v < 0.6 else max(0.0, 1.0 - (v - 0.6) / 0.4)

        self.cosmetic.tween_value(0.0, 1.0, FLOAT_SECONDS, rise, ease=easing.ease_out,
                                  on_done=lambda: self.render.remove_floater(floater))

    def _float_step(self, actor: str, label: str, colour: RGBA) -> Callable[[], None]:
        return lambda: self.float_label(actor, label, colour)

    def _fall_step(self, actor: str, dead: bool) -> Callable[[], None]:
        def start() -> None:
            view = self._view(actor)
            if view is None:
                return

            def setter(v: float) -> None:
                view.fallen = v
                view.fade = 1.0 - 0.25 * v

            self.render.set_dead(view)
            self.tweens.tween_value(view.fallen, 1.0, FALL_SECONDS, setter, ease=easing.ease_in, key=("fall", actor))

        return start

    def _light(self) -> None:
        """The field of view after a move: recomputed now, its chunks repainted a few a frame (the rest by
        :meth:`update`), all at once at the "instant" setting."""
        self.render.update_fov(None if self.tweens.instant else PAINT_BUDGET)

    def _next_frame(self, job: Callable[[], None]) -> Callable[[], None]:
        """A beat step that runs ``job`` at the first update after the frame it starts in was drawn (the field of
        view's recompute and repaint, 2-50 ms on a software renderer, leaves the frame that ran the tick; the
        move's tween starts in that frame all the same, so the key's feedback shows at once). At the "instant"
        setting it runs at once: there the screen never lags the world, not even by a frame."""
        def step() -> None:
            if self.tweens.instant:
                job()
            else:
                self.later.append(job)
        return step

    def frame_drawn(self) -> None:
        """The view drew a frame: work handed to the next frame is due at the next update."""
        if self.later:
            self.due += self.later
            self.later.clear()

    def _run_due(self, everything: bool = False) -> None:
        jobs = self.due + self.later if everything else self.due
        self.due, self.later = [], [] if everything else self.later
        for job in jobs:
            job()

    # --- running --------------------------------------------------------------------------------------------
    def _start_ready(self) -> None:
        while self.queue and not self.tweens.busy:
            beat = self.queue.popleft()
            for step in beat.steps:
                step()
        if self._pending_snap and not self.queue and not self.tweens.busy:
            self._pending_snap = False
            self.render.snap()
            if self.on_settled is not None:
                self.on_settled()

    def update(self, dt: float, *, idle: bool = True) -> None:
        """One frame: the work handed over from the last frame, the map's pending repaints (a few), the tweens;
        in a frame with none of these (and ``idle``: the caller has no other quiet-frame work), one thing made
        ahead for a later repaint (``MapRender.warm_step``; :attr:`warmed` says whether it made one)."""
        had_due = bool(self.due)
        self._run_due()
        painted = self.render.paint_pending(PAINT_BUDGET) if not had_due else 0
        self.tweens.update(dt)
        self._start_ready()
        self.cosmetic.update(dt)
        self.warmed = idle and not had_due and not painted and not self.busy and self.render.warm_step()

    def fast_forward(self) -> None:
        """Finish every world-lagging animation now (cosmetic overlays keep playing)."""
        for _ in range(100_000):
            self.tweens.fast_forward()
            if not self.queue:
                break
            self._start_ready()
        self._start_ready()
        self._run_due(everything=True)
        self.render.paint_pending()


@dataclass(frozen=True)
class _SoundStep:
    """A beat step that plays one sound (named, so a beat plays each sound once)."""

    play: Callable[[str], object]
    sound_name: str

    def __call__(self) -> None:
        self.play(self.sound_name)
