"""The catalog of named games: impartial classics and two-player boards."""
