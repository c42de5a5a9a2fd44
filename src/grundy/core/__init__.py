"""The core: rulesets, positions, the generic solver and results. Knows no particular game."""
