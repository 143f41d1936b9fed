"""Gold & Glory (source document 002) as a combat system, `gold_and_glory`: declared action and movement
points, initiative with waiting and interrupts, the right to react, resistance rolls, facing, reach,
pain and wounds on a grid of squares. See docs/systems/gold_and_glory.md."""
