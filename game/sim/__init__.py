"""The event-sourced world: commands in, events out, state = fold(events). Never imports arcade."""
