"""`combat_basics`: source document 003 ("Combat basics") as a combat system: two-second turns in
initiative order, delaying, readied actions with triggers, combat clusters, ranged penalties with the
cluster re-roll, stumble and daze. Rulings and wiring: docs/systems/combat_basics.md."""
