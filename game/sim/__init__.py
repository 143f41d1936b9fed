"""The event-sourced world: commands in, events out, state = fold(events). Never imports arcade."""

from rules.accel import overlay

overlay(__name__, __path__)  # a fresh compiled build of the hot modules, if there is one (rules.accel)
