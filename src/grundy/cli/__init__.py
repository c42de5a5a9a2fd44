"""The command line: thin front ends over the public API (no game logic here)."""
