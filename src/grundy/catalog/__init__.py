"""The catalog: one module per game family (rules, closed forms, move descriptions)."""
